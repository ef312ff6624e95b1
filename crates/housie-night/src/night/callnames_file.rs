//! A caller's own list of call names read from a file (`housie serve --call-names FILE`); the
//! list's rules are the core's [`CallNames::parse`].

use std::path::Path;

use housie_night_core::night::callnames::{CallNames, MAX_FILE};

/// A list from a file: refused with every mistake, each with its line.
pub fn load(path: &Path) -> Result<CallNames, String> {
    let file = path.display().to_string();
    let text = housie_files::read::read_text(path, MAX_FILE).map_err(|e| format!("{file}: {e}"))?;
    let name = path.file_stem().map_or_else(|| "custom".to_string(), |s| s.to_string_lossy().into_owned());
    CallNames::parse(&text, &name, &file)
}

//! The names and reasons the ledger keeps: a seller's, a buyer's, a void's reason.

use super::error::LedgerError;

/// The most characters of a seller's or buyer's name.
pub const PERSON_NAME_MAX: usize = 60;

pub(super) fn name(what: &'static str, text: &str) -> Result<(), LedgerError> {
    plain(text).map_err(|why| LedgerError::Name(what, why))
}

/// Why `text` cannot be a name or a reason in the ledger: empty, too long, or holding what
/// cannot be shown.
pub(super) fn plain(text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("empty".into());
    }
    if text.chars().count() > PERSON_NAME_MAX {
        return Err(format!("longer than {PERSON_NAME_MAX} characters"));
    }
    if let Some(why) = text.chars().find_map(housie_core::domain::text::forbidden) {
        return Err(format!("has {why}"));
    }
    Ok(())
}

/// As [`plain`], and nothing invisible: for what is typed now (see
/// [`housie_core::domain::text::forbidden_in_name`]).
pub(super) fn visible(text: &str) -> Result<(), String> {
    plain(text)?;
    match text.chars().find_map(housie_core::domain::text::forbidden_in_name) {
        Some(why) => Err(format!("has {why}")),
        None => Ok(()),
    }
}

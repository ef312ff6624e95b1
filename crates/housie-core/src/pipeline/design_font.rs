//! The event's own font, uploaded to it (the studio, the page) and kept beside its runs: checked
//! as `--font` checks a file, and kept under the font's own PostScript name, so the run records
//! a name that says which font it is and `verify` finds the file again beside the run.

use crate::print::font::{Font, FontError};

/// The name an uploaded font is kept under in the event's folder: its PostScript name (else
/// `font`) and `.ttf`, `.otf` or `.ttc` by what its bytes are, whatever it was called, once it
/// is checked as `--font` checks a file.
/// Its error belongs beside the design's `font` field.
pub fn font_name(bytes: &[u8]) -> Result<String, FontError> {
    Ok(Font::checked(bytes, "the uploaded font", "font")?.file_name())
}

/// Whether `name` is one [`font_name`] could have given: a plain file name (no folder, no
/// dots but the extension's) of a font, so a design cannot name a file elsewhere.
pub fn is_font_file(name: &str) -> bool {
    let Some((stem, extension)) = name.rsplit_once('.') else { return false };
    matches!(extension, "ttf" | "otf" | "ttc")
        && (1..=63).contains(&stem.len())
        && !stem.starts_with('-')
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_uploaded_font_is_kept_under_its_own_name_and_nothing_else_is_a_font() {
        let bundled = include_bytes!("../../fonts/LiberationSans-Bold.ttf");
        assert_eq!(font_name(bundled).unwrap(), "LiberationSans-Bold.ttf");
        let problem = font_name(b"GIF89a not a font").unwrap_err().to_string();
        assert_eq!(problem, "the uploaded font: not a TrueType/OpenType font housie can read");
        let cut = font_name(&bundled[..bundled.len() / 2]).unwrap_err().to_string();
        assert!(cut.contains("past the end of the"), "{cut}");
        for name in ["LiberationSans-Bold.ttf", "a.otf", "NotoSansCJK-Bold.ttc"] {
            assert!(is_font_file(name), "{name}");
        }
        for name in ["../x.ttf", "x/y.ttf", "font.exe", ".ttf", "-x.ttf", "a.b.ttf", "run.json", "font"] {
            assert!(!is_font_file(name), "{name}");
        }
    }
}

//! A run's settings: every option that shapes its files besides the seed. One type with one
//! `Default`: the CLI's defaults come from it, run.json embeds it, and `verify` rebuilds the
//! run from it. Adding an option is a field here and its use.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Books in the run (one book = six tickets = one page).
    pub books: u64,
    /// The first book's number.
    pub first_book: u64,
    /// Let two tickets share a line (by default no line repeats in a run).
    pub allow_duplicate_lines: bool,
    /// Pages per PDF file when the run is split into volumes (`books-0001.pdf`, …); `None`
    /// (the default) writes one `books.pdf` however large the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub books_per_file: Option<u64>,
    /// The event's name, for the page header.
    pub title: String,
    /// A shipped template's name, or a TOML file's path.
    pub template: String,
    /// A TrueType font file (absolute once resolved); `None` for the bundled font.
    pub font: Option<PathBuf>,
    /// Bleed around the trim, mm.
    pub bleed_mm: f32,
    /// Crop marks outside the bleed.
    pub crop_marks: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            books: 1,
            first_book: 1,
            allow_duplicate_lines: false,
            books_per_file: None,
            title: "Bingo".to_string(),
            template: "classic".to_string(),
            font: None,
            bleed_mm: 0.0,
            crop_marks: false,
        }
    }
}

/// A setting out of range, worded in the settings' own names (`books_per_file must be at
/// least 1`); the CLI names the flag instead.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field} {problem}")]
pub struct SettingsError {
    /// The field of [`Settings`].
    pub field: &'static str,
    pub problem: String,
}

/// Most bleed a page takes, mm.
pub const MAX_BLEED_MM: f32 = 20.0;

impl Settings {
    /// Pages in each PDF file but the last.
    pub fn per_file(&self) -> u64 {
        self.books_per_file.unwrap_or(self.books).max(1)
    }

    /// Checks every field on its own (the run's size against what can be drawn is the
    /// drawer's to check).
    pub fn check(&self) -> Result<(), SettingsError> {
        let bad = |field, problem: &str| Err(SettingsError { field, problem: problem.to_string() });
        if self.books == 0 {
            return bad("books", "must be at least 1");
        }
        if self.first_book == 0 {
            return bad("first_book", "must be at least 1");
        }
        if self.first_book.checked_add(self.books - 1).is_none() {
            return bad("books", &format!("would number books past {}", u64::MAX));
        }
        if self.books_per_file == Some(0) {
            return bad("books_per_file", "must be at least 1");
        }
        if !(0.0..=MAX_BLEED_MM).contains(&self.bleed_mm) {
            return bad("bleed_mm", &format!("is {} mm; it must be between 0 and {MAX_BLEED_MM}", self.bleed_mm));
        }
        Ok(())
    }
}

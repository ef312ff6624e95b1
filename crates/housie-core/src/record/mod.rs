//! The run's record and its verification. `run.json` holds everything needed to prove the run
//! is what it claims: the seed, the settings, the template's text, the font's hash, the re-drawn
//! books, and the SHA-256 of every file. Whoever holds it can regenerate every ticket, so the
//! organiser keeps it to themselves.

pub mod chain;
pub mod continuation;
pub mod file_role;
pub mod line_limit;
pub mod manifest;
mod read;
pub mod settings;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::generate::{GeneratorVersion, Redraw, Seed, SeedKind};
use settings::Settings;

/// Name of the run record inside the output folder.
pub const RUN_RECORD: &str = "run.json";

/// Name of the manifest inside the output folder.
pub const MANIFEST: &str = "manifest.csv";

/// Name of the night's database inside the run folder (the night writes it; a run that has one
/// has had tickets sold or played, so it is never replaced).
pub const NIGHT_DB: &str = "night.sqlite";

/// The night's log as text, one event a line (see `housie_night::night::log_file`): what a
/// night played in a browser tab is kept and downloaded as, and what `housie night --log` writes.
pub const NIGHT_LOG: &str = "night.jsonl";

/// The night's database, its write-ahead log, a night kept under a dated name
/// (`night-20261125T190000Z.sqlite`), or its log as text: what a folder holds once a night was
/// played on its run.
pub fn is_night_file(name: &str) -> bool {
    name.starts_with("night") && (name.ends_with(".sqlite") || name.ends_with(".sqlite-wal") || name == NIGHT_LOG)
}

/// `books.pdf`, a volume `books-NNNN.pdf` with four or more digits (volume 10,000 has five), or
/// a game's file `game-NN.pdf`.
pub fn is_volume_name(name: &str) -> bool {
    let digits = name.strip_prefix("books-").and_then(|n| n.strip_suffix(".pdf"));
    let game = name.strip_prefix("game-").and_then(|n| n.strip_suffix(".pdf"));
    name == "books.pdf"
        || digits.is_some_and(|d| d.len() >= 4 && d.bytes().all(|b| b.is_ascii_digit()))
        || game.is_some_and(|d| d.len() == 2 && d.bytes().all(|b| b.is_ascii_digit()))
}

/// What run.json says: everything needed to regenerate and verify the run.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunRecord {
    /// The housie version that wrote it; another version may draw or draw differently.
    pub housie: String,
    /// The seed, as given (or drawn).
    pub seed: String,
    /// The generator the books come from: 2 (ChaCha20, housie 0.3 on); absent for 1 (PCG-64,
    /// housie 0.2), so that a record of housie 0.2 regenerates byte for byte.
    #[serde(default, skip_serializing_if = "GeneratorVersion::is_v1")]
    pub generator: GeneratorVersion,
    /// `random` (256 bits from the operating system) or `text` (given with `--seed`: anyone who
    /// guesses it can recompute the run); absent in records of housie 0.2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_kind: Option<SeedKind>,
    /// The run's date (RFC 3339, UTC): the PDFs' CreationDate and ModDate.
    pub created: String,
    /// What a card is (`90-ball`): the grid, the numbers each column takes, the books. Not
    /// written for 90-ball, so a record without it (every run before 0.13) reads as 90-ball.
    #[serde(
        default = "crate::domain::format::by_name::ninety",
        skip_serializing_if = "crate::domain::format::by_name::is_ninety",
        with = "crate::domain::format::by_name"
    )]
    pub card_format: &'static crate::domain::CardFormat,
    /// The run's settings, as resolved (a custom font's path made absolute).
    pub settings: Settings,
    /// The template used, with its full text.
    pub template: TemplateRecord,
    /// The font used.
    pub font: FontRecord,
    /// How many tickets the run holds.
    pub tickets: u64,
    /// Books that are not draw 0 of their stream, to regenerate any single book alone.
    pub redraws: Vec<Redraw>,
    /// Every output file with its size and SHA-256.
    pub files: Vec<FileRecord>,
    /// For a continuation (`generate --after`): the run it continues.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<AfterRecord>,
}

/// The earlier run a continuation follows: where it is, its run.json's SHA-256 when the
/// continuation was drawn, and how many books came before (over the whole chain).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AfterRecord {
    /// The earlier run's folder, relative to the continuation's (absolute in runs before 0.3.0).
    pub dir: PathBuf,
    /// Where the earlier run's folder was when the continuation was drawn: tried when `dir`
    /// no longer leads there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absolute: Option<PathBuf>,
    /// SHA-256 of its run.json when the continuation was drawn.
    pub run_sha256: String,
    /// How many books came before, over the whole chain.
    pub books: u64,
}

/// The template a run used.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TemplateRecord {
    /// Its name.
    pub name: String,
    /// SHA-256 of its TOML text.
    pub sha256: String,
    /// Its TOML text, whole.
    pub toml: String,
}

/// The font a run used.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FontRecord {
    /// Its name.
    pub name: String,
    /// SHA-256 of its file.
    pub sha256: String,
}

/// One output file.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FileRecord {
    /// Its name in the run folder.
    pub name: String,
    /// Its size.
    pub bytes: u64,
    /// Its SHA-256.
    pub sha256: String,
}

impl RunRecord {
    /// The run's seed, for the generator its books come from.
    pub fn seed(&self) -> Seed {
        Seed::with_generator(&self.seed, self.generator)
    }

    /// How the run's books went into files and pages, with the recorded template's layout.
    pub fn pages(&self) -> crate::print::pages::VolumePlan {
        let layout = crate::print::template::Template::parse(&self.template.toml, "run.json's template")
            .map(|t| *t.layout())
            .unwrap_or_default();
        self.settings.pages(&layout)
    }

    /// The run's code (`4821-0937`), as [`run_code`] reads it from run.json's text.
    pub fn code(&self) -> String {
        run_code(&self.to_json())
    }

    /// The record as written: pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a run record serialises");
        s.push('\n');
        s
    }

    /// The run's book numbers.
    pub fn books(&self) -> std::ops::RangeInclusive<u64> {
        self.settings.first_book..=self.settings.first_book + self.settings.books.saturating_sub(1)
    }

    /// The draw that produced each re-drawn book (every other book is draw 0), to look up
    /// book by book: the list can hold tens of thousands.
    pub fn attempts(&self) -> Attempts {
        Attempts::of_redraws(&self.redraws)
    }
}

/// Re-drawn books by number; see [`RunRecord::attempts`].
#[derive(Clone, Debug, Default)]
pub struct Attempts(std::collections::HashMap<u64, u32>);

impl Attempts {
    /// The re-drawn books of `redraws` (of one run, or of every run of a chain).
    pub fn of_redraws<'a>(redraws: impl IntoIterator<Item = &'a Redraw>) -> Attempts {
        Attempts(redraws.into_iter().map(|r| (r.book, r.attempt)).collect())
    }

    /// The attempt that produced book `book` (0 unless it was re-drawn).
    pub fn of(&self, book: u64) -> u32 {
        self.0.get(&book).copied().unwrap_or(0)
    }
}

/// The largest run.json read: a run of 10,000,000 books with every book re-drawn would list
/// them all in about 400 MB.
pub const MAX_RECORD: u64 = 512 << 20;

/// Records of these housie versions are read, checked and regenerated byte for byte by this one
/// (with the generator they name), besides its own.
pub const READABLE: &[&str] = &[
    "0.2.0", "0.3.0", "0.4.0", "0.5.0", "0.6.0", "0.7.0", "0.8.0", "0.9.0", "0.10.0", "0.11.0", "0.12.0", "0.13.0",
    "0.14.0", "0.15.0",
];

/// SHA-256 of run.json's content (its JSON, whatever the spacing or key order): what a night is
/// bound to, and what a run's code is read from.
pub fn content_sha256(text: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        // serde_json's maps keep keys sorted, so this is one form for every spacing and order.
        Ok(value) => {
            crate::support::digest::sha256_hex(serde_json::to_string(&value).expect("a JSON value serialises"))
        }
        Err(_) => crate::support::digest::sha256_hex(text),
    }
}

/// A run's short code (`4821-0937`): eight digits from its content's SHA-256, in two groups
/// (digits, so it reads aloud and looks the same in every language's page). Shown on its
/// downloads, the studio's page and the desk, so a print file at the shop can be matched with
/// the run the desk plays.
pub fn run_code(text: &str) -> String {
    code_of(&content_sha256(text))
}

/// The code of a run whose [`content_sha256`] is `sha256`.
pub fn code_of(sha256: &str) -> String {
    let n = sha256.get(0..8).and_then(|h| u32::from_str_radix(h, 16).ok()).unwrap_or(0) % 100_000_000;
    format!("{:04}-{:04}", n / 10_000, n % 10_000)
}

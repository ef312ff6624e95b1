//! The library's errors, typed and worded in the domain's terms (`books_per_file must be at
//! least 1`), each one located line. The CLI names its flags where a setting came from one.

use std::io;
use std::path::PathBuf;

use crate::generate::RunError;
use crate::record::settings::SettingsError;

/// Why housie could not do what was asked; each reads as one line for the person who asked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The run cannot be drawn as asked.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A request that cannot be drawn as asked.
    #[error(transparent)]
    Request(#[from] crate::pipeline::request_error::RequestError),
    /// A setting is out of range.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// A file or folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// The output folder holds files and replacing them was not asked for.
    #[error("{} is not empty", .0.display())]
    NotEmpty(PathBuf),
    /// The output path is a file, not a folder.
    #[error("{} is not a folder", .0.display())]
    NotADir(PathBuf),
    /// The folder holds a night played on its run: replacing the run would orphan every ticket
    /// sold and played, so it is refused whatever is asked.
    #[error(
        "{}: holds a night ({}), so its run is never replaced: the tickets sold and played that night come \
         from it. Write the new run to another folder",
        .dir.display(), .night
    )]
    HoldsNight {
        /// The run folder.
        dir: PathBuf,
        /// The night's file found there.
        night: String,
    },
    /// The output folder holds a run that the new one continues.
    #[error(
        "{}: this folder holds a run the new one continues; write the continuation to a folder of its own",
        .0.display()
    )]
    HoldsEarlierRun(PathBuf),
    /// Another housie run is writing into the folder.
    #[error(
        "{} is in use by another housie (a run being generated into it, or its night or an export reading it); \
         wait for it to finish",
        .0.display()
    )]
    Busy(PathBuf),
    #[error(
        "{}: incomplete: the run's files are here but not its run.json, so it was not fully published \
         (interrupted?) or its record is kept elsewhere; generate the same run into it again, replacing \
         housie's files, to repair it",
        .0.display()
    )]
    /// The folder holds a run's files but not its run.json: its publication was cut short.
    Incomplete(PathBuf),
    /// The folder of a run the chain continues is not where the continuation recorded it.
    #[error(
        "{}: the run this one continues (the {books} books before it) is not there: put that run's folder \
         back where it was beside this one, with its run.json, manifest.csv and print files as they were",
        .dir.display()
    )]
    EarlierRunMissing {
        /// Where it was looked for.
        dir: PathBuf,
        /// How many books come before the continuation.
        books: u64,
    },
    /// The run a continuation follows no longer matches its run.json.
    #[error("{}: does not match its run.json; verify that run before continuing it", .0.display())]
    EarlierRunEdited(PathBuf),
    /// The run a continuation follows draws other tickets than its manifest holds: its record's
    /// seed or re-draws were edited.
    #[error(
        "{}: its run.json's seed draws other tickets than its manifest.csv holds (was run.json edited?); \
         verify that run before continuing it",
        .0.display()
    )]
    EarlierRunRedrawn(PathBuf),
    #[error(
        "{}: the run this one continues has changed since (its run.json's SHA-256 was {recorded}, now {found}){}",
        dir.display(),
        kept.as_ref().map(|k| format!(
            "; `generate --force` replaced it and kept the record this run continues as {k}: move that back to \
             run.json and write its files again with the command that made them"
        )).unwrap_or_default()
    )]
    /// The run a continuation follows changed since the continuation was drawn.
    EarlierRunChanged {
        /// The folder of the run.
        dir: PathBuf,
        /// The SHA-256 recorded.
        recorded: String,
        /// Its SHA-256 now.
        found: String,
        /// The record `generate --force` kept beside the new one, when it is the one recorded.
        kept: Option<String>,
    },
    /// Runs that name each other as earlier runs.
    #[error(
        "the runs in {} name each other as earlier runs: a continuation cannot continue itself",
        .0.join(" and ")
    )]
    ChainCycle(
        /// Their folders.
        Vec<String>,
    ),
    /// A chain of runs longer than housie follows.
    #[error("{}: a chain of more than {most} runs", dir.display())]
    ChainTooLong {
        /// The folder of the run whose chain it is.
        dir: PathBuf,
        /// The most runs a chain may hold.
        most: usize,
    },
    /// `--force` into a run that another run continues.
    #[error(
        "{}: the run in {} continues this one (generate --after), so it is never replaced, even with --force; \
         write the new run to another folder",
        dir.display(),
        by.display()
    )]
    ContinuedBy {
        /// The folder asked for.
        dir: PathBuf,
        /// The folder of the run that continues it.
        by: PathBuf,
    },
    /// A record housie wrote (a run.json, an event's studio.json) that cannot be read: not
    /// UTF-8, not the expected JSON.
    #[error("{}:{line}: {message}", path.display())]
    Record {
        /// The file or folder.
        path: PathBuf,
        /// The line, 1-based.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A run.json written by a housie whose runs this one cannot regenerate.
    #[error("{}: written by housie {theirs}, this is housie {ours}; verify it with that version", path.display())]
    RecordVersion {
        /// The file or folder.
        path: PathBuf,
        /// The version that wrote it.
        theirs: String,
        /// This version.
        ours: String,
    },
    /// A manifest row that is not valid (located), met while settling a claim.
    #[error("{0}; verify the run")]
    Manifest(String),
    /// A date that cannot be used.
    #[error(transparent)]
    Date(#[from] crate::support::date::DateError),
    /// Stopped on request (the studio's Cancel) before the run was complete: nothing was
    /// written under a final name.
    #[error("stopped before the end; nothing was written")]
    Stopped,
    /// A page the run's file does not have (a preview asked for past the end).
    #[error("page {0} has no books")]
    NoSuchPage(u64),
    /// The command line's own refusals (a mistyped serial, bad calls): never made by the library.
    #[error("{0}")]
    Usage(String),
    /// The look cannot be printed as asked.
    #[error(transparent)]
    Style(#[from] crate::export::pdf::StyleError),
    /// A template was refused.
    #[error(transparent)]
    Template(#[from] crate::print::template::TemplateError),
    /// A font was refused.
    #[error(transparent)]
    Font(#[from] crate::print::font::FontError),
    /// A page could not be drawn as a picture.
    #[error(transparent)]
    Png(#[from] crate::picture::png::PngError),
    /// A logo was refused.
    #[error(transparent)]
    Logo(#[from] crate::print::logo::LogoError),
    /// A booklet (or book) asked for is not in the run.
    #[error("booklet {unit} is not in the run")]
    NotInRun {
        /// The booklet (or book, in a run of plain books).
        unit: u64,
    },
    /// A prize set was refused.
    #[error(transparent)]
    Prizes(#[from] crate::rules::PrizeSetError),
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::settings::SettingsError;

    /// Every message the library can give, in its own (domain) words: no CLI flag anywhere.
    #[test]
    fn every_message_reads_in_domain_words() {
        let p = || PathBuf::from("spring");
        let cases: Vec<(Error, &str)> = vec![
            (RunError::NoBooks.into(), "books must be at least 1"),
            (RunError::FirstBookZero.into(), "first_book must be at least 1"),
            (RunError::TooManyBooks.into(), "book numbers would run past 18446744073709551615"),
            (
                RunError::LinesExhausted { book: 7 }.into(),
                "book 7: 1000 draws all repeated a line of an earlier book; a run this large cannot keep every line \
                 unique (keep them unique within blocks of 10,000 books, or allow duplicate lines)",
            ),
            (
                RunError::LinesInfeasible { books: 130_000 }.into(),
                "130000 books cannot all have unique lines: lines run out near 128,000 books, so a run keeps them \
                 unique for at most 120000 books (of one game, in a run of booklets); keep them unique within blocks of \
                 10,000 books (a plain run), or allow duplicate lines",
            ),
            (
                RunError::TooLarge { books: 20_000_000 }.into(),
                "20000000 books would need about 4.1 GB of memory to keep every ticket unique; a run has at most \
                 10000000 books",
            ),
            (
                SettingsError {
                    field: crate::record::settings::Setting::BooksPerFile,
                    problem: "must be at least 1".into(),
                    said: crate::support::said::Said::new("settings-books-per-file", []),
                }
                .into(),
                "books_per_file must be at least 1",
            ),
            (Error::Io { path: p(), source: io::Error::other("disk full") }, "spring: disk full"),
            (Error::NotEmpty(p()), "spring is not empty"),
            (Error::NotADir(p()), "spring is not a folder"),
            (
                Error::Busy(p()),
                "spring is in use by another housie (a run being generated into it, or its night or an export \
                 reading it); wait for it to finish",
            ),
            (
                Error::HoldsNight { dir: p(), night: "night.sqlite".into() },
                "spring: holds a night (night.sqlite), so its run is never replaced: the tickets sold and played \
                 that night come from it. Write the new run to another folder",
            ),
            (
                Error::Incomplete(p()),
                "spring: incomplete: the run's files are here but not its run.json, so it was not fully published \
                 (interrupted?) or its record is kept elsewhere; generate the same run into it again, replacing \
                 housie's files, to repair it",
            ),
            (Error::EarlierRunEdited(p()), "spring: does not match its run.json; verify that run before continuing it"),
            (
                Error::EarlierRunMissing { dir: p(), books: 500 },
                "spring: the run this one continues (the 500 books before it) is not there: put that run's folder \
                 back where it was beside this one, with its run.json, manifest.csv and print files as they were",
            ),
            (
                Error::EarlierRunRedrawn(p()),
                "spring: its run.json's seed draws other tickets than its manifest.csv holds (was run.json edited?); \
                 verify that run before continuing it",
            ),
            (
                Error::EarlierRunChanged { dir: p(), recorded: "aa".into(), found: "bb".into(), kept: None },
                "spring: the run this one continues has changed since (its run.json's SHA-256 was aa, now bb)",
            ),
            (
                Error::Record { path: "run.json".into(), line: 4, message: "missing field `seed`".into() },
                "run.json:4: missing field `seed`",
            ),
            (
                Error::RecordVersion { path: "run.json".into(), theirs: "0.0.1".into(), ours: "0.2.0".into() },
                "run.json: written by housie 0.0.1, this is housie 0.2.0; verify it with that version",
            ),
            (Error::Manifest("manifest.csv: 1: header".into()), "manifest.csv: 1: header; verify the run"),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
            assert!(!error.to_string().contains("--"), "a flag in {error}");
        }
    }
}

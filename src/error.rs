//! The library's errors, typed and worded in the domain's terms (`books_per_file must be at
//! least 1`), each one located line. The CLI names its flags where a setting came from one.

use std::io;
use std::path::PathBuf;

use crate::generate::RunError;
use crate::pipeline::SettingsError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Run(#[from] RunError),
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    /// The output folder holds files and replacing them was not asked for.
    #[error("{} is not empty", .0.display())]
    NotEmpty(PathBuf),
    #[error("{} is not a folder", .0.display())]
    NotADir(PathBuf),
    #[error("{} is in use by another housie run; wait for it to finish", .0.display())]
    Busy(PathBuf),
    #[error(
        "{}: incomplete: the run's files are here but not its run.json, so it was not fully published \
         (interrupted?) or its record is kept elsewhere; generate the same run into it again, replacing \
         housie's files, to repair it",
        .0.display()
    )]
    Incomplete(PathBuf),
    #[error("{}: does not match its run.json; verify that run before continuing it", .0.display())]
    EarlierRunEdited(PathBuf),
    #[error(
        "{}: the run this one continues has changed since (its run.json's SHA-256 was {recorded}, now {found})",
        dir.display()
    )]
    EarlierRunChanged { dir: PathBuf, recorded: String, found: String },
    /// A run record that cannot be read: not UTF-8, not the expected JSON.
    #[error("{}:{line}: {message}", path.display())]
    Record { path: PathBuf, line: usize, message: String },
    #[error("{}: written by housie {theirs}, this is housie {ours}; verify it with that version", path.display())]
    RecordVersion { path: PathBuf, theirs: String, ours: String },
    /// A manifest row that is not valid (located), met while settling a claim.
    #[error("{0}; verify the run")]
    Manifest(String),
    /// The command line's own refusals (a mistyped serial, bad calls): never made by the library.
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Style(#[from] crate::export::pdf::StyleError),
    #[error(transparent)]
    Template(#[from] crate::print::template::TemplateError),
    #[error(transparent)]
    Font(#[from] crate::print::font::FontError),
    /// The night could not start (boxed: it can itself hold an `Error` about the run).
    #[error(transparent)]
    Night(Box<crate::night::OpenError>),
}

impl From<crate::night::OpenError> for Error {
    fn from(e: crate::night::OpenError) -> Error {
        Error::Night(Box::new(e))
    }
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

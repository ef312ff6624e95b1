//! The library's errors: each reads as one located line for the CLI to print.

use std::io;
use std::path::PathBuf;

use crate::generate::RunError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Run(#[from] RunError),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{} is not empty; pass --force to replace housie's files in it", .0.display())]
    NotEmpty(PathBuf),
    #[error("{} is not a folder", .0.display())]
    NotADir(PathBuf),
    #[error("{} is in use by another housie run; wait for it to finish", .0.display())]
    Busy(PathBuf),
    #[error(
        "{}: incomplete: the run's files are here but not its run.json, so it was not fully published \
         (interrupted?) or its record is kept elsewhere; run the same `housie generate` again with --force \
         to repair it",
        .0.display()
    )]
    Incomplete(PathBuf),
    #[error("{}: does not match its run.json; run `housie verify` on that run before continuing it", .0.display())]
    EarlierRunEdited(PathBuf),
    #[error(
        "{}: the run this one continues has changed since (its run.json's SHA-256 was {recorded}, now {found})",
        dir.display()
    )]
    EarlierRunChanged { dir: PathBuf, recorded: String, found: String },
    #[error("--books-per-file must be at least 1")]
    NoBooksPerFile,
    #[error("{0}")]
    Invalid(String),
    /// A manifest row that is not valid (located), met while settling a claim.
    #[error("{0}; run `housie verify` on the run")]
    Manifest(String),
    #[error(transparent)]
    Style(#[from] crate::export::pdf::StyleError),
    #[error(transparent)]
    Template(#[from] crate::template::TemplateError),
    #[error(transparent)]
    Font(#[from] crate::font::FontError),
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

//! Why the night could not start, and why a request was refused.

use std::path::PathBuf;

/// Opening a run or its night database failed: the server does not start.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Run(#[from] crate::Error),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{}:{line}: {message}; run `housie verify` on the run", path.display())]
    Manifest { path: PathBuf, line: u64, message: String },
    #[error("{}: {message}", path.display())]
    Database { path: PathBuf, message: String },
    /// An event of the log that the live commands could not have written: edited or damaged.
    #[error("{}: event {seq}: {message}; the night's log was edited or damaged, so it is not replayed", path.display())]
    Log { path: PathBuf, seq: i64, message: String },
    #[error(
        "{}: this night belongs to another run (its run.json had SHA-256 {theirs}, this run.json has {ours}); \
         serve the run it belongs to, or move it away to start a new night",
        path.display()
    )]
    OtherRun { path: PathBuf, theirs: String, ours: String },
}

/// What kind of "no" a request gets; the server maps each to one HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No such game, or a serial that is not in the run (404).
    NotFound,
    /// Allowed in general but not now: a number already called, a game that has ended (409).
    Conflict,
    /// Well-formed but wrong: a number outside 1–90, a mistyped serial, bad books (422).
    Invalid,
    /// The database could not record it (500): nothing was changed.
    Storage,
    /// The night's database was removed, replaced or truncated under the server: every change
    /// is refused until housie serve is restarted (503).
    Unavailable,
}

/// A refused request: its kind, a sentence for the caller, and for a mistyped serial the
/// serials in the run one slip away.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CommandError {
    pub kind: Refused,
    pub message: String,
    pub suggestions: Vec<String>,
}

impl CommandError {
    pub fn new(kind: Refused, message: impl Into<String>) -> CommandError {
        CommandError { kind, message: message.into(), suggestions: Vec::new() }
    }

    /// A change the store could not record.
    pub fn append(e: super::store::AppendError) -> CommandError {
        let kind = match e {
            super::store::AppendError::Lost(_) => Refused::Unavailable,
            super::store::AppendError::Sql(_) => Refused::Storage,
        };
        CommandError::new(kind, e.message())
    }
}

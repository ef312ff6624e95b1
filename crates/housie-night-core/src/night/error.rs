//! Why the night could not start, and why a request was refused.

use std::path::PathBuf;

/// Opening a run or its night database failed: the server does not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// The run itself could not be read.
    #[error(transparent)]
    Run(#[from] housie_core::error::Error),
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A manifest row that cannot be read (located).
    #[error("{}:{line}: {message}; run `housie verify` on the run", path.display())]
    Manifest {
        /// The file or folder.
        path: PathBuf,
        /// The line, 1-based.
        line: u64,
        /// What is wrong.
        message: String,
    },
    /// The night's database cannot be used, with the reason.
    #[error("{}: {message}", path.display())]
    Database {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// An event of the log that the live commands could not have written: edited or damaged.
    #[error("{}: event {seq}: {message}; the night's log was edited or damaged, so it is not replayed", path.display())]
    Log {
        /// The file or folder.
        path: PathBuf,
        /// The event's sequence number.
        seq: i64,
        /// What is wrong.
        message: String,
    },
    #[error(
        "{}: this night belongs to another run (its run.json had SHA-256 {theirs}, this run.json has {ours}); \
         serve the run it belongs to, or move it away to start a new night",
        path.display()
    )]
    /// The database belongs to another run.
    OtherRun {
        /// The file or folder.
        path: PathBuf,
        /// The SHA-256 of the run.json the night belongs to.
        theirs: String,
        /// The SHA-256 of this run.json.
        ours: String,
    },
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
    /// Too much at once: a page claiming too often, the caller's queue full (429).
    Busy,
    /// The database could not record it (500): nothing was changed.
    Storage,
    /// The night's database was removed, replaced or truncated under the server: every change
    /// is refused until housie serve is restarted (503).
    Unavailable,
}

impl Refused {
    /// The HTTP status every door answers this refusal with: `housie serve`'s, and the page's
    /// night, which answers its desk as the server would.
    pub fn status(self) -> u16 {
        match self {
            Refused::NotFound => 404,
            Refused::Conflict => 409,
            Refused::Invalid => 422,
            Refused::Busy => 429,
            Refused::Storage => 500,
            Refused::Unavailable => 503,
        }
    }
}

/// A refused request: its kind, a sentence for the caller, and for a mistyped serial the
/// serials in the run one slip away.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CommandError {
    /// Which kind of refusal (one HTTP status each).
    pub kind: Refused,
    /// A sentence for the caller.
    pub message: String,
    /// For a mistyped serial: the run's serials one slip away.
    pub suggestions: Vec<String>,
    /// The same refusal as a message of the pages' catalogues, for a page in another language.
    pub said: Option<Said>,
}

/// A refusal as a catalogue message: the `message` beside it stays the record's English; a
/// page shows this one in its own language.
pub use housie_core::support::said::Said;

impl From<crate::ledger::LedgerError> for CommandError {
    /// The ledger's refusal, with its catalogue message when it has one.
    fn from(e: crate::ledger::LedgerError) -> CommandError {
        let refused = CommandError::new(Refused::Invalid, e.to_string());
        match e.said() {
            Some((id, args)) => refused.said_with(id, args),
            None => refused,
        }
    }
}

impl CommandError {
    /// A refusal of `kind` with its sentence.
    pub fn new(kind: Refused, message: impl Into<String>) -> CommandError {
        CommandError { kind, message: message.into(), suggestions: Vec::new(), said: None }
    }

    /// The refusal as catalogue message `id` with these placeables.
    pub fn said<const N: usize>(mut self, id: &'static str, args: [(&'static str, String); N]) -> CommandError {
        self.said = Some(Said { id, args: args.into_iter().collect() });
        self
    }

    /// [`CommandError::said`], with placeables given as a list.
    pub fn said_with(
        mut self,
        id: &'static str,
        args: impl IntoIterator<Item = (&'static str, String)>,
    ) -> CommandError {
        self.said = Some(Said { id, args: args.into_iter().collect() });
        self
    }

    /// A change the store could not record.
    pub fn append(e: AppendError) -> CommandError {
        let kind = match e {
            AppendError::Lost(_) => Refused::Unavailable,
            AppendError::Sql(_) => Refused::Storage,
        };
        CommandError::new(kind, e.message())
    }
}

/// Why a change could not be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AppendError {
    /// The database file was removed, replaced or truncated under the server: every change is
    /// refused from now on.
    Lost(String),
    /// SQLite refused the write (disk full, I/O error); nothing was recorded.
    Sql(String),
}

impl AppendError {
    /// The reason, for the caller.
    pub fn message(&self) -> String {
        match self {
            AppendError::Lost(why) => why.clone(),
            AppendError::Sql(e) => format!("the night's database could not record this: {e}"),
        }
    }
}

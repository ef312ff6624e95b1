//! Where a run's night is read from: its SQLite log (`night.sqlite`, what `housie serve` keeps)
//! or, when there is none, its log as text (`night.jsonl`, a night played in a browser tab, or
//! one written by `housie night --log`). Both kept with the chain's first run; both read as
//! the same rows, checked the same way, so `housie night`, `cashup` and `verify` take either.

use std::path::{Path, PathBuf};

use housie_core::record::{NIGHT_DB, NIGHT_LOG};

use super::error::OpenError;
use super::event::Stored;
use super::log_line::Row;
use super::store::{RunId, Store};

/// A night's log, found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NightLog {
    /// `night.sqlite`.
    Database(PathBuf),
    /// `night.jsonl`.
    Text(PathBuf),
}

impl NightLog {
    /// The night of the run in `dir`, if one was played: its database, else its log as text.
    pub fn find(dir: &Path) -> Option<NightLog> {
        let home = housie_files::chain::night_home(dir);
        let db = home.join(NIGHT_DB);
        let text = home.join(NIGHT_LOG);
        if db.symlink_metadata().is_ok() {
            Some(NightLog::Database(db))
        } else if text.symlink_metadata().is_ok() {
            Some(NightLog::Text(text))
        } else {
            None
        }
    }

    /// The night of the run in `dir`; refused, as reading a night that is not there is, when
    /// none was played.
    pub fn of(dir: &Path) -> Result<NightLog, OpenError> {
        NightLog::find(dir).ok_or_else(|| OpenError::Database {
            path: housie_files::chain::night_home(dir).join(NIGHT_DB),
            message: "no night has been played on this run yet (`housie serve` starts one)".into(),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        match self {
            NightLog::Database(p) | NightLog::Text(p) => p,
        }
    }

    /// The file's name, as a report names it.
    pub fn name(&self) -> &'static str {
        match self {
            NightLog::Database(_) => NIGHT_DB,
            NightLog::Text(_) => NIGHT_LOG,
        }
    }

    /// Every event as stored, each checked (numbered on, linked, a housie event of its kind),
    /// with the SHA-256 of the run the night is bound to; with `run`, a night of another run is
    /// refused.
    pub fn rows(&self, run: Option<&RunId>) -> Result<(String, Vec<Row>), OpenError> {
        self.read(run).map(|(sha, rows, _)| (sha, rows))
    }

    /// Every event, checked as [`NightLog::rows`] checks them, as the replay takes them.
    pub fn events(&self, run: Option<&RunId>) -> Result<(Vec<Stored>, Vec<Row>), OpenError> {
        self.read(run).map(|(_, rows, events)| (events, rows))
    }

    /// The run's SHA-256, the rows and their events, each read and checked once.
    fn read(&self, run: Option<&RunId>) -> Result<(String, Vec<Row>, Vec<Stored>), OpenError> {
        match self {
            NightLog::Database(path) => {
                let store = Store::open_read_only(path, run)?;
                let (sha, rows) = (store.run_sha256()?, store.rows()?);
                let events = super::log_line::checked(&sha, &rows).map_err(|(seq, message)| OpenError::Log {
                    path: path.clone(),
                    seq,
                    message,
                })?;
                Ok((sha, rows, events))
            }
            NightLog::Text(path) => {
                let (head, rows, events) = super::log_text::read(path, run)?;
                Ok((head.run_sha256, rows, events))
            }
        }
    }
}

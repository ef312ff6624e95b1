//! Where a run's night is read from: its SQLite log (`night.sqlite`, what `housie serve` keeps)
//! or, when there is none, its log as text (`night.jsonl`, a night played in a browser tab, or
//! one written by `housie night --log`). Both kept with the chain's first run; both read as
//! the same rows, checked the same way, so `housie night`, `cashup` and `verify` take either.

use std::io::Read;
use std::path::{Path, PathBuf};

use housie_core::record::{NIGHT_DB, NIGHT_LOG};

use super::error::OpenError;
use super::event::Stored;
use super::log_file;
use super::log_line::{Chain, Row};
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
        match self {
            NightLog::Database(path) => {
                let store = Store::open_read_only(path, run)?;
                store.events()?;
                Ok((store.run_sha256()?, store.rows()?))
            }
            NightLog::Text(path) => {
                let io = |source| OpenError::Io { path: path.clone(), source };
                let file = std::fs::File::open(path).map_err(io)?;
                let mut text = String::new();
                file.take(log_file::MAX_BYTES + 1).read_to_string(&mut text).map_err(io)?;
                if text.len() as u64 > log_file::MAX_BYTES {
                    let message =
                        format!("larger than {}: not a night's log", housie_core::world::size(log_file::MAX_BYTES));
                    return Err(OpenError::Database { path: path.clone(), message });
                }
                let (head, rows) = log_file::read(&text).map_err(|e| match e.seq {
                    Some(seq) => OpenError::Log { path: path.clone(), seq, message: e.message },
                    None => OpenError::Database { path: path.clone(), message: e.to_string() },
                })?;
                if let Some(run) = run.filter(|run| head.run_sha256 != run.content && head.run_sha256 != run.bytes) {
                    return Err(OpenError::OtherRun {
                        path: path.clone(),
                        theirs: head.run_sha256,
                        ours: run.content.clone(),
                    });
                }
                Ok((head.run_sha256, rows))
            }
        }
    }

    /// Every event, checked as [`NightLog::rows`] checks them, as the replay takes them.
    pub fn events(&self, run: Option<&RunId>) -> Result<(Vec<Stored>, Vec<Row>), OpenError> {
        let (sha, rows) = self.rows(run)?;
        let mut chain = Chain::new(&sha);
        let path = self.path().to_path_buf();
        let events = rows
            .iter()
            .map(|row| {
                let bad = |message: String| OpenError::Log { path: path.clone(), seq: row.seq, message };
                chain.follow(row).map_err(bad)?;
                row.stored().map_err(bad)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((events, rows))
    }
}

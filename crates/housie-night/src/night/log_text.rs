//! Reading `night.jsonl` from disk, within bounds: the one place its bytes are read, for
//! `housie night`, `cashup` and `verify` (through [`super::log_source`]) and for `housie serve`
//! taking over a night played in the page.

use std::io::Read;
use std::path::Path;

use super::error::OpenError;
use super::event::Stored;
use super::log_file::{self, Head};
use super::log_line::Row;
use super::run_id::RunId;

/// The head, rows and events of the log at `path`, every event checked (see [`log_file::read`]); with
/// `run`, a night of another run is refused.
pub fn read(path: &Path, run: Option<&RunId>) -> Result<(Head, Vec<Row>, Vec<Stored>), OpenError> {
    let io = |source| OpenError::Io { path: path.to_path_buf(), source };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut text = String::new();
    file.take(log_file::MAX_BYTES + 1).read_to_string(&mut text).map_err(io)?;
    if text.len() as u64 > log_file::MAX_BYTES {
        let message = format!("larger than {}: not a night's log", housie_core::world::size(log_file::MAX_BYTES));
        return Err(OpenError::Database { path: path.to_path_buf(), message });
    }
    let (head, rows, events) = log_file::read(&text).map_err(|e| match e.seq {
        Some(seq) => OpenError::Log { path: path.to_path_buf(), seq, message: e.message },
        None => OpenError::Database { path: path.to_path_buf(), message: e.to_string() },
    })?;
    if let Some(run) = run.filter(|run| head.run_sha256 != run.content && head.run_sha256 != run.bytes) {
        return Err(OpenError::OtherRun {
            path: path.to_path_buf(),
            theirs: head.run_sha256,
            ours: run.content.clone(),
        });
    }
    Ok((head, rows, events))
}

//! A run record read back: its bytes checked as UTF-8, as the expected JSON, and as written by
//! a housie whose runs this one regenerates, each failure located.

use std::path::Path;

use super::{RunRecord, READABLE};
use crate::error::Error;

impl RunRecord {
    /// A run record's bytes (`path` names it in errors) read and checked: UTF-8, the expected
    /// JSON, written by a housie whose runs this one regenerates. Failure means the run cannot
    /// be checked at all.
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<(RunRecord, String), Error> {
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            Error::Record { path: path.to_path_buf(), line, message: format!("not UTF-8 (byte {at})") }
        })?;
        let record: RunRecord = serde_json::from_str(&text).map_err(|e| Error::Record {
            path: path.to_path_buf(),
            line: e.line(),
            message: strip_position(&e.to_string()).to_string(),
        })?;
        let ours = env!("CARGO_PKG_VERSION");
        if !READABLE.contains(&record.housie.as_str()) && record.housie != ours {
            return Err(Error::RecordVersion {
                path: path.to_path_buf(),
                theirs: record.housie,
                ours: ours.to_string(),
            });
        }
        Ok((record, text))
    }
}

fn strip_position(message: &str) -> &str {
    message.split(" at line ").next().unwrap_or(message)
}

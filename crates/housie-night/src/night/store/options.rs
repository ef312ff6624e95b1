//! How a night is opened, and which run it belongs to.

use std::path::PathBuf;

/// How `housie serve` opens the night.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    /// Start a new night even though a record exists: the old file is kept under a dated name.
    pub new_night: bool,
    /// Give the caller a new token; the old one stops working.
    pub new_token: bool,
    /// Carry on from this rescue copy (`night-rescued-….sqlite` beside the night): the current
    /// file is kept under a dated name and the rescue takes its place.
    pub from_rescue: Option<PathBuf>,
}

pub use super::super::run_id::RunId;

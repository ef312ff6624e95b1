//! The night on disk: the core's night ([`housie_night_core::night`], re-exported here whole)
//! with what a machine adds: its log in SQLite (`night.sqlite`, [`store`]) or read from
//! `night.jsonl` ([`log_text`]), the run opened from its folders and held against being
//! replaced ([`run_folder`]), a night read without changing it ([`reading`]), the operating
//! system's entropy and a caller's call-name file.

pub use housie_night_core::night::*;

pub mod callnames_file;
pub mod entropy;
pub mod log_source;
pub mod log_text;
pub mod night_store;
pub mod reading;
pub mod run_folder;
pub mod store;

pub use night_store::{Served, ServedNight};
pub use store::OpenOptions;

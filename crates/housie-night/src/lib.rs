#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's night on a machine: the night's pure core (`housie-night-core`: the events, their
//! replay and rules, the ledger) with its log kept in SQLite or read from `night.jsonl`, the
//! run read from its folders and held while it is played ([`night`]), and the audit of a run
//! and its night ([`audit`]: verify, check, winners). It reads a run made by `housie-core` and
//! writes only its own database.

pub mod audit;
pub mod night;

pub use housie_night_core::ledger;

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's night: the event-sourced record of one bingo night ([`night`]: sales, games,
//! calls, claims, players, kept in SQLite and replayed), its money and cash-up ([`ledger`]),
//! and the audit of a run and its night ([`audit`]: verify, check, winners). It reads a run
//! made by `housie-core` and writes only its own database.

pub mod audit;
pub mod ledger;
pub mod night;

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's night as a pure state machine: the events of one bingo night ([`night`]: sales,
//! games, calls, claims, players), their replay under the night's rules, and its money and
//! cash-up ([`ledger`]). Bytes and events in, views and events out: no file, socket, process
//! or thread, so the same night runs under `housie serve` (its log in SQLite, `housie-night`)
//! and in a browser tab (its log in the page's storage, `housie-wasm`), and the compiler keeps
//! it so by building it for `wasm32-unknown-unknown`.

pub mod ledger;
pub mod night;

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie: printable books of 90-ball bingo tickets, drawn so that every valid book is equally
//! likely, with a manifest, a print-ready PDF, a run record and, on the night, a caller's desk.
//!
//! The parts, in the order data flows (each uses only those listed before it; see
//! `docs/architecture.md`): [`support`] (leaf helpers), [`domain`] (tickets, books, serials),
//! [`generate`] (drawing books), [`rules`] (prizes, calls, verdicts), [`print`](mod@print) (template,
//! font, pages), [`record`] (run.json, the manifest's schema, chains), [`export`] (one file per
//! output format), driven by [`pipeline`]; [`ledger`] (the night's money), [`night`] (the
//! event-sourced night, which reads a run and writes only its own database), [`audit`]
//! (verify, check, winners) and [`web`] (the desk, board and player page over HTTP).
//!
//! Nothing inside the crate imports through the re-exports below; they are for users.

pub mod domain;
pub mod error;
pub mod export;
pub mod generate;
pub mod pipeline;
pub mod print;
pub mod record;
pub mod rules;
pub mod self_check;
pub mod support;
pub mod world;

pub use domain::{Book, Serial, SerialError, Ticket};
pub use error::Error;
pub use generate::{Generator, RunOptions, Seed};
pub use pipeline::{write_run, GeneratePlan, Settings};
pub use record::{is_volume_name, RunRecord, MANIFEST, RUN_RECORD};

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's engine: printable books of 90-ball bingo tickets, drawn so that every valid book is
//! equally likely, with a manifest, a print-ready PDF and a run record. Bytes in, bytes out: no
//! files, sockets or processes, and threads only through [`support::parallel`], so the same
//! code runs natively and in a web page (`housie-wasm`).
//!
//! The parts, in the order data flows (each uses only those listed before it; see
//! `docs/architecture.md`): [`support`] (leaf helpers), [`domain`] (tickets, books, serials,
//! the card format), [`generate`] (drawing books), [`rules`] (prizes, calls, verdicts),
//! [`print`](mod@print) (template, font, pages), [`record`] (run.json, the manifest's schema,
//! chains), [`export`] (one file per output format) and [`picture`] (pages as SVG and PNG),
//! driven by [`pipeline`] (the one policy layer every front door goes through), and [`verify`]
//! (a run proved to be what its record says, on a disk or in a page). What the engine
//! reads comes through a [`world::World`]; where its files go, through [`export::Outputs`].
//!
//! Nothing inside the crate imports through the re-exports below; they are for users.

pub mod domain;
pub mod error;
pub mod export;
pub mod generate;
pub mod picture;
pub mod pipeline;
pub mod print;
pub mod record;
pub mod rules;
pub mod self_check;
pub mod support;
pub mod verify;
pub mod world;

pub use domain::{Book, Serial, SerialError, Ticket};
pub use error::Error;
pub use generate::{Generator, RunOptions, Seed};
pub use pipeline::{write_run, GeneratePlan, Settings};
pub use record::{is_volume_name, RunRecord, MANIFEST, RUN_RECORD};

/// docs/development.md's library example, compiled and run by `cargo test`, so the example a
/// developer copies stays true.
#[doc = include_str!("../../../docs/development.md")]
#[cfg(doctest)]
pub struct DevelopmentExample;

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie: printable books of 90-ball bingo tickets, drawn so that every valid book is equally
//! likely, with a manifest, a print-ready PDF, a run record and, on the night, a caller's desk.
//!
//! The parts, in the order data flows: [`domain`] (tickets, books, serials), [`generate`]
//! (drawing books), [`print`] (template, font, pages) and [`export`] (the PDF and the manifest),
//! driven by [`pipeline`]; [`record`] (run.json, reading manifests back, verification); and
//! [`night`], which reads a run and writes only its own database.

pub mod audit;
pub mod date;
pub mod digest;
pub mod domain;
pub mod error;
pub mod export;
pub mod files;
pub mod game;
pub mod generate;
pub mod night;
pub(crate) mod parallel;
pub mod pipeline;
pub mod print;
pub mod record;

pub use domain::{Book, Serial, SerialError, Ticket};
pub use error::Error;
pub use generate::{Generator, RunOptions, Seed};
pub use pipeline::{generate_run, is_volume_name, GeneratePlan, Outcome, Settings};

/// Name of the manifest inside the output folder.
pub const MANIFEST: &str = "manifest.csv";

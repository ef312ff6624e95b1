//! housie: printable books of 90-ball bingo tickets, drawn so that every valid book is equally
//! likely, with a manifest, a print-ready PDF, a run record and tools to settle claims.
//!
//! The pipeline runs one way: seed → books ([`generate`]) → outputs ([`export`]).

pub mod domain;
pub mod generate;

pub use domain::{Book, Serial, Ticket};
pub use generate::{Generator, Seed};

#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's local web servers: the night's desk, board and players' pages ([`web`]), and the
//! organiser's studio ([`studio`], its pages in `web::studio`), over the same library calls
//! the command line makes.

pub mod studio;
pub mod web;

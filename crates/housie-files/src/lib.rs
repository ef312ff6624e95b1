#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's engine on a computer's disk. The engine (`housie-core`) never touches the machine;
//! this crate hands it the world: the files a run's settings name ([`read::Disk`]), a run
//! folder written whole under its lock, each file under a temporary name until the run is
//! complete ([`run`], [`output`], [`lock`]), the run records and chains of runs already on
//! disk ([`record`], [`continuation`], [`chain`]), and the clock and entropy a run starts
//! from ([`start`]).

pub mod booklets;
pub mod chain;
pub mod continuation;
pub mod lock;
pub mod output;
pub mod read;
pub mod record;
pub mod run;
pub mod start;

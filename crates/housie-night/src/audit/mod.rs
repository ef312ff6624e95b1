//! Auditing runs: `verify` proves a run folder is what its record says, and the offline claim
//! tools (`check`, `winners`) read a run's tickets without the night, settling claims with the
//! same rules the night uses ([`housie_core::rules`]).

pub mod tickets;
pub mod verify;

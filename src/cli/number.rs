//! The flags' number parsers: every number a flag takes is read by the library's one reader
//! ([`housie_core::support::number`]), so `+5`, `1_000` and `05` are refused alike everywhere.

use housie_core::support::number::{whole, within};

/// A whole number (0 allowed; what it must be is checked where it is used).
pub fn count(text: &str) -> Result<u64, String> {
    whole(text)
}

/// A whole number from 1.
pub fn positive(text: &str) -> Result<u64, String> {
    within(text, 1, u64::MAX)
}

/// A game of a booklet: 1–99.
pub fn game(text: &str) -> Result<u16, String> {
    within(text, 1, u64::from(housie_core::pipeline::MAX_GAMES)).map(|n| n as u16)
}

/// Games the planner plays: 1–1,000,000.
pub fn games_to_plan(text: &str) -> Result<u32, String> {
    within(text, 1, 1_000_000).map(|n| n as u32)
}

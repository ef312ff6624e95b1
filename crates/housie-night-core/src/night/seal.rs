//! The seal of a night's log: how many events, and the SHA-256 of them as stored (each event's
//! number, time, game, kind and data). Written on the signed cash-up sheet, it shows later
//! whether any of those events was edited or removed, the last one included, which nothing
//! inside the log can show; events added since do not change it. The same for the SQLite log
//! and `night.jsonl` (its links are not sealed, so seals written before housie 0.14 still check).

use sha2::Digest;

use super::log_line::Row;

/// What a night's log held when it was sealed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Seal {
    /// How many events it covers.
    pub events: usize,
    /// SHA-256 (hex) of those events.
    pub sha256: String,
}

impl Seal {
    /// The seal of the first `events` of `rows` (all of them for `None`); `None` when there are
    /// fewer.
    pub fn of(rows: &[Row], events: Option<usize>) -> Option<Seal> {
        let count = events.unwrap_or(rows.len());
        let rows = rows.get(..count)?;
        let mut hash = sha2::Sha256::default();
        for row in rows {
            for text in [&row.seq.to_string(), &row.at, &row.game.to_string(), &row.kind, &row.data] {
                hash.update((text.len() as u64).to_be_bytes());
                hash.update(text.as_bytes());
            }
        }
        Some(Seal { events: count, sha256: housie_core::support::digest::hex(&hash.finalize()) })
    }

    /// How it is written and typed: `42-3f9a1c2e5b7d9e0f` (the events and 16 hex digits).
    pub fn short(&self) -> String {
        format!("{}-{}", self.events, &self.sha256[..16])
    }
}

impl std::fmt::Display for Seal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.short())
    }
}

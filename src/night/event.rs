//! The night's events: every change is one event appended to the database, and the night's
//! state is what replaying them gives. Nothing is updated in place, so nothing is lost: an
//! undone call stays in the log as a call and an undo.

use serde::{Deserialize, Serialize};

use crate::night::prizes::PrizeSet;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A game begins. `seed` is the secret draw seed, shown only once the game has ended;
    /// `commitment` is its SHA-256, shown from the start.
    GameCreated {
        name: String,
        prizes: PrizeSet,
        books: String,
        /// In a run of booklets, which game of each booklet (the books are then booklets).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<u16>,
        commitment: String,
        seed: String,
    },
    /// A number called: typed by the caller, or `drawn` by housie from the game's seed.
    Called { number: u8, drawn: bool },
    /// The last call taken back (a mistype).
    Undone { number: u8 },
    /// The caller moved on from this prize (it was won, as the caller judged).
    PrizeClosed { prize: String },
    /// The game is over and its draw seed revealed.
    Ended,
    /// A claim and its verdict, as the caller saw it.
    Claimed(ClaimLog),
}

/// What the log keeps of a claim.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimLog {
    /// The serial as typed or scanned.
    pub serial: String,
    /// The prize being played, if any was.
    pub prize: Option<String>,
    pub verdict: Verdict,
    /// How many numbers had been called.
    pub calls: usize,
    pub message: String,
}

/// A claim's verdict for the prize being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Completed by the last call: the claim stands.
    Stands,
    /// Completed earlier: the claimant missed it.
    Missed,
    /// Not complete yet.
    Incomplete,
    /// Not a ticket that can win this game: unsold, another game's, forged, or no prize left.
    Refused,
    /// A well-formed serial that is not in the run.
    Unknown,
    /// Not a serial, or its check digit fails.
    Malformed,
}

impl Event {
    /// The `kind` column: the event's tag.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::GameCreated { .. } => "game_created",
            Event::Called { .. } => "called",
            Event::Undone { .. } => "undone",
            Event::PrizeClosed { .. } => "prize_closed",
            Event::Ended => "ended",
            Event::Claimed(_) => "claimed",
        }
    }
}

/// An event as stored: its place in the log, its time (UTC, from SQLite) and its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub seq: i64,
    pub at: String,
    pub game: i64,
    pub event: Event,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_as_tagged_json() {
        let e = Event::Called { number: 17, drawn: false };
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"kind":"called","number":17,"drawn":false}"#);
        assert_eq!(serde_json::to_string(&Event::Ended).unwrap(), r#"{"kind":"ended"}"#);
        let claim = Event::Claimed(ClaimLog {
            serial: "000001-1-7".into(),
            prize: Some("one line".into()),
            verdict: Verdict::Stands,
            calls: 12,
            message: "m".into(),
        });
        let text = serde_json::to_string(&claim).unwrap();
        assert!(text.starts_with(r#"{"kind":"claimed","serial":"000001-1-7""#), "{text}");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), claim);
        assert_eq!(claim.kind(), "claimed");
    }
}

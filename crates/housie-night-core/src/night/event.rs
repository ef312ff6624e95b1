//! The night's events: every change is one event appended to the database, and the night's
//! state is what replaying them gives. Nothing is updated in place, so nothing is lost: an
//! undone call stays in the log as a call and an undo.
//!
//! Logs written by housie 0.2 still read: their games name a prize set (`uk` or `tambola`)
//! without its definition, and their `prize_closed` events name no winner.

use serde::{Deserialize, Serialize};

use super::draw::Protocol;
use housie_core::rules::prize::SetSpec;
pub use housie_core::rules::Verdict;

/// One change to the night, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A game begins. `seed` is the secret draw seed, shown only once the game has ended;
    /// `commitment` is its SHA-256, shown from the start.
    GameCreated {
        /// The game's name.
        name: String,
        /// The prize set's name.
        prizes: String,
        /// The prize set as played; absent in logs of housie 0.2 (see [`housie_core::rules::PrizeSet::legacy`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        set: Option<SetSpec>,
        /// The bogey rule: a false claim bars the ticket for the rest of the game.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        bogey: bool,
        /// The books in play.
        books: String,
        /// Tickets of those books that are not in play (`12/4-6`): the rest of books the
        /// ledger sold by the half sheet or the ticket.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        unsold: String,
        /// In a run of booklets, which game of each booklet (the books are then booklets).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<u16>,
        /// SHA-256 of the seed.
        commitment: String,
        /// The secret draw seed.
        seed: String,
        /// The draw protocol the seed's order follows; absent in logs of housie 0.2 (protocol 1).
        #[serde(default, skip_serializing_if = "Protocol::is_v1")]
        draw: Protocol,
    },
    /// A number called: typed by the caller, or `drawn` by housie from the game's seed.
    Called {
        /// The number.
        number: u8,
        /// Drawn by housie rather than typed.
        drawn: bool,
    },
    /// The last call taken back (a mistype).
    Undone {
        /// The number.
        number: u8,
    },
    /// A place of a prize won: by `serial`, as the caller confirmed after its claim stood, or
    /// with no serial when the caller moved on from the prize without naming the winner.
    PrizeClosed {
        /// The prize.
        prize: String,
        /// The winner, as confirmed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        serial: Option<String>,
    },
    /// The last win of a prize taken back, before the next call (a mistaken confirmation).
    PrizeReopened {
        /// The prize's name.
        prize: String,
    },
    /// The game is over and its draw seed revealed.
    Ended,
    /// A claim and its verdict, as the caller saw it.
    Claimed(ClaimLog),
    /// The caller's token was replaced (`housie serve --new-token`); a night event (game 0).
    /// The token itself is never in the log.
    TokenRotated,
    /// An entry of the night's ledger: paper issued, sold, returned or voided, a prize paid
    /// (see [`crate::ledger`]); a night event (game 0).
    Money {
        /// The entry.
        entry: crate::ledger::Entry,
    },
    /// Books (booklets, in a run of booklets) kept for players with no paper: followed and
    /// claimed from a phone only with their code (see [`super::play_code`]); a night event.
    PhoneOnly {
        /// Which units, as typed (`91-100`).
        units: String,
    },
    /// A claim raised from a player's phone, queued for the caller to settle as any other.
    Raised {
        /// The ticket, as the run writes its serial.
        serial: String,
        /// Where it came from: `phone` and the phone's address.
        source: String,
        /// The phone did not give the ticket's code: anyone who read the serial could have sent
        /// it, so it is a request to the caller that never bars the ticket. Absent (a proven
        /// claim) in logs of housie 0.4, when every raised claim was treated as the holder's.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unproven: bool,
    },
    /// The caller lifted a ticket's bar under the bogey rule (a mistaken bar, or a false claim
    /// sent by someone else): it may claim again this game.
    BarLifted {
        /// The ticket, as the run writes its serial.
        serial: String,
    },
}

/// What the log keeps of a claim.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimLog {
    /// The serial as typed or scanned (at most 40 characters, control characters escaped).
    pub serial: String,
    /// The prize being played, in a set played in order.
    pub prize: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// How many numbers had been called.
    pub calls: usize,
    /// The sentence the caller saw.
    pub message: String,
    /// The prizes the claim stood for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stands: Vec<String>,
    /// A false claim under the bogey rule: the ticket can claim nothing more this game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barred: bool,
    /// Where the claim came from when not from the desk: a phone's (`phone 10.0.0.7`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl Event {
    /// The `kind` column: the event's tag.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::GameCreated { .. } => "game_created",
            Event::Called { .. } => "called",
            Event::Undone { .. } => "undone",
            Event::PrizeClosed { .. } => "prize_closed",
            Event::PrizeReopened { .. } => "prize_reopened",
            Event::Ended => "ended",
            Event::Claimed(_) => "claimed",
            Event::TokenRotated => "token_rotated",
            Event::Money { .. } => "money",
            Event::PhoneOnly { .. } => "phone_only",
            Event::Raised { .. } => "raised",
            Event::BarLifted { .. } => "bar_lifted",
        }
    }

    /// Whether the event belongs to the night rather than to one game (stored with game 0).
    pub fn is_night_event(&self) -> bool {
        match self {
            Event::TokenRotated | Event::Money { .. } | Event::PhoneOnly { .. } => true,
            Event::GameCreated { .. }
            | Event::Called { .. }
            | Event::Undone { .. }
            | Event::PrizeClosed { .. }
            | Event::PrizeReopened { .. }
            | Event::Ended
            | Event::Claimed(_)
            | Event::Raised { .. }
            | Event::BarLifted { .. } => false,
        }
    }
}

/// An event as stored: its place in the log, its time (UTC, from SQLite) and its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// Its place in the log.
    pub seq: i64,
    /// When it was stored (UTC).
    pub at: String,
    /// Its game (0 for the night itself).
    pub game: i64,
    /// The event.
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
            stands: vec!["one line".into()],
            barred: false,
            source: None,
        });
        let text = serde_json::to_string(&claim).unwrap();
        assert!(text.starts_with(r#"{"kind":"claimed","serial":"000001-1-7""#), "{text}");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), claim);
        assert_eq!(claim.kind(), "claimed");
    }

    #[test]
    fn a_log_of_housie_0_2_reads() {
        let created =
            r#"{"kind":"game_created","name":"Game 1","prizes":"tambola","books":"1-3","commitment":"c","seed":"s"}"#;
        match serde_json::from_str::<Event>(created).unwrap() {
            Event::GameCreated { prizes, set, bogey, .. } => {
                assert_eq!((prizes.as_str(), set, bogey), ("tambola", None, false))
            }
            other => panic!("{other:?}"),
        }
        let closed = serde_json::from_str::<Event>(r#"{"kind":"prize_closed","prize":"one line"}"#).unwrap();
        assert_eq!(closed, Event::PrizeClosed { prize: "one line".into(), serial: None });
        let old_claim = r#"{"kind":"claimed","serial":"x","prize":null,"verdict":"refused","calls":0,"message":"m"}"#;
        assert!(serde_json::from_str::<Event>(old_claim).is_ok());
    }
}

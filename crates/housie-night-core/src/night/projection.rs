//! What the desk's view (`view.rs`) and the night's transcript ([`super::transcript`])
//! say alike of a game: its head and its claims, built once here so the two cannot drift
//! (they once named a claim's call count `calls` in one and `call` in the other).

use serde::Serialize;

use super::event::{ClaimLog, Verdict};
use super::game::Game;
use housie_core::rules::Opens;

/// A game's identity and its draw, as every projection shows it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameHead {
    /// The game's number (1 for the first).
    pub id: i64,
    /// The game's name.
    pub name: String,
    /// The prize set's name.
    pub prizes: String,
    /// `together` (every prize open from the first call) or `in order`.
    pub opens: Opens,
    /// The bogey rule: a false claim bars the ticket for the rest of the game.
    pub bogey: bool,
    /// The books in play (booklets, with `game`).
    pub books: String,
    /// Tickets of those books not in play, sold in parts (`12/4-6`).
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub unsold: String,
    /// In a run of booklets, which game of each booklet (`books` are then booklets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u16>,
    /// SHA-256 of the secret draw seed, shown from before the first call.
    pub commitment: String,
    /// The draw seed, revealed once the game has ended (`null` while it runs).
    pub seed: Option<String>,
}

impl GameHead {
    /// The head of `g`.
    pub fn of(g: &Game) -> GameHead {
        GameHead {
            id: g.id,
            name: g.name.clone(),
            prizes: g.set.name().to_string(),
            opens: g.set.opens(),
            bogey: g.bogey,
            books: g.books.to_string(),
            unsold: g.unsold.clone(),
            game: g.books.game(),
            commitment: g.commitment.clone(),
            seed: g.revealed_seed().map(str::to_string),
        }
    }
}

/// One claim and its verdict.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ClaimLine {
    /// When (UTC).
    pub at: String,
    /// The serial as typed or scanned (escaped, at most 40 characters).
    pub serial: String,
    /// The prize being played, in a set played in order.
    pub prize: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// How many numbers had been called.
    pub call: usize,
    /// The sentence the caller saw.
    pub message: String,
    /// The prizes it stood for.
    pub stands: Vec<String>,
    /// A false claim that barred the ticket under the bogey rule.
    pub barred: bool,
    /// Where it came from when not from the desk (`phone 10.0.0.7`, or `phone` to anyone but
    /// the caller).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl ClaimLine {
    /// The claim logged at `at`, its source as `shown` makes it.
    pub fn of(at: &str, c: &ClaimLog, shown: impl Fn(&str) -> String) -> ClaimLine {
        ClaimLine {
            at: at.to_string(),
            serial: c.serial.clone(),
            prize: c.prize.clone(),
            verdict: c.verdict,
            call: c.calls,
            message: c.message.clone(),
            stands: c.stands.clone(),
            barred: c.barred,
            source: c.source.as_deref().map(shown),
        }
    }
}

//! One game of the night as its events leave it: the books in play, the calls in order, the
//! prize being played, the claims, and the draw seed (secret until the game ends).

use super::books::BookRanges;
use super::draw::DrawSeed;
use super::event::{ClaimLog, Event, Stored};
use crate::domain::Numbering;
use crate::night::prizes::{Calls, Prize, PrizeSet};

/// A call with its time and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct CallRecord {
    pub number: u8,
    pub drawn: bool,
    pub at: String,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub id: i64,
    pub name: String,
    pub prizes: PrizeSet,
    pub books: BookRanges,
    pub seed: DrawSeed,
    pub commitment: String,
    pub created_at: String,
    pub calls: Calls,
    /// The calls standing now, with time and source (undone calls are not here).
    pub call_log: Vec<CallRecord>,
    /// Calls taken back: the number, when, and how many calls stood before it.
    pub undone: Vec<(u8, String, usize)>,
    /// Prizes the caller moved on from, with the number of calls at that moment.
    pub closed: Vec<(Prize, usize, String)>,
    pub ended_at: Option<String>,
    pub claims: Vec<(String, ClaimLog)>,
}

impl Game {
    /// The game a `GameCreated` event starts; its books were checked against the run before
    /// the event was stored, and are stored in canonical form.
    pub fn created(stored: &Stored, numbering: Numbering) -> Option<Game> {
        let Event::GameCreated { name, prizes, books, game, commitment, seed } = &stored.event else { return None };
        Some(Game {
            id: stored.game,
            name: name.clone(),
            prizes: *prizes,
            books: BookRanges::stored(books, numbering, *game)?,
            seed: DrawSeed::from_text(seed),
            commitment: commitment.clone(),
            created_at: stored.at.clone(),
            calls: Calls::new(),
            call_log: Vec::new(),
            undone: Vec::new(),
            closed: Vec::new(),
            ended_at: None,
            claims: Vec::new(),
        })
    }

    /// Applies an event of this game (already checked when it was made).
    pub fn apply(&mut self, stored: &Stored) {
        match &stored.event {
            Event::GameCreated { .. } => {}
            Event::Called { number, drawn } => {
                if self.calls.push(*number).is_ok() {
                    self.call_log.push(CallRecord { number: *number, drawn: *drawn, at: stored.at.clone() });
                }
            }
            Event::Undone { .. } => {
                if let Some(n) = self.calls.pop() {
                    self.call_log.pop();
                    self.undone.push((n, stored.at.clone(), self.calls.len()));
                }
            }
            Event::PrizeClosed { .. } => {
                if let Some(p) = self.prize() {
                    self.closed.push((p, self.calls.len(), stored.at.clone()));
                }
            }
            Event::Ended => self.ended_at = Some(stored.at.clone()),
            Event::Claimed(log) => self.claims.push((stored.at.clone(), log.clone())),
        }
    }

    /// The prize being played: the first the caller has not moved on from.
    pub fn prize(&self) -> Option<Prize> {
        Prize::of(self.prizes).get(self.closed.len()).copied()
    }

    pub fn ended(&self) -> bool {
        self.ended_at.is_some()
    }

    /// The draw seed, once the game has ended.
    pub fn revealed_seed(&self) -> Option<&str> {
        self.ended().then(|| self.seed.text())
    }
}

/// The games a log of events describes, in order of creation (game `id` is position + 1).
pub fn replay(events: &[Stored], numbering: Numbering) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    for stored in events {
        match Game::created(stored, numbering) {
            Some(game) => games.push(game),
            None => {
                if let Some(game) = usize::try_from(stored.game - 1).ok().and_then(|i| games.get_mut(i)) {
                    game.apply(stored);
                }
            }
        }
    }
    games
}

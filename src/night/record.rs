//! The night's record: every game, its calls in order (and the ones taken back), every claim
//! with its time, verdict and call count, and the draw seeds of the games that have ended.
//! `housie night DIR` prints it; the desk offers it as a download.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::error::OpenError;
use super::event::{Stored, Verdict};
use super::game::{replay, Game};
use super::store::{Store, NIGHT_DB};
use crate::domain::Numbering;

#[derive(Serialize, Debug)]
pub struct NightRecord {
    pub games: Vec<GameRecord>,
}

#[derive(Serialize, Debug)]
pub struct GameRecord {
    pub id: i64,
    pub name: String,
    pub prizes: &'static str,
    pub books: String,
    /// In a run of booklets, which game of each booklet (`books` are then booklets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u16>,
    pub started_at: String,
    pub ended_at: Option<String>,
    /// SHA-256 of the draw seed, shown before the first call.
    pub commitment: String,
    /// The draw seed, revealed when the game ended (`null` while it runs).
    pub seed: Option<String>,
    pub calls: Vec<CallLine>,
    pub undone: Vec<UndoneLine>,
    pub prizes_won: Vec<PrizeWon>,
    pub claims: Vec<ClaimRecord>,
}

#[derive(Serialize, Debug)]
pub struct CallLine {
    pub call: usize,
    pub number: u8,
    pub drawn: bool,
    pub at: String,
}

#[derive(Serialize, Debug)]
pub struct UndoneLine {
    pub number: u8,
    pub at: String,
    /// How many calls stood once it was taken back.
    pub calls_left: usize,
}

#[derive(Serialize, Debug)]
pub struct PrizeWon {
    pub prize: &'static str,
    /// The caller moved on after this many calls.
    pub after_call: usize,
    pub at: String,
}

#[derive(Serialize, Debug)]
pub struct ClaimRecord {
    pub at: String,
    pub serial: String,
    pub prize: Option<String>,
    pub verdict: Verdict,
    /// How many numbers had been called.
    pub call: usize,
    pub message: String,
}

impl NightRecord {
    /// Reads DIR/night.sqlite without changing it.
    pub fn read(dir: &Path) -> Result<NightRecord, OpenError> {
        let store = Store::open_read_only(&dir.join(NIGHT_DB))?;
        // The run's numbering says how a booklet game's books read; without run.json, as books.
        let numbering =
            crate::record::verify::read_record(dir).map_or(Numbering::BOOKS, |(r, _)| r.settings.numbering());
        Ok(NightRecord::from_events(&store.events()?, numbering))
    }

    pub fn from_events(events: &[Stored], numbering: Numbering) -> NightRecord {
        NightRecord { games: replay(events, numbering).iter().map(game_record).collect() }
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a night record serialises");
        s.push('\n');
        s
    }

    /// The record as text, one game after another.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.games.is_empty() {
            out.push_str("no games yet\n");
        }
        for g in &self.games {
            let ended = g.ended_at.as_deref().map_or("still playing".to_string(), |at| format!("ended {at}"));
            let _ = writeln!(
                out,
                "Game {}: {} ({}, {}), started {}, {ended}",
                g.id,
                g.name,
                g.prizes,
                match g.game {
                    Some(game) => format!("booklets {}, game {game}", g.books),
                    None => format!("books {}", g.books),
                },
                g.started_at
            );
            let _ = writeln!(out, "  draw seed SHA-256 {}", g.commitment);
            if let Some(seed) = &g.seed {
                let _ = writeln!(out, "  draw seed {seed} (recompute: housie draws {seed})");
            }
            let numbers: Vec<String> =
                g.calls.iter().map(|c| if c.drawn { format!("{}*", c.number) } else { c.number.to_string() }).collect();
            let _ = writeln!(out, "  {} calls (* drawn by housie): {}", g.calls.len(), numbers.join(" "));
            for u in &g.undone {
                let _ = writeln!(out, "  undone: {} at {} ({} calls left)", u.number, u.at, u.calls_left);
            }
            for p in &g.prizes_won {
                let _ = writeln!(out, "  {} won: the caller moved on after call {} at {}", p.prize, p.after_call, p.at);
            }
            for c in &g.claims {
                let prize = c.prize.as_deref().unwrap_or("-");
                let _ =
                    writeln!(out, "  claim {}  call {:>2}  {:<12} {:<13} {}", c.at, c.call, c.serial, prize, c.message);
            }
        }
        out
    }
}

fn game_record(g: &Game) -> GameRecord {
    GameRecord {
        id: g.id,
        name: g.name.clone(),
        prizes: g.prizes.name(),
        books: g.books.to_string(),
        game: g.books.game(),
        started_at: g.created_at.clone(),
        ended_at: g.ended_at.clone(),
        commitment: g.commitment.clone(),
        seed: g.revealed_seed().map(str::to_string),
        calls: g
            .call_log
            .iter()
            .enumerate()
            .map(|(i, c)| CallLine { call: i + 1, number: c.number, drawn: c.drawn, at: c.at.clone() })
            .collect(),
        undone: g
            .undone
            .iter()
            .map(|(n, at, left)| UndoneLine { number: *n, at: at.clone(), calls_left: *left })
            .collect(),
        prizes_won: g
            .closed
            .iter()
            .map(|(p, k, at)| PrizeWon { prize: p.name(), after_call: *k, at: at.clone() })
            .collect(),
        claims: g
            .claims
            .iter()
            .map(|(at, c)| ClaimRecord {
                at: at.clone(),
                serial: c.serial.clone(),
                prize: c.prize.clone(),
                verdict: c.verdict,
                call: c.calls,
                message: c.message.clone(),
            })
            .collect(),
    }
}

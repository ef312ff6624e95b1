//! What the desk and the board are sent: the night's state as JSON. The caller's view adds
//! the watch counts, which are for the caller only.

use serde::Serialize;

use super::event::Verdict;
use super::game::Game;
use super::run::NightRun;
use super::state::Night;
use crate::night::prizes::Prize;

#[derive(Serialize)]
pub struct StateView {
    /// Grows with every change: the sequence number of the last event.
    pub version: i64,
    pub run: RunView,
    pub games: Vec<GameSummary>,
    /// The game on the desk (the one created last), if any.
    pub game: Option<GameView>,
}

#[derive(Serialize)]
pub struct RunView {
    pub title: String,
    pub books: String,
    /// Games per booklet in a run of booklets (a new game then needs its `game`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<u16>,
    pub tickets: usize,
}

#[derive(Serialize)]
pub struct GameSummary {
    pub id: i64,
    pub name: String,
    pub prizes: &'static str,
    pub books: String,
    /// In a run of booklets, which game of each booklet (`books` are then booklets).
    pub game: Option<u16>,
    pub calls: usize,
    pub ended: bool,
}

#[derive(Serialize)]
pub struct GameView {
    pub id: i64,
    pub name: String,
    pub prizes: &'static str,
    pub books: String,
    pub game: Option<u16>,
    /// The colour of the game's pages in a run of booklets, e.g. `Lime`.
    pub colour: Option<String>,
    pub books_in_play: u64,
    /// The prize being played, `null` once every prize has been played.
    pub prize: Option<&'static str>,
    pub prize_list: Vec<PrizeLine>,
    pub calls: Vec<u8>,
    pub drawn: Vec<bool>,
    pub last: Option<u8>,
    pub count: usize,
    /// SHA-256 of the secret draw seed, shown from the start.
    pub commitment: String,
    /// The draw seed, once the game has ended.
    pub seed: Option<String>,
    pub ended: bool,
    /// The latest claims, newest first.
    pub claims: Vec<ClaimLine>,
    pub watch: Option<WatchView>,
}

#[derive(Serialize)]
pub struct PrizeLine {
    pub prize: &'static str,
    /// `won` (the caller moved on), `playing` or `waiting`.
    pub state: &'static str,
    /// For a won prize, how many calls stood when the caller moved on.
    pub after_call: Option<usize>,
}

#[derive(Serialize)]
pub struct ClaimLine {
    pub at: String,
    pub serial: String,
    pub prize: Option<String>,
    pub verdict: Verdict,
    pub calls: usize,
    pub message: String,
}

#[derive(Serialize)]
pub struct WatchView {
    pub prize: &'static str,
    /// Tickets in play that have completed the prize.
    pub complete: u64,
    /// Tickets in play one number away from it.
    pub one_away: u64,
}

/// How many claims the desk shows.
const CLAIMS_SHOWN: usize = 50;

impl StateView {
    pub fn of(night: &Night, caller: bool) -> StateView {
        let run = &night.run;
        let books = run.books();
        StateView {
            version: night.version(),
            run: RunView {
                title: run.record.settings.title.clone(),
                books: format!("{}-{}", books.start(), books.end()),
                games: run.record.settings.games,
                tickets: run.ticket_count(),
            },
            games: night
                .games()
                .iter()
                .map(|g| GameSummary {
                    id: g.id,
                    name: g.name.clone(),
                    prizes: g.prizes.name(),
                    books: g.books.to_string(),
                    game: g.books.game(),
                    calls: g.calls.len(),
                    ended: g.ended(),
                })
                .collect(),
            game: night.current().map(|g| game_view(g, run, caller.then(|| night.watch()).flatten())),
        }
    }
}

fn game_view(g: &Game, run: &NightRun, watch: Option<(Prize, super::watch::WatchCounts)>) -> GameView {
    let prizes = Prize::of(g.prizes);
    GameView {
        id: g.id,
        name: g.name.clone(),
        prizes: g.prizes.name(),
        books: g.books.to_string(),
        game: g.books.game(),
        colour: g.books.game().and_then(|n| run.colour_of(n)).map(String::from),
        books_in_play: g.books.len(),
        prize: g.prize().map(Prize::name),
        prize_list: prizes
            .iter()
            .enumerate()
            .map(|(i, p)| PrizeLine {
                prize: p.name(),
                state: match i.cmp(&g.closed.len()) {
                    std::cmp::Ordering::Less => "won",
                    std::cmp::Ordering::Equal => "playing",
                    std::cmp::Ordering::Greater => "waiting",
                },
                after_call: g.closed.get(i).map(|c| c.1),
            })
            .collect(),
        calls: g.calls.numbers().to_vec(),
        drawn: g.call_log.iter().map(|c| c.drawn).collect(),
        last: g.calls.numbers().last().copied(),
        count: g.calls.len(),
        commitment: g.commitment.clone(),
        seed: g.revealed_seed().map(str::to_string),
        ended: g.ended(),
        claims: g
            .claims
            .iter()
            .rev()
            .take(CLAIMS_SHOWN)
            .map(|(at, c)| ClaimLine {
                at: at.clone(),
                serial: c.serial.clone(),
                prize: c.prize.clone(),
                verdict: c.verdict,
                calls: c.calls,
                message: c.message.clone(),
            })
            .collect(),
        watch: watch.map(|(p, c)| WatchView { prize: p.name(), complete: c.complete, one_away: c.one_away }),
    }
}

//! What the desk and the board are sent: the night's state as JSON. The caller's view adds
//! the watch counts, which are for the caller only.

use serde::Serialize;

use super::event_log::EventLog;
use super::game::Game;
use super::projection::{ClaimLine, GameHead};
use super::run::NightRun;
use super::state::{open_prizes, Night};
use super::watch::WatchCounts;
use housie_core::rules::Standing;

/// The night as the desk and the board see it.
#[derive(Serialize)]
pub struct StateView {
    /// Grows with every change: the sequence number of the last event.
    pub version: i64,
    /// The run being played.
    pub run: RunView,
    /// Every game of the night, oldest first.
    pub games: Vec<GameSummary>,
    /// The game on the desk (the one created last), if any.
    pub game: Option<GameView>,
    /// Set when the night's database was removed or replaced while serving: changes are refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost: Option<String>,
}

/// The run being played.
#[derive(Serialize)]
pub struct RunView {
    /// Its title.
    pub title: String,
    /// Its books, as ranges (`1-500`).
    pub books: String,
    /// Games per booklet in a run of booklets (a new game then needs its `game`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<u16>,
    /// How many tickets it holds.
    pub tickets: usize,
    /// The board's highest number (90 for 90-ball): the board shows 1 to it.
    pub numbers: u8,
    /// On 75-ball, the board's rows under B I N G O, and the letter each call is said with.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub heads: Vec<super::face::BoardRow>,
    /// The code of the run the night is kept with (`4821-0937`), as its print files show it.
    pub code: String,
}

/// A game, as the list of games shows it.
#[derive(Serialize)]
pub struct GameSummary {
    /// Its number in the night.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its prize set.
    pub prizes: String,
    /// The books in play, as ranges.
    pub books: String,
    /// In a run of booklets, which game of each booklet (`books` are then booklets).
    pub game: Option<u16>,
    /// Numbers called.
    pub calls: usize,
    /// Whether it has ended.
    pub ended: bool,
}

/// The game on the desk, whole.
#[derive(Serialize)]
pub struct GameView {
    /// Which game, its prizes and its draw.
    #[serde(flatten)]
    pub head: GameHead,
    /// The colour of the game's pages in a run of booklets, e.g. `Lime`.
    pub colour: Option<String>,
    /// How many books are in play.
    pub books_in_play: u64,
    /// The prize being played in a set played in order, `null` otherwise or once every prize
    /// has been won.
    pub prize: Option<String>,
    /// The prizes open now.
    pub open: Vec<String>,
    /// Every prize of the set and where it stands.
    pub prize_list: Vec<PrizeLine>,
    /// The numbers called, in order.
    pub calls: Vec<u8>,
    /// For each number of the board (index 0 unused), whether it has been called.
    pub drawn: Vec<bool>,
    /// The last number called.
    pub last: Option<u8>,
    /// How many numbers have been called.
    pub count: usize,
    /// Whether the game has ended.
    pub ended: bool,
    /// The latest claims, newest first.
    pub claims: Vec<ClaimLine>,
    /// Tickets barred by the bogey rule.
    pub barred: Vec<String>,
    /// Claims raised from phones, waiting for the caller, in the order the desk takes them
    /// ([`super::game::Game::queue`]: proven claims first, then requests an address at a time).
    pub queue: Vec<QueueLine>,
    /// For the caller: the open prizes' counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watch: Option<Vec<WatchView>>,
}

/// A prize of the game and where it stands.
#[derive(Serialize)]
pub struct PrizeLine {
    /// Its name.
    pub prize: String,
    /// What it needs, in words.
    pub needs: String,
    /// `won` (every place), `playing` (open) or `waiting` (played in order, not yet open).
    pub state: &'static str,
    /// How many places it has.
    pub places: u8,
    /// The places won so far, first place first.
    pub won: Vec<PlaceView>,
    /// For a won prize, how many calls stood when its last place was won.
    pub after_call: Option<usize>,
    /// For a jackpot ("within N calls"), whether it can still be won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<JackpotLine>,
}

/// A jackpot prize's state: what the desk shows beside it.
#[derive(Serialize)]
pub struct JackpotLine {
    /// The calls it must be won within.
    pub within: u8,
    /// `won` (its first place won within them), `alive` (the calls so far are within them)
    /// or `consolation` (past them: it is now played for its consolation).
    pub state: &'static str,
    /// Calls left for the jackpot while it is alive (0 at its last call).
    pub left: usize,
}

impl JackpotLine {
    /// The jackpot of `prize` after `calls` calls, its first place won at `won` if it was.
    fn of(prize: &housie_core::rules::Prize, calls: usize, won: Option<usize>) -> Option<JackpotLine> {
        let within = prize.within()?;
        let n = usize::from(within);
        let state = match won {
            Some(call) if call <= n => "won",
            _ if calls <= n => "alive",
            _ => "consolation",
        };
        Some(JackpotLine { within, state, left: if state == "alive" { n - calls } else { 0 } })
    }
}

/// A place of a prize, won.
#[derive(Serialize)]
pub struct PlaceView {
    /// The place (1 for the first).
    pub place: usize,
    /// The call that won it.
    pub call: usize,
    /// The winning serials (empty when the caller moved on without naming one).
    pub winners: Vec<String>,
}

/// A claim raised from a phone, waiting for the caller.
#[derive(Serialize)]
pub struct QueueLine {
    /// The ticket claimed for.
    pub serial: String,
    /// `phone` (with its address, for the caller).
    pub source: String,
    /// When it was raised.
    pub at: String,
    /// How many numbers stood when it was raised.
    pub call: usize,
    /// A book kept for phones: there is no paper to check.
    pub phone_only: bool,
    /// Sent without the ticket's code: a request, which never bars the ticket.
    pub unproven: bool,
}

/// An open prize's counts, for the caller.
#[derive(Serialize)]
pub struct WatchView {
    /// The prize.
    pub prize: String,
    /// Tickets in play that have completed the prize.
    pub complete: u64,
    /// Tickets in play one number away from it.
    pub one_away: u64,
}

/// How many claims the desk shows.
const CLAIMS_SHOWN: usize = 50;

impl StateView {
    /// The night as the desk (`caller`) or the board sees it.
    pub fn of<L: EventLog>(night: &Night<L>, caller: bool) -> StateView {
        let run = &night.run;
        let books = run.books();
        StateView {
            version: night.version(),
            run: RunView {
                title: run.record.settings.title.clone(),
                books: format!("{}-{}", books.start(), books.end()),
                games: run.record.settings.games,
                tickets: run.ticket_count(),
                numbers: run.record.card_format.numbers(),
                heads: super::face::board_rows(run.record.card_format),
                code: run.code(),
            },
            games: night
                .games()
                .iter()
                .map(|g| GameSummary {
                    id: g.id,
                    name: g.name.clone(),
                    prizes: g.set.name().to_string(),
                    books: g.books.to_string(),
                    game: g.books.game(),
                    calls: g.calls.len(),
                    ended: g.ended(),
                })
                .collect(),
            game: night.current().map(|g| game_view(g, night, caller)),
            lost: night.lost().map(str::to_string),
        }
    }
}

fn game_view<L: EventLog>(g: &Game, night: &Night<L>, caller: bool) -> GameView {
    let run: &NightRun = &night.run;
    let watch: Option<Vec<(&str, WatchCounts)>> = caller.then(|| night.watch());
    let phone_only = night.ledger().phone_only();
    GameView {
        head: GameHead::of(g),
        colour: g.books.game().and_then(|n| run.colour_of(n)).map(String::from),
        books_in_play: g.books.len(),
        prize: g.prize_in_order().map(|i| g.set.prizes()[i].name().to_string()),
        open: open_prizes(g).into_iter().map(String::from).collect(),
        prize_list: g
            .set
            .prizes()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let places = g.progress.places(i);
                PrizeLine {
                    prize: p.name().to_string(),
                    needs: p.describe(),
                    state: match g.progress.standing(&g.set, i) {
                        Standing::Won => "won",
                        Standing::Open => "playing",
                        Standing::Waiting => "waiting",
                    },
                    places: p.places(),
                    won: places
                        .iter()
                        .enumerate()
                        .map(|(k, pl)| PlaceView { place: k + 1, call: pl.call, winners: pl.winners.clone() })
                        .collect(),
                    after_call: places.last().map(|pl| pl.call),
                    jackpot: JackpotLine::of(p, g.calls.len(), places.first().map(|pl| pl.call)),
                }
            })
            .collect(),
        calls: g.calls.numbers().to_vec(),
        drawn: g.call_log.iter().map(|c| c.drawn).collect(),
        last: g.calls.numbers().last().copied(),
        count: g.calls.len(),
        ended: g.ended(),
        claims: g
            .claims
            .iter()
            .rev()
            .take(CLAIMS_SHOWN)
            .map(|(at, c)| ClaimLine::of(at, c, |s| shown_source(s, caller)))
            .collect(),
        barred: g.barred.keys().cloned().collect(),
        queue: g
            .queue()
            .into_iter()
            .map(|r| QueueLine {
                serial: r.serial.clone(),
                source: shown_source(&r.source, caller),
                at: r.at.clone(),
                call: r.calls,
                phone_only: night.numbering().parse(&r.serial).is_ok_and(|s| phone_only.contains(s.booklet())),
                unproven: r.unproven,
            })
            .collect(),
        watch: watch.map(|w| {
            w.into_iter()
                .map(|(p, c)| WatchView { prize: p.to_string(), complete: c.complete, one_away: c.one_away })
                .collect()
        }),
    }
}

/// A claim's source as shown: the phone's address only to the caller.
fn shown_source(source: &str, caller: bool) -> String {
    if caller {
        source.to_string()
    } else {
        source.split(' ').next().unwrap_or_default().to_string()
    }
}

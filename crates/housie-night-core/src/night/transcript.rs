//! The night's record: every game, its calls in order (and the ones taken back), every claim
//! with its time, verdict and call count, and the draw seeds of the games that have ended.
//! `housie night DIR` prints it; the desk offers it as a download.

use std::fmt::Write as _;

use serde::Serialize;

use super::game::{Game, Log};
use super::projection::{ClaimLine, GameHead};
use super::seal::Seal;
use crate::ledger::{Cashup, Ledger};
use housie_core::domain::text::escape;
use housie_core::domain::Numbering;
use housie_core::rules::Opens;

/// The night's record: what `housie night` prints and `/api/record` serves.
#[derive(Serialize, Debug)]
pub struct NightRecord {
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// The cash-up of the night's ledger, once anything is in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub money: Option<Cashup>,
    /// The seal of the whole log as read (see [`Seal`]); not in the desk's record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seal: Option<Seal>,
}

/// One game of the night as the record shows it.
#[derive(Serialize, Debug)]
pub struct GameRecord {
    /// Which game, its prizes and its draw.
    #[serde(flatten)]
    pub head: GameHead,
    /// When it was created (UTC).
    pub started_at: String,
    /// When it ended (UTC), if it has.
    pub ended_at: Option<String>,
    /// The draw protocol its order follows (`housie draws --protocol N`): 2, or 1 for games
    /// of housie 0.2.
    pub draw: u8,
    /// The calls standing, in order.
    pub calls: Vec<CallLine>,
    /// Calls taken back.
    pub undone: Vec<UndoneLine>,
    /// Every win recorded, and every one taken back, in order.
    pub prizes_won: Vec<PrizeWon>,
    /// Every claim, in order.
    pub claims: Vec<ClaimLine>,
    /// Every claim raised from a phone, in order, settled or not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub raised: Vec<RaisedRecord>,
    /// Bars the caller lifted, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bars_lifted: Vec<BarLiftedRecord>,
}

/// A claim raised from a phone.
#[derive(Serialize, Debug)]
pub struct RaisedRecord {
    /// When (UTC).
    pub at: String,
    /// The ticket.
    pub serial: String,
    /// Where it came from.
    pub source: String,
    /// How many numbers had been called.
    pub call: usize,
    /// It is no longer waiting: the caller has checked it, or the holder's proven claim took
    /// its place.
    pub settled: bool,
    /// Sent without the ticket's code: a request, which never bars the ticket.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unproven: bool,
}

/// A bar lifted by the caller.
#[derive(Serialize, Debug)]
pub struct BarLiftedRecord {
    /// When (UTC).
    pub at: String,
    /// The ticket.
    pub serial: String,
}

/// One call.
#[derive(Serialize, Debug)]
pub struct CallLine {
    /// Its place in the order (1-based).
    pub call: usize,
    /// The number called.
    pub number: u8,
    /// Drawn by housie rather than typed.
    pub drawn: bool,
    /// When (UTC).
    pub at: String,
}

/// A call taken back.
#[derive(Serialize, Debug)]
pub struct UndoneLine {
    /// The number taken back.
    pub number: u8,
    /// When (UTC).
    pub at: String,
    /// How many calls stood once it was taken back.
    pub calls_left: usize,
}

/// A win the caller recorded, or took back.
#[derive(Serialize, Debug)]
pub struct PrizeWon {
    /// The prize's name.
    pub prize: String,
    /// 1 for the first place.
    pub place: usize,
    /// The winner the caller confirmed; `null` when the caller moved on without naming one.
    pub serial: Option<String>,
    /// How many calls stood.
    pub after_call: usize,
    /// When (UTC).
    pub at: String,
    /// Taken back before the next call.
    pub taken_back: bool,
}

impl NightRecord {
    /// The record of a night's log: its `events` replayed as `housie serve` replays them,
    /// against `run` (every win judged again on the tickets and the calls) or, for a night kept
    /// without its run, as books alone; sealed over its `rows`. Refused at the first event the
    /// live commands could not have written, with its number and why.
    pub fn replayed(
        run: Option<&super::run::NightRun>,
        events: &[super::event::Stored],
        rows: &[super::log_line::Row],
    ) -> Result<NightRecord, (i64, String)> {
        let log = match run {
            Some(run) => Log::of(run),
            None => Log { numbering: Numbering::BOOKS, books: 1..=u64::MAX, run: None },
        };
        let (games, ledger) = log.replay(events)?;
        let mut record = NightRecord::of(&games, &ledger);
        record.seal = Seal::of(rows, None);
        Ok(record)
    }

    /// The record of these games and this ledger.
    pub fn of(games: &[Game], ledger: &Ledger) -> NightRecord {
        NightRecord {
            games: games.iter().map(game_record).collect(),
            money: (!ledger.is_empty()).then(|| ledger.cashup()),
            seal: None,
        }
    }

    /// The record as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a night record serialises");
        s.push('\n');
        s
    }

    /// The record as text, one game after another. What people typed (names, serials) is
    /// escaped, so no text in the log can forge a line or steer a terminal.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.games.is_empty() {
            out.push_str("no games yet\n");
        }
        for g in &self.games {
            game_text(&mut out, g);
        }
        if let Some(money) = &self.money {
            out.push_str(&money.to_text());
        }
        if let Some(seal) = &self.seal {
            let _ = writeln!(out, "{}", seal_line(seal));
        }
        out
    }
}

/// One game of the record as text: its head, draw, calls, wins, claims raised and settled, and
/// bars lifted.
fn game_text(out: &mut String, g: &GameRecord) {
    let ended = g.ended_at.as_deref().map_or("still playing".to_string(), |at| format!("ended {at}"));
    let opens = match g.head.opens {
        Opens::Together => "",
        Opens::InOrder => ", in order",
    };
    let bogey = if g.head.bogey { ", bogey rule" } else { "" };
    let _ = writeln!(
        out,
        "Game {}: {} ({}{opens}{bogey}, {}), started {}, {ended}",
        g.head.id,
        escape(&g.head.name),
        escape(&g.head.prizes),
        match g.head.game {
            Some(game) => format!("booklets {}, game {game}", g.head.books),
            None if g.head.unsold.is_empty() => format!("books {}", g.head.books),
            None => format!("books {} but tickets {}", g.head.books, g.head.unsold),
        },
        g.started_at
    );
    let _ = writeln!(out, "  draw seed SHA-256 {}", g.head.commitment);
    if let Some(seed) = &g.head.seed {
        let seed = escape(seed);
        let protocol = if g.draw == 1 { "--protocol 1 " } else { "" };
        let _ = writeln!(out, "  draw seed {seed} (recompute: housie draws {protocol}{seed})");
    }
    let numbers: Vec<String> =
        g.calls.iter().map(|c| if c.drawn { format!("{}*", c.number) } else { c.number.to_string() }).collect();
    let calls = if g.calls.len() == 1 { "call" } else { "calls" };
    let _ = writeln!(out, "  {} {calls} (* drawn by housie): {}", g.calls.len(), numbers.join(" "));
    for u in &g.undone {
        let _ = writeln!(out, "  undone: {} at {} ({} calls left)", u.number, u.at, u.calls_left);
    }
    for p in &g.prizes_won {
        let place = housie_core::rules::progress::ordinal(p.place);
        let who = match &p.serial {
            Some(s) => format!("won by {}", escape(s)),
            None => "won: the caller moved on".to_string(),
        };
        let back = if p.taken_back { "taken back: " } else { "" };
        let _ =
            writeln!(out, "  {back}{} ({place} place) {who} after call {} at {}", escape(&p.prize), p.after_call, p.at);
    }
    for r in &g.raised {
        let waiting = if r.settled { "" } else { " [never checked]" };
        let waiting = if r.unproven { format!(" [no code]{waiting}") } else { waiting.to_string() };
        let _ = writeln!(
            out,
            "  raised {}  call {:>2}  {:<12} from {}{waiting}",
            r.at,
            r.call,
            escape(&r.serial),
            escape(&r.source)
        );
    }
    for c in &g.claims {
        let prize = c.prize.as_deref().map_or("-".into(), escape);
        let barred = if c.barred { " [barred]" } else { "" };
        let source = c.source.as_deref().map_or(String::new(), |s| format!(" [from {}]", escape(s)));
        let _ = writeln!(
            out,
            "  claim {}  call {:>2}  {:<12} {:<13} {}{barred}{source}",
            c.at,
            c.call,
            escape(&c.serial),
            prize,
            escape(&c.message)
        );
    }
    for b in &g.bars_lifted {
        let _ = writeln!(out, "  bar lifted {}  {}", b.at, escape(&b.serial));
    }
}

/// The line that gives the log's seal, for the record and the cash-up sheet.
pub fn seal_line(seal: &Seal) -> String {
    seal_line_in(seal, housie_core::support::catalogue::Catalogue::english())
}

/// The seal's line in the words of `words`.
pub fn seal_line_in(seal: &Seal, words: &housie_core::support::catalogue::Catalogue) -> String {
    use housie_core::support::catalogue::Arg;
    let text = seal.to_string();
    words.say_with("cashup-seal", &[("events", Arg::from(seal.events)), ("seal", Arg::from(&text))])
}

/// The cash-up sheet as text in `words`: the cash-up, then the log's seal when there is one.
/// What `housie cashup` prints and the desk's *Cash-up* link downloads, natively and in a page.
pub fn cashup_text(
    cashup: &crate::ledger::Cashup,
    seal: Option<&Seal>,
    words: &housie_core::support::catalogue::Catalogue,
) -> String {
    let mut text = cashup.to_text_in(words);
    if let Some(seal) = seal {
        text.push_str(&seal_line_in(seal, words));
        text.push('\n');
    }
    text
}

fn game_record(g: &Game) -> GameRecord {
    GameRecord {
        head: GameHead::of(g),
        started_at: g.created_at.clone(),
        ended_at: g.ended_at.clone(),
        draw: g.seed.protocol().number(),
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
            .wins
            .iter()
            .map(|w| PrizeWon {
                prize: w.prize.clone(),
                place: w.place,
                serial: w.serial.clone(),
                after_call: w.call,
                at: w.at.clone(),
                taken_back: w.taken_back,
            })
            .collect(),
        claims: g.claims.iter().map(|(at, c)| ClaimLine::of(at, c, str::to_string)).collect(),
        raised: g
            .raised_log
            .iter()
            .map(|r| RaisedRecord {
                at: r.at.clone(),
                serial: r.serial.clone(),
                source: r.source.clone(),
                call: r.calls,
                settled: !g.raised.iter().any(|w| w.at == r.at && w.serial == r.serial),
                unproven: r.unproven,
            })
            .collect(),
        bars_lifted: g
            .bars_lifted
            .iter()
            .map(|(at, serial)| BarLiftedRecord { at: at.clone(), serial: serial.clone() })
            .collect(),
    }
}

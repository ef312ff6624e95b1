//! The night's record: every game, its calls in order (and the ones taken back), every claim
//! with its time, verdict and call count, and the draw seeds of the games that have ended.
//! `housie night DIR` prints it; the desk offers it as a download.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::error::OpenError;
use super::game::{Game, Log};
use super::log_source::NightLog;
use super::projection::{ClaimLine, GameHead};
use super::store::{Seal, NIGHT_DB};
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

/// The night of the run in `dir`: one a chain, kept with its first run (see
/// [`housie_files::chain::night_home`]).
pub fn night_path(dir: &Path) -> std::path::PathBuf {
    housie_files::chain::night_home(dir).join(NIGHT_DB)
}

impl NightRecord {
    /// Reads DIR/night.sqlite without changing it; every event is checked as the server checks
    /// it, so an edited or damaged log is refused, naming the event.
    pub fn read(dir: &Path) -> Result<NightRecord, OpenError> {
        // The night is replayed as `serve` replays it: against the run (every run of its chain,
        // its tickets redrawn from the seed and compared with the manifest), so every win is
        // judged again on the tickets and the calls, and the night must be this run's. Without
        // run.json (a night kept on its own), the log is read as books, without the tickets.
        let run = match housie_files::record::read_record(dir) {
            Ok(_) => Some(super::run::NightRun::open(dir)?),
            Err(housie_core::error::Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e.into()),
        };
        let night = NightLog::of(dir)?;
        let (events, rows) = night.events(run.as_ref().map(|r| &r.id))?;
        let log = match &run {
            Some(run) => Log::of(run),
            None => Log { numbering: Numbering::BOOKS, books: 1..=u64::MAX, run: None },
        };
        let path = night.path().to_path_buf();
        let (games, ledger) = log.replay(&events).map_err(|(seq, message)| OpenError::Log { path, seq, message })?;
        let mut record = NightRecord::of(&games, &ledger);
        record.seal = Seal::of(&rows, None);
        Ok(record)
    }

    /// The books (booklets, in a run of booklets) sold in the night's ledger of the run in
    /// `dir`, as ranges: `None` when no night was played there or the hall sold none of its own.
    pub fn sold_in(dir: &Path) -> Result<Option<String>, OpenError> {
        if NightLog::find(dir).is_none() {
            return Ok(None);
        }
        let record = NightRecord::read(dir)?;
        // Only once the hall sells its own paper through the ledger (the remote players' alone
        // leave every book in play, as a new game's "all" does).
        Ok(record.money.filter(|m| m.sold != m.remote).map(|m| m.sold))
    }

    /// The record of these games and this ledger.
    pub fn of(games: &[Game], ledger: &Ledger) -> NightRecord {
        NightRecord {
            games: games.iter().map(game_record).collect(),
            money: (!ledger.is_empty()).then(|| ledger.cashup()),
            seal: None,
        }
    }

    /// Whether the night's log in `dir` still holds, unedited, the events `seal` (as written on
    /// the cash-up sheet, `42-3f9a1c2e5b7d9e0f`) covered: `Err` says what differs.
    pub fn check_seal(dir: &Path, seal: &str) -> Result<Result<(), String>, OpenError> {
        let bad = || format!("`{}` is not a seal like 42-3f9a1c2e5b7d9e0f", housie_core::domain::text::clip(seal, 40));
        let Some((count, hex)) = seal.trim().split_once('-') else { return Ok(Err(bad())) };
        // All 16 digits, as the sheet prints them: fewer would match more logs than the one sealed.
        let (Ok(count), true) = (count.parse::<usize>(), hex.len() == 16 && hex.chars().all(|c| c.is_ascii_hexdigit()))
        else {
            return Ok(Err(bad()));
        };
        let (_, rows) = NightLog::of(dir)?.rows(None)?;
        Ok(match Seal::of(&rows, Some(count)) {
            None => Err(format!("the log holds fewer than the {count} events sealed: events were removed")),
            Some(now) if now.sha256.starts_with(&hex.to_ascii_lowercase()) => Ok(()),
            Some(now) => Err(format!(
                "its first {count} events are not those sealed ({seal} was written; they read {now} now): the log was edited"
            )),
        })
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

//! One game of the night as its events leave it: the prize set and the books in play, the calls
//! in order, the places won, the claims, the tickets barred by the bogey rule, and the draw
//! seed (secret until the game ends).
//!
//! Every event goes through [`Log::check`] before it is applied, live and on replay alike: a
//! command is refused for the same reason a hand-edited log is, so a log that replays is one
//! the live commands could have written.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use super::draw::{DrawSeed, Protocol};
use super::error::{CommandError, Refused};
use super::event::{ClaimLog, Event, Stored};
use super::run::NightRun;
use crate::ledger::{Ledger, Units, Wins};

mod checks;
use housie_core::domain::text::check_plain;
use housie_core::domain::Numbering;

use housie_core::rules::{BookRanges, Calls, PrizeSet, Progress};
use housie_core::support::digest::sha256_hex;

/// A call with its time and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct CallRecord {
    /// The number called.
    pub number: u8,
    /// Drawn by housie rather than typed.
    pub drawn: bool,
    /// When (UTC).
    pub at: String,
}

/// A win as the caller confirmed it, or took it back.
#[derive(Clone, Debug, PartialEq)]
pub struct WinRecord {
    /// The prize's name.
    pub prize: String,
    /// 1 for the first place.
    pub place: usize,
    /// The winning serial; `None` when the caller moved on without naming it.
    pub serial: Option<String>,
    /// How many calls stood.
    pub call: usize,
    /// When (UTC).
    pub at: String,
    /// Taken back before the next call.
    pub taken_back: bool,
}

/// One game: its prizes, books, calls, wins and claims.
#[derive(Clone, Debug)]
pub struct Game {
    /// The game's number (1 for the first).
    pub id: i64,
    /// The game's name.
    pub name: String,
    /// The prize set it plays.
    pub set: PrizeSet,
    /// The bogey rule holds.
    pub bogey: bool,
    /// The books in play, without their tickets that are not.
    pub books: BookRanges,
    /// The tickets of books in play that are not, as logged (`12/4-6`; empty for none).
    pub unsold: String,
    /// The draw seed (secret until the game ends).
    pub seed: DrawSeed,
    /// SHA-256 of the draw seed, shown from the start.
    pub commitment: String,
    /// When it was created (UTC).
    pub created_at: String,
    /// The calls standing, in order.
    pub calls: Calls,
    /// The calls standing now, with time and source (undone calls are not here).
    pub call_log: Vec<CallRecord>,
    /// Calls taken back: the number, when, and how many calls stood before it.
    pub undone: Vec<(u8, String, usize)>,
    /// The places won of each prize.
    pub progress: Progress,
    /// Every win and take-back, in order.
    pub wins: Vec<WinRecord>,
    /// When it ended (UTC), if it has.
    pub ended_at: Option<String>,
    /// Every claim with its time.
    pub claims: Vec<(String, ClaimLog)>,
    /// Tickets barred by the bogey rule, with the call of their false claim.
    pub barred: BTreeMap<String, usize>,
    /// Bars the caller lifted: when, and the ticket.
    pub bars_lifted: Vec<(String, String)>,
    /// Claims raised from phones that the caller has not settled yet, oldest first.
    pub raised: Vec<Raised>,
    /// Every claim raised from a phone, settled or not, in order.
    pub raised_log: Vec<Raised>,
}

/// A claim raised from a phone, waiting for the caller.
#[derive(Clone, Debug, PartialEq)]
pub struct Raised {
    /// The ticket's serial, as the run writes it.
    pub serial: String,
    /// Where it came from (`phone 10.0.0.7`).
    pub source: String,
    /// When (UTC).
    pub at: String,
    /// How many numbers had been called.
    pub calls: usize,
    /// Sent without the ticket's code: a request to the caller, which never bars the ticket.
    pub unproven: bool,
}

impl Game {
    /// The claims waiting for the caller in the order the desk takes them: every claim sent
    /// with its ticket's code first, oldest first (its holder proved the paper is theirs);
    /// then the requests without a code, one from each address in turn, so a burst from one
    /// phone waits behind everyone else's first request rather than in front of it.
    pub fn queue(&self) -> Vec<&Raised> {
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let mut order: Vec<(bool, usize, usize, &Raised)> = self
            .raised
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let turn = if r.unproven {
                    let n = seen.entry(r.source.as_str()).or_insert(0);
                    *n += 1;
                    *n
                } else {
                    0
                };
                (r.unproven, turn, i, r)
            })
            .collect();
        order.sort_by_key(|&(unproven, turn, i, _)| (unproven, turn, i));
        order.into_iter().map(|(.., r)| r).collect()
    }
}

/// The most proven claims from phones waiting at once: past it, a phone is asked to wait.
pub const RAISED_MAX: usize = 100;
/// The most requests (claims without the ticket's code) waiting at once; they have their own
/// places, so strangers filling them never keep out a holder's proven claim.
pub const UNPROVEN_MAX: usize = 50;
/// The most of those requests one source (an address: a phone, or a whole hall behind one
/// router) holds at once: the rest are kept for everyone else.
pub const UNPROVEN_PER_SOURCE: usize = 40;
/// The most characters of a claim's source.
pub const SOURCE_MAX: usize = 60;

/// What events are checked against: how the run writes serials, its books, and (when the run
/// is at hand) its tickets, to check that a confirmed winner's claim stands.
#[derive(Clone)]
pub struct Log<'a> {
    /// How the run writes its serials.
    pub numbering: Numbering,
    /// The run's book numbers.
    pub books: RangeInclusive<u64>,
    /// The run's tickets, to check that a confirmed winner's claim stands (`None` when reading a record without the run).
    pub run: Option<&'a NightRun>,
}

/// The most characters a game's name may have.
pub const GAME_NAME_MAX: usize = 80;
/// The most characters of a logged claim's message.
const MESSAGE_MAX: usize = 600;

impl Log<'_> {
    /// The log of the night of `run`.
    pub fn of(run: &NightRun) -> Log<'_> {
        Log { numbering: run.record.settings.numbering(), books: run.books(), run: Some(run) }
    }

    /// The board's highest number: the run's card format's (90 without a run).
    pub fn board(&self) -> u8 {
        self.run.map_or(90, |r| r.record.card_format.numbers())
    }

    /// The units paper is sold in: the run's books, or its booklets in a run of booklets.
    pub fn units(&self) -> RangeInclusive<u64> {
        self.numbering.booklet(*self.books.start())..=self.numbering.booklet(*self.books.end())
    }

    /// The night's empty ledger, in the run's units: booklets sold whole, or books sold
    /// whole, by the half sheet or by the ticket.
    pub fn ledger(&self) -> Ledger {
        let ledger = Ledger::new(self.units());
        if self.numbering.games().is_some() {
            ledger.of_booklets()
        } else {
            ledger.selling_tickets(self.run.map_or(6, |r| r.per_book()) as u64)
        }
    }

    /// Why `event` for game `game` could not have been written now, given `games` and the
    /// ledger.
    pub fn check(&self, games: &[Game], ledger: &Ledger, game: i64, event: &Event) -> Result<(), CommandError> {
        if let (Event::Money { entry }, 0) = (event, game) {
            // A sale while a game runs is for the games not yet started: a game plays the paper
            // in play when it was created, so nothing bought now joins a game half played.
            return ledger.check(entry, &Confirmed(games)).map_err(|e| invalid(e.to_string()));
        }
        if let (Event::PhoneOnly { units }, 0) = (event, game) {
            let units = Units::parse(units, ledger.run()).map_err(|e| invalid(e.to_string()))?;
            return if units.is_empty() { Err(invalid("no units kept for phones")) } else { Ok(()) };
        }
        if event.is_night_event() {
            return if game == 0 { Ok(()) } else { Err(invalid(format!("a night event stored with game {game}"))) };
        }
        if let Event::GameCreated { .. } = event {
            let next = games.len() as i64 + 1;
            if game != next {
                return Err(invalid(format!("creates game {game}, but the next game is {next}")));
            }
            return self.new_game(game, event, "").map(|_| ()).map_err(invalid);
        }
        let Some(g) = usize::try_from(game).ok().and_then(|i| i.checked_sub(1)).and_then(|i| games.get(i)) else {
            return Err(CommandError::new(Refused::NotFound, format!("there is no game {game}")));
        };
        g.check(event, self, ledger)
    }

    /// The game a `GameCreated` event starts, checked.
    fn new_game(&self, id: i64, event: &Event, at: &str) -> Result<Game, String> {
        let Event::GameCreated { name, prizes, set, bogey, books, unsold, game, commitment, seed, draw } = event else {
            return Err("not a new game".into());
        };
        check_name(name)?;
        let set = match set {
            Some(spec) => PrizeSet::from_spec(spec).map_err(|problems| {
                let first = problems.first().map_or(String::new(), |p| format!("{}: {}", p.key, p.message));
                format!("prize set `{}`: {first}", housie_core::domain::text::clip(&spec.name, 40))
            })?,
            None => PrizeSet::legacy(prizes).ok_or_else(|| format!("`{prizes}` is not a prize set"))?,
        };
        if set.name() != prizes {
            return Err(format!(
                "it names the prize set `{}`, but plays `{}`",
                housie_core::domain::text::clip(prizes, 40),
                housie_core::domain::text::clip(set.name(), 40)
            ));
        }
        // housie writes the books in play as ranges, never empty or `all`.
        let parsed = BookRanges::parse(books, self.books.clone(), self.numbering, *game).map_err(|e| e.to_string())?;
        if parsed.to_string() != *books {
            return Err(format!(
                "books: `{}` is not written as housie writes it",
                housie_core::domain::text::clip(books, 40)
            ));
        }
        let books = self.without_unsold(parsed, unsold)?;
        if sha256_hex(seed) != *commitment {
            return Err("the draw seed does not match its commitment".into());
        }
        let seed = match draw {
            Protocol::V1 => DrawSeed::recorded(seed, Protocol::V1),
            Protocol::V2 => DrawSeed::parse(seed).map_err(|_| "the draw seed is not 64 hex digits".to_string())?,
        };
        Ok(Game {
            id,
            name: name.clone(),
            progress: Progress::new(&set),
            set,
            bogey: *bogey,
            books,
            unsold: unsold.clone(),
            seed,
            commitment: commitment.clone(),
            created_at: at.to_string(),
            calls: Calls::new(),
            call_log: Vec::new(),
            undone: Vec::new(),
            wins: Vec::new(),
            ended_at: None,
            claims: Vec::new(),
            barred: BTreeMap::new(),
            bars_lifted: Vec::new(),
            raised: Vec::new(),
            raised_log: Vec::new(),
        })
    }

    /// `books` without the tickets `unsold` names (`12/4-6`), checked: written as housie
    /// writes it, and only tickets of books in play.
    fn without_unsold(&self, books: BookRanges, unsold: &str) -> Result<BookRanges, String> {
        if unsold.is_empty() {
            return Ok(books);
        }
        let paper = self.ledger().paper();
        let tickets = paper.parse(unsold, self.units()).map_err(|e| format!("unsold: {e}"))?;
        // Written as housie writes it, which is never a whole book: that is not in play.
        let written = paper.show(&tickets);
        if written != unsold || written.split(", ").any(|part| !part.contains('/')) {
            return Err(format!(
                "unsold: `{}` is not written as housie writes it",
                housie_core::domain::text::clip(unsold, 40)
            ));
        }
        let listed: Vec<(u64, u8)> = paper.tickets(&tickets).collect();
        let count = listed.len();
        let books = books.without(listed);
        if books.unsold().len() != count {
            return Err("unsold: tickets of books that are not in play".into());
        }
        Ok(books)
    }

    /// Applies a checked event to `games` or the ledger.
    pub fn apply(&self, games: &mut Vec<Game>, ledger: &mut Ledger, stored: &Stored) {
        if let Event::Money { entry } = &stored.event {
            ledger.apply(entry, &Confirmed(games));
            return;
        }
        if let Event::PhoneOnly { units } = &stored.event {
            if let Ok(units) = Units::parse(units, ledger.run()) {
                ledger.keep_for_phones(&units);
            }
            return;
        }
        if let Event::GameCreated { .. } = stored.event {
            let game = self.new_game(stored.game, &stored.event, &stored.at).expect("checked before it was applied");
            games.push(game);
            return;
        }
        if let Some(g) = usize::try_from(stored.game - 1).ok().and_then(|i| games.get_mut(i)) {
            g.apply(stored);
        }
    }

    /// The games and the ledger a log describes, each event checked as the live commands check
    /// it; the first event that could not have been written is named with the reason.
    pub fn replay(&self, events: &[Stored]) -> Result<(Vec<Game>, Ledger), (i64, String)> {
        let (mut games, mut ledger) = (Vec::new(), self.ledger());
        for stored in events {
            self.check(&games, &ledger, stored.game, &stored.event)
                .map_err(|why| (stored.seq, format!("{}: {}", stored.event.kind(), why.message)))?;
            self.apply(&mut games, &mut ledger, stored);
        }
        Ok((games, ledger))
    }
}

fn invalid(message: impl Into<String>) -> CommandError {
    CommandError::new(Refused::Invalid, message)
}

fn conflict(message: impl Into<String>) -> CommandError {
    CommandError::new(Refused::Conflict, message)
}

/// The wins the caller confirmed in the games so far and not taken back, which prizes are paid
/// against.
pub struct Confirmed<'a>(pub &'a [Game]);

impl Wins for Confirmed<'_> {
    fn place(&self, game: i64, prize: &str, serial: &str) -> Option<usize> {
        let g = self.0.iter().find(|g| g.id == game)?;
        let i = g.set.find(prize)?;
        g.progress.places(i).iter().position(|p| p.winners.iter().any(|w| w == serial)).map(|k| k + 1)
    }

    fn sharers(&self, game: i64, prize: &str, place: usize) -> usize {
        let shared = || {
            let g = self.0.iter().find(|g| g.id == game)?;
            let p = g.progress.places(g.set.find(prize)?).get(place.checked_sub(1)?)?;
            Some(p.winners.len())
        };
        shared().unwrap_or(0).max(1)
    }

    fn running(&self, unit: u64, ticket: Option<u8>) -> Option<i64> {
        let holds = |g: &Game| ticket.map_or(g.books.has_unit(unit), |t| g.books.holds(unit, t));
        self.0.iter().find(|g| !g.ended() && holds(g)).map(|g| g.id)
    }

    fn won(&self) -> Vec<(i64, String)> {
        let mut won = Vec::new();
        for g in self.0 {
            for i in 0..g.set.prizes().len() {
                for place in g.progress.places(i) {
                    won.extend(place.winners.iter().map(|w| (g.id, w.clone())));
                }
            }
        }
        won
    }
}

/// A game's name: 1–80 characters, nothing that could forge a line where it is shown.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.chars().count() > GAME_NAME_MAX {
        return Err(format!("name: give the game a name of 1–{GAME_NAME_MAX} characters"));
    }
    check_plain(name).map_err(|e| format!("name: {e}"))
}

impl Game {
    /// Applies a checked event of this game.
    fn apply(&mut self, stored: &Stored) {
        let calls = self.calls.len();
        match &stored.event {
            Event::GameCreated { .. } | Event::TokenRotated | Event::Money { .. } | Event::PhoneOnly { .. } => {}
            Event::Raised { serial, source, unproven } => {
                let raised = Raised {
                    serial: serial.clone(),
                    source: source.clone(),
                    at: stored.at.clone(),
                    calls,
                    unproven: *unproven,
                };
                // The holder's proven claim takes the place of a request for the same ticket.
                self.raised.retain(|r| r.serial != *serial);
                self.raised.push(raised.clone());
                self.raised_log.push(raised);
            }
            Event::BarLifted { serial } => {
                self.barred.remove(serial);
                self.bars_lifted.push((stored.at.clone(), serial.clone()));
            }
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
            Event::PrizeClosed { prize, serial } => {
                let Some(i) = self.set.find(prize) else { return };
                let place = self.progress.place_for(&self.set, i, calls).unwrap_or(0);
                let serial = serial.as_ref().map(|s| s.trim().to_string());
                self.progress.win(i, serial.clone(), calls, &stored.at);
                self.record_win(i, place, serial, &stored.at, false);
            }
            Event::PrizeReopened { prize } => {
                let Some(i) = self.set.find(prize) else { return };
                let place = self.progress.places(i).len();
                let serial = self.progress.places(i).last().and_then(|p| p.winners.last().cloned());
                self.progress.take_back(i);
                self.record_win(i, place, serial, &stored.at, true);
            }
            Event::Ended => self.ended_at = Some(stored.at.clone()),
            Event::Claimed(log) => {
                if log.barred {
                    self.barred.entry(log.serial.clone()).or_insert(log.calls);
                }
                self.raised.retain(|r| r.serial != log.serial);
                self.claims.push((stored.at.clone(), log.clone()));
            }
        }
    }

    fn record_win(&mut self, prize: usize, place: usize, serial: Option<String>, at: &str, taken_back: bool) {
        let name = self.set.prizes()[prize].name().to_string();
        let call = self.calls.len();
        self.wins.push(WinRecord { prize: name, place, serial, call, at: at.to_string(), taken_back });
    }

    /// The prize being played, in a set played in order: the first one open. In a set whose
    /// prizes open together, `None` (every open prize is played).
    pub fn prize_in_order(&self) -> Option<usize> {
        match self.set.opens() {
            housie_core::rules::Opens::InOrder => self.progress.current(&self.set),
            housie_core::rules::Opens::Together => None,
        }
    }

    /// Every place of every prize has been won.
    pub fn all_won(&self) -> bool {
        self.progress.all_won(&self.set)
    }

    /// Whether the game has ended.
    pub fn ended(&self) -> bool {
        self.ended_at.is_some()
    }

    /// The draw seed, once the game has ended.
    pub fn revealed_seed(&self) -> Option<&str> {
        self.ended().then(|| self.seed.text())
    }
}

#[cfg(test)]
mod tests;

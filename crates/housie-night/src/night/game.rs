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
use crate::ledger::{Entry, Ledger, Units, Wins};
use housie_core::domain::text::check_plain;
use housie_core::domain::Numbering;
use housie_core::rules::verdict::{judge, read_serial, SERIAL_MAX};
use housie_core::rules::{BookRanges, Calls, PrizeSet, Progress, Standing};
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
    /// The books in play.
    pub books: BookRanges,
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

/// The most proven claims from phones waiting at once: past it, a phone is asked to wait.
pub const RAISED_MAX: usize = 100;
/// The most requests (claims without the ticket's code) waiting at once; they have their own
/// places, so strangers filling them never keep out a holder's proven claim.
pub const UNPROVEN_MAX: usize = 50;
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

    /// The night's empty ledger, in the run's units.
    pub fn ledger(&self) -> Ledger {
        let ledger = Ledger::new(self.units());
        if self.numbering.games().is_some() {
            ledger.of_booklets()
        } else {
            ledger
        }
    }

    /// Why `event` for game `game` could not have been written now, given `games` and the
    /// ledger.
    pub fn check(&self, games: &[Game], ledger: &Ledger, game: i64, event: &Event) -> Result<(), CommandError> {
        if let (Event::Money { entry }, 0) = (event, game) {
            ledger.check(entry, &Confirmed(games)).map_err(|e| invalid(e.to_string()))?;
            return self.not_playing(games, ledger, entry);
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
        g.check(event, self)
    }

    /// The game a `GameCreated` event starts, checked.
    fn new_game(&self, id: i64, event: &Event, at: &str) -> Result<Game, String> {
        let Event::GameCreated { name, prizes, set, bogey, books, game, commitment, seed, draw } = event else {
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
        let books = parsed;
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

    /// Refuses a sale of paper in play in a game that has started and not ended: a ticket
    /// bought then would join a game half played.
    fn not_playing(&self, games: &[Game], ledger: &Ledger, entry: &Entry) -> Result<(), CommandError> {
        let Entry::Sold { units, .. } = entry else { return Ok(()) };
        let Ok(selling) = Units::parse(units, ledger.run()) else { return Ok(()) };
        for g in games.iter().filter(|g| !g.ended() && !g.calls.is_empty()) {
            let in_play = Units::of_sorted(g.books.spans());
            let both = selling.and(&in_play);
            if !both.is_empty() {
                let unit = ledger.unit();
                return Err(invalid(format!("{unit} {both} are in play in {}, which has started", g.name)));
            }
        }
        Ok(())
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
}

/// A game's name: 1–80 characters, nothing that could forge a line where it is shown.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.chars().count() > GAME_NAME_MAX {
        return Err(format!("name: give the game a name of 1–{GAME_NAME_MAX} characters"));
    }
    check_plain(name).map_err(|e| format!("name: {e}"))
}

impl Game {
    /// Why `event` could not happen to this game now.
    fn check(&self, event: &Event, log: &Log<'_>) -> Result<(), CommandError> {
        match event {
            Event::GameCreated { .. } | Event::TokenRotated | Event::Money { .. } | Event::PhoneOnly { .. } => {
                Err(invalid("not an event of a game"))
            }
            Event::Raised { serial, source, unproven } => self.check_raised(serial, source, *unproven, log),
            Event::BarLifted { serial } => self.check_bar_lifted(serial),
            Event::Called { number, drawn } => self.check_called(*number, *drawn, log.board()),
            Event::Undone { number } => self.check_undone(*number),
            Event::PrizeClosed { prize, serial } => self.check_win(prize, serial.as_deref(), log),
            Event::PrizeReopened { prize } => self.check_take_back(prize),
            Event::Ended => self.open(),
            Event::Claimed(claim) => self.check_claim_log(claim),
        }
    }

    /// `Ok` while the game has not ended.
    fn open(&self) -> Result<(), CommandError> {
        if self.ended() {
            Err(conflict(format!("{} has ended", self.name)).said("refused-ended", [("game", self.name.clone())]))
        } else {
            Ok(())
        }
    }

    /// The prize of this game named `name`.
    fn prize(&self, name: &str) -> Result<usize, CommandError> {
        self.set.find(name).ok_or_else(|| {
            invalid(format!("{} has no prize `{}`", self.name, housie_core::domain::text::clip(name, 40)))
        })
    }

    /// A claim raised from a phone: a serial in play, not barred, not waiting already, with
    /// room in its queue.
    fn check_raised(&self, serial: &str, source: &str, unproven: bool, log: &Log<'_>) -> Result<(), CommandError> {
        self.open()?;
        let parsed = log.numbering.parse(serial).map_err(|e| invalid(e.to_string()))?;
        if parsed.to_string() != *serial {
            return Err(invalid(format!("the serial is written {parsed}")));
        }
        if !self.books.contains(parsed.book()) {
            return Err(conflict(format!("{serial} is not in play in {}", self.name)));
        }
        if source.is_empty() || source.chars().count() > SOURCE_MAX {
            return Err(invalid(format!("a claim's source is 1–{SOURCE_MAX} characters")));
        }
        check_plain(source).map_err(|e| invalid(format!("the source {e}")))?;
        if let Some(call) = self.barred.get(serial) {
            return Err(conflict(format!(
                "{serial} is barred for the rest of {} (a false claim at call {call}); ask the caller",
                self.name
            )));
        }
        // A proven claim is never held up by requests anyone could have sent.
        if self.raised.iter().any(|r| r.serial == *serial && (unproven || !r.unproven)) {
            return Err(conflict(format!("{serial}'s claim is already with the caller")));
        }
        let (waiting, most) = match unproven {
            false => (self.raised.iter().filter(|r| !r.unproven).count(), RAISED_MAX),
            true => (self.raised.iter().filter(|r| r.unproven).count(), UNPROVEN_MAX),
        };
        if waiting >= most {
            return Err(CommandError::new(
                Refused::Busy,
                format!("{most} claims are waiting for the caller; claim again in a moment"),
            ));
        }
        Ok(())
    }

    /// A bar lifted: the ticket is barred.
    fn check_bar_lifted(&self, serial: &str) -> Result<(), CommandError> {
        self.open()?;
        if !self.barred.contains_key(serial) {
            return Err(conflict(format!(
                "{} is not barred in {}",
                housie_core::domain::text::clip(serial, 40),
                self.name
            )));
        }
        Ok(())
    }

    /// A call: a number of the board (1 to `board`) not called yet, and the draw's next when
    /// housie drew it.
    fn check_called(&self, number: u8, drawn: bool, board: u8) -> Result<(), CommandError> {
        self.open()?;
        if !(1..=board).contains(&number) {
            return Err(invalid(format!("{number} is not a bingo number (1–{board})"))
                .said("refused-not-a-number", [("number", number.to_string())]));
        }
        if let Some(k) = self.calls.at(number) {
            return Err(conflict(format!("{number} was already called (call {k})"))
                .said("refused-already-called", [("number", number.to_string()), ("call", k.to_string())]));
        }
        if drawn {
            let next = self.seed.next(|n| self.calls.at(n).is_some());
            if next != Some(number) {
                return Err(conflict(format!("{number} is not the next number of the game's draw")));
            }
        }
        Ok(())
    }

    /// An undo: of the last call, which won nothing.
    fn check_undone(&self, number: u8) -> Result<(), CommandError> {
        self.open()?;
        let Some(&last) = self.calls.numbers().last() else {
            return Err(conflict("there is no call to undo").said("refused-no-undo", []));
        };
        if number != last {
            return Err(conflict(format!("it takes back {number}, but the last call is {last}")));
        }
        if self.progress.won_at(self.calls.len()) {
            return Err(conflict(format!(
                "{last} won a prize; take that win back first (`r` on the desk), then undo the call"
            ))
            .said("refused-undo-won", [("number", last.to_string())]));
        }
        Ok(())
    }

    /// A place won: the prize can be won now, and a named winner's claim stands on its ticket
    /// and the calls.
    fn check_win(&self, name: &str, serial: Option<&str>, log: &Log<'_>) -> Result<(), CommandError> {
        self.open()?;
        let i = self.prize(name)?;
        if self.calls.is_empty() {
            return Err(conflict("no number has been called yet").said("refused-no-calls", []));
        }
        if self.progress.place_for(&self.set, i, self.calls.len()).is_none() {
            let why = match self.progress.standing(&self.set, i) {
                Standing::Won => "every place of it has been won",
                Standing::Waiting => "the prize before it is still being played",
                Standing::Open => "it is not open",
            };
            return Err(conflict(format!("{} cannot be won now: {why}", self.set.prizes()[i].name())));
        }
        let Some(serial) = serial else { return Ok(()) };
        if serial.chars().count() > SERIAL_MAX {
            return Err(invalid("the winner's serial is too long"));
        }
        let Some(run) = log.run else {
            return check_plain(serial).map_err(|e| invalid(format!("the winner's serial {e}")));
        };
        let s =
            read_serial(log.numbering, serial, |s| run.index_of(s).is_some()).map_err(|e| invalid(e.to_string()))?;
        let Some(index) = run.index_of(s) else {
            return Err(CommandError::new(Refused::NotFound, format!("{s} is not in this run")));
        };
        if !self.books.contains(s.book()) || run.is_forged(s) {
            return Err(conflict(format!("{s} cannot win in {}", self.name)));
        }
        if let Some(call) = self.barred.get(&s.to_string()) {
            return Err(conflict(format!("{s} was barred by its false claim at call {call}"))
                .said("refused-barred", [("serial", s.to_string()), ("call", call.to_string())]));
        }
        let won_now =
            |p: &housie_core::rules::progress::Place| p.call == self.calls.len() && p.winners.contains(&s.to_string());
        if self.progress.places(i).last().is_some_and(won_now) {
            return Err(conflict(format!("{s} has already won {} at this call", self.set.prizes()[i].name())).said(
                "refused-already-won",
                [("serial", s.to_string()), ("prize", self.set.prizes()[i].name().to_string())],
            ));
        }
        let j = judge(run.ticket(index), &self.calls, &self.set, Some(&self.progress));
        if !j.stands.iter().any(|&(p, _)| p == i) {
            return Err(conflict(format!(
                "{s}'s claim does not stand for {}: {}",
                self.set.prizes()[i].name(),
                j.message
            )));
        }
        Ok(())
    }

    /// A win taken back: one was recorded since the last call.
    fn check_take_back(&self, name: &str) -> Result<(), CommandError> {
        self.open()?;
        let i = self.prize(name)?;
        if !self.progress.can_take_back(i, self.calls.len()) {
            return Err(conflict(format!(
                "{} has no win to take back since the last call (a win can be taken back until the next call)",
                self.set.prizes()[i].name()
            )));
        }
        Ok(())
    }

    /// A logged claim: as short and plain as the desk writes it, at the calls that stood,
    /// barred only as the bogey rule bars.
    fn check_claim_log(&self, log: &ClaimLog) -> Result<(), CommandError> {
        if log.serial.chars().count() > SERIAL_MAX + 1 {
            return Err(invalid("a logged serial is longer than any claim keeps"));
        }
        check_plain(&log.serial).map_err(|e| invalid(format!("the logged serial {e}")))?;
        if log.message.chars().count() > MESSAGE_MAX {
            return Err(invalid("a logged message is longer than any claim writes"));
        }
        if log.calls != self.calls.len() {
            return Err(invalid(format!("logged at call {}, but {} numbers stood", log.calls, self.calls.len())));
        }
        if log.barred && !(self.bogey && log.verdict.is_false_claim()) {
            return Err(invalid("a ticket barred without a false claim under the bogey rule"));
        }
        if let Some(source) = &log.source {
            if source.chars().count() > SOURCE_MAX {
                return Err(invalid("a logged source is longer than any claim keeps"));
            }
            check_plain(source).map_err(|e| invalid(format!("the logged source {e}")))?;
        }
        Ok(())
    }

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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn log() -> Log<'static> {
        Log { numbering: Numbering::BOOKS, books: 1..=10, run: None }
    }

    fn created(seed: &str) -> Event {
        Event::GameCreated {
            name: "Game 1".into(),
            prizes: "tambola".into(),
            set: Some(PrizeSet::shipped("tambola").unwrap().spec()),
            bogey: true,
            books: "1-10".into(),
            game: None,
            commitment: sha256_hex(seed),
            seed: seed.into(),
            draw: Protocol::V1,
        }
    }

    fn stored(seq: i64, game: i64, event: Event) -> Stored {
        Stored { seq, at: "2026-11-23T19:00:00.000Z".into(), game, event }
    }

    #[test]
    fn an_edited_log_is_named_by_its_event() {
        let good = [stored(1, 1, created("s")), stored(2, 1, Event::Called { number: 17, drawn: false })];
        assert_eq!(log().replay(&good).unwrap().0[0].calls.numbers(), [17]);
        let cases = [
            (Event::Called { number: 91, drawn: false }, "called: 91 is not a bingo number (1–90)"),
            (Event::Called { number: 17, drawn: false }, "called: 17 was already called (call 1)"),
            (Event::Undone { number: 5 }, "undone: it takes back 5, but the last call is 17"),
            (
                Event::PrizeClosed { prize: "pyramid".into(), serial: None },
                "prize_closed: Game 1 has no prize `pyramid`",
            ),
        ];
        for (event, why) in cases {
            let mut events = good.to_vec();
            events.push(stored(3, 1, event));
            assert_eq!(log().replay(&events).unwrap_err(), (3, why.to_string()));
        }
        let mut forged = good.to_vec();
        let mut edited = created("s");
        if let Event::GameCreated { commitment, .. } = &mut edited {
            *commitment = sha256_hex("t");
        }
        forged[0] = stored(1, 1, edited);
        assert_eq!(log().replay(&forged).unwrap_err().1, "game_created: the draw seed does not match its commitment");
        let other_game = [stored(1, 1, created("s")), stored(2, 7, Event::Ended)];
        assert_eq!(log().replay(&other_game).unwrap_err().1, "ended: there is no game 7");
        let mut renamed = created("s");
        if let Event::GameCreated { name, .. } = &mut renamed {
            *name = "fake\ndraw seed 00".into();
        }
        let named = [stored(1, 1, renamed)];
        assert!(log().replay(&named).unwrap_err().1.contains("U+000A"));
    }

    fn any_event() -> impl Strategy<Value = Event> {
        prop_oneof![
            Just(created("s")),
            (any::<u8>(), any::<bool>()).prop_map(|(number, drawn)| Event::Called { number, drawn }),
            any::<u8>().prop_map(|number| Event::Undone { number }),
            (prop_oneof![Just("top line".to_string()), ".{0,12}"], proptest::option::of(".{0,50}"))
                .prop_map(|(prize, serial)| Event::PrizeClosed { prize, serial }),
            ".{0,12}".prop_map(|prize| Event::PrizeReopened { prize }),
            Just(Event::Ended),
            Just(Event::TokenRotated),
            Just(Event::Money {
                entry: crate::ledger::Entry::Opened { currency: crate::ledger::Currency::GBP, regime: None }
            }),
            (".{0,8}", 0i64..2000).prop_map(|(units, p)| Event::Money {
                entry: crate::ledger::Entry::Sold {
                    units,
                    price: crate::ledger::Money::from_minor(p),
                    seller: None,
                    buyer: None,
                    how: Default::default(),
                    remote: false
                }
            }),
            (".{0,20}", ".{0,12}").prop_map(|(serial, prize)| Event::Money {
                entry: crate::ledger::Entry::PrizePaid {
                    game: 1,
                    prize,
                    serial,
                    amount: crate::ledger::Money::from_minor(100),
                    how: Default::default()
                }
            }),
            (".{0,50}", any::<usize>(), any::<bool>()).prop_map(|(serial, calls, barred)| Event::Claimed(ClaimLog {
                serial,
                prize: None,
                verdict: housie_core::rules::Verdict::Incomplete,
                calls: calls % 100,
                message: "m".into(),
                stands: Vec::new(),
                barred,
                source: None,
            })),
            (".{0,20}", ".{0,20}", any::<bool>()).prop_map(|(serial, source, unproven)| Event::Raised {
                serial,
                source,
                unproven
            }),
            ".{0,20}".prop_map(|serial| Event::BarLifted { serial }),
            ".{0,12}".prop_map(|units| Event::PhoneOnly { units }),
        ]
    }

    proptest! {
        /// Random logs, valid or not, replay or are refused: never a panic.
        #[test]
        fn replay_never_panics(events in proptest::collection::vec((0i64..4, any_event()), 0..60)) {
            let events: Vec<Stored> = events.into_iter().enumerate().map(|(i, (g, e))| stored(i as i64 + 1, g, e)).collect();
            let _ = log().replay(&events);
        }
    }
}

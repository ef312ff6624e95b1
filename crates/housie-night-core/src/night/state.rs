//! The night as the server holds it: the run, the database, the games replayed from the event
//! log, and the watch of the current game. Every command builds one event, checks it with the
//! same [`Log::check`] a replay uses, appends it (committed before it is acknowledged), then
//! applies it in memory exactly as a restart replays it.

use std::sync::Arc;

use super::claim::{settle, ClaimView};
use super::draw::{DrawSeed, Entropy};
use super::error::{CommandError, OpenError, Refused};
use super::event::{ClaimLog, Event, Stored, Verdict};
use super::event_log::EventLog;
use super::game::{check_name, Game, Log};
use super::run::NightRun;
use super::watch::{Watch, WatchCounts};
use crate::ledger::{Currency, Ledger, Regime, Units};
use housie_core::domain::text::clip;
use housie_core::rules::verdict::{read_serial, SerialInput};
use housie_core::rules::{BookRanges, Opens, PrizeSet, Standing};

/// The night as the server (or a page) holds it, its events kept in `L`: the SQLite log of
/// `housie serve` (in `housie-night`), or a page's (a [`super::event_log::MemoryLog`]).
pub struct Night<L: EventLog> {
    /// The run the night plays.
    pub run: Arc<NightRun>,
    pub(super) store: L,
    pub(super) games: Vec<Game>,
    /// The night's paper and money.
    pub(super) ledger: Ledger,
    /// The currency a first money entry sets (`housie serve --currency`).
    pub(super) currency: Currency,
    /// The regime a first money entry sets (`housie serve --regime`).
    pub(super) regime: Option<Regime>,
    /// Prize sets the desk offers besides the shipped ones (`housie serve --prizes FILE`).
    custom_sets: Vec<PrizeSet>,
    /// The watch of the current (last created) game.
    watch: Option<Watch>,
    /// The last event's sequence number: the state's version.
    version: i64,
    /// Where each game's secret draw seed comes from.
    entropy: Entropy,
}

/// Which prize set a new game plays.
#[derive(Clone, Debug)]
pub enum PrizeChoice {
    /// A shipped set, or one the server was given, by name.
    Named(String),
    /// A set written as TOML (uploaded from the desk).
    Toml(String),
}

/// A win the caller confirmed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Won {
    /// The prize.
    pub prize: String,
    /// The place taken.
    pub place: usize,
    /// Shared with another ticket that won it at the same call.
    pub shared: bool,
}

impl<L: EventLog> Night<L> {
    /// The night of `run` whose events `log` keeps, replayed, every event checked, each new
    /// game's secret seed drawn from `entropy`: the same rules whatever keeps the log and
    /// wherever the entropy comes from.
    pub fn over(run: NightRun, log: L, entropy: Entropy) -> Result<Night<L>, OpenError> {
        let events = log.read(0)?;
        let version = events.last().map_or(0, |e| e.seq);
        let (games, ledger) = Log::of(&run).replay(&events).map_err(|(seq, message)| OpenError::Log {
            path: housie_core::record::NIGHT_LOG.into(),
            seq,
            message,
        })?;
        let mut night = Night {
            run: Arc::new(run),
            store: log,
            games,
            ledger,
            currency: Currency::GBP,
            regime: None,
            custom_sets: Vec::new(),
            watch: None,
            version,
            entropy,
        };
        night.rebuild_watch();
        Ok(night)
    }

    /// Draws each new game's secret seed from `entropy` from now on.
    pub fn set_entropy(&mut self, entropy: Entropy) {
        self.entropy = entropy;
    }

    /// The log the night's events are kept in.
    pub fn log(&self) -> &L {
        &self.store
    }

    /// The log the night's events are kept in, for what only that kind of log does (the
    /// native log's serving address).
    pub fn log_mut(&mut self) -> &mut L {
        &mut self.store
    }

    /// The log, the night closed.
    pub fn into_log(self) -> L {
        self.store
    }

    /// Why changes are refused, once the log was found gone from under the night (for the
    /// SQLite log: its file removed, replaced or truncated).
    pub fn lost(&self) -> Option<&str> {
        self.store.lost()
    }

    /// Takes in the runs of the night's chain made since it opened (a top-up generated while it
    /// runs): `run` is the whole chain read again. Its books can be sold, issued and played from
    /// now on; the log is replayed against it, every event checked, so nothing recorded changes.
    /// `Ok(false)` when `run` holds nothing new.
    pub fn grow(&mut self, run: NightRun) -> Result<bool, String> {
        let (now, then) = (run.books(), self.run.books());
        if run.id != self.run.id || now.start() != then.start() || now.end() <= then.end() {
            return Ok(false);
        }
        let events = self.store.read(0).map_err(|e| e.to_string())?;
        let (games, ledger) = Log::of(&run).replay(&events).map_err(|(seq, m)| format!("event {seq}: {m}"))?;
        (self.run, self.games, self.ledger) = (Arc::new(run), games, ledger);
        self.rebuild_watch();
        Ok(true)
    }

    /// The sequence number of the last event.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// Every game, in order.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The game on the desk: the one created last.
    pub fn current(&self) -> Option<&Game> {
        self.games.last()
    }

    /// The current game's open prizes with their counts.
    pub fn watch(&self) -> Vec<(&str, WatchCounts)> {
        self.watch.as_ref().map(Watch::counts).unwrap_or_default()
    }

    /// Adds a prize set the desk offers by name.
    pub fn add_prize_set(&mut self, set: PrizeSet) {
        self.custom_sets.retain(|s| s.name() != set.name());
        self.custom_sets.push(set);
    }

    /// Every set the desk offers: the shipped ones, then the server's own; those drawn on the
    /// run's card.
    pub fn prize_sets(&self) -> Vec<PrizeSet> {
        let shipped = housie_core::rules::prize::SHIPPED.iter().filter_map(|(n, _)| PrizeSet::shipped(n));
        shipped.chain(self.custom_sets.iter().cloned()).filter(|s| s.card() == self.card()).collect()
    }

    /// The kind of card the run's paper is.
    fn card(&self) -> housie_core::domain::format::Card {
        housie_core::domain::format::Card::of(self.run.record.card_format)
    }

    pub(super) fn game(&self, id: i64) -> Result<&Game, CommandError> {
        usize::try_from(id).ok().and_then(|i| i.checked_sub(1)).and_then(|i| self.games.get(i)).ok_or_else(|| {
            CommandError::new(Refused::NotFound, format!("there is no game {id}"))
                .said("refused-no-game", [("game", id.to_string())])
        })
    }

    /// How the run writes its serials.
    pub fn numbering(&self) -> housie_core::domain::Numbering {
        self.run.record.settings.numbering()
    }

    /// The prize set a choice names, checked.
    pub fn prize_set(&self, choice: &PrizeChoice) -> Result<PrizeSet, CommandError> {
        let invalid = |m: String| CommandError::new(Refused::Invalid, m);
        let set = self.any_prize_set(choice)?;
        if set.card() != self.card() {
            let (name, set_card, card) = (clip(set.name(), 40), set.card().name(), self.card().name());
            return Err(invalid(format!(
                "prizes: `{name}` is a set of {set_card} prizes; this run is of {card} cards"
            )));
        }
        Ok(set)
    }

    /// The prize set a choice names, whatever its card.
    fn any_prize_set(&self, choice: &PrizeChoice) -> Result<PrizeSet, CommandError> {
        let invalid = |m: String| CommandError::new(Refused::Invalid, m);
        match choice {
            PrizeChoice::Named(name) => self
                .custom_sets
                .iter()
                .find(|s| s.name() == *name)
                .cloned()
                .or_else(|| PrizeSet::shipped(name))
                .ok_or_else(|| {
                    let names: Vec<String> = self.prize_sets().into_iter().map(|s| s.name().to_string()).collect();
                    invalid(format!("prizes: `{}` is not a prize set here: {}", clip(name, 40), names.join(", ")))
                }),
            PrizeChoice::Toml(text) => {
                PrizeSet::parse(text, "the prize file").map_err(|e| invalid(format!("prizes: {e}")))
            }
        }
    }

    /// Creates a game: its name, prize set and books in play (`all` or ranges), whether the
    /// bogey rule holds, with a fresh secret draw seed whose SHA-256 is shown from now on.
    pub fn create_game(
        &mut self,
        name: &str,
        prizes: &PrizeChoice,
        books: &str,
        game: Option<u16>,
        bogey: bool,
    ) -> Result<i64, CommandError> {
        let name = housie_core::domain::text::normal_name(name);
        let name = name.as_str();
        check_name(name).map_err(|e| CommandError::new(Refused::Invalid, e))?;
        housie_core::domain::text::check_name(name)
            .map_err(|e| CommandError::new(Refused::Invalid, format!("name: {e}")))?;
        let set = self.prize_set(prizes)?;
        // Once the hall's paper is sold through the ledger, a game plays what was sold: `all`
        // means the books sold (remote players' with them), and a book that was not sold cannot
        // be in play. Until then, every book is.
        // A book sold in parts (half sheets, single tickets) is in play without its tickets
        // that were not sold.
        let (sold, paper) = (self.ledger.sold(), self.ledger.paper());
        let counted = self.ledger.hall_sells();
        let everything = books.trim().is_empty() || books.trim().eq_ignore_ascii_case("all");
        let books = if counted && everything { paper.units_of(sold).to_string() } else { books.to_string() };
        let books = BookRanges::parse(&books, self.run.books(), self.numbering(), game)
            .map_err(|e| CommandError::new(Refused::Invalid, e.to_string()))?;
        let mut unsold = Units::default();
        if counted {
            let asked = Units::of_sorted(books.spans());
            let none_sold = asked.minus(&paper.units_of(&sold.and(&paper.of_units(&asked))));
            if !none_sold.is_empty() {
                let what = if self.numbering().games().is_some() { "booklets" } else { "books" };
                return Err(CommandError::new(Refused::Invalid, format!("{what} {none_sold} were not sold")));
            }
            unsold = paper.of_units(&asked).minus(sold);
        }
        let books = books.without(paper.tickets(&unsold));
        let seed = DrawSeed::of_entropy((self.entropy)());
        let id = self.games.len() as i64 + 1;
        let event = Event::GameCreated {
            name: name.to_string(),
            prizes: set.name().to_string(),
            set: Some(set.spec()),
            bogey,
            books: books.to_string(),
            unsold: paper.show(&unsold),
            game: books.game(),
            commitment: seed.commitment(),
            seed: seed.text().to_string(),
            draw: seed.protocol(),
        };
        self.commit(id, event)?;
        Ok(id)
    }

    /// Records a number the caller called; returns its 1-based index.
    pub fn call(&mut self, id: i64, number: i64) -> Result<(usize, u8), CommandError> {
        self.game(id)?;
        let board = self.run.record.card_format.numbers();
        let number = u8::try_from(number).ok().filter(|n| (1..=board).contains(n)).ok_or_else(|| {
            CommandError::new(Refused::Invalid, format!("{number} is not a bingo number (1–{board})"))
                .said("refused-not-a-number", [("number", number.to_string())])
        })?;
        self.commit(id, Event::Called { number, drawn: false })?;
        Ok((self.game(id)?.calls.len(), number))
    }

    /// Draws the next number from the game's secret seed.
    pub fn draw(&mut self, id: i64) -> Result<(usize, u8), CommandError> {
        let game = self.game(id)?;
        if game.ended() {
            return Err(CommandError::new(Refused::Conflict, format!("{} has ended", game.name))
                .said("refused-ended", [("game", game.name.clone())]));
        }
        let numbers = self.run.record.card_format.numbers();
        let Some(n) = game.seed.next(numbers, |n| game.calls.at(n).is_some()) else {
            return Err(CommandError::new(Refused::Conflict, format!("all {numbers} numbers have been called"))
                .said("refused-all-called", [("numbers", numbers.to_string())]));
        };
        self.commit(id, Event::Called { number: n, drawn: true })?;
        Ok((self.game(id)?.calls.len(), n))
    }

    /// Takes back the last call; it stays in the log as a call and an undo.
    pub fn undo(&mut self, id: i64) -> Result<u8, CommandError> {
        let game = self.game(id)?;
        let Some(&n) = game.calls.numbers().last() else {
            return Err(CommandError::new(Refused::Conflict, "there is no call to undo").said("refused-no-undo", []));
        };
        self.commit(id, Event::Undone { number: n })?;
        Ok(n)
    }

    /// The prize a command names, or without a name the one being played (in a set played in
    /// order; a set whose prizes open together needs the name).
    fn named_prize(&self, game: &Game, prize: Option<&str>) -> Result<String, CommandError> {
        match prize {
            Some(name) => game.set.find(name).map(|i| game.set.prizes()[i].name().to_string()).ok_or_else(|| {
                CommandError::new(Refused::Invalid, format!("{} has no prize `{}`", game.name, clip(name, 40)))
            }),
            None => match game.set.opens() {
                Opens::InOrder => {
                    game.progress.current(&game.set).map(|i| game.set.prizes()[i].name().to_string()).ok_or_else(|| {
                        CommandError::new(Refused::Conflict, "every prize has been played")
                            .said("refused-all-played", [])
                    })
                }
                Opens::Together => Err(CommandError::new(
                    Refused::Invalid,
                    "prize: every prize of this game is open at once; say which one was won",
                )),
            },
        }
    }

    /// The caller moves on from a prize (the one being played, or `prize`) without naming its
    /// winner: one place of it is closed. Returns the prize being played next, if any.
    pub fn next_prize(&mut self, id: i64, prize: Option<&str>) -> Result<Option<String>, CommandError> {
        let game = self.game(id)?;
        let name = self.named_prize(game, prize)?;
        self.commit(id, Event::PrizeClosed { prize: name, serial: None })?;
        let game = self.game(id)?;
        Ok(game.progress.current(&game.set).map(|i| game.set.prizes()[i].name().to_string()))
    }

    /// The caller confirms a winner: `serial`'s claim stands now, for `prizes` (by default every
    /// prize it stands for). Each is recorded as a place won; winners at the same call share it.
    pub fn win(&mut self, id: i64, serial: &str, prizes: Option<&[String]>) -> Result<Vec<Won>, CommandError> {
        let game = self.game(id)?;
        let run = Arc::clone(&self.run);
        let s = read_serial(self.numbering(), run.record.card_format, serial, |s| run.index_of(s).is_some()).map_err(
            |e| match e {
                SerialInput::Malformed(m) => CommandError::new(Refused::Invalid, m).said("serial-malformed", []),
                SerialInput::Mistyped { message, suggestions } => CommandError {
                    kind: Refused::Invalid,
                    message,
                    suggestions: suggestions.iter().map(ToString::to_string).collect(),
                    said: None,
                }
                .said("serial-mistyped", []),
            },
        )?;
        if run.index_of(s).is_none() {
            return Err(
                CommandError::new(Refused::NotFound, format!("{s} is not in this run")).said("serial-unknown", [])
            );
        }
        let view = settle(&run, game, &self.ledger, s, true);
        let chosen: Vec<String> = match prizes {
            None if view.stands.is_empty() => {
                return Err(CommandError::new(
                    Refused::Conflict,
                    format!("{s}'s claim does not stand: {}", view.message),
                )
                .said("refused-does-not-stand", [("serial", s.to_string())]))
            }
            None => view.stands.iter().map(|w| w.prize.clone()).collect(),
            Some(names) => {
                let mut out = Vec::new();
                for name in names {
                    out.push(self.named_prize(game, Some(name))?);
                }
                out
            }
        };
        if chosen.is_empty() {
            return Err(CommandError::new(Refused::Invalid, "prizes: name at least one prize"));
        }
        // Every one is checked before any is recorded.
        for name in &chosen {
            if !view.stands.iter().any(|w| w.prize == *name) {
                return Err(CommandError::new(
                    Refused::Conflict,
                    format!("{s}'s claim does not stand for {name}: {}", view.message),
                )
                .said("refused-does-not-stand", [("serial", s.to_string())]));
            }
        }
        // One change: every prize won is recorded, or none is.
        let events =
            chosen.iter().map(|name| Event::PrizeClosed { prize: name.clone(), serial: Some(s.to_string()) }).collect();
        self.commit_all(id, events)?;
        let game = self.game(id)?;
        let mut won = Vec::new();
        for name in chosen {
            let place = view.stands.iter().find(|w| w.prize == name).map_or(1, |w| w.place);
            let i = game.set.find(&name).expect("a prize of the set");
            let shared = game.progress.places(i).get(place - 1).is_some_and(|p| p.winners.len() > 1);
            won.push(Won { prize: name, place, shared });
        }
        Ok(won)
    }

    /// Takes back the last win of `prize` (by default the last win recorded), before the next call.
    pub fn reopen(&mut self, id: i64, prize: Option<&str>) -> Result<String, CommandError> {
        let game = self.game(id)?;
        let name = match prize {
            Some(p) => self.named_prize(game, Some(p))?,
            None => {
                let calls = game.calls.len();
                let latest = (0..game.set.prizes().len())
                    .filter(|&i| game.progress.can_take_back(i, calls))
                    .max_by_key(|&i| game.progress.places(i).last().map(|p| p.at.clone()));
                match latest {
                    Some(i) => game.set.prizes()[i].name().to_string(),
                    None => {
                        return Err(CommandError::new(
                            Refused::Conflict,
                            "no win since the last call to take back (a win can be taken back until the next call)",
                        ))
                    }
                }
            }
        };
        self.commit(id, Event::PrizeReopened { prize: name.clone() })?;
        Ok(name)
    }

    /// Ends the game and reveals its draw seed.
    pub fn end(&mut self, id: i64) -> Result<String, CommandError> {
        self.game(id)?;
        self.commit(id, Event::Ended)?;
        Ok(self.game(id)?.seed.text().to_string())
    }

    /// Settles a claim by serial and logs it with its verdict. A serial that is not in the run
    /// is `NotFound`; one that is not a serial (or fails its check digit) is `Invalid`, with the
    /// run's serials one slip away.
    pub fn claim(&mut self, id: i64, text: &str) -> Result<ClaimView, CommandError> {
        let game = self.game(id)?;
        let calls = game.calls.len();
        let prize = game.prize_in_order().map(|i| game.set.prizes()[i].name().to_string());
        let log = |serial: String, verdict, message: &str| ClaimLog {
            serial,
            prize: prize.clone(),
            verdict,
            calls,
            message: clip(message, 400),
            stands: Vec::new(),
            barred: false,
            source: None,
        };
        let run = Arc::clone(&self.run);
        let typed = clip(text.trim(), housie_core::rules::verdict::SERIAL_MAX);
        let serial = match read_serial(self.numbering(), run.record.card_format, text, |s| run.index_of(s).is_some()) {
            Ok(s) if run.index_of(s).is_some() => s,
            Ok(s) => {
                let books = run.books();
                let e = CommandError::new(
                    Refused::NotFound,
                    format!("{s} is not in this run (books {}-{})", books.start(), books.end()),
                )
                .said("serial-unknown", []);
                self.commit(id, Event::Claimed(log(typed, Verdict::Unknown, &e.message)))?;
                return Err(e);
            }
            Err(e) => {
                let (message, suggestions, said) = match e {
                    SerialInput::Malformed(m) => (m, Vec::new(), "serial-malformed"),
                    SerialInput::Mistyped { message, suggestions } => (message, suggestions, "serial-mistyped"),
                };
                let e = CommandError {
                    kind: Refused::Invalid,
                    message,
                    suggestions: suggestions.iter().map(ToString::to_string).collect(),
                    said: None,
                }
                .said(said, []);
                self.commit(id, Event::Claimed(log(typed, Verdict::Malformed, &e.message)))?;
                return Err(e);
            }
        };
        let raised = game.raised.iter().find(|r| r.serial == serial.to_string());
        let view = settle(&run, game, &self.ledger, serial, !raised.is_some_and(|r| r.unproven));
        let source = raised.map(|r| r.source.clone());
        let mut entry = log(serial.to_string(), view.verdict, &view.message);
        entry.source = source;
        entry.stands = view.stands.iter().map(|w| w.prize.clone()).collect();
        entry.barred = view.barred;
        self.commit(id, Event::Claimed(entry))?;
        Ok(view)
    }

    /// Lifts the bogey rule's bar from `serial` in game `id`: it may claim again.
    pub fn lift_bar(&mut self, id: i64, serial: &str) -> Result<String, CommandError> {
        let game = self.game(id)?;
        let s = read_serial(self.numbering(), self.run.record.card_format, serial, |s| {
            game.barred.contains_key(&s.to_string())
        })
        .map_err(|e| CommandError::new(Refused::Invalid, e.to_string()))?
        .to_string();
        self.commit(id, Event::BarLifted { serial: s.clone() })?;
        Ok(s)
    }

    /// Checks the event as a replay would, stores it, then applies it: nothing is acknowledged
    /// before it is on disk.
    pub(super) fn commit(&mut self, game: i64, event: Event) -> Result<Stored, CommandError> {
        Log::of(&self.run).check(&self.games, &self.ledger, game, &event)?;
        let stored = self.store.append(game, std::slice::from_ref(&event)).map_err(CommandError::append)?.remove(0);
        self.apply(&stored);
        Ok(stored)
    }

    /// Checks events as a replay would, each after the ones before it, and stores them in one
    /// transaction, then applies them: all are recorded, or none.
    pub(super) fn commit_all(&mut self, game: i64, events: Vec<Event>) -> Result<Vec<Stored>, CommandError> {
        let log = Log::of(&self.run);
        let (mut games, mut ledger) = (self.games.clone(), self.ledger.clone());
        for (i, event) in events.iter().enumerate() {
            log.check(&games, &ledger, game, event)?;
            let trial = Stored { seq: self.version + 1 + i as i64, at: String::new(), game, event: event.clone() };
            log.apply(&mut games, &mut ledger, &trial);
        }
        let stored = self.store.append(game, &events).map_err(CommandError::append)?;
        for s in &stored {
            self.apply(s);
        }
        Ok(stored)
    }

    /// Applies a just-stored event, as a restart's replay would, and keeps the current game's
    /// watch up to date.
    fn apply(&mut self, stored: &Stored) {
        self.version = stored.seq;
        let run = Arc::clone(&self.run);
        let current = self.games.len() as i64;
        let calls_before = self.games.last().map_or(0, |g| g.calls.len());
        Log::of(&run).apply(&mut self.games, &mut self.ledger, stored);
        if let Event::GameCreated { .. } = stored.event {
            self.rebuild_watch();
            return;
        }
        if stored.game != current {
            return;
        }
        let Some(game) = self.games.last() else { return };
        let Some(watch) = self.watch.as_mut() else { return };
        match &stored.event {
            Event::Called { number, .. } if game.calls.len() > calls_before => watch.call(&run, *number, true),
            Event::Undone { number } if game.calls.len() < calls_before => watch.call(&run, *number, false),
            Event::PrizeClosed { .. } | Event::PrizeReopened { .. } => watch.set_progress(&run, &game.progress),
            _ => {}
        }
    }

    fn rebuild_watch(&mut self) {
        self.watch = self.games.last().map(|g| Watch::new(&self.run, &g.books, &g.set, &g.progress, g.calls.numbers()));
    }

    /// Everything stored, in order (for the night's record).
    pub fn events(&self) -> Result<Vec<Stored>, OpenError> {
        self.store.read(0)
    }
}

/// The prizes of `game` still open (for the board's "playing for").
pub fn open_prizes(game: &Game) -> Vec<&str> {
    (0..game.set.prizes().len())
        .filter(|&i| game.progress.standing(&game.set, i) == Standing::Open)
        .map(|i| game.set.prizes()[i].name())
        .collect()
}

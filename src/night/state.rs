//! The night as the server holds it: the run, the database, the games replayed from the event
//! log, and the watch of the current game. Every command checks first, then appends one event
//! (committed before it is acknowledged), then applies that same event in memory, the way a
//! restart replays it.

use super::books::BookRanges;
use super::claim::{settle, ClaimView};
use super::draw::DrawSeed;
use super::error::{CommandError, OpenError, Refused};
use super::event::{ClaimLog, Event, Stored, Verdict};
use super::game::{replay, Game};
use super::run::NightRun;
use super::store::{Store, NIGHT_DB};
use super::watch::{Watch, WatchCounts};
use crate::domain::{Serial, SerialError};
use crate::night::prizes::{Prize, PrizeSet};

pub struct Night {
    pub run: NightRun,
    store: Store,
    games: Vec<Game>,
    /// The watch of the current (last created) game.
    watch: Option<Watch>,
    /// The last event's sequence number: the state's version.
    version: i64,
}

impl Night {
    /// Opens the night of `run` (creating `DIR/night.sqlite` on first use) and replays it.
    pub fn open(run: NightRun) -> Result<Night, OpenError> {
        let store = Store::open(&run.dir.join(NIGHT_DB), &run.record_sha256)?;
        let events = store.events()?;
        let version = events.last().map_or(0, |e| e.seq);
        let games = replay(&events, run.record.settings.numbering());
        let mut night = Night { run, store, games, watch: None, version };
        night.rebuild_watch();
        Ok(night)
    }

    pub fn token(&self) -> &str {
        self.store.token()
    }

    pub fn version(&self) -> i64 {
        self.version
    }

    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The game on the desk: the one created last.
    pub fn current(&self) -> Option<&Game> {
        self.games.last()
    }

    pub fn watch(&self) -> Option<(Prize, WatchCounts)> {
        self.watch.as_ref().and_then(Watch::counts)
    }

    fn game(&self, id: i64) -> Result<&Game, CommandError> {
        usize::try_from(id)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| self.games.get(i))
            .ok_or_else(|| CommandError::new(Refused::NotFound, format!("there is no game {id}")))
    }

    fn open_game(&self, id: i64) -> Result<&Game, CommandError> {
        let game = self.game(id)?;
        if game.ended() {
            return Err(CommandError::new(Refused::Conflict, format!("{} has ended", game.name)));
        }
        Ok(game)
    }

    /// How the run writes its serials.
    pub fn numbering(&self) -> crate::domain::Numbering {
        self.run.record.settings.numbering()
    }

    /// Creates a game: its name, prize set and books in play (`all` or ranges), with a fresh
    /// secret draw seed whose SHA-256 is shown from now on.
    pub fn create_game(
        &mut self,
        name: &str,
        prizes: &str,
        books: &str,
        game: Option<u16>,
    ) -> Result<i64, CommandError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err(CommandError::new(Refused::Invalid, "name: give the game a name of 1–80 characters"));
        }
        let prizes: PrizeSet = prizes.parse().map_err(|e: String| CommandError::new(Refused::Invalid, e))?;
        let books = BookRanges::parse(books, self.run.books(), self.run.record.settings.numbering(), game)
            .map_err(|e| CommandError::new(Refused::Invalid, e.to_string()))?;
        let seed = DrawSeed::fresh();
        let id = self.games.len() as i64 + 1;
        let event = Event::GameCreated {
            name: name.to_string(),
            prizes,
            books: books.to_string(),
            game: books.game(),
            commitment: seed.commitment(),
            seed: seed.text().to_string(),
        };
        self.commit(id, event)?;
        Ok(id)
    }

    /// Records a number the caller called; returns its 1-based index.
    pub fn call(&mut self, id: i64, number: i64) -> Result<(usize, u8), CommandError> {
        let game = self.open_game(id)?;
        if !(1..=90).contains(&number) {
            return Err(CommandError::new(Refused::Invalid, format!("{number} is not a bingo number (1–90)")));
        }
        let n = number as u8;
        if let Some(k) = game.calls.at(n) {
            return Err(CommandError::new(Refused::Conflict, format!("{n} was already called (call {k})")));
        }
        self.commit(id, Event::Called { number: n, drawn: false })?;
        Ok((self.game(id)?.calls.len(), n))
    }

    /// Draws the next number from the game's secret seed.
    pub fn draw(&mut self, id: i64) -> Result<(usize, u8), CommandError> {
        let game = self.open_game(id)?;
        let Some(n) = game.seed.next(|n| game.calls.at(n).is_some()) else {
            return Err(CommandError::new(Refused::Conflict, "all 90 numbers have been called"));
        };
        self.commit(id, Event::Called { number: n, drawn: true })?;
        Ok((self.game(id)?.calls.len(), n))
    }

    /// Takes back the last call; it stays in the log as a call and an undo.
    pub fn undo(&mut self, id: i64) -> Result<u8, CommandError> {
        let game = self.open_game(id)?;
        let Some(&n) = game.calls.numbers().last() else {
            return Err(CommandError::new(Refused::Conflict, "there is no call to undo"));
        };
        if game.closed.last().is_some_and(|(_, at, _)| *at == game.calls.len()) {
            return Err(CommandError::new(
                Refused::Conflict,
                format!("{n} ended a prize the caller moved on from; it cannot be undone"),
            ));
        }
        self.commit(id, Event::Undone { number: n })?;
        Ok(n)
    }

    /// The caller moves on from the prize being played; returns the next one, if any.
    pub fn next_prize(&mut self, id: i64) -> Result<Option<Prize>, CommandError> {
        let game = self.open_game(id)?;
        let Some(prize) = game.prize() else {
            return Err(CommandError::new(Refused::Conflict, "every prize has been played"));
        };
        self.commit(id, Event::PrizeClosed { prize: prize.name().to_string() })?;
        Ok(self.game(id)?.prize())
    }

    /// Ends the game and reveals its draw seed.
    pub fn end(&mut self, id: i64) -> Result<String, CommandError> {
        self.open_game(id)?;
        self.commit(id, Event::Ended)?;
        Ok(self.game(id)?.seed.text().to_string())
    }

    /// Settles a claim by serial and logs it with its verdict. A serial that is not in the run
    /// is `NotFound`; one that is not a serial (or fails its check digit) is `Invalid`, with the
    /// run's serials one slip away.
    pub fn claim(&mut self, id: i64, text: &str) -> Result<ClaimView, CommandError> {
        let game = self.game(id)?;
        let text = text.trim();
        let calls = game.calls.len();
        let prize = game.prize().map(|p| p.name().to_string());
        let log = |verdict, message: &str| ClaimLog {
            serial: text.chars().take(40).collect(),
            prize: prize.clone(),
            verdict,
            calls,
            message: message.to_string(),
        };
        let numbering = self.run.record.settings.numbering();
        let refusal = match numbering.parse(text) {
            Ok(serial) if self.run.index_of(serial).is_some() => None,
            Ok(serial) => Some(CommandError::new(
                Refused::NotFound,
                format!("{serial} is not in this run (books {}-{})", self.run.books().start(), self.run.books().end()),
            )),
            Err(e @ SerialError::CheckDigit { .. }) => {
                let near: Vec<String> = numbering
                    .suggestions(text)
                    .into_iter()
                    .filter(|s| self.run.index_of(*s).is_some())
                    .map(|s| s.to_string())
                    .collect();
                let hint =
                    if near.is_empty() { String::new() } else { format!("; did you mean {}?", near.join(" or ")) };
                Some(CommandError { kind: Refused::Invalid, message: format!("{e}{hint}"), suggestions: near })
            }
            Err(e) => Some(CommandError::new(Refused::Invalid, e.to_string())),
        };
        if let Some(refusal) = refusal {
            let verdict = if refusal.kind == Refused::NotFound { Verdict::Unknown } else { Verdict::Malformed };
            self.commit(id, Event::Claimed(log(verdict, &refusal.message)))?;
            return Err(refusal);
        }
        let serial: Serial = numbering.parse(text).expect("parsed above");
        let view = settle(&self.run, game, serial);
        self.commit(id, Event::Claimed(log(view.verdict, &view.message)))?;
        Ok(view)
    }

    /// Stores the event, then applies it: nothing is acknowledged before it is on disk.
    fn commit(&mut self, game: i64, event: Event) -> Result<Stored, CommandError> {
        let stored = self.store.append(game, &event).map_err(CommandError::storage)?;
        self.apply(&stored);
        Ok(stored)
    }

    /// Applies a just-stored event, as a restart's replay would, and keeps the current game's
    /// watch up to date.
    fn apply(&mut self, stored: &Stored) {
        self.version = stored.seq;
        if let Some(game) = Game::created(stored, self.run.record.settings.numbering()) {
            self.games.push(game);
            self.rebuild_watch();
            return;
        }
        let current = self.games.len() as i64;
        let Some(game) = usize::try_from(stored.game - 1).ok().and_then(|i| self.games.get_mut(i)) else { return };
        let calls_before = game.calls.len();
        game.apply(stored);
        let (prize, calls) = (game.prize(), game.calls.len());
        let Some(watch) = self.watch.as_mut().filter(|_| stored.game == current) else { return };
        match &stored.event {
            Event::Called { number, .. } if calls > calls_before => watch.call(&self.run, *number, true),
            Event::Undone { number } if calls < calls_before => watch.call(&self.run, *number, false),
            Event::PrizeClosed { .. } => watch.set_prize(&self.run, prize),
            _ => {}
        }
    }

    fn rebuild_watch(&mut self) {
        self.watch = self.games.last().map(|g| Watch::new(&self.run, &g.books, g.prize(), g.calls.numbers()));
    }

    /// Everything stored, in order (for the night's record).
    pub fn events(&self) -> Result<Vec<Stored>, OpenError> {
        self.store.events()
    }
}

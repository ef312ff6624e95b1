//! Each event's check against the game it happens to: why it could not happen now, the same
//! reason live and on replay.

use super::super::error::{CommandError, Refused};
use super::super::event::{ClaimLog, Event};
use super::{conflict, invalid, Game, Log, MESSAGE_MAX, RAISED_MAX, SOURCE_MAX, UNPROVEN_MAX};
use crate::ledger::Ledger;
use housie_core::domain::text::check_plain;
use housie_core::rules::verdict::{judge_held, read_serial, SERIAL_MAX};
use housie_core::rules::Standing;

impl Game {
    /// Why `event` could not happen to this game now.
    pub(super) fn check(&self, event: &Event, log: &Log<'_>, ledger: &Ledger) -> Result<(), CommandError> {
        match event {
            Event::GameCreated { .. } | Event::TokenRotated | Event::Money { .. } | Event::PhoneOnly { .. } => {
                Err(invalid("not an event of a game"))
            }
            Event::Raised { serial, source, unproven } => self.check_raised(serial, source, *unproven, log),
            Event::BarLifted { serial } => self.check_bar_lifted(serial),
            Event::Called { number, drawn } => self.check_called(*number, *drawn, log.board()),
            Event::Undone { number } => self.check_undone(*number),
            Event::PrizeClosed { prize, serial } => self.check_win(prize, serial.as_deref(), log, ledger),
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
        if !self.books.holds(parsed.book(), parsed.ticket()) {
            return Err(conflict(format!("{serial} is not in play in {}", self.name))
                .said("refused-not-in-play", [("serial", serial.to_string()), ("game", self.name.clone())]));
        }
        if source.is_empty() || source.chars().count() > SOURCE_MAX {
            return Err(invalid(format!("a claim's source is 1–{SOURCE_MAX} characters")));
        }
        check_plain(source).map_err(|e| invalid(format!("the source {e}")))?;
        if let Some(call) = self.barred.get(serial) {
            return Err(conflict(format!(
                "{serial} is barred for the rest of {} (a false claim at call {call}); ask the caller",
                self.name
            ))
            .said(
                "refused-barred-rest",
                [("serial", serial.to_string()), ("game", self.name.clone()), ("call", call.to_string())],
            ));
        }
        // A proven claim is never held up by requests anyone could have sent.
        if self.raised.iter().any(|r| r.serial == *serial && (unproven || !r.unproven)) {
            return Err(conflict(format!("{serial}'s claim is already with the caller"))
                .said("refused-claim-waiting", [("serial", serial.to_string())]));
        }
        let (waiting, most) = match unproven {
            false => (self.raised.iter().filter(|r| !r.unproven).count(), RAISED_MAX),
            true => (self.raised.iter().filter(|r| r.unproven).count(), UNPROVEN_MAX),
        };
        if waiting >= most {
            return Err(CommandError::new(
                Refused::Busy,
                format!("{most} claims are waiting for the caller; claim again in a moment"),
            )
            .said("refused-queue-full", [("most", most.to_string())]));
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
            let next = self.seed.next(board, |n| self.calls.at(n).is_some());
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
    fn check_win(&self, name: &str, serial: Option<&str>, log: &Log<'_>, ledger: &Ledger) -> Result<(), CommandError> {
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
        let s = read_serial(log.numbering, run.record.card_format, serial, |s| run.index_of(s).is_some())
            .map_err(|e| invalid(e.to_string()))?;
        let Some(index) = run.index_of(s) else {
            return Err(CommandError::new(Refused::NotFound, format!("{s} is not in this run")));
        };
        if !self.books.holds(s.book(), s.ticket()) || run.is_forged(s) {
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
        let sheets = crate::night::claim::Sheets::of(run, self, ledger, s);
        let j = judge_held(run.ticket(index), sheets.held(), &self.calls, &self.set, Some(&self.progress));
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
}

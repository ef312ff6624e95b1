//! The night's money recorded: each ledger entry checked as a replay checks it, the currency set
//! by the first, an entry past the regime's limit refused until the caller confirms it, and a
//! batch tried on a copy first (the sales sheet's rows).

use super::error::{CommandError, Refused};
use super::event::Event;
use super::event_log::EventLog;
use super::game::Log;
use super::state::Night;
use crate::ledger::{Currency, Entry, Ledger, Regime};

impl<L: EventLog> Night<L> {
    /// The currency and regime the night's money is held to once a first entry sets them (the
    /// ledger's, once set).
    pub fn set_money(&mut self, currency: Currency, regime: Option<Regime>) {
        self.currency = currency;
        self.regime = regime;
    }

    /// The night's ledger.
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// Records a ledger entry, checked as a replay checks it; the night's currency (and regime)
    /// is recorded first if nothing has set it yet and the entry is money. An entry to confirm first (past the
    /// regime's limit, a payout above the takings, a name like another) is refused (409, with
    /// why) unless `over_limit` says the caller knows.
    pub fn record_money(&mut self, entry: Entry, over_limit: bool) -> Result<(), CommandError> {
        if self.ledger.currency().is_none() && entry.needs_currency() {
            let opened = Entry::Opened { currency: self.currency, regime: self.regime };
            self.commit(0, Event::Money { entry: opened })?;
        }
        let entry = self.ledger.normalised(entry);
        self.ledger.check_new(&entry, &super::game::Confirmed(&self.games)).map_err(CommandError::from)?;
        if let (false, Some(why)) = (over_limit, self.ledger.over_limit(&entry)) {
            let again = "send it again with \"over_limit\": true to record it anyway";
            return Err(CommandError::new(Refused::Conflict, format!("{why}; {again}")));
        }
        self.commit(0, Event::Money { entry })?;
        Ok(())
    }

    /// Checks `entries` as [`Night::record_money`] would record them one after another, on a
    /// copy of the ledger, recording nothing: the first that could not be written, by its index,
    /// with why; else each entry's warning to confirm first, if it has one (see
    /// [`Ledger::over_limit`]). Entries are taken as [`Ledger::normalised`] writes them.
    pub fn try_money(&self, entries: &[Entry]) -> Result<Vec<Option<String>>, (usize, CommandError)> {
        let mut trial = self.ledger.clone();
        let wins = super::game::Confirmed(&self.games);
        let mut warnings = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let entry = trial.normalised(entry.clone());
            let refused = |e: CommandError| (i, e);
            trial.check_new(&entry, &wins).map_err(|e| refused(CommandError::from(e)))?;
            let event = Event::Money { entry: entry.clone() };
            Log::of(&self.run).check(&self.games, &trial, 0, &event).map_err(refused)?;
            warnings.push(trial.over_limit(&entry));
            trial.apply(&entry, &wins);
        }
        Ok(warnings)
    }
}

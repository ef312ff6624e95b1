//! What keeps a sale from being voided: paper that won or was paid a prize was in play, so it
//! was sold; paper in play in a game being played may yet win. (Live rules: nights logged before them replay as they were.)

use super::{Ledger, LedgerError, Wins};

impl Ledger {
    /// Refuses to void sale `entry` while a prize paid on one of its tickets stands: the
    /// cash-up would pay a prize on paper nobody bought. The payout is voided first.
    pub(super) fn no_prize_paid_on(&self, entry: usize) -> Result<(), LedgerError> {
        let Some(sale) = self.sales.iter().find(|s| s.entry == entry && !s.voided) else { return Ok(()) };
        match self
            .payouts
            .iter()
            .find(|p| p.voided.is_none() && self.ticket_of(&p.serial).is_some_and(|t| sale.units.contains(t)))
        {
            None => Ok(()),
            Some(p) => Err(LedgerError::PaidOnSale { sale: entry, payout: p.entry, serial: p.serial.clone() }),
        }
    }

    /// Refuses to void sale `entry` while one of its tickets holds a win that stands: the
    /// ticket was in play and won, so it was sold, and paying its prize after the void would
    /// pay on paper nobody bought (a win taken back first lets the sale go).
    pub(super) fn no_win_on(&self, entry: usize, wins: &dyn Wins) -> Result<(), LedgerError> {
        let Some(sale) = self.sales.iter().find(|s| s.entry == entry && !s.voided) else { return Ok(()) };
        match wins.won().into_iter().find(|(_, serial)| self.ticket_of(serial).is_some_and(|t| sale.units.contains(t)))
        {
            None => Ok(()),
            Some((game, serial)) => Err(LedgerError::WonOnSale { sale: entry, game, serial }),
        }
    }

    /// Refuses to void sale `entry` while its paper is in play in a game being played: the
    /// game plays what was sold when it began, so a void now would leave paper nobody bought
    /// able to win (and be paid). The game ends first.
    pub(super) fn not_in_play(&self, entry: usize, wins: &dyn Wins) -> Result<(), LedgerError> {
        let Some(sale) = self.sales.iter().find(|s| s.entry == entry && !s.voided) else { return Ok(()) };
        let parts = self.paper.splits();
        match self.paper.tickets(&sale.units).find_map(|(unit, ticket)| wins.running(unit, parts.then_some(ticket))) {
            None => Ok(()),
            Some(game) => Err(LedgerError::InPlay { sale: entry, game }),
        }
    }
}

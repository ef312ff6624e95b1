//! What the desk is asked to confirm before an entry is recorded: a name that looks like
//! another already recorded, a limit of the night's regime, a prize larger than the takings.

use super::names::visible;
use super::{Entry, Ledger, LedgerError};

impl Ledger {
    /// Why `entry` should be confirmed before it is recorded, if it should: a limit of the
    /// night's regime it would pass (see [`Regime`]), or a prize paid that is more than every
    /// sale so far took (a slip of the decimal point).
    pub fn over_limit(&self, entry: &Entry) -> Option<String> {
        let named: Vec<&str> = match entry {
            Entry::Issued { seller, .. } => vec![seller],
            Entry::Sold { seller, buyer, .. } => seller.iter().chain(buyer).map(String::as_str).collect(),
            _ => Vec::new(),
        };
        if let Some(warning) = named.into_iter().find_map(|name| self.look_alike_warning(name)) {
            return Some(warning);
        }
        self.over_regime(entry).or_else(|| match entry {
            Entry::PrizePaid { amount, .. } => {
                // A night that records no sales pays without this question; one whose every
                // sale was voided took nothing, and is asked.
                let takings = self.takings(None);
                (!self.sales.is_empty() && *amount > takings)
                    .then(|| format!("paying {amount} is more than the {takings} every sale so far took"))
            }
            _ => None,
        })
    }

    /// What a new entry naming `name` as its `who` ("seller" or "buyer") would meet for the
    /// name alone: a refusal (a name that cannot be shown), a warning (it looks like a name
    /// already recorded), or neither. For a form or a flag that names the field at fault.
    pub fn check_name(&self, who: &'static str, name: &str) -> Result<Option<String>, LedgerError> {
        let name = housie_core::domain::text::normal_name(name);
        visible(&name).map_err(|why| LedgerError::Name(who, why))?;
        Ok(self.look_alike_warning(&name))
    }

    /// The warning for a name that looks like another already recorded.
    fn look_alike_warning(&self, name: &str) -> Option<String> {
        let known = self.look_alike_of(name)?;
        Some(format!(
            "“{}” looks like “{}”, a name already recorded, but is a different name",
            housie_core::domain::text::escape(name),
            housie_core::domain::text::escape(&known)
        ))
    }

    /// The limit of the night's regime `entry` would pass, if it is played under one.
    fn over_regime(&self, entry: &Entry) -> Option<String> {
        let regime = self.regime?;
        let what = regime.describe();
        match entry {
            Entry::PrizePaid { amount, .. } => {
                let after = self.prizes_paid(None).plus(*amount);
                (after > regime.prizes()).then(|| {
                    format!(
                        "paying {amount} takes the night's prizes to {after}, over the {} {what} allows",
                        regime.prizes()
                    )
                })
            }
            Entry::Sold { units, price, buyer: Some(buyer), sold_as, .. } => {
                let count = self.paper.parse(units, self.run.clone()).map_or(0, |u| self.paper.pieces(&u, *sold_as));
                let after = self.paid_by(buyer).plus(price.times(count));
                (after > regime.per_player()).then(|| {
                    format!(
                        "{} would have paid {after}, over the {} a player may pay for a night of {what}",
                        housie_core::domain::text::escape(buyer),
                        regime.per_player()
                    )
                })
            }
            _ => None,
        }
    }
}

//! The money limits a kind of bingo is held to, checked so the organiser hears of a breach when it
//! happens. housie warns; it never refuses a sale or a prize for a limit, and the organiser
//! stays responsible for the law.

use serde::{Deserialize, Serialize};

use super::error::LedgerError;
use super::{Currency, Money};

/// The rules a night's money is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Regime {
    /// UK non-commercial bingo (Gambling Act 2005, Part 14: bingo at a club, a fête or for a
    /// charity without a licence): at most £8 a player for a night's participation and £600
    /// in prizes for the night.
    UkNonCommercial,
}

/// A regime's name housie does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a regime housie knows; uk-non-commercial is")]
pub struct UnknownRegime(pub String);

impl std::str::FromStr for Regime {
    type Err = UnknownRegime;

    /// Reads the name used on the command line.
    fn from_str(name: &str) -> Result<Regime, UnknownRegime> {
        match name {
            "uk-non-commercial" => Ok(Regime::UkNonCommercial),
            _ => Err(UnknownRegime(housie_core::domain::text::clip(name, 40))),
        }
    }
}

impl Regime {
    /// Whether a night's money in `currency` can be held to this regime: its figures are in
    /// one currency.
    pub fn check_currency(self, currency: Currency) -> Result<(), LedgerError> {
        match self.currency() {
            c if c == currency => Ok(()),
            c => Err(LedgerError::LimitsCurrency(self.describe(), c, currency)),
        }
    }

    /// The currency the figures are in.
    pub fn currency(self) -> Currency {
        match self {
            Regime::UkNonCommercial => Currency::GBP,
        }
    }

    /// The most one player may pay for the night's participation.
    pub fn per_player(self) -> Money {
        match self {
            Regime::UkNonCommercial => Money::from_minor(800),
        }
    }

    /// The most the night's prizes may come to.
    pub fn prizes(self) -> Money {
        match self {
            Regime::UkNonCommercial => Money::from_minor(60_000),
        }
    }

    /// The name people read.
    pub fn describe(self) -> &'static str {
        match self {
            Regime::UkNonCommercial => "UK non-commercial bingo",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regime_is_read_by_its_name_and_only_that() {
        assert_eq!("uk-non-commercial".parse::<Regime>(), Ok(Regime::UkNonCommercial));
        for bad in ["uk", "UK-NON-COMMERCIAL", "", "uk-non-commercial "] {
            assert_eq!(
                bad.parse::<Regime>().unwrap_err().to_string(),
                format!("`{bad}` is not a regime housie knows; uk-non-commercial is")
            );
        }
        let r = Regime::UkNonCommercial;
        assert_eq!((r.per_player().to_string(), r.prizes().to_string()), ("8.00".into(), "600.00".into()));
        assert!(r.check_currency(Currency::GBP).is_ok());
        let inr = Currency::parse("INR").unwrap();
        assert_eq!(
            r.check_currency(inr).unwrap_err().to_string(),
            "UK non-commercial bingo's limits are in GBP, not INR"
        );
    }
}

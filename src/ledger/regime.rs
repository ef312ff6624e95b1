//! The money limits a kind of bingo is held to, checked so the organiser hears of a breach when it
//! happens. housie warns; it never refuses a sale or a prize for a limit, and the organiser
//! stays responsible for the law.

use serde::{Deserialize, Serialize};

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

impl Regime {
    /// Reads the name used on the command line.
    pub fn parse(name: &str) -> Option<Regime> {
        match name {
            "uk-non-commercial" => Some(Regime::UkNonCommercial),
            _ => None,
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

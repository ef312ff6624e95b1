//! What the ledger records: the paper given to sellers, sold, returned and voided, and the
//! prizes paid. Each entry is one event of the night's log, checked before it is written.

use serde::{Deserialize, Serialize};

use super::money::{Currency, Money};
use super::paper::SoldAs;
use super::regime::Regime;

/// How money changed hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// Notes and coins: what the cash box should hold.
    #[default]
    Cash,
    /// Card, transfer or any other way that is not in the cash box.
    Other,
}

/// One entry of the ledger. Units are written as typed (`1-50, 61`): books in a plain run,
/// booklets in a run of booklets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Entry {
    /// The night's money: its currency, set once, before anything is sold.
    Opened {
        /// The currency every amount is in.
        currency: Currency,
        /// The money regime the night is played under, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        regime: Option<Regime>,
    },
    /// Paper handed to a seller to sell.
    Issued {
        /// Who sells it.
        seller: String,
        /// Which units.
        units: String,
    },
    /// Paper sold, at `price` each piece: each book, or each half sheet or ticket when it is
    /// sold `as` them.
    Sold {
        /// Which units (`1-50`), or tickets of them (`12/1-3`).
        units: String,
        /// The price of each piece.
        price: Money,
        /// What a piece is: a whole book (booklet), a half sheet or a ticket.
        #[serde(default, rename = "as", skip_serializing_if = "SoldAs::is_whole")]
        sold_as: SoldAs,
        /// Who sold it (the seller it was issued to, when it was).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seller: Option<String>,
        /// The buyer or table, when the seller notes it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        buyer: Option<String>,
        /// How it was paid.
        #[serde(default)]
        how: Payment,
        /// Sold away from the hall, to players who play from a file (`housie export`): in play,
        /// but not the hall's paper, so it does not make the games play only what was sold.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        remote: bool,
    },
    /// Issued paper given back unsold (or `damaged`).
    Returned {
        /// Which units.
        units: String,
        /// Spoilt rather than unsold: it cannot be sold again.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        damaged: bool,
    },
    /// A sale or a prize paid taken back (a mistake, money refunded or handed back), by its
    /// entry number. It stays in the ledger, marked, and the cash-up shows it.
    Voided {
        /// The entry number in the ledger (from 1) of the sale or the payout.
        entry: usize,
        /// Why, in the caller's words.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// A prize paid moved to the ticket that now holds its place (the win it was paid for was
    /// taken back and another ticket confirmed).
    PayoutMoved {
        /// The payout's entry number in the ledger (from 1).
        entry: usize,
        /// The ticket it now goes to.
        serial: String,
    },
    /// A prize paid to the holder of a ticket whose claim stood.
    PrizePaid {
        /// The game.
        game: i64,
        /// The prize.
        prize: String,
        /// The winning ticket.
        serial: String,
        /// The amount paid.
        amount: Money,
        /// How it was paid.
        #[serde(default)]
        how: Payment,
    },
}

impl Entry {
    /// Whether the entry is money, which needs the night's currency: paper given out, given
    /// back or given free (a sale at 0.00, as `housie export` gives remote players' booklets)
    /// does not.
    pub fn needs_currency(&self) -> bool {
        match self {
            Entry::Opened { .. } | Entry::Issued { .. } | Entry::Returned { .. } => false,
            Entry::Sold { price, .. } => *price != Money::ZERO,
            _ => true,
        }
    }
}

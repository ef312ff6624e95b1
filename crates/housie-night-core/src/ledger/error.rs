//! Why an entry could not be written, in the words the desk shows.

use super::money::Currency;
use super::units::{Said, UnitsError};

/// Why an entry could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LedgerError {
    /// Money before the currency.
    #[error("set the night's currency first")]
    NoCurrency,
    /// The currency set twice.
    #[error("the night's currency is already {0}")]
    CurrencySet(Currency),
    /// A regime whose figures are in another currency than the night's.
    #[error("{0}'s limits are in {1}, not {2}")]
    LimitsCurrency(&'static str, Currency, Currency),
    /// Bad units.
    #[error(transparent)]
    Units(#[from] UnitsError),
    /// A name that cannot be shown.
    #[error("the {0} name: {1}")]
    Name(&'static str, String),
    /// Paper already given to a seller.
    #[error("{units} already went to {seller}")]
    Issued {
        /// The units issued before.
        units: String,
        /// To whom.
        seller: String,
    },
    /// A seller selling paper given to someone else.
    #[error("{units} went to {issued_to}, not {seller}")]
    OtherSeller {
        /// The units.
        units: String,
        /// Who has them.
        issued_to: String,
        /// Who tried to sell them.
        seller: String,
    },
    /// A named seller selling paper never given to anyone.
    #[error(
        "{units} was never issued to {seller}: issue it to them first, or record the sale with no seller (the desk)"
    )]
    NotIssuedTo {
        /// The units.
        units: String,
        /// Who tried to sell them.
        seller: String,
    },
    /// Paper sold twice.
    #[error("{0} is already sold")]
    Sold(String),
    /// Paper sold after it came back.
    #[error("{0} came back unsold or damaged")]
    Returned(String),
    /// A return of paper that was never given out.
    #[error("{0} was never issued to a seller")]
    NotIssued(String),
    /// A return of sold paper.
    #[error("{0} is sold; void the sale first")]
    ReturnOfSold(String),
    /// A void of something that is neither a standing sale nor a standing payout.
    #[error("entry {0} is not a sale or a prize paid that stands")]
    NothingToVoid(usize),
    /// A move of something that is not a standing payout.
    #[error("entry {0} is not a prize paid that stands")]
    NotAPayout(usize),
    /// Part of a book sold as books.
    #[error("{0} is part of a book: record it sold as half sheets or as single tickets")]
    PartOfBook(String),
    /// Tickets sold as half sheets that are not one.
    #[error("{0} is not a half sheet: a half sheet is tickets 1-3 or 4-6 of a book")]
    NotHalfSheets(String),
    /// A payout of nothing.
    #[error("a prize paid is more than 0.00: give the amount handed over")]
    ZeroPayout,
    /// A sale voided while its paper is in play in a game being played.
    #[error("that sale's paper is in play in game {game}, which is being played: void the sale (entry {sale}) once the game has ended")]
    InPlay {
        /// The sale.
        sale: usize,
        /// The game.
        game: i64,
    },
    /// A sale voided while a win on its paper stands.
    #[error(
        "{serial} of that sale won in game {game}, so it was in play and sold: the sale (entry {sale}) stands while its win does"
    )]
    WonOnSale {
        /// The sale.
        sale: usize,
        /// The game it won in.
        game: i64,
        /// The ticket that won.
        serial: String,
    },
    /// A sale voided while a prize paid on its paper stands.
    #[error(
        "{serial} of that sale was paid a prize (entry {payout}): void that payout first, then the sale (entry {sale})"
    )]
    PaidOnSale {
        /// The sale.
        sale: usize,
        /// The payout that stands.
        payout: usize,
        /// The ticket paid.
        serial: String,
    },
    /// A void with no reason: the cash-up an auditor reads says why money was taken back.
    #[error("say why entry {0} is taken back (for example `void {0} typed 30 for 3`): the cash-up shows it")]
    VoidWithoutReason(usize),
    /// A reason that cannot be shown.
    #[error("the reason: {0}")]
    Reason(String),
    /// A prize paid to a ticket the caller did not confirm.
    #[error("{serial} was not confirmed as a winner of {prize} in game {game}")]
    NotWon {
        /// The game.
        game: i64,
        /// The prize.
        prize: String,
        /// The ticket.
        serial: String,
    },
    /// A prize paid twice: names the ticket it was paid to.
    #[error(
        "{prize} in game {game} is already paid to {serial} (entry {entry}); if that win was taken back, \
         move the payout to the new winner or void it"
    )]
    PaidTwice {
        /// The game.
        game: i64,
        /// The prize.
        prize: String,
        /// The ticket it was paid to.
        serial: String,
        /// The payout's entry number.
        entry: usize,
    },
}

impl LedgerError {
    /// The refusal as a catalogue message (`ledger-…`, `units-…`) and its placeables, for a
    /// desk in another language; `None` where the reason is itself housie's English (a name or
    /// a reason that cannot be shown, a regime's currency).
    pub fn said(&self) -> Option<Said> {
        use LedgerError as E;
        let one = |id, key, value: String| Some((id, vec![(key, value)]));
        match self {
            E::NoCurrency => Some(("ledger-no-currency", Vec::new())),
            E::CurrencySet(c) => one("ledger-currency-set", "currency", c.to_string()),
            E::Units(u) => u.said(),
            E::Issued { units, seller } => {
                Some(("ledger-issued", vec![("units", units.clone()), ("seller", seller.clone())]))
            }
            E::OtherSeller { units, issued_to, seller } => Some((
                "ledger-other-seller",
                vec![("units", units.clone()), ("issued_to", issued_to.clone()), ("seller", seller.clone())],
            )),
            E::NotIssuedTo { units, seller } => {
                Some(("ledger-not-issued-to", vec![("units", units.clone()), ("seller", seller.clone())]))
            }
            E::Sold(u) => one("ledger-sold", "units", u.clone()),
            E::Returned(u) => one("ledger-returned", "units", u.clone()),
            E::NotIssued(u) => one("ledger-not-issued", "units", u.clone()),
            E::ReturnOfSold(u) => one("ledger-return-of-sold", "units", u.clone()),
            E::NothingToVoid(e) => one("ledger-nothing-to-void", "entry", e.to_string()),
            E::NotAPayout(e) => one("ledger-not-a-payout", "entry", e.to_string()),
            E::PartOfBook(u) => one("ledger-part-of-book", "units", u.clone()),
            E::NotHalfSheets(u) => one("ledger-not-half-sheets", "units", u.clone()),
            E::ZeroPayout => Some(("ledger-zero-payout", Vec::new())),
            E::InPlay { sale, game } => {
                Some(("ledger-in-play", vec![("sale", sale.to_string()), ("game", game.to_string())]))
            }
            E::WonOnSale { sale, game, serial } => Some((
                "ledger-won-on-sale",
                vec![("sale", sale.to_string()), ("game", game.to_string()), ("serial", serial.clone())],
            )),
            E::PaidOnSale { sale, payout, serial } => Some((
                "ledger-paid-on-sale",
                vec![("sale", sale.to_string()), ("payout", payout.to_string()), ("serial", serial.clone())],
            )),
            E::VoidWithoutReason(e) => one("ledger-void-without-reason", "entry", e.to_string()),
            E::NotWon { game, prize, serial } => Some((
                "ledger-not-won",
                vec![("game", game.to_string()), ("prize", prize.clone()), ("serial", serial.clone())],
            )),
            E::PaidTwice { game, prize, serial, entry } => Some((
                "ledger-paid-twice",
                vec![
                    ("game", game.to_string()),
                    ("prize", prize.clone()),
                    ("serial", serial.clone()),
                    ("entry", entry.to_string()),
                ],
            )),
            E::LimitsCurrency(..) | E::Name(..) | E::Reason(..) => None,
        }
    }
}

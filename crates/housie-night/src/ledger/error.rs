//! Why an entry could not be written, in the words the desk shows.

use super::money::Currency;
use super::units::UnitsError;

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

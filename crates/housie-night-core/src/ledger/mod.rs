//! The night's paper and money: which units (books, or booklets in a run of booklets) went to
//! which seller, which were sold at what price, which came back, and which prizes were paid.
//! Like the calls, the ledger is entries checked one by one and replayed in order, so an
//! edited log is refused at the entry that could not have been written, and a cash-up is the
//! replay's sum. Amounts are whole hundredths ([`Money`]), never floats.
//!
//! Every rule lives in [`Ledger::check`]: no unit sold twice, none sold after it came back,
//! none returned after it was sold, a named seller sells only what they were given, a prize is paid
//! only to a ticket the caller confirmed as its winner, once for each place, and never 0.00.
//! Nothing is corrected in place: a mistaken sale or payout is voided by a later entry, and a
//! payout whose win was taken back is moved to the new winner.

mod cashup;
mod confirm;
mod entry;
mod error;
mod money;
mod names;
mod paper;
mod pieces;
mod regime;
mod scanned;
mod sheet;
mod units;
mod voids;

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use names::{name, visible};

pub use cashup::{Cashup, PayoutLine, SellerLine, REMOTE};
pub use entry::{Entry, Payment};
pub use error::LedgerError;
pub use money::{Currency, Money, MoneyError};
pub use names::PERSON_NAME_MAX;
pub use paper::{Paper, SoldAs};
pub use pieces::Pieces;
pub use regime::{Regime, UnknownRegime};
pub use scanned::scanned;
pub use sheet::cashup_pdf;
pub use units::{Units, UnitsError};

/// The wins the caller confirmed, which the ledger pays against.
pub trait Wins {
    /// The place `serial` took in `prize` of game `game`, if the caller confirmed it won.
    fn place(&self, game: i64, prize: &str, serial: &str) -> Option<usize>;

    /// How many tickets share place `place` of `prize` in game `game` (won at the same call):
    /// each is paid its share.
    fn sharers(&self, game: i64, prize: &str, place: usize) -> usize {
        let _ = (game, prize, place);
        1
    }

    /// Every ticket that won and stands, with its game: a sale holding one is not voided.
    fn won(&self) -> Vec<(i64, String)> {
        Vec::new()
    }

    /// The game being played (created, not ended) that has unit `unit` in play (its ticket
    /// `ticket`, for paper sold in parts): a sale holding it is not voided until the game ends.
    fn running(&self, unit: u64, ticket: Option<u8>) -> Option<i64> {
        let _ = (unit, ticket);
        None
    }
}

/// A sale as the ledger keeps it.
#[derive(Clone, Debug, PartialEq)]
struct Sale {
    entry: usize,
    /// Its tickets (its units, in a run sold whole).
    units: Units,
    price: Money,
    /// How many pieces the price is for: books, half sheets or tickets.
    pieces: u64,
    /// What a piece is.
    sold_as: SoldAs,
    seller: Option<String>,
    buyer: Option<String>,
    how: Payment,
    /// Sold to players away from the hall (`Entry::Sold::remote`).
    remote: bool,
    voided: bool,
    /// Why it was voided, as the desk gave it (empty: no reason given).
    void_reason: String,
}

impl Sale {
    /// What the sale took: its price for each piece.
    fn amount(&self) -> Money {
        self.price.times(self.pieces)
    }
}

/// A prize paid.
#[derive(Clone, Debug, PartialEq)]
struct Payout {
    entry: usize,
    game: i64,
    prize: String,
    place: usize,
    serial: String,
    amount: Money,
    how: Payment,
    /// Taken back: `Some` with the reason given (empty when none was).
    voided: Option<String>,
    /// The tickets it was paid to before it was moved, oldest first.
    moved_from: Vec<String>,
}

/// The ledger replayed: what is issued, sold, returned and paid.
#[derive(Clone, Debug)]
pub struct Ledger {
    run: RangeInclusive<u64>,
    /// How units split into tickets; every set below is of tickets.
    paper: Paper,
    /// What a unit is called: "books", or "booklets" in a run of booklets.
    unit: &'static str,
    currency: Option<Currency>,
    regime: Option<Regime>,
    entries: usize,
    issued: BTreeMap<String, Units>,
    sales: Vec<Sale>,
    sold: Units,
    returned: Units,
    damaged: Units,
    payouts: Vec<Payout>,
    /// Units kept for players with no paper (see [`crate::night::play_code`]).
    phone_only: Units,
}

impl Ledger {
    /// The empty ledger of a run whose units are numbered `run`.
    pub fn new(run: RangeInclusive<u64>) -> Ledger {
        Ledger {
            run,
            paper: Paper::WHOLE,
            unit: "books",
            currency: None,
            regime: None,
            entries: 0,
            issued: BTreeMap::new(),
            sales: Vec::new(),
            sold: Units::default(),
            returned: Units::default(),
            damaged: Units::default(),
            payouts: Vec::new(),
            phone_only: Units::default(),
        }
    }

    /// A ledger whose units are booklets (a run of booklets).
    pub fn of_booklets(mut self) -> Ledger {
        self.unit = "booklets";
        self
    }

    /// A ledger of books of `per` tickets, which may be sold as half sheets and single
    /// tickets as well as whole.
    pub fn selling_tickets(mut self, per: u64) -> Ledger {
        self.paper = Paper::of_tickets(per);
        self
    }

    /// How the ledger's units split into tickets: its sets are of tickets.
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// `tickets` as people write them (`1-50, 61/1-3`).
    pub fn show(&self, tickets: &Units) -> String {
        self.paper.show(tickets)
    }

    /// Whether anything was recorded.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The tickets sold (or given free) and not voided: what is in play when a game starts,
    /// once the hall's paper is sold through the ledger (see [`Ledger::hall_sells`]).
    pub fn sold(&self) -> &Units {
        &self.sold
    }

    /// Whether the hall's own paper is sold through the ledger: a standing sale that is not
    /// remote (`housie export`'s). Until then every unit of the run is in play, the exported
    /// ones with the rest.
    pub fn hall_sells(&self) -> bool {
        self.standing().any(|s| !s.remote)
    }

    /// The units kept for phones: followed and claimed only with their code.
    pub fn phone_only(&self) -> &Units {
        &self.phone_only
    }

    /// Keeps `units` for phones as well as those kept already (a `phone_only` event).
    pub fn keep_for_phones(&mut self, units: &Units) {
        self.phone_only = self.phone_only.or(units);
    }

    /// What a unit is called: "books", or "booklets" in a run of booklets.
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// The numbers units may have: the run's books, or its booklets.
    pub fn run(&self) -> RangeInclusive<u64> {
        self.run.clone()
    }

    /// The regime the night is played under, if any.
    pub fn regime(&self) -> Option<Regime> {
        self.regime
    }

    /// The night's currency, once set.
    pub fn currency(&self) -> Option<Currency> {
        self.currency
    }

    /// `entry` with its units written the one way they print (`1-50, 61`), so the log keeps
    /// what was meant, not however long it was typed; units that do not read are left for
    /// [`Ledger::check`] to refuse.
    pub fn normalised(&self, mut entry: Entry) -> Entry {
        if let Entry::Issued { units, .. } | Entry::Sold { units, .. } | Entry::Returned { units, .. } = &mut entry {
            if let Ok(parsed) = self.paper.parse(units, self.run.clone()) {
                *units = self.paper.show(&parsed);
            }
        }
        // Names in one form (NFKC): a full-width "Ａｎｎ" is Ann.
        let names: Vec<&mut String> = match &mut entry {
            Entry::Issued { seller, .. } => vec![seller],
            Entry::Sold { seller, buyer, .. } => seller.iter_mut().chain(buyer.iter_mut()).collect(),
            Entry::Voided { reason, .. } => reason.iter_mut().collect(),
            _ => Vec::new(),
        };
        for name in names {
            *name = housie_core::domain::text::normal_name(name);
        }
        entry
    }

    /// Every seller's and buyer's name recorded so far.
    fn names(&self) -> std::collections::BTreeSet<&str> {
        let sellers = self.issued.keys().map(String::as_str);
        let sales = self.sales.iter().flat_map(|s| s.seller.as_deref().into_iter().chain(s.buyer.as_deref()));
        sellers.chain(sales).collect()
    }

    /// A name already recorded that `name` looks like but is not (`Аnn` with a Cyrillic А, and Ann).
    fn look_alike_of(&self, name: &str) -> Option<String> {
        self.names().into_iter().find(|known| housie_core::domain::text::look_alike(name, known)).map(str::to_string)
    }

    /// Why `entry` could not be written now; `Ok` if it can.
    pub fn check(&self, entry: &Entry, wins: &dyn Wins) -> Result<(), LedgerError> {
        if let Entry::Opened { currency, regime } = entry {
            if let Some(c) = self.currency {
                return Err(LedgerError::CurrencySet(c));
            }
            return regime.map_or(Ok(()), |r| r.check_currency(*currency));
        }
        if self.currency.is_none() && entry.needs_currency() {
            return Err(LedgerError::NoCurrency);
        }
        match entry {
            Entry::Opened { .. } => Ok(()),
            Entry::Issued { seller, units } => {
                name("seller", seller)?;
                let units = self.units(units)?;
                match self.issued.iter().find(|(_, given)| !given.and(&units).is_empty()) {
                    Some((to, given)) => {
                        Err(LedgerError::Issued { units: self.show(&given.and(&units)), seller: to.clone() })
                    }
                    None => Ok(()),
                }
            }
            Entry::Sold { units, seller, buyer, sold_as, .. } => {
                let units = self.units(units)?;
                for (who, what) in [("seller", seller), ("buyer", buyer)] {
                    what.as_deref().map_or(Ok(()), |n| name(who, n))?;
                }
                self.pieces_of(&units, *sold_as)?;
                self.none_of(&self.sold, &units, LedgerError::Sold)?;
                self.none_of(&self.returned, &units, LedgerError::Returned)?;
                let Some(seller) = seller else { return Ok(()) };
                let other =
                    self.issued.iter().filter(|(to, _)| *to != seller).find(|(_, given)| !given.and(&units).is_empty());
                if let Some((to, given)) = other {
                    return Err(LedgerError::OtherSeller {
                        units: self.show(&given.and(&units)),
                        issued_to: to.clone(),
                        seller: seller.clone(),
                    });
                }
                Ok(())
            }
            Entry::Returned { units, .. } => {
                let units = self.units(units)?;
                let never = units.minus(&self.issued_units());
                if !never.is_empty() {
                    return Err(LedgerError::NotIssued(self.show(&never)));
                }
                self.none_of(&self.sold, &units, LedgerError::ReturnOfSold)?;
                self.none_of(&self.returned, &units, LedgerError::Returned)
            }
            Entry::Voided { entry, reason } => {
                if let Some(r) = reason {
                    visible(r).map_err(LedgerError::Reason)?;
                }
                let sale = self.sales.iter().any(|s| s.entry == *entry && !s.voided);
                if sale || self.payout(*entry).is_some() {
                    Ok(())
                } else {
                    Err(LedgerError::NothingToVoid(*entry))
                }
            }
            Entry::PayoutMoved { entry, serial } => {
                let paid = self.payout(*entry).ok_or(LedgerError::NotAPayout(*entry))?;
                let (game, prize) = (paid.game, &paid.prize);
                let not_won = || LedgerError::NotWon { game, prize: prize.clone(), serial: serial.clone() };
                let place = wins.place(game, prize, serial).ok_or_else(not_won)?;
                self.unpaid(game, prize, place, serial, wins, Some(*entry))
            }
            Entry::PrizePaid { game, prize, serial, .. } => {
                let not_won = || LedgerError::NotWon { game: *game, prize: prize.clone(), serial: serial.clone() };
                let place = wins.place(*game, prize, serial).ok_or_else(not_won)?;
                self.unpaid(*game, prize, place, serial, wins, None)
            }
        }
    }

    /// Why `entry`, typed now, could not be written: [`Ledger::check`], and the rules added
    /// since housie 0.4, which a log that housie wrote may break and still replay (a payout of
    /// 0.00, a named seller selling paper never issued to them, an invisible character in a
    /// name).
    pub fn check_new(&self, entry: &Entry, wins: &dyn Wins) -> Result<(), LedgerError> {
        let named: Vec<(&'static str, &str)> = match entry {
            Entry::PrizePaid { amount, .. } if *amount == Money::ZERO => return Err(LedgerError::ZeroPayout),
            Entry::Issued { seller, .. } => vec![("seller", seller)],
            Entry::Sold { seller, buyer, .. } => [("seller", seller), ("buyer", buyer)]
                .into_iter()
                .filter_map(|(w, n)| Some((w, n.as_deref()?)))
                .collect(),
            _ => Vec::new(),
        };
        for (who, name) in named {
            visible(name).map_err(|why| LedgerError::Name(who, why))?;
        }
        self.check(entry, wins)?;
        // Live rules: nights logged before them replay as they were.
        if let Entry::Voided { entry, reason } = entry {
            self.no_prize_paid_on(*entry)?;
            self.no_win_on(*entry, wins)?;
            self.not_in_play(*entry, wins)?;
            if reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
                return Err(LedgerError::VoidWithoutReason(*entry));
            }
            return Ok(());
        }
        let Entry::Sold { units, seller: Some(seller), .. } = entry else { return Ok(()) };
        let theirs = self.issued.get(seller).cloned().unwrap_or_default();
        match self.units(units)?.minus(&theirs) {
            never if never.is_empty() => Ok(()),
            never => Err(LedgerError::NotIssuedTo { units: self.show(&never), seller: seller.clone() }),
        }
    }

    /// Records a checked entry (see [`Ledger::check`]).
    pub fn apply(&mut self, entry: &Entry, wins: &dyn Wins) {
        self.entries += 1;
        let units = |text: &str| self.paper.parse(text, self.run.clone()).unwrap_or_default();
        match entry {
            Entry::Opened { currency, regime } => {
                self.currency = Some(*currency);
                self.regime = *regime;
            }
            Entry::Issued { seller, units: text } => {
                let given = units(text);
                let mine = self.issued.entry(seller.clone()).or_default();
                *mine = mine.or(&given);
            }
            Entry::Sold { units: text, price, seller, buyer, how, remote, sold_as } => {
                let units = units(text);
                let pieces = self.paper.pieces(&units, *sold_as);
                let seller = seller.clone().or_else(|| self.issued_to(&units));
                self.sold = self.sold.or(&units);
                let (price, how, buyer, remote) = (*price, *how, buyer.clone(), *remote);
                self.sales.push(Sale {
                    entry: self.entries,
                    units,
                    price,
                    pieces,
                    sold_as: *sold_as,
                    seller,
                    buyer,
                    how,
                    remote,
                    voided: false,
                    void_reason: String::new(),
                });
            }
            Entry::Returned { units: text, damaged } => {
                let units = units(text);
                self.returned = self.returned.or(&units);
                if *damaged {
                    self.damaged = self.damaged.or(&units);
                }
            }
            Entry::Voided { entry, reason } => {
                if let Some(sale) = self.sales.iter_mut().find(|s| s.entry == *entry && !s.voided) {
                    sale.voided = true;
                    sale.void_reason = reason.clone().unwrap_or_default();
                    self.sold = self.sold.minus(&sale.units);
                } else if let Some(paid) = self.payouts.iter_mut().find(|p| p.entry == *entry) {
                    paid.voided = Some(reason.clone().unwrap_or_default());
                }
            }
            Entry::PayoutMoved { entry, serial } => {
                if let Some(paid) = self.payouts.iter_mut().find(|p| p.entry == *entry) {
                    paid.place = wins.place(paid.game, &paid.prize, serial).unwrap_or(paid.place);
                    let from = std::mem::replace(&mut paid.serial, serial.clone());
                    paid.moved_from.push(from);
                }
            }
            Entry::PrizePaid { game, prize, serial, amount, how } => {
                let place = wins.place(*game, prize, serial).unwrap_or(1);
                self.payouts.push(Payout {
                    entry: self.entries,
                    game: *game,
                    prize: prize.clone(),
                    place,
                    serial: serial.clone(),
                    amount: *amount,
                    how: *how,
                    voided: None,
                    moved_from: Vec::new(),
                });
            }
        }
    }

    /// The standing (not voided) payout recorded as entry `entry`.
    fn payout(&self, entry: usize) -> Option<&Payout> {
        self.payouts.iter().find(|p| p.entry == entry && p.voided.is_none())
    }

    /// `Ok` when `serial` may be paid for place `place` of `prize` in `game`: it has no standing
    /// payout for it, and the place has fewer standing payouts than tickets sharing it (but
    /// `except`'s, the payout being moved). A refusal names a ticket the place was paid to.
    fn unpaid(
        &self,
        game: i64,
        prize: &str,
        place: usize,
        serial: &str,
        wins: &dyn Wins,
        except: Option<usize>,
    ) -> Result<(), LedgerError> {
        let paid: Vec<&Payout> = self
            .payouts
            .iter()
            .filter(|p| p.voided.is_none() && Some(p.entry) != except)
            .filter(|p| p.game == game && p.prize == prize && p.place == place)
            .collect();
        let twice = paid.iter().find(|p| p.serial == serial);
        let full = (paid.len() >= wins.sharers(game, prize, place)).then(|| paid.last()).flatten();
        match twice.or(full) {
            Some(p) => {
                Err(LedgerError::PaidTwice { game, prize: prize.to_string(), serial: p.serial.clone(), entry: p.entry })
            }
            None => Ok(()),
        }
    }

    /// The sales that stand (not voided).
    fn standing(&self) -> impl Iterator<Item = &Sale> {
        self.sales.iter().filter(|s| !s.voided)
    }

    /// What the standing sales took, paid `how` (all of them for `None`).
    fn takings(&self, how: Option<Payment>) -> Money {
        self.standing().filter(|s| how.is_none_or(|h| s.how == h)).fold(Money::ZERO, |sum, s| sum.plus(s.amount()))
    }

    /// What the prizes paid and not voided came to, paid `how` (all of them for `None`).
    fn prizes_paid(&self, how: Option<Payment>) -> Money {
        self.payouts
            .iter()
            .filter(|p| p.voided.is_none() && how.is_none_or(|h| p.how == h))
            .fold(Money::ZERO, |sum, p| sum.plus(p.amount))
    }

    /// What the standing sales naming `buyer` took.
    fn paid_by(&self, buyer: &str) -> Money {
        self.standing().filter(|s| s.buyer.as_deref() == Some(buyer)).fold(Money::ZERO, |sum, s| sum.plus(s.amount()))
    }

    /// The entry number of the standing sale of exactly `units` (as typed), if there is one.
    pub fn sale_of(&self, units: &str) -> Option<usize> {
        let units = self.paper.parse(units, self.run.clone()).ok()?;
        self.sales.iter().find(|s| !s.voided && s.units == units).map(|s| s.entry)
    }

    /// Checks and records `entries` in order; the first that could not have been written is
    /// named by its number (from 1) with the reason.
    pub fn replay<'a>(
        run: RangeInclusive<u64>,
        entries: impl IntoIterator<Item = &'a Entry>,
        wins: &dyn Wins,
    ) -> Result<Ledger, (usize, LedgerError)> {
        let mut ledger = Ledger::new(run);
        for (i, entry) in entries.into_iter().enumerate() {
            ledger.check(entry, wins).map_err(|e| (i + 1, e))?;
            ledger.apply(entry, wins);
        }
        Ok(ledger)
    }

    /// Every unit given to any seller.
    pub fn issued_units(&self) -> Units {
        self.issued.values().fold(Units::default(), |all, u| all.or(u))
    }

    fn units(&self, text: &str) -> Result<Units, LedgerError> {
        Ok(self.paper.parse(text, self.run.clone())?)
    }

    /// How many pieces `tickets` sold `sold_as` are, or why they cannot be sold so: part of a
    /// book sold as books, a stretch that is not half sheets, or tickets of a run sold whole.
    fn pieces_of(&self, tickets: &Units, sold_as: SoldAs) -> Result<u64, LedgerError> {
        match sold_as {
            SoldAs::Whole if !self.paper.whole(tickets) => {
                let part = tickets.minus(&self.paper.of_units(&self.whole_units_in(tickets)));
                Err(LedgerError::PartOfBook(self.show(&part)))
            }
            SoldAs::HalfSheets | SoldAs::Tickets if !self.paper.splits() => Err(UnitsError::Whole.into()),
            SoldAs::HalfSheets => match self.paper.not_half_sheets(tickets) {
                Some(part) => Err(LedgerError::NotHalfSheets(part)),
                None => Ok(self.paper.pieces(tickets, sold_as)),
            },
            _ => Ok(self.paper.pieces(tickets, sold_as)),
        }
    }

    /// The units every ticket of which is in `tickets`.
    fn whole_units_in(&self, tickets: &Units) -> Units {
        let touched = self.paper.units_of(tickets);
        let part = self.paper.units_of(&self.paper.of_units(&touched).minus(tickets));
        touched.minus(&part)
    }

    /// The ticket a serial names, numbered as the ledger's sets number them: its first field
    /// is its book (its booklet, in a run of booklets), its second the ticket in it.
    fn ticket_of(&self, serial: &str) -> Option<u64> {
        let mut fields = serial.split('-').map(|f| f.parse::<u64>().ok());
        let unit = fields.next()??;
        if !self.paper.splits() {
            return Some(unit);
        }
        let ticket = fields.next()??;
        (unit >= 1 && (1..=self.paper.per()).contains(&ticket)).then(|| self.paper.ticket(unit, ticket))
    }

    /// Refuses `units` if any of them is in `set`, naming those.
    fn none_of(&self, set: &Units, units: &Units, refuse: fn(String) -> LedgerError) -> Result<(), LedgerError> {
        let both = set.and(units);
        if both.is_empty() {
            Ok(())
        } else {
            Err(refuse(self.show(&both)))
        }
    }

    /// The one seller all of `units` went to, if there is one.
    fn issued_to(&self, units: &Units) -> Option<String> {
        self.issued.iter().find(|(_, given)| units.minus(given).is_empty()).map(|(s, _)| s.clone())
    }
}

#[cfg(test)]
mod tests;

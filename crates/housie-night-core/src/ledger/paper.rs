//! Paper as the ledger counts it when a book need not be sold whole, as at a Tambola night:
//! `1-50` for books, `12/1-3` for tickets 1–3 of book 12 (a half sheet), `12/4` for one
//! ticket. The ledger keeps every set as tickets numbered through the run (book `b`'s ticket
//! `t` is `(b - 1) × per + t`), so whole books and their parts join, split and clash as one
//! set, and a set of whole books prints exactly as it did when books were all there was.

use std::ops::RangeInclusive;

use super::units::{Units, UnitsError};

/// How a run's units split into tickets: `per` tickets a unit, or none (`per` = 1) in a run
/// whose units are sold whole (booklets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paper {
    per: u64,
}

/// What one sale counts as one, for its price: a whole unit, a half sheet or a ticket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoldAs {
    /// Books (booklets, in a run of booklets), whole.
    #[default]
    Whole,
    /// Half sheets: tickets 1–3 or 4–6 of a book.
    HalfSheets,
    /// Single tickets.
    Tickets,
}

impl SoldAs {
    /// Whether it is the default, which a log leaves out.
    pub fn is_whole(&self) -> bool {
        *self == SoldAs::Whole
    }
}

impl Paper {
    /// Units sold only whole: sets are of units.
    pub const WHOLE: Paper = Paper { per: 1 };

    /// Books of `per` tickets that may be sold as half sheets and single tickets.
    pub fn of_tickets(per: u64) -> Paper {
        Paper { per: per.max(1) }
    }

    /// Tickets a unit (1 when units are sold whole).
    pub fn per(&self) -> u64 {
        self.per
    }

    /// Whether units may be split.
    pub fn splits(&self) -> bool {
        self.per > 1
    }

    /// The number through the run of ticket `ticket` (from 1) of unit `unit`.
    pub fn ticket(&self, unit: u64, ticket: u64) -> u64 {
        (unit - 1) * self.per + ticket
    }

    /// The unit and the ticket in it of ticket number `n`.
    fn split(&self, n: u64) -> (u64, u64) {
        ((n - 1) / self.per + 1, (n - 1) % self.per + 1)
    }

    /// Reads units and tickets (`1-50, 61/1-3, 62/4`) inside the units `run`; a ticket given
    /// twice, by its book or itself, is refused.
    pub fn parse(&self, text: &str, run: RangeInclusive<u64>) -> Result<Units, UnitsError> {
        // Units whose tickets' numbers would not fit in a u64 are outside any run.
        let run = *run.start()..=(*run.end()).min(u64::MAX / self.per);
        if !text.contains('/') {
            let whole = Units::parse(text, run)?;
            return Ok(self.of_units(&whole));
        }
        if !self.splits() {
            return Err(UnitsError::Whole);
        }
        let mut ranges = Vec::new();
        let mut wholes = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((unit, tickets)) = part.split_once('/') else {
                wholes.push(part);
                continue;
            };
            let shown = || UnitsError::Malformed(housie_core::domain::text::clip(part, 24));
            let number = |s: &str| housie_core::support::number::whole(s).map_err(|_| shown());
            let unit = number(unit)?;
            let (a, b) = match tickets.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(tickets)?, number(tickets)?),
            };
            if a > b {
                return Err(UnitsError::Backwards(a, b));
            }
            if !run.contains(&unit) {
                return Err(UnitsError::Outside(unit, unit, *run.start(), *run.end()));
            }
            if a == 0 || b > self.per {
                return Err(UnitsError::NoTicket(if a == 0 { a } else { b }, self.per));
            }
            ranges.push(self.ticket(unit, a)..=self.ticket(unit, b));
        }
        if !wholes.is_empty() {
            ranges.extend(self.of_units(&Units::parse(&wholes.join(","), run)?).ranges().iter().cloned());
        }
        ranges.sort_by_key(|r| *r.start());
        for w in ranges.windows(2) {
            if w[1].start() <= w[0].end() {
                return Err(UnitsError::TicketTwice(self.show_ticket(*w[1].start())));
            }
        }
        Ok(Units::of_sorted(ranges))
    }

    /// The tickets of whole units `units`.
    pub fn of_units(&self, units: &Units) -> Units {
        Units::of_sorted(units.ranges().iter().map(|r| self.ticket(*r.start(), 1)..=self.ticket(*r.end(), self.per)))
    }

    /// The units any ticket of `tickets` is in.
    pub fn units_of(&self, tickets: &Units) -> Units {
        Units::of_sorted(tickets.ranges().iter().map(|r| self.split(*r.start()).0..=self.split(*r.end()).0))
    }

    /// Each ticket of `tickets` as its unit and its place in the unit (from 1), as
    /// [`housie_core::rules::BookRanges::without`] takes them.
    pub fn tickets<'a>(&'a self, tickets: &'a Units) -> impl Iterator<Item = (u64, u8)> + 'a {
        tickets.ranges().iter().flat_map(|r| r.clone()).map(|n| self.split(n)).map(|(u, t)| (u, t as u8))
    }

    /// Whether `tickets` are whole units only.
    pub fn whole(&self, tickets: &Units) -> bool {
        tickets.ranges().iter().all(|r| (r.start() - 1).is_multiple_of(self.per) && r.end().is_multiple_of(self.per))
    }

    /// The first stretch of `tickets` that is not whole half sheets (tickets 1–3 or 4–6 of a
    /// book of six), as people write it; `None` when all are.
    pub fn not_half_sheets(&self, tickets: &Units) -> Option<String> {
        let half = self.per / 2;
        tickets
            .ranges()
            .iter()
            .find(|r| {
                half == 0
                    || !self.per.is_multiple_of(2)
                    || !(r.start() - 1).is_multiple_of(half)
                    || !r.end().is_multiple_of(half)
            })
            .map(|r| self.show(&Units::of_sorted([r.clone()])))
    }

    /// How many `sold_as` pieces `tickets` are: units, half sheets or tickets.
    pub fn pieces(&self, tickets: &Units, sold_as: SoldAs) -> u64 {
        match sold_as {
            SoldAs::Whole => tickets.len() / self.per,
            SoldAs::HalfSheets => tickets.len() / (self.per / 2).max(1),
            SoldAs::Tickets => tickets.len(),
        }
    }

    /// `tickets` as people write them: whole units as `1-50`, the rest as `61/1-3`.
    pub fn show(&self, tickets: &Units) -> String {
        if !self.splits() {
            return tickets.to_string();
        }
        let mut parts: Vec<String> = Vec::new();
        let mut whole: Option<(u64, u64)> = None;
        let flush = |whole: &mut Option<(u64, u64)>, parts: &mut Vec<String>| {
            if let Some((a, b)) = whole.take() {
                parts.push(if a == b { a.to_string() } else { format!("{a}-{b}") });
            }
        };
        for r in tickets.ranges() {
            let (mut n, end) = (*r.start(), *r.end());
            while n <= end {
                let (unit, t) = self.split(n);
                let last = (unit * self.per).min(end);
                if t == 1 && last == unit * self.per {
                    // Every whole unit of the stretch at once: a sale of 100,000 books is one step.
                    let through = end / self.per;
                    whole = match whole {
                        Some((a, b)) if b + 1 == unit => Some((a, through)),
                        _ => {
                            flush(&mut whole, &mut parts);
                            Some((unit, through))
                        }
                    };
                    n = through * self.per + 1;
                    continue;
                } else {
                    flush(&mut whole, &mut parts);
                    let (_, t2) = self.split(last);
                    parts.push(if t == t2 { format!("{unit}/{t}") } else { format!("{unit}/{t}-{t2}") });
                }
                n = last + 1;
            }
        }
        flush(&mut whole, &mut parts);
        parts.join(", ")
    }

    /// One ticket as people write it (`12/4`).
    fn show_ticket(&self, n: u64) -> String {
        let (unit, t) = self.split(n);
        format!("{unit}/{t}")
    }
}

impl super::Ledger {
    /// The tickets of unit `unit` (numbered in it from 1) that the holder of its ticket
    /// `ticket` holds: the half sheet or the ticket a standing sale sold it as; the whole unit
    /// when it was sold whole, or not through the ledger.
    pub fn held_with(&self, unit: u64, ticket: u64) -> RangeInclusive<u64> {
        let per = self.paper.per();
        if !self.paper.splits() || ticket == 0 || ticket > per {
            return 1..=per;
        }
        let n = self.paper.ticket(unit, ticket);
        match self.standing().find(|s| s.units.contains(n)).map(|s| s.sold_as) {
            Some(SoldAs::HalfSheets) => {
                let half = (per / 2).max(1);
                let first = (ticket - 1) / half * half + 1;
                first..=first + half - 1
            }
            Some(SoldAs::Tickets) => ticket..=ticket,
            _ => 1..=per,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX: Paper = Paper { per: 6 };

    #[test]
    fn books_and_their_parts_read_and_print_as_typed() {
        let t = SIX.parse("3/4-6, 1-2, 4/1-3, 7/2", 1..=10).unwrap();
        // Book 3's second half and book 4's first: tickets 16-21, one stretch, two parts.
        assert_eq!(SIX.show(&t), "1-2, 3/4-6, 4/1-3, 7/2");
        assert_eq!(t.len(), 12 + 3 + 3 + 1);
        assert_eq!(SIX.units_of(&t).to_string(), "1-4, 7");
        assert!(!SIX.whole(&t) && SIX.whole(&SIX.parse("1-2, 5", 1..=10).unwrap()));
        // Halves that make a book print as the book.
        assert_eq!(SIX.show(&SIX.parse("5/1-3, 5/4-6, 6", 1..=10).unwrap()), "5-6");
        assert_eq!(SIX.pieces(&SIX.parse("5/1-3, 6/4-6", 1..=10).unwrap(), SoldAs::HalfSheets), 2);
        assert_eq!(SIX.pieces(&SIX.parse("1-2", 1..=10).unwrap(), SoldAs::Whole), 2);
    }

    #[test]
    fn half_sheets_are_the_first_or_last_three_tickets() {
        for ok in ["1/1-3", "1/4-6", "1-2, 3/4-6"] {
            assert_eq!(SIX.not_half_sheets(&SIX.parse(ok, 1..=10).unwrap()), None, "{ok}");
        }
        assert_eq!(SIX.not_half_sheets(&SIX.parse("1/2-4", 1..=10).unwrap()).as_deref(), Some("1/2-4"));
        assert_eq!(SIX.not_half_sheets(&SIX.parse("1/1-3, 2/5", 1..=10).unwrap()).as_deref(), Some("2/5"));
    }

    #[test]
    fn wrong_tickets_are_refused_with_the_reason() {
        assert_eq!(SIX.parse("3/7", 1..=10), Err(UnitsError::NoTicket(7, 6)));
        assert_eq!(SIX.parse("3/0", 1..=10), Err(UnitsError::NoTicket(0, 6)));
        assert_eq!(SIX.parse("3/4-2", 1..=10), Err(UnitsError::Backwards(4, 2)));
        assert_eq!(SIX.parse("11/1", 1..=10), Err(UnitsError::Outside(11, 11, 1, 10)));
        assert_eq!(SIX.parse("3, 3/2", 1..=10), Err(UnitsError::TicketTwice("3/2".into())));
        assert_eq!(SIX.parse("3/1-3, 3/3", 1..=10), Err(UnitsError::TicketTwice("3/3".into())));
        assert!(matches!(SIX.parse("3/a", 1..=10), Err(UnitsError::Malformed(_))));
        assert_eq!(Paper::WHOLE.parse("3/1", 1..=10), Err(UnitsError::Whole));
        // Without a part, the whole-unit reader and its words.
        assert_eq!(SIX.parse("4-2", 1..=10), Err(UnitsError::Backwards(4, 2)));
    }

    proptest::proptest! {
        /// Any set of tickets prints as text that reads back as the same set.
        #[test]
        fn any_tickets_print_as_text_that_reads_back(tickets in proptest::collection::btree_set(1u64..=60, 1..40)) {
            let set = Units::of_sorted(tickets.iter().map(|&t| t..=t));
            let text = SIX.show(&set);
            proptest::prop_assert_eq!(SIX.parse(&text, 1..=10).unwrap(), set, "{}", text);
        }
    }

    #[test]
    fn a_run_sold_whole_is_its_units() {
        let u = Paper::WHOLE.parse("1-5, 9", 1..=10).unwrap();
        assert_eq!((Paper::WHOLE.show(&u), u.len()), ("1-5, 9".to_string(), 6));
    }
}

//! Sets of the units paper is sold in: books in a plain run, booklets in a run of booklets.
//! Kept as sorted, disjoint, non-adjacent ranges, so a night of 100,000 books sold in a few
//! hundred ranges costs a few hundred ranges.

use std::fmt;
use std::ops::RangeInclusive;

/// Sorted, disjoint, non-adjacent inclusive ranges of unit numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Units(Vec<RangeInclusive<u64>>);

/// Why a units text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnitsError {
    /// Not a number or a range.
    #[error("`{0}` is not a number or a range like 1-50")]
    Malformed(String),
    /// A range that runs backwards.
    #[error("{0}-{1} runs backwards")]
    Backwards(u64, u64),
    /// Outside the run.
    #[error("{0}-{1} is outside the run's {2}-{3}")]
    Outside(u64, u64, u64, u64),
    /// A number given twice.
    #[error("{0} is given twice")]
    Twice(u64),
    /// Nothing given.
    #[error("no books given")]
    Empty,
    /// Tickets (`12/1-3`) in a run whose units are sold whole.
    #[error("this run's booklets are sold whole, not by the ticket")]
    Whole,
    /// A ticket a book does not have.
    #[error("a book has tickets 1-{1}, not {0}")]
    NoTicket(u64, u64),
    /// A ticket given twice, by its book or itself.
    #[error("ticket {0} is given twice")]
    TicketTwice(String),
}

/// A refusal as a catalogue message id and its placeables.
pub type Said = (&'static str, Vec<(&'static str, String)>);

impl UnitsError {
    /// The refusal as a catalogue message (`units-…`) and its placeables.
    pub fn said(&self) -> Option<Said> {
        use UnitsError as E;
        let n = |v: &u64| v.to_string();
        Some(match self {
            E::Malformed(text) => ("units-malformed", vec![("text", text.clone())]),
            E::Backwards(a, b) => ("units-backwards", vec![("from", n(a)), ("to", n(b))]),
            E::Outside(a, b, f, l) => {
                ("units-outside", vec![("from", n(a)), ("to", n(b)), ("first", n(f)), ("last", n(l))])
            }
            E::Twice(u) => ("units-twice", vec![("unit", n(u))]),
            E::Empty => ("units-empty", Vec::new()),
            E::Whole => ("units-whole", Vec::new()),
            E::NoTicket(t, per) => ("units-no-ticket", vec![("ticket", n(t)), ("per", n(per))]),
            E::TicketTwice(t) => ("units-ticket-twice", vec![("ticket", t.clone())]),
        })
    }
}

impl Units {
    /// Parses comma-separated numbers and ranges (`1-50, 61, 70-80`), each inside `run`; a
    /// number given twice is refused (a typo, not a wish to sell a book twice).
    pub fn parse(text: &str, run: RangeInclusive<u64>) -> Result<Units, UnitsError> {
        let mut ranges = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let shown = || UnitsError::Malformed(housie_core::domain::text::clip(part, 24));
            let number = |s: &str| housie_core::support::number::whole(s).map_err(|_| shown());
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if a > b {
                return Err(UnitsError::Backwards(a, b));
            }
            if a < *run.start() || b > *run.end() {
                return Err(UnitsError::Outside(a, b, *run.start(), *run.end()));
            }
            ranges.push(a..=b);
        }
        if ranges.is_empty() {
            return Err(UnitsError::Empty);
        }
        ranges.sort_by_key(|r| *r.start());
        for w in ranges.windows(2) {
            if w[1].start() <= w[0].end() {
                return Err(UnitsError::Twice(*w[1].start()));
            }
        }
        Ok(Units::from_sorted(ranges))
    }

    /// The units of `ranges`, sorted and disjoint already (as [`housie_core::rules::BookRanges`] keeps them).
    pub fn of_sorted(ranges: impl IntoIterator<Item = RangeInclusive<u64>>) -> Units {
        Units::from_sorted(ranges.into_iter().collect())
    }

    /// Joins sorted, disjoint ranges that touch.
    fn from_sorted(ranges: Vec<RangeInclusive<u64>>) -> Units {
        let mut out: Vec<RangeInclusive<u64>> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match out.last_mut() {
                Some(last) if *r.start() <= last.end().saturating_add(1) => {
                    *last = *last.start()..=(*last.end()).max(*r.end());
                }
                _ => out.push(r),
            }
        }
        Units(out)
    }

    /// The ranges.
    pub fn ranges(&self) -> &[RangeInclusive<u64>] {
        &self.0
    }

    /// How many units.
    pub fn len(&self) -> u64 {
        self.0.iter().map(|r| r.end() - r.start() + 1).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `unit` is in the set.
    pub fn contains(&self, unit: u64) -> bool {
        let i = self.0.partition_point(|r| *r.end() < unit);
        self.0.get(i).is_some_and(|r| r.contains(&unit))
    }

    /// The units in both.
    pub fn and(&self, other: &Units) -> Units {
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.0.len() && j < other.0.len() {
            let (a, b) = (&self.0[i], &other.0[j]);
            let (lo, hi) = ((*a.start()).max(*b.start()), (*a.end()).min(*b.end()));
            if lo <= hi {
                out.push(lo..=hi);
            }
            if a.end() < b.end() {
                i += 1;
            } else {
                j += 1;
            }
        }
        Units::from_sorted(out)
    }

    /// The units in either.
    pub fn or(&self, other: &Units) -> Units {
        let mut all: Vec<_> = self.0.iter().chain(&other.0).cloned().collect();
        all.sort_by_key(|r| *r.start());
        Units::from_sorted(all)
    }

    /// The units of `self` not in `other`.
    pub fn minus(&self, other: &Units) -> Units {
        let mut out = Vec::new();
        for r in &self.0 {
            let mut start = *r.start();
            let mut covered = false;
            for o in other.0.iter().filter(|o| o.end() >= r.start() && o.start() <= r.end()) {
                if *o.start() > start {
                    out.push(start..=o.start() - 1);
                }
                if o.end() >= r.end() {
                    covered = true;
                    break;
                }
                start = o.end() + 1; // below r's end, so no overflow
            }
            if !covered {
                out.push(start..=*r.end());
            }
        }
        Units::from_sorted(out)
    }
}

impl fmt::Display for Units {
    /// `1-50, 61, 70-80`, as it is typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if r.start() == r.end() {
                write!(f, "{}", r.start())?;
            } else {
                write!(f, "{}-{}", r.start(), r.end())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn u(text: &str) -> Units {
        Units::parse(text, 1..=1000).unwrap()
    }

    #[test]
    fn sorted_ranges_join_where_they_touch_and_are_given_back() {
        let u = Units::of_sorted([1..=3, 4..=6, 9..=9]);
        assert_eq!(u.ranges(), [1..=6, 9..=9]);
        assert_eq!((u.len(), u.to_string()), (7, "1-6, 9".to_string()));
        assert!(Units::of_sorted([]).is_empty());
    }

    #[test]
    fn ranges_read_join_and_print_as_typed() {
        let units = u("70-80, 1-50,51, 61");
        assert_eq!(units.to_string(), "1-51, 61, 70-80");
        assert_eq!(units.len(), 51 + 1 + 11);
        assert!(units.contains(51) && units.contains(61) && !units.contains(60) && !units.contains(81));
    }

    #[test]
    fn wrong_ranges_are_refused_with_the_reason() {
        let run = 1..=500;
        assert_eq!(Units::parse("50-1", run.clone()), Err(UnitsError::Backwards(50, 1)));
        assert_eq!(Units::parse("490-510", run.clone()), Err(UnitsError::Outside(490, 510, 1, 500)));
        // The run's first and last units are in it; one past either is not.
        assert_eq!(Units::parse("1, 500", run.clone()).map(|u| u.len()), Ok(2));
        assert_eq!(Units::parse("1-500", run.clone()).map(|u| u.len()), Ok(500));
        assert_eq!(Units::parse("501", run.clone()), Err(UnitsError::Outside(501, 501, 1, 500)));
        assert_eq!(Units::parse("0-3", run.clone()), Err(UnitsError::Outside(0, 3, 1, 500)));
        assert_eq!(Units::parse("1-10, 5", run.clone()), Err(UnitsError::Twice(5)));
        assert_eq!(Units::parse(" , ", run.clone()), Err(UnitsError::Empty));
        for bad in ["a", "1-", "-5", "1--2", "+3", "05", "1.5", "1-2-3", "１"] {
            assert!(matches!(Units::parse(bad, run.clone()), Err(UnitsError::Malformed(_))), "{bad}");
        }
    }

    #[test]
    fn set_operations() {
        let (a, b) = (u("1-50, 60-70"), u("40-65"));
        assert_eq!(a.and(&b).to_string(), "40-50, 60-65");
        assert_eq!(a.minus(&b).to_string(), "1-39, 66-70");
        assert_eq!(b.minus(&a).to_string(), "51-59");
        assert_eq!(a.or(&b).to_string(), "1-70");
        assert!(a.minus(&a).is_empty());
    }

    proptest! {
        #[test]
        fn set_operations_agree_with_brute_force(
            a in proptest::collection::btree_set(1u64..60, 1..40),
            b in proptest::collection::btree_set(1u64..60, 1..40),
        ) {
            let text = |s: &std::collections::BTreeSet<u64>| s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let (x, y) = (Units::parse(&text(&a), 1..=60).unwrap(), Units::parse(&text(&b), 1..=60).unwrap());
            let members = |s: &Units| (1..=60).filter(|&n| s.contains(n)).collect::<Vec<_>>();
            prop_assert_eq!(members(&x.and(&y)), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(members(&x.minus(&y)), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(members(&x.or(&y)), a.union(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(x.minus(&y).len(), a.difference(&b).count() as u64);
        }
    }
}

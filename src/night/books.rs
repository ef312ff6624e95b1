//! The books in play in one game: `all`, or ranges like `1-480, 501-560`, checked against the run.

use std::fmt;
use std::ops::RangeInclusive;

/// Sorted, non-overlapping, non-adjacent inclusive ranges of book numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookRanges {
    ranges: Vec<(u64, u64)>,
}

/// Why a books text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BooksError {
    #[error("books: `{0}` is not a book number or a range like 1-480")]
    Malformed(String),
    #[error("books: {from}-{to} runs backwards")]
    Backwards { from: u64, to: u64 },
    #[error("books: {from}-{to} is outside this run's books {first}-{last}")]
    OutsideRun { from: u64, to: u64, first: u64, last: u64 },
}

impl BookRanges {
    /// Parses `all` (or nothing) as every book of the run, else comma-separated numbers and
    /// ranges, each inside `run`.
    pub fn parse(text: &str, run: RangeInclusive<u64>) -> Result<BookRanges, BooksError> {
        let (first, last) = (*run.start(), *run.end());
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("all") {
            return Ok(BookRanges { ranges: vec![(first, last)] });
        }
        let mut ranges = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let number = |s: &str| s.trim().parse::<u64>().map_err(|_| BooksError::Malformed(part.to_string()));
            let (from, to) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if from > to {
                return Err(BooksError::Backwards { from, to });
            }
            if from < first || to > last {
                return Err(BooksError::OutsideRun { from, to, first, last });
            }
            ranges.push((from, to));
        }
        if ranges.is_empty() {
            return Err(BooksError::Malformed(text.to_string()));
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (from, to) in ranges {
            match merged.last_mut() {
                Some(last) if from <= last.1.saturating_add(1) => last.1 = last.1.max(to),
                _ => merged.push((from, to)),
            }
        }
        Ok(BookRanges { ranges: merged })
    }

    pub fn contains(&self, book: u64) -> bool {
        let i = self.ranges.partition_point(|&(_, to)| to < book);
        self.ranges.get(i).is_some_and(|&(from, _)| from <= book)
    }

    /// How many books are in play.
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|(a, b)| b - a + 1).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

impl fmt::Display for BookRanges {
    /// The canonical text, e.g. `1-480, 501`, which parses back to the same ranges.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> =
            self.ranges.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_merges_and_refuses() {
        let r = BookRanges::parse("10-20, 1-5,6-9, 30", 1..=500).unwrap();
        assert_eq!(r.to_string(), "1-20, 30");
        assert_eq!(r.len(), 21);
        assert!(r.contains(1) && r.contains(20) && r.contains(30));
        assert!(!r.contains(21) && !r.contains(29) && !r.contains(31) && !r.contains(0));
        assert_eq!(BookRanges::parse("all", 3..=9).unwrap().to_string(), "3-9");
        assert_eq!(BookRanges::parse("", 1..=9).unwrap().len(), 9);
        assert_eq!(
            BookRanges::parse("1-600", 1..=500).unwrap_err().to_string(),
            "books: 1-600 is outside this run's books 1-500"
        );
        assert_eq!(BookRanges::parse("9-3", 1..=500).unwrap_err().to_string(), "books: 9-3 runs backwards");
        assert_eq!(
            BookRanges::parse("1-x", 1..=500).unwrap_err().to_string(),
            "books: `1-x` is not a book number or a range like 1-480"
        );
        assert!(BookRanges::parse(" , ", 1..=500).is_err());
    }
}

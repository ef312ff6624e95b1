//! The books in play in one game: `all`, or ranges like `1-480, 501-560`, checked against the run.
//! In a run of booklets the ranges are of booklets, and the game says which of each booklet's
//! books (game g's page) is in play.

use std::fmt;
use std::ops::RangeInclusive;

use crate::domain::Numbering;

/// Sorted, non-overlapping, non-adjacent inclusive ranges of book numbers (booklet numbers,
/// with `game`: game g's book of each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookRanges {
    ranges: Vec<(u64, u64)>,
    numbering: Numbering,
    game: Option<u16>,
    /// Tickets of books in play that are not (`(book, ticket)`, sorted): the rest of a book
    /// sold by the half sheet or the ticket, as at a Tambola night.
    unsold: Vec<(u64, u8)>,
}

/// Why a books text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BooksError {
    /// Not a number or a range.
    #[error("books: `{0}` is not a book number or a range like 1-480")]
    Malformed(String),
    /// A range that runs backwards.
    #[error("books: {from}-{to} runs backwards")]
    Backwards {
        /// The first of the range.
        from: u64,
        /// The last of the range.
        to: u64,
    },
    /// A range outside the run.
    #[error("books: {from}-{to} is outside this run's {unit}s {first}-{last}")]
    OutsideRun {
        /// The first of the range.
        from: u64,
        /// The last of the range.
        to: u64,
        /// The run's first.
        first: u64,
        /// The run's last.
        last: u64,
        /// `book` or `booklet`.
        unit: &'static str,
    },
    /// A run of booklets needs the game.
    #[error("game: this run's booklets hold {games} games; say which one this is (1–{games})")]
    NoGame {
        /// How many games each booklet has.
        games: u16,
    },
    /// A game the booklets do not have.
    #[error("game: {game} is not one of this run's games 1–{games}")]
    GameOutOfRange {
        /// The game asked for.
        game: u16,
        /// How many games each booklet has.
        games: u16,
    },
    /// Tickets of books (`12/1-3`) that cannot be read.
    #[error("books: {0}")]
    Tickets(String),
    /// A game given for a run without booklets.
    #[error("game: this run has no booklets of games; leave the game out")]
    NotBooklets,
}

impl BookRanges {
    /// Parses `all` (or nothing) as every book of the run, else comma-separated numbers and
    /// ranges, each inside `run`; in a run of booklets, booklet numbers, and `game` is needed.
    pub fn parse(
        text: &str,
        run: RangeInclusive<u64>,
        numbering: Numbering,
        game: Option<u16>,
    ) -> Result<BookRanges, BooksError> {
        match (numbering.games(), game) {
            (None, Some(_)) => return Err(BooksError::NotBooklets),
            (Some(games), None) => return Err(BooksError::NoGame { games }),
            (Some(games), Some(game)) if game == 0 || game > games => {
                return Err(BooksError::GameOutOfRange { game, games })
            }
            _ => {}
        }
        let run = numbering.booklet(*run.start())..=numbering.booklet(*run.end());
        let unit = if numbering.games().is_some() { "booklet" } else { "book" };
        let ranges = Self::ranges(text, run, unit)?;
        Ok(BookRanges { ranges, numbering, game, unsold: Vec::new() })
    }

    /// Ranges as stored with a game, already checked against the run when they were stored.
    pub fn stored(text: &str, numbering: Numbering, game: Option<u16>) -> Option<BookRanges> {
        let ranges = Self::ranges(text, 1..=u64::MAX, "book").ok()?;
        Some(BookRanges { ranges, numbering, game, unsold: Vec::new() })
    }

    fn ranges(text: &str, run: RangeInclusive<u64>, unit: &'static str) -> Result<Vec<(u64, u64)>, BooksError> {
        let (first, last) = (*run.start(), *run.end());
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("all") {
            return Ok(vec![(first, last)]);
        }
        let mut ranges = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let number =
                |s: &str| crate::support::number::whole(s).map_err(|_| BooksError::Malformed(part.to_string()));
            let (from, to) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if from > to {
                return Err(BooksError::Backwards { from, to });
            }
            if from < first || to > last {
                return Err(BooksError::OutsideRun { from, to, first, last, unit });
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
        Ok(merged)
    }

    /// Whether book `book` is in play: its booklet is in the ranges, and it is the game's page.
    pub fn contains(&self, book: u64) -> bool {
        if book == 0 || self.game.is_some_and(|g| self.numbering.game(book) != g) {
            return false;
        }
        self.has_unit(self.numbering.booklet(book))
    }

    /// These books in play without `tickets` (`(book, ticket)`): those of a book sold in
    /// parts that were not sold. Tickets of books not in play are left out.
    pub fn without(mut self, tickets: impl IntoIterator<Item = (u64, u8)>) -> BookRanges {
        let mut unsold: Vec<(u64, u8)> =
            self.unsold.iter().copied().chain(tickets).filter(|&(b, _)| self.contains(b)).collect();
        unsold.sort_unstable();
        unsold.dedup();
        self.unsold = unsold;
        self
    }

    /// The tickets of books in play that are not, sorted.
    pub fn unsold(&self) -> &[(u64, u8)] {
        &self.unsold
    }

    /// Whether unit `unit` (a book, or a booklet in a run of booklets) is among the ranges in
    /// play, whatever of its tickets were left out.
    pub fn has_unit(&self, unit: u64) -> bool {
        let i = self.ranges.partition_point(|&(_, to)| to < unit);
        self.ranges.get(i).is_some_and(|&(from, _)| from <= unit)
    }

    /// Whether ticket `ticket` of book `book` is in play: its book is, and it was not left
    /// out of a book sold in parts.
    pub fn holds(&self, book: u64, ticket: u8) -> bool {
        self.contains(book) && self.unsold.binary_search(&(book, ticket)).is_err()
    }

    /// The game of each booklet in play (`None` without booklets).
    pub fn game(&self) -> Option<u16> {
        self.game
    }

    /// "books 1-480" or "booklets 1-120, game 3", for people.
    pub fn describe(&self) -> String {
        match self.game {
            Some(g) => format!("booklets {self}, game {g}"),
            None => format!("books {self}"),
        }
    }

    /// The ranges, of books (of booklets, in a run of booklets).
    pub fn spans(&self) -> impl Iterator<Item = std::ops::RangeInclusive<u64>> + '_ {
        self.ranges.iter().map(|&(a, b)| a..=b)
    }

    /// How many books are in play (one per booklet in a run of booklets).
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|(a, b)| b - a + 1).sum()
    }

    /// Whether no books are in play.
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

    const B: Numbering = Numbering::BOOKS;

    #[test]
    fn booklet_ranges_with_a_game_hold_that_game_of_each_booklet() {
        let eight = Numbering::booklets(8).unwrap();
        // A run of 100 booklets: books 1-800.
        let r = BookRanges::parse("1-10, 21", 1..=800, eight, Some(3)).unwrap();
        assert_eq!((r.len(), r.describe()), (11, "booklets 1-10, 21, game 3".to_string()));
        let in_play: Vec<u64> = (1..=800).filter(|&b| r.contains(b)).collect();
        let want: Vec<u64> = (1..=10).chain([21]).map(|k| eight.book(k, 3).unwrap()).collect();
        assert_eq!(in_play, want);
        let err = |text: &str, game| BookRanges::parse(text, 1..=800, eight, game).unwrap_err().to_string();
        assert_eq!(err("1-10", None), "game: this run's booklets hold 8 games; say which one this is (1–8)");
        assert_eq!(err("1-10", Some(9)), "game: 9 is not one of this run's games 1–8");
        assert_eq!(err("1-101", Some(1)), "books: 1-101 is outside this run's booklets 1-100");
        assert_eq!(
            BookRanges::parse("1-3", 1..=800, B, Some(1)).unwrap_err().to_string(),
            "game: this run has no booklets of games; leave the game out"
        );
        assert_eq!(BookRanges::stored(&r.to_string(), eight, Some(3)), Some(r));
    }

    #[test]
    fn parses_merges_and_refuses() {
        let r = BookRanges::parse("10-20, 1-5,6-9, 30", 1..=500, B, None).unwrap();
        assert_eq!(r.to_string(), "1-20, 30");
        assert_eq!(r.len(), 21);
        assert!(r.contains(1) && r.contains(20) && r.contains(30));
        assert!(!r.contains(21) && !r.contains(29) && !r.contains(31) && !r.contains(0));
        assert_eq!(BookRanges::parse("all", 3..=9, B, None).unwrap().to_string(), "3-9");
        assert_eq!(BookRanges::parse("", 1..=9, B, None).unwrap().len(), 9);
        assert_eq!(
            BookRanges::parse("1-600", 1..=500, B, None).unwrap_err().to_string(),
            "books: 1-600 is outside this run's books 1-500"
        );
        assert_eq!(BookRanges::parse("9-3", 1..=500, B, None).unwrap_err().to_string(), "books: 9-3 runs backwards");
        assert_eq!(
            BookRanges::parse("1-x", 1..=500, B, None).unwrap_err().to_string(),
            "books: `1-x` is not a book number or a range like 1-480"
        );
        assert!(BookRanges::parse(" , ", 1..=500, B, None).is_err());
    }
}

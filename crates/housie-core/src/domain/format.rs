//! What a card is, as data: its grid, which numbers each column takes, how many numbers each
//! row holds, and what a book of cards is. 90-ball (Housie, Tambola) is [`NINETY_BALL`]: 3 × 9,
//! five numbers a row, a book of six cards covering 1–90 once. 75-ball (5 × 5 with a free
//! centre, columns B 1–15 … O 61–75, no covering book) will be another value of this type, not
//! another path: tickets, books, the manifest's columns, prize patterns and the board's range
//! all read it from here. run.json records the format by name (`"card_format": "90-ball"`);
//! a run without one is 90-ball.

use std::fmt;

/// The most cells a card has (90-ball's 27; 75-ball has 25).
pub const MAX_CELLS: usize = 27;
/// The most numbers a card holds (masks over a card's numbers are 32 bits).
pub const MAX_NUMBERS: usize = 32;
/// The most columns a card has.
pub const MAX_COLS: usize = 9;

/// How a format fills its grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Every row holds `per_row` numbers; each column one to `rows` of its numbers, ascending
    /// downwards; a book's cards hold every number once (90-ball).
    Strip {
        /// Numbers on every row.
        per_row: usize,
    },
    /// Every cell holds a number of its column's range, but the free one; no number twice on a
    /// card (75-ball, and bingo cards like it). A book is cards drawn each on its own.
    Full {
        /// The free cell, (row, column), if any.
        free: Option<(usize, usize)>,
    },
}

/// A card format.
#[derive(Debug, PartialEq, Eq)]
pub struct CardFormat {
    name: &'static str,
    rows: usize,
    cols: usize,
    columns: &'static [(u8, u8)],
    fill: Fill,
    book: usize,
}

/// 90-ball: 3 × 9, five numbers a row, columns 1–9, 10–19 … 70–79, 80–90, books of six cards
/// that use every number once.
pub static NINETY_BALL: CardFormat = CardFormat {
    name: "90-ball",
    rows: 3,
    cols: 9,
    columns: &[(1, 9), (10, 19), (20, 29), (30, 39), (40, 49), (50, 59), (60, 69), (70, 79), (80, 90)],
    fill: Fill::Strip { per_row: 5 },
    book: 6,
};

/// 75-ball (bingo in the US and Canada): 5 × 5, columns B 1–15, I 16–30, N 31–45, G 46–60,
/// O 61–75, every cell a number but the free centre, each column's numbers in random order; a
/// book is one face (a sheet of several is the run's setting). Drawn and judged like any
/// format; not yet among [`FORMATS`], which a run may name, until the print and the night take
/// it (issue 66).
pub static SEVENTY_FIVE_BALL: CardFormat = match CardFormat::new(
    "75-ball",
    5,
    &[(1, 15), (16, 30), (31, 45), (46, 60), (61, 75)],
    Fill::Full { free: Some((2, 2)) },
    1,
) {
    Some(format) => format,
    None => panic!("75-ball is a format housie can hold"),
};

/// The formats housie plays, by name.
pub static FORMATS: [&CardFormat; 1] = [&NINETY_BALL];

impl CardFormat {
    /// A format of `rows` × `columns.len()` cells, filled as `fill` says, `book` cards a book:
    /// `None` unless it is one housie can hold (at most 27 cells, 32 numbers a card and 9
    /// columns; ranges ascending within 1–127, each wide enough for its cells).
    pub const fn new(
        name: &'static str,
        rows: usize,
        columns: &'static [(u8, u8)],
        fill: Fill,
        book: usize,
    ) -> Option<CardFormat> {
        let cols = columns.len();
        if rows == 0 || cols == 0 || cols > MAX_COLS || rows * cols > MAX_CELLS || book == 0 {
            return None;
        }
        let mut c = 0;
        while c < cols {
            let (lo, hi) = columns[c];
            if lo == 0 || hi < lo || hi > 127 || (c > 0 && lo <= columns[c - 1].1) {
                return None;
            }
            c += 1;
        }
        let numbers = match fill {
            Fill::Strip { per_row } => per_row * rows,
            Fill::Full { free: None } => rows * cols,
            Fill::Full { free: Some(_) } => rows * cols - 1,
        };
        if numbers > MAX_NUMBERS {
            return None;
        }
        Some(CardFormat { name, rows, cols, columns, fill, book })
    }

    /// The format named `name` (`90-ball`), if housie plays it.
    pub fn by_name(name: &str) -> Option<&'static CardFormat> {
        FORMATS.iter().copied().find(|f| f.name == name)
    }

    /// Its name, as run.json records it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells of the grid.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// How it fills its grid.
    pub fn fill(&self) -> Fill {
        self.fill
    }

    /// The numbers column `col` (0-based) takes.
    pub fn column_range(&self, col: usize) -> (u8, u8) {
        self.columns[col]
    }

    /// The highest number called: the board runs from 1 to this.
    pub fn numbers(&self) -> u8 {
        self.columns[self.cols - 1].1
    }

    /// How many numbers row `row` (0-based) holds.
    pub fn row_count(&self, row: usize) -> usize {
        match self.fill {
            Fill::Strip { per_row } => per_row,
            Fill::Full { free: Some((r, _)) } if r == row => self.cols - 1,
            Fill::Full { .. } => self.cols,
        }
    }

    /// How many numbers a card holds.
    pub fn per_card(&self) -> usize {
        (0..self.rows).map(|r| self.row_count(r)).sum()
    }

    /// Where row `row`'s numbers start among a card's numbers in reading order.
    pub fn row_start(&self, row: usize) -> usize {
        (0..row).map(|r| self.row_count(r)).sum()
    }

    /// Cards in a book.
    pub fn book(&self) -> usize {
        self.book
    }

    /// Whether a book's cards hold every number once.
    pub fn covers(&self) -> bool {
        matches!(self.fill, Fill::Strip { .. })
    }
}

impl fmt::Display for CardFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// run.json's `card_format`: a format housie plays, by name.
pub mod by_name {
    use super::CardFormat;

    /// Writes the name.
    pub fn serialize<S: serde::Serializer>(format: &&'static CardFormat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(format.name())
    }

    /// Reads a name housie knows.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static CardFormat, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(d)?;
        CardFormat::by_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("card format `{name}` is not one this housie plays (90-ball)"))
        })
    }

    /// 90-ball, for a record without the key.
    pub fn ninety() -> &'static CardFormat {
        &super::NINETY_BALL
    }

    /// Whether the key need not be written (90-ball, as every run before housie 0.13).
    pub fn is_ninety(format: &&'static CardFormat) -> bool {
        std::ptr::eq(*format, &super::NINETY_BALL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_ball_is_what_housie_always_played() {
        let f = &NINETY_BALL;
        assert_eq!((f.rows(), f.cols(), f.per_card(), f.numbers(), f.book()), (3, 9, 15, 90, 6));
        assert_eq!((f.column_range(0), f.column_range(4), f.column_range(8)), ((1, 9), (40, 49), (80, 90)));
        assert_eq!((f.row_start(1), f.row_start(2)), (5, 10));
        assert_eq!(CardFormat::by_name("90-ball"), Some(&NINETY_BALL));
        assert_eq!(CardFormat::by_name("75-ball"), None);
    }

    #[test]
    fn a_format_housie_cannot_hold_is_refused() {
        const FIVE: &[(u8, u8)] = &[(1, 15), (16, 30), (31, 45), (46, 60), (61, 75)];
        let bingo = &SEVENTY_FIVE_BALL;
        assert_eq!((bingo.per_card(), bingo.row_count(2), bingo.numbers(), bingo.covers()), (24, 4, 75, false));
        assert!(CardFormat::new("big", 6, FIVE, Fill::Full { free: None }, 1).is_none(), "30 cells");
        assert!(CardFormat::new("x", 1, &[(5, 4)], Fill::Full { free: None }, 1).is_none(), "an empty range");
        assert!(CardFormat::new("x", 1, &[(1, 5), (5, 9)], Fill::Full { free: None }, 1).is_none(), "overlapping");
    }
}

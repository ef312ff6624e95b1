//! What a card is, as data: its grid, which numbers each column takes, how many numbers each
//! row holds, and what a book of cards is. 90-ball (Housie, Tambola) is [`NINETY_BALL`]: 3 × 9,
//! five numbers a row, a book of six cards covering 1–90 once. 75-ball (5 × 5 with a free
//! centre, columns B 1–15 … O 61–75, no covering book) is another value of this type, not
//! another path: tickets, books, the manifest's columns, prize patterns and the board's range
//! all read it from here. A 75-ball book is a sheet of faces ("3-on": three faces a sheet), so
//! each sheet size is a format of its own ([`SEVENTY_FIVE_BALL_SHEETS`]). run.json records the
//! format by name (`"card_format": "75-ball 3-on"`); a run without one is 90-ball.

use std::fmt;

/// The most cells a card has (90-ball's 27; 75-ball has 25).
pub const MAX_CELLS: usize = 27;
/// The most numbers a card holds (masks over a card's numbers are 32 bits).
pub const MAX_NUMBERS: usize = 32;
/// The most columns a card has.
pub const MAX_COLS: usize = 9;
/// The most cards a book of any format holds (a 90-ball strip's six, a 75-ball 6-on sheet's):
/// a serial's ticket place is 1 to this.
pub const MOST_CARDS_A_BOOK: usize = 6;

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
    heads: &'static [&'static str],
    /// A book's cards share no number (75-ball strips).
    disjoint: bool,
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
    heads: &[],
    disjoint: false,
};

/// 75-ball (bingo in the US and Canada): 5 × 5, columns B 1–15, I 16–30, N 31–45, G 46–60,
/// O 61–75, every cell a number but the free centre, each column's numbers in random order;
/// a book is one face (the 1-on sheet).
pub static SEVENTY_FIVE_BALL: &CardFormat = &SEVENTY_FIVE_BALL_SHEETS[0];

/// 75-ball sheets of 1, 2, 3, 4 and 6 faces (the trade's "ON"): a book is a sheet, sold and
/// played together under one serial, each face with its own face number.
pub static SEVENTY_FIVE_BALL_SHEETS: [CardFormat; 5] = [
    seventy_five("75-ball 1-on", 1),
    seventy_five("75-ball 2-on", 2),
    seventy_five("75-ball 3-on", 3),
    seventy_five("75-ball 4-on", 4),
    seventy_five("75-ball 6-on", 6),
];

/// 75-ball strips (`--strips`): sheets of three faces that share no number, so a sheet holds
/// every B, I, G and O number once and 12 of the 15 N numbers.
pub static SEVENTY_FIVE_BALL_STRIPS: CardFormat =
    CardFormat { disjoint: true, ..seventy_five("75-ball 3-on strips", 3) };

const fn seventy_five(name: &'static str, on: usize) -> CardFormat {
    const BINGO: &[&str] = &["B", "I", "N", "G", "O"];
    const COLUMNS: &[(u8, u8)] = &[(1, 15), (16, 30), (31, 45), (46, 60), (61, 75)];
    match CardFormat::new(name, 5, COLUMNS, Fill::Full { free: Some((2, 2)) }, on) {
        Some(format) => format.headed(BINGO),
        None => panic!("75-ball is a format housie can hold"),
    }
}

/// The kinds of card a look may hold, as a template names them (`[layout] card = "75-ball"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub enum Card {
    /// 90-ball tickets in strips of six.
    #[default]
    #[serde(rename = "90-ball")]
    NinetyBall,
    /// 75-ball faces, as many to a sheet as the look has slots.
    #[serde(rename = "75-ball")]
    SeventyFiveBall,
}

impl Card {
    /// The format of this card on a page of `slots` slots: 90-ball whatever the slots (a page
    /// holds whole strips, or a strip whole pages); 75-ball a sheet of `slots` faces, if
    /// housie prints such sheets (1, 2, 3, 4 or 6).
    pub fn format(self, slots: usize) -> Option<&'static CardFormat> {
        match self {
            Card::NinetyBall => Some(&NINETY_BALL),
            Card::SeventyFiveBall => SEVENTY_FIVE_BALL_SHEETS.iter().find(|f| f.book == slots),
        }
    }

    /// One card of it: the grid a prize's pattern is drawn on, whatever the sheet.
    pub fn face(self) -> &'static CardFormat {
        match self {
            Card::NinetyBall => &NINETY_BALL,
            Card::SeventyFiveBall => SEVENTY_FIVE_BALL,
        }
    }

    /// The kind of card a format is.
    pub fn of(format: &CardFormat) -> Card {
        if format.covers() {
            Card::NinetyBall
        } else {
            Card::SeventyFiveBall
        }
    }

    /// Whether it is 90-ball (what a record or set without the key means).
    pub fn is_ninety(&self) -> bool {
        *self == Card::NinetyBall
    }

    /// What people call it.
    pub fn name(self) -> &'static str {
        match self {
            Card::NinetyBall => "90-ball",
            Card::SeventyFiveBall => "75-ball",
        }
    }
}

/// The formats housie plays, by name.
pub static FORMATS: [&CardFormat; 7] = [
    &NINETY_BALL,
    &SEVENTY_FIVE_BALL_SHEETS[0],
    &SEVENTY_FIVE_BALL_SHEETS[1],
    &SEVENTY_FIVE_BALL_SHEETS[2],
    &SEVENTY_FIVE_BALL_SHEETS[3],
    &SEVENTY_FIVE_BALL_SHEETS[4],
    &SEVENTY_FIVE_BALL_STRIPS,
];

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
        Some(CardFormat { name, rows, cols, columns, fill, book, heads: &[], disjoint: false })
    }

    /// The format with `heads` printed over its columns (B I N G O).
    const fn headed(self, heads: &'static [&'static str]) -> CardFormat {
        CardFormat { heads, ..self }
    }

    /// Whether a book's cards share no number (75-ball strips; 90-ball's strips cover the board
    /// by their fill).
    pub fn disjoint(&self) -> bool {
        self.disjoint
    }

    /// The strips of this format: 75-ball 3-on's, whose three faces share no number; `None`
    /// for a format without them.
    pub fn strips(&'static self) -> Option<&'static CardFormat> {
        (self.is(&SEVENTY_FIVE_BALL_SHEETS[2]) || self.disjoint).then_some(&SEVENTY_FIVE_BALL_STRIPS)
    }

    /// What is printed over each column (75-ball's B I N G O); empty for none.
    pub fn heads(&self) -> &'static [&'static str] {
        self.heads
    }

    /// The letter a number is called with (75-ball's "B" for 12): the head of the column that
    /// takes it; `None` on a card without heads (90-ball calls say the number alone).
    pub fn letter_of(&self, n: u8) -> Option<&'static str> {
        let col = self.columns[..self.cols].iter().position(|&(a, b)| (a..=b).contains(&n))?;
        self.heads.get(col).copied()
    }

    /// A call as the caller says and the board shows it: "B 12" on a headed card, "12" else.
    pub fn call(&self, n: u8) -> String {
        match self.letter_of(n) {
            Some(letter) => format!("{letter} {n}"),
            None => n.to_string(),
        }
    }

    /// The face number of card `card` (1-based) of book `book`, printed in its free cell:
    /// its place among every card of every book, so unique in the run's series (a chain's
    /// books are numbered on, so in the chain's too). `None` for a card without a free cell.
    pub fn face_number(&self, book: u64, card: u8) -> Option<u64> {
        self.free().map(|_| (book - 1) * self.book as u64 + u64::from(card))
    }

    /// The book (sheet) and card (face, 1-based) whose face number is `face`: the inverse of
    /// [`CardFormat::face_number`]; `None` for 0 or a card without a free cell.
    pub fn of_face_number(&self, face: u64) -> Option<(u64, u8)> {
        let per = self.book as u64;
        (face > 0 && self.free().is_some()).then(|| ((face - 1) / per + 1, ((face - 1) % per) as u8 + 1))
    }

    /// The free cell, (row, column), where a face prints its face number.
    pub fn free(&self) -> Option<(usize, usize)> {
        match self.fill {
            Fill::Full { free } => free,
            Fill::Strip { .. } => None,
        }
    }

    /// The format named `name` (`90-ball`, `75-ball 3-on`), if housie plays it.
    pub fn by_name(name: &str) -> Option<&'static CardFormat> {
        FORMATS.iter().copied().find(|f| f.name == name)
    }

    /// Whether it is `other` (formats are statics, compared by place).
    pub fn is(&self, other: &CardFormat) -> bool {
        std::ptr::eq(self, other)
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
            let known: Vec<&str> = super::FORMATS.iter().map(|f| f.name()).collect();
            serde::de::Error::custom(format!(
                "card format `{name}` is not one this housie plays ({})",
                known.join(", ")
            ))
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
        assert_eq!(CardFormat::by_name("75-ball 3-on").map(|f| (f.book(), f.heads().len())), Some((3, 5)));
        assert_eq!(Card::SeventyFiveBall.format(6).map(|f| f.name()), Some("75-ball 6-on"));
        assert_eq!(Card::SeventyFiveBall.format(5), None);
        assert_eq!(FORMATS.iter().map(|f| f.book()).max(), Some(MOST_CARDS_A_BOOK), "a serial holds every card");
    }

    /// A call's letter is its column's head: 15 is B, 16 is I, 75 is O; 90-ball has none.
    #[test]
    fn calls_are_said_with_their_columns_head() {
        let bingo = SEVENTY_FIVE_BALL;
        let said: Vec<String> = [1, 15, 16, 45, 46, 75].iter().map(|&n| bingo.call(n)).collect();
        assert_eq!(said, ["B 1", "B 15", "I 16", "N 45", "G 46", "O 75"]);
        assert_eq!((bingo.letter_of(76), NINETY_BALL.call(12)), (None, "12".to_string()));
        let three = CardFormat::by_name("75-ball 3-on").unwrap();
        assert_eq!((three.of_face_number(8), three.face_number(3, 2)), (Some((3, 2)), Some(8)));
        assert_eq!((three.of_face_number(0), NINETY_BALL.of_face_number(8)), (None, None));
    }

    #[test]
    fn a_format_housie_cannot_hold_is_refused() {
        const FIVE: &[(u8, u8)] = &[(1, 15), (16, 30), (31, 45), (46, 60), (61, 75)];
        let bingo = SEVENTY_FIVE_BALL;
        assert_eq!((bingo.per_card(), bingo.row_count(2), bingo.numbers(), bingo.covers()), (24, 4, 75, false));
        assert!(CardFormat::new("big", 6, FIVE, Fill::Full { free: None }, 1).is_none(), "30 cells");
        assert!(CardFormat::new("x", 1, &[(5, 4)], Fill::Full { free: None }, 1).is_none(), "an empty range");
        assert!(CardFormat::new("x", 1, &[(1, 5), (5, 9)], Fill::Full { free: None }, 1).is_none(), "overlapping");
    }
}

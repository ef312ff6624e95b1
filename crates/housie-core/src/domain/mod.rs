//! The bingo domain: tickets, books and serials, and an event's id. A value of these types
//! that exists is valid.

pub mod book;
pub mod event_id;
pub mod format;
pub mod player_url;
pub mod serial;
pub mod text;
pub mod ticket;

pub use book::{Book, BookError};
pub use format::{CardFormat, NINETY_BALL};
pub use player_url::{PlayerUrl, PlayerUrlError};
pub use serial::{Numbering, Serial, SerialError};
pub use ticket::{Ticket, TicketError, Violation};

// 90-ball's own figures, for what is 90-ball's alone: the exact strip generator (build.rs
// builds its tables from them) and the print's 3 × 9 grid. Everything else reads a card's
// format ([`CardFormat`]); a test holds these to [`NINETY_BALL`].

/// Rows of a 90-ball ticket.
pub const ROWS: usize = 3;
/// Columns of a 90-ball ticket.
pub const COLS: usize = 9;
/// Tickets per 90-ball book (a UK "strip").
pub const TICKETS_PER_BOOK: usize = 6;
/// Numbers on every row of a 90-ball ticket.
pub const NUMBERS_PER_ROW: usize = 5;

/// The numbers 90-ball column `col` (0-based) may hold: 1–9, 10–19, …, 70–79, 80–90.
pub const fn column_range(col: usize) -> (u8, u8) {
    match col {
        0 => (1, 9),
        8 => (80, 90),
        c => (c as u8 * 10, c as u8 * 10 + 9),
    }
}

/// How many numbers each column has in a 90-ball book: 9, 10 × 7, 11.
pub const COLUMN_SIZES: [u8; COLS] = [9, 10, 10, 10, 10, 10, 10, 10, 11];

#[cfg(test)]
mod tests {
    /// The strip generator's and the print's figures are 90-ball's.
    #[test]
    fn the_constants_are_ninety_balls() {
        let f = &super::NINETY_BALL;
        assert_eq!((super::ROWS, super::COLS, super::TICKETS_PER_BOOK), (f.rows(), f.cols(), f.book()));
        assert_eq!(super::NUMBERS_PER_ROW, f.row_count(0));
        for c in 0..super::COLS {
            let (lo, hi) = f.column_range(c);
            assert_eq!((super::column_range(c), super::COLUMN_SIZES[c]), ((lo, hi), hi - lo + 1));
        }
    }
}

//! The bingo domain: tickets, books and serials. A value of these types that exists is valid.

pub mod book;
pub mod player_url;
pub mod serial;
pub mod text;
pub mod ticket;

pub use book::{Book, BookError};
pub use player_url::{PlayerUrl, PlayerUrlError};
pub use serial::{Numbering, Serial, SerialError};
pub use ticket::{Ticket, TicketError, Violation};

/// Rows per ticket.
pub const ROWS: usize = 3;
/// Columns per ticket.
pub const COLS: usize = 9;
/// Tickets per book (a UK "strip").
pub const TICKETS_PER_BOOK: usize = 6;
/// Numbers on every row of a ticket.
pub const NUMBERS_PER_ROW: usize = 5;

/// The numbers column `col` (0-based) may hold: 1–9, 10–19, …, 70–79, 80–90.
pub const fn column_range(col: usize) -> (u8, u8) {
    match col {
        0 => (1, 9),
        8 => (80, 90),
        c => (c as u8 * 10, c as u8 * 10 + 9),
    }
}

/// How many numbers each column has in a book: 9, 10 × 7, 11.
pub const COLUMN_SIZES: [u8; COLS] = [9, 10, 10, 10, 10, 10, 10, 10, 11];

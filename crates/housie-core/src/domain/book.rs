//! A book: in 90-ball (a UK "strip") six tickets that together use every number 1–90 exactly
//! once; in a format whose books do not cover its numbers, its cards, none twice.

use std::fmt;

use super::format::CardFormat;
use super::{Ticket, NINETY_BALL, TICKETS_PER_BOOK};

/// The most cards a book holds.
pub const MAX_BOOK: usize = 6;

/// A valid book, its cards in print order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Book {
    tickets: [Ticket; MAX_BOOK],
    len: u8,
}

/// A number missing from a book, or used more than once (tickets are 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookViolation {
    /// A number of the board on no ticket.
    Missing {
        /// The number.
        number: u8,
    },
    /// Not a book's number of cards of its format.
    Shape {
        /// The format.
        format: &'static str,
        /// Cards given.
        cards: usize,
        /// Cards a book of the format has.
        expected: usize,
    },
    /// The same card twice in a book that does not cover the board.
    SameCard {
        /// The two tickets, 1-based.
        tickets: [usize; 2],
    },
    /// A number on more than one ticket.
    Repeated {
        /// The number.
        number: u8,
        /// The tickets (0-based) that hold it.
        tickets: Vec<usize>,
    },
}

impl fmt::Display for BookViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookViolation::Missing { number } => write!(f, "{number} is on no ticket"),
            BookViolation::Shape { format, cards, expected } => {
                write!(f, "{cards} cards, but a {format} book has {expected}, all {format}")
            }
            BookViolation::SameCard { tickets: [a, b] } => write!(f, "tickets {a} and {b} are the same card"),
            BookViolation::Repeated { number, tickets } => {
                let t: Vec<String> = tickets.iter().map(ToString::to_string).collect();
                write!(f, "{number} is on tickets {}", t.join(", "))
            }
        }
    }
}

/// Every number a would-be book misses or repeats.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct BookError {
    /// Every broken rule.
    pub violations: Vec<BookViolation>,
}

impl Book {
    /// Checks that six valid 90-ball tickets use 1–90 once each, reporting every missing or
    /// repeated number.
    pub fn new(tickets: [Ticket; TICKETS_PER_BOOK]) -> Result<Book, BookError> {
        Book::of_format(&NINETY_BALL, &tickets)
    }

    /// Checks that `tickets` make a book of `format`: its number of cards, each of the format;
    /// where its books cover the board, every number once; else no card twice.
    pub fn of_format(format: &'static CardFormat, tickets: &[Ticket]) -> Result<Book, BookError> {
        let mut violations = Vec::new();
        if tickets.len() != format.book() || tickets.iter().any(|t| !std::ptr::eq(t.format(), format)) {
            violations.push(BookViolation::Shape {
                format: format.name(),
                cards: tickets.len(),
                expected: format.book(),
            });
            return Err(BookError { violations });
        }
        let mut on: Vec<Vec<usize>> = vec![Vec::new(); usize::from(format.numbers()) + 1];
        for (t, ticket) in tickets.iter().enumerate() {
            for n in ticket.numbers() {
                on[n as usize].push(t + 1);
            }
        }
        if format.covers() {
            violations.extend((1..=format.numbers()).filter_map(|n| match on[n as usize].len() {
                1 => None,
                0 => Some(BookViolation::Missing { number: n }),
                _ => Some(BookViolation::Repeated { number: n, tickets: on[n as usize].clone() }),
            }));
        } else {
            for (i, a) in tickets.iter().enumerate() {
                if let Some(j) = tickets[i + 1..].iter().position(|b| b == a) {
                    violations.push(BookViolation::SameCard { tickets: [i + 1, i + j + 2] });
                }
            }
        }
        if violations.is_empty() {
            Ok(Book::from_trusted(tickets))
        } else {
            Err(BookError { violations })
        }
    }

    /// For a generator, whose construction guarantees the rules (checked by the callers'
    /// tests); `tickets` are a book's worth of one format.
    pub(crate) fn from_trusted(tickets: &[Ticket]) -> Book {
        let mut cards = [tickets[0]; MAX_BOOK];
        cards[..tickets.len()].copy_from_slice(tickets);
        Book { tickets: cards, len: tickets.len() as u8 }
    }

    /// The tickets, in order.
    pub fn tickets(&self) -> &[Ticket] {
        &self.tickets[..usize::from(self.len)]
    }
}

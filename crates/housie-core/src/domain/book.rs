//! A book (UK "strip"): six tickets that together use every number 1–90 exactly once.

use std::fmt;

use super::{Ticket, TICKETS_PER_BOOK};

/// A valid book of six tickets, in print order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Book {
    tickets: [Ticket; TICKETS_PER_BOOK],
}

/// A number missing from a book, or used more than once (tickets are 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookViolation {
    /// A number of 1–90 on no ticket.
    Missing {
        /// The number.
        number: u8,
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
    /// Checks that six valid tickets use 1–90 once each, reporting every missing or repeated number.
    pub fn new(tickets: [Ticket; TICKETS_PER_BOOK]) -> Result<Book, BookError> {
        let mut on: Vec<Vec<usize>> = vec![Vec::new(); 91];
        for (t, ticket) in tickets.iter().enumerate() {
            for n in ticket.numbers() {
                on[n as usize].push(t + 1);
            }
        }
        let violations: Vec<BookViolation> = (1..=90u8)
            .filter_map(|n| match on[n as usize].len() {
                1 => None,
                0 => Some(BookViolation::Missing { number: n }),
                _ => Some(BookViolation::Repeated { number: n, tickets: on[n as usize].clone() }),
            })
            .collect();
        if violations.is_empty() {
            Ok(Book { tickets })
        } else {
            Err(BookError { violations })
        }
    }

    /// For the generator, whose construction guarantees the rules; checked in debug builds.
    pub(crate) fn from_trusted(tickets: [Ticket; TICKETS_PER_BOOK]) -> Book {
        debug_assert!(Book::new(tickets).is_ok());
        Book { tickets }
    }

    /// The six tickets, in order.
    pub fn tickets(&self) -> &[Ticket; TICKETS_PER_BOOK] {
        &self.tickets
    }
}

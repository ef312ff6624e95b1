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
pub enum BookViolation {
    Missing { number: u8 },
    Repeated { number: u8, tickets: Vec<usize> },
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

    pub fn tickets(&self) -> &[Ticket; TICKETS_PER_BOOK] {
        &self.tickets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;
    use crate::Seed;

    #[test]
    fn swapping_a_number_between_books_is_reported_both_ways() {
        let g = Generator::get();
        let seed = Seed::from_text("book-test");
        let a = g.book(&seed, 1, 0);
        let b = g.book(&seed, 2, 0);
        let mut tickets = *a.tickets();
        tickets[5] = b.tickets()[5];
        let err = Book::new(tickets).unwrap_err();
        // The foreign ticket repeats exactly the numbers the dropped one had not.
        let missing = err.violations.iter().filter(|v| matches!(v, BookViolation::Missing { .. })).count();
        let repeated = err.violations.iter().filter(|v| matches!(v, BookViolation::Repeated { .. })).count();
        assert_eq!(missing, repeated);
        assert!(missing > 0);
        assert!(Book::new(*a.tickets()).is_ok());
    }
}

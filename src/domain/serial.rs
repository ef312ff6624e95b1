//! Serials: what a caller reads aloud to verify a claim, e.g. `000123-4-7` = book 123, ticket 4,
//! Damm check digit 7 over the digits `0001234`.
//!
//! The book number is zero-padded to at least six digits. The Damm check digit catches every
//! single wrong digit and every swap of two adjacent digits.

use std::fmt;
use std::str::FromStr;

use super::TICKETS_PER_BOOK;

/// The Damm algorithm's weakly totally anti-symmetric quasigroup of order 10.
const DAMM: [[u8; 10]; 10] = [
    [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
    [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
    [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
    [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
    [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
    [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
    [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
    [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
    [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
    [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/// The Damm check digit of a string of ASCII digits (0 when appended makes the whole valid).
pub fn damm(digits: &str) -> u8 {
    digits.bytes().fold(0, |interim, d| DAMM[interim as usize][(d - b'0') as usize])
}

/// A ticket's identity in a run: its book number and its 1-based place in the book.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Serial {
    book: u64,
    ticket: u8,
}

/// Why a string is not a serial.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SerialError {
    #[error("`{0}` is not a serial: expected BOOK-TICKET-CHECK, e.g. 000123-4-7")]
    Malformed(String),
    #[error("`{0}` has ticket {1}, but a book has tickets 1–6")]
    TicketOutOfRange(String, u8),
    #[error("`{serial}` fails its check digit: it is {found}, the digits before it give {expected}")]
    CheckDigit { serial: String, found: u8, expected: u8 },
}

impl Serial {
    /// `ticket` is 1-based; `None` when it is not 1–6 or the book is 0.
    pub fn new(book: u64, ticket: u8) -> Option<Serial> {
        (book >= 1 && (1..=TICKETS_PER_BOOK as u8).contains(&ticket)).then_some(Serial { book, ticket })
    }

    pub fn book(&self) -> u64 {
        self.book
    }

    /// 1-based place in the book.
    pub fn ticket(&self) -> u8 {
        self.ticket
    }

    fn body(&self) -> String {
        format!("{:06}{}", self.book, self.ticket)
    }

    pub fn check_digit(&self) -> u8 {
        damm(&self.body())
    }

    /// Valid serials one typing slip away from `text` (one digit changed, or two adjacent digits
    /// swapped), nearest first, for suggesting what a caller meant.
    pub fn suggestions(text: &str) -> Vec<Serial> {
        let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_digit).collect();
        let mut found = Vec::new();
        let mut consider = |d: &[u8]| {
            if d.len() < 3 {
                return;
            }
            let s = String::from_utf8_lossy(d).into_owned();
            let (head, check) = s.split_at(s.len() - 1);
            let (book, ticket) = head.split_at(head.len() - 1);
            if damm(head) != check.as_bytes()[0] - b'0' {
                return;
            }
            if let (Ok(b), Ok(t)) = (book.parse::<u64>(), ticket.parse::<u8>()) {
                if let Some(serial) = Serial::new(b, t) {
                    if !found.contains(&serial) {
                        found.push(serial);
                    }
                }
            }
        };
        for i in 0..digits.len().saturating_sub(1) {
            let mut d = digits.clone();
            d.swap(i, i + 1);
            consider(&d);
        }
        for i in 0..digits.len() {
            for v in b'0'..=b'9' {
                if v != digits[i] {
                    let mut d = digits.clone();
                    d[i] = v;
                    consider(&d);
                }
            }
        }
        found
    }
}

impl fmt::Display for Serial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:06}-{}-{}", self.book, self.ticket, self.check_digit())
    }
}

impl FromStr for Serial {
    type Err = SerialError;

    /// Accepts `BOOK-TICKET-CHECK` (leading zeros optional) and checks the Damm digit.
    fn from_str(text: &str) -> Result<Serial, SerialError> {
        let malformed = || SerialError::Malformed(text.to_string());
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [book, ticket, check] = parts[..] else {
            return Err(malformed());
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !(all_digits(book) && ticket.len() == 1 && all_digits(ticket) && check.len() == 1 && all_digits(check)) {
            return Err(malformed());
        }
        let book_no: u64 = book.parse().map_err(|_| malformed())?;
        let ticket_no: u8 = ticket.parse().map_err(|_| malformed())?;
        let serial = Serial::new(book_no, ticket_no).ok_or_else(|| {
            if book_no == 0 {
                malformed()
            } else {
                SerialError::TicketOutOfRange(text.to_string(), ticket_no)
            }
        })?;
        // Leading zeros leave a Damm interim digit at 0, so `123-4-7` and `000123-4-7` agree.
        let expected = serial.check_digit();
        let found = check.as_bytes()[0] - b'0';
        if found != expected {
            return Err(SerialError::CheckDigit { serial: text.to_string(), found, expected });
        }
        Ok(serial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damm_matches_the_published_example() {
        // The worked example for the Damm algorithm: 572 has check digit 4, and 5724 checks to 0.
        assert_eq!(damm("572"), 4);
        assert_eq!(damm("5724"), 0);
    }

    #[test]
    fn round_trips_and_formats() {
        let s = Serial::new(123, 4).unwrap();
        let text = s.to_string();
        assert_eq!(text, format!("000123-4-{}", damm("0001234")));
        assert_eq!(text.parse::<Serial>().unwrap(), s);
        assert_eq!(Serial::new(1_234_567, 6).unwrap().to_string().len(), "1234567-6-x".len());
    }

    #[test]
    fn catches_every_single_digit_error_and_adjacent_swap() {
        for book in [1u64, 42, 999, 123_456] {
            for ticket in 1..=6 {
                let good = Serial::new(book, ticket).unwrap().to_string();
                let digits: Vec<usize> = good.char_indices().filter(|c| c.1 != '-').map(|c| c.0).collect();
                for &i in &digits {
                    for v in b'0'..=b'9' {
                        let mut b = good.clone().into_bytes();
                        if b[i] == v {
                            continue;
                        }
                        b[i] = v;
                        assert!(String::from_utf8(b).unwrap().parse::<Serial>().is_err());
                    }
                }
                for w in digits.windows(2) {
                    let mut b = good.clone().into_bytes();
                    if b[w[0]] == b[w[1]] {
                        continue;
                    }
                    b.swap(w[0], w[1]);
                    assert!(String::from_utf8(b).unwrap().parse::<Serial>().is_err());
                }
            }
        }
    }

    #[test]
    fn suggests_the_intended_serial() {
        let s = Serial::new(123, 4).unwrap();
        let good = s.to_string();
        let mut typo = good.clone().into_bytes();
        typo[5] = if typo[5] == b'9' { b'8' } else { b'9' };
        let typo = String::from_utf8(typo).unwrap();
        assert!(matches!(typo.parse::<Serial>(), Err(SerialError::CheckDigit { .. })));
        assert!(Serial::suggestions(&typo).contains(&s));
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in ["", "12", "000123-4", "000123-7-1", "abc-1-2", "000123-44-1", "0-1-0"] {
            assert!(bad.parse::<Serial>().is_err(), "{bad}");
        }
        assert!(matches!("000123-7-1".parse::<Serial>(), Err(SerialError::TicketOutOfRange(_, 7))));
    }
}

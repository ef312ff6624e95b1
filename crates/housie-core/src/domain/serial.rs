//! Serials: what a caller reads aloud to verify a claim, e.g. `000123-4-0` = book 123, ticket 4,
//! Damm check digit 0 over the digits `0001234`. In a run of booklets the serial names the
//! booklet and the game instead of the book: `000123-3-4-9` = booklet 123, game 3, ticket 4,
//! check digit 9 over `00012334` ([`Numbering`]).
//!
//! Book and booklet numbers are zero-padded to at least six digits. The Damm check digit catches
//! every single wrong digit and every swap of two adjacent digits.

use std::fmt;
use std::str::FromStr;

use super::format::MOST_CARDS_A_BOOK;

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

/// The Damm digit of `v`'s decimal digits, from `interim` on, without writing them out: a
/// manifest of a million rows checks a million serials.
fn damm_number(interim: u8, v: u64) -> u8 {
    let mut digits = [0u8; 20];
    let (mut i, mut v) = (digits.len(), v);
    loop {
        i -= 1;
        digits[i] = (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    digits[i..].iter().fold(interim, |d, &x| DAMM[usize::from(d)][usize::from(x)])
}

/// A ticket's identity in a run: its book number and its 1-based place in the book, written
/// by the run's [`Numbering`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Serial {
    book: u64,
    ticket: u8,
    numbering: Numbering,
}

/// How a run numbers its books: plainly (`--books`), or as booklets of `games` games
/// (`--booklets --games`), where book `k` is game `(k − 1) mod games + 1` of booklet
/// `(k − 1) div games + 1`: a booklet's games are consecutive books, so booklet order is book
/// order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Numbering {
    /// 0 for plain books.
    games: u16,
}

impl Numbering {
    /// Serials of plain books: BOOK-TICKET-CHECK.
    pub const BOOKS: Numbering = Numbering { games: 0 };

    /// Booklets of `games` games (at least 1).
    pub fn booklets(games: u16) -> Option<Numbering> {
        (games >= 1).then_some(Numbering { games })
    }

    /// Games per booklet; `None` for plain books.
    pub fn games(&self) -> Option<u16> {
        (self.games > 0).then_some(self.games)
    }

    /// The booklet a book belongs to (a plain book is a booklet of one game).
    pub fn booklet(&self, book: u64) -> u64 {
        (book - 1) / u64::from(self.games.max(1)) + 1
    }

    /// The game a book is for, 1-based (1 for a plain book).
    pub fn game(&self, book: u64) -> u16 {
        ((book - 1) % u64::from(self.games.max(1))) as u16 + 1
    }

    /// The book that is game `game` of booklet `booklet`.
    pub fn book(&self, booklet: u64, game: u16) -> Option<u64> {
        let g = u64::from(self.games.max(1));
        if booklet == 0 || game == 0 || u64::from(game) > g {
            return None;
        }
        (booklet - 1).checked_mul(g)?.checked_add(u64::from(game))
    }

    /// Ticket `ticket` (1–6) of book `book`, written this way.
    pub fn serial(&self, book: u64, ticket: u8) -> Option<Serial> {
        Serial::new(book, ticket).map(|s| Serial { numbering: *self, ..s })
    }

    /// Reads a serial written this way (leading zeros optional) and checks its Damm digit.
    pub fn parse(&self, text: &str) -> Result<Serial, SerialError> {
        let malformed = || {
            if self.games > 0 {
                SerialError::MalformedBooklet(text.to_string())
            } else {
                SerialError::Malformed(text.to_string())
            }
        };
        // At most four parts, kept on the stack and cut as bytes: `winners` and `verify` read a
        // serial a row.
        let (mut parts, mut count) = ([&b""[..]; 4], 0);
        for part in text.trim().as_bytes().split(|&b| b == b'-') {
            *parts.get_mut(count).ok_or_else(malformed)? = part;
            count += 1;
        }
        let parts = &parts[..count];
        let all_digits = |s: &[u8]| !s.is_empty() && s.len() <= 19 && s.iter().all(u8::is_ascii_digit);
        if parts.iter().any(|p| !all_digits(p)) {
            return Err(malformed());
        }
        // At most 19 digits: no overflow.
        let value = |s: &[u8]| s.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
        let (book, ticket, check) = match (self.games, parts) {
            (0, [book, ticket, check]) => (value(book), ticket, check),
            (g, [booklet, game, ticket, check]) if g > 0 => {
                let booklet = value(booklet);
                let game = u16::try_from(value(game)).map_err(|_| malformed())?;
                if booklet == 0 {
                    return Err(malformed());
                }
                if game == 0 || game > g {
                    return Err(SerialError::GameOutOfRange { serial: text.to_string(), game, games: g });
                }
                (self.book(booklet, game).ok_or_else(malformed)?, ticket, check)
            }
            _ => return Err(malformed()),
        };
        if ticket.len() != 1 || check.len() != 1 || book == 0 {
            return Err(malformed());
        }
        let ticket_no = ticket[0] - b'0';
        let serial =
            self.serial(book, ticket_no).ok_or_else(|| SerialError::TicketOutOfRange(text.to_string(), ticket_no))?;
        // Leading zeros leave a Damm interim digit at 0, so `123-4-0` and `000123-4-0` agree:
        // the first part's digits are folded as written (no division a row), the rest as numbers.
        let first = parts[0].iter().fold(0, |d, &b| DAMM[usize::from(d)][usize::from(b - b'0')]);
        let expected = match self.games {
            0 => damm_number(first, serial.ticket.into()),
            _ => damm_number(damm_number(first, serial.game().into()), serial.ticket.into()),
        };
        debug_assert_eq!(expected, serial.check_digit());
        let found = check[0] - b'0';
        if found != expected {
            return Err(SerialError::CheckDigit { serial: text.to_string(), found, expected });
        }
        Ok(serial)
    }

    /// Valid serials one typing slip away from `text` (one digit changed, or two adjacent digits
    /// swapped, hyphens kept where they are), for suggesting what a caller meant.
    pub fn suggestions(&self, text: &str) -> Vec<Serial> {
        let text = text.trim();
        let mut found = Vec::new();
        if !text.is_ascii() {
            return found;
        }
        if text.contains('-') {
            self.slips(text, &mut found);
            return found;
        }
        // Digits alone: put the hyphens where a serial has them (the game may take one or two).
        let n = text.len();
        for game_digits in if self.games > 0 { 1..3 } else { 0..1 } {
            if n < 3 + game_digits + 1 {
                continue;
            }
            let (head, tail) = text.split_at(n - 2 - game_digits);
            let mut hyphened = head.to_string();
            if game_digits > 0 {
                hyphened.push('-');
                hyphened.push_str(&tail[..game_digits]);
            }
            let tail = &tail[game_digits..];
            hyphened.push_str(&format!("-{}-{}", &tail[..1], &tail[1..]));
            self.slips(&hyphened, &mut found);
        }
        found
    }

    /// Adds to `found` the serials one slip from `text`, which has its hyphens.
    fn slips(&self, text: &str, found: &mut Vec<Serial>) {
        let positions: Vec<usize> = text.char_indices().filter(|c| c.1.is_ascii_digit()).map(|c| c.0).collect();
        if positions.len() < 3 {
            return;
        }
        let mut consider = |candidate: &[u8]| {
            let Ok(candidate) = std::str::from_utf8(candidate) else { return };
            if let Ok(serial) = self.parse(candidate) {
                if !found.contains(&serial) {
                    found.push(serial);
                }
            }
        };
        // Likeliest first: a wrong check digit (the rest typed right), then two digits swapped,
        // then one wrong digit, from the right.
        let bytes = text.as_bytes();
        let substitute = |i: usize, consider: &mut dyn FnMut(&[u8])| {
            for v in b'0'..=b'9' {
                if v != bytes[i] {
                    let mut b = bytes.to_vec();
                    b[i] = v;
                    consider(&b);
                }
            }
        };
        let (&last, rest) = positions.split_last().expect("three digits at least");
        substitute(last, &mut consider);
        for w in positions.windows(2) {
            let mut b = bytes.to_vec();
            b.swap(w[0], w[1]);
            consider(&b);
        }
        for &i in rest.iter().rev() {
            substitute(i, &mut consider);
        }
    }
}

/// Why a string is not a serial.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SerialError {
    /// Not a serial at all.
    #[error("`{0}` is not a serial: expected BOOK-TICKET-CHECK, e.g. 000123-4-0")]
    Malformed(String),
    /// Not a serial of a run of booklets.
    #[error("`{0}` is not a serial of this run: expected BOOKLET-GAME-TICKET-CHECK, e.g. 000123-3-4-9")]
    MalformedBooklet(String),
    /// A game the booklets do not have.
    #[error("`{serial}` is for game {game}, but this run's booklets have games 1–{games}")]
    GameOutOfRange {
        /// The serial.
        serial: String,
        /// The game the serial names.
        game: u16,
        /// How many games each booklet has.
        games: u16,
    },
    /// A ticket number outside 1–6.
    #[error("`{0}` has ticket {1}, but a book has tickets 1–6")]
    TicketOutOfRange(String, u8),
    /// A check digit that fails.
    #[error("`{serial}` fails its check digit: it is {found}, the digits before it give {expected}")]
    CheckDigit {
        /// The serial.
        serial: String,
        /// The check digit found.
        found: u8,
        /// The check digit the serial needs.
        expected: u8,
    },
}

impl Serial {
    /// `ticket` is 1-based; `None` when it is not 1–6 (the most cards a book of any format
    /// holds) or the book is 0.
    pub fn new(book: u64, ticket: u8) -> Option<Serial> {
        (book >= 1 && (1..=MOST_CARDS_A_BOOK as u8).contains(&ticket)).then_some(Serial {
            book,
            ticket,
            numbering: Numbering::BOOKS,
        })
    }

    /// The book's number.
    pub fn book(&self) -> u64 {
        self.book
    }

    /// 1-based place in the book.
    pub fn ticket(&self) -> u8 {
        self.ticket
    }

    /// How this serial is written.
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// The booklet this ticket belongs to (its book, in a run without booklets).
    pub fn booklet(&self) -> u64 {
        self.numbering.booklet(self.book)
    }

    /// The game this ticket is for (1 in a run without booklets).
    pub fn game(&self) -> u16 {
        self.numbering.game(self.book)
    }

    /// The digits the check digit is computed over.
    /// The serial's Damm check digit: of its digits before the check, as written (leading
    /// zeros leave the interim digit at 0, so they need not be written out).
    pub fn check_digit(&self) -> u8 {
        let start = match self.numbering.games {
            0 => damm_number(0, self.book),
            _ => damm_number(damm_number(0, self.booklet()), self.game().into()),
        };
        damm_number(start, self.ticket.into())
    }

    /// Valid serials (written by book) one typing slip away from `text`.
    pub fn suggestions(text: &str) -> Vec<Serial> {
        Numbering::BOOKS.suggestions(text)
    }
}

impl fmt::Display for Serial {
    /// `{:06}-{}-{}` (book, ticket, check digit), or `{:06}-{}-{}-{}` (booklet, game, ticket,
    /// check digit), each number by itoa: a run writes its serials by the million, and the
    /// formatting machinery's padding was most of their cost.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = match self.numbering.games {
            0 => self.book,
            _ => self.booklet(),
        };
        let mut buffer = itoa::Buffer::new();
        let first = buffer.format(first);
        f.write_str(&"000000"[first.len().min(6)..])?;
        f.write_str(first)?;
        if self.numbering.games > 0 {
            f.write_str("-")?;
            f.write_str(itoa::Buffer::new().format(self.game()))?;
        }
        f.write_str("-")?;
        f.write_str(itoa::Buffer::new().format(self.ticket))?;
        f.write_str("-")?;
        f.write_str(itoa::Buffer::new().format(self.check_digit()))
    }
}

impl FromStr for Serial {
    type Err = SerialError;

    /// Accepts `BOOK-TICKET-CHECK` (leading zeros optional) and checks the Damm digit; a run of
    /// booklets reads its serials with [`Numbering::parse`].
    fn from_str(text: &str) -> Result<Serial, SerialError> {
        Numbering::BOOKS.parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_digit_is_damms_of_the_serial_as_written() {
        let booklets = Numbering::booklets(12).unwrap();
        for book in (1..2_000_000u64).step_by(997).chain([999_999, 1_000_000, 999_999_999_999]) {
            for ticket in 1..=6 {
                let s = Serial::new(book, ticket).unwrap();
                assert_eq!(s.check_digit(), damm(&format!("{book:06}{ticket}")), "{s}");
                let b = booklets.serial(book, ticket).unwrap();
                let body = format!("{:06}{}{ticket}", b.booklet(), b.game());
                assert_eq!(b.check_digit(), damm(&body), "{b}");
            }
        }
    }

    #[test]
    fn a_serial_reads_as_the_formatting_machinery_writes_it() {
        // The stack-built text against `format!` (which wrote serials up to housie 0.16), book
        // numbers of every length up to u64's, by book and by booklets of 1 to 9,999 games.
        let books = (1..2_000_000u64).step_by(9973).chain([999_999, 1_000_000, u64::MAX / 10, u64::MAX]);
        for book in books {
            for ticket in 1..=6 {
                let s = Serial::new(book, ticket).unwrap();
                assert_eq!(s.to_string(), format!("{book:06}-{ticket}-{}", s.check_digit()));
                for games in [1, 12, 9999] {
                    let Some(b) = Numbering::booklets(games).unwrap().serial(book, ticket) else { continue };
                    let want = format!("{:06}-{}-{ticket}-{}", b.booklet(), b.game(), b.check_digit());
                    assert_eq!(b.to_string(), want);
                    // A part of 20 digits is refused (as ever): u64's largest booklets.
                    if b.booklet() < 10u64.pow(19) {
                        assert_eq!(Numbering::booklets(games).unwrap().parse(&want), Ok(b));
                    }
                }
            }
        }
    }

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

    #[test]
    fn booklet_serials_tell_booklet_game_and_ticket_and_catch_every_slip() {
        for games in [1u16, 8, 10, 12] {
            let n = Numbering::booklets(games).unwrap();
            for (booklet, game) in [(1u64, 1u16), (123, games), (500, games.div_ceil(2)), (1_234_567, 1)] {
                let book = n.book(booklet, game).unwrap();
                assert_eq!((n.booklet(book), n.game(book)), (booklet, game));
                for ticket in 1..=6 {
                    let serial = n.serial(book, ticket).unwrap();
                    let good = serial.to_string();
                    assert_eq!(
                        good,
                        format!("{booklet:06}-{game}-{ticket}-{}", damm(&format!("{booklet:06}{game}{ticket}")))
                    );
                    assert_eq!(n.parse(&good).unwrap(), serial);
                    assert_eq!((serial.booklet(), serial.game(), serial.ticket()), (booklet, game, ticket));
                    let digits: Vec<usize> = good.char_indices().filter(|c| c.1 != '-').map(|c| c.0).collect();
                    for &i in &digits {
                        for v in b'0'..=b'9' {
                            let mut b = good.clone().into_bytes();
                            if b[i] != v {
                                b[i] = v;
                                assert!(n.parse(std::str::from_utf8(&b).unwrap()).is_err(), "{games}: {good} → {v}");
                            }
                        }
                    }
                    for w in digits.windows(2) {
                        let mut b = good.clone().into_bytes();
                        if b[w[0]] != b[w[1]] {
                            b.swap(w[0], w[1]);
                            assert!(n.parse(std::str::from_utf8(&b).unwrap()).is_err(), "{games}: {good} swapped");
                        }
                    }
                    // A slip is found again among the suggestions.
                    let mut slipped = good.clone().into_bytes();
                    slipped[2] = if slipped[2] == b'9' { b'8' } else { b'9' };
                    assert!(n.suggestions(std::str::from_utf8(&slipped).unwrap()).contains(&serial));
                }
            }
        }
        let eight = Numbering::booklets(8).unwrap();
        let nine = eight.serial(eight.book(3, 8).unwrap(), 2).unwrap().to_string().replacen("-8-", "-9-", 1);
        assert_eq!(
            eight.parse(&nine).unwrap_err().to_string(),
            format!("`{nine}` is for game 9, but this run's booklets have games 1–8")
        );
        // A book serial is not a booklet serial, and the other way round.
        assert!(matches!(eight.parse("000123-4-0"), Err(SerialError::MalformedBooklet(_))));
        assert!(matches!("000003-8-2-5".parse::<Serial>(), Err(SerialError::Malformed(_))));
    }
}

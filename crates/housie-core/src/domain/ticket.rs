//! A card of a format ([`CardFormat`]): in 90-ball a 3 × 9 ticket whose every row holds 5
//! numbers and whose every column holds 1–3 numbers from its decade, ascending; in a full-card
//! format every cell a number of its column's range but the free one, none twice.

use std::fmt;

use super::format::{CardFormat, Fill, MAX_CELLS, MAX_COLS, MAX_NUMBERS, NINETY_BALL};

/// A valid card. Cells are stored row-major; 0 marks a blank cell (or the free one).
#[derive(Clone, Copy)]
pub struct Ticket {
    cells: [u8; MAX_CELLS],
    format: &'static CardFormat,
}

/// Two tickets are the same card: the same format and the same cells.
impl PartialEq for Ticket {
    fn eq(&self, other: &Ticket) -> bool {
        self.cells == other.cells && std::ptr::eq(self.format, other.format)
    }
}

impl Eq for Ticket {}

impl std::hash::Hash for Ticket {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl PartialOrd for Ticket {
    fn partial_cmp(&self, other: &Ticket) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ticket {
    fn cmp(&self, other: &Ticket) -> std::cmp::Ordering {
        (self.format.name(), self.cells).cmp(&(other.format.name(), other.cells))
    }
}

/// One broken rule, located by 1-based row and column where it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// A number outside the board, or outside its column's range.
    WrongColumn {
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        col: usize,
        /// The number.
        number: u8,
        /// The column's range.
        range: (u8, u8),
        /// The board's highest number.
        highest: u8,
    },
    /// A row with other than its format's count of numbers.
    RowCount {
        /// The row, 1-based.
        row: usize,
        /// How many numbers it holds.
        count: usize,
        /// How many it should.
        expected: usize,
    },
    /// A column with no number at all.
    EmptyColumn {
        /// The column, 1-based.
        col: usize,
    },
    /// A number not greater than the one above it in its column.
    NotAscending {
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        col: usize,
        /// The number.
        number: u8,
        /// The number above it.
        above: u8,
    },
    /// A number on the card twice (a full-card format).
    Repeated {
        /// The number.
        number: u8,
    },
    /// A cell of a full card with no number.
    Blank {
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        col: usize,
    },
    /// A number in the free cell.
    NotFree {
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        col: usize,
    },
    /// Not the format's number of cells.
    Size {
        /// Cells given.
        cells: usize,
        /// Cells the format has.
        expected: usize,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::WrongColumn { row, col, number, range: (lo, hi), highest } => {
                if (1..=highest).contains(&number) {
                    write!(f, "row {row}, column {col}: {number} does not belong in column {col} ({lo}–{hi})")
                } else {
                    write!(f, "row {row}, column {col}: {number} is not a bingo number (1–{highest})")
                }
            }
            Violation::RowCount { row, count, expected } => {
                write!(f, "row {row} holds {count} numbers, expected {expected}")
            }
            Violation::EmptyColumn { col } => write!(f, "column {col} holds no number"),
            Violation::NotAscending { row, col, number, above } => {
                write!(f, "row {row}, column {col}: {number} is not greater than {above} above it")
            }
            Violation::Repeated { number } => write!(f, "{number} is on the card twice"),
            Violation::Blank { row, col } => write!(f, "row {row}, column {col} holds no number"),
            Violation::NotFree { row, col } => write!(f, "row {row}, column {col} is the free cell"),
            Violation::Size { cells, expected } => write!(f, "{cells} cells, expected {expected}"),
        }
    }
}

/// Every rule a would-be ticket breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", join(.violations))]
pub struct TicketError {
    /// Every broken rule.
    pub violations: Vec<Violation>,
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// A row's numbers, left to right (as many as the row holds).
#[derive(Clone, Copy, Debug)]
pub struct RowNumbers {
    numbers: [u8; MAX_COLS],
    len: usize,
}

impl std::ops::Deref for RowNumbers {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.numbers[..self.len]
    }
}

impl<const N: usize> PartialEq<[u8; N]> for RowNumbers {
    fn eq(&self, other: &[u8; N]) -> bool {
        **self == other[..]
    }
}

impl Ticket {
    /// Builds a 90-ball ticket from untrusted cells (row-major, `None` = blank), reporting
    /// every broken rule.
    pub fn from_cells(cells: [Option<u8>; MAX_CELLS]) -> Result<Ticket, TicketError> {
        Ticket::of_format(&NINETY_BALL, &cells)
    }

    /// Builds a card of `format` from untrusted cells (row-major, `None` = blank), reporting
    /// every broken rule: the one path every card read from outside comes through.
    pub fn of_format(format: &'static CardFormat, cells: &[Option<u8>]) -> Result<Ticket, TicketError> {
        if cells.len() != format.cells() {
            let size = Violation::Size { cells: cells.len(), expected: format.cells() };
            return Err(TicketError { violations: vec![size] });
        }
        let mut raw = [0u8; MAX_CELLS];
        for (r, c) in raw.iter_mut().zip(cells) {
            *r = c.unwrap_or(0);
        }
        // One pass for the common case, a valid ticket (every row of a manifest); the passes
        // below name every violation of one that is not.
        if Ticket::obeys_the_rules(format, cells) {
            return Ok(Ticket { cells: raw, format });
        }
        let violations = Ticket::violations(format, cells);
        if violations.is_empty() {
            Ok(Ticket { cells: raw, format })
        } else {
            Err(TicketError { violations })
        }
    }

    /// Every rule `cells` break, in the order they are reported.
    fn violations(format: &CardFormat, cells: &[Option<u8>]) -> Vec<Violation> {
        let cols = format.cols();
        let mut violations = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let (row, col) = (i / cols, i % cols);
            let (lo, hi) = format.column_range(col);
            // 0 is a blank here; an explicit Some(0) is as wrong as any other out-of-range value.
            if let Some(n) = *cell {
                if !(lo..=hi).contains(&n) {
                    let highest = format.numbers();
                    violations.push(Violation::WrongColumn {
                        row: row + 1,
                        col: col + 1,
                        number: n,
                        range: (lo, hi),
                        highest,
                    });
                }
            }
        }
        match format.fill() {
            Fill::Strip { .. } => Ticket::strip_violations(format, cells, &mut violations),
            Fill::Full { free } => {
                let mut seen = [false; 128];
                for (i, cell) in cells.iter().enumerate() {
                    let (row, col) = (i / cols, i % cols);
                    match (*cell, free == Some((row, col))) {
                        (Some(_), true) => violations.push(Violation::NotFree { row: row + 1, col: col + 1 }),
                        (None, false) => violations.push(Violation::Blank { row: row + 1, col: col + 1 }),
                        (Some(n), false) if n < 128 && std::mem::replace(&mut seen[usize::from(n)], true) => {
                            violations.push(Violation::Repeated { number: n })
                        }
                        _ => {}
                    }
                }
            }
        }
        violations
    }

    /// A strip format's rules: each row its count, each column ascending and not empty.
    fn strip_violations(format: &CardFormat, cells: &[Option<u8>], violations: &mut Vec<Violation>) {
        let (rows, cols) = (format.rows(), format.cols());
        for row in 0..rows {
            let count = cells[row * cols..(row + 1) * cols].iter().filter(|c| c.is_some()).count();
            let expected = format.row_count(row);
            if count != expected {
                violations.push(Violation::RowCount { row: row + 1, count, expected });
            }
        }
        for col in 0..cols {
            let mut above: Option<u8> = None;
            let mut any = false;
            for row in 0..rows {
                if let Some(n) = cells[row * cols + col] {
                    any = true;
                    if let Some(a) = above {
                        if n <= a {
                            violations.push(Violation::NotAscending {
                                row: row + 1,
                                col: col + 1,
                                number: n,
                                above: a,
                            });
                        }
                    }
                    above = Some(n);
                }
            }
            if !any {
                violations.push(Violation::EmptyColumn { col: col + 1 });
            }
        }
    }

    /// Whether `cells` obey every rule [`Ticket::of_format`] checks, in one pass: for a strip,
    /// each number in its column's range, each column ascending and not empty, each row its
    /// count; for a full card, every cell but the free one a number of its column, none twice.
    fn obeys_the_rules(format: &CardFormat, cells: &[Option<u8>]) -> bool {
        let (rows, cols) = (format.rows(), format.cols());
        match format.fill() {
            Fill::Strip { per_row } => {
                let mut per_row_seen = [0usize; MAX_CELLS];
                for col in 0..cols {
                    let (lo, hi) = format.column_range(col);
                    let mut above = 0;
                    for (row, count) in per_row_seen[..rows].iter_mut().enumerate() {
                        if let Some(n) = cells[row * cols + col] {
                            if n < lo || n > hi || n <= above {
                                return false;
                            }
                            above = n;
                            *count += 1;
                        }
                    }
                    if above == 0 {
                        return false;
                    }
                }
                per_row_seen[..rows].iter().all(|&c| c == per_row)
            }
            Fill::Full { free } => {
                let mut seen = 0u128;
                for (i, cell) in cells.iter().enumerate() {
                    let (row, col) = (i / cols, i % cols);
                    let (lo, hi) = format.column_range(col);
                    match (*cell, free == Some((row, col))) {
                        (None, true) => {}
                        (Some(n), false) if (lo..=hi).contains(&n) && seen & 1 << n == 0 => seen |= 1 << n,
                        _ => return false,
                    }
                }
                true
            }
        }
    }

    /// Builds a 90-ball ticket from a 3 × 9 grid with 0 for blanks (convenient for hand-typed
    /// tickets).
    pub fn from_grid(grid: [[u8; 9]; 3]) -> Result<Ticket, TicketError> {
        let mut cells = [None; MAX_CELLS];
        for (i, &n) in grid.iter().flatten().enumerate() {
            cells[i] = (n != 0).then_some(n);
        }
        Ticket::from_cells(cells)
    }

    /// For a generator, whose construction guarantees the rules; checked in debug builds.
    pub(crate) fn from_trusted(format: &'static CardFormat, cells: [u8; MAX_CELLS]) -> Ticket {
        debug_assert!(
            Ticket::of_format(
                format,
                &cells[..format.cells()].iter().map(|&c| (c != 0).then_some(c)).collect::<Vec<_>>()
            )
            .is_ok(),
            "{cells:?}"
        );
        Ticket { cells, format }
    }

    /// The card's format.
    pub fn format(&self) -> &'static CardFormat {
        self.format
    }

    /// The number at a 0-based row and column, if the cell is filled.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        let n = self.cells[row * self.format.cols() + col];
        (n != 0).then_some(n)
    }

    /// Cells row-major, 0 for blank: as many as the format has.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.format.cells()]
    }

    /// The numbers of a 0-based row, left to right.
    pub fn row(&self, row: usize) -> RowNumbers {
        let cols = self.format.cols();
        let mut out = RowNumbers { numbers: [0; MAX_COLS], len: 0 };
        for &n in self.cells[row * cols..(row + 1) * cols].iter().filter(|&&n| n != 0) {
            out.numbers[out.len] = n;
            out.len += 1;
        }
        out
    }

    /// The first and last numbers of the top and bottom rows (the Tambola "four corners").
    pub fn corners(&self) -> [u8; 4] {
        let (top, bottom) = (self.row(0), self.row(self.format.rows() - 1));
        [top[0], top[top.len() - 1], bottom[0], bottom[bottom.len() - 1]]
    }

    /// The numbers in reading order: row by row, left to right (as many as the format puts on
    /// a card, then zeros). Prize patterns name numbers by their place here (in 90-ball, row
    /// r's i-th number is `5 r + i`).
    pub fn reading_order(&self) -> [u8; MAX_NUMBERS] {
        // Without a branch: every cell is written at the next free place, which only a number
        // takes; a blank's write is overwritten, or lands past the last number.
        let mut out = [0; MAX_CELLS + 1];
        let mut next = 0;
        for &n in &self.cells {
            out[next] = n;
            next += usize::from(n != 0);
        }
        let mut order = [0; MAX_NUMBERS];
        order[..MAX_CELLS].copy_from_slice(&out[..MAX_CELLS]);
        order
    }

    /// The card's numbers, ascending.
    pub fn numbers(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.cells.iter().copied().filter(|&n| n != 0).collect();
        v.sort_unstable();
        v
    }

    /// The set of numbers as bits of a `u128`: two tickets are the same set iff equal. A blank
    /// (0) sets bit 0, which no number has, and is cleared at the end: no branch a cell.
    pub fn mask(&self) -> u128 {
        self.cells.iter().fold(0, |m, &n| m | 1u128 << n) & !1
    }

    /// The numbers of a 0-based row as a bit set, for spotting duplicate lines.
    pub fn row_mask(&self, row: usize) -> u128 {
        self.row(row).iter().fold(0, |m, &n| m | 1u128 << n)
    }

    /// How many columns are full (every row holds a number there).
    pub fn full_columns(&self) -> usize {
        let f = self.format;
        (0..f.cols()).filter(|&c| (0..f.rows()).all(|r| self.get(r, c).is_some())).count()
    }

    /// How many numbers column `col` (0-based) holds.
    pub fn column_count(&self, col: usize) -> usize {
        (0..self.format.rows()).filter(|&r| self.get(r, col).is_some()).count()
    }
}

impl fmt::Debug for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ticket(")?;
        for r in 0..self.format.rows() {
            write!(f, "{}{:?}", if r > 0 { " / " } else { "" }, &*self.row(r))?;
        }
        write!(f, ")")
    }
}

/// The grid as text: a line a row of two-character cells, `..` for a blank.
impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.format.rows() {
            let line: Vec<String> = (0..self.format.cols())
                .map(|c| self.get(r, c).map_or_else(|| "..".to_string(), |n| format!("{n:>2}")))
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: [[u8; 9]; 3] =
        [[1, 0, 21, 0, 41, 0, 61, 0, 81], [0, 12, 0, 32, 0, 52, 0, 72, 82], [3, 13, 0, 33, 0, 0, 63, 73, 0]];

    /// The one-pass check agrees with the reported violations on valid tickets and on tickets
    /// one to three edits away from one (a fixed seed; both answers are seen many times).
    #[test]
    fn the_quick_check_agrees_with_the_violations() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(34);
        let good = Ticket::from_grid(GOOD).unwrap().cells.map(|n| (n != 0).then_some(n));
        let f = &NINETY_BALL;
        let (mut valid, mut invalid) = (0, 0);
        for _ in 0..200_000 {
            let mut cells = good;
            for _ in 0..rng.random_range(0..=3) {
                let i = rng.random_range(0..27);
                cells[i] = if rng.random_bool(0.3) { None } else { Some(rng.random_range(0..=95)) };
            }
            let quick = Ticket::obeys_the_rules(f, &cells);
            assert_eq!(quick, Ticket::violations(f, &cells).is_empty(), "{cells:?}");
            if quick {
                valid += 1
            } else {
                invalid += 1
            }
        }
        assert!(valid > 10_000 && invalid > 10_000, "{valid} valid, {invalid} not");
    }

    #[test]
    fn accepts_a_valid_ticket() {
        let t = Ticket::from_grid(GOOD).unwrap();
        assert_eq!(t.row(1), [12, 32, 52, 72, 82]);
        assert_eq!(t.numbers().len(), 15);
        assert_eq!(t.full_columns(), 0);
        assert_eq!(t.column_count(8), 2);
    }

    #[test]
    fn reports_every_violation() {
        let mut g = GOOD;
        g[0][1] = 5; // wrong column, and row 1 now has 6 numbers
        g[2][0] = 0; // row 3 now has 4
        g[1][8] = 80; // 80 below 81: not ascending
        let err = Ticket::from_grid(g).unwrap_err();
        assert_eq!(
            err.violations,
            vec![
                Violation::WrongColumn { row: 1, col: 2, number: 5, range: (10, 19), highest: 90 },
                Violation::RowCount { row: 1, count: 6, expected: 5 },
                Violation::RowCount { row: 3, count: 4, expected: 5 },
                Violation::NotAscending { row: 2, col: 9, number: 80, above: 81 },
            ]
        );
        assert_eq!(
            err.to_string(),
            "row 1, column 2: 5 does not belong in column 2 (10–19); row 1 holds 6 numbers, expected 5; \
             row 3 holds 4 numbers, expected 5; row 2, column 9: 80 is not greater than 81 above it"
        );
    }

    #[test]
    fn reports_empty_columns_and_out_of_range_numbers() {
        let mut g = GOOD;
        g[0][4] = 0;
        g[0][3] = 91;
        let err = Ticket::from_grid(g).unwrap_err();
        assert!(err.violations.contains(&Violation::EmptyColumn { col: 5 }));
        assert!(err.to_string().contains("91 is not a bingo number"));
    }
}

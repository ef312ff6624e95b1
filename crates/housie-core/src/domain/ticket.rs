//! A 3 × 9 ticket: every row holds 5 numbers, each column 1–3 numbers from its decade, ascending.

use std::fmt;

use super::{column_range, COLS, NUMBERS_PER_ROW, ROWS};

/// A valid ticket. Cells are stored row-major; 0 marks a blank cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket {
    cells: [u8; ROWS * COLS],
}

/// One broken rule, located by 1-based row and column where it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// A number outside 1–90, or outside its column's range.
    WrongColumn {
        /// The row, 0-based.
        row: usize,
        /// The column, 0-based.
        col: usize,
        /// The number.
        number: u8,
    },
    /// A row with other than five numbers.
    RowCount {
        /// The row, 0-based.
        row: usize,
        /// How many numbers it holds.
        count: usize,
    },
    /// A column with no number at all.
    EmptyColumn {
        /// The column, 0-based.
        col: usize,
    },
    /// A number not greater than the one above it in its column.
    NotAscending {
        /// The row, 0-based.
        row: usize,
        /// The column, 0-based.
        col: usize,
        /// The number.
        number: u8,
        /// The number above it.
        above: u8,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::WrongColumn { row, col, number } => {
                let (lo, hi) = column_range(col - 1);
                if (1..=90).contains(&number) {
                    write!(f, "row {row}, column {col}: {number} does not belong in column {col} ({lo}–{hi})")
                } else {
                    write!(f, "row {row}, column {col}: {number} is not a bingo number (1–90)")
                }
            }
            Violation::RowCount { row, count } => {
                write!(f, "row {row} holds {count} numbers, expected {NUMBERS_PER_ROW}")
            }
            Violation::EmptyColumn { col } => write!(f, "column {col} holds no number"),
            Violation::NotAscending { row, col, number, above } => {
                write!(f, "row {row}, column {col}: {number} is not greater than {above} above it")
            }
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

impl Ticket {
    /// Builds a ticket from untrusted cells (row-major, `None` = blank), reporting every broken rule.
    pub fn from_cells(cells: [Option<u8>; ROWS * COLS]) -> Result<Ticket, TicketError> {
        let raw = cells.map(|c| c.unwrap_or(0));
        // One pass for the common case, a valid ticket (every row of a manifest); the passes
        // below name every violation of one that is not.
        if Ticket::obeys_the_rules(&cells) {
            return Ok(Ticket { cells: raw });
        }
        let violations = Ticket::violations(&cells);
        if violations.is_empty() {
            Ok(Ticket { cells: raw })
        } else {
            Err(TicketError { violations })
        }
    }

    /// Every rule `cells` break, in the order they are reported.
    fn violations(cells: &[Option<u8>; ROWS * COLS]) -> Vec<Violation> {
        let raw = cells.map(|c| c.unwrap_or(0));
        let mut violations = Vec::new();
        for (i, &n) in raw.iter().enumerate() {
            let (row, col) = (i / COLS, i % COLS);
            let (lo, hi) = column_range(col);
            // 0 is a blank here; an explicit Some(0) is as wrong as any other out-of-range value.
            if cells[i].is_some() && !(lo..=hi).contains(&n) {
                violations.push(Violation::WrongColumn { row: row + 1, col: col + 1, number: n });
            }
        }
        for row in 0..ROWS {
            let count = cells[row * COLS..(row + 1) * COLS].iter().filter(|c| c.is_some()).count();
            if count != NUMBERS_PER_ROW {
                violations.push(Violation::RowCount { row: row + 1, count });
            }
        }
        for col in 0..COLS {
            let mut above: Option<u8> = None;
            let mut any = false;
            for row in 0..ROWS {
                if let Some(n) = cells[row * COLS + col] {
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
        violations
    }

    /// Whether `cells` obey every rule [`Ticket::from_cells`] checks: each number in its
    /// column's range, each column ascending and not empty, each row of five.
    fn obeys_the_rules(cells: &[Option<u8>; ROWS * COLS]) -> bool {
        let mut per_row = [0usize; ROWS];
        for col in 0..COLS {
            let (lo, hi) = column_range(col);
            let mut above = 0;
            for (row, count) in per_row.iter_mut().enumerate() {
                if let Some(n) = cells[row * COLS + col] {
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
        per_row == [NUMBERS_PER_ROW; ROWS]
    }

    /// Builds a ticket from a 3 × 9 grid with 0 for blanks (convenient for hand-typed tickets).
    pub fn from_grid(grid: [[u8; COLS]; ROWS]) -> Result<Ticket, TicketError> {
        let mut cells = [None; ROWS * COLS];
        for (i, &n) in grid.iter().flatten().enumerate() {
            cells[i] = (n != 0).then_some(n);
        }
        Ticket::from_cells(cells)
    }

    /// For the generator, whose construction guarantees the rules; checked in debug builds.
    pub(crate) fn from_trusted(cells: [u8; ROWS * COLS]) -> Ticket {
        debug_assert!(Ticket::from_cells(cells.map(|c| (c != 0).then_some(c))).is_ok(), "{cells:?}");
        Ticket { cells }
    }

    /// The number at a 0-based row and column, if the cell is filled.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        let n = self.cells[row * COLS + col];
        (n != 0).then_some(n)
    }

    /// Cells row-major, 0 for blank.
    pub fn cells(&self) -> &[u8; ROWS * COLS] {
        &self.cells
    }

    /// The five numbers of a 0-based row, left to right.
    pub fn row(&self, row: usize) -> [u8; NUMBERS_PER_ROW] {
        let mut out = [0; NUMBERS_PER_ROW];
        let filled = self.cells[row * COLS..(row + 1) * COLS].iter().filter(|&&n| n != 0);
        for (slot, &n) in out.iter_mut().zip(filled) {
            *slot = n;
        }
        out
    }

    /// The first and last numbers of the top and bottom rows (the Tambola "four corners").
    pub fn corners(&self) -> [u8; 4] {
        let (top, bottom) = (self.row(0), self.row(ROWS - 1));
        [top[0], top[NUMBERS_PER_ROW - 1], bottom[0], bottom[NUMBERS_PER_ROW - 1]]
    }

    /// The 15 numbers in reading order: row by row, left to right. Prize patterns name numbers
    /// by their place here (row r's i-th number is `5 r + i`).
    pub fn reading_order(&self) -> [u8; 15] {
        // Without a branch: every cell is written at the next free place, which only a number
        // takes; a blank's write is overwritten, or lands past the fifteen.
        let mut out = [0; ROWS * COLS];
        let mut next = 0;
        for &n in &self.cells {
            out[next] = n;
            next += usize::from(n != 0);
        }
        std::array::from_fn(|i| out[i])
    }

    /// The 15 numbers, ascending.
    pub fn numbers(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.cells.iter().copied().filter(|&n| n != 0).collect();
        v.sort_unstable();
        v
    }

    /// The set of numbers as bits 1–90 of a `u128`: two tickets are the same set iff equal.
    pub fn mask(&self) -> u128 {
        self.cells.iter().filter(|&&n| n != 0).fold(0, |m, &n| m | 1u128 << n)
    }

    /// The numbers of a 0-based row as a bit set, for spotting duplicate lines.
    pub fn row_mask(&self, row: usize) -> u128 {
        self.row(row).iter().fold(0, |m, &n| m | 1u128 << n)
    }

    /// How many columns hold three numbers.
    pub fn full_columns(&self) -> usize {
        (0..COLS).filter(|&c| (0..ROWS).all(|r| self.get(r, c).is_some())).count()
    }

    /// How many numbers column `col` (0-based) holds.
    pub fn column_count(&self, col: usize) -> usize {
        (0..ROWS).filter(|&r| self.get(r, col).is_some()).count()
    }
}

impl fmt::Debug for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ticket(")?;
        for r in 0..ROWS {
            write!(f, "{}{:?}", if r > 0 { " / " } else { "" }, self.row(r))?;
        }
        write!(f, ")")
    }
}

/// The grid as text: three lines of nine two-character cells, `..` for a blank.
impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..ROWS {
            let line: Vec<String> =
                (0..COLS).map(|c| self.get(r, c).map_or_else(|| "..".to_string(), |n| format!("{n:>2}"))).collect();
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
        let (mut valid, mut invalid) = (0, 0);
        for _ in 0..200_000 {
            let mut cells = good;
            for _ in 0..rng.random_range(0..=3) {
                let i = rng.random_range(0..ROWS * COLS);
                cells[i] = if rng.random_bool(0.3) { None } else { Some(rng.random_range(0..=95)) };
            }
            let quick = Ticket::obeys_the_rules(&cells);
            assert_eq!(quick, Ticket::violations(&cells).is_empty(), "{cells:?}");
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
                Violation::WrongColumn { row: 1, col: 2, number: 5 },
                Violation::RowCount { row: 1, count: 6 },
                Violation::RowCount { row: 3, count: 4 },
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

//! The numbers called in a game, in order, as typed or read from a file.

use crate::domain::Ticket;

/// The numbers called so far, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calls {
    order: Vec<u8>,
    /// 1-based call index of each number, 0 when not called.
    index: [usize; 91],
}

/// Why calls could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CallsError {
    /// A token that is not a number as called.
    #[error("{at}: `{token}` is not a number as called (1–{top}, no sign or leading zero)")]
    NotANumber {
        /// The text as written.
        token: String,
        /// Where it stands in the input.
        at: String,
        /// The highest number of the card's calls (90, or 75).
        top: u8,
    },
    /// A number outside 1 to the card's highest (1–90, 1–75).
    #[error("{at}: {number} is not a bingo number (1–{top})")]
    OutOfRange {
        /// The number.
        number: u32,
        /// Where it stands in the input.
        at: String,
        /// The highest number of the card's calls.
        top: u8,
    },
    /// A number called twice.
    #[error("{at}: {number} was already called (call {first})")]
    Repeated {
        /// The number.
        number: u8,
        /// The call it was first called at.
        first: usize,
        /// Where it stands in the input.
        at: String,
    },
}

impl Default for Calls {
    fn default() -> Calls {
        Calls::new()
    }
}

impl Calls {
    /// Parses 90-ball calls separated by spaces or commas, over any number of lines; `source`
    /// labels errors (e.g. `--calls` or a file name), which name the call and, for files, the line.
    pub fn parse(text: &str, source: &str) -> Result<Calls, CallsError> {
        Calls::parse_of(text, source, 90)
    }

    /// Parses calls of 1 to `top` (a card's highest number: 90, or 75), as [`Calls::parse`].
    pub fn parse_of(text: &str, source: &str, top: u8) -> Result<Calls, CallsError> {
        let mut calls = Calls::new();
        let many_lines = text.trim().contains('\n');
        for (l, line) in text.lines().enumerate() {
            for token in line.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
                let k = calls.order.len() + 1;
                let at =
                    if many_lines { format!("{source}:{}: call {k}", l + 1) } else { format!("{source}: call {k}") };
                // `housie night` marks drawn calls with `*`, so its call line reads back as it is.
                let digits = token.strip_suffix('*').unwrap_or(token);
                let Ok(number) = crate::support::number::whole(digits) else {
                    return Err(CallsError::NotANumber { token: crate::domain::text::clip(token, 20), at, top });
                };
                let number = u32::try_from(number).unwrap_or(u32::MAX);
                if !(1..=u32::from(top.min(90))).contains(&number) {
                    return Err(CallsError::OutOfRange { number, at, top });
                }
                let n = number as u8;
                if calls.index[n as usize] != 0 {
                    return Err(CallsError::Repeated { number: n, first: calls.index[n as usize], at });
                }
                calls.order.push(n);
                calls.index[n as usize] = k;
            }
        }
        Ok(calls)
    }

    /// No calls yet.
    pub fn new() -> Calls {
        Calls { order: Vec::new(), index: [0; 91] }
    }

    /// Calls `n` next; returns its 1-based index, or the index of its earlier call (0 for a
    /// number outside 1–90, which callers refuse first).
    pub fn push(&mut self, n: u8) -> Result<usize, usize> {
        if !(1..=90).contains(&n) {
            return Err(0);
        }
        match self.at(n) {
            Some(first) => Err(first),
            None => {
                self.order.push(n);
                self.index[n as usize] = self.order.len();
                Ok(self.order.len())
            }
        }
    }

    /// Takes back the last call.
    pub fn pop(&mut self) -> Option<u8> {
        let n = self.order.pop()?;
        self.index[n as usize] = 0;
        Some(n)
    }

    /// The calls in order.
    pub fn numbers(&self) -> &[u8] {
        &self.order
    }

    /// The 1-based call at which `n` was called.
    pub fn at(&self, n: u8) -> Option<usize> {
        let i = self.index.get(n as usize).copied().unwrap_or(0);
        (i != 0).then_some(i)
    }

    /// How many numbers have been called.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether nothing has been called.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The number called at 1-based call `k`.
    pub fn number(&self, k: usize) -> u8 {
        self.order[k - 1]
    }

    /// Only the first `k` calls (to ask what stood at an earlier moment).
    pub fn first(&self, k: usize) -> Calls {
        let order = self.order[..k.min(self.order.len())].to_vec();
        let mut index = [0; 91];
        for (i, &n) in order.iter().enumerate() {
            index[n as usize] = i + 1;
        }
        Calls { order, index }
    }
}

/// The ticket as a grid with called numbers in brackets: a blank `..`, a free cell `**`
/// (called from the start), under its columns' heads (B I N G O) if the card has them.
pub fn marked_grid(ticket: &Ticket, calls: &Calls) -> String {
    let f = ticket.format();
    let mut out = String::new();
    if !f.heads().is_empty() {
        let heads: Vec<String> = f.heads().iter().map(|h| format!("  {h:>2} ")).collect();
        out.push_str(heads.concat().trim_end());
        out.push('\n');
    }
    for r in 0..f.rows() {
        let cells: Vec<String> = (0..f.cols())
            .map(|c| match ticket.get(r, c) {
                None if f.free() == Some((r, c)) => " [**]".to_string(),
                None => "  .. ".to_string(),
                Some(n) if calls.at(n).is_some() => format!(" [{n:>2}]"),
                Some(n) => format!("  {n:>2} "),
            })
            .collect();
        out.push_str(cells.concat().trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_calls_are_named() {
        assert_eq!(
            Calls::parse("5, 17 5", "--calls").unwrap_err().to_string(),
            "--calls: call 3: 5 was already called (call 1)"
        );
        assert_eq!(
            Calls::parse("5 91", "--calls").unwrap_err().to_string(),
            "--calls: call 2: 91 is not a bingo number (1–90)"
        );
        assert_eq!(
            Calls::parse("5 0", "--calls").unwrap_err().to_string(),
            "--calls: call 2: 0 is not a bingo number (1–90)"
        );
        assert_eq!(
            Calls::parse("5\n7 x", "calls.txt").unwrap_err().to_string(),
            "calls.txt:2: call 3: `x` is not a number as called (1–90, no sign or leading zero)"
        );
        for bad in ["+5", "021", "05", "5**", "*", "-1"] {
            assert!(Calls::parse(bad, "--calls").is_err(), "{bad}");
        }
        assert_eq!(Calls::parse("1,2 ,3\n\n4", "--calls").unwrap().len(), 4);
        // `housie night`'s call line, drawn calls marked.
        assert_eq!(Calls::parse("48* 39 29*", "--calls").unwrap().numbers(), [48, 39, 29]);
    }

    #[test]
    fn grid_marks_called_numbers() {
        let t = Ticket::from_grid([
            [1, 0, 21, 0, 41, 0, 61, 0, 81],
            [0, 12, 0, 32, 0, 52, 0, 72, 82],
            [3, 13, 0, 33, 0, 0, 63, 73, 0],
        ])
        .unwrap();
        let g = marked_grid(&t, &Calls::parse("1 82", "x").unwrap());
        assert_eq!(g.lines().next().unwrap(), " [ 1]  ..   21   ..   41   ..   61   ..   81");
        assert!(g.lines().nth(1).unwrap().ends_with("[82]"));
    }
}

//! Prizes and calls: when each prize on a ticket was completed, and whether a claim stands now.
//! A claim stands only if the last number called completed it.

use std::fmt;

use crate::domain::{Ticket, COLS, ROWS};

/// Which prizes are played, in the order they are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrizeSet {
    /// One line, two lines, full house.
    #[default]
    Uk,
    /// Early five, top, middle and bottom line, four corners, full house.
    Tambola,
}

impl PrizeSet {
    pub fn name(self) -> &'static str {
        match self {
            PrizeSet::Uk => "uk",
            PrizeSet::Tambola => "tambola",
        }
    }
}

impl std::str::FromStr for PrizeSet {
    type Err = String;

    fn from_str(s: &str) -> Result<PrizeSet, String> {
        match s {
            "uk" => Ok(PrizeSet::Uk),
            "tambola" => Ok(PrizeSet::Tambola),
            _ => Err(format!("`{s}` is not a prize set: expected uk or tambola")),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Prize {
    EarlyFive,
    TopLine,
    MiddleLine,
    BottomLine,
    FourCorners,
    OneLine,
    TwoLines,
    FullHouse,
}

impl Prize {
    pub const UK: [Prize; 3] = [Prize::OneLine, Prize::TwoLines, Prize::FullHouse];
    pub const TAMBOLA: [Prize; 6] =
        [Prize::EarlyFive, Prize::TopLine, Prize::MiddleLine, Prize::BottomLine, Prize::FourCorners, Prize::FullHouse];

    pub fn of(set: PrizeSet) -> &'static [Prize] {
        match set {
            PrizeSet::Uk => &Prize::UK,
            PrizeSet::Tambola => &Prize::TAMBOLA,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Prize::EarlyFive => "early five",
            Prize::TopLine => "top line",
            Prize::MiddleLine => "middle line",
            Prize::BottomLine => "bottom line",
            Prize::FourCorners => "four corners",
            Prize::OneLine => "one line",
            Prize::TwoLines => "two lines",
            Prize::FullHouse => "full house",
        }
    }

    /// The 1-based call at which `ticket` completed this prize, if it has.
    pub fn completed_at(self, ticket: &Ticket, calls: &Calls) -> Option<usize> {
        let all = |numbers: &[u8]| numbers.iter().map(|&n| calls.at(n)).collect::<Option<Vec<_>>>()?.into_iter().max();
        let mut lines: Vec<usize> = (0..ROWS).filter_map(|r| all(&ticket.row(r))).collect();
        lines.sort_unstable();
        match self {
            Prize::EarlyFive => {
                let mut at: Vec<usize> = ticket.numbers().iter().filter_map(|&n| calls.at(n)).collect();
                at.sort_unstable();
                at.get(4).copied()
            }
            Prize::TopLine => all(&ticket.row(0)),
            Prize::MiddleLine => all(&ticket.row(1)),
            Prize::BottomLine => all(&ticket.row(2)),
            Prize::FourCorners => all(&ticket.corners()),
            Prize::OneLine => lines.first().copied(),
            Prize::TwoLines => lines.get(1).copied(),
            Prize::FullHouse => all(&ticket.numbers()),
        }
    }
}

impl Prize {
    /// How many more numbers the ticket needs for this prize, and which: for a line prize the
    /// uncalled numbers of the line(s) nearest completion, for early five every uncalled number
    /// (any of them will do), otherwise every uncalled number the prize needs.
    pub fn missing(self, ticket: &Ticket, calls: &Calls) -> (usize, Vec<u8>) {
        let uncalled =
            |numbers: &[u8]| -> Vec<u8> { numbers.iter().copied().filter(|&n| calls.at(n).is_none()).collect() };
        let every = |numbers: &[u8]| {
            let v = uncalled(numbers);
            (v.len(), v)
        };
        let nearest_lines = |k: usize| {
            let mut rows: Vec<Vec<u8>> = (0..ROWS).map(|r| uncalled(&ticket.row(r))).collect();
            rows.sort_by_key(Vec::len);
            let mut v = rows[..k].concat();
            v.sort_unstable();
            (v.len(), v)
        };
        match self {
            Prize::EarlyFive => {
                let left = uncalled(&ticket.numbers());
                (left.len().saturating_sub(15 - 5), left)
            }
            Prize::TopLine => every(&ticket.row(0)),
            Prize::MiddleLine => every(&ticket.row(1)),
            Prize::BottomLine => every(&ticket.row(2)),
            Prize::FourCorners => every(&ticket.corners()),
            Prize::OneLine => nearest_lines(1),
            Prize::TwoLines => nearest_lines(2),
            Prize::FullHouse => every(&ticket.numbers()),
        }
    }
}

impl fmt::Display for Prize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The numbers called so far, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calls {
    order: Vec<u8>,
    /// 1-based call index of each number, 0 when not called.
    index: [usize; 91],
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallsError {
    #[error("{at}: `{token}` is not a number")]
    NotANumber { token: String, at: String },
    #[error("{at}: {number} is not a bingo number (1–90)")]
    OutOfRange { number: u32, at: String },
    #[error("{at}: {number} was already called (call {first})")]
    Repeated { number: u8, first: usize, at: String },
}

impl Default for Calls {
    fn default() -> Calls {
        Calls::new()
    }
}

impl Calls {
    /// Parses calls separated by spaces or commas, over any number of lines; `source` labels
    /// errors (e.g. `--calls` or a file name), which name the call and, for files, the line.
    pub fn parse(text: &str, source: &str) -> Result<Calls, CallsError> {
        let mut calls = Calls::new();
        let many_lines = text.trim().contains('\n');
        for (l, line) in text.lines().enumerate() {
            for token in line.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
                let k = calls.order.len() + 1;
                let at =
                    if many_lines { format!("{source}:{}: call {k}", l + 1) } else { format!("{source}: call {k}") };
                let number: u32 =
                    token.parse().map_err(|_| CallsError::NotANumber { token: token.to_string(), at: at.clone() })?;
                if !(1..=90).contains(&number) {
                    return Err(CallsError::OutOfRange { number, at });
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

    /// Calls `n` next; returns its 1-based index, or the index of its earlier call.
    pub fn push(&mut self, n: u8) -> Result<usize, usize> {
        assert!((1..=90).contains(&n), "callers check the range");
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

    pub fn len(&self) -> usize {
        self.order.len()
    }

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

/// One prize's state on one ticket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub prize: Prize,
    pub completed_at: Option<usize>,
    /// Completed by the last call, so a claim stands now.
    pub claim_valid: bool,
}

pub fn statuses(ticket: &Ticket, calls: &Calls, set: PrizeSet) -> Vec<Status> {
    Prize::of(set)
        .iter()
        .map(|&prize| {
            let completed_at = prize.completed_at(ticket, calls);
            Status { prize, completed_at, claim_valid: completed_at.is_some() && completed_at == Some(calls.len()) }
        })
        .collect()
}

/// The ticket as a grid with called numbers in brackets.
pub fn marked_grid(ticket: &Ticket, calls: &Calls) -> String {
    let mut out = String::new();
    for r in 0..ROWS {
        let cells: Vec<String> = (0..COLS)
            .map(|c| match ticket.get(r, c) {
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

    /// Rows: [1 21 41 61 81], [12 32 52 72 82], [3 13 33 63 73].
    fn ticket() -> Ticket {
        Ticket::from_grid([
            [1, 0, 21, 0, 41, 0, 61, 0, 81],
            [0, 12, 0, 32, 0, 52, 0, 72, 82],
            [3, 13, 0, 33, 0, 0, 63, 73, 0],
        ])
        .unwrap()
    }

    fn calls(s: &str) -> Calls {
        Calls::parse(s, "--calls").unwrap()
    }

    #[test]
    fn each_prize_rule() {
        let t = ticket();
        let c = calls("90 1 21 41 61 5 81 12 32 52 72 3 13 33 63 73 82");
        assert_eq!(Prize::EarlyFive.completed_at(&t, &c), Some(7)); // 1 21 41 61 81: the 5th is call 7
        assert_eq!(Prize::TopLine.completed_at(&t, &c), Some(7));
        assert_eq!(Prize::OneLine.completed_at(&t, &c), Some(7));
        assert_eq!(Prize::BottomLine.completed_at(&t, &c), Some(16));
        assert_eq!(Prize::TwoLines.completed_at(&t, &c), Some(16));
        assert_eq!(Prize::MiddleLine.completed_at(&t, &c), Some(17));
        assert_eq!(Prize::FullHouse.completed_at(&t, &c), Some(17));
        // Corners: 1 and 81 (top), 3 and 73 (bottom).
        assert_eq!(Prize::FourCorners.completed_at(&t, &c), Some(16));
        assert_eq!(Prize::FourCorners.completed_at(&t, &calls("1 81 3")), None);
        assert_eq!(Prize::FourCorners.completed_at(&t, &calls("1 81 3 73")), Some(4));
        assert_eq!(Prize::EarlyFive.completed_at(&t, &calls("1 2 3 12 13 21")), Some(6));
    }

    #[test]
    fn a_claim_stands_only_on_the_call_that_completed_it() {
        let t = ticket();
        let mut text = String::new();
        // 39 calls that miss the ticket, then its top line completes on call 40.
        let misses: Vec<u8> = (1..=90).filter(|n| !t.numbers().contains(n)).take(35).collect();
        for n in &misses {
            text.push_str(&format!("{n} "));
        }
        text.push_str("1 21 41 61 81 ");
        let c = calls(&text);
        assert_eq!(c.len(), 40);
        let at40 = statuses(&t, &c, PrizeSet::Uk);
        assert_eq!(at40[0], Status { prize: Prize::OneLine, completed_at: Some(40), claim_valid: true });
        text.push_str("90"); // not on the ticket
        let c41 = calls(&text);
        assert_eq!(c41.len(), 41);
        let at41 = statuses(&t, &c41, PrizeSet::Uk);
        assert_eq!(at41[0], Status { prize: Prize::OneLine, completed_at: Some(40), claim_valid: false });
        assert!(statuses(&t, &c41.first(40), PrizeSet::Uk)[0].claim_valid);
    }

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
            "calls.txt:2: call 3: `x` is not a number"
        );
        assert_eq!(calls("1,2 ,3\n\n4").len(), 4);
    }

    #[test]
    fn grid_marks_called_numbers() {
        let g = marked_grid(&ticket(), &calls("1 82"));
        assert_eq!(g.lines().next().unwrap(), " [ 1]  ..   21   ..   41   ..   61   ..   81");
        assert!(g.lines().nth(1).unwrap().ends_with("[82]"));
    }
}

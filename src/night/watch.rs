//! The caller's watch: after each call, how many tickets in play have completed the prize
//! being played and how many are one number away. Each call updates only the tickets holding
//! the number (one per book), keeping per ticket how many numbers of each row and how many
//! corners are marked.

use super::books::BookRanges;
use super::run::NightRun;
use crate::night::prizes::Prize;

/// Counts for the prize being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WatchCounts {
    pub complete: u64,
    pub one_away: u64,
}

pub struct Watch {
    prize: Option<Prize>,
    /// Per book of the run: in play in this game.
    in_play: Vec<bool>,
    /// Per ticket: marked numbers in rows 0, 1, 2 and marked corners.
    marks: Vec<[u8; 4]>,
    counts: WatchCounts,
}

/// Numbers still needed for `prize`, from a ticket's marks.
fn need(prize: Prize, m: [u8; 4]) -> u8 {
    let left = [5 - m[0], 5 - m[1], 5 - m[2]];
    let mut sorted = left;
    sorted.sort_unstable();
    let marked = m[0] + m[1] + m[2];
    match prize {
        Prize::EarlyFive => 5u8.saturating_sub(marked),
        Prize::TopLine => left[0],
        Prize::MiddleLine => left[1],
        Prize::BottomLine => left[2],
        Prize::FourCorners => 4 - m[3],
        Prize::OneLine => sorted[0],
        Prize::TwoLines => sorted[0] + sorted[1],
        Prize::FullHouse => 15 - marked,
    }
}

impl Watch {
    /// The watch of a game with these books, after `calls`, while `prize` is played.
    pub fn new(run: &NightRun, books: &BookRanges, prize: Option<Prize>, calls: &[u8]) -> Watch {
        let in_play = run.books().map(|b| books.contains(b)).collect();
        let mut w = Watch {
            prize,
            in_play,
            marks: vec![[0; 4]; run.ticket_count()],
            counts: WatchCounts { complete: 0, one_away: 0 },
        };
        for &n in calls {
            w.mark(run, n, true);
        }
        w.recount(run);
        w
    }

    pub fn counts(&self) -> Option<(Prize, WatchCounts)> {
        self.prize.map(|p| (p, self.counts))
    }

    /// A number is called (`on`) or the call is undone.
    pub fn call(&mut self, run: &NightRun, n: u8, on: bool) {
        self.mark(run, n, on);
    }

    /// The caller moved on to another prize (or none is left).
    pub fn set_prize(&mut self, run: &NightRun, prize: Option<Prize>) {
        self.prize = prize;
        self.recount(run);
    }

    fn mark(&mut self, run: &NightRun, n: u8, on: bool) {
        let first = *run.books().start();
        for spot in run.spots(n) {
            let t = spot.ticket();
            if !self.in_play[(run.book_of(t) - first) as usize] {
                continue;
            }
            let before = self.marks[t];
            let m = &mut self.marks[t];
            let step = |x: &mut u8| if on { *x += 1 } else { *x -= 1 };
            step(&mut m[spot.row()]);
            if spot.corner() {
                step(&mut m[3]);
            }
            let after = *m;
            if let Some(prize) = self.prize {
                self.tally(need(prize, before), false);
                self.tally(need(prize, after), true);
            }
        }
    }

    fn tally(&mut self, need: u8, add: bool) {
        let slot = match need {
            0 => &mut self.counts.complete,
            1 => &mut self.counts.one_away,
            _ => return,
        };
        if add {
            *slot += 1;
        } else {
            *slot -= 1;
        }
    }

    fn recount(&mut self, run: &NightRun) {
        self.counts = WatchCounts { complete: 0, one_away: 0 };
        let Some(prize) = self.prize else { return };
        let first = *run.books().start();
        for t in 0..self.marks.len() {
            if self.in_play[(run.book_of(t) - first) as usize] {
                self.tally(need(prize, self.marks[t]), true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn need_per_prize() {
        let m = [5, 3, 4, 3];
        assert_eq!(need(Prize::OneLine, m), 0);
        assert_eq!(need(Prize::TwoLines, m), 1);
        assert_eq!(need(Prize::FullHouse, m), 3);
        assert_eq!(need(Prize::EarlyFive, m), 0);
        assert_eq!(need(Prize::EarlyFive, [1, 1, 1, 0]), 2);
        assert_eq!(need(Prize::MiddleLine, m), 2);
        assert_eq!(need(Prize::BottomLine, m), 1);
        assert_eq!(need(Prize::FourCorners, m), 1);
    }
}

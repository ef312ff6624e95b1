//! The caller's watch: after each call, for every open prize, how many tickets in play have
//! completed it and how many are one number away. A ticket keeps which of its 15 numbers are
//! called (a 15-bit mask); a call touches only the tickets holding the number (one per book)
//! and asks each open prize's [`Rule`] how many numbers the
//! ticket needs before and after, so any pattern is watched the same way.

use super::run::NightRun;
use housie_core::rules::pattern::Rule;
use housie_core::rules::{BookRanges, PrizeSet, Progress, Standing};

/// Counts for one open prize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
pub struct WatchCounts {
    /// Tickets in play that have completed the prize.
    pub complete: u64,
    /// Tickets in play one number away.
    pub one_away: u64,
}

/// The watch of the current game: counts per open prize, kept as calls come.
pub struct Watch {
    set: PrizeSet,
    /// The open prizes watched, by index in the set, with their counts, and the rule of a
    /// prize that is the same on every ticket (worked out once, not per ticket per call).
    open: Vec<(usize, WatchCounts, Option<Rule>)>,
    /// Per ticket of the run: in play in this game.
    in_play: Vec<bool>,
    /// Per ticket: its called numbers, in reading order.
    called: Vec<u32>,
}

impl Watch {
    /// The watch of a game with these books and prizes, after `calls`.
    pub fn new(run: &NightRun, books: &BookRanges, set: &PrizeSet, progress: &Progress, calls: &[u8]) -> Watch {
        let in_play = (0..run.ticket_count()).map(|t| run.in_play(t, books)).collect();
        let mut w = Watch { set: set.clone(), open: Vec::new(), in_play, called: vec![0; run.ticket_count()] };
        for &n in calls {
            w.mark(run, n, true);
        }
        w.set_progress(run, progress);
        w
    }

    /// The open prizes' counts, by prize name.
    pub fn counts(&self) -> Vec<(&str, WatchCounts)> {
        self.open.iter().map(|&(i, c, _)| (self.set.prizes()[i].name(), c)).collect()
    }

    /// A number is called (`on`) or the call is undone.
    pub fn call(&mut self, run: &NightRun, n: u8, on: bool) {
        self.mark(run, n, on);
    }

    /// A prize was won or a win taken back: the open prizes may have changed; recount.
    pub fn set_progress(&mut self, run: &NightRun, progress: &Progress) {
        // Prizes won on a sheet are judged by the sheet, not counted ticket by ticket here.
        let open: Vec<usize> = (0..self.set.prizes().len())
            .filter(|&i| progress.standing(&self.set, i) == Standing::Open && self.set.prizes()[i].sheet().is_none())
            .collect();
        let any = run.ticket_count().checked_sub(1).map(|_| *run.ticket(0));
        self.open = open
            .into_iter()
            .map(|i| {
                let prize = &self.set.prizes()[i];
                let fixed = any
                    .filter(|_| prize.pattern().same_on_every_ticket())
                    .map(|t| prize.pattern().rule(&t, prize.need()));
                (i, WatchCounts::default(), fixed)
            })
            .collect();
        for t in 0..self.called.len() {
            if self.in_play[t] {
                self.tally(run, t, None, self.called[t]);
            }
        }
    }

    fn mark(&mut self, run: &NightRun, n: u8, on: bool) {
        for spot in run.spots(n) {
            let t = spot.ticket();
            if !self.in_play[t] {
                continue;
            }
            let before = self.called[t];
            let after = if on { before | 1 << spot.place() } else { before & !(1 << spot.place()) };
            self.called[t] = after;
            self.tally(run, t, Some(before), after);
        }
    }

    /// Moves ticket `t` from its counts with `before` (if counted) to its counts with `after`.
    fn tally(&mut self, run: &NightRun, t: usize, before: Option<u32>, after: u32) {
        let ticket = run.ticket(t);
        for (i, counts, fixed) in &mut self.open {
            let prize = &self.set.prizes()[*i];
            let rule = fixed.unwrap_or_else(|| prize.pattern().rule(ticket, prize.need()));
            let mut count = |called: u32, add: bool| {
                let slot = match rule.need(called) {
                    Some(0) => &mut counts.complete,
                    Some(1) => &mut counts.one_away,
                    _ => return,
                };
                if add {
                    *slot += 1;
                } else {
                    *slot -= 1;
                }
            };
            if let Some(before) = before {
                count(before, false);
            }
            count(after, true);
        }
    }
}

//! The prize planner: how many calls until each prize is won, on the real tickets in play.
//! Plays many uniformly random call orders (from a seed, so a plan can be repeated) over
//! exactly those tickets and reports, per prize and place, the call at which it was won
//! (median, 5th and 95th percentiles, nearest rank) and the share of games in which two or more
//! tickets won it at that same call (a shared prize).

use rand::seq::SliceRandom;
use serde::Serialize;

use super::pattern::Rule;
use super::prize::PrizeSet;
use super::sheet::Sheet;
use super::standings::place_calls;
use crate::domain::format::MAX_NUMBERS;
use crate::domain::Ticket;
use crate::generate::Seed;

/// One prize's place, over the games played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanLine {
    /// The prize's name.
    pub prize: String,
    /// 1 for the first winner, 2 for the second, …
    pub place: usize,
    /// The median call at which it was won.
    pub median: u8,
    /// The 5th percentile (nearest rank).
    pub p5: u8,
    /// The 95th percentile (nearest rank).
    pub p95: u8,
    /// The share of games in which two or more tickets won it at the same call.
    pub shared: f64,
    /// The share of games in which it was won at all (a pattern some tickets cannot complete
    /// may never be).
    pub won: f64,
}

/// The planner's answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    /// How many games were played.
    pub games: usize,
    /// How many tickets were in play.
    pub tickets: usize,
    /// Every prize and place.
    pub prizes: Vec<PlanLine>,
}

/// Plays `games` random call orders drawn from `seed` over `tickets` with the prizes of `set`.
pub fn plan(tickets: &[Ticket], set: &PrizeSet, games: usize, seed: &Seed) -> Plan {
    // The board: every number a card of the run's format can hold (90-ball's 1–90).
    let board = tickets.first().map_or(90, |t| t.format().numbers());
    // Each ticket once: its numbers in reading order and every prize compiled against it.
    let compiled: Vec<([u8; MAX_NUMBERS], Vec<Rule>)> = tickets
        .iter()
        .map(|t| (t.reading_order(), set.prizes().iter().map(|p| p.pattern().rule(t, p.need())).collect()))
        .collect();
    // Each thread plays a contiguous range of games into one tally: memory stays that of one
    // game and a histogram of calls per prize and place, however many games are played.
    let per = (games as u64).div_ceil(crate::support::parallel::threads() as u64).max(1);
    let ranges: Vec<std::ops::Range<u64>> =
        (0..games as u64).step_by(per as usize).map(|start| start..(start + per).min(games as u64)).collect();
    let places: Vec<usize> = set.prizes().iter().map(|p| usize::from(p.places())).collect();
    let tallies = crate::support::parallel::map_chunks(&ranges, |part| {
        part.iter()
            .map(|range| {
                let mut tally = Tally::new(&places);
                for g in range.clone() {
                    tally.add(&play(&compiled, set, board, seed, g));
                }
                tally
            })
            .collect()
    });
    let mut tally = Tally::new(&places);
    for t in &tallies {
        tally.merge(t);
    }
    let mut lines = Vec::new();
    for (i, prize) in set.prizes().iter().enumerate() {
        for place in 0..usize::from(prize.places()) {
            let counts = &tally.calls[i][place];
            let won: u64 = counts.iter().sum();
            // The nearest-rank percentile, read off the histogram of calls.
            let rank = |p: f64| -> u8 {
                if won == 0 {
                    return 0;
                }
                let k = ((p / 100.0) * won as f64).ceil().max(1.0) as u64;
                let mut seen = 0;
                for (call, &n) in counts.iter().enumerate() {
                    seen += n;
                    if seen >= k {
                        return call as u8;
                    }
                }
                90
            };
            let share = |n: u64| if games == 0 { 0.0 } else { n as f64 / games as f64 };
            lines.push(PlanLine {
                prize: prize.name().to_string(),
                place: place + 1,
                median: rank(50.0),
                p5: rank(5.0),
                p95: rank(95.0),
                shared: share(tally.shared[i][place]),
                won: share(won),
            });
        }
    }
    Plan { games, tickets: tickets.len(), prizes: lines }
}

/// Per prize and place, over the games played: how many were won at each call (1–90), and how
/// many were won by two or more tickets at once.
struct Tally {
    calls: Vec<Vec<[u64; 128]>>,
    shared: Vec<Vec<u64>>,
}

impl Tally {
    fn new(places: &[usize]) -> Tally {
        Tally {
            calls: places.iter().map(|&n| vec![[0u64; 128]; n]).collect(),
            shared: places.iter().map(|&n| vec![0u64; n]).collect(),
        }
    }

    /// One game's places: per prize, per place, (call, how many tickets won it then).
    fn add(&mut self, game: &[Vec<(u8, u32)>]) {
        for (i, places) in game.iter().enumerate() {
            for (place, &(call, winners)) in places.iter().enumerate().take(self.calls[i].len()) {
                self.calls[i][place][usize::from(call)] += 1;
                self.shared[i][place] += u64::from(winners >= 2);
            }
        }
    }

    fn merge(&mut self, other: &Tally) {
        for (mine, theirs) in self.calls.iter_mut().flatten().zip(other.calls.iter().flatten()) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for (a, b) in self.shared.iter_mut().flatten().zip(other.shared.iter().flatten()) {
            *a += b;
        }
    }
}

/// One game: a uniform call order, every ticket's completion call of every prize, the places.
fn play(
    compiled: &[([u8; MAX_NUMBERS], Vec<Rule>)],
    set: &PrizeSet,
    board: u8,
    seed: &Seed,
    game: u64,
) -> Vec<Vec<(u8, u32)>> {
    let prizes = set.prizes().len();
    let mut order: Vec<u8> = (1..=board).collect();
    order.shuffle(&mut seed.rng_for(game, 0));
    let mut call_of = [0u8; 128];
    for (k, &n) in order.iter().enumerate() {
        call_of[usize::from(n)] = k as u8 + 1;
    }
    let mut completed = vec![0u128; prizes];
    let mut count = vec![[0u32; 128]; prizes];
    // A prize won on a sheet: its tickets come together, as books are given (whole books in
    // order), and the sheet completes at the last of their calls.
    let sheet: Vec<Option<usize>> = set.prizes().iter().map(|p| p.sheet().map(|s| s.tickets())).collect();
    let mut so_far: Vec<Option<u8>> = vec![Some(0); prizes];
    for (t, (numbers, rules)) in compiled.iter().enumerate() {
        let at = numbers.map(|n| call_of[usize::from(n)]);
        for (i, rule) in rules.iter().enumerate() {
            let done = match sheet[i] {
                None => rule.completed_at(&at),
                Some(len) => {
                    let before = if t % len == 0 { Some(0) } else { so_far[i] };
                    so_far[i] = Sheet::together(before, rule.completed_at(&at));
                    so_far[i].filter(|_| t % len == len - 1)
                }
            };
            if let Some(c) = done {
                completed[i] |= 1 << c;
                count[i][usize::from(c)] += 1;
            }
        }
    }
    place_calls(set, &completed)
        .into_iter()
        .enumerate()
        .map(|(i, calls)| calls.into_iter().map(|c| (c, count[i][usize::from(c)])).collect())
        .collect()
}

impl Plan {
    /// The plan as a table for people.
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!(
            "{} games over {} tickets: the call at which each prize is won (median, 5th–95th percentile)\n",
            self.games, self.tickets
        );
        for l in &self.prizes {
            let name = if l.place == 1 && !self.prizes.iter().any(|o| o.prize == l.prize && o.place > 1) {
                l.prize.clone()
            } else {
                format!("{} ({})", l.prize, super::progress::ordinal(l.place))
            };
            let never = if l.won < 1.0 { format!(", won in {:.0} % of games", l.won * 100.0) } else { String::new() };
            let _ = writeln!(
                out,
                "  {name:<24} call {:>2} ({:>2}–{:>2}), shared in {:>4.1} % of games{never}",
                l.median,
                l.p5,
                l.p95,
                l.shared * 100.0
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;

    #[test]
    fn a_single_ticket_wins_full_house_near_the_end() {
        let seed = Seed::from_text("plan");
        let book = Generator::get().book(&seed, 1, 0);
        let set = PrizeSet::shipped("uk").unwrap();
        let p = plan(&book.tickets()[..1], &set, 400, &Seed::from_text("games"));
        let house = &p.prizes[2];
        // Full house on one ticket: the last of its 15 numbers; E = 15 × 91 / 16 ≈ 85.3.
        assert!((83..=88).contains(&house.median), "{house:?}");
        assert_eq!(house.shared, 0.0);
        assert_eq!(plan(&book.tickets()[..1], &set, 400, &Seed::from_text("games")), p, "repeatable");
        // Six tickets of a book cover 1-90: full house is won at the last call of some ticket.
        let six = plan(book.tickets(), &set, 400, &Seed::from_text("games"));
        assert!(six.prizes[2].median < house.median);
    }
}

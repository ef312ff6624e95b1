//! What the law of the books can and cannot change for a player. Calls are a uniformly random
//! order of 1–90, so any k given numbers are all called by call m with chance
//! C(m, k) / C(90, k), whichever numbers they are; and the j-th of a ticket's 15 numbers to be
//! called is called at call m with chance C(m − 1, j − 1) · C(90 − m, 15 − j) / C(90, 15). Every
//! prize defined by places on the ticket (a line, two lines, full house, corners, early five)
//! depends only on how many numbers each place holds, which is the same on every valid ticket:
//! so every valid ticket has the same chance of each such prize at each call, whichever layout
//! the draw of books favoured. Simulated here for two tickets of opposite layouts (the lowest
//! and the highest numbers of 200 books), against that exact law; the negative control: calls
//! that favour low numbers make the same test fail, and the two tickets differ.

use housie_core::domain::Ticket;
use housie_core::{Generator, Seed};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const GAMES: usize = 20_000;

/// C(n, k) as a float.
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).map(|i| f64::from(n - i) / f64::from(i + 1)).product()
}

/// P(the j-th of k given numbers is called at call m), m = 1..=90.
fn order_statistic(k: u32, j: u32) -> Vec<f64> {
    (1..=90).map(|m| choose(m - 1, j - 1) * choose(90 - m, k - j) / choose(90, k)).collect()
}

/// Chi-square of completion calls against the exact law, bins merged until each expects 5.
fn chi_square(calls: &[u32], exact: &[f64]) -> (f64, usize) {
    let mut observed = [0f64; 91];
    for &m in calls {
        observed[m as usize] += 1.0;
    }
    let n = calls.len() as f64;
    let (mut stat, mut cells, mut o, mut e) = (0.0, 0, 0.0, 0.0);
    for m in 1..=90 {
        o += observed[m];
        e += exact[m - 1] * n;
        if e >= 5.0 || m == 90 {
            if e > 0.0 {
                stat += (o - e) * (o - e) / e;
                cells += 1;
            }
            (o, e) = (0.0, 0.0);
        }
    }
    (stat, cells - 1)
}

/// The p = 0.001 critical value (Wilson–Hilferty).
fn critical(df: usize) -> f64 {
    let k = df as f64;
    k * (1.0 - 2.0 / (9.0 * k) + 3.090 * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// A call order: uniform, or with numbers 1–45 three times as likely to come next.
fn calls(rng: &mut Pcg64Mcg, biased: bool) -> [u32; 91] {
    let mut left: Vec<u8> = (1..=90).collect();
    let mut at = [0u32; 91];
    for call in 1..=90u32 {
        let weight = |n: u8| if biased && n <= 45 { 3.0 } else { 1.0 };
        let total: f64 = left.iter().map(|&n| weight(n)).sum();
        let mut pick = rng.random::<f64>() * total;
        let mut i = 0;
        while i + 1 < left.len() && pick >= weight(left[i]) {
            pick -= weight(left[i]);
            i += 1;
        }
        at[usize::from(left.swap_remove(i))] = call;
    }
    at
}

/// For each game, the call completing: the top line, the four corners, full house, early five.
fn completions(ticket: &Ticket, biased: bool, seed: u64) -> [Vec<u32>; 4] {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out: [Vec<u32>; 4] = Default::default();
    let top = ticket.row(0);
    let bottom = ticket.row(2);
    let corners = [top[0], top[4], bottom[0], bottom[4]];
    for _ in 0..GAMES {
        let at = calls(&mut rng, biased);
        let when = |ns: &[u8]| ns.iter().map(|&n| at[usize::from(n)]).max().unwrap();
        let mut all: Vec<u32> = ticket.numbers().into_iter().map(|n| at[usize::from(n)]).collect();
        all.sort_unstable();
        out[0].push(when(&top));
        out[1].push(when(&corners));
        out[2].push(all[14]);
        out[3].push(all[4]);
    }
    out
}

fn tickets() -> (Ticket, Ticket) {
    let g = Generator::get();
    let all: Vec<Ticket> =
        (1..=200).flat_map(|k| g.book(&Seed::from_text("prize chances"), k, 0).tickets().to_vec()).collect();
    let sum = |t: &Ticket| t.numbers().into_iter().map(u32::from).sum::<u32>();
    let low = *all.iter().min_by_key(|t| sum(t)).unwrap();
    let high = *all.iter().max_by_key(|t| sum(t)).unwrap();
    (low, high)
}

#[test]
fn every_ticket_has_the_same_chance_of_each_prize_under_random_calls() {
    let exact = [order_statistic(5, 5), order_statistic(4, 4), order_statistic(15, 15), order_statistic(15, 5)];
    let names = ["top line", "four corners", "full house", "early five"];
    let (low, high) = tickets();
    assert_ne!(low.full_columns(), 3, "two ordinary tickets");
    for (which, ticket) in [("lowest", &low), ("highest", &high)] {
        for (i, calls) in completions(ticket, false, 7).iter().enumerate() {
            let (stat, df) = chi_square(calls, &exact[i]);
            assert!(stat < critical(df), "{which} ticket, {}: chi-square {stat:.1} on {df} df", names[i]);
        }
    }
    // The negative control: calls favouring 1–45 finish the low ticket's prizes early.
    let (biased_low, biased_high) = (completions(&low, true, 7), completions(&high, true, 7));
    for i in 0..4 {
        let (stat, df) = chi_square(&biased_low[i], &exact[i]);
        assert!(stat > critical(df), "the biased calls go unseen for {}: {stat:.1} on {df} df", names[i]);
        let mean = |v: &[u32]| v.iter().map(|&m| f64::from(m)).sum::<f64>() / v.len() as f64;
        // (The corners hold each ticket's extremes, low and high alike: no telling them apart.)
        if i != 1 {
            assert!(mean(&biased_low[i]) + 2.0 < mean(&biased_high[i]), "{}", names[i]);
        }
    }
}

//! The night's draw (protocol 2) over 10,000 seeds: every number is equally likely at every
//! place of the order, as the first call, and in every ordered pair of consecutive calls. Each
//! test has a negative control that it rejects: the naive shuffle (swap each place with any
//! place), and Sattolo's off-by-one (never leaves an item where it was).

use housie_night::night::draw::{DrawSeed, Words};

const SEEDS: usize = 10_000;
const Z_PASS: f64 = 3.090; // p = 0.001
const Z_CONTROL: f64 = 5.998; // p = 1e-9

fn critical(df: usize, z: f64) -> f64 {
    let k = df as f64;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

fn chi_square(observed: &[f64], expected: f64) -> f64 {
    observed.iter().map(|o| (o - expected) * (o - expected) / expected).sum()
}

fn seed(i: usize) -> String {
    housie_core::support::digest::sha256_hex(format!("draw statistics {i}"))
}

fn ours(i: usize) -> [u8; 90] {
    DrawSeed::parse(&seed(i)).unwrap().order()
}

/// A draw with a classic shuffle bug, fed by the same words: `sattolo` swaps place n with one of
/// 0..n (never itself); otherwise each place is swapped with any of the 90.
fn buggy(i: usize, sattolo: bool) -> [u8; 90] {
    let mut words = Words::new(seed(i).as_bytes());
    let mut numbers: [u8; 90] = std::array::from_fn(|k| k as u8 + 1);
    for n in (1..90usize).rev() {
        let bound = if sattolo { n as u64 } else { 90 };
        let j = (u64::from(words.next_word()) * bound) >> 32;
        numbers.swap(n, j as usize);
    }
    numbers
}

/// (position table, first calls, consecutive pairs) chi-squares with their degrees of freedom.
fn tests(order: impl Fn(usize) -> [u8; 90]) -> [(f64, usize); 3] {
    let mut position = vec![0f64; 90 * 90];
    let mut first = vec![0f64; 90];
    let mut pairs = vec![0f64; 90 * 90];
    for i in 0..SEEDS {
        let o = order(i);
        for (p, &n) in o.iter().enumerate() {
            position[p * 90 + usize::from(n) - 1] += 1.0;
        }
        first[usize::from(o[0]) - 1] += 1.0;
        for w in o.windows(2) {
            pairs[(usize::from(w[0]) - 1) * 90 + usize::from(w[1]) - 1] += 1.0;
        }
    }
    let n = SEEDS as f64;
    let cells: Vec<f64> = pairs.iter().enumerate().filter(|(k, _)| k / 90 != k % 90).map(|(_, &c)| c).collect();
    [
        (chi_square(&position, n / 90.0), 89 * 89),
        (chi_square(&first, n / 90.0), 89),
        (chi_square(&cells, n * 89.0 / (90.0 * 89.0)), 90 * 89 - 1),
    ]
}

#[test]
fn every_number_is_equally_likely_everywhere_in_the_draw() {
    let names = ["place in the order", "first call", "consecutive pairs"];
    for ((stat, df), name) in tests(ours).into_iter().zip(names) {
        let limit = critical(df, Z_PASS);
        eprintln!("draw over {SEEDS} seeds, {name}: chi-square {stat:.1} on {df} df (p = 0.001 at {limit:.1})");
        assert!(stat < limit, "{name}: chi-square {stat:.1} on {df} df exceeds {limit:.1}");
    }
    let naive = tests(|i| buggy(i, false));
    assert!(naive[0].0 > critical(naive[0].1, Z_CONTROL), "the naive shuffle's bias is seen: {naive:?}");
    let sattolo = tests(|i| buggy(i, true));
    assert!(sattolo[0].0 > critical(sattolo[0].1, Z_CONTROL), "Sattolo's bias is seen: {sattolo:?}");
}

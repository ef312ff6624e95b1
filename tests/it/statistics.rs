//! Chi-square tests of the generator against the exact probabilities its own table gives, each
//! with a negative control: a feasibility-only generator (every vector that still allows a
//! completion equally likely, as the backtracking generators do) that the same test rejects.
//!
//! Critical values use the Wilson–Hilferty approximation, accurate to within 1 % at the degrees of
//! freedom used here (12 and more). Ours must pass at p = 0.001; the control must fail at p = 10⁻⁹.

use housie_core::domain::{Book, COLS, COLUMN_SIZES, TICKETS_PER_BOOK};
use housie_core::generate::Vector;
use housie_core::{Generator, Seed};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const BOOKS: u64 = 60_000;

/// Chi-square critical value for `df` degrees of freedom at upper-tail normal quantile `z`.
fn critical(df: usize, z: f64) -> f64 {
    let k = df as f64;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}
const Z_PASS: f64 = 3.090; // p = 0.001
const Z_CONTROL: f64 = 5.998; // p = 1e-9

fn chi_square(observed: &[f64], expected: &[f64]) -> f64 {
    observed.iter().zip(expected).filter(|(_, &e)| e > 0.0).map(|(o, e)| (o - e) * (o - e) / e).sum()
}

/// The control: picks each ticket's vector uniformly among those that keep the book completable.
fn feasibility_only(rng: &mut Pcg64Mcg) -> Book {
    let g = Generator::get();
    let mut remaining = COLUMN_SIZES;
    let mut vectors = [[0u8; COLS]; TICKETS_PER_BOOK];
    for (t, slot) in vectors.iter_mut().enumerate() {
        let left = (TICKETS_PER_BOOK - 1 - t) as u8;
        let options: Vec<&Vector> = g
            .vectors()
            .iter()
            .filter(|v| (0..COLS).all(|j| v[j] <= remaining[j] && (left..=3 * left).contains(&(remaining[j] - v[j]))))
            .collect();
        let v = *options[rand::Rng::random_range(rng, 0..options.len())];
        for j in 0..COLS {
            remaining[j] -= v[j];
        }
        *slot = v;
    }
    g.fill(&vectors, rng)
}

fn ours() -> impl FnMut(u64) -> Book {
    let seed = Seed::from_text("statistics");
    move |k| Generator::get().book(&seed, k, 0)
}

/// The control's books, drawn once and shared by every test (drawing them is the slow part).
fn control() -> impl FnMut(u64) -> Book {
    static SAMPLE: std::sync::OnceLock<Vec<Book>> = std::sync::OnceLock::new();
    let sample = SAMPLE.get_or_init(|| {
        let mut rng = Pcg64Mcg::seed_from_u64(2026);
        (0..BOOKS).map(|_| feasibility_only(&mut rng)).collect()
    });
    move |k| sample[(k - 1) as usize]
}

/// Σ over ticket positions of the chi-square of one per-ticket category against its exact law.
fn per_position(
    mut draw: impl FnMut(u64) -> Book,
    classes: usize,
    class: fn(&housie_core::Ticket) -> usize,
    exact: [[f64; 4]; 6],
) -> (f64, usize) {
    let mut counts = vec![vec![0f64; classes]; TICKETS_PER_BOOK];
    for k in 1..=BOOKS {
        for (t, ticket) in draw(k).tickets().iter().enumerate() {
            counts[t][class(ticket)] += 1.0;
        }
    }
    let mut stat = 0.0;
    let mut df = 0;
    for t in 0..TICKETS_PER_BOOK {
        let expected: Vec<f64> = (0..classes).map(|c| exact[t][c] * BOOKS as f64).collect();
        stat += chi_square(&counts[t], &expected);
        df += expected.iter().filter(|&&e| e > 0.0).count() - 1;
    }
    (stat, df)
}

fn full_columns(draw: impl FnMut(u64) -> Book) -> (f64, usize) {
    per_position(draw, 4, |t| t.full_columns(), Generator::get().marginals().full_columns)
}

fn column9(draw: impl FnMut(u64) -> Book) -> (f64, usize) {
    per_position(draw, 4, |t| t.column_count(COLS - 1), Generator::get().marginals().column9)
}

/// Number n on ticket t: every cell of the 90 × 6 table expects BOOKS / 6.
fn number_on_ticket(mut draw: impl FnMut(u64) -> Book) -> (f64, usize) {
    let mut counts = vec![0f64; 91 * TICKETS_PER_BOOK];
    for k in 1..=BOOKS {
        for (t, ticket) in draw(k).tickets().iter().enumerate() {
            for n in ticket.numbers() {
                counts[n as usize * TICKETS_PER_BOOK + t] += 1.0;
            }
        }
    }
    let observed = &counts[TICKETS_PER_BOOK..];
    let expected = vec![BOOKS as f64 / 6.0; observed.len()];
    (chi_square(observed, &expected), 90 * (TICKETS_PER_BOOK - 1))
}

fn assert_passes(name: &str, (stat, df): (f64, usize)) {
    let limit = critical(df, Z_PASS);
    assert!(stat < limit, "{name}: chi-square {stat:.1} on {df} df exceeds {limit:.1} (p < 0.001)");
}

fn assert_rejected(name: &str, (stat, df): (f64, usize)) {
    let limit = critical(df, Z_CONTROL);
    assert!(
        stat > limit,
        "{name} control: chi-square {stat:.1} on {df} df is below {limit:.1}: the test cannot see the bias"
    );
}

#[test]
fn critical_values_match_tables() {
    // Published chi-square table values at p = 0.001.
    assert!((critical(12, Z_PASS) - 32.909).abs() < 0.2);
    assert!((critical(18, Z_PASS) - 42.312).abs() < 0.2);
}

#[test]
fn full_columns_per_ticket_follow_the_exact_law() {
    assert_passes("full columns", full_columns(ours()));
    assert_rejected("full columns", full_columns(control()));
}

#[test]
fn column_nine_counts_per_ticket_follow_the_exact_law() {
    assert_passes("column 9", column9(ours()));
    assert_rejected("column 9", column9(control()));
}

#[test]
fn every_number_is_on_every_ticket_one_time_in_six() {
    assert_passes("number on ticket", number_on_ticket(ours()));
    assert_rejected("number on ticket", number_on_ticket(control()));
}

/// A fresh run of booklets of 8 games keeps lines unique within each game (generator 2), and
/// each game's books still follow the exact law: full columns per ticket position, summed over
/// the eight games. The control's books, split the same way, fail it.
#[test]
fn every_game_of_a_run_of_booklets_follows_the_exact_law() {
    let games = 8u16;
    let booklets = BOOKS / u64::from(games);
    let options = housie_core::generate::RunOptions {
        games: Some(games),
        ..housie_core::generate::RunOptions::new(booklets * u64::from(games), 1, false)
    };
    let (books, _) = housie_core::generate::draw_all(Seed::from_text("booklets by game"), options).unwrap();
    let exact = Generator::get().marginals().full_columns;
    let by_game = |draw: &dyn Fn(u64) -> Book| {
        let (mut stat, mut df) = (0.0, 0);
        for g in 0..u64::from(games) {
            let mut counts = vec![vec![0f64; 4]; TICKETS_PER_BOOK];
            for b in 0..booklets {
                for (t, ticket) in draw(b * u64::from(games) + g + 1).tickets().iter().enumerate() {
                    counts[t][ticket.full_columns()] += 1.0;
                }
            }
            for (t, row) in counts.iter().enumerate() {
                let expected: Vec<f64> = (0..4).map(|c| exact[t][c] * booklets as f64).collect();
                stat += chi_square(row, &expected);
                df += expected.iter().filter(|&&e| e > 0.0).count() - 1;
            }
        }
        (stat, df)
    };
    assert_passes("full columns, game by game", by_game(&|k| books[(k - 1) as usize].book));
    let mut sample = control();
    let control_books: Vec<Book> = (1..=BOOKS).map(&mut sample).collect();
    assert_rejected("full columns, game by game", by_game(&|k| control_books[(k - 1) as usize]));
    // Lines repeat across games but never within one.
    let mut lines = std::collections::HashSet::new();
    let mut across = 0;
    for b in &books {
        for t in b.book.tickets() {
            for r in 0..3 {
                let line = (t.row_mask(r), (b.number - 1) % u64::from(games));
                assert!(lines.insert(line), "a line repeats within game {}", line.1 + 1);
            }
        }
    }
    for b in &books {
        for t in b.book.tickets() {
            let g = (b.number - 1) % u64::from(games);
            across += (0..3)
                .filter(|&r| (0..u64::from(games)).any(|h| h != g && lines.contains(&(t.row_mask(r), h))))
                .count();
        }
    }
    assert!(across > 0, "lines are kept apart only within a game");
}

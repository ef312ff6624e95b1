//! How far the books of a run with unique lines drift from the unconditional law, measured.
//!
//! With unique lines, book k is drawn uniformly among the valid books that repeat no ticket or
//! line of the books before it (in its scope: the run, or its game in a run of booklets). Early
//! books are almost never re-drawn, so they follow the unconditional law; late books of a large
//! run are re-drawn often, and the set they come from is conditioned by the lines already used.
//! This draws runs of 20,000, 60,000 and 120,000 books and, for the first and the last 20,000
//! books of each, tests two laws against the exact unconditional ones: full columns per ticket
//! position (18 df) and each number on each ticket (450 df); and the columns each row uses (the
//! 126 ways a row picks 5 of 9 columns, per row: 375 df) against 200,000 books drawn with
//! duplicate lines allowed, which follow the unconditional law exactly. p-values by
//! Wilson–Hilferty.
//!
//! Then it sizes the drift: for scopes of 5,000 to 120,000 books, how often an edge number
//! (the smallest or largest of its column) sits in its favoured row — over the whole scope and
//! its last tenth — against the exact value, the worst of the 270 (number, row) shares against
//! 1,000,000 unconditional books, and the whole scope's "which row each number is in" test;
//! and, at the limit (20,000 books), the same test on 20 seeds, counted at 99 %.
//!
//!   cargo run -p housie-core --release --example unique_lines_law

use housie_core::domain::{Book, TICKETS_PER_BOOK};
use housie_core::generate::{draw_all, RunOptions};
use housie_core::{Generator, Seed};

fn chi_square(observed: &[f64], expected: &[f64]) -> f64 {
    observed.iter().zip(expected).filter(|(_, &e)| e > 0.0).map(|(o, e)| (o - e) * (o - e) / e).sum()
}

/// Upper-tail p of a chi-square statistic (Wilson–Hilferty, then the normal tail).
fn p_value(stat: f64, df: usize) -> f64 {
    let k = df as f64;
    let z = ((stat / k).cbrt() - (1.0 - 2.0 / (9.0 * k))) / (2.0 / (9.0 * k)).sqrt();
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// erfc by Numerical Recipes' Chebyshev fit (relative error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

fn laws(books: &[Book]) -> [(f64, usize); 2] {
    let exact = Generator::get().marginals().full_columns;
    let n = books.len() as f64;
    let mut full = vec![vec![0f64; 4]; TICKETS_PER_BOOK];
    let mut on = vec![0f64; 91 * TICKETS_PER_BOOK];
    for b in books {
        for (t, ticket) in b.tickets().iter().enumerate() {
            full[t][ticket.full_columns()] += 1.0;
            for x in ticket.numbers() {
                on[usize::from(x) * TICKETS_PER_BOOK + t] += 1.0;
            }
        }
    }
    let (mut stat, mut df) = (0.0, 0);
    for (t, row) in full.iter().enumerate() {
        let expected: Vec<f64> = (0..4).map(|c| exact[t][c] * n).collect();
        stat += chi_square(row, &expected);
        df += expected.iter().filter(|&&e| e > 0.0).count() - 1;
    }
    let observed = &on[TICKETS_PER_BOOK..];
    let numbers = chi_square(observed, &vec![n / 6.0; observed.len()]);
    [(stat, df), (numbers, 90 * (TICKETS_PER_BOOK - 1))]
}

/// Per number, how often it is in each row.
fn number_rows(books: &[Book]) -> Vec<f64> {
    let mut counts = vec![0f64; 91 * 3];
    for b in books {
        for t in b.tickets() {
            for r in 0..3 {
                for &x in t.row(r).iter() {
                    counts[usize::from(x) * 3 + r] += 1.0;
                }
            }
        }
    }
    counts
}

/// Per row, how often it uses each set of 5 columns (a 9-bit mask).
fn row_patterns(books: &[Book]) -> Vec<f64> {
    let mut counts = vec![0f64; 3 * 512];
    for b in books {
        for t in b.tickets() {
            for r in 0..3 {
                let mask = (0..9).filter(|&c| t.get(r, c).is_some()).fold(0usize, |m, c| m | 1 << c);
                counts[r * 512 + mask] += 1.0;
            }
        }
    }
    counts
}

/// The chi-square of `observed` against the shares of `reference`, with its degrees of freedom:
/// one fewer than the cells for each group whose total both samples fix (a row's 126 patterns
/// sum to the books, 3 groups; a number's 3 rows sum to the books, 90 groups).
fn against(observed: &[f64], reference: &[f64], groups: usize) -> (f64, usize) {
    let (n, m) = (observed.iter().sum::<f64>(), reference.iter().sum::<f64>());
    let mut stat = 0.0;
    let mut cells = 0;
    for (o, r) in observed.iter().zip(reference) {
        if *r > 0.0 {
            // Two samples: the reference's own noise counts too.
            let e = (o + r) * n / (n + m);
            let f = (o + r) * m / (n + m);
            stat += (o - e) * (o - e) / e + (r - f) * (r - f) / f;
            cells += 1;
        }
    }
    (stat, cells - groups)
}

/// How many of the book's 18 edge numbers sit in their favoured row.
fn favoured(b: &Book) -> usize {
    let mut n = 0;
    for c in 0..9usize {
        let (lo, hi) = housie_core::domain::column_range(c);
        for t in b.tickets() {
            if t.get(0, c) == Some(lo) {
                n += 1;
            }
            if t.get(2, c) == Some(hi) {
                n += 1;
            }
        }
    }
    n
}

fn favoured_share(books: &[Book]) -> f64 {
    books.iter().map(favoured).sum::<usize>() as f64 / (18 * books.len()) as f64
}

/// The largest gap between a (number, row) share and the reference's.
fn worst_gap(observed: &[f64], reference: &[f64]) -> f64 {
    let mut worst = 0f64;
    for n in 1..=90usize {
        let (o, r): (f64, f64) =
            ((0..3).map(|x| observed[n * 3 + x]).sum(), (0..3).map(|x| reference[n * 3 + x]).sum());
        for x in 0..3 {
            worst = worst.max((observed[n * 3 + x] / o - reference[n * 3 + x] / r).abs());
        }
    }
    worst
}

fn sizes() {
    let exact = Generator::get().favoured_row();
    let (free, _) =
        draw_all(Seed::from_text("unconditional reference, large"), RunOptions::new(1_000_000, 1, true)).unwrap();
    let free: Vec<Book> = free.iter().map(|d| d.book).collect();
    let reference = number_rows(&free);
    println!("exact favoured-row chance: {exact:.4}; 1,000,000 unconditional books: {:.4}", favoured_share(&free));
    println!();
    println!("| scope | re-drawn | favoured row, whole scope | its last tenth | worst (number, row) gap | which row each number is in, p |");
    println!("|---|---|---|---|---|---|");
    for size in [5_000u64, 10_000, 20_000, 40_000, 60_000, 120_000] {
        let (drawn, redraws) = draw_all(Seed::from_text("scope size"), RunOptions::new(size, 1, false)).unwrap();
        let books: Vec<Book> = drawn.iter().map(|d| d.book).collect();
        let tail = &books[books.len() - books.len() / 10..];
        let rows = number_rows(&books);
        let (stat, df) = against(&rows, &reference, 90);
        println!(
            "| {size} books | {:.1} % | {:.4} | {:.4} | {:.4} | {:.2e} |",
            100.0 * redraws.len() as f64 / size as f64,
            favoured_share(&books),
            favoured_share(tail),
            worst_gap(&rows, &reference),
            p_value(stat, df)
        );
    }
    let (drawn, _) = draw_all(Seed::from_text("scope size"), RunOptions::new(200_000, 1, true)).unwrap();
    let books: Vec<Book> = drawn.iter().map(|d| d.book).collect();
    let rows = number_rows(&books);
    let (stat, df) = against(&rows, &reference, 90);
    println!(
        "| 200000 books, duplicate lines allowed | 0 % | {:.4} | {:.4} | {:.4} | {:.2e} |",
        favoured_share(&books),
        favoured_share(&books[180_000..]),
        worst_gap(&rows, &reference),
        p_value(stat, df)
    );
    println!();
    for size in [10_000u64, 12_500, 15_000, 20_000, 30_000, 40_000] {
        let mut fails = 0;
        let mut ps = Vec::new();
        for i in 0..40 {
            let (drawn, _) = draw_all(Seed::from_text(&format!("limit {i}")), RunOptions::new(size, 1, false)).unwrap();
            let books: Vec<Book> = drawn.iter().map(|d| d.book).collect();
            let (stat, df) = against(&number_rows(&books), &reference, 90);
            let p = p_value(stat, df);
            fails += usize::from(p < 0.01);
            ps.push(p);
        }
        ps.sort_by(f64::total_cmp);
        println!("{size} books, 40 seeds: {fails} fail at 99 % (smallest p {:.2e}, median {:.2})", ps[0], ps[20]);
    }
}

fn main() {
    if std::env::args().any(|a| a == "--sizes") {
        return sizes();
    }
    let (free, _) = draw_all(Seed::from_text("unconditional reference"), RunOptions::new(200_000, 1, true)).unwrap();
    let free: Vec<Book> = free.iter().map(|d| d.book).collect();
    let (reference, reference_rows) = (row_patterns(&free), number_rows(&free));
    println!(
        "| run | books tested | redrawn | full columns χ² (df 18), p | number on ticket χ² (df 450), p | row columns χ², p | number's row χ², p |"
    );
    println!("|---|---|---|---|---|---|---|");
    for size in [20_000u64, 60_000, 120_000] {
        let (drawn, redraws) = draw_all(Seed::from_text("unique lines law"), RunOptions::new(size, 1, false)).unwrap();
        let books: Vec<Book> = drawn.iter().map(|d| d.book).collect();
        for (name, range) in [("first", 0..20_000usize), ("last", (size as usize - 20_000)..size as usize)] {
            if size == 20_000 && name == "last" {
                continue;
            }
            let redrawn = redraws.iter().filter(|r| range.contains(&((r.book - 1) as usize))).count();
            let [(full, df1), (num, df2)] = laws(&books[range.clone()]);
            let (rows, df3) = against(&row_patterns(&books[range.clone()]), &reference, 3);
            let (placed, df4) = against(&number_rows(&books[range.clone()]), &reference_rows, 90);
            println!(
                "| {size} books | the {name} 20,000 | {:.1} % | {full:.1}, p = {:.2e} | {num:.1}, p = {:.2e} | {rows:.1} (df {df3}), p = {:.2e} | {placed:.1} (df {df4}), p = {:.2e} |",
                100.0 * redrawn as f64 / 20_000.0,
                p_value(full, df1),
                p_value(num, df2),
                p_value(rows, df3),
                p_value(placed, df4)
            );
        }
    }
}

//! Unique lines and the uniform law: the default keeps every line of a plain run unique across
//! at most 10,000 books (as far as the books stay indistinguishable from uniform ones,
//! docs/randomness.md); one book more is refused until the organiser chooses unique lines
//! within blocks, or duplicate lines. Each choice draws, is recorded in run.json, verifies,
//! and is followed by a continuation; the studio asks for the same choice beside its field.

use housie_core::domain::{Book, ROWS};
use housie_core::generate::{draw_all, RunError, UNIFORM_UNIQUE_LINE_BOOKS};
use housie_core::{RunOptions, Seed};
use rustc_hash::FxHashSet;

use crate::serving::exchange;
use crate::util::{manifest_rows, Dir};

fn blocks(books: u64, n: u64) -> RunOptions {
    RunOptions { unique_lines_per: Some(n), ..RunOptions::new(books, 1, false) }
}

/// Lines repeated within any block of `n` books (numbered from `first`), and across blocks.
fn repeats(books: &[(u64, Book)], n: u64) -> (usize, usize) {
    let (mut within, mut across) = (0, 0);
    let mut all = FxHashSet::default();
    let mut block = FxHashSet::default();
    let mut current = u64::MAX;
    for (k, b) in books {
        if (k - 1) / n != current {
            current = (k - 1) / n;
            block.clear();
        }
        for t in b.tickets() {
            for r in 0..ROWS {
                let line = t.row(r).to_vec();
                within += usize::from(!block.insert(line.clone()));
                across += usize::from(!all.insert(line));
            }
        }
    }
    (within, across)
}

#[test]
fn past_the_limit_a_plain_run_chooses_how_its_lines_are_kept_apart() {
    assert_eq!(UNIFORM_UNIQUE_LINE_BOOKS, 10_000);
    // Just below the limit the default stands; one book more is refused, naming both choices.
    assert_eq!(RunOptions::new(10_000, 1, false).check_choice(0), Ok(()));
    assert_eq!(RunOptions::new(10_001, 1, false).check_choice(0), Err(RunError::LinesUndecided { books: 10_001 }));
    let d = Dir::new();
    let err = d.run(&["generate", "--books", "10001", "--seed", "law", "--out", "big", "-q"]).expect_code(2).stderr();
    assert!(
        err.starts_with("housie: 10001 books with every line unique would not be uniform (past 10,000 books")
            && err.contains("choose --unique-lines-per 10000")
            && err.contains("or --allow-duplicate-lines"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!d.join("big").exists(), "nothing written");
    // Each choice draws 20,001 books.
    let seed = Seed::from_text("law");
    let (chosen, _) = draw_all(seed.clone(), blocks(10_001, 10_000)).unwrap();
    let (default, _) = draw_all(seed.clone(), RunOptions::new(10_000, 1, false)).unwrap();
    // The first block is the default run of 10,000 books, book for book; the next begins anew.
    assert!(chosen.iter().zip(&default).all(|(a, b)| a.book == b.book), "block 1 = the default run");
    let (free, _) = draw_all(seed, RunOptions::new(10_001, 1, true)).unwrap();
    assert_eq!((chosen.len(), free.len()), (10_001, 10_001));
    // Blocks: no line repeats within a block; across blocks lines may (and, small, do) repeat.
    let (small, _) = draw_all(Seed::from_text("blocks"), blocks(3_000, 1_000)).unwrap();
    let small: Vec<(u64, Book)> = small.iter().map(|d| (d.number, d.book)).collect();
    let (within, across) = repeats(&small, 1_000);
    assert_eq!(within, 0);
    assert!(across > 0, "blocks of 1,000 share lines across blocks (the negative control)");
    // A block larger than the limit, blocks with duplicate lines or booklets: refused.
    assert_eq!(blocks(30_000, 10_001).check(), Err(RunError::BlockSize { books: 10_001 }));
    assert_eq!(
        RunOptions { unique_lines_per: Some(10), ..RunOptions::new(10, 1, true) }.check(),
        Err(RunError::BlocksWithout)
    );
    let err = d
        .run(&["generate", "--booklets", "4", "--games", "2", "--unique-lines-per", "2", "--out", "b", "-q"])
        .expect_code(2)
        .stderr();
    assert!(err.contains("--unique-lines-per keeps lines unique within blocks of a plain run"), "{err}");
    // A chain that kept every line unique cannot be continued past the limit unseen.
    assert_eq!(
        RunOptions::new(6_000, 15_001, false).check_choice(15_000),
        Err(RunError::ChainUndecided { books: 21_000 })
    );
    // Booklets: more than 10,000 in a game is refused the same way.
    let booklets = RunOptions { games: Some(2), ..RunOptions::new(20_002, 1, false) };
    assert_eq!(booklets.check_choice(0), Err(RunError::GamesTooLarge { books: 10_001 }));
}

#[test]
fn blocks_are_recorded_verified_and_followed_by_a_continuation() {
    let d = Dir::new();
    d.run(&["generate", "--books", "30", "--unique-lines-per", "10", "--seed", "blocks", "--out", "a", "-q"]).success();
    let record: serde_json::Value = serde_json::from_str(&d.read("a/run.json")).unwrap();
    assert_eq!(record["settings"]["unique_lines_per"], 10);
    d.run(&["verify", "a"]).success();
    d.run(&["generate", "--after", "a", "--books", "5", "--out", "b", "-q"]).success();
    let record: serde_json::Value = serde_json::from_str(&d.read("b/run.json")).unwrap();
    assert_eq!(record["settings"]["unique_lines_per"], 10, "a continuation follows its chain's choice");
    d.run(&["verify", "b"]).success();
    // The manifest's lines: none repeated within a block of 10 books.
    let rows = manifest_rows(&d.read("a/manifest.csv"));
    let mut seen = FxHashSet::default();
    for row in &rows {
        let block = (row.serial.split('-').next().unwrap().parse::<u64>().unwrap() - 1) / 10;
        for r in 0..ROWS {
            assert!(seen.insert((block, row.row(r))), "{} repeats a line of its block", row.serial);
        }
    }
    // The choice is part of what verify regenerates: edited, the run no longer verifies.
    let edited = d.read("a/run.json").replace("\"unique_lines_per\": 10", "\"unique_lines_per\": 3");
    assert_ne!(edited, d.read("a/run.json"));
    std::fs::write(d.join("a/run.json"), edited).unwrap();
    d.run(&["verify", "a"]).expect_code(1);
}

/// A default run (every line unique) continued past 10,000 books goes on in blocks of 10,000:
/// its books are block 1, book for book as a blocks run of the same seed draws them, and the
/// continuation's books past 10,000 start block 2. Nothing is refused, and no seed is reused.
#[test]
fn a_default_run_continued_past_the_limit_goes_on_in_blocks() {
    let d = Dir::new();
    d.run(&["generate", "--books", "6000", "--seed", "past", "--out", "a", "-q"]).success();
    let out = d.run(&["generate", "--after", "a", "--books", "5000", "--out", "b"]).success();
    assert!(out.stderr().contains("kept unique within blocks of 10,000 books"), "{}", out.stderr());
    assert!(!out.stderr().contains("seed"), "no advice to reuse a seed: {}", out.stderr());
    let record: serde_json::Value = serde_json::from_str(&d.read("b/run.json")).unwrap();
    assert_eq!(record["settings"]["unique_lines_per"], UNIFORM_UNIQUE_LINE_BOOKS);
    d.run(&["verify", "b"]).success();
    // The whole chain is the blocks run of its seed, book for book.
    let (whole, _) = draw_all(Seed::from_text("past"), blocks(11_000, UNIFORM_UNIQUE_LINE_BOOKS)).unwrap();
    let mut rows = manifest_rows(&d.read("a/manifest.csv"));
    rows.extend(manifest_rows(&d.read("b/manifest.csv")));
    assert_eq!(rows.len(), 11_000 * 6);
    for (drawn, six) in whole.iter().zip(rows.chunks(6)) {
        for (t, row) in drawn.book.tickets().iter().zip(six) {
            assert_eq!(t.cells(), row.cells.as_slice(), "{}", row.serial);
        }
    }
    let books: Vec<(u64, Book)> = whole.iter().map(|d| (d.number, d.book)).collect();
    assert_eq!(repeats(&books, UNIFORM_UNIQUE_LINE_BOOKS).0, 0, "no line repeats within a block");
}

/// The studio asks the same question beside its own field, in its own words.
#[test]
fn the_studio_asks_for_the_choice_beside_its_lines_field() {
    let d = Dir::new();
    let (_studio, url) = crate::studio_browser::studio(&d.join("events"));
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    exchange(port, "POST", "/api/events", "", r#"{"title": "Fair", "books": 2}"#);
    let (_, mut event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    let mut design = event["design"].take();
    assert_eq!(design["lines"], "unique");
    design["books"] = 10_001.into();
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    let problem = &event["problems"][0];
    assert_eq!(problem["field"], "lines", "{event}");
    assert!(problem["message"].as_str().unwrap().contains("“Lines may repeat”"), "{event}");
    design["lines"] = "blocks".into();
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    assert_eq!(event["problems"], serde_json::json!([]), "{event}");
}

/// How many of a book's 18 edge numbers (the smallest and largest of each column) sit in their
/// favoured row (the top for the smallest, the bottom for the largest).
fn favoured(b: &Book) -> usize {
    let mut n = 0;
    for c in 0..9 {
        let (lo, hi) = housie_core::domain::column_range(c);
        for t in b.tickets() {
            n += usize::from(t.get(0, c) == Some(lo)) + usize::from(t.get(2, c) == Some(hi));
        }
    }
    n
}

/// The exact favoured-row chance the docs' table stands beside: unconditional books agree
/// with it; the last books of a large scope of unique lines do not (the drift, sized).
#[test]
fn the_favoured_row_chance_is_exact_and_a_large_scope_drifts_from_it() {
    let exact = housie_core::Generator::get().favoured_row();
    assert!((exact - 0.6308).abs() < 5e-5, "{exact}");
    let share = |books: &[housie_core::generate::DrawnBook]| {
        books.iter().map(|d| favoured(&d.book)).sum::<usize>() as f64 / (18 * books.len()) as f64
    };
    let se = |n: usize| (exact * (1.0 - exact) / (18 * n) as f64).sqrt();
    let (free, _) = draw_all(Seed::from_text("favoured"), RunOptions::new(20_000, 1, true)).unwrap();
    assert!((share(&free) - exact).abs() < 4.0 * se(20_000), "{} against {exact}", share(&free));
    // The negative control: the last 10,000 of 60,000 books with every line unique.
    let (unique, _) = draw_all(Seed::from_text("favoured"), RunOptions::new(60_000, 1, false)).unwrap();
    let tail = &unique[50_000..];
    assert!(exact - share(tail) > 5.0 * se(10_000), "{} against {exact}", share(tail));
}

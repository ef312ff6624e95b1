//! The generator's output obeys every rule, and book k is the same however it is drawn.

use housie_core::domain::{Book, Ticket, COLS, ROWS};
use housie_core::generate::{draw_all, RunDrawer};
use housie_core::{Generator, RunOptions, Seed};

#[test]
fn hundred_thousand_books_obey_every_rule() {
    let g = Generator::get();
    let seed = Seed::from_text("rules");
    let mut full_columns_seen = [0u32; 4];
    for k in 1..=100_000 {
        let book = g.book(&seed, k, 0);
        // Re-validate through the untrusted path: cells → Ticket → Book.
        let tickets: [Ticket; 6] = std::array::from_fn(|i| {
            let cells = std::array::from_fn(|c| Some(book.tickets()[i].cells()[c]).filter(|&n| n != 0));
            Ticket::from_cells(cells).unwrap_or_else(|e| panic!("book {k}: {e}"))
        });
        Book::new(tickets).unwrap_or_else(|e| panic!("book {k}: {e}"));
        for t in book.tickets() {
            for r in 0..ROWS {
                assert_eq!((0..COLS).filter(|&c| t.get(r, c).is_some()).count(), 5);
            }
            full_columns_seen[t.full_columns()] += 1;
        }
    }
    // Every kind of ticket turns up, even the rare three-full-column one (p = 0.002).
    assert!(full_columns_seen.iter().all(|&n| n > 0), "{full_columns_seen:?}");
}

#[test]
fn the_known_counts_hold() {
    let g = Generator::get();
    assert_eq!(g.vectors().len(), 1554);
    assert_eq!(g.layout_count(), 735_210);
    let by_full: Vec<(usize, usize)> =
        g.vectors().iter().map(|v| (v.iter().filter(|&&c| c == 3).count(), g.layouts_with(v))).collect();
    for (full, layouts) in by_full {
        assert_eq!(layouts, [1710, 639, 240, 90][full]);
    }
    assert_eq!(g.weights(), [2565, 639, 160, 40]);
    // Canonical states (columns 2–8 sorted), and successor entries with one vector per orbit.
    let (states, entries) = g.table_size();
    assert_eq!(states, 1181);
    assert_eq!(entries, 82_265, "one entry per orbit (502,988 with one per vector)");
    assert!((g.book_space() / 4.677e77 - 1.0).abs() < 1e-3, "{:e}", g.book_space());
}

#[test]
fn a_book_drawn_alone_equals_the_same_book_in_a_run_on_any_number_of_threads() {
    let seed = Seed::from_text("alone");
    let options = RunOptions::new(3000, 1, false);
    let (run, redraws) = draw_all(seed.clone(), options.clone()).unwrap();
    let mut one_thread = RunDrawer::new(seed.clone(), options).unwrap().with_threads(1);
    let mut sequential = Vec::new();
    loop {
        let batch = one_thread.next_batch(777).unwrap();
        if batch.is_empty() {
            break;
        }
        sequential.extend(batch);
    }
    assert_eq!(run, sequential);
    assert!(!redraws.is_empty(), "a 3,000-book run re-draws a few books to keep lines unique");
    let g = Generator::get();
    for drawn in &run {
        assert_eq!(drawn.book, g.book(&seed, drawn.number, drawn.attempt));
    }
    for r in &redraws {
        assert_eq!(run[(r.book - 1) as usize].attempt, r.attempt);
    }
}

/// Pins what a seed draws and writes. If this fails, old seeds now give other tickets or other
/// bytes: that needs a new housie version (run.json records it and `verify` checks it), not a
/// new expected value.
#[test]
fn a_seed_draws_the_same_tickets_and_bytes_as_it_always_has() {
    // Generator 1, as housie 0.2 drew and wrote it: the same tickets and the same bytes.
    let v1 = Seed::with_generator("golden", housie_core::generate::GeneratorVersion::V1);
    let book = Generator::get().book(&v1, 1, 0);
    let expected: [[u8; 27]; 6] = [
        [0, 0, 21, 32, 40, 58, 67, 0, 0, 4, 14, 26, 35, 0, 0, 0, 78, 0, 9, 0, 29, 37, 41, 0, 0, 0, 82],
        [0, 11, 20, 34, 0, 0, 0, 74, 86, 2, 19, 0, 0, 49, 52, 62, 0, 0, 6, 0, 25, 0, 0, 0, 64, 77, 88],
        [0, 13, 27, 0, 42, 0, 0, 71, 89, 7, 18, 0, 31, 0, 0, 65, 73, 0, 8, 0, 0, 0, 48, 53, 0, 75, 90],
        [0, 0, 24, 30, 0, 51, 63, 70, 0, 5, 10, 0, 0, 44, 54, 0, 0, 81, 0, 16, 0, 0, 0, 57, 68, 72, 87],
        [0, 0, 23, 33, 43, 55, 0, 0, 80, 3, 12, 0, 0, 0, 56, 61, 0, 85, 0, 0, 28, 36, 46, 0, 69, 76, 0],
        [0, 15, 0, 38, 0, 50, 60, 0, 83, 0, 0, 22, 39, 45, 0, 66, 0, 84, 1, 17, 0, 0, 47, 59, 0, 79, 0],
    ];
    assert_eq!(book.tickets().iter().map(|t| t.cells().to_vec()).collect::<Vec<_>>(), expected.map(|c| c.to_vec()));
    let dir = tempfile::tempdir().unwrap();
    // As housie 0.2 made it: its golden run's record (with the `classic` template housie 0.2
    // shipped: the shipped one changed in housie 0.8) for 20 books of that seed.
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-0.2.0");
    let (mut record, _) = housie_files::record::read_record(&golden).unwrap();
    (record.seed, record.settings.books, record.settings.title) = ("golden".into(), 20, "Bingo".into());
    record.created = "1970-01-01T00:00:00Z".into();
    let plan = housie_core::GeneratePlan::from_record(&record, None, &housie_files::read::Disk).unwrap();
    let record = crate::util::generate(&plan, &dir.path().join("o"), &|_| {}).unwrap().record;
    let hashes: Vec<(&str, &str)> = record.files.iter().map(|f| (f.name.as_str(), f.sha256.as_str())).collect();
    assert_eq!(
        hashes,
        [
            ("books.pdf", "342e587a8def7a1f414d2235cb72dc9b64c3b300c51c9e2b8e692421db210e9a"),
            ("manifest.csv", "e0108da70457e9a22a8862b4a2cd4391fde864f0c65213d5c2c13dd1f2de1241"),
        ]
    );
}

/// Generator 2 (ChaCha20), pinned: a seed must draw the same tickets in every later housie. The
/// bytes are this version's (its name is in the PDF): a new version updates them, and keeps the
/// last version's run in `tests/data/golden-*` (see `old_runs.rs`) so those still verify.
#[test]
fn generator_2_draws_the_same_tickets_and_bytes_as_it_always_has() {
    let seed = Seed::from_text("golden");
    let book = Generator::get().book(&seed, 1, 0);
    let dir = tempfile::tempdir().unwrap();
    let record = crate::util::generate(&housie_core::GeneratePlan::new(seed, 20), &dir.path().join("o"), &|_| {})
        .unwrap()
        .record;
    let hashes: Vec<(&str, &str)> = record.files.iter().map(|f| (f.name.as_str(), f.sha256.as_str())).collect();
    let expected: [[u8; 27]; 6] = [
        [7, 0, 0, 0, 41, 51, 0, 78, 85, 0, 11, 24, 35, 0, 56, 0, 0, 87, 8, 0, 26, 0, 0, 58, 65, 79, 0],
        [6, 0, 25, 0, 45, 0, 61, 75, 0, 0, 12, 27, 30, 47, 0, 64, 0, 0, 0, 13, 0, 37, 0, 52, 0, 77, 81],
        [1, 15, 0, 0, 42, 55, 0, 74, 0, 0, 17, 0, 31, 46, 0, 0, 76, 84, 0, 0, 22, 39, 0, 59, 68, 0, 88],
        [3, 10, 0, 0, 0, 53, 60, 0, 80, 0, 0, 0, 32, 44, 54, 0, 72, 89, 9, 19, 28, 0, 48, 0, 67, 0, 0],
        [2, 14, 21, 0, 0, 0, 0, 70, 82, 0, 0, 29, 36, 43, 0, 69, 71, 0, 5, 0, 0, 38, 49, 50, 0, 0, 83],
        [0, 16, 0, 33, 40, 0, 62, 73, 0, 0, 0, 20, 34, 0, 57, 63, 0, 86, 4, 18, 23, 0, 0, 0, 66, 0, 90],
    ];
    assert_eq!(book.tickets().iter().map(|t| t.cells().to_vec()).collect::<Vec<_>>(), expected.map(|c| c.to_vec()));
    assert_eq!(
        hashes,
        [
            ("books.pdf", "ccfff501f19a1292cbf33bc1065d63c2a7a43a0318f13eb990f2fa2031a3ef6f"),
            ("manifest.csv", "2eed1ea4cad52d56755073969291ffe83d9bde1c82db463918212e0751406971"),
        ]
    );
}

/// A book whose sixth ticket comes from another book is refused with every number missing and
/// every number repeated named.
#[test]
fn swapping_a_ticket_between_books_is_reported_both_ways() {
    use housie_core::domain::book::BookViolation;
    let g = Generator::get();
    let seed = Seed::from_text("book-test");
    let a = g.book(&seed, 1, 0);
    let b = g.book(&seed, 2, 0);
    let mut tickets: [housie_core::Ticket; 6] = a.tickets().try_into().unwrap();
    tickets[5] = b.tickets()[5];
    let err = housie_core::Book::new(tickets).unwrap_err();
    // The foreign ticket repeats exactly the numbers the dropped one had not.
    let missing = err.violations.iter().filter(|v| matches!(v, BookViolation::Missing { .. })).count();
    let repeated = err.violations.iter().filter(|v| matches!(v, BookViolation::Repeated { .. })).count();
    assert_eq!(missing, repeated);
    assert!(missing > 0);
    assert!(housie_core::Book::new(a.tickets().try_into().unwrap()).is_ok());
}

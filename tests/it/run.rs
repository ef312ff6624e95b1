//! Run-level guarantees: no duplicate tickets, no duplicate lines unless allowed.

use std::collections::HashMap;

use housie_core::domain::ROWS;
use housie_core::generate::{draw_all, DrawnBook};
use housie_core::{RunOptions, Seed};

fn duplicates(books: &[DrawnBook]) -> (usize, usize) {
    let mut tickets: HashMap<u128, usize> = HashMap::new();
    let mut lines: HashMap<u128, usize> = HashMap::new();
    for b in books {
        for t in b.book.tickets() {
            *tickets.entry(t.mask()).or_default() += 1;
            for r in 0..ROWS {
                *lines.entry(t.row_mask(r)).or_default() += 1;
            }
        }
    }
    let extra = |m: &HashMap<u128, usize>| m.values().map(|&n| n - 1).sum();
    (extra(&tickets), extra(&lines))
}

#[test]
fn two_thousand_books_have_no_duplicate_tickets_or_lines() {
    let options = RunOptions::new(2000, 1, false);
    let (books, redraws) = draw_all(Seed::from_text("dups"), options).unwrap();
    assert_eq!(books.len(), 2000);
    assert_eq!(duplicates(&books), (0, 0));
    // The guarantee had work to do: the same run without it repeats lines.
    let allowed = RunOptions::new(2000, 1, true);
    let (raw, none) = draw_all(Seed::from_text("dups"), allowed).unwrap();
    assert!(none.is_empty());
    let (dup_tickets, dup_lines) = duplicates(&raw);
    assert_eq!(dup_tickets, 0);
    assert!(dup_lines > 20, "{dup_lines} duplicate lines in 2,000 unconstrained books");
    assert!(redraws.len() >= dup_lines / 2, "{} redraws for {dup_lines} duplicate lines", redraws.len());
}

#[test]
fn first_book_continues_the_numbering_and_the_streams() {
    let seed = Seed::from_text("continue");
    let all = RunOptions::new(20, 1, true);
    let tail = RunOptions::new(10, 11, true);
    let (a, _) = draw_all(seed.clone(), all).unwrap();
    let (b, _) = draw_all(seed, tail).unwrap();
    assert_eq!(b[0].number, 11);
    assert_eq!(&a[10..], &b[..]);
}

#[test]
fn progress_advances_page_by_page() {
    let dir = tempfile::tempdir().unwrap();
    // Three volumes, drawn on several threads.
    let plan =
        crate::util::plan("progress", housie_core::Settings { books_per_file: Some(10), ..crate::util::books(25) });
    let heard = std::sync::Mutex::new(Vec::new());
    crate::util::generate(&plan, &dir.path().join("o"), &|pages| heard.lock().unwrap().push(pages)).unwrap();
    let mut heard = heard.into_inner().unwrap();
    heard.sort_unstable();
    assert_eq!(heard, (1..=25).collect::<Vec<u64>>());
}

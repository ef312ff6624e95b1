//! A run: books `first..first + n` in order, with run-wide guarantees — no two tickets the same
//! set of numbers, and (unless allowed) no two tickets sharing a line.
//!
//! Book k is draw 0 of (seed, k) unless that draw repeats a ticket or line of an earlier book of
//! the run; then draws 1, 2, … are tried in turn. The outcome depends only on the seed and the
//! options, so the run is reproducible, and the few re-drawn books are listed so that any single
//! book can still be regenerated alone.

use std::collections::HashSet;

use super::{Generator, Seed};
use crate::domain::{Book, ROWS, TICKETS_PER_BOOK};

/// Draws tried for one book before the run is declared too large for unique lines.
pub const MAX_ATTEMPTS: u32 = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    pub books: u64,
    pub first_book: u64,
    pub allow_duplicate_lines: bool,
}

/// A book with its number and the draw that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawnBook {
    pub number: u64,
    pub attempt: u32,
    pub book: Book,
}

/// A book that is not draw 0 of its stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Redraw {
    pub book: u64,
    pub attempt: u32,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RunError {
    #[error("--books must be at least 1")]
    NoBooks,
    #[error("--first-book must be at least 1")]
    FirstBookZero,
    #[error("book numbers would run past {}", u64::MAX)]
    TooManyBooks,
    #[error(
        "book {book}: {MAX_ATTEMPTS} draws all repeated a line of an earlier book; a run this large \
         cannot keep every line unique (use --allow-duplicate-lines, or split the event)"
    )]
    LinesExhausted { book: u64 },
}

/// Draws a run in order, a batch at a time, so memory is the duplicate sets plus one batch.
pub struct RunDrawer<'a> {
    generator: &'a Generator,
    seed: Seed,
    options: RunOptions,
    next: u64,
    tickets: HashSet<u128>,
    lines: HashSet<u128>,
    redraws: Vec<Redraw>,
    threads: usize,
}

impl<'a> RunDrawer<'a> {
    pub fn new(seed: Seed, options: RunOptions) -> Result<RunDrawer<'a>, RunError> {
        if options.books == 0 {
            return Err(RunError::NoBooks);
        }
        if options.first_book == 0 {
            return Err(RunError::FirstBookZero);
        }
        options.first_book.checked_add(options.books - 1).ok_or(RunError::TooManyBooks)?;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        Ok(RunDrawer {
            generator: Generator::get(),
            next: options.first_book,
            seed,
            options,
            tickets: HashSet::new(),
            lines: HashSet::new(),
            redraws: Vec::new(),
            threads,
        })
    }

    /// Draws on this many threads (the output does not depend on it).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Books re-drawn so far, in book order.
    pub fn redraws(&self) -> &[Redraw] {
        &self.redraws
    }

    /// The next at most `n` books, or an empty batch when the run is complete.
    pub fn next_batch(&mut self, n: u64) -> Result<Vec<DrawnBook>, RunError> {
        let end = self.options.first_book + (self.options.books - 1);
        if self.next > end || n == 0 {
            return Ok(Vec::new());
        }
        let last = end.min(self.next.saturating_add(n - 1));
        let numbers: Vec<u64> = (self.next..=last).collect();
        self.next = last.saturating_add(1);
        // Draw 0 of every book in parallel; the order-dependent checks run after, in book order.
        let first_draws = self.draw_parallel(&numbers);
        let mut out = Vec::with_capacity(numbers.len());
        for (number, book) in numbers.into_iter().zip(first_draws) {
            out.push(self.admit(number, book)?);
        }
        Ok(out)
    }

    fn draw_parallel(&self, numbers: &[u64]) -> Vec<Book> {
        let (generator, seed) = (self.generator, &self.seed);
        let chunk = numbers.len().div_ceil(self.threads).max(1);
        if self.threads == 1 || numbers.len() < 256 {
            return numbers.iter().map(|&k| generator.book(seed, k, 0)).collect();
        }
        std::thread::scope(|s| {
            let handles: Vec<_> = numbers
                .chunks(chunk)
                .map(|part| s.spawn(move || part.iter().map(|&k| generator.book(seed, k, 0)).collect::<Vec<_>>()))
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("drawing books does not panic")).collect()
        })
    }

    /// Accepts the first draw of book `number` that repeats no earlier ticket (or line).
    fn admit(&mut self, number: u64, first: Book) -> Result<DrawnBook, RunError> {
        let mut book = first;
        for attempt in 0..MAX_ATTEMPTS {
            if attempt > 0 {
                book = self.generator.book(&self.seed, number, attempt);
            }
            if self.clashes(&book) {
                continue;
            }
            for t in book.tickets() {
                self.tickets.insert(t.mask());
                if !self.options.allow_duplicate_lines {
                    for r in 0..ROWS {
                        self.lines.insert(t.row_mask(r));
                    }
                }
            }
            if attempt > 0 {
                self.redraws.push(Redraw { book: number, attempt });
            }
            return Ok(DrawnBook { number, attempt, book });
        }
        Err(RunError::LinesExhausted { book: number })
    }

    fn clashes(&self, book: &Book) -> bool {
        book.tickets().iter().take(TICKETS_PER_BOOK).any(|t| {
            self.tickets.contains(&t.mask())
                || (!self.options.allow_duplicate_lines && (0..ROWS).any(|r| self.lines.contains(&t.row_mask(r))))
        })
    }
}

/// Draws a whole run into memory (small runs, tests, examples).
pub fn draw_all(seed: Seed, options: RunOptions) -> Result<(Vec<DrawnBook>, Vec<Redraw>), RunError> {
    let mut drawer = RunDrawer::new(seed, options)?;
    let mut books = Vec::new();
    loop {
        let batch = drawer.next_batch(4096)?;
        if batch.is_empty() {
            break;
        }
        books.extend(batch);
    }
    Ok((books, drawer.redraws.clone()))
}

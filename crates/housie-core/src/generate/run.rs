//! A run: books `first..first + n` in order, with run-wide guarantees — no two tickets the same
//! set of numbers, and (unless allowed) no two tickets sharing a line.
//!
//! Book k is draw 0 of (seed, k) unless that draw repeats a ticket or line of an earlier book of
//! the run; then draws 1, 2, … are tried in turn. The outcome depends only on the seed and the
//! options, so the run is reproducible, and the few re-drawn books are listed so that any single
//! book can still be regenerated alone.

use rustc_hash::FxHashSet;

use super::{Generator, GeneratorVersion, Seed};
use crate::domain::format::{CardFormat, Fill, MOST_CARDS_A_BOOK};
use crate::domain::{Book, Ticket, NINETY_BALL};

/// Draws tried for one book before the run is declared too large for unique lines.
pub const MAX_ATTEMPTS: u32 = 1000;

/// The most books one run draws with every line unique. Lines run out near 128,000 books
/// (measured over several seeds; the last books then need hundreds of draws each), so a run
/// asking for more is refused at once rather than after minutes of trying.
pub const MAX_UNIQUE_LINE_BOOKS: u64 = 120_000;

/// The most books in one line scope (the run, or a block of it) that the default keeps unique
/// with no choice made: up to here the books cannot be told from independent uniform ones by
/// the project's uniformity tests (measured in `docs/randomness.md`, *Unique lines and the
/// law*); past it, which row a number sits in drifts, so a larger run must choose: unique lines
/// within blocks of at most this many books (`--unique-lines-per`), or duplicate lines allowed.
pub const UNIFORM_UNIQUE_LINE_BOOKS: u64 = 10_000;
// The refusals below write it as people read it.
const _: () = assert!(UNIFORM_UNIQUE_LINE_BOOKS == 10_000, "the messages say 10,000");

/// The most books one run draws at all (with duplicate lines allowed): its set of tickets, kept
/// to refuse a repeated ticket, takes up to [`TICKET_SET_BYTES_PER_BOOK`] a book, 2 GB here.
pub const MAX_BOOKS: u64 = 10_000_000;

/// Memory of the ticket set per book at worst (just after the set doubled, half full): six
/// tickets of 16 bytes, each with a control byte.
pub const TICKET_SET_BYTES_PER_BOOK: u64 = 6 * 17 * 2;

/// What a run draws: how many books, from which number, and the rules that keep them unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Books to draw.
    pub books: u64,
    /// The first book's number.
    pub first_book: u64,
    /// Let tickets share a line (by default no line repeats in a scope).
    pub allow_duplicate_lines: bool,
    /// Keep lines unique within blocks of this many books (book k in block ⌊(k − 1) / n⌋),
    /// not across the whole run: the organiser's choice for a plain run larger than
    /// [`UNIFORM_UNIQUE_LINE_BOOKS`].
    pub unique_lines_per: Option<u64>,
    /// Games per booklet in a run of booklets. With generator 2, lines are kept unique within
    /// each game (the tickets played together), not across the whole run.
    pub games: Option<u16>,
    /// The generator the books come from.
    pub generator: GeneratorVersion,
    /// What a card is.
    pub format: &'static CardFormat,
}

impl RunOptions {
    /// A run of plain books with the current generator.
    pub fn new(books: u64, first_book: u64, allow_duplicate_lines: bool) -> RunOptions {
        RunOptions {
            books,
            first_book,
            allow_duplicate_lines,
            unique_lines_per: None,
            games: None,
            generator: GeneratorVersion::CURRENT,
            format: &NINETY_BALL,
        }
    }

    /// The scopes whose lines are kept apart: one per game of a run of booklets (generator 2),
    /// else one.
    pub fn line_scopes(&self) -> u16 {
        match (self.generator, self.games) {
            (GeneratorVersion::V2, Some(games)) => games.max(1),
            _ => 1,
        }
    }

    /// The scope of book `book`'s lines among [`line_scopes`](Self::line_scopes) (a block's
    /// lines live in scope 0, emptied as each block begins: books are drawn in order).
    fn scope_of(&self, book: u64) -> usize {
        match self.line_scopes() {
            1 => 0,
            games => ((book - 1) % u64::from(games)) as usize,
        }
    }

    /// The block of book `book` when lines are unique within blocks (else 0).
    pub fn block_of(&self, book: u64) -> u64 {
        self.unique_lines_per.map_or(0, |n| (book - 1) / n.max(1))
    }

    /// Which lines book `book`'s may not repeat, as one number below 2²⁴: books with the same
    /// number keep their lines apart (a game of a run of booklets, a block, or the whole run;
    /// blocks and games never go together).
    pub fn line_scope_of(&self, book: u64) -> u64 {
        match self.unique_lines_per {
            Some(_) => self.block_of(book),
            None => self.scope_of(book) as u64,
        }
    }

    /// The most books of the run in any one line scope, with `before` books drawn before it
    /// (a continuation's earlier runs).
    pub fn books_per_scope(&self, before: u64) -> u64 {
        let all = (before.saturating_add(self.books)).div_ceil(u64::from(self.line_scopes()));
        self.unique_lines_per.map_or(all, |n| all.min(n))
    }
}

impl RunOptions {
    /// Whether such a run can be drawn at all, decided before drawing: numbers in range, and a
    /// size whose tickets (and lines, when unique) can all be kept unique.
    pub fn check(&self) -> Result<(), RunError> {
        if self.books == 0 {
            return Err(RunError::NoBooks);
        }
        if self.first_book == 0 {
            return Err(RunError::FirstBookZero);
        }
        self.first_book.checked_add(self.books - 1).ok_or(RunError::TooManyBooks)?;
        if self.books > MAX_BOOKS {
            return Err(RunError::TooLarge { books: self.books });
        }
        // The strip generator's tables are 90-ball's.
        if matches!(self.format.fill(), Fill::Strip { .. }) && !std::ptr::eq(self.format, &NINETY_BALL) {
            return Err(RunError::Format { format: self.format.name() });
        }
        if let Some(n) = self.unique_lines_per {
            if self.allow_duplicate_lines || self.games.is_some() {
                return Err(RunError::BlocksWithout);
            }
            if !(1..=UNIFORM_UNIQUE_LINE_BOOKS).contains(&n) {
                return Err(RunError::BlockSize { books: n });
            }
        }
        if !self.allow_duplicate_lines && self.books_per_scope(0) > MAX_UNIQUE_LINE_BOOKS {
            return Err(RunError::LinesInfeasible { books: self.books_per_scope(0) });
        }
        Ok(())
    }

    /// Refuses a new run (or continuation, with `before` books in its chain) that would keep
    /// lines unique across more than [`UNIFORM_UNIQUE_LINE_BOOKS`] books without the
    /// organiser having chosen how: the default may not drift from the uniform law unseen.
    /// Runs already made are not checked (they still verify and replay).
    pub fn check_choice(&self, before: u64) -> Result<(), RunError> {
        let per_scope = self.books_per_scope(before);
        if self.allow_duplicate_lines || self.unique_lines_per.is_some() || per_scope <= UNIFORM_UNIQUE_LINE_BOOKS {
            return Ok(());
        }
        if before > 0 && self.games.is_none() {
            return Err(RunError::ChainUndecided { books: per_scope });
        }
        match self.games {
            None => Err(RunError::LinesUndecided { books: per_scope }),
            Some(_) => Err(RunError::GamesTooLarge { books: per_scope }),
        }
    }
}

/// A book with its number and the draw that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawnBook {
    /// The book's number.
    pub number: u64,
    /// The draw of its stream that was kept (0 unless re-drawn).
    pub attempt: u32,
    /// The book.
    pub book: Book,
}

/// A book that is not draw 0 of its stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Redraw {
    /// The book's number.
    pub book: u64,
    /// The draw that was kept.
    pub attempt: u32,
}

/// Why a run cannot be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RunError {
    /// Cards of a format housie cannot draw.
    #[error("housie cannot draw books of {format} cards")]
    Format {
        /// The format.
        format: &'static str,
    },
    /// No books were asked for.
    #[error("books must be at least 1")]
    NoBooks,
    /// Books are numbered from 1.
    #[error("first_book must be at least 1")]
    FirstBookZero,
    /// The book numbers would overflow.
    #[error("book numbers would run past {}", u64::MAX)]
    TooManyBooks,
    #[error(
        "book {book}: {MAX_ATTEMPTS} draws all repeated a line of an earlier book; a run this large \
         cannot keep every line unique (keep them unique within blocks of 10,000 books, or allow duplicate lines)"
    )]
    /// Every draw of a book repeated a line.
    LinesExhausted {
        /// The book that could not be drawn.
        book: u64,
    },
    #[error(
        "{books} books cannot all have unique lines: lines run out near 128,000 books, so a run keeps them \
         unique for at most {MAX_UNIQUE_LINE_BOOKS} books (of one game, in a run of booklets); keep them unique \
         within blocks of 10,000 books (a plain run), or allow duplicate lines"
    )]
    /// More books in a scope than unique lines allow.
    LinesInfeasible {
        /// How many books.
        books: u64,
    },
    #[error(
        "{books} books would need about {} of memory to keep every ticket unique; a run has at most \
         {MAX_BOOKS} books",
        human_bytes(.books.saturating_mul(TICKET_SET_BYTES_PER_BOOK))
    )]
    /// More books than the uniqueness sets can hold.
    TooLarge {
        /// How many books.
        books: u64,
    },
    #[error(
        "{books} books with every line unique would not be uniform (past 10,000 books the \
         row a number sits in drifts); choose --unique-lines-per {UNIFORM_UNIQUE_LINE_BOOKS} (no line repeats \
         within each block of 10,000 books, as a game's tickets are kept apart) or \
         --allow-duplicate-lines (every book independent and uniform; two tickets may share a line)"
    )]
    /// A plain run larger than the uniform limit, with no choice of line scope.
    LinesUndecided {
        /// How many books.
        books: u64,
    },
    #[error(
        "{books} books in one line scope with every line unique would not be uniform (past \
         10,000 books the row a number sits in drifts); a continuation of a chain that keeps every \
         line unique goes on in blocks of {UNIFORM_UNIQUE_LINE_BOOKS} books"
    )]
    /// A continuation that would take its chain's single line scope past the uniform limit.
    ChainUndecided {
        /// Books the scope would hold.
        books: u64,
    },
    #[error(
        "{books} booklets would be more than 10,000 in each game with every line unique, \
         which would not be uniform; allow duplicate lines (--allow-duplicate-lines, for a new \
         run), or make the extra booklets an event of their own"
    )]
    /// A run of booklets with more booklets than the uniform limit.
    GamesTooLarge {
        /// Booklets in each game.
        books: u64,
    },
    #[error(
        "--unique-lines-per is a block of 1 to 10,000 books (larger blocks drift from the \
         uniform law); {books} is not"
    )]
    /// A block size outside 1..=the uniform limit.
    BlockSize {
        /// The size asked for.
        books: u64,
    },
    #[error(
        "--unique-lines-per keeps lines unique within blocks of a plain run; it goes with neither \
         --allow-duplicate-lines nor booklets (whose games are their scopes)"
    )]
    /// Blocks asked for with duplicate lines allowed, or in a run of booklets.
    BlocksWithout,
}

fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["bytes", "KB", "MB", "GB", "TB", "PB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// A line's five numbers (ascending) packed seven bits each: a key of 35 bits.
fn line_key(t: &Ticket, row: usize) -> u64 {
    t.row(row).iter().fold(0, |k, &n| k << 7 | u64::from(n))
}

/// Draws a run in order, a batch at a time, so memory is the duplicate sets plus one batch.
pub struct RunDrawer<'a> {
    generator: &'a Generator,
    seed: Seed,
    options: RunOptions,
    next: u64,
    /// Every ticket so far, as its set of numbers (bits 1–90).
    tickets: FxHashSet<u128>,
    /// Every line so far (unless duplicates are allowed), packed by [`line_key`], per scope
    /// (one per game of a run of booklets with generator 2, else one).
    lines: Vec<FxHashSet<u64>>,
    /// The block whose lines `lines` holds, when lines are unique within blocks.
    block: u64,
    redraws: Vec<Redraw>,
    threads: usize,
}

impl<'a> RunDrawer<'a> {
    /// A drawer for the run, checked before anything is drawn.
    pub fn new(seed: Seed, mut options: RunOptions) -> Result<RunDrawer<'a>, RunError> {
        // The books come from the seed's generator, whatever the options said.
        options.generator = seed.generator();
        options.check()?;
        let threads = crate::support::parallel::threads();
        Ok(RunDrawer {
            generator: Generator::get(),
            next: options.first_book,
            seed,
            lines: (0..options.line_scopes()).map(|_| FxHashSet::default()).collect(),
            block: 0,
            options,
            tickets: FxHashSet::default(),
            redraws: Vec::new(),
            threads,
        })
    }

    /// Draws on this many threads (the output does not depend on it).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Takes an earlier run's books into the uniqueness sets, so that this run continues it
    /// exactly as a larger run would have: book `k` of `first..first + books` is draw
    /// `attempt(k)` of the same seed.
    pub fn prime(&mut self, first: u64, books: u64, attempt: impl Fn(u64) -> u32) {
        self.prime_with(first, books, attempt, |_, _| {});
    }

    /// [`prime`](Self::prime), showing each re-drawn book (and its number) to `seen`, so that
    /// a caller can compare it with what the earlier run's files hold.
    pub fn prime_with(
        &mut self,
        first: u64,
        books: u64,
        attempt: impl Fn(u64) -> u32,
        mut seen: impl FnMut(&Book, u64),
    ) {
        for k in first..first + books {
            let book = self.generator.book_of(self.options.format, &self.seed, k, attempt(k));
            seen(&book, k);
            self.enter(k);
            let (masks, n) = masks(&book);
            self.insert(k, &book, &masks[..n]);
        }
    }

    /// Before book `number`: a new block starts with no lines (books come in order).
    fn enter(&mut self, number: u64) {
        let block = self.options.block_of(number);
        if block != self.block {
            self.block = block;
            for lines in &mut self.lines {
                lines.clear();
            }
        }
    }

    /// Enters `book`'s tickets (their `masks`, as [`masks`] made them) and, if kept unique, lines.
    fn insert(&mut self, number: u64, book: &Book, masks: &[u128]) {
        let scope = self.options.scope_of(number);
        for (t, &mask) in book.tickets().iter().zip(masks) {
            self.tickets.insert(mask);
            if !self.options.allow_duplicate_lines {
                for r in 0..t.format().rows() {
                    self.lines[scope].insert(line_key(t, r));
                }
            }
        }
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
        let (generator, seed, format) = (self.generator, &self.seed, self.options.format);
        let draw = |part: &[u64]| part.iter().map(|&k| generator.book_of(format, seed, k, 0)).collect::<Vec<_>>();
        if self.threads == 1 || numbers.len() < 256 {
            return draw(numbers);
        }
        crate::support::parallel::map_chunks(numbers, draw)
    }

    /// Accepts the first draw of book `number` that repeats no earlier ticket (or line).
    fn admit(&mut self, number: u64, first: Book) -> Result<DrawnBook, RunError> {
        self.enter(number);
        let mut book = first;
        for attempt in 0..MAX_ATTEMPTS {
            if attempt > 0 {
                book = self.generator.book_of(self.options.format, &self.seed, number, attempt);
            }
            let (masks, n) = masks(&book);
            let masks = &masks[..n];
            if self.clashes(number, &book, masks) {
                continue;
            }
            self.insert(number, &book, masks);
            if attempt > 0 {
                self.redraws.push(Redraw { book: number, attempt });
            }
            return Ok(DrawnBook { number, attempt, book });
        }
        Err(RunError::LinesExhausted { book: number })
    }

    fn clashes(&self, number: u64, book: &Book, masks: &[u128]) -> bool {
        let lines = &self.lines[self.options.scope_of(number)];
        let rows = self.options.format.rows();
        let clash = book.tickets().iter().zip(masks).any(|(t, mask)| {
            self.tickets.contains(mask)
                || (!self.options.allow_duplicate_lines && (0..rows).any(|r| lines.contains(&line_key(t, r))))
        });
        // A book that does not cover the board may repeat a line among its own cards (one that
        // does cannot: its cards share no number).
        let within = !self.options.format.covers() && !self.options.allow_duplicate_lines && {
            let keys: Vec<u64> = book.tickets().iter().flat_map(|t| (0..rows).map(move |r| line_key(t, r))).collect();
            (1..keys.len()).any(|i| keys[..i].contains(&keys[i]))
        };
        clash || within
    }
}

/// Each of `book`'s tickets' number sets ([`Ticket::mask`]), and how many: made once for both
/// the check and the entry, on the path every book takes one after the other.
fn masks(book: &Book) -> ([u128; MOST_CARDS_A_BOOK], usize) {
    let mut masks = [0; MOST_CARDS_A_BOOK];
    for (m, t) in masks.iter_mut().zip(book.tickets()) {
        *m = t.mask();
    }
    (masks, book.tickets().len().min(MOST_CARDS_A_BOOK))
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

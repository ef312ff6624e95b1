//! Drawing books: every valid book equally likely, each from its own (seed, book, attempt) stream.

// The table's builder runs in build.rs (which includes this file) and in the tests; at run time
// the library loads what build.rs built.
pub mod cards;
#[cfg_attr(not(test), allow(dead_code))]
mod counts;
#[cfg_attr(not(test), allow(dead_code))]
mod layouts;
pub mod rng;
mod run;
mod seed;

use std::sync::OnceLock;

use rand::RngCore;

pub use counts::Marginals;
pub use layouts::Vector;
pub use run::{
    draw_all, DrawnBook, Redraw, RunDrawer, RunError, RunOptions, MAX_ATTEMPTS, MAX_BOOKS, MAX_UNIQUE_LINE_BOOKS,
    TICKET_SET_BYTES_PER_BOOK, UNIFORM_UNIQUE_LINE_BOOKS,
};
pub use seed::{BookRng, GeneratorVersion, Seed, SeedKind};

use crate::domain::format::{CardFormat, Fill};
use crate::domain::{column_range, Book, Ticket, COLS, COLUMN_SIZES, NINETY_BALL, ROWS, TICKETS_PER_BOOK};
use counts::Counts;
use layouts::Layouts;

/// The tables build.rs built with `layouts.rs` and `counts.rs` (see their `to_bytes`),
/// aligned for their numbers to be read in place.
#[cfg(not(target_family = "wasm"))]
static LAYOUT_TABLE: &[u8] = &ALIGNED_LAYOUTS.0;
#[cfg(not(target_family = "wasm"))]
static ALIGNED_LAYOUTS: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/layouts.bin")));

#[cfg(not(target_family = "wasm"))]
static COUNT_TABLE: &[u8] = &ALIGNED_COUNTS.0;
#[cfg(not(target_family = "wasm"))]
static ALIGNED_COUNTS: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/counts.bin")));

/// Bytes aligned for `u128`s (the count table's cumulative weights; the layouts' `u32`s).
#[cfg(not(target_family = "wasm"))]
#[repr(C, align(16))]
struct Aligned<B: ?Sized>(B);

/// The generator's tables, once per process, read where the bytes build.rs wrote lie (only
/// the count table's ~1,200 states and the 1,554 vectors' index are decoded at a start;
/// building the tables takes 16 ms in release).
pub struct Generator {
    layouts: Layouts,
    counts: Counts,
}

impl Generator {
    /// The process-wide tables.
    pub fn get() -> &'static Generator {
        static TABLES: OnceLock<Generator> = OnceLock::new();
        TABLES.get_or_init(Generator::load)
    }

    /// Natively, the tables build.rs wrote; in a page, built here: 5 MB less for every
    /// visitor to download, for a few tens of milliseconds once (the same code builds both,
    /// and the tests hold them equal).
    #[cfg(not(target_family = "wasm"))]
    fn load() -> Generator {
        let layouts = Layouts::from_bytes(LAYOUT_TABLE).expect("build.rs wrote whole tables");
        let counts = Counts::from_bytes(COUNT_TABLE).expect("build.rs wrote whole tables");
        Generator { layouts, counts }
    }

    #[cfg(target_family = "wasm")]
    fn load() -> Generator {
        let layouts = Layouts::build();
        let counts = Counts::build(&layouts);
        Generator { layouts, counts }
    }

    /// Book `book`, draw `attempt` (0 unless the run re-drew it to avoid a duplicate).
    pub fn book(&self, seed: &Seed, book: u64, attempt: u32) -> Book {
        self.draw(&mut seed.rng_for(book, attempt))
    }

    /// Book `book`, draw `attempt`, of `format`: 90-ball's from these tables, a full-card
    /// format's card by card ([`cards`]). A format neither can draw is refused before a run
    /// starts ([`RunOptions::check`]).
    pub fn book_of(&self, format: &'static CardFormat, seed: &Seed, book: u64, attempt: u32) -> Book {
        match format.fill() {
            Fill::Strip { .. } => self.book(seed, book, attempt),
            Fill::Full { .. } => cards::book(format, seed, book, attempt),
        }
    }

    /// One uniformly random book from any random source.
    pub fn draw<R: RngCore>(&self, rng: &mut R) -> Book {
        let vectors = self.sample_vectors(rng);
        self.fill(&vectors, rng)
    }

    /// The first stage alone: the six tickets' column counts.
    pub fn sample_vectors<R: RngCore>(&self, rng: &mut R) -> [Vector; TICKETS_PER_BOOK] {
        self.counts.sample(&self.layouts, rng)
    }

    /// Given each ticket's column counts, draws a layout uniformly among those with these counts,
    /// then deals each column: shuffling which ticket gets each of the column's numbers (taken in
    /// ascending order) is the same uniform deal as shuffling the numbers, and needs no sorting.
    pub fn fill<R: RngCore>(&self, vectors: &[Vector; TICKETS_PER_BOOK], rng: &mut R) -> Book {
        debug_assert!(vectors.iter().all(|v| self.layouts.index(v).is_some()));
        let groups = vectors.map(|v| self.layouts.of_vector(&v));
        let mut picks = [0u32; TICKETS_PER_BOOK];
        rng::fill_below(rng, &groups.map(|g| g.len() as u32), &mut picks);
        let words: [u32; TICKETS_PER_BOOK] = std::array::from_fn(|t| groups[t][picks[t] as usize]);
        let mut cells = [[0u8; ROWS * COLS]; TICKETS_PER_BOOK];
        for col in 0..COLS {
            let (lo, _) = column_range(col);
            let size = COLUMN_SIZES[col] as usize;
            let mut labels = [0u8; 13];
            // Bits 3t..3t+2: which rows of ticket t are filled in this column (kept in a register).
            let mut rows = 0u32;
            let mut n = 0;
            for t in 0..TICKETS_PER_BOOK {
                let w = words[t] >> col;
                rows |= (w & 1 | (w >> COLS & 1) << 1 | (w >> (2 * COLS) & 1) << 2) << (3 * t);
                // Three writes and a jump of 1–3: no data-dependent branch.
                labels[n..n + 3].fill(t as u8);
                n += vectors[t][col] as usize;
            }
            debug_assert_eq!(n, size);
            rng::shuffle(rng, &mut labels[..size]);
            for (i, &t) in labels[..size].iter().enumerate() {
                let t = t as usize;
                let row = ((rows >> (3 * t)) & 7).trailing_zeros();
                rows &= !(1 << (3 * t as u32 + row));
                cells[t][row as usize * COLS + col] = lo + i as u8;
            }
        }
        Book::from_trusted(&cells.map(|c| Ticket::from_trusted(&NINETY_BALL, c)))
    }

    /// Exact per-position probabilities under the uniform distribution on books.
    pub fn marginals(&self) -> Marginals {
        self.counts.marginals(&self.layouts)
    }

    /// The exact chance that an edge number (the smallest or the largest of its column: 1, 9,
    /// 10, 19 … 80, 90) sits in its favoured row (the top row for the smallest, the bottom
    /// for the largest), averaged over the 18, under the uniform law on books. The column's
    /// smallest number goes to ticket t with chance v_t[c] / n_c and sits in the topmost row
    /// that ticket fills in that column; layouts are uniform given the counts.
    pub fn favoured_row(&self) -> f64 {
        let marginals = self.counts.vector_marginals(&self.layouts);
        let mut total = 0.0;
        for (col, &size) in COLUMN_SIZES.iter().enumerate() {
            let size = f64::from(size);
            for row in [0, ROWS - 1] {
                let mut p = 0.0;
                for (v, at) in marginals.iter().enumerate() {
                    let layouts = self.layouts.of(v);
                    let filled = layouts.iter().filter(|&&w| w >> (row * COLS + col) & 1 == 1).count();
                    let share = filled as f64 / layouts.len() as f64;
                    let count = f64::from(self.layouts.vectors()[v][col]);
                    p += at.iter().sum::<f64>() * count / size * share;
                }
                total += p;
            }
        }
        total / (2 * COLS) as f64
    }

    /// All column-count vectors (1,554).
    pub fn vectors(&self) -> &[Vector] {
        self.layouts.vectors()
    }

    /// How many layouts have these column counts (0 if not a vector).
    pub fn layouts_with(&self, v: &Vector) -> usize {
        self.layouts.index(v).map_or(0, |i| self.layouts.of(i).len())
    }

    /// Total layouts (735,210).
    pub fn layout_count(&self) -> usize {
        self.layouts.total()
    }

    /// Ticket weights by number of full columns (∝ layouts / ∏ column-count factorials).
    pub fn weights(&self) -> [u128; 4] {
        self.counts.weights()
    }

    /// The number of valid ordered books, ∏ⱼ nⱼ! · Σ_M ∏ₜ w(Mₜ) / 96⁶, as a float (≈ 4.677 × 10⁷⁷).
    pub fn book_space(&self) -> f64 {
        let fact = |n: u8| (1..=n).map(f64::from).product::<f64>();
        let numbers: f64 = COLUMN_SIZES.iter().map(|&n| fact(n)).product();
        let unit = self.weights()[0] as f64 * 64.0 / 1710.0;
        numbers * self.counts.total() as f64 / unit.powi(TICKETS_PER_BOOK as i32)
    }

    /// Table size: (canonical states, successor entries).
    pub fn table_size(&self) -> (usize, usize) {
        self.counts.size()
    }
}

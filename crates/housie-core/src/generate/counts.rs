//! The completion-count table: how many books complete any state of remaining per-column counts.
//!
//! A book is a 6 × 9 matrix M of column counts plus, per ticket, a layout and the numbers. Given M
//! there are ∏ₜ L(Mₜ) layouts and ∏ⱼ nⱼ! / ∏ₜ Mₜⱼ! ways to deal the numbers (nⱼ = 9, 10, …, 11),
//! so P(M) ∝ ∏ₜ L(Mₜ) / ∏ⱼ Mₜⱼ!. L depends only on the number of full columns f (1710, 639,
//! 240, 90), and so does ∏ⱼ Mₜⱼ! (= 2^(6−2f)·6^f), so each ticket carries a small integer weight
//! w(f) = 2565, 639, 160, 40 and every count below is an exact `u128` (the whole book is ≈ 3·10³⁰).
//!
//! A *state* is the numbers still to place per column with k tickets to go. Columns 2–8 have the
//! same size and rules, so a state is kept canonical (those seven sorted), which shrinks the
//! table to a few thousand states. For each state we store its successors (a vector for the next
//! ticket and the state it leaves) with cumulative weights w(c)·F(next), so drawing the next
//! ticket's vector is one uniform draw below F(state) and a binary search: never a dead end, and
//! each vector exactly as likely as the share of books that continue that way.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use super::layouts::{in_place, Layouts, Vector};
use crate::domain::{COLS, COLUMN_SIZES, TICKETS_PER_BOOK};

/// The exact table. Successor lists live in parallel arrays for a cache-friendly search; the
/// two long ones (2 MB natively) are read where build.rs's bytes lie ([`Counts::from_bytes`]).
pub struct Counts {
    states: Vec<State>,
    cumulative: Cow<'static, [u128]>,
    /// Each [`Successor`] as two words: `vector | next << 16`, then `reorder`.
    succ: Cow<'static, [[u32; 2]]>,
    weights: [u128; 4],
    start: u32,
}

/// What picking one successor entry means: the next ticket's vector in this state's canonical
/// frame, the state it leaves, and how that state's canonical frame reorders this one's.
#[derive(Clone, Copy)]
struct Successor {
    vector: u16,
    next: u16,
    /// 3 bits per new canonical position 1–7: the old position (minus 1) it comes from.
    reorder: u32,
}

struct State {
    /// Canonical remaining counts: column 1, columns 2–8 ascending, column 9.
    remaining: Vector,
    tickets: u8,
    /// F(state): weighted number of completions.
    total: u128,
    first: u32,
    len: u32,
    /// Fisher–Yates bounds and positions that shuffle each run of tied columns (see `sample`).
    tie_bounds: [u32; 6],
    tie_slots: [u8; 6],
    ties: u8,
}

impl Successor {
    fn to_words(self) -> [u32; 2] {
        [u32::from(self.vector) | u32::from(self.next) << 16, self.reorder]
    }

    fn of_words([a, reorder]: [u32; 2]) -> Successor {
        Successor { vector: a as u16, next: (a >> 16) as u16, reorder }
    }
}

fn canonical(mut r: Vector) -> Vector {
    r[1..COLS - 1].sort_unstable();
    r
}

struct Builder<'a> {
    layouts: &'a Layouts,
    /// Each vector as one bit per column, at `3 · column + count − 1`.
    one_hot: Vec<u32>,
    memo: FxHashMap<Vector, u32>,
    counts: Counts,
}

impl Builder<'_> {
    /// Id of a canonical state, building it and everything it reaches on first sight.
    fn state(&mut self, remaining: Vector, tickets: u8) -> u32 {
        if let Some(&id) = self.memo.get(&remaining) {
            return id;
        }
        let mut total = 0u128;
        let mut succ = Vec::new();
        if tickets == 1 {
            if let Some(v) = self.layouts.index(&remaining) {
                total = self.weight(&self.layouts.vectors()[v]);
            }
        } else {
            let left = tickets - 1;
            let runs = tie_runs(&remaining);
            // Column j may take c numbers when it leaves between `left` and `3 · left` for the
            // tickets after this one: one bit per (column, count), tested against each vector's.
            let mut allowed = 0u32;
            for (j, &r) in remaining.iter().enumerate() {
                for c in 1..=3u8 {
                    if c <= r && (left..=3 * left).contains(&(r - c)) {
                        allowed |= 1 << (3 * j + c as usize - 1);
                    }
                }
            }
            for (vi, v) in self.layouts.vectors().iter().enumerate() {
                // One vector per orbit under swaps of tied columns: the one ascending within each tie.
                if self.one_hot[vi] & !allowed != 0 || runs.iter().any(|r| v[r.clone()].windows(2).any(|w| w[0] > w[1]))
                {
                    continue;
                }
                let mut rest = remaining;
                for j in 0..COLS {
                    rest[j] -= v[j];
                }
                let next = self.state(canonical(rest), left);
                let f = self.counts.states[next as usize].total;
                if f > 0 {
                    let orbit: u128 = runs.iter().map(|r| arrangements(&v[r.clone()])).product();
                    total += orbit * self.weight(v) * f;
                    succ.push((total, Successor { vector: vi as u16, next: next as u16, reorder: reorder(&rest) }));
                }
            }
        }
        let id = self.counts.states.len() as u32;
        let first = self.counts.cumulative.len() as u32;
        for (cum, s) in succ {
            self.counts.cumulative.to_mut().push(cum);
            self.counts.succ.to_mut().push(s.to_words());
        }
        let (mut tie_bounds, mut tie_slots, mut ties) = ([0u32; 6], [0u8; 6], 0);
        // The last ticket takes what remains: tied columns hold equal counts, nothing to break.
        for run in tie_runs(&remaining).into_iter().filter(|_| tickets > 1) {
            for p in (run.start + 1..run.end).rev() {
                (tie_bounds[ties], tie_slots[ties]) = ((p - run.start + 1) as u32, p as u8);
                ties += 1;
            }
        }
        let len = self.counts.cumulative.len() as u32 - first;
        let ties = ties as u8;
        self.counts.states.push(State { remaining, tickets, total, first, len, tie_bounds, tie_slots, ties });
        self.memo.insert(remaining, id);
        id
    }

    fn weight(&self, v: &Vector) -> u128 {
        self.counts.weights[full_columns(v)]
    }
}

/// The stable sort of columns 2–8 of `rest` by value, as packed old positions (see `Successor`).
fn reorder(rest: &Vector) -> u32 {
    let mut order: [usize; COLS - 2] = std::array::from_fn(|i| i + 1);
    order.sort_by_key(|&p| rest[p]);
    order.iter().enumerate().fold(0, |acc, (i, &p)| acc | ((p - 1) as u32) << (3 * i))
}

/// Runs (length ≥ 2) of equal remaining counts among the sorted columns 2–8 of a canonical state.
fn tie_runs(remaining: &Vector) -> Vec<std::ops::Range<usize>> {
    let mut runs = Vec::new();
    let mut i = 1;
    while i < COLS - 1 {
        let mut j = i + 1;
        while j < COLS - 1 && remaining[j] == remaining[i] {
            j += 1;
        }
        if j - i > 1 {
            runs.push(i..j);
        }
        i = j;
    }
    runs
}

/// Distinct orderings of a short multiset of counts: len! / ∏ (copies of each value)!.
fn arrangements(values: &[u8]) -> u128 {
    let fact = |n: usize| (1..=n as u128).product::<u128>();
    let copies = |x: u8| values.iter().filter(|&&v| v == x).count();
    fact(values.len()) / (fact(copies(1)) * fact(copies(2)) * fact(copies(3)))
}

pub fn full_columns(v: &Vector) -> usize {
    v.iter().filter(|&&c| c == 3).count()
}

/// w(f) ∝ L(v) / ∏ⱼ vⱼ!, scaled to the smallest integers.
fn weights(layouts: &Layouts) -> [u128; 4] {
    let mut w = [0u128; 4];
    for (i, v) in layouts.vectors().iter().enumerate() {
        // 6 / vⱼ! is 6, 3 or 1: an integer multiple of 1 / vⱼ!.
        let scale: u128 = v.iter().map(|&c| [0, 6, 3, 1][c as usize]).product();
        w[full_columns(v)] = layouts.of(i).len() as u128 * scale;
    }
    let g = w.iter().copied().fold(0, gcd);
    w.map(|x| x / g)
}

/// Reads little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u128(&mut self) -> Option<u128> {
        Some(u128::from_le_bytes(self.take(16)?.try_into().ok()?))
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Counts {
    pub fn build(layouts: &Layouts) -> Counts {
        let weights = weights(layouts);
        let (cumulative, succ) = (Cow::Owned(Vec::new()), Cow::Owned(Vec::new()));
        let empty = Counts { states: Vec::new(), cumulative, succ, weights, start: 0 };
        let one_hot = layouts
            .vectors()
            .iter()
            .map(|v| v.iter().enumerate().fold(0, |m, (j, &c)| m | 1 << (3 * j + c as usize - 1)))
            .collect();
        let mut b = Builder { layouts, one_hot, memo: FxHashMap::default(), counts: empty };
        let start = b.state(COLUMN_SIZES, TICKETS_PER_BOOK as u8);
        b.counts.start = start;
        b.counts
    }

    /// The table as little-endian bytes: `build.rs` builds it with this same code and the
    /// library embeds the bytes, so a start reads the table instead of searching. The head
    /// (weights, start, counts: 80 bytes) comes first, then the cumulative weights, which sit
    /// 16-byte aligned when the bytes do, then the successors, then the states.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for w in self.weights {
            out.extend(w.to_le_bytes());
        }
        for n in [self.start, self.states.len() as u32, self.succ.len() as u32, 0] {
            out.extend(n.to_le_bytes());
        }
        for c in self.cumulative.iter() {
            out.extend(c.to_le_bytes());
        }
        for s in self.succ.iter() {
            out.extend(s.iter().flat_map(|w| w.to_le_bytes()));
        }
        for s in &self.states {
            out.extend(s.remaining);
            out.push(s.tickets);
            out.extend(s.total.to_le_bytes());
            out.extend(s.first.to_le_bytes());
            out.extend(s.len.to_le_bytes());
            for b in s.tie_bounds {
                out.extend(b.to_le_bytes());
            }
            out.extend(s.tie_slots);
            out.push(s.ties);
        }
        out
    }

    /// The table from [`Counts::to_bytes`]; `None` if the bytes are not one. The successor
    /// arrays are borrowed, not copied, where the bytes allow it (see `in_place`): only the
    /// ~1,200 states are decoded.
    pub fn from_bytes(bytes: &'static [u8]) -> Option<Counts> {
        let mut r = Reader(bytes);
        let weights = [r.u128()?, r.u128()?, r.u128()?, r.u128()?];
        let (start, n_states, n_succ, _) = (r.u32()?, r.u32()? as usize, r.u32()? as usize, r.u32()?);
        let cumulative = in_place(r.take(16 * n_succ)?, |b| u128::from_le_bytes(b.try_into().expect("16 bytes")));
        let succ = in_place(r.take(8 * n_succ)?, |b| {
            let word = |i: usize| u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().expect("4 bytes"));
            [word(0), word(1)]
        });
        let mut states = Vec::with_capacity(n_states);
        for _ in 0..n_states {
            let remaining: Vector = r.take(COLS)?.try_into().ok()?;
            let tickets = r.take(1)?[0];
            let (total, first, len) = (r.u128()?, r.u32()?, r.u32()?);
            let tie_bounds = [r.u32()?, r.u32()?, r.u32()?, r.u32()?, r.u32()?, r.u32()?];
            let tie_slots: [u8; 6] = r.take(6)?.try_into().ok()?;
            let ties = r.take(1)?[0];
            states.push(State { remaining, tickets, total, first, len, tie_bounds, tie_slots, ties });
        }
        r.0.is_empty().then_some(Counts { states, cumulative, succ, weights, start })
    }

    /// The ticket weights w(0..=3 full columns).
    pub fn weights(&self) -> [u128; 4] {
        self.weights
    }

    /// Σ over column-count matrices of ∏ₜ w(Mₜ): the whole book space, in weight units.
    pub fn total(&self) -> u128 {
        self.states[self.start as usize].total
    }

    /// Number of canonical states and of successor entries (the table's size).
    pub fn size(&self) -> (usize, usize) {
        (self.states.len(), self.cumulative.len())
    }

    /// Draws the six tickets' column-count vectors (actual column order) with exact probability.
    #[inline]
    pub fn sample<R: rand::RngCore>(&self, layouts: &Layouts, rng: &mut R) -> [Vector; TICKETS_PER_BOOK] {
        let mut out = [[0u8; COLS]; TICKETS_PER_BOOK];
        // perm[i] = the actual column at canonical position i. Columns 2–8 start tied.
        let mut perm: [u8; COLS] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let mut id = self.start as usize;
        for slot in out.iter_mut() {
            let state = &self.states[id];
            // Break ties among equal columns uniformly at random: with one stored vector per
            // orbit, that picks the arrangement within the drawn orbit uniformly.
            let n = state.ties as usize;
            let mut picks = [0u32; 6];
            super::rng::fill_below(rng, &state.tie_bounds[..n], &mut picks[..n]);
            for ((&slot, &bound), &pick) in state.tie_slots.iter().zip(&state.tie_bounds).zip(&picks).take(n) {
                let p = slot as usize;
                perm.swap(p, p + 1 - bound as usize + pick as usize);
            }
            if state.tickets == 1 {
                for (i, &col) in perm.iter().enumerate() {
                    slot[col as usize] = state.remaining[i];
                }
                break;
            }
            let x = super::rng::below_u128(rng, state.total);
            let range = state.first as usize..(state.first + state.len) as usize;
            let pick = range.start + self.cumulative[range].partition_point(|&c| c <= x);
            let succ = Successor::of_words(self.succ[pick]);
            let v = &layouts.vectors()[succ.vector as usize];
            for (i, &col) in perm.iter().enumerate() {
                slot[col as usize] = v[i];
            }
            let old = perm;
            for i in 0..COLS - 2 {
                perm[i + 1] = old[1 + (succ.reorder >> (3 * i) & 7) as usize];
            }
            id = succ.next as usize;
        }
        out
    }

    /// The exact distribution, at each ticket position, of (full columns 0–3) and (numbers in
    /// column 9, 1–3), from [`vector_marginals`](Self::vector_marginals): what the statistical
    /// tests compare with.
    pub fn marginals(&self, layouts: &Layouts) -> Marginals {
        let mut full = [[0f64; 4]; TICKETS_PER_BOOK];
        let mut last = [[0f64; 4]; TICKETS_PER_BOOK];
        for (v, at) in layouts.vectors().iter().zip(self.vector_marginals(layouts)) {
            for (t, p) in at.into_iter().enumerate() {
                full[t][full_columns(v)] += p;
                last[t][v[COLS - 1] as usize] += p;
            }
        }
        Marginals { full_columns: full, column9: last }
    }

    /// The exact probability of each column-count vector (by index) at each ticket position,
    /// by a forward pass over the table: `[v][t]` = P(ticket t has vector v).
    // `t` is the ticket position the pass has reached, not an iteration over `out`.
    #[allow(clippy::needless_range_loop)]
    pub fn vector_marginals(&self, layouts: &Layouts) -> Vec<[f64; TICKETS_PER_BOOK]> {
        let mut out = vec![[0f64; TICKETS_PER_BOOK]; layouts.vectors().len()];
        let mut at: Vec<(usize, f64)> = vec![(self.start as usize, 1.0)];
        for t in 0..TICKETS_PER_BOOK {
            let mut next: Vec<f64> = vec![0.0; self.states.len()];
            for &(id, p) in &at {
                let s = &self.states[id];
                if s.tickets == 1 {
                    let v = layouts.index(&s.remaining).expect("the last ticket's counts are a vector");
                    out[v][t] += p;
                    continue;
                }
                let mut prev = 0u128;
                for e in s.first as usize..(s.first + s.len) as usize {
                    let share = (self.cumulative[e] - prev) as f64 / s.total as f64;
                    prev = self.cumulative[e];
                    let succ = Successor::of_words(self.succ[e]);
                    out[succ.vector as usize][t] += p * share;
                    next[succ.next as usize] += p * share;
                }
            }
            at = next.iter().enumerate().filter(|(_, &p)| p > 0.0).map(|(i, &p)| (i, p)).collect();
        }
        out
    }
}

/// Exact per-position probabilities (index = ticket position 0–5).
#[derive(Debug, Clone)]
pub struct Marginals {
    /// `[t][f]`: P(ticket t has f full columns).
    pub full_columns: [[f64; 4]; TICKETS_PER_BOOK],
    /// `[t][n]`: P(ticket t holds n numbers of 80–90), n = 1–3 (index 0 unused).
    pub column9: [[f64; 4]; TICKETS_PER_BOOK],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_build_rs_embedded_is_the_one_this_code_builds() {
        let built = Counts::build(&Layouts::build()).to_bytes();
        assert!(built == super::super::COUNT_TABLE, "build.rs's table differs: rebuild");
        let loaded = Counts::from_bytes(super::super::COUNT_TABLE).unwrap();
        assert_eq!(loaded.to_bytes(), built);
        // Natively the successor arrays are the embedded bytes themselves, not a copy.
        let borrowed = matches!((&loaded.cumulative, &loaded.succ), (Cow::Borrowed(_), Cow::Borrowed(_)));
        assert_eq!(borrowed, cfg!(target_endian = "little"));
        // A table that does not lie aligned for its numbers is copied, to the same table.
        // (16-aligned words, read from their second byte.)
        let words: &'static mut [u128] = vec![0u128; built.len() / 16 + 1].leak();
        let shifted = &mut bytemuck::cast_slice_mut::<u128, u8>(words)[1..=built.len()];
        shifted.copy_from_slice(&built);
        let copied = Counts::from_bytes(shifted).unwrap();
        assert!(matches!(copied.cumulative, Cow::Owned(_)));
        assert_eq!(copied.to_bytes(), built);
        assert_eq!(
            (loaded.size(), loaded.total()),
            (Counts::build(&Layouts::build()).size(), Counts::build(&Layouts::build()).total())
        );
        let short = &super::super::COUNT_TABLE[..built.len() - 1];
        assert!(Counts::from_bytes(short).is_none(), "a short table is refused");
    }

    #[test]
    fn weights_and_book_count_match_the_known_facts() {
        let layouts = Layouts::build();
        let counts = Counts::build(&layouts);
        assert_eq!(counts.weights(), [2565, 639, 160, 40]);
        // w = D · L / ∏ vⱼ!, so books = ∏ nⱼ! · total / D⁶; f = 0 gives D = 2565 · 2⁶ / 1710 = 96.
        let d: f64 = 2565.0 * 64.0 / 1710.0;
        let fact = |n: u32| (1..=n).map(f64::from).product::<f64>();
        let nj: f64 = COLUMN_SIZES.iter().map(|&n| fact(n.into())).product();
        let books = nj * counts.total() as f64 / d.powi(6);
        assert!((books / 4.677e77 - 1.0).abs() < 1e-3, "{books:e}");
    }

    #[test]
    fn marginals_match_the_published_probabilities() {
        let layouts = Layouts::build();
        let m = Counts::build(&layouts).marginals(&layouts);
        for t in 0..TICKETS_PER_BOOK {
            for (f, want) in [0.3883, 0.5044, 0.1053, 0.0020].iter().enumerate() {
                assert!((m.full_columns[t][f] - want).abs() < 6e-5, "t{t} f{f} {}", m.full_columns[t][f]);
            }
            for (n, want) in [(1, 0.3021), (2, 0.5624), (3, 0.1355)] {
                assert!((m.column9[t][n] - want).abs() < 6e-5, "t{t} n{n} {}", m.column9[t][n]);
            }
        }
    }
}

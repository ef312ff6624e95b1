//! Cards of a full-card format (every cell a number of its column's range, but the free one),
//! each drawn on its own: every column's numbers a uniform draw without repeats from its range,
//! in a uniform order down the column, so every valid card is equally likely. A book is its
//! format's number of such cards from the book's own stream, a card equal to one before it in
//! the book drawn again from the same stream. (90-ball's books, which cover the board, come
//! from the exact strip generator instead.)

use rand::RngCore;

use super::rng::below_u128;
use super::seed::Seed;
use crate::domain::format::{CardFormat, Fill, MAX_CELLS};
use crate::domain::{Book, Ticket};

/// Book `book`, draw `attempt`, of `format` (a full-card format).
pub fn book(format: &'static CardFormat, seed: &Seed, book: u64, attempt: u32) -> Book {
    let mut rng = seed.rng_for(book, attempt);
    if format.disjoint() {
        return Book::from_trusted(&strip(format, &mut rng));
    }
    let mut cards: Vec<Ticket> = Vec::with_capacity(format.book());
    while cards.len() < format.book() {
        let card = card(format, &mut rng);
        if !cards.contains(&card) {
            cards.push(card);
        }
    }
    Book::from_trusted(&cards)
}

/// One uniformly random card of `format`.
pub fn card<R: RngCore>(format: &'static CardFormat, rng: &mut R) -> Ticket {
    let Fill::Full { free } = format.fill() else { panic!("{format} is not a full-card format") };
    let (rows, cols) = (format.rows(), format.cols());
    let mut cells = [0u8; MAX_CELLS];
    for col in 0..cols {
        let (lo, hi) = format.column_range(col);
        let mut pool: Vec<u8> = (lo..=hi).collect();
        // A partial Fisher–Yates shuffle: each next cell takes a uniform pick of what is left.
        for (taken, row) in (0..rows).filter(|&r| free != Some((r, col))).enumerate() {
            let pick = taken + below_u128(rng, (pool.len() - taken) as u128) as usize;
            pool.swap(taken, pick);
            cells[row * cols + col] = pool[taken];
        }
    }
    Ticket::from_trusted(format, cells)
}

/// A book of `format`'s cards that share no number (75-ball strips): each column's numbers
/// for the whole book one uniform draw without repeats from its range, dealt to the cards in
/// turn, so each card alone is as uniform as [`card`]'s and no number is on two of them.
pub fn strip<R: RngCore>(format: &'static CardFormat, rng: &mut R) -> Vec<Ticket> {
    let Fill::Full { free } = format.fill() else { panic!("{format} is not a full-card format") };
    let (rows, cols, cards) = (format.rows(), format.cols(), format.book());
    let mut cells = vec![[0u8; MAX_CELLS]; cards];
    for col in 0..cols {
        let (lo, hi) = format.column_range(col);
        let mut pool: Vec<u8> = (lo..=hi).collect();
        let places: Vec<usize> = (0..rows).filter(|&r| free != Some((r, col))).collect();
        let mut taken = 0;
        for card in cells.iter_mut() {
            for &row in &places {
                let pick = taken + below_u128(rng, (pool.len() - taken) as u128) as usize;
                pool.swap(taken, pick);
                card[row * cols + col] = pool[taken];
                taken += 1;
            }
        }
    }
    cells.into_iter().map(|c| Ticket::from_trusted(format, c)).collect()
}

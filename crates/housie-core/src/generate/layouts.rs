//! Column-count vectors and ticket layouts.
//!
//! A ticket's *vector* says how many numbers each column holds (1–3, summing to 15): there are
//! 1,554. Its *layout* says which cells are filled: 735,210 in all, stored as 27-bit words (bit
//! `row * 9 + col`) grouped by vector so a layout with given counts is one uniform index away.

use std::borrow::Cow;

use crate::domain::{COLS, NUMBERS_PER_ROW, ROWS};

/// Per-column counts of one ticket.
pub type Vector = [u8; COLS];

/// Layouts per vector by its number of full columns (a known fact, checked in the tests).
const LAYOUTS_BY_FULL_COLUMNS: [u32; 4] = [1710, 639, 240, 90];

/// Every vector in code order, and the index of each code (`u16::MAX`: not a vector).
fn vectors() -> (Vec<Vector>, Vec<u16>) {
    let mut vectors = Vec::new();
    let mut index_of_code = vec![u16::MAX; 3usize.pow(COLS as u32)];
    for (c, slot_index) in index_of_code.iter_mut().enumerate() {
        let mut v = [0u8; COLS];
        let mut rest = c;
        for slot in v.iter_mut() {
            *slot = (rest % 3) as u8 + 1;
            rest /= 3;
        }
        if v.iter().map(|&x| x as usize).sum::<usize>() == ROWS * NUMBERS_PER_ROW {
            *slot_index = vectors.len() as u16;
            vectors.push(v);
        }
    }
    (vectors, index_of_code)
}

/// All vectors and all layouts, indexed both ways.
pub struct Layouts {
    vectors: Vec<Vector>,
    /// Base-3 code of a vector (Σ (c_j − 1)·3^j) → its index, `u16::MAX` when not a vector.
    index_of_code: Vec<u16>,
    /// Layout words, grouped by vector; vector v owns `words[offsets[v]..offsets[v + 1]]`.
    /// Natively, borrowed from the table build.rs wrote, in place ([`Layouts::from_bytes`]).
    words: Cow<'static, [u32]>,
    offsets: Cow<'static, [u32]>,
}

/// Plain little-endian numbers (the generator's tables), borrowed where `bytes` lie if this
/// machine reads them so and they are aligned for them; else each read by `from_le`.
pub(super) fn in_place<T: bytemuck::Pod>(bytes: &'static [u8], from_le: fn(&[u8]) -> T) -> Cow<'static, [T]> {
    match bytemuck::try_cast_slice::<u8, T>(bytes) {
        Ok(numbers) if cfg!(target_endian = "little") => Cow::Borrowed(numbers),
        _ => bytes.chunks_exact(std::mem::size_of::<T>()).map(from_le).collect(),
    }
}

/// A `u32` from its four little-endian bytes.
fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b.try_into().expect("four bytes"))
}

#[inline]
pub fn code(v: &Vector) -> usize {
    v.iter().rev().fold(0, |acc, &c| acc * 3 + (c as usize - 1))
}

impl Layouts {
    pub fn build() -> Layouts {
        let (vectors, index_of_code) = vectors();
        // Every row is 5 of 9 columns; a layout is three rows that leave no column empty.
        let rows: Vec<u32> = (0u32..1 << COLS).filter(|m| m.count_ones() as usize == NUMBERS_PER_ROW).collect();
        let full = (1u32 << COLS) - 1;
        // A row adds 3^j to the code for each column j it fills; three rows that fill every
        // column give Σ (c_j − 1)·3^j once Σ 3^j is taken off, so a code is two additions.
        let digits = |m: u32| (0..COLS).filter(|j| m >> j & 1 == 1).map(|j| 3usize.pow(j as u32)).sum::<usize>();
        let rows: Vec<(u32, usize)> = rows.iter().map(|&m| (m, digits(m))).collect();
        let ones = digits(full);
        // Each vector's share is known from its full columns, so the words go straight to their
        // place in one array, in the same order as grouping them one by one would give.
        let mut offsets = vec![0u32];
        for v in &vectors {
            let full_columns = v.iter().filter(|&&c| c == 3).count();
            offsets.push(offsets[offsets.len() - 1] + LAYOUTS_BY_FULL_COLUMNS[full_columns]);
        }
        let mut words = vec![0u32; offsets[vectors.len()] as usize];
        let mut cursor: Vec<u32> = offsets[..vectors.len()].to_vec();
        for &(a, da) in &rows {
            for &(b, db) in &rows {
                let need = full & !(a | b);
                for &(c, dc) in &rows {
                    if c & need != need {
                        continue;
                    }
                    let at = &mut cursor[index_of_code[da + db + dc - ones] as usize];
                    words[*at as usize] = a | b << COLS | c << (2 * COLS);
                    *at += 1;
                }
            }
        }
        debug_assert!(cursor.iter().zip(&offsets[1..]).all(|(c, o)| c == o));
        Layouts { vectors, index_of_code, words: words.into(), offsets: offsets.into() }
    }

    /// The layout words and their offsets as little-endian bytes, for build.rs to embed (the
    /// vectors and their index take microseconds to list again).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 * (2 + self.words.len() + self.offsets.len()));
        for n in [self.words.len(), self.offsets.len()] {
            out.extend((n as u32).to_le_bytes());
        }
        for w in self.words.iter().chain(self.offsets.iter()) {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// The tables from [`Layouts::to_bytes`]; `None` if the bytes do not fit the vectors. On a
    /// little-endian machine, bytes aligned to four are read where they lie, not copied: the
    /// 2.9 MB table was a tenth of a one-book run's time (a copy and its page faults).
    pub fn from_bytes(bytes: &'static [u8]) -> Option<Layouts> {
        let (vectors, index_of_code) = vectors();
        let number = |i: usize| Some(u32::from_le_bytes(bytes.get(4 * i..4 * i + 4)?.try_into().ok()?) as usize);
        let (n_words, n_offsets) = (number(0)?, number(1)?);
        if bytes.len() != 4 * (2 + n_words + n_offsets) || n_offsets != vectors.len() + 1 {
            return None;
        }
        let (words, offsets) = bytes[8..].split_at(4 * n_words);
        Some(Layouts { vectors, index_of_code, words: in_place(words, le_u32), offsets: in_place(offsets, le_u32) })
    }

    pub fn vectors(&self) -> &[Vector] {
        &self.vectors
    }

    /// Index of a vector, if it is one (entries 1–3, sum 15).
    pub fn index(&self, v: &Vector) -> Option<usize> {
        if v.iter().any(|&c| !(1..=3).contains(&c)) {
            return None;
        }
        let i = self.index_of_code[code(v)];
        (i != u16::MAX).then_some(i as usize)
    }

    /// The layouts with these column counts; `v` must be a vector (entries 1–3, sum 15).
    #[inline]
    pub fn of_vector(&self, v: &Vector) -> &[u32] {
        let i = self.index_of_code[code(v)] as usize;
        &self.words[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The layouts whose column counts are vector `v`.
    pub fn of(&self, v: usize) -> &[u32] {
        &self.words[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    pub fn total(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_build_rs_embedded_are_the_ones_this_code_builds() {
        let built = Layouts::build();
        assert!(built.to_bytes() == super::super::LAYOUT_TABLE, "build.rs's layouts differ: rebuild");
        let loaded = Layouts::from_bytes(super::super::LAYOUT_TABLE).unwrap();
        assert!(loaded.vectors == built.vectors && loaded.index_of_code == built.index_of_code);
        assert!(loaded.words == built.words && loaded.offsets == built.offsets);
        assert!(Layouts::from_bytes(&super::super::LAYOUT_TABLE[4..]).is_none());
    }

    #[test]
    fn counts_match_the_known_facts() {
        let l = Layouts::build();
        assert_eq!(l.vectors().len(), 1554);
        assert_eq!(l.total(), 735_210);
        for (i, v) in l.vectors().iter().enumerate() {
            let full = v.iter().filter(|&&c| c == 3).count();
            assert_eq!(l.of(i).len(), [1710, 639, 240, 90][full], "{v:?}");
            for &w in l.of(i) {
                for (j, &c) in v.iter().enumerate() {
                    let filled = (0..ROWS).filter(|r| w >> (r * COLS + j) & 1 == 1).count();
                    assert_eq!(filled, c as usize);
                }
            }
        }
        // Every vector is found at its own place; a vector whose rows cannot hold five is not.
        for (i, v) in l.vectors().iter().enumerate() {
            assert_eq!(l.index(v), Some(i));
        }
        assert_eq!(l.index(&[3, 3, 3, 3, 3, 1, 1, 1, 1]), None);
        assert_eq!(l.index(&[1, 1, 1, 1, 1, 1, 1, 1, 1]), None);
        assert_eq!(l.index(&[3, 3, 3, 3, 1, 1, 1, 1, 1]), None);
        assert_eq!(l.index(&[0, 3, 3, 3, 3, 3, 0, 0, 0]), None);
    }
}

//! Numbers drawn by housie: a fresh secret seed per game, committed to before the first call by
//! its SHA-256 and revealed when the game ends, so anyone can recompute the order
//! (`housie draws SEED`) and check the commitment (`printf %s SEED | sha256sum`).

use rand::seq::SliceRandom;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::generate::Seed;
use crate::print::font::hex;

/// A game's secret draw seed: 64 hex digits from the operating system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawSeed(String);

impl DrawSeed {
    /// A fresh secret seed.
    pub fn fresh() -> DrawSeed {
        let mut bytes = [0u8; 32];
        // The night's one source of entropy; the seed is committed to and later revealed.
        #[allow(clippy::disallowed_methods)]
        rand::rng().fill_bytes(&mut bytes);
        DrawSeed(hex(&bytes))
    }

    /// A seed as revealed (any text recomputes its order; housie's own are 64 hex digits).
    pub fn from_text(text: &str) -> DrawSeed {
        DrawSeed(text.to_string())
    }

    pub fn text(&self) -> &str {
        &self.0
    }

    /// SHA-256 of the seed's text, in hex: shown before the first call.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0.as_bytes()))
    }

    /// All 90 numbers in the order this seed draws them: rand's uniform shuffle of 1–90 driven
    /// by the same PCG-64 stream housie uses for book 0 of a run with this seed.
    pub fn order(&self) -> [u8; 90] {
        let mut numbers: [u8; 90] = std::array::from_fn(|i| i as u8 + 1);
        numbers.shuffle(&mut Seed::from_text(&self.0).rng_for(0, 0));
        numbers
    }

    /// The next number to draw: the first in this seed's order not yet called (numbers the
    /// caller typed by hand are skipped), or `None` when all 90 are out.
    pub fn next(&self, called: impl Fn(u8) -> bool) -> Option<u8> {
        self.order().into_iter().find(|&n| !called(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_a_fixed_permutation_and_commitment_is_sha256() {
        let seed = DrawSeed::from_text("abc");
        let order = seed.order();
        let mut sorted = order;
        sorted.sort_unstable();
        assert_eq!(sorted.to_vec(), (1..=90).collect::<Vec<u8>>());
        assert_eq!(order, DrawSeed::from_text("abc").order());
        assert_ne!(order, DrawSeed::from_text("abd").order());
        // printf %s abc | sha256sum
        assert_eq!(seed.commitment(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        // Pinned: a revealed seed must recompute the same draw in every later housie.
        assert_eq!(order[..12], [38, 26, 24, 86, 17, 42, 89, 10, 14, 29, 52, 82]);
        assert_eq!(seed.next(|n| n == order[0]), Some(order[1]));
        assert_eq!(seed.next(|_| true), None);
        let fresh = (DrawSeed::fresh(), DrawSeed::fresh());
        assert_eq!(fresh.0.text().len(), 64);
        assert_ne!(fresh.0, fresh.1);
    }
}

//! Seeds: any text (a number is text too) names a run; book k's random stream depends only on
//! (seed, k, attempt), so any book can be drawn alone and books can be drawn in any order.

use rand::RngCore;
use rand_pcg::Pcg64Mcg;
use sha2::{Digest, Sha256};

/// A run's seed: the text as given, and the 128-bit key derived from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    text: String,
    key: [u64; 2],
}

impl Seed {
    /// Key = the first 16 bytes of SHA-256("housie-seed-v1:" + text), so `42` and `"42"` agree.
    pub fn from_text(text: &str) -> Seed {
        let digest = Sha256::digest(format!("housie-seed-v1:{text}").as_bytes());
        let word = |i: usize| u64::from_le_bytes(digest[i..i + 8].try_into().expect("8 bytes"));
        Seed { text: text.to_string(), key: [word(0), word(8)] }
    }

    /// A fresh seed from the operating system, as a decimal number the user can write down.
    pub fn from_os() -> Seed {
        // The one place housie asks for entropy; everything after flows from the printed seed.
        #[allow(clippy::disallowed_methods)]
        let n = rand::rng().next_u64();
        Seed::from_text(&n.to_string())
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The generator for one draw of one book: PCG-64 (MCG) seeded with SplitMix64-mixed
    /// (key, book, attempt), which is cheap enough to do per book at millions of books a second.
    pub fn rng_for(&self, book: u64, attempt: u32) -> Pcg64Mcg {
        let b = splitmix64(book);
        let a = splitmix64(b ^ u64::from(attempt).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let hi = splitmix64(self.key[0] ^ a);
        let lo = splitmix64(self.key[1] ^ a.rotate_left(29) ^ 0x2545_F491_4F6C_DD1D);
        Pcg64Mcg::new(u128::from(hi) << 64 | u128::from(lo))
    }
}

/// SplitMix64's finaliser: a bijective, well-mixing 64-bit hash.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_same_stream_and_books_differ() {
        let a = Seed::from_text("spring fair");
        let b = Seed::from_text("spring fair");
        assert_eq!(a.rng_for(5, 0).next_u64(), b.rng_for(5, 0).next_u64());
        assert_ne!(a.rng_for(5, 0).next_u64(), a.rng_for(6, 0).next_u64());
        assert_ne!(a.rng_for(5, 0).next_u64(), a.rng_for(5, 1).next_u64());
        assert_ne!(a.rng_for(5, 0).next_u64(), Seed::from_text("spring fair!").rng_for(5, 0).next_u64());
    }
}

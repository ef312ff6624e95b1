//! Seeds: any text (a number is text too) names a run; book k's random stream depends only on
//! (seed, k, attempt), so any book can be drawn alone and books can be drawn in any order.
//!
//! **Generator 2** (housie 0.3 on): each (book, attempt) stream is ChaCha20 keyed by the run
//! key, SHA-256(`housie-books-v2:` + seed text), with the book number as the stream and the
//! attempt as the position in it (attempt × 2³⁶ words). ChaCha20 is a cryptographic generator:
//! the key cannot be worked back from any output, so one book's stream tells nothing of
//! another's. **Generator 1** (housie 0.2) is kept for the runs it made: PCG-64 (MCG) seeded with
//! a SplitMix64 mix of the first 16 bytes of SHA-256(`housie-seed-v1:` + text), book and
//! attempt.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rand_pcg::Pcg64Mcg;
use sha2::{Digest, Sha256};

/// Which generator a run's books come from, as run.json records it (`"generator": 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum GeneratorVersion {
    /// PCG-64 over a SplitMix64 mix (housie 0.2).
    V1,
    /// ChaCha20 keyed by SHA-256 of the seed (housie 0.3 on).
    V2,
}

impl GeneratorVersion {
    /// What new runs use.
    pub const CURRENT: GeneratorVersion = GeneratorVersion::V2;

    /// Whether this is generator 1.
    pub fn is_v1(&self) -> bool {
        *self == GeneratorVersion::V1
    }
}

impl Default for GeneratorVersion {
    /// A run record without a generator was written by housie 0.2.
    fn default() -> GeneratorVersion {
        GeneratorVersion::V1
    }
}

impl From<GeneratorVersion> for u8 {
    fn from(v: GeneratorVersion) -> u8 {
        match v {
            GeneratorVersion::V1 => 1,
            GeneratorVersion::V2 => 2,
        }
    }
}

impl TryFrom<u8> for GeneratorVersion {
    type Error = String;

    fn try_from(n: u8) -> Result<GeneratorVersion, String> {
        match n {
            1 => Ok(GeneratorVersion::V1),
            2 => Ok(GeneratorVersion::V2),
            n => Err(format!("generator {n} is not one this housie knows (1 or 2)")),
        }
    }
}

/// How a run's seed came about, as run.json records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeedKind {
    /// 256 bits from the operating system: nobody can guess it.
    Random,
    /// Text the organiser gave (`--seed`): anyone who guesses it can recompute every ticket.
    Text,
}

/// A run's seed: the text as given, the generator its books come from, and the key derived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    text: String,
    version: GeneratorVersion,
    key: [u8; 32],
}

impl Seed {
    /// A seed for the current generator.
    pub fn from_text(text: &str) -> Seed {
        Seed::with_generator(text, GeneratorVersion::CURRENT)
    }

    /// A seed for the given generator (a run's record says which).
    pub fn with_generator(text: &str, version: GeneratorVersion) -> Seed {
        let key: [u8; 32] = match version {
            GeneratorVersion::V1 => Sha256::digest(format!("housie-seed-v1:{text}").as_bytes()).into(),
            GeneratorVersion::V2 => Sha256::digest(format!("housie-books-v2:{text}").as_bytes()).into(),
        };
        Seed { text: text.to_string(), version, key }
    }

    /// A seed nobody can guess: 256 bits of entropy (the operating system's, or the
    /// browser's), written as 64 hex digits. Whoever runs the engine draws them.
    pub fn from_entropy(bytes: [u8; 32]) -> Seed {
        Seed::from_text(&crate::support::digest::hex(&bytes))
    }

    /// The seed as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The generator its books come from.
    pub fn generator(&self) -> GeneratorVersion {
        self.version
    }

    /// The random stream of one draw of one book.
    pub fn rng_for(&self, book: u64, attempt: u32) -> BookRng {
        match self.version {
            GeneratorVersion::V1 => {
                let word = |i: usize| u64::from_le_bytes(self.key[i..i + 8].try_into().expect("8 bytes"));
                let b = splitmix64(book);
                let a = splitmix64(b ^ u64::from(attempt).wrapping_mul(0xD6E8_FEB8_6659_FD93));
                let hi = splitmix64(word(0) ^ a);
                let lo = splitmix64(word(8) ^ a.rotate_left(29) ^ 0x2545_F491_4F6C_DD1D);
                BookRng::Pcg(Pcg64Mcg::new(u128::from(hi) << 64 | u128::from(lo)))
            }
            GeneratorVersion::V2 => {
                let mut rng = ChaCha20Rng::from_seed(self.key);
                rng.set_stream(book);
                rng.set_word_pos(u128::from(attempt) << 36);
                BookRng::ChaCha(Box::new(rng))
            }
        }
    }
}

/// One book's random stream.
pub enum BookRng {
    /// Generator 1's stream.
    Pcg(Pcg64Mcg),
    /// Generator 2's stream.
    ChaCha(Box<ChaCha20Rng>),
}

impl RngCore for BookRng {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        match self {
            BookRng::Pcg(r) => r.next_u32(),
            BookRng::ChaCha(r) => r.next_u32(),
        }
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        match self {
            BookRng::Pcg(r) => r.next_u64(),
            BookRng::ChaCha(r) => r.next_u64(),
        }
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        match self {
            BookRng::Pcg(r) => r.fill_bytes(dst),
            BookRng::ChaCha(r) => r.fill_bytes(dst),
        }
    }
}

/// SplitMix64's finaliser: a bijective, well-mixing 64-bit hash (generator 1 only).
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
        for version in [GeneratorVersion::V1, GeneratorVersion::V2] {
            let a = Seed::with_generator("spring fair", version);
            let b = Seed::with_generator("spring fair", version);
            assert_eq!(a.rng_for(5, 0).next_u64(), b.rng_for(5, 0).next_u64());
            assert_ne!(a.rng_for(5, 0).next_u64(), a.rng_for(6, 0).next_u64());
            assert_ne!(a.rng_for(5, 0).next_u64(), a.rng_for(5, 1).next_u64());
            let other = Seed::with_generator("spring fair!", version);
            assert_ne!(a.rng_for(5, 0).next_u64(), other.rng_for(5, 0).next_u64());
        }
        assert_ne!(
            Seed::with_generator("x", GeneratorVersion::V1).rng_for(1, 0).next_u64(),
            Seed::with_generator("x", GeneratorVersion::V2).rng_for(1, 0).next_u64()
        );
    }

    #[test]
    fn generator_2_is_chacha20_keyed_by_sha256_of_the_seed() {
        // The run key: SHA-256("housie-books-v2:abc"); book 7's stream is ChaCha20 stream 7.
        let key: [u8; 32] = Sha256::digest(b"housie-books-v2:abc").into();
        let mut want = ChaCha20Rng::from_seed(key);
        want.set_stream(7);
        let mut got = Seed::from_text("abc").rng_for(7, 0);
        assert_eq!(got.next_u64(), want.next_u64());
        // Attempt 1 starts 2^36 words along the same stream.
        want.set_word_pos(1 << 36);
        assert_eq!(Seed::from_text("abc").rng_for(7, 1).next_u64(), want.next_u64());
        let random = Seed::from_entropy([7; 32]);
        assert_eq!(random.text(), "07".repeat(32));
        assert_ne!(random, Seed::from_entropy([8; 32]));
    }
}

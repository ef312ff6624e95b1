//! Numbers drawn by housie: a fresh secret seed per game, committed to before the first call by
//! its SHA-256 and revealed when the game ends, so anyone can recompute the order
//! (`housie draws SEED`) and check the commitment (`printf %s SEED | sha256sum`).
//!
//! **Protocol 2** (games from housie 0.3; `docs/draw-protocol.md` has it with test vectors and
//! a reference script): the seed is 32 bytes from the operating system written as 64 lowercase
//! hex digits S. Block i is HMAC-SHA256(key = the 64 ASCII characters of S, message =
//! `housie-draw-v2` followed by i as an 8-byte big-endian integer); each block gives eight
//! 32-bit words, read big-endian in order. Starting from 1, 2, …, 90 (…, 75 in 75-ball), for
//! n from 89 (74) down to 1 take words until one, w, is below 2³² − (2³² mod (n + 1)); swap the
//! items at positions n and w mod (n + 1). The list is the draw order.
//!
//! **Protocol 1** (games of housie 0.2): rand's shuffle driven by the PCG-64 stream of book 0 of
//! a run with this seed; kept so that those games can still be recomputed.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use housie_core::generate::{GeneratorVersion, Seed};
use housie_core::support::digest::{hex, sha256_hex};

/// How a game's draw order follows from its seed; the log and the record say it as a number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Protocol {
    /// housie 0.2: rand's shuffle over PCG-64. A game logged without a protocol used it.
    #[default]
    V1,
    /// housie 0.3 and later: HMAC-SHA256 words and an exact Fisher–Yates (above).
    V2,
}

impl Protocol {
    /// Whether this is protocol 1.
    pub fn is_v1(&self) -> bool {
        *self == Protocol::V1
    }

    /// The protocol's number, as the record shows it.
    pub fn number(self) -> u8 {
        self.into()
    }
}

impl From<Protocol> for u8 {
    fn from(p: Protocol) -> u8 {
        match p {
            Protocol::V1 => 1,
            Protocol::V2 => 2,
        }
    }
}

impl TryFrom<u8> for Protocol {
    type Error = String;

    fn try_from(n: u8) -> Result<Protocol, String> {
        match n {
            1 => Ok(Protocol::V1),
            2 => Ok(Protocol::V2),
            n => Err(format!("draw protocol {n} is not one this housie knows (1 or 2)")),
        }
    }
}

/// A game's secret draw seed, and the protocol its order follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawSeed {
    text: String,
    protocol: Protocol,
}

/// Why a text is not a protocol-2 draw seed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a draw seed: housie's draw seeds are 64 hex digits (0-9, a-f); a game of housie 0.2 is recomputed with --protocol 1"
)]
pub struct SeedError(pub String);

/// Where a night's secret draw seeds come from: 32 unguessable bytes a call. The night's rules
/// take it as given, so the same rules run where the operating system's entropy
/// (`housie_night::night::entropy::os_entropy`) is at hand and where only a browser's is.
pub type Entropy = Box<dyn FnMut() -> [u8; 32] + Send>;

impl DrawSeed {
    /// The secret seed made of `bytes` (32 from an [`Entropy`]), protocol 2.
    pub fn of_entropy(bytes: [u8; 32]) -> DrawSeed {
        DrawSeed { text: hex(&bytes), protocol: Protocol::V2 }
    }

    /// A revealed protocol-2 seed: exactly 64 lowercase hex digits.
    pub fn parse(text: &str) -> Result<DrawSeed, SeedError> {
        let ok = text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        if ok {
            Ok(DrawSeed { text: text.to_string(), protocol: Protocol::V2 })
        } else {
            Err(SeedError(housie_core::domain::text::clip(text, 80)))
        }
    }

    /// A seed as a game recorded it, with its protocol (any text recomputes under protocol 1).
    pub fn recorded(text: &str, protocol: Protocol) -> DrawSeed {
        DrawSeed { text: text.to_string(), protocol }
    }

    /// The seed as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The protocol its order follows.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// SHA-256 of the seed's text, in hex: shown before the first call.
    pub fn commitment(&self) -> String {
        sha256_hex(self.text.as_bytes())
    }

    /// All 90 numbers in the order this seed draws them.
    pub fn order(&self) -> [u8; 90] {
        self.order_of(90).try_into().expect("90 numbers")
    }

    /// The numbers 1 to `numbers` (90, or 75 for 75-ball) in the order this seed draws them:
    /// the same shuffle over a shorter list, so a 90-ball game's order is as it always was.
    pub fn order_of(&self, numbers: u8) -> Vec<u8> {
        let mut order: Vec<u8> = (1..=numbers).collect();
        match self.protocol {
            Protocol::V1 => {
                use rand::seq::SliceRandom;
                order.shuffle(&mut Seed::with_generator(&self.text, GeneratorVersion::V1).rng_for(0, 0));
            }
            Protocol::V2 => {
                let mut words = Words::new(self.text.as_bytes());
                for n in (1..order.len()).rev() {
                    let bound = n as u64 + 1;
                    let limit = (1u64 << 32) - (1u64 << 32) % bound;
                    let w = loop {
                        let w = u64::from(words.next_word());
                        if w < limit {
                            break w;
                        }
                    };
                    order.swap(n, (w % bound) as usize);
                }
            }
        }
        order
    }

    /// The next number to draw of 1 to `numbers`: the first in this seed's order not yet
    /// called (numbers the caller typed by hand are skipped), or `None` when all are out.
    pub fn next(&self, numbers: u8, called: impl Fn(u8) -> bool) -> Option<u8> {
        self.order_of(numbers).into_iter().find(|&n| !called(n))
    }
}

/// Protocol 2's words: HMAC-SHA256 blocks, eight big-endian 32-bit words each.
pub struct Words {
    mac: Hmac<Sha256>,
    block: u64,
    buffer: [u8; 32],
    used: usize,
}

impl Words {
    /// The words of a seed (the 64 ASCII characters, for housie's seeds).
    pub fn new(key: &[u8]) -> Words {
        let mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
        Words { mac, block: 0, buffer: [0; 32], used: 32 }
    }

    /// The next block of 32 bytes.
    pub fn next_block(&mut self) -> [u8; 32] {
        let mut mac = self.mac.clone();
        mac.update(b"housie-draw-v2");
        mac.update(&self.block.to_be_bytes());
        self.block += 1;
        mac.finalize().into_bytes().into()
    }

    /// The next 32-bit word.
    pub fn next_word(&mut self) -> u32 {
        if self.used == 32 {
            self.buffer = self.next_block();
            self.used = 0;
        }
        let w = u32::from_be_bytes(self.buffer[self.used..self.used + 4].try_into().expect("4 bytes"));
        self.used += 4;
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_2_is_a_fixed_permutation_and_commitment_is_sha256() {
        let seed = DrawSeed::parse(&"ab".repeat(32)).unwrap();
        let order = seed.order();
        let mut sorted = order;
        sorted.sort_unstable();
        assert_eq!(sorted.to_vec(), (1..=90).collect::<Vec<u8>>());
        assert_eq!(order, DrawSeed::parse(&"ab".repeat(32)).unwrap().order());
        assert_ne!(order, DrawSeed::parse(&"ac".repeat(32)).unwrap().order());
        assert_eq!(seed.next(90, |n| n == order[0]), Some(order[1]));
        assert_eq!(seed.next(90, |_| true), None);
        // 75-ball: the same shuffle over 1-75, every number once.
        let mut short = seed.order_of(75);
        assert_eq!(seed.next(75, |n| n == short[0]), Some(short[1]));
        short.sort_unstable();
        assert_eq!(short, (1..=75).collect::<Vec<u8>>());
        let fresh = (DrawSeed::of_entropy([7; 32]), DrawSeed::of_entropy([8; 32]));
        assert_eq!(fresh.0.text().len(), 64);
        assert_ne!(fresh.0, fresh.1);
        assert_eq!(DrawSeed::parse(fresh.0.text()).unwrap(), fresh.0);
        for bad in ["abc", &"AB".repeat(32), &"ab".repeat(33), ""] {
            assert!(DrawSeed::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn protocol_1_recomputes_the_games_of_housie_0_2() {
        let seed = DrawSeed::recorded("abc", Protocol::V1);
        // printf %s abc | sha256sum
        assert_eq!(seed.commitment(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        // Pinned in housie 0.2: a revealed seed must recompute the same draw in every later housie.
        assert_eq!(seed.order()[..12], [38, 26, 24, 86, 17, 42, 89, 10, 14, 29, 52, 82]);
    }

    #[test]
    fn words_are_hmac_blocks_read_big_endian() {
        // HMAC-SHA256(key "key", "housie-draw-v2" ‖ 0u64 BE), computed independently with
        // Python's hmac module.
        let mut w = Words::new(b"key");
        let block = Words::new(b"key").next_block();
        assert_eq!(w.next_word(), u32::from_be_bytes(block[..4].try_into().unwrap()));
        assert_eq!(hex(&block).len(), 64);
    }
}

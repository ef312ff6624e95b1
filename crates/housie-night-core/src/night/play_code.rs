//! The code that lets a phone follow and claim a phone-only ticket. A printed serial is on
//! paper in the hall, so it is no secret; a ticket kept for phones is followed only with its
//! code, which only the organiser (who holds the run's seed) can work out. The code is a keyed
//! hash of the serial under a key derived from the run's seed: nothing to store, nothing in the
//! manifest the print shop sees, and any code can be worked out again from run.json.
//!
//! Eight characters of Crockford's base 32 (`0-9` and the letters but I, L, O and U), written
//! `7KQ2-M9XD`: 40 bits, read aloud or texted without confusing 0 and O or 1 and I and L, and
//! typed in any case, with or without the hyphen. At the rate a page may ask (the player API is
//! rate-limited per address), guessing one ticket's code would take tens of thousands of years.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use housie_core::domain::Serial;

/// Crockford's base 32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code, without its hyphen.
pub const LEN: usize = 8;

/// Which run's tickets codes are made for: the key, derived from the run's seed.
#[derive(Clone)]
pub struct CodeKey([u8; 32]);

impl std::fmt::Debug for CodeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeKey(…)")
    }
}

impl CodeKey {
    /// The key of the run whose seed is `seed` (run.json's `seed`, as written there).
    pub fn of_seed(seed: &str) -> CodeKey {
        let mut h = Sha256::new();
        h.update(b"housie play code 1\0");
        h.update(seed.as_bytes());
        CodeKey(h.finalize().into())
    }

    /// The code of `serial`, written `XXXX-XXXX`.
    pub fn code(&self, serial: &Serial) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(serial.to_string().as_bytes());
        let bytes = mac.finalize().into_bytes();
        let bits = u64::from_be_bytes(bytes[..8].try_into().expect("eight bytes"));
        let mut out = String::with_capacity(LEN + 1);
        for i in 0..LEN {
            if i == 4 {
                out.push('-');
            }
            out.push(char::from(ALPHABET[(bits >> (59 - 5 * i) & 31) as usize]));
        }
        out
    }

    /// Whether `given` is `serial`'s code, read leniently (any case, hyphens and spaces
    /// ignored, I and L read as 1, O as 0). Compared in constant time.
    pub fn accepts(&self, serial: &Serial, given: &str) -> bool {
        let (a, b) = (normalise(given), normalise(&self.code(serial)));
        a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// A code as typed, in its canonical letters.
fn normalise(given: &str) -> String {
    given
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\u{a0}'))
        .take(2 * LEN)
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_eight_readable_characters_and_differ_by_serial_and_seed() {
        let key = CodeKey::of_seed("spring fair");
        let a = Serial::new(101, 1).unwrap();
        let b = Serial::new(101, 2).unwrap();
        let code = key.code(&a);
        assert_eq!(code.len(), 9);
        assert_eq!(&code[4..5], "-");
        assert!(code.chars().filter(|c| *c != '-').all(|c| ALPHABET.contains(&(c as u8))));
        assert_ne!(code, key.code(&b));
        assert_ne!(code, CodeKey::of_seed("spring fair ").code(&a));
        assert_eq!(code, CodeKey::of_seed("spring fair").code(&a), "the same seed gives the same code");
    }

    /// Codes already sent to players must never change: these vectors were computed apart from
    /// housie (Python's hmac and hashlib, as docs/night.md shows) and are pinned there too.
    #[test]
    fn codes_match_the_published_vectors() {
        let seed = "6b73ef78f0528a473813d2807621c8dba4d6b8447772c49503832573d24d6986";
        for (seed, serial, code) in [
            ("spring fair", "000101-1-3", "F8NN-XVHK"),
            ("spring fair", "000001-1-7", "92A9-F1SD"),
            (seed, "000600-6-1", "MS85-ZB4T"),
        ] {
            assert_eq!(CodeKey::of_seed(seed).code(&serial.parse().unwrap()), code, "{seed} {serial}");
        }
    }

    #[test]
    fn a_code_is_read_in_any_case_with_or_without_its_hyphen() {
        let key = CodeKey::of_seed("s");
        let s = Serial::new(7, 3).unwrap();
        let code = key.code(&s);
        assert!(key.accepts(&s, &code));
        assert!(key.accepts(&s, &code.to_lowercase().replace('-', " ")));
        assert!(key.accepts(&s, &code.replace('1', "l").replace('0', "o")));
        assert!(!key.accepts(&s, ""));
        assert!(!key.accepts(&s, &code[..8]));
        assert!(!key.accepts(&Serial::new(7, 4).unwrap(), &code));
    }

    /// The key never shows in a log or a panic message; a code with two characters swapped (whose
    /// differences would cancel in an XOR) is refused.
    #[test]
    fn the_key_stays_hidden_and_a_swapped_code_is_refused() {
        let key = CodeKey::of_seed("spring fair");
        assert_eq!(format!("{key:?}"), "CodeKey(…)");
        let serial: Serial = "000101-1-3".parse().unwrap();
        assert!(key.accepts(&serial, "F8NN-XVHK"));
        for wrong in ["8FNN-XVHK", "F8NN-XVKH", "F8NX-NVHK", "F8NN-XVH", "F8NN-XVHKK", "F8NN-XVHK-F8NN-XVHK"] {
            assert!(!key.accepts(&serial, wrong), "{wrong}");
        }
    }

    #[test]
    fn codes_spread_over_the_alphabet() {
        // 6,000 codes, 48,000 characters: each of the 32 letters near 1,500 times.
        let key = CodeKey::of_seed("spread");
        let mut counts = [0u32; 32];
        for book in 1..=1000 {
            for t in 1..=6 {
                for c in key.code(&Serial::new(book, t).unwrap()).bytes().filter(|c| *c != b'-') {
                    counts[ALPHABET.iter().position(|a| *a == c).unwrap()] += 1;
                }
            }
        }
        let chi: f64 = counts.iter().map(|&n| (f64::from(n) - 1500.0).powi(2) / 1500.0).sum();
        assert!(chi < 61.1, "chi-square {chi:.1} over 31 degrees of freedom (p = 0.001 at 61.1)");
        // The negative control: the first character alone of codes whose top bits were fixed
        // would not spread.
        let skewed: f64 = {
            let mut c = [0u32; 32];
            for i in 0..48_000u32 {
                c[(i % 16) as usize] += 1;
            }
            c.iter().map(|&n| (f64::from(n) - 1500.0).powi(2) / 1500.0).sum()
        };
        assert!(skewed > 61.1);
    }
}

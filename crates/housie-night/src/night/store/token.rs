//! The caller's token: made fresh, and compared without telling how much of a guess was right.

use housie_core::support::digest::hex;
use rand::RngCore;

/// A fresh caller's token: 128 bits from the operating system, in hex.
pub fn fresh_token() -> String {
    let mut bytes = [0u8; 16];
    // The caller's secret; it gates every change to the night.
    #[allow(clippy::disallowed_methods)]
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// Whether `given` is `token`, compared in constant time so a response's timing does not tell
/// how much of a guess was right. Every door that takes a token asks here.
pub fn same_token(given: &str, token: &str) -> bool {
    let (a, b) = (given.as_bytes(), token.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_whole() {
        let t = fresh_token();
        assert_eq!(t.len(), 32);
        assert!(same_token(&t, &t));
        assert!(!same_token(&t[..31], &t));
        assert!(!same_token("", &t));
        let mut other = t.clone().into_bytes();
        other[31] = if other[31] == b'0' { b'1' } else { b'0' };
        assert!(!same_token(std::str::from_utf8(&other).unwrap(), &t));
    }
}

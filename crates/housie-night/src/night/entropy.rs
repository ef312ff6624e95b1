//! The native night's entropy: each game's secret draw seed from the operating system (a page
//! gives the browser's instead; the rules take either as [`Entropy`]).

use housie_night_core::night::draw::{DrawSeed, Entropy};
use rand::RngCore;

/// 32 bytes from the operating system: the native night's [`Entropy`].
pub fn os_entropy() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    // The native night's one source of entropy; each seed is committed to and later revealed.
    #[allow(clippy::disallowed_methods)]
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// The native night's entropy, boxed as the night takes it.
pub fn os() -> Entropy {
    Box::new(os_entropy)
}

/// A fresh secret seed from the operating system, protocol 2.
pub fn fresh_seed() -> DrawSeed {
    DrawSeed::of_entropy(os_entropy())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two seeds from the machine differ and read back as themselves.
    #[test]
    fn the_machine_gives_fresh_seeds() {
        let fresh = (fresh_seed(), fresh_seed());
        assert_eq!(fresh.0.text().len(), 64);
        assert_ne!(fresh.0, fresh.1);
        assert_eq!(DrawSeed::parse(fresh.0.text()).unwrap(), fresh.0);
    }
}

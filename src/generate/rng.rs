//! Exactly unbiased integer draws. `rand`'s single-sample ranges trade a 2⁻⁶⁴-scale bias for
//! speed; housie promises every book equally likely, so these reject instead.

use rand::RngCore;

/// Uniform in `0..n` (`n > 0`) by Lemire's multiply-and-reject: a division only when close to biased.
#[inline]
pub fn below_u32<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Uniform in `0..n` (`n > 0`): draw as many bits as `n` has and reject values ≥ `n` (< 2 tries on average).
#[inline]
pub fn below_u128<R: RngCore + ?Sized>(rng: &mut R, n: u128) -> u128 {
    debug_assert!(n > 0);
    let bits = 128 - (n - 1).leading_zeros();
    let mask = if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
    loop {
        let x = if bits <= 64 {
            u128::from(rng.next_u64())
        } else {
            u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())
        } & mask;
        if x < n {
            return x;
        }
    }
}

/// Fisher–Yates with exact draws.
#[inline]
pub fn shuffle<R: RngCore + ?Sized, T>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below_u32(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below_u32(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        let n = 3u128 << 100;
        for _ in 0..1000 {
            assert!(below_u128(&mut rng, n) < n);
        }
        assert_eq!(below_u128(&mut rng, 1), 0);
    }
}

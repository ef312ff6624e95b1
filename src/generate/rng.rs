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

/// Fills `out[i]` uniformly in `0..bounds[i]`, independently, packing as many bounds as fit into
/// each 64-bit draw (Brackett-Rozinsky & Lemire, "Batched ranged random integer generation",
/// 2024): multiply by each bound in turn, take the high words, and reject on the leftover exactly
/// as Lemire's single-bound method does. A 10-card shuffle costs one draw instead of nine.
#[inline]
pub fn fill_below<R: RngCore + ?Sized>(rng: &mut R, bounds: &[u32], out: &mut [u32]) {
    debug_assert_eq!(bounds.len(), out.len());
    let mut start = 0;
    while start < bounds.len() {
        let mut product: u128 = 1;
        let mut end = start;
        while end < bounds.len() && product * u128::from(bounds[end]) <= 1u128 << 64 {
            product *= u128::from(bounds[end]);
            end += 1;
        }
        debug_assert!(end > start, "every bound is at most 2^32");
        loop {
            let mut r = rng.next_u64();
            for i in start..end {
                let m = u128::from(r) * u128::from(bounds[i]);
                out[i] = (m >> 64) as u32;
                r = m as u64;
            }
            // Leftovers below 2^64 mod product would favour some outcomes: reject them.
            if u128::from(r) >= product || u128::from(r) >= ((1u128 << 64) - product) % product {
                break;
            }
        }
        start = end;
    }
}

/// Most items [`shuffle`] takes: 20! < 2⁶⁴, so every shuffle is one batched 64-bit draw.
pub const SHUFFLE_MAX: usize = 20;

/// Fisher–Yates with exact draws: all n − 1 swap indices come from one 64-bit draw (see
/// [`fill_below`]), rejected with probability below n!/2⁶⁴.
#[inline]
pub fn shuffle<R: RngCore + ?Sized, T>(rng: &mut R, items: &mut [T]) {
    let n = items.len();
    assert!(n <= SHUFFLE_MAX, "shuffle is for at most {SHUFFLE_MAX} items");
    if n < 2 {
        return;
    }
    let product: u64 = (2..=n as u64).product();
    let mut picks = [0u8; SHUFFLE_MAX];
    loop {
        let mut r = rng.next_u64();
        for (k, pick) in picks[..n - 1].iter_mut().enumerate() {
            let m = u128::from(r) * (n - k) as u128;
            *pick = (m >> 64) as u8;
            r = m as u64;
        }
        if r >= product || r >= product.wrapping_neg() % product {
            break;
        }
    }
    for (k, &pick) in picks[..n - 1].iter().enumerate() {
        items.swap(n - 1 - k, pick as usize);
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

    #[test]
    fn batched_shuffle_gives_every_permutation_equally_often() {
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..24_000 {
            let mut v = [0, 1, 2, 3];
            shuffle(&mut rng, &mut v);
            *seen.entry(v).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 24);
        assert!(seen.values().all(|&c| (850..1150).contains(&c)), "{seen:?}");
    }

    #[test]
    fn fill_below_packs_and_splits_bounds() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let bounds = [1710, 639, 240, 90, 1710, 1710, 3, u32::MAX];
        let mut out = [0; 8];
        let mut max = [0; 8];
        for _ in 0..20_000 {
            fill_below(&mut rng, &bounds, &mut out);
            for i in 0..8 {
                assert!(out[i] < bounds[i]);
                max[i] = max[i].max(out[i]);
            }
        }
        assert_eq!(max[6], 2);
        assert!(max[0] > 1700 && max[3] == 89);
    }
}

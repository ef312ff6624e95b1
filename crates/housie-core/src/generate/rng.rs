//! Exactly unbiased integer draws. `rand`'s single-sample ranges trade a 2⁻⁶⁴-scale bias for
//! speed; housie promises every book equally likely, so these reject instead.

use rand::RngCore;

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

    /// Hands out the words it is given, then a sentinel, so a test sees how many were used.
    struct Words(Vec<u64>);

    impl RngCore for Words {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            if self.0.is_empty() {
                u64::MAX
            } else {
                self.0.remove(0)
            }
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unreachable!()
        }
    }

    /// The batched draw, exactly: with bounds of product P, outcome o (in mixed radix) is given by
    /// the words r in [⌈o·2⁶⁴/P⌉, ⌈(o+1)·2⁶⁴/P⌉), and r is rejected only when its leftover
    /// r·P mod 2⁶⁴ is below 2⁶⁴ mod P, which can happen only to the first word of a range. This
    /// checks the implementation at both ends of every range and counts the accepted words of
    /// each outcome: the same for all P outcomes.
    #[test]
    fn batched_rejection_gives_every_outcome_exactly_equally_many_words() {
        for bounds in [vec![3u32, 5, 7], vec![2, 2, 3], vec![1710, 639], vec![9, 10, 11]] {
            let p: u128 = bounds.iter().map(|&b| u128::from(b)).product();
            let two64 = 1u128 << 64;
            let threshold = (two64 - p) % p;
            let start = |o: u128| (o * two64).div_ceil(p);
            let digits = |o: u128| {
                let mut rest = o;
                let mut out = vec![0u32; bounds.len()];
                for i in (0..bounds.len()).rev() {
                    out[i] = (rest % u128::from(bounds[i])) as u32;
                    rest /= u128::from(bounds[i]);
                }
                out
            };
            let mut accepted = std::collections::BTreeSet::new();
            for o in 0..p {
                let (lo, hi) = (start(o), start(o + 1));
                let mut out = vec![0u32; bounds.len()];
                // The last word of the range is never rejected and gives outcome o.
                let mut words = Words(vec![(hi - 1) as u64]);
                fill_below(&mut words, &bounds, &mut out);
                assert_eq!((out.clone(), words.0.len()), (digits(o), 0), "{bounds:?}, outcome {o}");
                // The first word: rejected exactly when its leftover is below the threshold.
                let leftover = (lo * p) % two64;
                let mut words = Words(vec![lo as u64, (hi - 1) as u64]);
                fill_below(&mut words, &bounds, &mut out);
                let rejected = leftover < threshold;
                assert_eq!(words.0.is_empty(), rejected, "{bounds:?}, outcome {o}: word {lo}");
                assert_eq!(out, digits(o));
                // The second word of a range is always accepted.
                if lo + 1 < hi {
                    let mut words = Words(vec![(lo + 1) as u64]);
                    fill_below(&mut words, &bounds, &mut out);
                    assert_eq!((out.clone(), words.0.len()), (digits(o), 0));
                }
                accepted.insert(hi - lo - u128::from(rejected));
            }
            assert_eq!(accepted.len(), 1, "{bounds:?}: outcomes are given by different numbers of words");
            assert_eq!(accepted.first().copied(), Some(two64 / p));
        }
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
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

//! A logo's print pixels made smaller, the same to the bit on every platform and in a page:
//! Lanczos-3 (as `image`'s resize, which housie 0.13 used), its weights worked out once per
//! row and column in `f64` with a pure-Rust `sin` and then held as whole numbers, and every
//! pixel summed in integers. `image` sums in `f32` with the platform's `sin`, whose last bit
//! differs between glibc, Windows and WebAssembly: a few edge pixels then came out 1/255
//! apart, and a page's run no longer matched the native one.

/// Fraction bits of a weight: a weight of 1 is `1 << WEIGHT_BITS`.
const WEIGHT_BITS: u32 = 14;
/// Lanczos-3 reaches three source pixels either side (at the destination's scale).
const LOBES: f64 = 3.0;

/// The source pixels that make one destination pixel, and how much each counts.
struct Taps {
    /// The first source pixel.
    first: usize,
    /// Its weight and the next ones', in [`WEIGHT_BITS`] fixed point, summing to exactly 1.
    weights: Vec<i32>,
}

/// `sin(πx)/(πx)`.
fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        return 1.0;
    }
    let a = x * std::f64::consts::PI;
    libm::sin(a) / a
}

fn lanczos3(x: f64) -> f64 {
    if x.abs() < LOBES {
        sinc(x) * sinc(x / LOBES)
    } else {
        0.0
    }
}

/// For each of `to` destination pixels along an axis of `from` source pixels (`to <= from`),
/// its taps: the kernel stretched by the scale (so it filters as it shrinks), cut at the
/// image's edges, and its weights rounded so that they sum to exactly one.
fn taps(from: usize, to: usize) -> Vec<Taps> {
    let scale = from as f64 / to as f64;
    let support = LOBES * scale;
    (0..to)
        .map(|o| {
            let centre = (o as f64 + 0.5) * scale;
            let first = (centre - support).floor().max(0.0) as usize;
            let last = ((centre + support).ceil() as usize).min(from);
            let raw: Vec<f64> = (first..last).map(|i| lanczos3((i as f64 + 0.5 - centre) / scale)).collect();
            let total: f64 = raw.iter().sum();
            let one = 1i32 << WEIGHT_BITS;
            let mut weights: Vec<i32> = raw.iter().map(|w| (w / total * f64::from(one)).round() as i32).collect();
            // What rounding lost or gained goes to the largest weight, so a flat area stays flat.
            let (largest, _) = weights.iter().enumerate().max_by_key(|(_, w)| **w).expect("a pixel has a tap");
            weights[largest] += one - weights.iter().sum::<i32>();
            Taps { first, weights }
        })
        .collect()
}

/// `pixels` (`width` × `height`, `channels` bytes a pixel, row by row) resampled to
/// `to_width` × `to_height`, each no larger than the source's: down the columns first, then
/// along the rows, in integers throughout.
pub fn shrink(
    pixels: &[u8],
    width: usize,
    height: usize,
    channels: usize,
    to_width: usize,
    to_height: usize,
) -> Vec<u8> {
    assert_eq!(pixels.len(), width * height * channels, "the pixels are the image's");
    assert!(to_width <= width && to_height <= height && to_width > 0 && to_height > 0, "only smaller");
    let row = width * channels;
    // Down the columns: `to_height` rows of sums, each still carrying WEIGHT_BITS fraction bits
    // (Lanczos overshoots, so they may be a little below 0 or above 255).
    let mut between = vec![0i32; to_height * row];
    for (out, t) in between.chunks_exact_mut(row).zip(taps(height, to_height)) {
        for (k, w) in t.weights.iter().enumerate() {
            let source = &pixels[(t.first + k) * row..][..row];
            for (sum, &v) in out.iter_mut().zip(source) {
                *sum += w * i32::from(v);
            }
        }
    }
    // Along the rows, then rounded back to whole values and held within 0–255.
    let columns = taps(width, to_width);
    let mut out = Vec::with_capacity(to_width * to_height * channels);
    let half = 1i64 << (2 * WEIGHT_BITS - 1);
    for line in between.chunks_exact(row) {
        for t in &columns {
            for c in 0..channels {
                let sum: i64 = t
                    .weights
                    .iter()
                    .enumerate()
                    .map(|(k, &w)| i64::from(w) * i64::from(line[(t.first + k) * channels + c]))
                    .sum();
                out.push(((sum + half) >> (2 * WEIGHT_BITS)).clamp(0, 255) as u8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_one_and_a_flat_image_stays_flat() {
        for (from, to) in [(720, 189), (240, 189), (1000, 3), (5, 5), (7, 1)] {
            for t in taps(from, to) {
                assert_eq!(t.weights.iter().sum::<i32>(), 1 << WEIGHT_BITS, "{from} → {to}");
                assert!(t.first + t.weights.len() <= from);
            }
        }
        let flat = vec![137u8; 40 * 30 * 4];
        assert!(shrink(&flat, 40, 30, 4, 13, 7).iter().all(|&v| v == 137));
    }

    #[test]
    fn an_edge_rings_as_lanczos_does_and_stays_within_a_byte() {
        // Black then white, halved: the kernel's lobes ring either side of the edge, evenly
        // (each value and its mirror sum to 255), held within 0 and 255.
        let line: Vec<u8> = (0..64).map(|x| if x < 32 { 0 } else { 255 }).collect();
        let out = shrink(&line, 64, 1, 1, 32, 1);
        assert_eq!(&out[12..20], &[0, 1, 0, 14, 241, 255, 254, 255]);
        assert!((0..32).all(|i| u32::from(out[i]) + u32::from(out[31 - i]) == 255), "{out:?}");
        // The same to the bit as the first time it was run (any platform that differs fails).
        let gradient: Vec<u8> = (0..90 * 60 * 3).map(|i| (i * 7 % 251) as u8).collect();
        let hash = crate::support::digest::sha256_hex(shrink(&gradient, 90, 60, 3, 31, 17));
        assert_eq!(hash, "444c750debc32f7dd0395787de333a86e5c6ca157ec43a638385ec8471b0344d");
    }
}

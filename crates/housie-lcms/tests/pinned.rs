//! Little CMS as housie builds it gives exactly what the `lcms2` crate (4.0.7's Little CMS
//! 2.19, housie 0.7 to 0.12) gave: every one of the 16,777,216 sRGB colours to FOGRA39's CMYK,
//! and CMYK to CIELAB on a grid of 194,481 points, hashed and compared with the hashes taken
//! from that crate before housie switched. A logo of any colours converts to the same bytes,
//! so runs with a logo keep verifying. The WebAssembly build is held to the same hashes by
//! `tests/it/wasm.rs`.

use sha2::{Digest, Sha256};

const FOGRA39: &[u8] = include_bytes!("../../housie-core/icc/CoatedFOGRA39.icc");

/// SHA-256 of every sRGB colour's CMYK, red slowest, blue fastest.
fn cube() -> String {
    let mut t = housie_lcms::RgbToCmyk::new(FOGRA39).unwrap();
    let mut hash = Sha256::new();
    let mut rgb = vec![[0u8; 3]; 1 << 16];
    let mut cmyk = vec![[0u8; 4]; 1 << 16];
    for r in 0..=255u8 {
        for (i, p) in rgb.iter_mut().enumerate() {
            *p = [r, (i >> 8) as u8, i as u8];
        }
        t.convert(&rgb, &mut cmyk);
        for p in &cmyk {
            hash.update(p);
        }
    }
    format!("{:x}", hash.finalize())
}

/// SHA-256 of the CIELAB doubles of CMYK every 5 % of each ink.
fn grid() -> String {
    let mut t = housie_lcms::CmykToLab::new(FOGRA39).unwrap();
    let mut hash = Sha256::new();
    for c in 0..=20 {
        for m in 0..=20 {
            for y in 0..=20 {
                for k in 0..=20 {
                    let lab = t.lab([c, m, y, k].map(|v| f64::from(v) * 5.0));
                    for v in lab {
                        hash.update(v.to_bits().to_le_bytes());
                    }
                }
            }
        }
    }
    format!("{:x}", hash.finalize())
}

#[test]
fn every_srgb_colour_converts_as_the_lcms2_crate_converted_it() {
    assert_eq!(cube(), "57ac8aa95f7747f224e95eb11d2bd6f732fd8eff56fc98760a36889ed9d36e79");
}

#[test]
fn cmyk_reads_as_the_lcms2_crate_read_it() {
    assert_eq!(grid(), "59367171a8efb2ef41181daa52dbbab380445b046d75ed9cd4eaa006d18e2f31");
    // CIEDE2000 of a pair from Sharma, Wu and Dalal's test data (pair 1: 2.0425).
    let d = housie_lcms::delta_e_2000([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]);
    assert!((d - 2.0425).abs() < 1e-4, "{d}");
}

/// The negative control: a profile that is not one is refused, and a one-bit change to the
/// colours would change the hash.
#[test]
fn a_broken_profile_is_refused() {
    assert!(housie_lcms::RgbToCmyk::new(b"not a profile").is_err());
    assert!(housie_lcms::CmykToLab::new(&FOGRA39[..100]).is_err());
}

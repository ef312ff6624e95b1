//! Finds the shipped palette's tints (housie 0.7 on): for each game colour, a fraction of its
//! inks (0.20 to 0.90, rounded to half a percent, dots under 3 % left out) such that every pair
//! of tints, and each tint against paper, is as far apart as needed (CIEDE2000 through the
//! bundled FOGRA39 profile), preferring light tints. Coordinate ascent: each colour in turn
//! takes the fraction that best keeps the set apart, twelve rounds.
//!
//!     cargo run -p housie-core --release --example palette_tints
//!
//! The figures it prints are in `print/palette.rs`'s table.

use housie_core::print::colour::Cmyk;
use housie_core::print::palette::{default_palette, scaled};
use housie_core::print::proof::{Proof, PAPER};

/// Aimed a little above the 10.0 the test asks, so rounding cannot sink it.
const AIM: f64 = 10.8;

fn main() {
    let proof = Proof::fogra39();
    let palette = default_palette();
    let levels: Vec<f32> = (0..=14).map(|k| 0.2 + 0.05 * k as f32).collect();
    let least = |t: &[Cmyk]| {
        let mut least = f64::MAX;
        for i in 0..t.len() {
            least = least.min(proof.delta_e(t[i], PAPER));
            for j in i + 1..t.len() {
                least = least.min(proof.delta_e(t[i], t[j]));
            }
        }
        least
    };
    let tints = |f: &[f32]| -> Vec<Cmyk> { palette.iter().zip(f).map(|(c, &f)| scaled(c.colour, f)).collect() };
    let mut f = vec![0.3f32; palette.len()];
    for _ in 0..12 {
        for i in 0..palette.len() {
            let mut best = (f64::MIN, f[i]);
            for &level in &levels {
                let mut g = f.clone();
                g[i] = level;
                let score = least(&tints(&g)).min(AIM) - 0.05 * f64::from(level);
                if score > best.0 {
                    best = (score, level);
                }
            }
            f[i] = best.1;
        }
    }
    let t = tints(&f);
    for ((c, t), f) in palette.iter().zip(&t).zip(&f) {
        let lab = proof.lab(*t);
        println!("{:9} × {f:.2} = {:?}  L* {:.1}, {:.1} from paper", c.name, t.0, lab[0], proof.delta_e(*t, PAPER));
    }
    println!("least apart: {:.2}", least(&t));
}

//! Colours as they print: CMYK through the print condition's own profile (Coated FOGRA39,
//! [`super::profile`]) to CIELAB, by Little CMS, and how far apart two of them look (CIEDE2000).
//! The palette's tints are chosen and checked with it, so "the Red page" and "the Orange page"
//! stay apart on paper, not only on screen.

use std::sync::Mutex;

use housie_lcms::CmykToLab;

use super::colour::Cmyk;

/// CMYK in the print condition, to CIELAB (D50) as a spectrophotometer would read the sheet.
pub struct Proof {
    transform: Mutex<CmykToLab>,
}

impl Proof {
    /// The proof through the bundled FOGRA39 profile (absolute colorimetric: paper is paper).
    pub fn fogra39() -> Proof {
        let transform = CmykToLab::new(super::profile::icc_profile()).expect("CMYK to Lab through FOGRA39");
        Proof { transform: Mutex::new(transform) }
    }

    /// `colour` as printed, in CIELAB: L*, a*, b*.
    pub fn lab(&self, Cmyk(c): Cmyk) -> [f64; 3] {
        self.transform.lock().unwrap_or_else(std::sync::PoisonError::into_inner).lab(c.map(f64::from))
    }

    /// How far apart `a` and `b` look on paper: CIEDE2000 (1 is about the least difference an
    /// eye sees side by side; 10 is two colours no one calls the same).
    pub fn delta_e(&self, a: Cmyk, b: Cmyk) -> f64 {
        housie_lcms::delta_e_2000(self.lab(a), self.lab(b))
    }
}

/// Paper: no ink.
pub const PAPER: Cmyk = Cmyk([0.0; 4]);

/// The smallest dot that holds on offset and laser: lighter ink drops out.
pub const MIN_DOT: f32 = 3.0;

/// What is wrong with a set of tints on paper: each pair (by index) closer than `least`
/// CIEDE2000, each tint closer than that to paper, and each ink under [`MIN_DOT`] (but none).
pub fn tint_problems(proof: &Proof, tints: &[Cmyk], least: f64) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &a) in tints.iter().enumerate() {
        let paper = proof.delta_e(a, PAPER);
        if paper < least {
            out.push(format!("tint {i} is {paper:.1} from paper"));
        }
        if a.0.iter().any(|&v| v > 0.0 && v < MIN_DOT) {
            out.push(format!("tint {i} has a dot under {MIN_DOT} %: {:?}", a.0));
        }
        for (j, &b) in tints.iter().enumerate().skip(i + 1) {
            let d = proof.delta_e(a, b);
            if d < least {
                out.push(format!("tints {i} and {j} are {d:.1} apart"));
            }
        }
    }
    out
}

//! A colour per game, so the caller can say "the blue page": the header band in the game's
//! colour and the blank cells in a light tint of it. Numbers, serials and lines stay 100 % K.
//!
//! The tints are what is left to tell the games apart once a band is torn off, so from housie
//! 0.7 each shipped colour carries its own tint, chosen through the print profile
//! ([`super::proof`]): every pair of tints, and each tint against paper, at least
//! [`MIN_TINT_DELTA_E`] apart (CIEDE2000), no ink under 3 %. `examples/palette_tints.rs` finds
//! them. Runs of housie 0.2 to 0.6 keep the quarter tint ([`tint`]) they printed.
//!
//! The shipped ten were chosen to stay apart for people with the common colour-vision
//! deficiencies, and [`closest_pair`] is how that is checked: each colour converted to sRGB
//! ([`linear_rgb`], which [`super::colour::contrast`] uses too), simulated for
//! protanopia, deuteranopia and tritanopia with Machado, Oliveira and Fernandes' (2009)
//! full-severity matrices on linear RGB, then compared in CIELAB. Every pair is at least
//! [`MIN_DISTANCE`] apart under normal vision and each simulation.

use serde::Deserialize;

use super::colour::{linear_rgb, Cmyk};

/// One game's colour, named for the caller ("Game 3 · Lime").
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteColour {
    /// The colour's name, as the caller says it.
    pub name: String,
    /// The colour.
    pub colour: Cmyk,
    /// The blank cells' tint (housie 0.7 on); without it, a third of each ink (any under 3 %
    /// left out).
    #[serde(default)]
    pub tint: Option<Cmyk>,
}

impl PaletteColour {
    /// The blank cells' tint in runs of housie 0.7 on: the colour's own, or a third of each ink
    /// with any dot under [`super::proof::MIN_DOT`] left out.
    pub fn press_tint(&self) -> Cmyk {
        self.tint.unwrap_or_else(|| scaled(self.colour, 1.0 / 3.0))
    }
}

/// `colour` with each ink times `fraction`, in half percents, any dot under
/// [`super::proof::MIN_DOT`] left out: how the tints are made.
pub fn scaled(Cmyk(c): Cmyk, fraction: f32) -> Cmyk {
    Cmyk(c.map(|v| {
        let t = (v * fraction * 2.0).round() / 2.0;
        if t < super::proof::MIN_DOT {
            0.0
        } else {
            t
        }
    }))
}

/// The shipped palette: ten colours, each pair at least [`MIN_DISTANCE`] apart in CIELAB
/// under normal vision and simulated protanopia, deuteranopia and tritanopia.
pub fn default_palette() -> Vec<PaletteColour> {
    // Each colour and its tint (housie 0.7 on): the tints at least 10.8 apart (CIEDE2000
    // through FOGRA39), each other and paper.
    [
        ("Blue", [85.0, 50.0, 10.0, 0.0], [34.0, 20.0, 4.0, 0.0]),
        ("Red", [0.0, 80.0, 90.0, 10.0], [0.0, 40.0, 45.0, 5.0]),
        ("Lime", [25.0, 5.0, 80.0, 5.0], [6.5, 0.0, 20.0, 0.0]),
        ("Green", [90.0, 10.0, 85.0, 30.0], [27.0, 3.0, 25.5, 9.0]),
        ("Violet", [80.0, 95.0, 5.0, 5.0], [16.0, 19.0, 0.0, 0.0]),
        ("Orange", [0.0, 65.0, 90.0, 0.0], [0.0, 13.0, 18.0, 0.0]),
        ("Aqua", [70.0, 0.0, 25.0, 0.0], [24.5, 0.0, 9.0, 0.0]),
        ("Pink", [5.0, 55.0, 5.0, 20.0], [3.5, 38.5, 3.5, 14.0]),
        ("Maroon", [35.0, 100.0, 80.0, 10.0], [10.5, 30.0, 24.0, 3.0]),
        ("Charcoal", [20.0, 30.0, 5.0, 75.0], [9.0, 13.5, 0.0, 34.0]),
    ]
    .into_iter()
    .map(|(name, c, t)| PaletteColour { name: name.to_string(), colour: Cmyk(c), tint: Some(Cmyk(t)) })
    .collect()
}

/// Least CIEDE2000 between two game tints, and between a tint and paper, through the print
/// profile (housie 0.7 on).
pub const MIN_TINT_DELTA_E: f64 = 10.0;

/// Least CIELAB distance (ΔE*ab) between two game colours, under every vision simulated.
pub const MIN_DISTANCE: f32 = 10.0;

/// The blank-cell tint of a game colour in runs of housie 0.2 to 0.6: a quarter of each ink.
pub fn tint(Cmyk(c): Cmyk) -> Cmyk {
    Cmyk(c.map(|v| v / 4.0))
}

/// How colours are seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Normal vision.
    Normal,
    /// No long-wavelength cones.
    Protanopia,
    /// No medium-wavelength cones.
    Deuteranopia,
    /// No short-wavelength cones.
    Tritanopia,
}

impl Vision {
    /// Every vision simulated.
    pub const ALL: [Vision; 4] = [Vision::Normal, Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia];

    /// Machado et al. (2009), severity 1.0, on linear RGB.
    fn matrix(self) -> [[f32; 3]; 3] {
        match self {
            Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Vision::Protanopia => [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            Vision::Deuteranopia => [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            Vision::Tritanopia => [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        }
    }

    /// A colour as this vision sees it, in CIELAB (D65).
    pub fn lab(self, colour: Cmyk) -> [f32; 3] {
        let rgb = linear_rgb(colour);
        let seen = self.matrix().map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0));
        let [r, g, b] = seen;
        let xyz = [
            (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83,
        ];
        let f = |t: f32| if t > 0.008_856 { libm::cbrtf(t) } else { 7.787 * t + 16.0 / 116.0 };
        let [fx, fy, fz] = xyz.map(f);
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }
}

/// The two colours closest together under any vision, with their distance (ΔE*ab).
pub fn closest_pair(colours: &[Cmyk]) -> Option<(f32, Vision, usize, usize)> {
    let mut best: Option<(f32, Vision, usize, usize)> = None;
    for vision in Vision::ALL {
        let labs: Vec<[f32; 3]> = colours.iter().map(|&c| vision.lab(c)).collect();
        for i in 0..labs.len() {
            for j in i + 1..labs.len() {
                let d = labs[i].iter().zip(&labs[j]).map(|(a, b)| (a - b) * (a - b)).sum::<f32>().sqrt();
                if best.is_none_or(|b| d < b.0) {
                    best = Some((d, vision, i, j));
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_ten_stay_apart_for_every_common_colour_vision() {
        let palette = default_palette();
        assert_eq!(palette.len(), 10);
        let colours: Vec<Cmyk> = palette.iter().map(|p| p.colour).collect();
        let (d, vision, i, j) = closest_pair(&colours).unwrap();
        assert!(d >= MIN_DISTANCE, "{} and {} are {d:.1} apart under {vision:?}", palette[i].name, palette[j].name);
        // Measured: the closest pair is Red and Orange under deuteranopia, 12.0 apart.
        assert!((d - 12.0).abs() < 0.2, "{d}");
        assert_eq!(vision, Vision::Deuteranopia);
    }

    /// Through FOGRA39 the shipped tints stay apart on paper, with no dot under 3 %; the
    /// quarter tints of housie 0.6 are the negative control (Red and Orange 3.2 apart, Aqua
    /// 8.7 from paper).
    #[test]
    fn the_shipped_tints_stay_apart_on_paper() {
        use crate::print::proof::{tint_problems, Proof};
        let proof = Proof::fogra39();
        let palette = default_palette();
        let tints: Vec<Cmyk> = palette.iter().map(PaletteColour::press_tint).collect();
        assert_eq!(tint_problems(&proof, &tints, MIN_TINT_DELTA_E), Vec::<String>::new());
        let least =
            (0..10).flat_map(|i| (i + 1..10).map(move |j| (i, j))).map(|(i, j)| proof.delta_e(tints[i], tints[j]));
        let least = least.fold(f64::MAX, f64::min);
        assert!((10.8..11.5).contains(&least), "{least}");
        let old: Vec<Cmyk> = palette.iter().map(|p| tint(p.colour)).collect();
        let problems = tint_problems(&proof, &old, MIN_TINT_DELTA_E);
        assert!(problems.contains(&"tints 1 and 5 are 3.2 apart".to_string()), "{problems:?}");
        assert!(problems.contains(&"tint 6 is 8.7 from paper".to_string()), "{problems:?}");
        // A colour with no tint of its own takes a third of each ink, dropping dots under 3 %.
        let own = PaletteColour { name: "Mine".into(), colour: Cmyk([60.0, 6.0, 30.0, 0.0]), tint: None };
        assert_eq!(own.press_tint(), Cmyk([20.0, 0.0, 10.0, 0.0]));
    }

    #[test]
    fn a_red_and_a_green_that_deuteranopes_confuse_are_caught() {
        // Negative control: 144 apart for normal vision, 7.5 under deuteranopia.
        let (red, green) = (Cmyk([0.0, 90.0, 100.0, 0.0]), Cmyk([100.0, 0.0, 100.0, 30.0]));
        let apart = |v: Vision| {
            let (a, b) = (v.lab(red), v.lab(green));
            a.iter().zip(&b).map(|(x, y)| (x - y) * (x - y)).sum::<f32>().sqrt()
        };
        assert!(apart(Vision::Normal) > 100.0);
        let (d, vision, _, _) = closest_pair(&[red, green]).unwrap();
        assert!(d < MIN_DISTANCE && vision == Vision::Deuteranopia, "{d} {vision:?}");
    }
}

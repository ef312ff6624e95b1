//! A colour per game, so the caller can say "the blue page": the header band in the game's
//! colour and the blank cells in a light tint of it. Numbers, serials and lines stay 100 % K.
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
}

/// The shipped palette: ten colours, each pair at least [`MIN_DISTANCE`] apart in CIELAB
/// under normal vision and simulated protanopia, deuteranopia and tritanopia.
pub fn default_palette() -> Vec<PaletteColour> {
    [
        ("Blue", [85.0, 50.0, 10.0, 0.0]),
        ("Red", [0.0, 80.0, 90.0, 10.0]),
        ("Lime", [25.0, 5.0, 80.0, 5.0]),
        ("Green", [90.0, 10.0, 85.0, 30.0]),
        ("Violet", [80.0, 95.0, 5.0, 5.0]),
        ("Orange", [0.0, 65.0, 90.0, 0.0]),
        ("Aqua", [70.0, 0.0, 25.0, 0.0]),
        ("Pink", [5.0, 55.0, 5.0, 20.0]),
        ("Maroon", [35.0, 100.0, 80.0, 10.0]),
        ("Charcoal", [20.0, 30.0, 5.0, 75.0]),
    ]
    .into_iter()
    .map(|(name, c)| PaletteColour { name: name.to_string(), colour: Cmyk(c) })
    .collect()
}

/// Least CIELAB distance (ΔE*ab) between two game colours, under every vision simulated.
pub const MIN_DISTANCE: f32 = 10.0;

/// The blank-cell tint of a game colour: a quarter of each ink.
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
        let f = |t: f32| if t > 0.008_856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
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

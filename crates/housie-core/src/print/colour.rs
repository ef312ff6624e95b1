//! Colour maths for print: CMYK percentages as the templates write them, a rough conversion to
//! linear sRGB, and the contrast ratio the fit checks and the palette's colour-vision check use.

use serde::Deserialize;

/// A CMYK colour in percent: exactly four components, `[c, m, y, k]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cmyk(pub [f32; 4]);

impl Cmyk {
    /// 100 % K.
    pub const BLACK: Cmyk = Cmyk([0.0, 0.0, 0.0, 100.0]);
    /// No ink: paper.
    pub const WHITE: Cmyk = Cmyk([0.0; 4]);
}

impl<'de> Deserialize<'de> for Cmyk {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cmyk, D::Error> {
        let parts = Vec::<f32>::deserialize(d)?;
        <[f32; 4]>::try_from(parts.as_slice()).map(Cmyk).map_err(|_| {
            serde::de::Error::custom(format!(
                "a colour is four CMYK percentages [c, m, y, k]; this one has {}",
                parts.len()
            ))
        })
    }
}

/// A CMYK colour as linear sRGB, roughly: the naive (1 − c)(1 − k) rule, then sRGB's transfer
/// curve undone. Enough to refuse yellow on white or compare a palette, not a colour-managed proof.
pub fn linear_rgb(Cmyk([c, m, y, k]): Cmyk) -> [f32; 3] {
    [c, m, y].map(|v| {
        let s = (1.0 - v / 100.0) * (1.0 - k / 100.0);
        if s <= 0.040_45 {
            s / 12.92
        } else {
            // libm's, not the platform's: a header's text colour is chosen by this.
            libm::powf((s + 0.055) / 1.055, 2.4)
        }
    })
}

/// The contrast ratio of two CMYK colours as seen on paper, roughly: each as [`linear_rgb`],
/// then WCAG's relative luminance.
pub fn contrast(a: Cmyk, b: Cmyk) -> f32 {
    let luminance = |c: Cmyk| {
        let [r, g, b] = linear_rgb(c);
        0.2126 * r + 0.7152 * g + 0.0722 * b
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_has_four_components() {
        let read = |t: &str| toml::from_str::<std::collections::BTreeMap<String, Cmyk>>(t).map(|m| m["c"]);
        assert_eq!(read("c = [0, 0, 0, 100]").unwrap(), Cmyk::BLACK);
        let err = read("c = [0, 0, 0, 100, 5]").unwrap_err().to_string();
        assert!(err.contains("a colour is four CMYK percentages [c, m, y, k]; this one has 5"), "{err}");
        assert!(read("c = [0, 0, 100]").is_err());
        assert!(contrast(Cmyk::BLACK, Cmyk([0.0; 4])) > 20.0);
    }
}

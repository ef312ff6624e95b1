//! A serial as a Code 128 barcode (the bars as (start, width) runs of modules) or a QR code
//! (dark runs per row), for the PDF to draw as vector rectangles. A USB handheld scanner reads
//! Code 128 and types the serial and Enter, which is what the night's desk takes; a phone or a
//! 2D imager reads the QR code.

use barcoders::sym::code128::Code128;

use crate::domain::Serial;

/// Module (narrowest bar) width, mm: 0.25 mm is well inside what handheld scanners read.
pub const MODULE_MM: f32 = 0.25;

/// Clear space each side of the bars, in modules (Code 128 asks for at least ten).
pub const QUIET_MODULES: usize = 10;

/// The dark bars of a serial's Code 128 symbol, as (first module, modules wide), and the
/// symbol's total width in modules (quiet zones not included).
pub fn code128(serial: Serial) -> (Vec<(usize, usize)>, usize) {
    // 'Ɓ' selects character set B, which holds digits and the hyphen.
    let modules = Code128::new(format!("Ɓ{serial}")).expect("digits and hyphens are in set B").encode();
    let mut bars = Vec::new();
    let mut start = None;
    for (i, &m) in modules.iter().chain(std::iter::once(&0)).enumerate() {
        match (m, start) {
            (1, None) => start = Some(i),
            (0, Some(s)) => {
                bars.push((s, i - s));
                start = None;
            }
            _ => {}
        }
    }
    (bars, modules.len())
}

/// QR module size, mm: a version-1 symbol (21 modules) is 6.3 mm square.
pub const QR_MODULE_MM: f32 = 0.3;
/// Modules a side of a version-1 QR symbol, and the clear space QR asks for.
pub const QR_MODULES: usize = 21;
/// Modules of clear space around a QR code.
pub const QR_QUIET_MODULES: usize = 4;

/// The serial as a version-1 QR symbol at level M (alphanumeric mode holds 20 characters; a
/// serial has at most 14): the dark modules as (row from the top, first column, run length).
pub fn qr(serial: Serial) -> Vec<(usize, usize, usize)> {
    use qrcode::{Color, EcLevel, QrCode, Version};
    let code = QrCode::with_version(serial.to_string(), Version::Normal(1), EcLevel::M)
        .expect("a serial fits a version-1 symbol");
    let width = code.width();
    let colors = code.to_colors();
    let mut runs = Vec::new();
    for row in 0..width {
        let mut start = None;
        for col in 0..=width {
            let dark = col < width && colors[row * width + col] == Color::Dark;
            match (dark, start) {
                (true, None) => start = Some(col),
                (false, Some(s)) => {
                    runs.push((row, s, col - s));
                    start = None;
                }
                _ => {}
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_serial_is_start_b_eleven_modules_a_character_checksum_and_stop() {
        let serial = Serial::new(123, 4).unwrap();
        let (bars, width) = code128(serial);
        // Start B (11) + 10 characters (11 each) + checksum (11) + stop (13).
        assert_eq!(width, 11 + 10 * 11 + 11 + 13);
        // Start B is 11010010000: bars of 2, 1 and 1 modules.
        assert_eq!(bars[..3], [(0, 2), (3, 1), (6, 1)]);
        // The stop pattern ends in a bar of two modules.
        assert_eq!(bars.last(), Some(&(width - 2, 2)));
        assert!(bars.iter().all(|&(s, w)| s + w <= width && (1..=4).contains(&w)));
    }

    #[test]
    fn a_booklet_serial_fits_a_version_one_qr_symbol() {
        let serial = crate::domain::Numbering::booklets(10).unwrap().serial(9_999_990, 6).unwrap();
        let runs = qr(serial);
        // The three finder patterns: the top row starts with seven dark modules at both ends.
        assert!(runs.contains(&(0, 0, 7)) && runs.contains(&(0, QR_MODULES - 7, 7)));
        assert!(runs.iter().all(|&(r, c, n)| r < QR_MODULES && c + n <= QR_MODULES));
    }
}

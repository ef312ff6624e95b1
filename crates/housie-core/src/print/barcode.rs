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
    bars_of(&modules)
}

/// The serial's Code 128 symbol as housie 0.7 on prints it: its leading digits two to a symbol
/// in character set C, the rest in set B, so the symbol is a sixth shorter (123 modules for
/// `000123-4-0`, not 145) and its modules can be wider in the same room.
pub fn code128_press(serial: Serial) -> (Vec<(usize, usize)>, usize) {
    let text = serial.to_string();
    let (pairs, rest) = text.split_at(set_c_digits(&text));
    // 'Ć' selects set C (digit pairs), 'Ɓ' set B.
    let modules = Code128::new(format!("Ć{pairs}Ɓ{rest}")).expect("digit pairs in C, the rest in B").encode();
    bars_of(&modules)
}

/// How many of a serial's leading digits housie 0.7 on writes in set C: an even number.
fn set_c_digits(text: &str) -> usize {
    text.bytes().take_while(u8::is_ascii_digit).count() / 2 * 2
}

/// Module width (mm) housie 0.7 on aims at: 2.5 pixels at 150 dpi, 2 at 120, so a scan or a
/// photograph at those resolutions still resolves every bar.
pub const PRESS_MODULE_MM: f32 = 0.42;

/// The module width for a symbol of `modules` in `room` mm (its quiet zones of
/// [`QUIET_MODULES`] each side included): [`PRESS_MODULE_MM`], or less where the room is short,
/// in whole hundredths of a millimetre.
pub fn press_module(room: f32, modules: usize) -> f32 {
    let fits = room / (modules + 2 * QUIET_MODULES) as f32;
    (fits.min(PRESS_MODULE_MM) * 100.0).floor() / 100.0
}

/// The grid housie 0.15 on puts barcodes on, in hundredths of a point: 2.4 pt is 4 pixels at
/// 120 dpi, 5 at 150, 10 at 300 and 20 at 600. A renderer without anti-aliasing puts each edge
/// on a whole pixel by its own phase; a barcode started on this grid has its edges at the same
/// places among those renderers' pixels on every page of every look, none near a pixel's edge
/// (0.14's 0.42 mm module, 1.98 pixels at 120 dpi, ended wherever the serial line ended and
/// rendered a one-module bar one or three pixels wide by where it fell: poppler's bilevel
/// render read none of a bled Letter page's barcodes).
pub const GRID_H: i64 = 240;

/// Where on [`GRID_H`] a barcode's first bar starts: 0.3 pt past a grid line, half a pixel at
/// 120 dpi (a quarter at 300, a half at 600) and 5⁄8 of one at 150, so no renderer's rounding of
/// an edge to a pixel is a near thing, whichever way it rounds.
pub const GRID_PHASE_H: i64 = 30;

/// The module on the grid, hundredths of a point: 1.32 pt (0.466 mm: 2.2 pixels at 120 dpi,
/// 2.75 at 150), which keeps every edge of a symbol started on the grid's phase at least a
/// tenth of a pixel from a pixel's edge at 120 and 150 dpi. Not 1.2 pt, though it is two whole
/// pixels at 120 dpi: turned by a few degrees, a module of nearly whole pixels beats against
/// the pixel rows (Ghostscript's 120 dpi render of a page turned 6 to 10° read 0 to 2 of its 6
/// barcodes at 1.2 pt; at 0.14's 0.42 mm, none at 5° or 9°), where 1.32 pt read every one from 1
/// to 9° either way. And not less than 1.2 pt: at 1.08 the same render of a booklet's page read
/// none at any tilt.
pub const GRID_MODULE_H: i64 = 132;

/// How far a scan line tilted by 8° climbs over a unit of length: tan 8°, the tilt every
/// barcode must read at (`tests/it/scan.rs`).
pub const TILT_RISE: f32 = 0.1405;

/// Whether a symbol of `modules` fits on the grid: its bars and quiet zones at
/// [`GRID_MODULE_H`] and a grid's step to move onto it within `room_h` (hundredths of a point),
/// and a scan line tilted by 8° across its bars and quiet zones climbing no more than the bars'
/// height `bar_h` (points). A book's serial fits every shipped template; a booklet's, 22 modules
/// longer, would climb 10.8 mm over its 9.6 mm bars, and is drawn as housie 0.14 drew it.
pub fn fits_grid(room_h: i64, modules: usize, bar_h: f32) -> bool {
    let long = (modules + 2 * QUIET_MODULES) as i64 * GRID_MODULE_H;
    long + GRID_H <= room_h && long as f32 / 100.0 * TILT_RISE <= bar_h
}

/// The last point on the grid at or before `x_h` (hundredths of a point, from the sheet's left
/// edge): a grid line plus [`GRID_PHASE_H`].
pub fn on_grid_h(x_h: i64) -> i64 {
    GRID_PHASE_H + (x_h - GRID_PHASE_H).div_euclid(GRID_H) * GRID_H
}

/// A symbol's modules (1 bar, 0 space) as (first module, modules wide) bars, and its width;
/// the lean format's forms read a row's blank cells the same way.
pub(crate) fn bars_of(modules: &[u8]) -> (Vec<(usize, usize)>, usize) {
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

/// Code 128's symbol values: 0–102 data and check values, 103–105 the start codes, 106 stop.
pub const CODE128_SYMBOLS: usize = 107;
/// The start code of character set B, which holds digits and the hyphen.
const START_B: usize = 104;
/// The stop symbol (with its two-module termination bar).
pub const CODE128_STOP: usize = 106;

/// Each Code 128 symbol value's modules (1 bar, 0 space) as barcoders draws them: 11 each, 13
/// for the stop (its termination bar included). Read off barcoders' own output, so that a
/// barcode drawn symbol by symbol is exactly the one barcoders encodes. Start A and C (103,
/// 105), which housie never uses, are left empty.
pub fn code128_patterns() -> &'static [Vec<u8>; CODE128_SYMBOLS] {
    static PATTERNS: std::sync::OnceLock<[Vec<u8>; CODE128_SYMBOLS]> = std::sync::OnceLock::new();
    PATTERNS.get_or_init(|| {
        let encode = |text: &str| Code128::new(format!("Ɓ{text}")).expect("set B text").encode();
        let chunk = |modules: &[u8], i: usize| modules[11 * i..11 * i + 11].to_vec();
        let mut patterns: [Vec<u8>; CODE128_SYMBOLS] = std::array::from_fn(|_| Vec::new());
        let one = encode("0");
        patterns[START_B] = chunk(&one, 0);
        patterns[CODE128_STOP] = one[one.len() - 13..].to_vec();
        // Set B's printable characters are values 0–94 (space to `~`).
        let printable = |v: usize| char::from(32 + v as u8);
        for (v, pattern) in patterns.iter_mut().enumerate().take(95) {
            *pattern = chunk(&encode(&printable(v).to_string()), 1);
        }
        // Values 95–102 appear only as check symbols: (104 + v1 + 2·v2) mod 103 reaches each.
        for (k, pattern) in patterns.iter_mut().enumerate().take(103).skip(95) {
            let (v1, v2) = (0..95)
                .flat_map(|v1| (0..95).map(move |v2| (v1, v2)))
                .find(|(v1, v2)| (START_B + v1 + 2 * v2) % 103 == k)
                .expect("every check value is reachable");
            *pattern = chunk(&encode(&format!("{}{}", printable(v1), printable(v2))), 3);
        }
        patterns
    })
}

/// A serial's Code 128 symbol values, start to stop: its barcode drawn symbol by symbol (as the
/// glyphs of a barcode font) is exactly [`code128`]'s.
pub fn code128_symbols(serial: Serial) -> Vec<u8> {
    let modules = Code128::new(format!("Ɓ{serial}")).expect("digits and hyphens are in set B").encode();
    let values = code128_values();
    let value = |m: &[u8]| values[m[..11].iter().fold(0, |k, &b| k << 1 | usize::from(b))];
    let body = &modules[..modules.len() - 13];
    let mut symbols: Vec<u8> = body.chunks(11).map(value).collect();
    symbols.push(CODE128_STOP as u8);
    debug_assert!(symbols.iter().all(|&v| v != u8::MAX), "barcoders draws Code 128's symbols");
    symbols
}

/// Every Code 128 symbol value's modules, as [`code128_patterns`] with start C (105) too, which
/// housie 0.7 on begins its symbols with (start A, 103, stays empty: housie never uses it).
pub fn code128_all_patterns() -> &'static [Vec<u8>; CODE128_SYMBOLS] {
    static PATTERNS: std::sync::OnceLock<[Vec<u8>; CODE128_SYMBOLS]> = std::sync::OnceLock::new();
    PATTERNS.get_or_init(|| {
        let mut patterns = code128_patterns().clone();
        let modules = Code128::new("Ć00").expect("a digit pair in set C").encode();
        patterns[START_C] = modules[..11].to_vec();
        patterns
    })
}

/// The start code of character set C (digit pairs).
const START_C: usize = 105;

/// The symbol values of a serial's Code 128 symbol as housie 0.7 on prints it
/// ([`code128_press`]), start to stop: drawn symbol by symbol from
/// [`code128_all_patterns`], it is exactly `code128_press`'s bars. Worked out here rather than
/// read back from barcoders' modules, which took a tenth of a large run's time; the tests hold
/// the two to the same bars.
pub fn code128_press_symbols(serial: Serial) -> Vec<u8> {
    const CODE_B: u8 = 100;
    let text = serial.to_string();
    let bytes = text.as_bytes();
    let digits = set_c_digits(&text);
    let mut symbols = Vec::with_capacity(digits / 2 + bytes.len() - digits + 4);
    symbols.push(START_C as u8);
    symbols.extend(bytes[..digits].chunks(2).map(|pair| (pair[0] - b'0') * 10 + (pair[1] - b'0')));
    if digits < bytes.len() {
        // Set B: a character's value is its ASCII code less 32.
        symbols.push(CODE_B);
        symbols.extend(bytes[digits..].iter().map(|&b| b - 32));
    }
    // The check symbol: the start's value plus each symbol's value times its place, mod 103.
    let check = symbols.iter().enumerate().map(|(i, &v)| usize::from(v) * i.max(1)).sum::<usize>() % 103;
    symbols.push(check as u8);
    symbols.push(CODE128_STOP as u8);
    symbols
}

/// Each symbol's value by its first 11 modules read as bits (`u8::MAX`: no symbol).
fn code128_values() -> &'static [u8; 2048] {
    static VALUES: std::sync::OnceLock<[u8; 2048]> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| {
        let mut values = [u8::MAX; 2048];
        for (v, p) in code128_patterns().iter().enumerate().filter(|(v, p)| !p.is_empty() && *v != CODE128_STOP) {
            values[p.iter().fold(0, |k, &b| k << 1 | usize::from(b))] = v as u8;
        }
        values
    })
}

/// QR module size, mm: a version-1 symbol (21 modules) is 6.3 mm square.
pub const QR_MODULE_MM: f32 = 0.3;
/// Modules a side of a version-1 QR symbol, and the clear space QR asks for.
pub const QR_MODULES: usize = 21;
/// Modules of clear space around a QR code.
pub const QR_QUIET_MODULES: usize = 4;

/// `text` as a QR symbol of `version` at level M, its segments chosen by the qrcode crate to
/// be the shortest (a link's address in bytes, its serial as alphanumerics): the dark modules
/// as (row from the top, first column, run length); `None` when it does not fit.
pub fn qr_runs(text: &str, version: u8) -> Option<Vec<(usize, usize, usize)>> {
    let (width, dark) = qr_modules(text, version)?;
    let mut runs = Vec::new();
    for row in 0..width {
        let mut start = None;
        for col in 0..=width {
            let dark = col < width && dark[row * width + col];
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
    Some(runs)
}

/// The dark modules of `text` as a QR symbol of `version` at level M, row by row.
/// Whether `text` fits a QR symbol of `version` (error correction M, as housie draws them).
pub fn qr_fits(text: &str, version: u8) -> bool {
    use qrcode::{EcLevel, QrCode, Version};
    QrCode::with_version(text, Version::Normal(i16::from(version)), EcLevel::M).is_ok()
}

fn qr_modules(text: &str, version: u8) -> Option<(usize, Vec<bool>)> {
    use qrcode::{Color, EcLevel, QrCode, Version};
    let code = QrCode::with_version(text, Version::Normal(i16::from(version)), EcLevel::M).ok()?;
    Some((code.width(), code.to_colors().into_iter().map(|c| c == Color::Dark).collect()))
}

/// `text` as a QR symbol's dark area, outlined and shrunk by `shave` modules on every side:
/// a closed path a loop at a time, its corners in module units from the top left (y down).
/// Shaving the outline, not each module, leaves no seam between touching modules; it makes up
/// for ink that spreads on paper, and for a renderer that fills every pixel a shape touches
/// (Ghostscript's bilevel output), which otherwise swells dark modules by a pixel in a
/// 120 dpi scan and closes single light ones. Dark regions meeting only at a corner are kept
/// apart. `None` when `text` does not fit the version.
pub fn qr_outline(text: &str, version: u8, shave: f32) -> Option<Vec<Vec<(f32, f32)>>> {
    let (n, dark) = qr_modules(text, version)?;
    let is_dark =
        |x: i64, y: i64| x >= 0 && y >= 0 && (x as usize) < n && (y as usize) < n && dark[y as usize * n + x as usize];
    // Every side of a dark module that faces a light one, walked clockwise on screen (dark on
    // the right): from each corner, the sides leaving it.
    let mut from: std::collections::BTreeMap<(i64, i64), Vec<(i64, i64)>> = std::collections::BTreeMap::new();
    for y in 0..n as i64 {
        for x in 0..n as i64 {
            if !is_dark(x, y) {
                continue;
            }
            for (open, a, b) in [
                (!is_dark(x, y - 1), (x, y), (x + 1, y)),
                (!is_dark(x + 1, y), (x + 1, y), (x + 1, y + 1)),
                (!is_dark(x, y + 1), (x + 1, y + 1), (x, y + 1)),
                (!is_dark(x - 1, y), (x, y + 1), (x, y)),
            ] {
                if open {
                    from.entry(a).or_default().push(b);
                }
            }
        }
    }
    let right = |d: (i64, i64)| ((-d.1) as f32, d.0 as f32);
    let mut loops = Vec::new();
    // The first corner left (the leftmost) is never one where two dark modules meet: the
    // module to its left would still have sides to walk.
    while let Some(start) = from.iter().find(|(_, v)| !v.is_empty()).map(|(&k, _)| k) {
        let mut path = vec![start];
        let (mut at, mut dir) = (start, (0, 0));
        loop {
            let outs = from.get_mut(&at).expect("every side's end starts another");
            // Where two dark modules meet at a corner only, turn right: around the same module.
            let pick =
                outs.iter().position(|&b| (b.0 - at.0, b.1 - at.1) == (-dir.1, dir.0)).filter(|_| outs.len() > 1);
            let next = outs.swap_remove(pick.unwrap_or(0));
            dir = (next.0 - at.0, next.1 - at.1);
            at = next;
            if at == start {
                break;
            }
            path.push(at);
        }
        // Each side moves `shave` to its right (into the dark): a corner moves by the sum of
        // its two sides' normals; points along a straight side are left out.
        let count = path.len();
        let mut points = Vec::new();
        for i in 0..count {
            let (p, before, after) = (path[i], path[(i + count - 1) % count], path[(i + 1) % count]);
            let (d_in, d_out) = ((p.0 - before.0, p.1 - before.1), (after.0 - p.0, after.1 - p.1));
            if d_in != d_out {
                let (a, b) = (right(d_in), right(d_out));
                points.push((p.0 as f32 + shave * (a.0 + b.0), p.1 as f32 + shave * (a.1 + b.1)));
            }
        }
        loops.push(points);
    }
    Some(loops)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A symbol's modules (1 bar, 0 space) from its bars: what [`bars_of`] read them from.
    fn modules(bars: &[(usize, usize)], width: usize) -> Vec<u8> {
        let mut modules = vec![0u8; width];
        for &(start, n) in bars {
            modules[start..start + n].fill(1);
        }
        modules
    }

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

    /// housie 0.7's symbol: the leading digits in set C, so a book's serial is 123 modules and
    /// a booklet's 156 (the scan test reads them back as the serial, exactly).
    #[test]
    fn a_press_serial_packs_its_leading_digits_in_pairs() {
        let (bars, width) = code128_press(Serial::new(123, 4).unwrap());
        // Start C, 00 01 23, code B, "-4-0", checksum (11 each), stop (13).
        assert_eq!(width, 11 + 3 * 11 + 11 + 4 * 11 + 11 + 13);
        // Start C is 11010011100: bars of 2, 1 and 3 modules.
        assert_eq!(bars[..3], [(0, 2), (3, 1), (6, 3)]);
        let booklet = crate::domain::Numbering::booklets(12).unwrap().serial(1200, 1).unwrap();
        assert_eq!(code128_press(booklet).1, 156);
        // The module: 0.42 mm where there is room, less where there is not, in hundredths.
        assert_eq!(press_module(150.0, 123), 0.42);
        assert_eq!(press_module(50.0, 123), 0.34);
    }

    #[test]
    fn a_book_s_serial_fits_the_grid_and_a_booklet_s_is_too_long_for_the_tilt() {
        // 123 modules and two quiet zones of 10: 143; 9.6 mm bars are 27.21 pt.
        assert!(fits_grid(143 * 132 + 240, 123, 27.21));
        assert!(!fits_grid(143 * 132 + 239, 123, 27.21));
        assert!(!fits_grid(100_000, 145, 27.21));
    }

    #[test]
    fn the_grid_is_a_phase_past_each_step_and_never_after_the_point() {
        assert_eq!(on_grid_h(30), 30);
        assert_eq!(on_grid_h(269), 30);
        assert_eq!(on_grid_h(270), 270);
        assert_eq!(on_grid_h(29), -210);
        // At 120 and 150 dpi (0.6 and 0.48 pt a pixel) every edge of a symbol on the grid is a
        // tenth of a pixel or more from a pixel's edge.
        for k in 0..200 {
            let edge = (on_grid_h(40_123) + k * GRID_MODULE_H) as f64 / 100.0;
            for px in [0.6, 0.48] {
                let phase = (edge / px).fract();
                assert!(phase > 0.09 && phase < 0.91, "edge {k}: phase {phase} of a {px} pt pixel");
            }
        }
    }

    /// The lean format draws housie 0.7's symbol one symbol form at a time: the same bars.
    #[test]
    fn press_symbol_by_symbol_is_the_press_barcode() {
        let patterns = code128_all_patterns();
        assert_eq!(patterns.iter().filter(|p| !p.is_empty()).count(), CODE128_SYMBOLS - 1, "all but start A");
        let numbering = crate::domain::Numbering::booklets(12).unwrap();
        for serial in [
            Serial::new(123, 4).unwrap(),
            Serial::new(7, 1).unwrap(),
            Serial::new(1_234_567, 3).unwrap(),
            Serial::new(999_999_999_999, 6).unwrap(),
            numbering.serial(1200, 1).unwrap(),
        ]
        .into_iter()
        .chain((1..20_000).step_by(37).flat_map(|book| (1..=6).map(move |t| Serial::new(book, t).unwrap())))
        .chain((1..9_600).step_by(41).map(|book| numbering.serial(book, 2).unwrap()))
        {
            let symbols = code128_press_symbols(serial);
            let drawn: Vec<u8> = symbols.iter().flat_map(|&v| patterns[usize::from(v)].clone()).collect();
            let (bars, width) = code128_press(serial);
            assert_eq!(drawn, modules(&bars, width), "{serial}");
            assert_eq!((symbols[0], *symbols.last().unwrap()), (105, 106));
        }
    }

    #[test]
    fn symbol_by_symbol_is_barcoders_barcode() {
        let patterns = code128_patterns();
        let used = patterns.iter().filter(|p| !p.is_empty()).count();
        assert_eq!(used, CODE128_SYMBOLS - 2, "every symbol but start A and C");
        // Every pattern is distinct, starts with a bar and ends with a space (but the stop).
        for (v, p) in patterns.iter().enumerate().filter(|(_, p)| !p.is_empty()) {
            assert_eq!((p.len(), p[0]), (if v == CODE128_STOP { 13 } else { 11 }, 1), "{v}");
            assert!(patterns.iter().filter(|q| *q == p).count() == 1, "{v}");
        }
        let numbering = crate::domain::Numbering::booklets(12).unwrap();
        for serial in
            [Serial::new(123, 4).unwrap(), Serial::new(999_999_999_999, 6).unwrap(), numbering.serial(1200, 1).unwrap()]
        {
            let symbols = code128_symbols(serial);
            let drawn: Vec<u8> = symbols.iter().flat_map(|&v| patterns[usize::from(v)].clone()).collect();
            let (bars, width) = code128(serial);
            assert_eq!(drawn, modules(&bars, width), "{serial}");
            assert_eq!((symbols[0], *symbols.last().unwrap()), (104, 106));
            // Set B: a digit is its ASCII code less 32.
            assert_eq!(usize::from(symbols[1]), usize::from(serial.to_string().as_bytes()[0]) - 32);
        }
    }

    #[test]
    fn a_booklet_serial_fits_a_version_one_qr_symbol() {
        let serial = crate::domain::Numbering::booklets(10).unwrap().serial(9_999_990, 6).unwrap();
        // Alphanumeric mode holds 20 characters at version 1, level M; a serial has at most 14.
        let runs = qr_runs(&serial.to_string(), 1).unwrap();
        // The three finder patterns: the top row starts with seven dark modules at both ends.
        assert!(runs.contains(&(0, 0, 7)) && runs.contains(&(0, QR_MODULES - 7, 7)));
        assert!(runs.iter().all(|&(r, c, n)| r < QR_MODULES && c + n <= QR_MODULES));
    }

    /// The winding number of `loops` around `p` (nonzero: inside, as a PDF fills).
    fn winding(loops: &[Vec<(f32, f32)>], p: (f32, f32)) -> i32 {
        let mut w = 0;
        for points in loops {
            for (i, &a) in points.iter().enumerate() {
                let b = points[(i + 1) % points.len()];
                if (a.1 <= p.1) != (b.1 <= p.1) {
                    let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
                    if x > p.0 {
                        w += if b.1 > a.1 { 1 } else { -1 };
                    }
                }
            }
        }
        w
    }

    #[test]
    fn a_shaved_outline_covers_the_dark_modules_and_their_joins_and_nothing_else() {
        let text = "http://192.168.100.200:8080/p/000123-10-4-9";
        let (n, dark) = qr_modules(text, 4).unwrap();
        let at = |x: i64, y: i64| x >= 0 && y >= 0 && x < n as i64 && y < n as i64 && dark[y as usize * n + x as usize];
        for shave in [0.0, 0.14] {
            let loops = qr_outline(text, 4, shave).unwrap();
            for y in 0..n as i64 {
                for x in 0..n as i64 {
                    let inside = winding(&loops, (x as f32 + 0.5, y as f32 + 0.5)) != 0;
                    assert_eq!(inside, at(x, y), "module ({x}, {y}) at shave {shave}");
                    // Where four dark modules meet, no pinhole; where two meet only at a
                    // corner, they stay apart once shaved.
                    let around = [at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y)];
                    let corner = winding(&loops, (x as f32 + 0.001, y as f32 + 0.003)) != 0
                        || winding(&loops, (x as f32 - 0.001, y as f32 - 0.003)) != 0;
                    if around.iter().all(|&d| d) {
                        assert!(winding(&loops, (x as f32 + 0.001, y as f32 + 0.003)) != 0, "join ({x}, {y})");
                    }
                    let diagonal = around == [true, false, false, true] || around == [false, true, true, false];
                    if shave > 0.0 && diagonal {
                        assert!(!corner, "corner ({x}, {y}) shaved apart");
                    }
                }
            }
            // Shaved, a dark module's edge facing a light one moves in by `shave`.
            if shave > 0.0 {
                let (x, y) = (0.0, 0.0); // the top-left finder's corner
                assert_eq!(winding(&loops, (x + shave / 2.0, y + 0.5)), 0);
                assert_ne!(winding(&loops, (x + shave * 1.5, y + 0.5)), 0);
            }
        }
        assert!(qr_outline(text, 2, 0.1).is_none(), "too long for version 2");
    }
}

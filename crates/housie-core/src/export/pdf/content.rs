//! A content stream written straight to bytes: the handful of operators housie draws with,
//! numbers to 0.01 pt. printpdf's operation lists cost most of a page's time (built, converted
//! and dropped per page), so the per-page hot path writes operators directly.

use std::io::Write as _;

use crate::print::colour::Cmyk;
use crate::print::typeset::Shaped;

/// Points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// PDF content operators, appended to a byte buffer.
#[derive(Default)]
pub struct Content {
    buf: Vec<u8>,
    /// Start of the current text line (set by `Td`), so text positions can be written relative.
    line: (i64, i64),
}

impl Content {
    pub fn with_capacity(n: usize) -> Content {
        Content { buf: Vec::with_capacity(n), line: (0, 0) }
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }

    /// A number in hundredths, written with as few characters as it needs (`12.5`, `-3`, `.25`).
    fn hundredths(&mut self, v: i64) {
        if v < 0 {
            self.buf.push(b'-');
        }
        let v = v.unsigned_abs();
        let (whole, frac) = (v / 100, v % 100);
        if whole > 0 || frac == 0 {
            self.buf.extend_from_slice(itoa::Buffer::new().format(whole).as_bytes());
        }
        if frac > 0 {
            self.buf.push(b'.');
            self.buf.push(b'0' + (frac / 10) as u8);
            if frac % 10 > 0 {
                self.buf.push(b'0' + (frac % 10) as u8);
            }
        }
        self.buf.push(b' ');
    }

    /// A number (any unit already converted), to 0.01.
    pub fn num(&mut self, v: f32) -> &mut Content {
        self.hundredths(to_hundredths(v));
        self
    }

    pub fn int(&mut self, v: usize) -> &mut Content {
        self.buf.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        self.buf.push(b' ');
        self
    }

    /// An operator, ending the line.
    pub fn op(&mut self, op: &str) -> &mut Content {
        self.buf.extend_from_slice(op.as_bytes());
        self.buf.push(b'\n');
        self
    }

    /// Raw text, for names and operators with their operands already in place.
    pub fn raw(&mut self, s: &str) -> &mut Content {
        self.buf.extend_from_slice(s.as_bytes());
        self
    }

    pub fn fill(&mut self, c: Cmyk) -> &mut Content {
        self.colour(c);
        self.op("k")
    }

    pub fn stroke(&mut self, c: Cmyk) -> &mut Content {
        self.colour(c);
        self.op("K")
    }

    fn colour(&mut self, Cmyk(c): Cmyk) {
        for v in c {
            // Percent to a fraction, to 1e-4: 0.12 stays 0.12, 33.33 % is .3333.
            let v = (v * 100.0).round() as i64;
            self.hundredths_frac4(v);
        }
    }

    /// A fraction given in ten-thousandths (`1234` → `.1234`, `10000` → `1`).
    fn hundredths_frac4(&mut self, v: i64) {
        let v = v.clamp(0, 10_000) as u64;
        if v == 10_000 {
            self.buf.extend_from_slice(b"1 ");
            return;
        }
        if v == 0 {
            self.buf.extend_from_slice(b"0 ");
            return;
        }
        // Four digits, `{v:04}`, without their trailing zeros.
        let digits = [v / 1000, v / 100 % 10, v / 10 % 10, v % 10].map(|d| b'0' + d as u8);
        let kept = 4 - digits.iter().rev().take_while(|&&d| d == b'0').count();
        self.buf.push(b'.');
        self.buf.extend_from_slice(&digits[..kept]);
        self.buf.push(b' ');
    }

    /// Sets the horizontal scaling (`Tz`), in percent to four decimals.
    pub fn scaling(&mut self, percent: f64) -> &mut Content {
        let text = format!("{percent:.4}");
        self.raw(text.trim_end_matches('0').trim_end_matches('.')).raw(" ").op("Tz")
    }

    /// Draws the form named by `kind`'s letter and `v` (`/n41 Do`), without formatting machinery:
    /// a page calls a hundred.
    pub fn call(&mut self, kind: u8, v: u16) -> &mut Content {
        self.buf.push(b'/');
        self.buf.push(kind);
        self.buf.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        self.buf.extend_from_slice(b" Do");
        self
    }

    /// Moves the origin by (`dx`, `dy`) hundredths of a point: `1 0 0 1 dx dy cm`.
    pub fn translate(&mut self, dx: i64, dy: i64) -> &mut Content {
        self.raw("1 0 0 1 ");
        self.hundredths(dx);
        self.hundredths(dy);
        self.op("cm")
    }

    /// A rectangle path, points.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32) -> &mut Content {
        self.num(x).num(y).num(w).num(h).op("re")
    }

    pub fn move_to(&mut self, x: f32, y: f32) -> &mut Content {
        self.num(x).num(y).op("m")
    }

    pub fn line_to(&mut self, x: f32, y: f32) -> &mut Content {
        self.num(x).num(y).op("l")
    }

    /// Begins a text object; positions are then absolute, written relative to the last line.
    pub fn begin_text(&mut self) -> &mut Content {
        self.line = (0, 0);
        self.op("BT")
    }

    /// Moves the text line to (x, y), points, with a `Td` relative to the last one.
    pub fn text_at(&mut self, x: f32, y: f32) -> &mut Content {
        let (x, y) = (to_hundredths(x), to_hundredths(y));
        self.hundredths(x - self.line.0);
        self.hundredths(y - self.line.1);
        self.line = (x, y);
        self.op("Td")
    }

    /// Shows glyph runs, each after moving the pen by its adjustment (thousandths of the em,
    /// positive to the left, as `TJ` takes them), as one `TJ`.
    pub fn show_row(&mut self, runs: &[(i64, Vec<u16>)]) -> &mut Content {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.buf.push(b'[');
        for (adjust, glyphs) in runs {
            if *adjust != 0 {
                let _ = write!(self.buf, "{adjust}");
            }
            self.buf.push(b'<');
            for &g in glyphs {
                for shift in [12, 8, 4, 0] {
                    self.buf.push(HEX[usize::from(g >> shift & 0xF)]);
                }
            }
            self.buf.push(b'>');
        }
        self.raw("]").op("TJ")
    }

    /// A shaped run whose pen starts at (`x`, `y`), points, in font resource `font` (whose em
    /// has `units`) at `pt`: each glyph where the shaper put it, the run marked with the text
    /// it spells (`/ActualText`), so that copying and searching give the words back whatever
    /// order the glyphs are drawn in. The caller sets its own font again after it.
    pub fn shaped(&mut self, run: &Shaped, font: &str, units: u16, pt: f32, x: f32, y: f32) -> &mut Content {
        let scale = pt / f32::from(units);
        self.raw("/Span<</ActualText<FEFF");
        for unit in run.text.encode_utf16() {
            self.raw(&format!("{unit:04X}"));
        }
        self.raw(">>>").op("BDC");
        self.raw(&format!("/{font} ")).num(pt).op("Tf");
        let mut pen = 0i64;
        for g in &run.glyphs {
            let gx = x + (pen + i64::from(g.x_offset)) as f32 * scale;
            self.text_at(gx, y + g.y_offset as f32 * scale).show([g.id]);
            pen += i64::from(g.x_advance);
        }
        self.op("EMC")
    }

    /// Shows one-byte character codes, in hex.
    pub fn show_bytes(&mut self, codes: &[u8]) -> &mut Content {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.buf.push(b'<');
        for &b in codes {
            self.buf.push(HEX[usize::from(b >> 4)]);
            self.buf.push(HEX[usize::from(b & 15)]);
        }
        self.raw("> ").op("Tj")
    }

    /// Shows glyphs by id (Identity-H: two bytes each, in hex).
    pub fn show(&mut self, glyphs: impl IntoIterator<Item = u16>) -> &mut Content {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.buf.push(b'<');
        for g in glyphs {
            for shift in [12, 8, 4, 0] {
                self.buf.push(HEX[usize::from(g >> shift & 0xF)]);
            }
        }
        self.raw("> ").op("Tj")
    }
}

/// A length in points to whole hundredths, as content streams write it.
pub fn to_hundredths(v: f32) -> i64 {
    (f64::from(v) * 100.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl FnOnce(&mut Content)) -> String {
        let mut c = Content::default();
        f(&mut c);
        String::from_utf8(c.into_bytes()).unwrap()
    }

    #[test]
    fn numbers_take_the_fewest_characters_to_a_hundredth() {
        assert_eq!(
            text(|c| {
                c.num(12.5).num(-3.0).num(0.25).num(0.0).num(841.889_8).num(-0.004);
            }),
            "12.5 -3 .25 0 841.89 0 "
        );
        assert_eq!(
            text(|c| {
                c.fill(Cmyk([0.0, 12.0, 33.33, 100.0]));
            }),
            "0 .12 .3333 1 k\n"
        );
    }

    #[test]
    fn text_positions_are_relative_to_the_last_line() {
        let s = text(|c| {
            c.begin_text().text_at(10.0, 20.0).show([0x1C]).text_at(15.5, 18.0).show([0x14, 0x14]);
        });
        assert_eq!(s, "BT\n10 20 Td\n<001C> Tj\n5.5 -2 Td\n<00140014> Tj\n");
    }
}

//! A page as SVG: the studio's live preview and the tickets sent as images. It is drawn from
//! the PDF page's own drawing ([`super::pdf::drawing`]): the handful of operators housie's
//! content streams use are read back and each is drawn in SVG, so the preview is the print by
//! construction: the same positions, the same glyph outlines, the same bars. Only the colours
//! change, CMYK read as screen colours.
//!
//! Text is drawn as the font's glyph outlines (what the PDF embeds, not whatever font the
//! browser has), and each run of text is written again as an invisible `<text>` over its
//! glyphs, so assistive technology, search and copying read the words.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::pdf::{self, PdfStyle, BARCODE_FONT_ID, LOGO_ID, OVER, UNDER};
use crate::print::barcode;
use crate::print::colour::Cmyk;
use crate::print::font::Font;
use crate::print::pages::Page;

/// Millimetres per point.
const MM_PER_PT: f32 = 25.4 / 72.0;

/// Page `page` of a file of `pages` pages, as SVG of the whole sheet (bleed and marks
/// included), in millimetres. `label` names the picture for assistive technology.
pub fn page(style: &PdfStyle<'_>, page: &Page, pages: u64, label: &str) -> String {
    let drawing = pdf::drawing(style, page, pages);
    let (w, h) = style.media_mm();
    let mut r = Reader::new(style.font, &style.printed_chars(), h);
    r.logo = style.logo.map(|(logo, _)| logo.screen_png.as_slice());
    r.run(&drawing.content, &drawing, 0);
    r.finish(w, h, label)
}

/// An affine matrix `[a b c d e f]`, as PDF writes them (row vector times matrix).
type Matrix = [f32; 6];

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n`: a point goes through `m` first.
fn then(m: Matrix, n: Matrix) -> Matrix {
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &Matrix, x: f32, y: f32) -> (f32, f32) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// One operand of a content stream.
#[derive(Clone, Debug)]
enum Operand {
    Num(f32),
    Name(String),
    Hex(Vec<u8>),
    Array(Vec<Operand>),
}

/// The graphics state housie's pages change.
#[derive(Clone, Copy)]
struct State {
    ctm: Matrix,
    fill: Cmyk,
    stroke: Cmyk,
    line_width: f32,
    dash: Option<(f32, f32)>,
}

/// Reads content streams and writes SVG.
struct Reader<'a> {
    font: &'a Font,
    /// Glyph id to the character it draws, for the text layer.
    chars: BTreeMap<u16, char>,
    /// Sheet height, mm: SVG's y runs down from the top.
    height: f32,
    state: State,
    saved: Vec<State>,
    /// The path being built, in SVG coordinates.
    path: String,
    /// Text: font (true for the barcode font), size, text matrix and line matrix.
    barcode_font: bool,
    size: f32,
    tm: Matrix,
    tlm: Matrix,
    /// The glyphs used, their outlines written once.
    glyphs: BTreeMap<u16, Option<String>>,
    body: String,
    text_layer: String,
    /// The logo as PNG, drawn where the PDF draws its image.
    logo: Option<&'a [u8]>,
}

impl<'a> Reader<'a> {
    fn new(font: &'a Font, printed: &str, height: f32) -> Reader<'a> {
        let chars = printed.chars().filter_map(|c| font.glyphs(&c.to_string()).next().map(|g| (g, c))).collect();
        Reader {
            font,
            chars,
            height,
            state: State { ctm: IDENTITY, fill: Cmyk::BLACK, stroke: Cmyk::BLACK, line_width: 1.0, dash: None },
            saved: Vec::new(),
            path: String::new(),
            barcode_font: false,
            size: 0.0,
            tm: IDENTITY,
            tlm: IDENTITY,
            glyphs: BTreeMap::new(),
            body: String::with_capacity(64 * 1024),
            text_layer: String::new(),
            logo: None,
        }
    }

    /// From PDF user space to the sheet's SVG millimetres.
    fn to_svg(&self) -> Matrix {
        then(self.state.ctm, [MM_PER_PT, 0.0, 0.0, -MM_PER_PT, 0.0, self.height])
    }

    fn point(&self, x: f32, y: f32) -> (f32, f32) {
        apply(&self.to_svg(), x, y)
    }

    /// Runs a content stream; `depth` bounds forms calling forms.
    fn run(&mut self, bytes: &[u8], drawing: &pdf::Drawing, depth: u8) {
        let mut operands: Vec<Operand> = Vec::new();
        let mut tokens = Tokens { s: bytes, at: 0 };
        while let Some(token) = tokens.next() {
            match token {
                Token::Operand(o) => operands.push(o),
                Token::Op(op) => {
                    self.op(&op, &operands, drawing, depth);
                    operands.clear();
                }
            }
        }
    }

    fn op(&mut self, op: &str, o: &[Operand], drawing: &pdf::Drawing, depth: u8) {
        let n = |i: usize| match o.get(i) {
            Some(Operand::Num(v)) => *v,
            _ => 0.0,
        };
        let matrix = || [n(0), n(1), n(2), n(3), n(4), n(5)];
        match op {
            "q" => self.saved.push(self.state),
            "Q" => self.state = self.saved.pop().unwrap_or(self.state),
            "cm" => self.state.ctm = then(matrix(), self.state.ctm),
            "k" => self.state.fill = Cmyk([n(0), n(1), n(2), n(3)].map(|v| v * 100.0)),
            "K" => self.state.stroke = Cmyk([n(0), n(1), n(2), n(3)].map(|v| v * 100.0)),
            "w" => self.state.line_width = n(0),
            "d" => {
                self.state.dash = match o.first() {
                    Some(Operand::Array(a)) if a.len() == 2 => match (&a[0], &a[1]) {
                        (Operand::Num(on), Operand::Num(off)) => Some((*on, *off)),
                        _ => None,
                    },
                    _ => None,
                }
            }
            "m" | "l" => {
                let (x, y) = self.point(n(0), n(1));
                let _ = write!(self.path, "{}{} {}", op.to_uppercase(), f(x), f(y));
            }
            "re" => {
                let (x, y, w, h) = (n(0), n(1), n(2), n(3));
                let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map(|(x, y)| self.point(x, y));
                let _ = write!(self.path, "M{} {}", f(corners[0].0), f(corners[0].1));
                for (x, y) in &corners[1..] {
                    let _ = write!(self.path, "L{} {}", f(*x), f(*y));
                }
                self.path.push('Z');
            }
            "f" => {
                let d = std::mem::take(&mut self.path);
                let _ = writeln!(self.body, r#"<path d="{d}" fill="{}"/>"#, rgb(self.state.fill));
            }
            "S" => {
                let d = std::mem::take(&mut self.path);
                let m = self.to_svg();
                let width = self.state.line_width * (m[0] * m[3] - m[1] * m[2]).abs().sqrt();
                let dash = self.state.dash.map_or(String::new(), |(on, off)| {
                    format!(r#" stroke-dasharray="{} {}""#, f(on * MM_PER_PT), f(off * MM_PER_PT))
                });
                let _ = writeln!(
                    self.body,
                    r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}"{dash}/>"#,
                    rgb(self.state.stroke),
                    f(width)
                );
            }
            "Do" if matches!(o.first(), Some(Operand::Name(name)) if name == LOGO_ID) => self.image(),
            "Do" => {
                let form = match o.first() {
                    Some(Operand::Name(name)) if name == UNDER => drawing.under.as_deref(),
                    Some(Operand::Name(name)) if name == OVER => Some(drawing.over.as_slice()),
                    _ => None,
                };
                if let (Some(form), true) = (form, depth < 2) {
                    self.saved.push(self.state);
                    self.run(form, drawing, depth + 1);
                    self.state = self.saved.pop().unwrap_or(self.state);
                }
            }
            "BT" => (self.tm, self.tlm) = (IDENTITY, IDENTITY),
            "Tf" => {
                self.barcode_font = matches!(o.first(), Some(Operand::Name(name)) if name == BARCODE_FONT_ID);
                self.size = n(1);
            }
            "Td" => {
                self.tlm = then([1.0, 0.0, 0.0, 1.0, n(0), n(1)], self.tlm);
                self.tm = self.tlm;
            }
            "Tm" => (self.tm, self.tlm) = (matrix(), matrix()),
            "Tj" => {
                if let Some(Operand::Hex(bytes)) = o.first() {
                    self.show(bytes);
                }
            }
            "TJ" => {
                if let Some(Operand::Array(items)) = o.first() {
                    for item in items {
                        match item {
                            Operand::Num(adjust) => self.advance(-adjust / 1000.0 * self.size),
                            Operand::Hex(bytes) => self.show(bytes),
                            _ => {}
                        }
                    }
                }
            }
            // Graphics states (overprint) and the ends of objects change nothing on screen.
            _ => {}
        }
    }

    /// The logo: an image fills the unit square of user space, its first row at the top.
    fn image(&mut self) {
        use base64::Engine as _;
        let Some(png) = self.logo else { return };
        let m = then([1.0, 0.0, 0.0, -1.0, 0.0, 1.0], self.to_svg());
        let data = base64::engine::general_purpose::STANDARD.encode(png);
        let _ = writeln!(
            self.body,
            r#"<image width="1" height="1" preserveAspectRatio="none" transform="matrix({} {} {} {} {} {})" href="data:image/png;base64,{data}"/>"#,
            f5(m[0]),
            f5(m[1]),
            f5(m[2]),
            f5(m[3]),
            f(m[4]),
            f(m[5])
        );
    }

    /// Moves the pen along the text line by `tx` text-space units.
    fn advance(&mut self, tx: f32) {
        self.tm = then([1.0, 0.0, 0.0, 1.0, tx, 0.0], self.tm);
    }

    fn show(&mut self, bytes: &[u8]) {
        if self.barcode_font {
            return self.show_bars(bytes);
        }
        let upm = f32::from(self.font.units_per_em());
        let start = then(self.tm, self.to_svg());
        let (x0, y0) = apply(&start, 0.0, 0.0);
        let mut text = String::new();
        for pair in bytes.chunks_exact(2) {
            let glyph = u16::from_be_bytes([pair[0], pair[1]]);
            let font = self.font;
            self.glyphs.entry(glyph).or_insert_with(|| font.outline(glyph));
            let m = then([self.size / upm, 0.0, 0.0, self.size / upm, 0.0, 0.0], then(self.tm, self.to_svg()));
            if self.glyphs[&glyph].is_some() {
                let _ = writeln!(
                    self.body,
                    r##"<use href="#g{glyph}" transform="matrix({} {} {} {} {} {})" fill="{}"/>"##,
                    f5(m[0]),
                    f5(m[1]),
                    f5(m[2]),
                    f5(m[3]),
                    f(m[4]),
                    f(m[5]),
                    rgb(self.state.fill)
                );
            }
            text.extend(self.chars.get(&glyph));
            self.advance(self.font.pdf_glyph_width(glyph) as f32 / 1000.0 * self.size);
        }
        let (x1, _) = apply(&then(self.tm, self.to_svg()), 0.0, 0.0);
        let size = self.size * (start[2] * start[2] + start[3] * start[3]).sqrt();
        if !text.trim().is_empty() {
            let _ = writeln!(
                self.text_layer,
                r#"<text x="{}" y="{}" font-size="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</text>"#,
                f(x0),
                f(y0),
                f(size),
                f(x1 - x0),
                escape(&text)
            );
        }
    }

    /// Code 128 symbols in the barcode font: each glyph one module wide per bar, one bar high.
    fn show_bars(&mut self, bytes: &[u8]) {
        let patterns = barcode::code128_patterns();
        let mut x = 0usize;
        let mut runs = Vec::new();
        for &v in bytes {
            let pattern = patterns.get(usize::from(v)).map_or(&[][..], Vec::as_slice);
            for (i, &m) in pattern.iter().enumerate() {
                if m == 1 {
                    runs.push(x + i);
                }
            }
            x += pattern.len();
        }
        let m = then(self.tm, self.to_svg());
        let mut d = String::new();
        let mut i = 0;
        while i < runs.len() {
            let mut j = i;
            while j + 1 < runs.len() && runs[j + 1] == runs[j] + 1 {
                j += 1;
            }
            let (x0, y0) = apply(&m, runs[i] as f32 * self.size, 0.0);
            let (x1, y1) = apply(&m, (runs[j] + 1) as f32 * self.size, self.size);
            let _ = write!(d, "M{} {}H{}V{}H{}Z", f(x0), f(y0), f(x1), f(y1), f(x0));
            i = j + 1;
        }
        let _ = writeln!(self.body, r#"<path d="{d}" fill="{}"/>"#, rgb(self.state.fill));
    }

    fn finish(self, w: f32, h: f32, label: &str) -> String {
        let mut svg = String::with_capacity(self.body.len() + 16 * 1024);
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="{}mm" height="{}mm" role="img" aria-label="{}">"#,
            f(w),
            f(h),
            f(w),
            f(h),
            escape(label)
        );
        let _ = writeln!(svg, "<title>{}</title>", escape(label));
        svg.push_str("<defs>\n");
        for (glyph, outline) in &self.glyphs {
            if let Some(d) = outline {
                let _ = writeln!(svg, r#"<path id="g{glyph}" d="{d}"/>"#);
            }
        }
        svg.push_str("</defs>\n");
        let _ = writeln!(svg, r##"<rect width="{}" height="{}" fill="#fff"/>"##, f(w), f(h));
        svg.push_str(r#"<g aria-hidden="true">"#);
        svg.push('\n');
        svg.push_str(&self.body);
        svg.push_str("</g>\n");
        // The words, over their glyphs: invisible, but read, searched and copied.
        svg.push_str(r#"<g fill-opacity="0" font-family="sans-serif">"#);
        svg.push('\n');
        svg.push_str(&self.text_layer);
        svg.push_str("</g>\n</svg>\n");
        svg
    }
}

/// A number to 0.001 mm, as short as it goes.
fn f(v: f32) -> String {
    places(v, 3)
}

/// A scale factor, to more places (glyph units are small).
fn f5(v: f32) -> String {
    places(v, 6)
}

fn places(v: f32, n: usize) -> String {
    let s = format!("{v:.n$}");
    match s.trim_end_matches('0').trim_end_matches('.') {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

/// CMYK as a screen colour, by the naive rule (a proof on screen, not a colour-managed one).
fn rgb(Cmyk([c, m, y, k]): Cmyk) -> String {
    let ch = |v: f32| ((1.0 - v / 100.0) * (1.0 - k / 100.0) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", ch(c), ch(m), ch(y))
}

/// Text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

enum Token {
    Operand(Operand),
    Op(String),
}

/// The tokens of a content stream as housie writes them: numbers, names, hex strings, arrays
/// and operators.
struct Tokens<'s> {
    s: &'s [u8],
    at: usize,
}

impl Tokens<'_> {
    fn next(&mut self) -> Option<Token> {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let &c = self.s.get(self.at)?;
        let word = |t: &mut Self| {
            let start = t.at;
            while t.at < t.s.len() && !t.s[t.at].is_ascii_whitespace() && !b"[]<>/".contains(&t.s[t.at]) {
                t.at += 1;
            }
            String::from_utf8_lossy(&t.s[start..t.at]).into_owned()
        };
        Some(match c {
            b'/' => {
                self.at += 1;
                Token::Operand(Operand::Name(word(self)))
            }
            b'<' => {
                let start = self.at + 1;
                let end = self.s[start..].iter().position(|&b| b == b'>').map_or(self.s.len(), |p| start + p);
                self.at = (end + 1).min(self.s.len());
                let hex: Vec<u8> = self.s[start..end].iter().copied().filter(u8::is_ascii_hexdigit).collect();
                let value = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                Token::Operand(Operand::Hex(
                    hex.chunks(2).map(|p| value(p[0]) << 4 | p.get(1).map_or(0, |&b| value(b))).collect(),
                ))
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
                        self.at += 1;
                    }
                    if self.s.get(self.at).is_none_or(|&b| b == b']') {
                        self.at += 1;
                        break;
                    }
                    match self.next() {
                        Some(Token::Operand(o)) => items.push(o),
                        _ => break,
                    }
                }
                Token::Operand(Operand::Array(items))
            }
            b'-' | b'.' | b'0'..=b'9' => Token::Operand(Operand::Num(word(self).parse().unwrap_or(0.0))),
            _ => {
                let w = word(self);
                if w.is_empty() {
                    self.at += 1;
                }
                Token::Op(w)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_operators_housie_writes() {
        let mut t = Tokens { s: b"/HOUSIE 12.5 Tf\n[-250<00140015>3<0016>]TJ\n.5 -3 Td\n", at: 0 };
        let mut ops = Vec::new();
        while let Some(tok) = t.next() {
            if let Token::Op(op) = tok {
                ops.push(op);
            }
        }
        assert_eq!(ops, ["Tf", "TJ", "Td"]);
        assert_eq!(
            then([2.0, 0.0, 0.0, 2.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0, 5.0, 0.0]),
            [2.0, 0.0, 0.0, 2.0, 6.0, 1.0]
        );
        assert_eq!(f(1.23456), "1.235");
        assert_eq!(f(-0.0001), "0");
        assert_eq!(rgb(Cmyk::BLACK), "#000000");
    }
}

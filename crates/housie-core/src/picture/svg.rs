//! A page as SVG: the studio's live preview and the tickets sent as images. It is drawn from
//! the PDF page's own drawing ([`crate::export::pdf::drawing`]): the handful of operators housie's
//! content streams use are read back and each is drawn in SVG, so the preview is the print by
//! construction: the same positions, the same glyph outlines, the same bars. Only the colours
//! change, CMYK read as screen colours.
//!
//! Text is drawn as the font's glyph outlines (what the PDF embeds, not whatever font the
//! browser has), and each run of text is written again as an invisible `<text>` over its
//! glyphs, so assistive technology, search and copying read the words.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::export::pdf::{self, PdfStyle, BARCODE_FONT_ID, LOGO_ID, OVER, SHAPED_FONT_IDS, UNDER};
use crate::print::barcode;
use crate::print::colour::Cmyk;
use crate::print::font::Font;
use crate::print::pages::Page;

/// Millimetres per point.
const MM_PER_PT: f32 = 25.4 / 72.0;

/// Page `page` of a file of `pages` pages, as SVG of the whole sheet (bleed and marks
/// included), in millimetres. `label` names the picture for assistive technology.
pub fn page(style: &PdfStyle<'_>, page: &Page, pages: u64, label: &str) -> String {
    let (svg, unread) = read(style, page, pages, label);
    debug_assert!(unread.is_empty(), "the preview does not draw {unread:?}");
    svg
}

/// The page as SVG, and the operators of its drawing the preview could not draw.
fn read(style: &PdfStyle<'_>, page: &Page, pages: u64, label: &str) -> (String, std::collections::BTreeSet<String>) {
    let drawing = pdf::drawing(style, page, pages);
    let (w, h) = style.media_mm();
    let typesetter = style.typesetter();
    let mut r = Reader::new(style.font, &style.printed_chars(), h);
    r.shaped_fonts = typesetter.fonts();
    r.logo = style.logo.map(|(logo, _)| logo.screen_png.as_slice());
    r.symbol_font = style.format.barcode_glyphs() || style.format.grid_glyphs();
    r.one_byte_symbols = style.format.grid_glyphs();
    r.run(&drawing.content, &drawing, 0);
    let unread = std::mem::take(&mut r.unread);
    (r.finish(w, h, label), unread)
}

/// Operand `i` as a number (0 when it is missing or not a number).
fn num(o: &[Operand], i: usize) -> f32 {
    match o.get(i) {
        Some(Operand::Num(v)) => *v,
        _ => 0.0,
    }
}

/// The first six operands as a matrix.
fn matrix(o: &[Operand]) -> Matrix {
    [num(o, 0), num(o, 1), num(o, 2), num(o, 3), num(o, 4), num(o, 5)]
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

/// The graphics state housie's pages change.
#[derive(Clone, Copy)]
struct State {
    ctm: Matrix,
    fill: Cmyk,
    stroke: Cmyk,
    line_width: f32,
    dash: Option<(f32, f32)>,
}

/// A shaped run's words, where its first glyph starts (x, baseline y, font size) and how far
/// right its glyphs reach, SVG mm.
type ActualText = (String, Option<(f32, f32, f32)>, f32);

/// Reads content streams and writes SVG.
struct Reader<'a> {
    font: &'a Font,
    /// The fonts shaped text is drawn in, by their place in [`SHAPED_FONT_IDS`].
    shaped_fonts: Vec<&'a Font>,
    /// The shaped font text is in now, if any.
    shaped: Option<usize>,
    /// A shaped run's `/ActualText`, and where its glyphs start and end (SVG mm).
    actual: Option<ActualText>,
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
    /// Whether the barcode font is housie 0.11's TrueType one (glyph `v + 1` for symbol `v`,
    /// two bytes a code), not the Type 3 font of housie 0.4 to 0.6 (one byte, symbol `v`).
    symbol_font: bool,
    /// Whether the font's strings name a symbol by one byte (housie 0.16 on), not two.
    one_byte_symbols: bool,
    size: f32,
    /// The horizontal scaling (`Tz`), as a fraction.
    scaling: f32,
    tm: Matrix,
    tlm: Matrix,
    /// The glyphs used, their outlines written once: the font's place (0 the run's font, k + 1
    /// shaped font k) above the glyph's id.
    glyphs: BTreeMap<u32, Option<String>>,
    body: String,
    text_layer: String,
    /// The logo as PNG, drawn where the PDF draws its image.
    logo: Option<&'a [u8]>,
    /// Operators met that the preview does not draw: none, for what housie writes.
    unread: std::collections::BTreeSet<String>,
}

impl<'a> Reader<'a> {
    fn new(font: &'a Font, printed: &str, height: f32) -> Reader<'a> {
        let chars = printed.chars().filter_map(|c| font.glyphs(&c.to_string()).next().map(|g| (g, c))).collect();
        Reader {
            font,
            shaped_fonts: Vec::new(),
            shaped: None,
            actual: None,
            chars,
            height,
            state: State { ctm: IDENTITY, fill: Cmyk::BLACK, stroke: Cmyk::BLACK, line_width: 1.0, dash: None },
            saved: Vec::new(),
            path: String::new(),
            barcode_font: false,
            symbol_font: false,
            one_byte_symbols: false,
            size: 0.0,
            scaling: 1.0,
            tm: IDENTITY,
            tlm: IDENTITY,
            glyphs: BTreeMap::new(),
            body: String::with_capacity(64 * 1024),
            text_layer: String::new(),
            logo: None,
            unread: Default::default(),
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
        let mut tokens = Tokens::of(bytes);
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

    /// Draws one operator; one housie's streams do not use is noted in `unread`, so a test
    /// can hold the preview to every operator the print draws with.
    fn op(&mut self, op: &str, o: &[Operand], drawing: &pdf::Drawing, depth: u8) {
        let read = self.state_op(op, o)
            || self.path_op(op, o)
            || self.text_op(op, o)
            || self.form_op(op, o, drawing, depth)
            // Graphics states (overprint) and the end of a text object change nothing on screen.
            || matches!(op, "gs" | "ET");
        if !read {
            self.unread.insert(op.to_string());
        }
    }

    /// The graphics state: save and restore, the matrix, colours, line width and dash.
    fn state_op(&mut self, op: &str, o: &[Operand]) -> bool {
        match op {
            "q" => self.saved.push(self.state),
            "Q" => self.state = self.saved.pop().unwrap_or(self.state),
            "cm" => self.state.ctm = then(matrix(o), self.state.ctm),
            "k" => self.state.fill = Cmyk([num(o, 0), num(o, 1), num(o, 2), num(o, 3)].map(|v| v * 100.0)),
            "K" => self.state.stroke = Cmyk([num(o, 0), num(o, 1), num(o, 2), num(o, 3)].map(|v| v * 100.0)),
            // DeviceGray (housie 0.13's codes): gray g is K = 1 - g on the press.
            "g" => self.state.fill = Cmyk([0.0, 0.0, 0.0, (1.0 - num(o, 0)) * 100.0]),
            "w" => self.state.line_width = num(o, 0),
            "d" => {
                self.state.dash = match o.first() {
                    Some(Operand::Array(a)) if a.len() == 2 => match (&a[0], &a[1]) {
                        (Operand::Num(on), Operand::Num(off)) => Some((*on, *off)),
                        _ => None,
                    },
                    _ => None,
                }
            }
            _ => return false,
        }
        true
    }

    /// Paths and their painting: moves, lines, rectangles, fill and stroke.
    fn path_op(&mut self, op: &str, o: &[Operand]) -> bool {
        match op {
            "m" | "l" => {
                let (x, y) = self.point(num(o, 0), num(o, 1));
                let _ = write!(self.path, "{}{} {}", op.to_uppercase(), f(x), f(y));
            }
            "h" => self.path.push('Z'),
            "re" => {
                let (x, y, w, h) = (num(o, 0), num(o, 1), num(o, 2), num(o, 3));
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
            "S" => self.stroke(),
            _ => return false,
        }
        true
    }

    fn stroke(&mut self) {
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

    /// Forms and the logo (`Do`): a form is run in a saved state, at most two deep.
    fn form_op(&mut self, op: &str, o: &[Operand], drawing: &pdf::Drawing, depth: u8) -> bool {
        if op != "Do" {
            return false;
        }
        let form = match o.first() {
            Some(Operand::Name(name)) if name == LOGO_ID => {
                self.image();
                return true;
            }
            Some(Operand::Name(name)) if name == UNDER => drawing.under.as_deref(),
            Some(Operand::Name(name)) if name == OVER => Some(drawing.over.as_slice()),
            Some(Operand::Name(name)) => drawing.forms.get(name.as_str()).map(Vec::as_slice),
            _ => None,
        };
        if let (Some(form), true) = (form, depth < 2) {
            self.saved.push(self.state);
            self.run(form, drawing, depth + 1);
            self.state = self.saved.pop().unwrap_or(self.state);
        }
        true
    }

    /// Text: its object, font, matrices, scaling, marked content and the strings shown.
    fn text_op(&mut self, op: &str, o: &[Operand]) -> bool {
        match op {
            "BT" => (self.tm, self.tlm) = (IDENTITY, IDENTITY),
            "Tf" => {
                self.barcode_font = matches!(o.first(), Some(Operand::Name(name)) if name == BARCODE_FONT_ID);
                self.shaped = match o.first() {
                    Some(Operand::Name(name)) => SHAPED_FONT_IDS.iter().position(|id| id == name),
                    _ => None,
                };
                self.size = num(o, 1);
            }
            "BDC" => {
                if let Some(Operand::Dict(entries)) = o.get(1) {
                    if let Some((_, Operand::Hex(bytes))) = entries.iter().find(|(k, _)| k == "ActualText") {
                        let units: Vec<u16> = bytes.chunks_exact(2).map(|p| u16::from_be_bytes([p[0], p[1]])).collect();
                        let text = String::from_utf16_lossy(&units).trim_start_matches('\u{feff}').to_string();
                        self.actual = Some((text, None, 0.0));
                    }
                }
            }
            "EMC" => self.end_actual_text(),
            "Td" => {
                self.tlm = then([1.0, 0.0, 0.0, 1.0, num(o, 0), num(o, 1)], self.tlm);
                self.tm = self.tlm;
            }
            "Tm" => (self.tm, self.tlm) = (matrix(o), matrix(o)),
            "Tz" => self.scaling = num(o, 0) / 100.0,
            "Tj" => {
                if let Some(Operand::Hex(bytes)) = o.first() {
                    self.show(bytes);
                }
            }
            "TJ" => {
                for item in
                    o.first()
                        .into_iter()
                        .flat_map(|a| if let Operand::Array(items) = a { items.as_slice() } else { &[] })
                {
                    match item {
                        Operand::Num(adjust) => self.advance(-adjust / 1000.0 * self.size),
                        Operand::Hex(bytes) => self.show(bytes),
                        _ => {}
                    }
                }
            }
            _ => return false,
        }
        true
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

    /// The end of a shaped run: its words, over its glyphs.
    fn end_actual_text(&mut self) {
        if let Some((text, Some((x0, y0, size)), x1)) = self.actual.take() {
            self.words(&text, (x0, y0), x1, size);
        }
    }

    /// Words over their glyphs, from `(x0, y0)` on the baseline to `x1`, for the text layer.
    fn words(&mut self, text: &str, (x0, y0): (f32, f32), x1: f32, size: f32) {
        let _ = writeln!(
            self.text_layer,
            r#"<text x="{}" y="{}" font-size="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</text>"#,
            f(x0),
            f(y0),
            f(size),
            f(x1 - x0),
            escape(text)
        );
    }

    /// Glyphs by id in the current font. The run's own font's glyphs spell their words through
    /// the characters the run prints; a shaped run's words come from its `/ActualText`.
    fn show(&mut self, bytes: &[u8]) {
        if self.barcode_font {
            return self.show_bars(bytes);
        }
        let font = match self.shaped {
            Some(k) => match self.shaped_fonts.get(k) {
                Some(&font) => font,
                None => return,
            },
            None => self.font,
        };
        // The glyph map's key: the font's place (0 the run's font, k + 1 shaped font k) above the id.
        let slot = self.shaped.map_or(0, |k| k as u32 + 1);
        let upm = f32::from(font.units_per_em());
        let start = then(self.tm, self.to_svg());
        let (mut x0, y0) = apply(&start, 0.0, 0.0);
        let size = self.size * (start[2] * start[2] + start[3] * start[3]).sqrt();
        let mut text = String::new();
        for pair in bytes.chunks_exact(2) {
            let glyph = u16::from_be_bytes([pair[0], pair[1]]);
            let at = then(self.tm, self.to_svg());
            // The words start at their first letter, past any space before it.
            if text.trim().is_empty() {
                x0 = apply(&at, 0.0, 0.0).0;
                text.clear();
            }
            let key = slot << 16 | u32::from(glyph);
            if self.glyphs.entry(key).or_insert_with(|| font.outline(glyph)).is_some() {
                self.use_glyph(&glyph_id(key), then([self.size / upm, 0.0, 0.0, self.size / upm, 0.0, 0.0], at));
            }
            if slot == 0 {
                text.extend(self.chars.get(&glyph));
            }
            self.advance(font.pdf_glyph_width(glyph) as f32 / 1000.0 * self.size);
            let after = apply(&then(self.tm, self.to_svg()), 0.0, 0.0).0;
            if let (Some((_, first, end)), true) = (&mut self.actual, slot > 0) {
                let (gx, gy) = apply(&at, 0.0, 0.0);
                first.get_or_insert((gx, gy, size));
                *end = end.max(after);
            }
        }
        let (x1, _) = apply(&then(self.tm, self.to_svg()), 0.0, 0.0);
        if !text.trim().is_empty() {
            self.words(&text, (x0, y0), x1, size);
        }
    }

    /// A glyph whose outline is `id` in the defs, placed by `m`, in the fill colour.
    fn use_glyph(&mut self, id: &str, m: Matrix) {
        let _ = writeln!(
            self.body,
            r##"<use href="#{id}" transform="matrix({} {} {} {} {} {})" fill="{}"/>"##,
            f5(m[0]),
            f5(m[1]),
            f5(m[2]),
            f5(m[3]),
            f(m[4]),
            f(m[5]),
            rgb(self.state.fill)
        );
    }

    /// Code 128 symbols in the barcode font: each glyph one module wide per bar (the font size
    /// scaled horizontally), one bar (the font size) high.
    fn show_bars(&mut self, bytes: &[u8]) {
        let patterns = if self.symbol_font { barcode::code128_all_patterns() } else { barcode::code128_patterns() };
        let values: Vec<usize> = match (self.symbol_font, self.one_byte_symbols) {
            (true, true) => bytes.iter().map(|&g| usize::from(g).wrapping_sub(1)).collect(),
            (true, false) => {
                bytes.chunks_exact(2).map(|p| usize::from(u16::from_be_bytes([p[0], p[1]])).wrapping_sub(1)).collect()
            }
            (false, _) => bytes.iter().map(|&v| usize::from(v)).collect(),
        };
        let mut x = 0usize;
        let mut runs = Vec::new();
        for v in values {
            let pattern = patterns.get(v).map_or(&[][..], Vec::as_slice);
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
            let module = self.size * self.scaling;
            let (x0, y0) = apply(&m, runs[i] as f32 * module, 0.0);
            let (x1, y1) = apply(&m, (runs[j] + 1) as f32 * module, self.size);
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
        for (&key, outline) in &self.glyphs {
            if let Some(d) = outline {
                let _ = writeln!(svg, r#"<path id="{}" d="{d}"/>"#, glyph_id(key));
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

/// A glyph's id in the defs: `g12` in the run's font, `s1g12` in shaped font 1.
fn glyph_id(key: u32) -> String {
    match key >> 16 {
        0 => format!("g{}", key & 0xFFFF),
        slot => format!("s{}g{}", slot - 1, key & 0xFFFF),
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

#[cfg(test)]
mod tests;
mod tokens;

use tokens::{Operand, Token, Tokens};

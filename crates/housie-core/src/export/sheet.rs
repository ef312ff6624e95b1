//! A sheet to sign and keep (the night's cash-up): an A4 page or more of running text, totals
//! with their figures in one column, and tables whose cells sit at their columns, in the books'
//! font (text in Hindi shaped as the books' is), with lines at the foot for who counted and who
//! checked. Whoever fills it in says what each line is; this writer only sets it.

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, TextItem, TextMatrix,
};

use super::pdf::content::{Content, PT_PER_MM};
use super::pdf::shaped_font;
use super::pdf::SHAPED_FONT_IDS;
use crate::print::font::Font;
use crate::print::layout::MM_PER_PT;
use crate::print::typeset::{Piece, Shaped, Typesetter};

/// The font's resource name in the sheet.
const FONT_ID: &str = "HOUSIE";
const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
/// Lines of 10 pt text a page holds, with room for the title and the signatures.
const LINES_PER_PAGE: usize = 50;
/// Where the totals' figures end, mm from the page's left edge.
const FIGURES_RIGHT: f32 = MARGIN + 90.0;

/// A line of the sheet.
#[derive(Clone, Debug, PartialEq)]
pub enum SheetLine {
    /// Running text, wrapped at spaces to stay inside the margins.
    Text(String),
    /// A total: its label, and its figure right-aligned in the figures' column (a note after
    /// the figure, in brackets, runs on past it).
    Figure(String, String),
    /// A row of a table, each cell at its column; set as `otherwise` (running text) when a
    /// cell is wider than its column.
    Row {
        /// Each cell and its column.
        cells: Vec<(String, Column)>,
        /// The row as running text.
        otherwise: String,
    },
}

/// A table's column: where its cells start (or, for figures, end), mm from the page's left
/// edge, and how wide they may be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Column {
    at: f32,
    width: f32,
    /// Figures: set right-aligned, ending at `at`.
    right: bool,
}

impl Column {
    /// Text starting `at` mm from the page's left edge, at most `width` mm wide.
    pub const fn text(at: f32, width: f32) -> Column {
        Column { at, width, right: false }
    }

    /// Figures ending `at` mm from the page's left edge, at most `width` mm wide.
    pub const fn figure(at: f32, width: f32) -> Column {
        Column { at, width, right: true }
    }
}

/// A sheet: what each page says at its head, its lines, and the signature block at the foot
/// of the last page.
pub struct Sheet<'a> {
    /// The document's title (its metadata).
    pub title: String,
    /// Each page's head, given the page and the number of pages.
    pub heading: &'a dyn Fn(usize, usize) -> String,
    /// The lines, in order.
    pub lines: Vec<SheetLine>,
    /// Who signs (`Counted by`, `Checked by`), each with lines for a signature and a date.
    pub signatures: Vec<String>,
    /// The label of a signature's line.
    pub signed: String,
    /// The label of its date's line.
    pub date: String,
}

/// The left margin, mm: where running text starts.
pub const MARGIN: f32 = 18.0;

/// `line` cut at spaces into lines no wider than `room` mm (by `width`), the later ones
/// indented; a word wider than the room (a 60-letter name) is cut where it must.
fn wrap(line: &str, room: f32, width: &dyn Fn(&str) -> f32) -> Vec<String> {
    if width(line) <= room {
        return vec![line.to_string()];
    }
    let indent = "    ";
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let tried = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if !current.trim().is_empty() && width(&tried) > room {
            out.push(std::mem::replace(&mut current, format!("{indent}{word}")));
        } else {
            current = tried;
        }
        // What is left of a word too wide for a line of its own, cut into lines that fit.
        while width(&current) > room {
            let Some(cut) = cut_at(&current, room, width) else { break };
            let rest = format!("{indent}{}", &current[cut..]);
            current.truncate(cut);
            out.push(std::mem::replace(&mut current, rest));
        }
    }
    out.push(current);
    out
}

/// The longest start of `text` (past its indent) no wider than `room`, as a byte offset, cut
/// between characters but never before a combining mark or after a virama or a joiner (so an
/// Indic syllable stays whole); `None` when not even one character fits.
fn cut_at(text: &str, room: f32, width: &dyn Fn(&str) -> f32) -> Option<usize> {
    let joins = |c: char| {
        matches!(c, '\u{0300}'..='\u{036F}' | '\u{0900}'..='\u{0903}' | '\u{093A}'..='\u{094F}'
        | '\u{0951}'..='\u{0957}' | '\u{0962}'..='\u{0963}' | '\u{200C}' | '\u{200D}')
    };
    let start = text.len() - text.trim_start().len();
    let mut best = None;
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices().skip_while(|(i, _)| *i < start) {
        let breakable = i > start && !joins(c) && !matches!(prev, Some('\u{094D}' | '\u{200D}'));
        if breakable {
            if width(&text[..i]) > room {
                break;
            }
            best = Some(i);
        }
        prev = Some(c);
    }
    best
}

/// The sheet's font and how wide its text sets: plain runs in the font, runs it cannot draw
/// (Hindi) shaped as the books' text is; what no font has prints as `?`, a currency sign as
/// its code (`INR 1,00,000.00`).
struct Setter<'a> {
    font: &'a Font,
    typesetter: Typesetter<'a>,
}

impl Setter<'_> {
    fn printable(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                c if self.font.has(c) => out.push(c),
                '₹' => out.push_str("INR "),
                '€' => out.push_str("EUR "),
                '£' => out.push_str("GBP "),
                _ => out.push('?'),
            }
        }
        out
    }

    /// `text`'s width at 10 pt, mm.
    fn width_mm(&self, text: &str) -> f32 {
        let t = &self.typesetter;
        t.lay_out(crate::print::page_text::PageText::Other, text)
            .map_or_else(|_| self.font.width(&self.printable(text), 10.0), |p| t.width(&p, 10.0))
            * MM_PER_PT
    }

    /// The lines as set: running text wrapped, a row that does not fit its columns as its text.
    fn set(&self, lines: &[SheetLine]) -> Vec<SheetLine> {
        let width = |t: &str| self.width_mm(t);
        let mut out = Vec::new();
        for line in lines {
            match line {
                SheetLine::Text(text) => {
                    out.extend(wrap(text, PAGE_W - 2.0 * MARGIN, &width).into_iter().map(SheetLine::Text))
                }
                // A row that does not fit is set as its text; one with no text (a table's heads)
                // is left out.
                SheetLine::Row { cells, otherwise } if cells.iter().any(|(c, col)| width(c) > col.width) => {
                    if !otherwise.is_empty() {
                        out.extend(wrap(otherwise, PAGE_W - 2.0 * MARGIN, &width).into_iter().map(SheetLine::Text))
                    }
                }
                other => out.push(other.clone()),
            }
        }
        out
    }
}

/// What a page draws: plain runs as printpdf operations, shaped runs kept to draw once the
/// document exists (page index, run, size, x and baseline in points).
struct PageInk<'s> {
    setter: &'s Setter<'s>,
    page: usize,
    ops: Vec<Op>,
    shaped: &'s mut Vec<(usize, Shaped, f32, f32, f32)>,
    /// Every plain run set, so that only its glyphs are embedded.
    printed: &'s mut String,
}

impl PageInk<'_> {
    fn show(&mut self, size: f32, x: f32, y: f32, text: &str) {
        let (font, typesetter) = (self.setter.font, &self.setter.typesetter);
        let pieces = typesetter
            .lay_out(crate::print::page_text::PageText::Other, text)
            .unwrap_or_else(|_| vec![Piece::Plain(self.setter.printable(text))]);
        let mut x = x;
        for piece in pieces {
            match piece {
                Piece::Plain(run) => {
                    self.printed.push_str(&run);
                    self.ops.push(Op::StartTextSection);
                    self.ops
                        .push(Op::SetFont { font: PdfFontHandle::External(FontId(FONT_ID.into())), size: Pt(size) });
                    self.ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(Mm(x).into(), Mm(y).into()) });
                    x += font.width(&run, size) * MM_PER_PT;
                    self.ops.push(Op::ShowText { items: vec![TextItem::Text(run)] });
                    self.ops.push(Op::EndTextSection);
                }
                Piece::Shaped(run) => {
                    let width = typesetter.shaped_width(&run, size) * MM_PER_PT;
                    self.shaped.push((self.page, run, size, x * PT_PER_MM, y * PT_PER_MM));
                    x += width;
                }
            }
        }
    }

    fn line(&mut self, line: &SheetLine, y: f32) {
        match line {
            SheetLine::Text(text) => self.show(10.0, MARGIN, y, text),
            SheetLine::Row { cells, .. } => {
                for (text, column) in cells {
                    let x = if column.right { column.at - self.setter.width_mm(text) } else { column.at };
                    self.show(10.0, x, y, text);
                }
            }
            SheetLine::Figure(label, figure) => {
                self.show(10.0, MARGIN + 4.0, y, label);
                // The amount's right edge on the column; a note after it runs on.
                let (amount, note) = figure.split_once(" (").map_or((figure.as_str(), None), |(a, n)| (a, Some(n)));
                self.show(10.0, FIGURES_RIGHT - self.setter.width_mm(amount), y, amount);
                if let Some(note) = note {
                    self.show(10.0, FIGURES_RIGHT + 3.0, y, &format!("({note}"));
                }
            }
        }
    }

    /// Each signer's three lines (name, signature, date), each with a rule to write on.
    fn signatures(&mut self, sheet: &Sheet<'_>, mut y: f32) {
        for who in &sheet.signatures {
            self.show(10.0, MARGIN, y, who);
            self.show(10.0, MARGIN, y - 8.0, &sheet.signed);
            self.show(10.0, MARGIN, y - 16.0, &sheet.date);
            self.ops.push(Op::SetOutlineThickness { pt: Pt(0.5) });
            for dy in [0.0, 8.0, 16.0] {
                self.ops.push(Op::DrawLine {
                    line: Line {
                        points: vec![
                            LinePoint { p: Point::new(Mm(MARGIN + 28.0), Mm(y - dy - 1.0)), bezier: false },
                            LinePoint { p: Point::new(Mm(PAGE_W - MARGIN), Mm(y - dy - 1.0)), bezier: false },
                        ],
                        is_closed: false,
                    },
                });
            }
            y -= 28.0;
        }
    }
}

/// The sheet as PDF bytes, in `font` (the books' font; text it cannot draw shaped in housie's
/// Devanagari font where it can be).
pub fn sheet_pdf(sheet: &Sheet<'_>, font: &Font) -> Vec<u8> {
    let setter = Setter { font, typesetter: Typesetter::new(font, true) };
    let lines = setter.set(&sheet.lines);
    let mut shaped: Vec<(usize, Shaped, f32, f32, f32)> = Vec::new();
    let mut printed = String::new();
    let chunks: Vec<&[SheetLine]> = lines.chunks(LINES_PER_PAGE).collect();
    let mut doc = PdfDocument::new(&sheet.title);
    doc.metadata.info.producer = format!("housie {}", env!("CARGO_PKG_VERSION"));
    doc.metadata.info.creator = doc.metadata.info.producer.clone();
    doc.resources.fonts.map.insert(FontId(FONT_ID.into()), PdfFont::new(font.parsed().clone()));
    let pages = chunks.len();
    let mut out = Vec::new();
    for (i, chunk) in chunks.into_iter().enumerate() {
        let mut ink = PageInk { setter: &setter, page: i, ops: Vec::new(), shaped: &mut shaped, printed: &mut printed };
        let mut y = PAGE_H - MARGIN;
        ink.ops.push(Op::SetFillColor { col: Color::Greyscale(Greyscale { percent: 0.0, icc_profile: None }) });
        ink.show(16.0, MARGIN, y, &(sheet.heading)(i + 1, pages));
        y -= 10.0;
        for line in chunk {
            ink.line(line, y);
            y -= 4.6;
        }
        if i + 1 == pages {
            ink.signatures(sheet, y - 10.0);
        }
        out.push(PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ink.ops));
    }
    doc.with_pages(out);
    finish(doc, &shaped, &setter.typesetter, font, &printed)
}

/// The document as bytes: not PDF/X, its shaped runs drawn, its font cut down to the glyphs
/// the sheet prints (some 20 KB, not the whole 400; left whole if it cannot be cut).
fn finish(
    doc: PdfDocument,
    shaped: &[(usize, Shaped, f32, f32, f32)],
    typesetter: &Typesetter<'_>,
    font: &Font,
    printed: &str,
) -> Vec<u8> {
    let opts = PdfSaveOptions { optimize: true, subset_fonts: false, secure: true, image_optimization: None };
    let mut pdf = doc.to_lopdf_document(&opts, &mut Vec::new());
    // printpdf marks every file PDF/X with an empty version; this sheet is not.
    if let Ok(info) = pdf.trailer.get(b"Info").and_then(lopdf::Object::as_reference) {
        if let Ok(info) = pdf.get_dictionary_mut(info) {
            info.remove(b"GTS_PDFXVersion");
        }
    }
    draw_shaped(&mut pdf, shaped, typesetter);
    let glyphs = font.glyphs(printed).collect();
    if let Some(&page) = pdf.get_pages().values().next() {
        if let Ok(object) = super::pdf::shared::font_of(&pdf, page) {
            let _ = super::pdf::shared::embed_subset_of(&mut pdf, &object, font, &glyphs);
        }
    }
    pdf.compress();
    let mut bytes = Vec::new();
    pdf.save_to(&mut bytes).expect("writing to memory");
    bytes
}

/// Draws the shaped runs on their pages (page index, run, size, x and baseline in points), in
/// fonts cut down to their glyphs; a font that cannot be cut down leaves its runs out (the text
/// layer would be wrong, never a wrong word on paper).
fn draw_shaped(pdf: &mut lopdf::Document, shaped: &[(usize, Shaped, f32, f32, f32)], typesetter: &Typesetter<'_>) {
    let runs: Vec<Shaped> = shaped.iter().map(|(_, run, ..)| run.clone()).collect();
    let Ok(fonts) = shaped_font::add_fonts(pdf, &runs, typesetter) else { return };
    let pages: Vec<lopdf::ObjectId> = pdf.get_pages().into_values().collect();
    for (index, &page) in pages.iter().enumerate() {
        let mut c = Content::default();
        c.begin_text();
        for (_, run, size, x, y) in shaped.iter().filter(|(i, ..)| *i == index) {
            let units = typesetter.font(run.font).units_per_em();
            c.shaped(run, SHAPED_FONT_IDS[run.font], units, *size, *x, *y);
        }
        c.op("ET");
        if shaped.iter().any(|(i, ..)| *i == index) {
            let _ = pdf.add_page_contents(page, c.into_bytes());
            add_font_resources(pdf, page, &fonts);
        }
    }
}

/// Names `fonts` in `page`'s font resources.
fn add_font_resources(pdf: &mut lopdf::Document, page: lopdf::ObjectId, fonts: &[(&str, lopdf::ObjectId)]) {
    use lopdf::Object;
    let fonts_ref = match pdf.get_or_create_resources(page).and_then(Object::as_dict_mut) {
        Ok(resources) => {
            if !resources.has(b"Font") {
                resources.set("Font", lopdf::Dictionary::new());
            }
            match resources.get_mut(b"Font") {
                Ok(Object::Dictionary(dict)) => {
                    for &(name, id) in fonts {
                        dict.set(name, id);
                    }
                    return;
                }
                Ok(Object::Reference(id)) => *id,
                _ => return,
            }
        }
        Err(_) => return,
    };
    if let Ok(dict) = pdf.get_dictionary_mut(fonts_ref) {
        for &(name, id) in fonts {
            dict.set(name, id);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_line_wraps_at_spaces_and_a_short_one_stays() {
        let chars = |t: &str| t.chars().count() as f32;
        assert_eq!(super::wrap("aaa bbb", 10.0, &chars), ["aaa bbb"]);
        assert_eq!(super::wrap("aaa bbb ccc dddd", 10.0, &chars), ["aaa bbb", "    ccc", "    dddd"]);
        // A word wider than the room is cut where it must, an Indic syllable kept whole.
        assert_eq!(super::wrap("abcdefghijklmn x", 10.0, &chars), ["abcdefghij", "    klmn x"]);
        assert_eq!(
            super::wrap("x abcdefghijklmnopqrst", 10.0, &chars),
            ["x", "    abcdef", "    ghijkl", "    mnopqr", "    st"]
        );
        let hindi = super::wrap("aaaaaaaaaक्षत्रिय", 10.0, &chars);
        assert!(hindi.iter().all(|l| !l.trim_start().starts_with('\u{094D}')), "{hindi:?}");
    }
}

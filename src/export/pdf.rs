//! The print-ready PDF: one book per page, six 3 × 9 grids stacked as a strip, each with its
//! serial on its own line above it, a header and footer from the template, cut guides, and for
//! the print shop a bleed, crop marks and correct page boxes.
//!
//! printpdf draws; lopdf then sets the page boxes (printpdf writes them as x, y, width, height
//! and has no BleedBox), drops the PDF/X marker printpdf adds to every file, removes the dates,
//! and sets the document /ID from the SHA-256 of the volume's manifest rows, so that the same run
//! gives the same bytes.

use std::io;

use lopdf::{Object, StringFormat};
use printpdf::{
    Color, ExtendedGraphicsStateId, FontId, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode, PdfDocument, PdfFont,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rect, TextItem, TextMatrix,
};
use sha2::{Digest, Sha256};

use super::csv::ManifestWriter;
use super::Export;
use crate::domain::{Serial, COLS, ROWS};
use crate::print::barcode;
use crate::print::font::Font;
use crate::print::layout::{Geometry, CAP_HEIGHT, HEADER_GAP_MM, MM_PER_PT, SAFE_MM};
use crate::print::pages::PlacedBook;
use crate::print::template::{fill, Barcode, Cmyk, Fill, Template};
use crate::record::date::RunDate;

/// The font's resource name: fixed, so output does not depend on printpdf's global counter.
const FONT_ID: &str = "HOUSIE";
/// Space outside the trim for the bleed and crop marks together, mm: 7.5 keeps an A4 page on an
/// SRA4 sheet (225 × 320 mm); the marks take what the bleed leaves, at least 3 mm.
const SLUG_AND_BLEED_MM: f32 = 7.5;
const MIN_SLUG_MM: f32 = 3.0;
/// Graphics states, by fixed resource names: overprint for 100 % K (`/OP /op true /OPM 1`),
/// and knock-out for anything else drawn after it.
const OVERPRINT: &str = "HOUSIEOP";
const KNOCKOUT: &str = "HOUSIEKO";
/// Registration colour: crop marks print on every plate.
const REGISTRATION: Cmyk = Cmyk([100.0, 100.0, 100.0, 100.0]);

/// Everything about the look that is the same on every page of a run, borrowed from the
/// resolved plan (its settings and its loaded template and font), so it cannot drift from them.
#[derive(Clone, Copy, Debug)]
pub struct PdfStyle<'a> {
    pub template: &'a Template,
    pub font: &'a Font,
    pub title: &'a str,
    pub bleed_mm: f32,
    pub crop_marks: bool,
    /// The run's date: CreationDate and ModDate.
    pub date: RunDate,
}

/// Why the look was refused before drawing anything.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StyleError {
    #[error(transparent)]
    Font(#[from] crate::print::font::FontError),
    #[error(
        "the header does not fit on the widest page (book {book}): `{left}` ({left_mm:.1} mm) and `{right}` \
         ({right_mm:.1} mm) need {need_mm:.1} mm with the {HEADER_GAP_MM} mm gap between them, but the header is \
         {width_mm:.1} mm wide"
    )]
    HeaderOverlap { book: u64, left: String, right: String, left_mm: f32, right_mm: f32, need_mm: f32, width_mm: f32 },
    #[error(
        "{what} comes within {distance_mm:.1} mm of the trim on the widest page (book {book}); everything but \
         colour must stay at least {SAFE_MM} mm inside it"
    )]
    OutsideSafeZone { what: String, book: u64, distance_mm: f32 },
    #[error(
        "{what} contains right-to-left text ({ch:?}, U+{code:04X}); housie lays out left-to-right only and \
         would print it reversed, so it refuses it"
    )]
    RightToLeft { what: String, ch: char, code: u32 },
}

impl PdfStyle<'_> {
    /// Checks that the font can draw every character this run will need, left to right.
    pub fn check(&self) -> Result<(), StyleError> {
        let f = &self.font;
        let t = &self.template;
        for (what, text) in [
            ("the title", self.title),
            ("the template's header.left", &t.header.left),
            ("the template's header.right", &t.header.right),
            ("the template's footer.text", &t.footer.text),
        ] {
            left_to_right(what, text)?;
            f.check(what, text)?;
        }
        f.check("serials", "0123456789-")?;
        Ok(())
    }

    /// Measures the header and footer with the font's advance widths on the widest page of the
    /// run (the book number with most digits, the last page of the fullest file), and refuses
    /// text that would overlap or come within [`SAFE_MM`] of the trim.
    pub fn check_fit(&self, last_book: u64, pages: u64) -> Result<(), StyleError> {
        let t = self.template;
        let g = Geometry::of(t);
        let values = Fill { title: self.title, book: last_book, page: pages, pages };
        let mm = |text: &str, size: f32| self.font.width(text, size) * MM_PER_PT;
        let (left, right) = (fill(&t.header.left, &values), fill(&t.header.right, &values));
        let (left_mm, right_mm) = (mm(&left, t.header.size), mm(&right, t.header.size));
        let gap = if left.is_empty() || right.is_empty() { 0.0 } else { HEADER_GAP_MM };
        let width_mm = g.right - g.left;
        if left_mm + right_mm + gap > width_mm + 0.01 {
            let need_mm = left_mm + right_mm + gap;
            return Err(StyleError::HeaderOverlap {
                book: last_book,
                left,
                right,
                left_mm,
                right_mm,
                need_mm,
                width_mm,
            });
        }
        let outside = |what: &str, distance_mm: f32| {
            Err(StyleError::OutsideSafeZone { what: what.to_string(), book: last_book, distance_mm })
        };
        let edge = g.left.min(g.w - g.right);
        if edge < SAFE_MM {
            return outside("the tickets and the header", edge);
        }
        let header_top = g.header_base + t.header.size * CAP_HEIGHT * MM_PER_PT;
        if !(left.is_empty() && right.is_empty()) && g.h - header_top < SAFE_MM {
            return outside("the header", g.h - header_top);
        }
        let footer = fill(&t.footer.text, &values);
        if !footer.is_empty() {
            let half = mm(&footer, t.footer.size) / 2.0;
            let distance = (g.w / 2.0 - half).min(g.footer_base);
            if distance < SAFE_MM {
                return outside("the footer", distance);
            }
        }
        Ok(())
    }

    /// Whether colour (a background or header band) runs to the trim edge with no bleed, which
    /// a print shop's cutting turns into white slivers.
    pub fn colour_reaches_trim(&self) -> bool {
        self.bleed_mm == 0.0 && (self.template.page.background.is_some() || self.template.header.band.is_some())
    }

    fn page_mm(&self) -> (f32, f32) {
        self.template.page.size.mm()
    }

    /// Offset of the trim box inside the media box, mm.
    fn offset_mm(&self) -> f32 {
        self.bleed_mm + if self.crop_marks { self.slug_mm() } else { 0.0 }
    }

    /// Room for the crop marks outside the bleed.
    fn slug_mm(&self) -> f32 {
        (SLUG_AND_BLEED_MM - self.bleed_mm).max(MIN_SLUG_MM)
    }
}

/// Refuses text with a strong right-to-left character (Hebrew, Arabic, …): drawn glyph by glyph
/// left to right it would read backwards.
fn left_to_right(what: &str, text: &str) -> Result<(), StyleError> {
    use unicode_bidi::{bidi_class, BidiClass};
    match text.chars().find(|&c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL)) {
        None => Ok(()),
        Some(ch) => Err(StyleError::RightToLeft { what: what.to_string(), ch, code: ch as u32 }),
    }
}

fn pt(mm: f32) -> f32 {
    mm * 72.0 / 25.4
}

fn cmyk(c: Cmyk) -> Color {
    let [c, m, y, k] = c.0;
    Color::Cmyk(printpdf::Cmyk::new(c / 100.0, m / 100.0, y / 100.0, k / 100.0, None))
}

/// Builds one page's drawing operations, in trim-box millimetres.
struct Canvas<'a> {
    style: &'a PdfStyle<'a>,
    ops: Vec<Op>,
    origin: f32,
}

impl Canvas<'_> {
    fn point(&self, x: f32, y: f32) -> Point {
        Point { x: Pt(pt(x + self.origin)), y: Pt(pt(y + self.origin)) }
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Cmyk) {
        self.ops.push(Op::SetFillColor { col: cmyk(colour) });
        self.rect(x, y, w, h, PaintMode::Fill);
    }

    fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, width_pt: f32) {
        self.ops.push(Op::SetOutlineThickness { pt: Pt(width_pt) });
        self.rect(x, y, w, h, PaintMode::Stroke);
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, mode: PaintMode) {
        let p = self.point(x, y);
        let (width, height) = (Pt(pt(w)), Pt(pt(h)));
        let rectangle = Rect { x: p.x, y: p.y, width, height, mode: Some(mode), winding_order: None };
        self.ops.push(Op::DrawRectangle { rectangle });
    }

    fn line(&mut self, (x1, y1): (f32, f32), (x2, y2): (f32, f32), width_pt: f32) {
        self.ops.push(Op::SetOutlineThickness { pt: Pt(width_pt) });
        let points = vec![
            LinePoint { p: self.point(x1, y1), bezier: false },
            LinePoint { p: self.point(x2, y2), bezier: false },
        ];
        self.ops.push(Op::DrawLine { line: Line { points, is_closed: false } });
    }

    /// Text with its left end at `x` (`align` 0), centre (0.5) or right end (1) there.
    fn text(&mut self, text: &str, size: f32, x: f32, baseline: f32, align: f32, colour: Cmyk) {
        if text.is_empty() {
            return;
        }
        let width_mm = self.style.font.width(text, size) * 25.4 / 72.0;
        let p = self.point(x - align * width_mm, baseline);
        self.ops.push(Op::SetFillColor { col: cmyk(colour) });
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(FontId(FONT_ID.into())), size: Pt(size) });
        self.ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(p.x, p.y) });
        self.ops.push(Op::ShowText { items: vec![TextItem::Text(text.to_string())] });
    }
}

/// Draws one book as one page.
pub fn draw_page(style: &PdfStyle<'_>, placed: &PlacedBook, pages: u64) -> PdfPage {
    let t = &style.template;
    let (w, h) = style.page_mm();
    let bleed = style.bleed_mm;
    let mut c = Canvas { style, ops: Vec::with_capacity(700), origin: style.offset_mm() };
    let black = Cmyk::BLACK;

    if let Some(bg) = t.page.background {
        c.fill_rect(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed, bg);
    }
    let g = Geometry::of(t);
    let header_bottom = g.header_bottom;
    if let Some(band) = t.header.band {
        c.fill_rect(-bleed, header_bottom, w + 2.0 * bleed, h + bleed - header_bottom, band);
    }

    let tk = &t.ticket;
    let left = g.left;
    let (cell_w, cell_h) = (tk.width / COLS as f32, tk.height / ROWS as f32);
    let top_of = |i: usize| g.ticket_top(i);

    // Shading first, then lines over it, then text on top.
    for (i, ticket) in placed.drawn.book.tickets().iter().enumerate() {
        let grid_top = top_of(i) - tk.serial_height;
        if let Some(shade) = tk.blank_shade {
            for r in 0..ROWS {
                for col in 0..COLS {
                    if ticket.get(r, col).is_none() {
                        let (x, y) = (left + col as f32 * cell_w, grid_top - (r + 1) as f32 * cell_h);
                        c.fill_rect(x, y, cell_w, cell_h, shade);
                    }
                }
            }
        }
    }
    c.ops.push(Op::SetOutlineColor { col: cmyk(black) });
    // From here on what is drawn is 100 % K and overprints the tints under it, so a plate out of
    // register leaves no white sliver beside a line or a number.
    c.ops.push(Op::LoadGraphicsState { gs: ExtendedGraphicsStateId(OVERPRINT.into()) });
    for i in 0..6 {
        let grid_top = top_of(i) - tk.serial_height;
        let bottom = grid_top - tk.height;
        for col in 1..COLS {
            let x = left + col as f32 * cell_w;
            c.line((x, bottom), (x, grid_top), tk.line_width);
        }
        for r in 1..ROWS {
            let y = grid_top - r as f32 * cell_h;
            c.line((left, y), (left + tk.width, y), tk.line_width);
        }
        c.stroke_rect(left, bottom, tk.width, tk.height, tk.border_width);
    }
    if tk.cut_guides {
        c.ops.push(Op::SaveGraphicsState);
        c.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[4.0, 3.0]) });
        for i in 1..6 {
            c.line((0.0, g.cut(i)), (w, g.cut(i)), 0.3);
        }
        c.ops.push(Op::RestoreGraphicsState);
    }
    if style.crop_marks {
        // In registration colour, from 1 mm outside the bleed, so none prints on the trimmed
        // page: the corners, and a mark each side at every cut between slips.
        c.ops.push(Op::SetOutlineColor { col: cmyk(REGISTRATION) });
        let (near, far) = (bleed + 1.0, bleed + style.slug_mm() - 0.5);
        for (x, sx) in [(0.0, -1.0), (w, 1.0)] {
            for (y, sy) in [(0.0, -1.0), (h, 1.0)] {
                c.line((x + sx * near, y), (x + sx * far, y), 0.25);
                c.line((x, y + sy * near), (x, y + sy * far), 0.25);
            }
            for i in 0..=6 {
                c.line((x + sx * near, g.cut(i)), (x + sx * far, g.cut(i)), 0.25);
            }
        }
        c.ops.push(Op::SetOutlineColor { col: cmyk(black) });
    }

    c.ops.push(Op::StartTextSection);
    let number = placed.drawn.number;
    let values = Fill { title: style.title, book: number, page: placed.page, pages };
    let header_colour = t.header.colour.unwrap_or(black);
    // Only pure K may overprint: white (or any colour) text on the band must knock out.
    let knock_out = header_colour != black;
    if knock_out {
        c.ops.push(Op::LoadGraphicsState { gs: ExtendedGraphicsStateId(KNOCKOUT.into()) });
    }
    c.text(&fill(&t.header.left, &values), t.header.size, g.left, g.header_base, 0.0, header_colour);
    c.text(&fill(&t.header.right, &values), t.header.size, g.right, g.header_base, 1.0, header_colour);
    if knock_out {
        c.ops.push(Op::LoadGraphicsState { gs: ExtendedGraphicsStateId(OVERPRINT.into()) });
    }
    let digit_h = tk.number_size * 0.72 * 25.4 / 72.0;
    for (i, ticket) in placed.drawn.book.tickets().iter().enumerate() {
        let serial = Serial::new(number, i as u8 + 1).expect("book numbers start at 1");
        let grid_top = top_of(i) - tk.serial_height;
        c.text(&format!("No. {serial}"), tk.serial_size, left, grid_top + 1.2, 0.0, black);
        for r in 0..ROWS {
            for col in 0..COLS {
                if let Some(n) = ticket.get(r, col) {
                    let x = left + (col as f32 + 0.5) * cell_w;
                    let y = grid_top - (r as f32 + 0.5) * cell_h - digit_h / 2.0;
                    c.text(&n.to_string(), tk.number_size, x, y, 0.5, black);
                }
            }
        }
    }
    if !t.footer.text.is_empty() {
        c.text(&fill(&t.footer.text, &values), t.footer.size, w / 2.0, g.footer_base, 0.5, black);
    }
    c.ops.push(Op::EndTextSection);

    let media = 2.0 * style.offset_mm();
    PdfPage::new(Mm(w + media), Mm(h + media), c.ops)
}

/// One PDF file of consecutive books.
pub struct PdfVolume<'a> {
    style: &'a PdfStyle<'a>,
    pages: Vec<PdfPage>,
    /// Each page's book number, for its barcodes (written as raw content at the end: through
    /// printpdf's operation lists they would cost ~50 KB a page until the volume is written).
    books: Vec<u64>,
    pages_total: u64,
    /// The manifest rows of this volume's tickets, hashed: the source of the document /ID.
    rows: ManifestWriter<Sha256>,
}

impl<'a> PdfVolume<'a> {
    pub fn new(style: &'a PdfStyle<'a>, pages_total: u64) -> PdfVolume<'a> {
        let rows = ManifestWriter::new(Sha256::new()).expect("hashing cannot fail");
        let pages = Vec::with_capacity(pages_total as usize);
        PdfVolume { style, pages, books: Vec::with_capacity(pages_total as usize), pages_total, rows }
    }

    /// Serialises the volume.
    pub fn finish(self) -> io::Result<Vec<u8>> {
        let style = self.style;
        let mut doc = PdfDocument::new(style.title);
        doc.metadata.info.producer = format!("housie {}", env!("CARGO_PKG_VERSION"));
        doc.metadata.info.creator = format!("housie {}", env!("CARGO_PKG_VERSION"));
        doc.resources.fonts.map.insert(FontId(FONT_ID.into()), PdfFont::new(style.font.parsed().clone()));
        doc.with_pages(self.pages);
        let opts = PdfSaveOptions { optimize: true, subset_fonts: false, secure: true, image_optimization: None };
        let mut warnings = Vec::new();
        let mut lo = doc.to_lopdf_document(&opts, &mut warnings);

        let (w, h) = style.page_mm();
        let o = style.offset_mm();
        let b = style.bleed_mm;
        let rect = |x0: f32, y0: f32, x1: f32, y1: f32| {
            Object::Array([x0, y0, x1, y1].iter().map(|&v| Object::Real(pt(v))).collect())
        };
        let media = rect(0.0, 0.0, w + 2.0 * o, h + 2.0 * o);
        let trim = rect(o, o, o + w, o + h);
        let bleed = rect(o - b, o - b, o + w + b, o + h + b);
        for (_, id) in lo.get_pages() {
            let page = lo.get_object_mut(id).and_then(Object::as_dict_mut).map_err(io::Error::other)?;
            page.set("MediaBox", media.clone());
            page.set("CropBox", media.clone());
            page.set("TrimBox", trim.clone());
            page.set("BleedBox", bleed.clone());
        }
        add_graphics_states(&mut lo).map_err(io::Error::other)?;
        if style.template.ticket.barcode == Barcode::Code128 {
            for ((_, page), &book) in lo.get_pages().into_iter().zip(&self.books) {
                let bars = lopdf::Stream::new(lopdf::Dictionary::new(), barcodes(style, book));
                let id = lo.add_object(bars);
                let page = lo.get_object_mut(page).and_then(Object::as_dict_mut).map_err(io::Error::other)?;
                let mut contents = match page.get(b"Contents").map_err(io::Error::other)? {
                    Object::Array(items) => items.clone(),
                    other => vec![other.clone()],
                };
                contents.push(Object::Reference(id));
                page.set("Contents", contents);
            }
        }
        super::pdfx::declare(&mut lo, &style.date).map_err(io::Error::other)?;
        let digest = self.rows.into_inner()?.finalize();
        let id = Object::String(digest[..16].to_vec(), StringFormat::Hexadecimal);
        lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
        lo.compress();
        let mut bytes = Vec::new();
        lo.save_to(&mut bytes)?;
        Ok(bytes)
    }
}

/// A page's six barcodes as content: 100 % K bars (overprinting) at the right end of each
/// serial line, with the quiet zone to their left, in points with two decimals.
fn barcodes(style: &PdfStyle<'_>, book: u64) -> Vec<u8> {
    use std::fmt::Write as _;
    let t = style.template;
    let tk = &t.ticket;
    let g = Geometry::of(t);
    let o = style.offset_mm();
    let (bar_bottom, bar_h) = (tk.serial_height * 0.12, tk.serial_height * 0.76);
    let mut out = format!("q /{OVERPRINT} gs 0 0 0 1 k\n");
    for i in 0..6 {
        let serial = Serial::new(book, i as u8 + 1).expect("book numbers start at 1");
        let (bars, width) = barcode::code128(serial);
        let x0 = g.right - width as f32 * barcode::MODULE_MM;
        let y = g.ticket_top(i) - tk.serial_height + bar_bottom;
        // In the symbol's own units, one module wide by one bar high, each bar is four small
        // integers.
        let _ =
            writeln!(out, "q {:.5} 0 0 {:.3} {:.3} {:.3} cm", pt(barcode::MODULE_MM), pt(bar_h), pt(x0 + o), pt(y + o));
        for (start, modules) in bars {
            let _ = writeln!(out, "{start} 0 {modules} 1 re");
        }
        out.push_str("f\nQ\n");
    }
    out.push_str("Q\n");
    out.into_bytes()
}

/// Puts the overprint and knock-out graphics states into every page's resources.
fn add_graphics_states(doc: &mut lopdf::Document) -> lopdf::Result<()> {
    use lopdf::dictionary;
    let overprint = doc.add_object(dictionary! { "Type" => "ExtGState", "OP" => true, "op" => true, "OPM" => 1 });
    let knockout = doc.add_object(dictionary! { "Type" => "ExtGState", "OP" => false, "op" => false });
    let states = dictionary! { OVERPRINT => overprint, KNOCKOUT => knockout };
    for (_, page) in doc.get_pages() {
        let resources = doc.get_dictionary(page)?.get(b"Resources")?.clone();
        let dict = match resources {
            Object::Reference(id) => doc.get_object_mut(id)?.as_dict_mut()?,
            _ => doc.get_object_mut(page)?.as_dict_mut()?.get_mut(b"Resources")?.as_dict_mut()?,
        };
        dict.set("ExtGState", states.clone());
    }
    Ok(())
}

impl Export for PdfVolume<'_> {
    fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()> {
        self.rows.write_books(books)?;
        for placed in books {
            self.pages.push(draw_page(self.style, placed, self.pages_total));
            self.books.push(placed.drawn.number);
        }
        Ok(())
    }
}

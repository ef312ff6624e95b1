//! The cash-up on paper: an A4 sheet (or more) to sign and keep with the banking, in the books'
//! font, with lines for who counted and who checked.

use crate::support::catalogue::Catalogue;
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, TextItem, TextMatrix,
};

use super::Cashup;
use crate::export::pdf::content::{Content, PT_PER_MM};
use crate::export::pdf::shaped_font;
use crate::export::pdf::SHAPED_FONT_IDS;
use crate::print::font::Font;
use crate::print::layout::MM_PER_PT;
use crate::print::typeset::{Piece, Shaped, Typesetter};

/// The font's resource name in the sheet.
const FONT_ID: &str = "HOUSIE";
const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 18.0;
/// Lines of 10 pt text a page holds, with room for the title and the signatures.
const LINES_PER_PAGE: usize = 50;

/// The cash-up as PDF bytes, in the words of `words`: the title, the cash-up's text line by line, then `more` (the
/// night's log seal), and the signature lines at the foot of the last page. Text in Hindi
/// (a seller's name, the title) and the rupee sign are shaped as the books' text is
/// ([`crate::print::typeset`]); what no font can draw prints as `?` (a currency sign as its
/// code, `INR 1,00,000.00`).
pub fn cashup_pdf(cashup: &Cashup, more: &[String], title: &str, font: &Font, words: &Catalogue) -> Vec<u8> {
    let printable = |s: &str| -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                c if font.has(c) => out.push(c),
                '₹' => out.push_str("INR "),
                '€' => out.push_str("EUR "),
                '£' => out.push_str("GBP "),
                _ => out.push('?'),
            }
        }
        out
    };
    let mut text = cashup.to_text_in(words);
    for line in more {
        text.push_str(line);
        text.push('\n');
    }
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // Names people typed (sellers, the title) may be in Hindi: shaped, as the books' text is.
    let typesetter = Typesetter::new(font, true);
    let mut shaped: Vec<(usize, Shaped, f32, f32, f32)> = Vec::new();
    let chunks: Vec<&[String]> = if lines.is_empty() { vec![&[]] } else { lines.chunks(LINES_PER_PAGE).collect() };
    let mut doc = PdfDocument::new(&format!("Cash-up: {title}"));
    doc.metadata.info.producer = format!("housie {}", env!("CARGO_PKG_VERSION"));
    doc.metadata.info.creator = doc.metadata.info.producer.clone();
    doc.resources.fonts.map.insert(FontId(FONT_ID.into()), PdfFont::new(font.parsed().clone()));
    let pages = chunks.len();
    let mut out = Vec::new();
    for (i, chunk) in chunks.into_iter().enumerate() {
        let mut ops = Vec::new();
        let mut y = PAGE_H - MARGIN;
        // A line: plain runs by printpdf, shaped ones kept to draw once the document exists.
        let mut show = |ops: &mut Vec<Op>, size: f32, y: f32, text: String| {
            let pieces = typesetter.lay_out("", &text).unwrap_or_else(|_| vec![Piece::Plain(printable(&text))]);
            let mut x = MARGIN;
            for piece in pieces {
                match piece {
                    Piece::Plain(run) => {
                        ops.push(Op::StartTextSection);
                        ops.push(Op::SetFont { font: PdfFontHandle::External(FontId(FONT_ID.into())), size: Pt(size) });
                        ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(Mm(x).into(), Mm(y).into()) });
                        x += font.width(&run, size) * MM_PER_PT;
                        ops.push(Op::ShowText { items: vec![TextItem::Text(run)] });
                        ops.push(Op::EndTextSection);
                    }
                    Piece::Shaped(run) => {
                        let width = typesetter.shaped_width(&run, size) * MM_PER_PT;
                        shaped.push((i, run, size, x * PT_PER_MM, y * PT_PER_MM));
                        x += width;
                    }
                }
            }
        };
        ops.push(Op::SetFillColor { col: Color::Greyscale(Greyscale { percent: 0.0, icc_profile: None }) });
        let mut head = words.say("cashup-sheet-title", &[("title", title)]);
        if pages > 1 {
            head.push(' ');
            head.push_str(
                &words.say("cashup-sheet-page", &[("page", &(i + 1).to_string()), ("pages", &pages.to_string())]),
            );
        }
        show(&mut ops, 16.0, y, head);
        y -= 10.0;
        for line in chunk {
            show(&mut ops, 10.0, y, line.clone());
            y -= 4.6;
        }
        if i + 1 == pages {
            y -= 10.0;
            for who in ["cashup-counted-by", "cashup-checked-by"] {
                show(&mut ops, 10.0, y, words.say(who, &[]));
                show(&mut ops, 10.0, y - 8.0, words.say("cashup-signed", &[]));
                show(&mut ops, 10.0, y - 16.0, words.say("cashup-date", &[]));
                ops.push(Op::SetOutlineThickness { pt: Pt(0.5) });
                for dy in [0.0, 8.0, 16.0] {
                    ops.push(Op::DrawLine {
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
        out.push(PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ops));
    }
    doc.with_pages(out);
    let opts = PdfSaveOptions { optimize: true, subset_fonts: false, secure: true, image_optimization: None };
    let mut pdf = doc.to_lopdf_document(&opts, &mut Vec::new());
    // printpdf marks every file PDF/X with an empty version; this sheet is not.
    if let Ok(info) = pdf.trailer.get(b"Info").and_then(lopdf::Object::as_reference) {
        if let Ok(info) = pdf.get_dictionary_mut(info) {
            info.remove(b"GTS_PDFXVersion");
        }
    }
    draw_shaped(&mut pdf, &shaped, &typesetter);
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
            let units = typesetter.fonts()[run.font].units_per_em();
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

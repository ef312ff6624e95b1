//! The cash-up on paper: an A4 sheet (or more) to sign and keep with the banking, in the books'
//! font, with lines for who counted and who checked.

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, TextItem, TextMatrix,
};

use super::Cashup;
use crate::print::font::Font;

/// The font's resource name in the sheet.
const FONT_ID: &str = "HOUSIE";
const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 18.0;
/// Lines of 10 pt text a page holds, with room for the title and the signatures.
const LINES_PER_PAGE: usize = 50;

/// The cash-up as PDF bytes: the title, the cash-up's text line by line, then `more` (the
/// night's log seal), and the signature lines at the foot of the last page. A currency sign
/// the font cannot draw prints as the currency's code (`INR 1,00,000.00`), other text it
/// cannot draw as `?`.
pub fn cashup_pdf(cashup: &Cashup, more: &[String], title: &str, font: &Font) -> Vec<u8> {
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
    let mut text = cashup.to_text();
    for line in more {
        text.push_str(line);
        text.push('\n');
    }
    let lines: Vec<String> = text.lines().map(printable).collect();
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
        let show = |ops: &mut Vec<Op>, size: f32, y: f32, text: String| {
            ops.push(Op::StartTextSection);
            ops.push(Op::SetFont { font: PdfFontHandle::External(FontId(FONT_ID.into())), size: Pt(size) });
            ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(Mm(MARGIN).into(), Mm(y).into()) });
            ops.push(Op::ShowText { items: vec![TextItem::Text(text)] });
            ops.push(Op::EndTextSection);
        };
        ops.push(Op::SetFillColor { col: Color::Greyscale(Greyscale { percent: 0.0, icc_profile: None }) });
        let page = if pages > 1 { format!(" (page {} of {pages})", i + 1) } else { String::new() };
        show(&mut ops, 16.0, y, printable(&format!("{title}: cash-up{page}")));
        y -= 10.0;
        for line in chunk {
            show(&mut ops, 10.0, y, line.clone());
            y -= 4.6;
        }
        if i + 1 == pages {
            y -= 10.0;
            for who in ["Counted by", "Checked by"] {
                show(&mut ops, 10.0, y, format!("{who}:"));
                show(&mut ops, 10.0, y - 8.0, "Signed:".to_string());
                show(&mut ops, 10.0, y - 16.0, "Date:".to_string());
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
    pdf.compress();
    let mut bytes = Vec::new();
    pdf.save_to(&mut bytes).expect("writing to memory");
    bytes
}

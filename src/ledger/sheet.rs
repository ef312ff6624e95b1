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
/// Where the totals' figures end, mm from the page's left edge.
const FIGURES_RIGHT: f32 = MARGIN + 90.0;

/// A line of the sheet: text, a total's label with its figure set in the figures' column, or
/// a row of a table (a seller's paper, a prize paid): each cell at its column.
enum SheetLine {
    Text(String),
    Figure(String, String),
    Row(Vec<(String, Column)>),
}

/// A table's column: where its cells start (or, for figures, end), mm from the page's left
/// edge, and how wide they may be.
#[derive(Clone, Copy)]
struct Column {
    at: f32,
    width: f32,
    /// Figures: set right-aligned, ending at `at`.
    right: bool,
}

const fn col(at: f32, width: f32) -> Column {
    Column { at, width, right: false }
}

const fn figure(at: f32, width: f32) -> Column {
    Column { at, width, right: true }
}

/// A table: each column's head (a catalogue id) and its place.
type Table = [(&'static str, Column)];

/// The sellers' table, each column under its head: seller, issued, sold, how many, takings,
/// returned, missing.
const SELLER_TABLE: [(&str, Column); 7] = [
    ("cashup-col-seller", col(MARGIN + 4.0, 30.0)),
    ("cashup-col-issued", col(53.0, 28.0)),
    ("cashup-col-sold", col(82.0, 28.0)),
    ("cashup-col-count", figure(124.0, 12.0)),
    ("cashup-col-takings", figure(150.0, 24.0)),
    ("cashup-col-returned", col(153.0, 19.0)),
    ("cashup-col-missing", col(173.0, 19.0)),
];
/// The prizes' table: entry, game, prize, place, ticket, amount, how paid.
const PAYOUT_TABLE: [(&str, Column); 7] = [
    ("cashup-col-entry", figure(MARGIN + 9.0, 9.0)),
    ("cashup-col-game", figure(39.0, 10.0)),
    ("cashup-col-prize", col(42.0, 42.0)),
    ("cashup-col-place", col(85.0, 15.0)),
    ("cashup-col-serial", col(101.0, 30.0)),
    ("cashup-col-amount", figure(158.0, 26.0)),
    ("cashup-col-how", col(161.0, 31.0)),
];

/// The table rows of `cells` under `columns`, or `None` when a cell is wider than its column
/// (the caller then sets the line as running text).
fn row(cells: Vec<String>, table: &Table, width: &dyn Fn(&str) -> f32) -> Option<SheetLine> {
    let fits = cells.iter().zip(table).all(|(c, (_, col))| width(c) <= col.width);
    fits.then(|| SheetLine::Row(cells.into_iter().zip(table.iter().map(|(_, c)| *c)).collect()))
}

/// `line` cut at spaces into lines no wider than `room` mm (by `width`), the later ones
/// indented; a word wider than the room is left whole.
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
    }
    out.push(current);
    out
}

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
    // Names people typed (sellers, the title) may be in Hindi: shaped, as the books' text is.
    let typesetter = Typesetter::new(font, true);
    let width_mm = |text: &str| {
        typesetter.lay_out("", text).map_or_else(|_| font.width(&printable(text), 10.0), |p| typesetter.width(&p, 10.0))
            * MM_PER_PT
    };
    // The totals as a label and a figure, the figures right-aligned in one column; then the
    // text's other lines, each wrapped at a space to stay inside the margins.
    let totals = cashup.totals_in(words);
    let mut lines: Vec<SheetLine> = vec![SheetLine::Text(cashup.title_in(words))];
    lines.extend(totals.iter().map(|(label, figure)| SheetLine::Figure(format!("{label}:"), figure.clone())));
    let text = cashup.to_text_in(words);
    let heads = |table: &Table| -> Vec<String> { table.iter().map(|(id, _)| words.say(id, &[])).collect() };
    let sellers_head = (!cashup.sellers.is_empty()).then(|| text.lines().nth(1 + totals.len())).flatten();
    let payouts_head = words.say("cashup-prizes", &[]);
    // The table each line of the text belongs to: its rows come from the cash-up itself.
    let mut table: Option<(&Table, std::vec::IntoIter<Vec<String>>)> = None;
    for line in text.lines().skip(1 + totals.len()).chain(more.iter().map(String::as_str)) {
        if let Some((columns, rows)) = &mut table {
            if let Some(cells) = rows.next() {
                let note = cells.get(columns.len()).cloned().filter(|n| !n.is_empty());
                match row(cells.into_iter().take(columns.len()).collect(), columns, &width_mm) {
                    Some(r) => lines.push(r),
                    None => lines.extend(wrap(line, PAGE_W - 2.0 * MARGIN, &width_mm).into_iter().map(SheetLine::Text)),
                }
                if let Some(note) = note {
                    lines.extend(
                        wrap(&format!("    {note}"), PAGE_W - 2.0 * MARGIN, &width_mm).into_iter().map(SheetLine::Text),
                    );
                }
                continue;
            }
            table = None;
        }
        lines.extend(wrap(line, PAGE_W - 2.0 * MARGIN, &width_mm).into_iter().map(SheetLine::Text));
        if Some(line) == sellers_head {
            let rows: Vec<Vec<String>> = cashup.sellers.iter().map(|l| cashup.seller_cells(l).to_vec()).collect();
            lines.extend(row(heads(&SELLER_TABLE), &SELLER_TABLE, &width_mm));
            table = Some((&SELLER_TABLE, rows.into_iter()));
        } else if line == payouts_head && !cashup.payouts.is_empty() {
            let rows: Vec<Vec<String>> = cashup
                .payouts
                .iter()
                .map(|p| {
                    let mut cells = cashup.payout_cells_in(p, words).to_vec();
                    cells[0].insert(0, '#');
                    cells
                })
                .collect();
            lines.extend(row(heads(&PAYOUT_TABLE), &PAYOUT_TABLE, &width_mm));
            table = Some((&PAYOUT_TABLE, rows.into_iter()));
        }
    }
    let mut shaped: Vec<(usize, Shaped, f32, f32, f32)> = Vec::new();
    // Every plain run set, so that only its glyphs are embedded.
    let mut printed = String::new();
    let chunks: Vec<&[SheetLine]> = lines.chunks(LINES_PER_PAGE).collect();
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
        let mut show = |ops: &mut Vec<Op>, size: f32, x: f32, y: f32, text: String| {
            let pieces = typesetter.lay_out("", &text).unwrap_or_else(|_| vec![Piece::Plain(printable(&text))]);
            let mut x = x;
            for piece in pieces {
                match piece {
                    Piece::Plain(run) => {
                        printed.push_str(&run);
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
        show(&mut ops, 16.0, MARGIN, y, head);
        y -= 10.0;
        for line in chunk {
            match line {
                SheetLine::Text(text) => show(&mut ops, 10.0, MARGIN, y, text.clone()),
                SheetLine::Row(cells) => {
                    for (text, column) in cells {
                        let x = if column.right { column.at - width_mm(text) } else { column.at };
                        show(&mut ops, 10.0, x, y, text.clone());
                    }
                }
                SheetLine::Figure(label, figure) => {
                    show(&mut ops, 10.0, MARGIN + 4.0, y, label.clone());
                    // The amount's right edge on the column; a note after it runs on.
                    let (amount, note) = figure.split_once(" (").map_or((figure.as_str(), None), |(a, n)| (a, Some(n)));
                    show(&mut ops, 10.0, FIGURES_RIGHT - width_mm(amount), y, amount.to_string());
                    if let Some(note) = note {
                        show(&mut ops, 10.0, FIGURES_RIGHT + 3.0, y, format!("({note}"));
                    }
                }
            }
            y -= 4.6;
        }
        if i + 1 == pages {
            y -= 10.0;
            for who in ["cashup-counted-by", "cashup-checked-by"] {
                show(&mut ops, 10.0, MARGIN, y, words.say(who, &[]));
                show(&mut ops, 10.0, MARGIN, y - 8.0, words.say("cashup-signed", &[]));
                show(&mut ops, 10.0, MARGIN, y - 16.0, words.say("cashup-date", &[]));
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
    // The font cut down to the glyphs the sheet prints (some 20 KB, not the whole 400); left
    // whole if it cannot be cut.
    let glyphs = font.glyphs(&printed).collect();
    if let Some(&page) = pdf.get_pages().values().next() {
        if let Ok(object) = crate::export::pdf::shared::font_of(&pdf, page) {
            let _ = crate::export::pdf::shared::embed_subset_of(&mut pdf, &object, font, &glyphs);
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_line_wraps_at_spaces_and_a_short_one_stays() {
        let chars = |t: &str| t.chars().count() as f32;
        assert_eq!(super::wrap("aaa bbb", 10.0, &chars), ["aaa bbb"]);
        assert_eq!(super::wrap("aaa bbb ccc dddd", 10.0, &chars), ["aaa bbb", "    ccc", "    dddd"]);
        // A word wider than the room is left whole.
        assert_eq!(super::wrap("abcdefghijklmn x", 10.0, &chars), ["abcdefghijklmn", "    x"]);
    }
}

//! One book's page: what varies from page to page, between and over the shared furniture
//! ([`super::furniture`]): the blank-cell shading, the header and footer, serials, numbers and
//! barcodes.

use super::codes::{codes, serial_text, symbol_barcodes};
use super::content::{to_hundredths, Content};
use super::forms;
use super::furniture::{self, TrimSpace, OVER, UNDER};
use super::style::{Colours, Look, PdfStyle, FONT_ID, KNOCKOUT, LOGO_ID, OVERPRINT, SHAPED_FONT_IDS};
use crate::domain::{COLS, ROWS};
use crate::print::colour::Cmyk;
use crate::print::layout::{Geometry, Slot, CAP_HEIGHT, MM_PER_PT};
use crate::print::pages::{Page, PlacedBook};
use crate::print::template::{fill, Barcode, Fill, SERIAL_BASE_MM};
use crate::print::typeset::{Piece, Shaped, Typesetter};

/// The page's content stream, uncompressed.
pub fn content(style: &PdfStyle<'_>, page: &Page, pages: u64) -> Vec<u8> {
    let t = style.template;
    let g = Geometry::of(t);
    // Each ticket on the page with its slot, in slot order.
    let slots: Vec<(&PlacedBook, usize, Slot)> = page
        .books
        .iter()
        .flat_map(|b| (0..page.tickets).map(move |k| (b, page.first_ticket + k, b.slot + k)))
        .map(|(b, t, slot)| (b, t, g.slot(slot)))
        .collect();
    let mut c = Content::with_capacity(3072);

    let first = &page.books[0];
    let number = first.drawn.number;
    let look = style.look(number);
    if style.has_under() {
        c.raw("/").raw(UNDER).raw(" Do\n");
    }
    if style.colours == Colours::PerGame {
        if let Some(band) = look.band {
            furniture::header_band(style, &mut c, band);
        }
    }
    let lean = style.format.forms();
    if style.template.card_format().covers() {
        cells(style, &slots, &look, &mut c);
    }
    if let Some([x, y, w, h]) = style.logo_box() {
        // Knocked out (the page's state until the overprint below): a logo's white is paper.
        let p = TrimSpace::of(style);
        c.op("q").num(TrimSpace::len(w)).raw("0 0 ").num(TrimSpace::len(h)).num(p.x(x)).num(p.x(y)).op("cm");
        c.raw("/").raw(LOGO_ID).raw(" Do\n").op("Q");
    }
    let filled = page.books.len() * page.tickets;
    if style.only_filled && filled < g.slots() {
        // Drawn on the page itself: the shared form has every slot's grid.
        let over = furniture::over_slots(style, filled);
        c.op("q").raw(std::str::from_utf8(&over).expect("drawing operators are ASCII")).op("Q");
        c.raw("/").raw(OVERPRINT).raw(" gs\n");
    } else {
        c.raw("/").raw(OVER).raw(" Do\n/").raw(OVERPRINT).raw(" gs\n");
    }
    let still = Still::of(style);
    if still.left || still.footer {
        c.raw("/").raw(forms::TEXTS).raw(" Do\n");
    }

    let (mut c, glyphed) = texts(style, page, pages, &slots, &look, still, c);
    c.op("ET");
    let mut bytes = c.into_bytes();
    codes(style, &slots, &glyphed, lean, style.sheet_x_h(page.page, pages), &mut bytes);
    bytes
}

/// The cells under the numbers and the numbers: in the lean format each row's blank cells
/// (under the lines), then its numbers (which no line crosses), from housie 0.10 each ticket's
/// ground and numbers that clear their cells; else the blank cells' shading alone.
fn cells(style: &PdfStyle<'_>, slots: &[(&PlacedBook, usize, Slot)], look: &Look<'_>, c: &mut Content) {
    if style.format.forms() {
        // Each row's blank cells (under the lines), then its numbers (which no line crosses);
        // from housie 0.10 each ticket's ground, then numbers that clear their cells.
        if let Some(shade) = look.shade {
            c.fill(shade);
        }
        let ground = style.format.ground();
        // From housie 0.11 a number's form is drawn in its ticket's space, one for each row.
        let row_forms = style.format.symbol_font();
        lean_rows(style, slots, row_forms, c, |c, r, row| {
            match (look.shade, ground) {
                (Some(_), true) if r == 0 => {
                    c.raw("/").raw(forms::GROUND).raw(" Do");
                }
                (Some(_), false) => {
                    let blank = (0..COLS).filter(|&col| row[col].is_none()).fold(0u16, |m, col| m | 1 << col);
                    c.call(forms::BLANKS, blank);
                }
                _ => {}
            }
            let kind = if row_forms { forms::NUMBER + r as u8 } else { forms::NUMBER };
            for n in row.iter().flatten() {
                c.call(kind, u16::from(*n));
            }
        });
    } else if let Some(shade) = look.shade {
        shading(style, slots, shade, c);
    }
}

/// The page's texts: the header, each ticket's serial and numbers (but in the lean format's
/// forms), the footer and, from housie 0.11, the barcodes in their font.
fn texts(
    style: &PdfStyle<'_>,
    page: &Page,
    pages: u64,
    slots: &[(&PlacedBook, usize, Slot)],
    look: &Look<'_>,
    still: Still,
    c: Content,
) -> (Content, Vec<bool>) {
    let t = style.template;
    let g = Geometry::of(t);
    let lean = style.format.forms();
    let first = &page.books[0];
    let number = first.drawn.number;
    let last = &page.books[page.books.len() - 1];
    let span = |a: u64, b: u64| if a == b { a.to_string() } else { format!("{a}–{b}") };
    let numbering = first.numbering;
    let values = Fill {
        title: style.title,
        book: span(number, last.drawn.number),
        page: page.page,
        pages,
        booklet: span(numbering.booklet(number), numbering.booklet(last.drawn.number)),
        game: numbering.game(number),
        colour: look.colour_name,
        part: page.part,
        parts: page.parts,
    };
    let mut w = TextWriter {
        c,
        style,
        p: TrimSpace::of(style),
        size: 0.0,
        typesetter: style.typesetter(),
        serial_mm: Vec::with_capacity(slots.len()),
    };
    w.c.begin_text();
    let header_colour = look.header_colour;
    // Only pure K may overprint: white (or any colour) text on the band must knock out.
    let knock_out = header_colour != Cmyk::BLACK;
    if knock_out {
        w.c.raw("/").raw(KNOCKOUT).raw(" gs\n");
    }
    w.c.fill(header_colour);
    if !still.left {
        w.text(&fill(&t.header().left, &values), t.header().size, style.header_left_x(), g.header_base, 0.0);
    }
    w.text(&fill(style.header_right(), &values), t.header().size, g.right, g.header_base, 1.0);
    if knock_out {
        w.c.raw("/").raw(OVERPRINT).raw(" gs\n").fill(Cmyk::BLACK);
    }
    // A face's numbers are its own text: the shared forms are a strip's.
    let strip = t.card_format().covers();
    for (b, t, slot) in slots {
        w.ticket(b, *t, slot, !lean || !strip);
    }
    if !style.footer_text().is_empty() && !still.footer {
        let (width, _) = t.page().mm();
        w.text(&fill(style.footer_text(), &values), t.footer().size, width / 2.0, g.footer_base, 0.5);
    }
    let mut glyphed = vec![false; slots.len()];
    if t.ticket().barcode == Barcode::Code128 && (style.format.barcode_glyphs() || style.format.grid_glyphs()) {
        symbol_barcodes(style, slots, &w.serial_mm, style.sheet_x_h(page.page, pages), &mut glyphed, &mut w.c);
    }
    (w.c, glyphed)
}

/// Which texts the lean format draws once per file, in the form [`forms::TEXTS`] (housie 0.9
/// on): the header's left text when it reads the same on every page in the same colour, and
/// the footer when it reads the same on every page (neither names more than the title).
struct Still {
    left: bool,
    footer: bool,
}

impl Still {
    fn of(style: &PdfStyle<'_>) -> Still {
        let lean = style.format.forms();
        // Asked for each page: no placeholder but the title, found without a copy of the text.
        let same = |text: &str| lean && !text.is_empty() && text.split("{title}").all(|part| !part.contains('{'));
        Still {
            left: same(&style.template.header().left) && style.colours != Colours::PerGame,
            footer: same(style.footer_text()),
        }
    }
}

/// The form [`forms::TEXTS`]: the texts that read the same on every page, as a page would draw
/// them; `None` when there are none.
pub fn still_texts(style: &PdfStyle<'_>) -> Option<Vec<u8>> {
    let still = Still::of(style);
    if !still.left && !still.footer {
        return None;
    }
    let (t, g) = (style.template, Geometry::of(style.template));
    let values = Fill {
        title: style.title,
        book: String::new(),
        page: 0,
        pages: 0,
        booklet: String::new(),
        game: 1,
        colour: "",
        part: 0,
        parts: 0,
    };
    let mut w = TextWriter {
        c: Content::with_capacity(256),
        style,
        p: TrimSpace::of(style),
        size: 0.0,
        typesetter: style.typesetter(),
        serial_mm: Vec::new(),
    };
    w.c.begin_text();
    if still.left {
        let colour = style.look(1).header_colour;
        // Only pure K may overprint, as on the page.
        let state = if colour == Cmyk::BLACK { OVERPRINT } else { KNOCKOUT };
        w.c.raw(&format!("/{state} gs\n")).fill(colour);
        w.text(&fill(&t.header().left, &values), t.header().size, style.header_left_x(), g.header_base, 0.0);
    }
    if still.footer {
        w.c.raw("/").raw(OVERPRINT).raw(" gs\n").fill(Cmyk::BLACK);
        let (width, _) = t.page().mm();
        w.text(&fill(style.footer_text(), &values), t.footer().size, width / 2.0, g.footer_base, 0.5);
    }
    w.c.op("ET");
    Some(w.c.into_bytes())
}

/// The blank cells' shading, in each grid's own cell units: a blank cell is `col row 1 1 re`.
fn shading(style: &PdfStyle<'_>, slots: &[(&PlacedBook, usize, Slot)], shade: Cmyk, c: &mut Content) {
    let tk = &style.template.ticket();
    let p = TrimSpace::of(style);
    let (cell_w, cell_h) = (tk.width / COLS as f32, tk.height / ROWS as f32);
    c.fill(shade);
    for (b, t, slot) in slots {
        let ticket = &b.drawn.book.tickets()[*t];
        let bottom = slot.top - tk.serial_height - tk.height;
        c.op("q")
            .num(TrimSpace::len(cell_w))
            .raw("0 0 ")
            .num(TrimSpace::len(cell_h))
            .num(p.x(slot.left))
            .num(p.x(bottom));
        c.op("cm");
        for r in 0..ROWS {
            for col in 0..COLS {
                if ticket.get(r, col).is_none() {
                    c.int(col).int(ROWS - 1 - r).raw("1 1 re\n");
                }
            }
        }
        c.op("f").op("Q");
    }
}

/// The lean format's rows (housie 0.9 on): `draw` calls the shared forms ([`super::forms`])
/// for each ticket row's cells in the row's own space. Each row moves the origin on from the
/// last, so the moves repeat from page to page. `per_ticket` (housie 0.11 on): the forms are
/// drawn in the top row's space, so only each ticket moves the origin, by its distance from
/// the last rounded on its own (the same move for tickets the same distance apart), and a
/// ticket's rows share a line.
fn lean_rows(
    style: &PdfStyle<'_>,
    slots: &[(&PlacedBook, usize, Slot)],
    per_ticket: bool,
    c: &mut Content,
    draw: impl Fn(&mut Content, usize, [Option<u8>; COLS]),
) {
    let tk = &style.template.ticket();
    let p = TrimSpace::of(style);
    let cell_h = tk.height / ROWS as f32;
    c.op("q");
    let mut at = (0, 0);
    if per_ticket {
        let mut last: Option<(f32, f32)> = None;
        for (b, t, slot) in slots {
            let ticket = &b.drawn.book.tickets()[*t];
            let to = (p.x(slot.left), p.x(slot.top - tk.serial_height - cell_h));
            let (dx, dy) = match last {
                None => (to_hundredths(to.0), to_hundredths(to.1)),
                Some(from) => (to_hundredths(to.0 - from.0), to_hundredths(to.1 - from.1)),
            };
            last = Some(to);
            c.translate(dx, dy);
            for r in 0..ROWS {
                draw(c, r, std::array::from_fn(|col| ticket.get(r, col)));
            }
            c.raw("\n");
        }
        c.op("Q");
        return;
    }
    for (b, t, slot) in slots {
        let ticket = &b.drawn.book.tickets()[*t];
        let grid_top = slot.top - tk.serial_height;
        for r in 0..ROWS {
            let to = (to_hundredths(p.x(slot.left)), to_hundredths(p.x(grid_top - (r + 1) as f32 * cell_h)));
            c.translate(to.0 - at.0, to.1 - at.1);
            at = to;
            draw(c, r, std::array::from_fn(|col| ticket.get(r, col)));
            c.raw("\n");
        }
    }
    c.op("Q");
}

/// The page's text object: the font size set last (shared by the texts and, in the compact
/// format, the rows of numbers) is set again only when it changes.
struct TextWriter<'a> {
    c: Content,
    style: &'a PdfStyle<'a>,
    p: TrimSpace,
    size: f32,
    /// The run's text as glyphs, for the whole page.
    typesetter: Typesetter<'a>,
    /// Each ticket's serial's width, mm, as drawn: its barcode's place needs it.
    serial_mm: Vec<Option<f32>>,
}

impl TextWriter<'_> {
    fn set_size(&mut self, pt: f32) {
        if pt != self.size {
            self.c.raw("/").raw(FONT_ID).raw(" ").num(pt).op("Tf");
            self.size = pt;
        }
    }

    /// `s` at `pt` points on `baseline`, placed `align` of its width left of `x` (0 left, 0.5
    /// centred, 1 right). Its width, mm, as [`PdfStyle::text_width`] measures it (`None` if
    /// empty, or if it could not be laid out).
    fn text(&mut self, s: &str, pt: f32, x: f32, baseline: f32, align: f32) -> Option<f32> {
        if s.is_empty() {
            return None;
        }
        let font = self.style.font;
        // The texts were checked before any page was drawn.
        let laid_out = self.typesetter.lay_out(crate::print::page_text::PageText::Other, s);
        let measured = laid_out.is_ok();
        let pieces = laid_out.unwrap_or_else(|_| vec![Piece::Plain(s.to_string())]);
        let width_mm = self.typesetter.width(&pieces, pt) * MM_PER_PT;
        let mut at = x - align * width_mm;
        for piece in &pieces {
            match piece {
                Piece::Plain(s) => {
                    self.set_size(pt);
                    self.c.text_at(self.p.x(at), self.p.x(baseline)).show(font.glyphs(s));
                    at += font.width(s, pt) * MM_PER_PT;
                }
                Piece::Shaped(run) => {
                    self.shaped(run, pt, at, baseline);
                    at += self.typesetter.shaped_width(run, pt) * MM_PER_PT;
                }
            }
        }
        measured.then_some(width_mm)
    }

    /// A shaped run from `x`: each glyph where the shaper put it, in the font the run is
    /// shaped in, marked with the text it spells (`/ActualText`), so that copying and
    /// searching give the words back whatever order the glyphs are drawn in.
    fn shaped(&mut self, run: &Shaped, pt: f32, x: f32, baseline: f32) {
        let units = self.typesetter.font(run.font).units_per_em();
        self.c.shaped(run, SHAPED_FONT_IDS[run.font], units, pt, self.p.x(x), self.p.x(baseline));
        // The next plain text sets the run's font again.
        self.size = f32::NAN;
    }

    /// One ticket's serial line, and its numbers unless they are drawn as forms.
    fn ticket(&mut self, b: &PlacedBook, t: usize, slot: &Slot, numbers: bool) {
        let tk = &self.style.template.ticket();
        let font = self.style.font;
        let (cell_w, cell_h) = (tk.width / COLS as f32, tk.height / ROWS as f32);
        let grid_top = slot.top - tk.serial_height;
        let digit_h = tk.number_size * CAP_HEIGHT * MM_PER_PT;
        let ticket = &b.drawn.book.tickets()[t];
        let serial = b.numbering.serial(b.drawn.number, t as u8 + 1).expect("book numbers start at 1");
        let width = self.text(
            &serial_text(self.style.serial_word, &serial),
            tk.serial_size,
            slot.left,
            grid_top + SERIAL_BASE_MM,
            0.0,
        );
        self.serial_mm.push(width);
        if let Some(label) = self.style.label() {
            self.text(&label, tk.label_size, slot.left, grid_top + tk.label_base(), 0.0);
        }
        if !numbers {
            return;
        }
        if !self.style.template.card_format().covers() {
            self.face(b, t, slot);
            return;
        }
        let mut digits = String::with_capacity(2);
        if self.style.format.compact() {
            // A row is one string: its numbers with the gaps between them in thousandths of the
            // em, from the grid's left edge, so a page repeats a handful of gaps.
            self.set_size(tk.number_size);
            let em = |mm: f32| (mm / MM_PER_PT * 1000.0 / tk.number_size).round() as i64;
            for r in 0..ROWS {
                let baseline = grid_top - (r as f32 + 0.5) * cell_h - digit_h / 2.0;
                self.c.text_at(self.p.x(slot.left), self.p.x(baseline));
                let mut row = Vec::with_capacity(5);
                let mut pen = 0;
                for col in 0..COLS {
                    if let Some(n) = ticket.get(r, col) {
                        digits.clear();
                        let _ = std::fmt::Write::write_fmt(&mut digits, format_args!("{n}"));
                        let start =
                            em((col as f32 + 0.5) * cell_w - font.width(&digits, tk.number_size) * MM_PER_PT / 2.0);
                        let glyphs: Vec<u16> = font.glyphs(&digits).collect();
                        row.push((pen - start, glyphs));
                        pen = start + digits.chars().map(|ch| font.pdf_width(ch)).sum::<i64>();
                    }
                }
                self.c.show_row(&row);
            }
            return;
        }
        for r in 0..ROWS {
            for col in 0..COLS {
                if let Some(n) = ticket.get(r, col) {
                    let x = slot.left + (col as f32 + 0.5) * cell_w;
                    let y = grid_top - (r as f32 + 0.5) * cell_h - digit_h / 2.0;
                    digits.clear();
                    let _ = std::fmt::Write::write_fmt(&mut digits, format_args!("{n}"));
                    self.text(&digits, tk.number_size, x, y, 0.5);
                }
            }
        }
    }
}

impl TextWriter<'_> {
    /// One face of a sheet (75-ball): the heads over its columns, each number centred in its
    /// cell, and in the free cell the face number, unique in the run's series
    /// ([`crate::domain::CardFormat::face_number`]).
    fn face(&mut self, b: &PlacedBook, t: usize, slot: &Slot) {
        let tk = &self.style.template.ticket();
        let format = self.style.template.card_format();
        let (cell_w, cell_h) = self.style.template.cell_mm();
        let mut top = slot.top - tk.serial_height;
        let centre = |col: usize| slot.left + (col as f32 + 0.5) * cell_w;
        let digit_h = tk.number_size * CAP_HEIGHT * MM_PER_PT;
        for (col, head) in format.heads().iter().enumerate() {
            self.text(head, tk.number_size, centre(col), top - (cell_h + digit_h) / 2.0, 0.5);
        }
        if !format.heads().is_empty() {
            top -= cell_h;
        }
        let ticket = &b.drawn.book.tickets()[t];
        for r in 0..format.rows() {
            let baseline = top - (r as f32 + 0.5) * cell_h - digit_h / 2.0;
            for col in 0..format.cols() {
                if let Some(n) = ticket.get(r, col) {
                    self.text(&n.to_string(), tk.number_size, centre(col), baseline, 0.5);
                }
            }
        }
        if let Some(((r, col), face)) = format.free().zip(format.face_number(b.drawn.number, t as u8 + 1)) {
            // Smaller than a number, so that no one marks it as one.
            let pt = (tk.number_size * 0.5).max(tk.serial_size);
            let baseline = top - (r as f32 + 0.5) * cell_h - pt * CAP_HEIGHT * MM_PER_PT / 2.0;
            self.text(&face.to_string(), pt, centre(col), baseline, 0.5);
        }
    }
}

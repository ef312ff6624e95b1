//! The lean format's shared forms (housie 0.9 on): what pages repeat, drawn once per file.
//! Every number is always in the same column, every row of a ticket leaves four of nine cells
//! blank, and a barcode is a string of Code 128's 107 symbols; so each number in its cell,
//! each row's pattern of blank cells and each symbol is a Form XObject, and a page calls them
//! by name. A page then carries what is its own (which number in which row, the serials)
//! and not how to draw it: its content stream is about half as long, and quicker to write.
//!
//! Numbers and blank-cell patterns are drawn in a row's own space (points, from the row's
//! bottom left corner); symbols in modules (one module wide, one bar high).

use super::content::{Content, PT_PER_MM};
use super::style::{PdfStyle, FONT_ID, OVERPRINT};
use crate::domain::{column_range, COLS, ROWS};
use crate::print::barcode;
use crate::print::colour::Cmyk;
use crate::print::layout::CAP_HEIGHT;

/// One shared form: its resource name, bounding box (in its own units) and content.
pub struct Form {
    /// The resource name a page calls it by.
    pub name: String,
    /// `[x0 y0 x1 y1]`, in the form's own units.
    pub bbox: [f32; 4],
    /// The content stream.
    pub content: Vec<u8>,
    /// Whether it needs the font and graphics states (a number's form does).
    pub text: bool,
}

/// The first letter of number `n`'s form's name (`n` and the number; from housie 0.11, the
/// form for its ticket's first row, and `o` and `p` those for the second and third).
pub const NUMBER: u8 = b'n';
/// The first letter of the name of the form shading a row's blank cells (`b` and the blank
/// columns as bits, column `c` bit `c`).
pub const BLANKS: u8 = b'b';
/// The first letter of Code 128 symbol value `v`'s form's name (`c` and the value).
pub const SYMBOL: u8 = b'c';

/// The name of the form shading a ticket's whole grid, called at its top row (housie 0.10 on,
/// when blank cells are shaded): the number forms then clear their cells to paper.
pub const GROUND: &str = "g";

/// The name of the form holding the texts that read the same on every page
/// ([`super::page::still_texts`]).
pub const TEXTS: &str = "T";

/// A form's resource name: its kind's letter and its number.
pub fn name(kind: u8, v: u16) -> String {
    format!("{}{v}", char::from(kind))
}

/// Every shared form a run's pages call: the 90 numbers; when blank cells are shaded, the 126
/// patterns of four blank cells in a row (housie 0.9) or the ground, with each number's form
/// clearing its cell first (housie 0.10 on); and the Code 128 symbols when the template prints
/// Code 128 and `symbols` says a page may call them ([`super::codes::symbol_forms`]).
pub fn all(style: &PdfStyle<'_>, symbols: bool) -> Vec<Form> {
    let tk = &style.template.ticket();
    let ground = style.format.ground() && tk.blank_shade.is_some();
    let (cell_w, cell_h) = (tk.width / COLS as f32 * PT_PER_MM, tk.height / ROWS as f32 * PT_PER_MM);
    let mut forms = Vec::with_capacity(90 + 126 + 107);
    // Generous bounds: a form is clipped to its box, and nothing here should be.
    let row_box = [-cell_w, -cell_h, (COLS as f32 + 1.0) * cell_w, 2.0 * cell_h];
    let digit_h = tk.number_size * CAP_HEIGHT;
    let numbers = (0..COLS).flat_map(|col| {
        let (lo, hi) = column_range(col);
        (lo..=hi).map(move |n| (col, n))
    });
    // From housie 0.11, each number has a form for each row, drawn in the ticket's top row's
    // space (`n`, `o`, `p` for rows 1 to 3), so a ticket's rows need no moves between them.
    let rows = if style.format.symbol_font() { ROWS } else { 1 };
    let ticket_box = [-cell_w, -3.0 * cell_h, (COLS as f32 + 1.0) * cell_w, 2.0 * cell_h];
    for (col, n) in numbers {
        let digits = n.to_string();
        let width = style.font.width(&digits, tk.number_size);
        for r in 0..rows {
            let y = -(r as f32) * cell_h;
            let mut c = Content::with_capacity(128);
            if ground {
                // Paper, knocked out (the page's state under the lines): the ground shows only
                // in the blank cells.
                c.fill(Cmyk::WHITE).rect(col as f32 * cell_w, y, cell_w, cell_h).op("f");
            }
            c.raw(&format!("/{OVERPRINT} gs\n")).fill(Cmyk::BLACK).begin_text();
            c.raw(&format!("/{FONT_ID} ")).num(tk.number_size).op("Tf");
            c.text_at((col as f32 + 0.5) * cell_w - width / 2.0, y + (cell_h - digit_h) / 2.0)
                .show(style.font.glyphs(&digits));
            c.op("ET");
            let bbox = if rows == 1 { row_box } else { ticket_box };
            forms.push(Form { name: name(NUMBER + r as u8, n.into()), bbox, content: c.into_bytes(), text: true });
        }
    }
    if ground {
        // In the top row's space: the three rows down from its top.
        let mut c = Content::with_capacity(48);
        c.rect(0.0, cell_h - tk.height * PT_PER_MM, COLS as f32 * cell_w, tk.height * PT_PER_MM).op("f");
        let bbox = [-cell_w, -3.0 * cell_h, (COLS as f32 + 1.0) * cell_w, 2.0 * cell_h];
        forms.push(Form { name: GROUND.to_string(), bbox, content: c.into_bytes(), text: false });
    } else if tk.blank_shade.is_some() {
        for blank in (0u16..1 << COLS).filter(|b| b.count_ones() == (COLS - 5) as u32) {
            // A run of neighbouring blank cells is one rectangle.
            let cells: Vec<u8> = (0..COLS).map(|col| (blank >> col & 1) as u8).collect();
            let mut c = Content::with_capacity(64);
            for (start, n) in barcode::bars_of(&cells).0 {
                c.rect(start as f32 * cell_w, 0.0, n as f32 * cell_w, cell_h);
            }
            c.op("f");
            forms.push(Form { name: name(BLANKS, blank), bbox: row_box, content: c.into_bytes(), text: false });
        }
    }
    if tk.barcode == crate::print::template::Barcode::Code128 && symbols {
        for (v, pattern) in barcode::code128_all_patterns().iter().enumerate() {
            if pattern.is_empty() {
                continue;
            }
            let mut c = Content::with_capacity(48);
            for (start, n) in barcode::bars_of(pattern).0 {
                c.int(start).raw("0 ").int(n).raw("1 re\n");
            }
            c.op("f");
            let bbox = [0.0, 0.0, pattern.len() as f32, 1.0];
            forms.push(Form { name: name(SYMBOL, v as u16), bbox, content: c.into_bytes(), text: false });
        }
    }
    forms
}

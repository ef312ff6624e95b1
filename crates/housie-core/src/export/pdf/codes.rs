//! The codes on each ticket: Code 128 barcodes (drawn as bars, or from housie 0.11 as glyphs of
//! a font of its symbols) or QR codes, as the run's format draws them, and the serial they
//! carry.

use super::content::{to_hundredths, Content};
use super::forms;
use super::furniture::TrimSpace;
use super::style::{PdfStyle, BARCODE_FONT_ID};
use crate::print::barcode;
use crate::print::layout::{Slot, MM_PER_PT};
use crate::print::pages::PlacedBook;
use crate::print::template::Barcode;
use std::io::Write as _;

/// The barcodes or QR codes drawn after the text, as the run's format draws them, but those
/// the text drew (`glyphed`, slot by slot: [`symbol_barcodes`]). `sheet_x_h`: where the page
/// starts across its sheet ([`PdfStyle::sheet_x_h`]).
pub(super) fn codes(
    style: &PdfStyle<'_>,
    slots: &[(&PlacedBook, usize, Slot)],
    glyphed: &[bool],
    lean: bool,
    sheet_x_h: i64,
    bytes: &mut Vec<u8>,
) {
    match style.template.ticket().barcode {
        Barcode::Code128 if style.format.barcode_font() => barcode_text(style, slots, bytes),
        Barcode::Code128 if style.format.barcode_glyphs() => {}
        Barcode::Code128 if style.format.press() => press_barcodes(style, slots, glyphed, lean, sheet_x_h, bytes),
        Barcode::Code128 => barcodes(style, slots, bytes),
        Barcode::Qr => qr_codes(style, slots, bytes),
        Barcode::None => {}
    }
}

/// A page's barcodes as text in the barcode font: each symbol a glyph one module wide by one
/// bar high, scaled by the text matrix (module width, bar height) at the right end of each
/// serial line, the quiet zone to their left.
fn barcode_text(style: &PdfStyle<'_>, slots: &[(&PlacedBook, usize, Slot)], out: &mut Vec<u8>) {
    let tk = &style.template.ticket();
    let p = TrimSpace::of(style);
    let (bar_bottom, bar_h) = (tk.serial_height * 0.12, tk.serial_height * 0.76);
    let mut c = Content::default();
    c.begin_text().raw(&format!("/{BARCODE_FONT_ID} 1 Tf\n"));
    for (b, t, slot) in slots {
        let serial = b.numbering.serial(b.drawn.number, *t as u8 + 1).expect("book numbers start at 1");
        let symbols = barcode::code128_symbols(serial);
        let width: usize = symbols.iter().map(|&v| barcode::code128_patterns()[usize::from(v)].len()).sum();
        let x0 = slot.right - width as f32 * barcode::MODULE_MM;
        let y = slot.top - tk.serial_height + bar_bottom;
        c.num(TrimSpace::len(barcode::MODULE_MM))
            .raw("0 0 ")
            .num(TrimSpace::len(bar_h))
            .num(p.x(x0))
            .num(p.x(y))
            .op("Tm");
        c.show_bytes(&symbols);
    }
    c.op("ET");
    out.extend_from_slice(&c.into_bytes());
}

/// A page's barcodes (housie 0.2 and 0.3, and 0.7 on): 100 % K bars (overprinting, as set above) at the right end of each
/// serial line, the quiet zone to their left. Each symbol is drawn in its own units, one module
/// wide by one bar high, so a bar is four small integers.
fn barcodes(style: &PdfStyle<'_>, slots: &[(&PlacedBook, usize, Slot)], out: &mut Vec<u8>) {
    let tk = &style.template.ticket();
    let p = TrimSpace::of(style);
    let (bar_bottom, bar_h) = (tk.serial_height * 0.12, tk.serial_height * 0.76);
    for (b, t, slot) in slots {
        let serial = b.numbering.serial(b.drawn.number, *t as u8 + 1).expect("book numbers start at 1");
        let (bars, width) = barcode::code128(serial);
        let x0 = slot.right - width as f32 * barcode::MODULE_MM;
        let y = slot.top - tk.serial_height + bar_bottom;
        let mut c = Content::default();
        c.op("q")
            .num(TrimSpace::len(barcode::MODULE_MM))
            .raw("0 0 ")
            .num(TrimSpace::len(bar_h))
            .num(p.x(x0))
            .num(p.x(y));
        c.op("cm");
        for (start, modules) in bars {
            c.int(start).raw("0 ").int(modules).raw("1 re\n");
        }
        c.op("f").op("Q");
        let _ = out.write_all(&c.into_bytes());
    }
}

/// A page's barcodes (housie 0.7 on): 100 % K bars (overprinting), vector paths in module
/// units, as wide as the serial line allows up to [`barcode::PRESS_MODULE_MM`] with a quiet
/// zone of ten modules each side inside the ticket (clear of the serial's text and of the next
/// ticket), from 0.6 mm above the grid (clear of its border) to 0.3 mm under the line's top.
/// `lean` (housie 0.9 on): symbol by symbol, each a shared form, eleven modules apart.
fn press_barcodes(
    style: &PdfStyle<'_>,
    slots: &[(&PlacedBook, usize, Slot)],
    glyphed: &[bool],
    is_lean: bool,
    sheet_x_h: i64,
    out: &mut Vec<u8>,
) {
    let bar_h = press_bar_mm(style);
    let (mut lean, mut lean_at, mut drew) = (Content::with_capacity(1024), (0, 0), false);
    if is_lean {
        lean.op("q");
        if style.format.gray_codes() {
            lean.raw("0 g\n");
        }
    }
    // From housie 0.16 a barcode on the grid is the serials' text's ([`symbol_barcodes`]).
    for ((b, t, slot), _) in slots.iter().zip(glyphed).filter(|(_, &g)| !g) {
        let serial = b.numbering.serial(b.drawn.number, *t as u8 + 1).expect("book numbers start at 1");
        // The lean format draws symbols, each a form; earlier ones, the bars.
        let (drawn, width) = if is_lean {
            let symbols = barcode::code128_press_symbols(serial);
            let width = 11 * symbols.len() + 2;
            (Drawn::Symbols(symbols), width)
        } else {
            let (bars, width) = barcode::code128_press(serial);
            (Drawn::Bars(bars), width)
        };
        let Placed { module, x0, y, .. } = press_place(style, serial, None, slot, width, sheet_x_h);
        drew = true;
        match drawn {
            // Each barcode's origin moved on from the last (the moves repeat from page to
            // page), its modules scaled inside.
            Drawn::Symbols(symbols) => {
                let to = (to_hundredths(x0), to_hundredths(y));
                lean.translate(to.0 - lean_at.0, to.1 - lean_at.1);
                lean_at = to;
                lean.op("q").num(module).raw("0 0 ").num(TrimSpace::len(bar_h)).raw("0 0 ").op("cm");
                for (i, v) in symbols.into_iter().enumerate() {
                    if i > 0 {
                        lean.raw(" 1 0 0 1 11 0 cm");
                    }
                    lean.call(forms::SYMBOL, v.into());
                }
                lean.raw("\n").op("Q");
            }
            Drawn::Bars(bars) => {
                let mut c = Content::default();
                c.op("q").num(module).raw("0 0 ").num(TrimSpace::len(bar_h)).num(x0).num(y);
                c.op("cm");
                for (start, modules) in bars {
                    c.int(start).raw("0 ").int(modules).raw("1 re\n");
                }
                c.op("f").op("Q");
                let _ = out.write_all(&c.into_bytes());
            }
        }
    }
    // From housie 0.16 a page whose barcodes are all glyphs draws none here.
    if is_lean && (drew || !style.format.grid_glyphs()) {
        lean.op("Q");
        out.extend_from_slice(&lean.into_bytes());
    }
}

/// Where a press barcode of `width` modules goes on `slot`'s serial line. Up to housie 0.14
/// the module is as wide as the line allows up to [`barcode::PRESS_MODULE_MM`] and the quiet
/// zone ends at the line's end; from 0.15, where the symbol fits ([`barcode::fits_grid`]), the
/// module is the grid's and the bars start on the grid, counted from the sheet's left edge
/// (`sheet_x_h` is where the page starts on it), at or before where they would have started.
fn press_place(
    style: &PdfStyle<'_>,
    serial: crate::domain::Serial,
    text_mm: Option<f32>,
    slot: &Slot,
    width: usize,
    sheet_x_h: i64,
) -> Placed {
    let tk = &style.template.ticket();
    let p = TrimSpace::of(style);
    let text_mm = text_mm.unwrap_or_else(|| serial_width_mm(style, &serial_text(style.serial_word, &serial)));
    let room = slot.right - slot.left - text_mm - 1.0;
    let y = p.x(slot.top - tk.serial_height + 0.6);
    let bar_h = TrimSpace::len(press_bar_mm(style));
    if style.format.gridded_barcodes() && barcode::fits_grid(to_hundredths(TrimSpace::len(room)), width, bar_h) {
        let module = barcode::GRID_MODULE_H;
        let end = to_hundredths(p.x(slot.right)) - (width + barcode::QUIET_MODULES) as i64 * module;
        let x0 = barcode::on_grid_h(end + sheet_x_h) - sheet_x_h;
        return Placed { module: module as f32 / 100.0, x0: x0 as f32 / 100.0, y, on_grid: true };
    }
    let module = barcode::press_module(room, width);
    let x0 = slot.right - (width + barcode::QUIET_MODULES) as f32 * module;
    Placed { module: TrimSpace::len(module), x0: p.x(x0), y, on_grid: false }
}

/// Where a press barcode goes: its module width and its first bar's bottom left corner,
/// points on the page, and whether it is on the grid.
struct Placed {
    module: f32,
    x0: f32,
    y: f32,
    on_grid: bool,
}

/// Whether a page of the run may call a symbol's form: not in housie 0.11 and 0.12, whose
/// barcodes were all glyphs, nor from 0.16 in a run whose every barcode is on the grid, so
/// glyphs too ([`all_on_grid`]).
pub(super) fn symbol_forms(style: &PdfStyle<'_>) -> bool {
    !(style.format.barcode_glyphs() || (style.format.grid_glyphs() && all_on_grid(style)))
}

/// Whether every barcode of the run fits the grid ([`barcode::fits_grid`]): its last book's
/// serial, each digit drawn as wide as the font's widest and one digit more (a margin for
/// any kerning), does. Earlier serials have no more symbols and no wider text.
fn all_on_grid(style: &PdfStyle<'_>) -> bool {
    let tk = &style.template.ticket();
    let Some(serial) = style.numbering.serial(style.last_book.max(1), 1) else { return false };
    let text = serial_text(style.serial_word, &serial);
    let width = |text: &str| serial_width_mm(style, text);
    let widest = ('0'..='9').max_by(|a, b| width(&a.to_string()).total_cmp(&width(&b.to_string()))).unwrap_or('0');
    let text: String = text.chars().map(|c| if c.is_ascii_digit() { widest } else { c }).chain([widest]).collect();
    let room = tk.width - width(&text) - 1.0;
    let modules = 11 * barcode::code128_press_symbols(serial).len() + 2;
    barcode::fits_grid(to_hundredths(TrimSpace::len(room)), modules, TrimSpace::len(press_bar_mm(style)))
}

/// A serial line's text as wide as it is drawn, mm: with any fallback glyphs (0.13 on); before,
/// in the run's font alone.
fn serial_width_mm(style: &PdfStyle<'_>, text: &str) -> f32 {
    let size = style.template.ticket().serial_size;
    let pt = match style.format.serial_falls_back() {
        true => style.text_width(text, size),
        false => style.font.width(text, size),
    };
    pt * crate::print::layout::MM_PER_PT
}

/// A press barcode's bars' height, mm: from 0.6 mm above the grid (clear of its border) to
/// 0.3 mm under the serial line's top.
fn press_bar_mm(style: &PdfStyle<'_>) -> f32 {
    style.template.ticket().serial_height - 0.9
}

/// A page's barcodes from housie 0.11, placed as [`press_barcodes`] places them, each one
/// string of the barcode font ([`super::symbol_font`]) in the serials' text object: the bars'
/// height is the font size and the module's width a horizontal scaling of it, so text space
/// stays in points and each barcode moves on from the last as the serials do. From housie 0.16
/// the barcodes on the grid only, a byte a symbol, in DeviceGray black as 0.15's forms were;
/// `sheet_x_h` as [`press_barcodes`] takes it. Each slot it draws is marked in `glyphed`.
pub(super) fn symbol_barcodes(
    style: &PdfStyle<'_>,
    slots: &[(&PlacedBook, usize, Slot)],
    serial_mm: &[Option<f32>],
    sheet_x_h: i64,
    glyphed: &mut [bool],
    c: &mut Content,
) {
    let glyphs = style.format.grid_glyphs();
    let bar_h = press_bar_mm(style);
    let height = to_hundredths(TrimSpace::len(bar_h));
    let mut scaled = None;
    for (i, ((b, t, slot), drawn)) in slots.iter().zip(glyphed).enumerate() {
        let serial = b.numbering.serial(b.drawn.number, *t as u8 + 1).expect("book numbers start at 1");
        let mut symbols = barcode::code128_press_symbols(serial);
        // The serial's width as the page drew it, where that is how this format measures it.
        let drawn_mm = serial_mm.get(i).copied().flatten().filter(|_| style.format.serial_falls_back());
        let placed = press_place(style, serial, drawn_mm, slot, 11 * symbols.len() + 2, sheet_x_h);
        if glyphs && !placed.on_grid {
            continue;
        }
        *drawn = true;
        if scaled.is_none() {
            c.raw("/").raw(BARCODE_FONT_ID).raw(" ").num(TrimSpace::len(bar_h)).op("Tf");
            if glyphs {
                c.raw("0 g\n");
            }
        }
        let module = to_hundredths(placed.module);
        if scaled != Some(module) {
            c.scaling(module as f64 / height as f64 * 100.0);
            scaled = Some(module);
        }
        c.text_at(placed.x0, placed.y);
        match glyphs {
            true => {
                // A glyph's id is its byte (the symbols' values 0 to 106 are ids 1 to 107).
                symbols.iter_mut().for_each(|v| *v = super::symbol_font::glyph(*v) as u8);
                c.show_bytes(&symbols)
            }
            false => c.show(symbols.into_iter().map(super::symbol_font::glyph)),
        };
    }
}

/// A ticket's serial as its serial line prints it, after `word` (`No.`).
pub fn serial_text(word: &str, serial: &crate::domain::Serial) -> String {
    format!("{word} {serial}")
}

/// A page's QR codes: 100 % K modules, each row's dark runs as rectangles in module units, at
/// the right end of each serial line with the quiet zone (four modules) under and beside them,
/// or beside the grid, centred on it, four modules clear of its border.
fn qr_codes(style: &PdfStyle<'_>, slots: &[(&PlacedBook, usize, Slot)], out: &mut Vec<u8>) {
    use crate::print::template::QrPlace;
    use barcode::QR_QUIET_MODULES;
    let tk = &style.template.ticket();
    let q = &tk.qr;
    let n = q.modules();
    let p = TrimSpace::of(style);
    for (b, t, slot) in slots {
        let serial = b.numbering.serial(b.drawn.number, *t as u8 + 1).expect("book numbers start at 1");
        let border = if style.format.press() { tk.border_width * MM_PER_PT / 2.0 } else { 0.0 };
        let (x0, top) = match q.place {
            // The symbol's top-left corner, with the quiet zone between it and the grid: from
            // housie 0.7, between it and the outer edge of the grid's border (half of which
            // lies above the grid's top), so all four modules are clear.
            QrPlace::Serial => (
                slot.right - n as f32 * q.module,
                slot.top - tk.serial_height + border + (n + QR_QUIET_MODULES) as f32 * q.module,
            ),
            QrPlace::Beside => (
                slot.right + border + QR_QUIET_MODULES as f32 * q.module,
                slot.top - tk.serial_height - (tk.height - q.side()) / 2.0,
            ),
        };
        // Without an address (which the plan's check refuses), the serial: what the desk reads
        // either way.
        let text = style.qr_text(&serial).unwrap_or_else(|| serial.to_string());
        let fits = "the plan checked that the run's longest serial fits the template's QR version";
        let m = TrimSpace::len(q.module);
        let mut c = Content::default();
        c.op("q");
        if style.format.gray_codes() {
            c.raw("0 g\n");
        }
        c.num(m).raw("0 0 ").num(-m).num(p.x(x0)).num(p.x(top)).op("cm");
        if q.shave > 0.0 {
            for points in barcode::qr_outline(&text, q.version, q.shave / q.module).expect(fits) {
                for (i, (x, y)) in points.into_iter().enumerate() {
                    c.num(x).num(y).raw(if i == 0 { "m\n" } else { "l\n" });
                }
                c.op("h");
            }
        } else {
            for (row, col, len) in barcode::qr_runs(&text, q.version).expect(fits) {
                c.int(col).int(row).int(len).raw("1 re\n");
            }
        }
        c.op("f").op("Q");
        let _ = out.write_all(&c.into_bytes());
    }
}

/// A barcode as the format draws it: Code 128 symbol values, each a shared form (housie 0.9
/// on), or bars as (first module, modules wide).
enum Drawn {
    Symbols(Vec<u8>),
    Bars(Vec<(usize, usize)>),
}

//! What is the same on every page of a file, drawn once as two Form XObjects: `/U` under the
//! tickets (background, header band) and `/O` over their shading (grid lines, borders, cut
//! guides, crop marks). A page then draws only what varies: shading, text and barcodes.

use super::content::{Content, PT_PER_MM};
use super::style::{PdfStyle, OVERPRINT, REGISTRATION};
use crate::print::colour::Cmyk;
use crate::print::layout::{Geometry, Slot, SAFE_MM};

/// The form under the tickets (resource names are fixed, for byte-identical files).
pub const UNDER: &str = "U";
/// The form over the tickets.
pub const OVER: &str = "O";

/// Millimetres in trim space to points in the media box.
pub struct TrimSpace {
    pub origin: f32,
}

impl TrimSpace {
    pub fn of(style: &PdfStyle<'_>) -> TrimSpace {
        TrimSpace { origin: style.offset_mm() }
    }

    pub fn x(&self, mm: f32) -> f32 {
        (mm + self.origin) * PT_PER_MM
    }

    /// Lengths do not move with the origin.
    pub fn len(mm: f32) -> f32 {
        mm * PT_PER_MM
    }
}

/// Background and header band, into the bleed, when they are the same on every page; `None`
/// when there is neither. (A game's band is drawn with its page.)
pub fn under(style: &PdfStyle<'_>) -> Option<Vec<u8>> {
    let (background, band) = style.under_colours();
    if background.is_none() && band.is_none() {
        return None;
    }
    let t = style.template;
    let (w, h) = t.page().mm();
    let bleed = style.bleed_mm;
    let p = TrimSpace::of(style);
    let mut c = Content::with_capacity(128);
    if let Some(bg) = background {
        c.fill(bg)
            .rect(p.x(-bleed), p.x(-bleed), TrimSpace::len(w + 2.0 * bleed), TrimSpace::len(h + 2.0 * bleed))
            .op("f");
    }
    if let Some(band) = band {
        header_band(style, &mut c, band);
    }
    Some(c.into_bytes())
}

/// The header band, from the header's bottom (from housie 0.13, [`SAFE_MM`] above it) to the
/// top edge and the sides, into the bleed. Ending on the cut under the header, as it did, a
/// guillotine a fraction off left a sliver of colour on the tickets or of paper under the band.
pub fn header_band(style: &PdfStyle<'_>, c: &mut Content, band: Cmyk) {
    let (w, h) = style.template.page().mm();
    let bleed = style.bleed_mm;
    let p = TrimSpace::of(style);
    let g = Geometry::of(style.template);
    let bottom = if style.format.band_clear_of_cut() { g.header_bottom + SAFE_MM } else { g.header_bottom };
    let (x, y) = (p.x(-bleed), p.x(bottom));
    c.fill(band).rect(x, y, TrimSpace::len(w + 2.0 * bleed), TrimSpace::len(h + bleed - bottom)).op("f");
}

/// Grid lines, borders, cut guides and crop marks, all overprinting.
pub fn over(style: &PdfStyle<'_>) -> Vec<u8> {
    over_slots(style, Geometry::of(style.template).slots())
}

/// [`over`] for a page whose first `filled` slots hold tickets: no grid in an empty slot, and
/// the cut guides only where the filled strips are.
pub fn over_slots(style: &PdfStyle<'_>, filled: usize) -> Vec<u8> {
    let t = style.template;
    let tk = &t.ticket();
    let (w, h) = t.page().mm();
    let p = TrimSpace::of(style);
    let g = Geometry::of(t);
    let mut c = Content::with_capacity(4096);
    // 100 % K overprints the tints under it, so a plate out of register leaves no white sliver.
    c.raw(&format!("/{OVERPRINT} gs\n")).stroke(Cmyk::BLACK);
    c.num(tk.line_width).op("w");
    let slots: Vec<Slot> = (0..filled.min(g.slots())).map(|i| g.slot(i)).collect();
    // The strips (columns of slots) that hold tickets, and where the last of them is cut.
    let strips = filled.div_ceil(g.rows.max(1)).clamp(1, g.columns);
    let columns: Vec<f32> = g.column_cuts();
    let right = if strips < g.columns { columns[strips - 1] } else { w };
    grid_lines(style, &slots, &mut c);
    c.op("S").num(tk.border_width).op("w");
    for s in &slots {
        let bottom = s.top - tk.serial_height - tk.height;
        c.rect(p.x(s.left), p.x(bottom), TrimSpace::len(tk.width), TrimSpace::len(tk.height));
    }
    c.op("S");
    if tk.cut_guides {
        // Between single tickets: short dashes across the page; between strips (columns of
        // six): long dashes down it.
        c.op("q").raw("[4 3] 0 d\n").num(0.3).op("w");
        for i in 1..g.rows {
            c.move_to(p.x(0.0), p.x(g.cut(i))).line_to(p.x(right), p.x(g.cut(i)));
        }
        c.op("S");
        if strips > 1 {
            c.raw("[9 3] 0 d\n");
            for &x in &columns[..strips - 1] {
                c.move_to(p.x(x), p.x(g.cut(g.rows))).line_to(p.x(x), p.x(g.cut(0)));
            }
            c.op("S");
        }
        c.op("Q");
    }
    if style.crop_marks {
        // In registration colour, from 1 mm outside the bleed and at least 3 mm from the trim
        // (housie 0.2 and 0.3: 1 mm), so none prints on the trimmed page when the cut wanders: the
        // corners, and a mark at each end of every cut between slips and columns.
        let bleed = style.bleed_mm;
        let gap = if style.format == super::style::PdfFormat::Original { bleed + 1.0 } else { (bleed + 1.0).max(3.0) };
        let (near, far) = (gap, bleed + style.slug_mm() - 0.5);
        c.stroke(REGISTRATION).num(0.25).op("w");
        for (x, sx) in [(0.0, -1.0), (w, 1.0)] {
            for (y, sy) in [(0.0, -1.0), (h, 1.0)] {
                c.move_to(p.x(x + sx * near), p.x(y)).line_to(p.x(x + sx * far), p.x(y));
                c.move_to(p.x(x), p.x(y + sy * near)).line_to(p.x(x), p.x(y + sy * far));
            }
            for i in 0..=g.rows {
                c.move_to(p.x(x + sx * near), p.x(g.cut(i))).line_to(p.x(x + sx * far), p.x(g.cut(i)));
            }
        }
        for x in g.column_cuts() {
            for (y, sy) in [(0.0, -1.0), (h, 1.0)] {
                c.move_to(p.x(x), p.x(y + sy * near)).line_to(p.x(x), p.x(y + sy * far));
            }
        }
        c.op("S");
    }
    c.into_bytes()
}

/// The lines inside each slot's grid: between its columns, and between its rows and, on a card
/// with heads (B I N G O), under the heads, which stand over their columns with no line between.
fn grid_lines(style: &PdfStyle<'_>, slots: &[Slot], c: &mut Content) {
    let t = style.template;
    let tk = &t.ticket();
    let p = TrimSpace::of(style);
    let format = t.card_format();
    let (cols, bands) = (format.cols(), format.rows() + usize::from(!format.heads().is_empty()));
    let (cell_w, cell_h) = t.cell_mm();
    for s in slots {
        let top = s.top - tk.serial_height;
        let bottom = top - tk.height;
        let below_heads = if bands > format.rows() { top - cell_h } else { top };
        for col in 1..cols {
            let x = p.x(s.left + col as f32 * cell_w);
            c.move_to(x, p.x(bottom)).line_to(x, p.x(below_heads));
        }
        for r in 1..bands {
            let y = p.x(top - r as f32 * cell_h);
            c.move_to(p.x(s.left), y).line_to(p.x(s.right), y);
        }
    }
}

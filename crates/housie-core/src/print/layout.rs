//! Where the page's pieces go, computed once for both the renderer and the fit check, so that
//! what is checked is what is drawn.

use super::logo::LogoPosition;
use super::template::Template;

/// Millimetres per point.
pub const MM_PER_PT: f32 = 25.4 / 72.0;
/// Height of a capital (and a digit) in Liberation Sans, as a fraction of the font size.
pub const CAP_HEIGHT: f32 = 0.72;
pub use super::template::SAFE_MM;
/// The least space between the header's left and right texts.
pub const HEADER_GAP_MM: f32 = 3.0;

/// The page's positions in trim-box millimetres (origin at the trim's lower left).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Page width and height.
    pub w: f32,
    /// Page height.
    pub h: f32,
    /// Left edge of every ticket grid, and of the header's left text.
    pub left: f32,
    /// Right edge of every grid, where the header's right text ends.
    pub right: f32,
    /// Bottom of the header area.
    pub header_bottom: f32,
    /// Baseline of the header texts.
    pub header_base: f32,
    /// Baseline of the footer text (centred at `w / 2`).
    pub footer_base: f32,
    /// The tickets' area: from the header's bottom down to the footer's top, in `columns`
    /// columns of `rows` equal slips, one ticket (serial line and grid) centred in each.
    pub slips_top: f32,
    /// Height of one slip.
    pub slip: f32,
    /// Space above (and below) the serial line and grid within a slip.
    pub inset: f32,
    /// Columns of slips.
    pub columns: usize,
    /// Slips in a column.
    pub rows: usize,
    /// Width of one column, and where the first starts.
    pub column_width: f32,
    /// Left edge of the first column.
    pub columns_left: f32,
    /// Slots go across each row first (a 75-ball sheet, read as its faces are numbered), not
    /// down each column (90-ball, a column a strip).
    pub across: bool,
}

/// Where one ticket goes: its grid's left and right edges and the top of its serial line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Left edge of the grid.
    pub left: f32,
    /// Right edge of the grid.
    pub right: f32,
    /// Top of the serial line.
    pub top: f32,
}

impl Geometry {
    /// The geometry of a template's page.
    pub fn of(t: &Template) -> Geometry {
        let (w, h) = t.page().mm();
        let tk = &t.ticket();
        let (columns, rows) = (t.layout().columns, t.layout().rows);
        let column_width = (w - t.page().margin_left - t.page().margin_right) / columns as f32;
        // A QR code beside the grid shares its column: the two are centred together.
        let left = t.page().margin_left + (column_width - tk.width - tk.qr_room()) / 2.0;
        let header_bottom = h - t.page().margin_top - t.header().height;
        let header_base = header_bottom + (t.header().height - t.header().size * CAP_HEIGHT * MM_PER_PT) / 2.0;
        let footer_base = t.page().margin_bottom + (t.footer().height - t.footer().size * CAP_HEIGHT * MM_PER_PT) / 2.0;
        let footer_top = t.page().margin_bottom + t.footer().height;
        let slip = (header_bottom - footer_top) / rows as f32;
        let inset = (slip - tk.serial_height - tk.height) / 2.0;
        Geometry {
            w,
            h,
            left,
            right: left + (columns - 1) as f32 * column_width + tk.width,
            header_bottom,
            header_base,
            footer_base,
            slips_top: header_bottom,
            slip,
            inset,
            columns,
            rows,
            column_width,
            columns_left: t.page().margin_left,
            across: !t.card_format().covers(),
        }
    }

    /// Ticket slots on a page.
    pub fn slots(&self) -> usize {
        self.columns * self.rows
    }

    /// Slot `i` (0-based): down the first column, then down the next; on a 75-ball sheet
    /// across the first row, then the next, as its faces are numbered.
    pub fn slot(&self, i: usize) -> Slot {
        let (column, row) =
            if self.across { (i % self.columns, i / self.columns) } else { (i / self.rows, i % self.rows) };
        let left = self.left + column as f32 * self.column_width;
        Slot {
            left,
            right: left + (self.right - self.left - (self.columns - 1) as f32 * self.column_width),
            top: self.ticket_top(row),
        }
    }

    /// The cuts between columns (none with one column).
    pub fn column_cuts(&self) -> Vec<f32> {
        (1..self.columns).map(|c| self.columns_left + c as f32 * self.column_width).collect()
    }

    /// Top of the serial line in row `i` of slips, 0-based from the top: centred in its slip.
    pub fn ticket_top(&self, i: usize) -> f32 {
        self.cut(i) - self.inset
    }

    /// Where a logo `height` mm high and `width` mm wide goes: its left, bottom, width and
    /// height, centred up and down in the header (or footer), at its left, middle or right.
    pub fn logo(&self, t: &Template, position: LogoPosition, width: f32, height: f32) -> [f32; 4] {
        // Left and right ends line up with the grids; the middle is the page's.
        let x = match position {
            LogoPosition::HeaderLeft | LogoPosition::FooterLeft => self.left,
            LogoPosition::HeaderRight | LogoPosition::FooterRight => self.right - width,
            LogoPosition::HeaderCentre | LogoPosition::FooterCentre => (self.w - width) / 2.0,
        };
        let y = if position.in_header() {
            self.header_bottom + (t.header().height - height) / 2.0
        } else {
            t.page().margin_bottom + (t.footer().height - height) / 2.0
        };
        [x, y, width, height]
    }

    /// The part of its header (or footer) a logo may fill from housie 0.13, bottom and top: at
    /// least [`SAFE_MM`] from the cut between the band and the tickets and from the trim, so a
    /// guillotine a millimetre off never clips it.
    pub fn logo_band(&self, t: &Template, position: LogoPosition) -> (f32, f32) {
        if position.in_header() {
            (self.header_bottom + SAFE_MM, (self.h - t.page().margin_top).min(self.h - SAFE_MM))
        } else {
            (t.page().margin_bottom.max(SAFE_MM), t.page().margin_bottom + t.footer().height - SAFE_MM)
        }
    }

    /// The height a logo asked `height` mm high prints at from housie 0.13: no taller than its
    /// [`Geometry::logo_band`].
    pub fn safe_logo_height(&self, t: &Template, position: LogoPosition, height: f32) -> f32 {
        let (bottom, top) = self.logo_band(t, position);
        height.min(top - bottom).max(0.0)
    }

    /// Where a logo asked `height` mm high goes from housie 0.13: as [`Geometry::logo`], but
    /// no taller than its [`Geometry::logo_band`] and centred in it. `width` is its width at a
    /// height.
    pub fn safe_logo(&self, t: &Template, position: LogoPosition, width: impl Fn(f32) -> f32, height: f32) -> [f32; 4] {
        let (bottom, top) = self.logo_band(t, position);
        let height = self.safe_logo_height(t, position, height);
        let [x, _, w, h] = self.logo(t, position, width(height), height);
        [x, bottom + (top - bottom - h) / 2.0, w, h]
    }

    /// The cut above slip row `i` (0 under the header, `rows` above the footer).
    pub fn cut(&self, i: usize) -> f32 {
        self.slips_top - i as f32 * self.slip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slip_is_the_same_size_with_its_ticket_centred() {
        for name in ["classic", "festival"] {
            let t = Template::shipped(name).unwrap();
            let g = Geometry::of(&t);
            let slips: Vec<f32> = (0..6).map(|i| g.cut(i) - g.cut(i + 1)).collect();
            assert!(slips.iter().all(|s| (s - slips[0]).abs() < 1e-3), "{name}: {slips:?}");
            for i in 0..6 {
                let above = g.cut(i) - g.ticket_top(i);
                let below = g.ticket_top(i) - t.ticket().serial_height - t.ticket().height - g.cut(i + 1);
                assert!(
                    (above - below).abs() < 1e-3 && above >= t.ticket().gap / 2.0 - 1e-3,
                    "{name} ticket {i}: {above}"
                );
            }
        }
    }
}

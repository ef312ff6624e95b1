//! Where the page's pieces go, computed once for both the renderer and the fit check, so that
//! what is checked is what is drawn.

use super::template::Template;

/// Millimetres per point.
pub const MM_PER_PT: f32 = 25.4 / 72.0;
/// Height of a capital (and a digit) in Liberation Sans, as a fraction of the font size.
pub const CAP_HEIGHT: f32 = 0.72;
/// Nothing but colour may come closer than this to the trim: cutting wanders.
pub const SAFE_MM: f32 = 3.0;
/// The least space between the header's left and right texts.
pub const HEADER_GAP_MM: f32 = 3.0;

/// The page's positions in trim-box millimetres (origin at the trim's lower left).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Page width and height.
    pub w: f32,
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
}

impl Geometry {
    pub fn of(t: &Template) -> Geometry {
        let (w, h) = t.page.size.mm();
        let tk = &t.ticket;
        let left = t.page.margin_left + (w - t.page.margin_left - t.page.margin_right - tk.width) / 2.0;
        let header_bottom = h - t.page.margin_top - t.header.height;
        let header_base = header_bottom + (t.header.height - t.header.size * CAP_HEIGHT * MM_PER_PT) / 2.0;
        let footer_base = t.page.margin_bottom + (t.footer.height - t.footer.size * CAP_HEIGHT * MM_PER_PT) / 2.0;
        Geometry { w, h, left, right: left + tk.width, header_bottom, header_base, footer_base }
    }

    /// Top of the ticket `i`'s slot (its serial line), 0-based from the top.
    pub fn ticket_top(&self, t: &Template, i: usize) -> f32 {
        let tk = &t.ticket;
        self.header_bottom - i as f32 * (tk.serial_height + tk.height + tk.gap)
    }
}

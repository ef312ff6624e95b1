//! A template's parts, as its TOML writes them: the page, the header and footer, the ticket
//! and its barcode or QR code, the layout of tickets on a page, a logo.

use serde::Deserialize;

use super::super::logo::LogoPosition;
use super::Cmyk;
use crate::domain::format::{Card, CardFormat};

/// A template's `[logo]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateLogo {
    /// The image, relative to the template file.
    pub file: String,
    /// Printed height, mm.
    #[serde(default = "default_logo_height")]
    pub height: f32,
    /// Where it goes: `header-left`, `header-centre` (the default), `header-right`, or the
    /// same in the footer.
    #[serde(default)]
    pub position: LogoPosition,
}

fn default_logo_height() -> f32 {
    12.0
}

/// Tickets on a page: `columns` columns of `rows` tickets, filled down the first column first.
/// A page holds a whole number of books (6: a strip; 12: two strips, "12 to view"), or a book
/// spreads over a whole number of pages (3: large print, a book on two pages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutSpec {
    /// Tickets across the page.
    pub columns: usize,
    /// Tickets down the page.
    pub rows: usize,
    /// The card the look holds (`"75-ball"`: a page is a sheet of as many faces as it has
    /// slots); 90-ball when unsaid, as every template before housie 0.16.
    #[serde(default)]
    pub card: Card,
}

impl Default for LayoutSpec {
    fn default() -> LayoutSpec {
        LayoutSpec { columns: 1, rows: 6, card: Card::NinetyBall }
    }
}

impl LayoutSpec {
    /// Tickets a page holds.
    pub fn tickets_per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// The card format the look prints: `None` for a 75-ball look whose page is not a sheet
    /// housie prints (1, 2, 3, 4 or 6 faces).
    pub fn card_format(&self) -> Option<&'static CardFormat> {
        self.card.format(self.tickets_per_page())
    }

    /// Tickets (faces) in a book: a strip's six, or a sheet's faces.
    pub fn tickets_per_book(&self) -> usize {
        self.card_format().map_or(6, |f| f.book())
    }

    /// Books on one page (at least 1; a book over several pages is still on "one").
    pub fn books_per_page(&self) -> usize {
        (self.tickets_per_page() / self.tickets_per_book()).max(1)
    }

    /// Pages one book takes (1 unless the page holds fewer than a book's tickets).
    pub fn pages_per_book(&self) -> usize {
        (self.tickets_per_book() / self.tickets_per_page().max(1)).max(1)
    }

    /// Whether books and pages line up: a page holds whole books, or a book whole pages.
    pub fn fits_books(&self) -> bool {
        let (n, book) = (self.tickets_per_page(), self.tickets_per_book());
        n > 0 && self.card_format().is_some() && (n.is_multiple_of(book) || book.is_multiple_of(n))
    }
}

/// The paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageSize {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl PageSize {
    /// Width and height in millimetres.
    pub fn mm(self) -> (f32, f32) {
        match self {
            PageSize::A4 => (210.0, 297.0),
            PageSize::Letter => (215.9, 279.4),
        }
    }
}

/// The page: size, margins (mm) and an optional background.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageSpec {
    /// A4 (default) or Letter.
    #[serde(default = "a4")]
    pub size: PageSize,
    /// Upright (the default) or on its side (`"landscape"`: 297 × 210 mm for A4).
    #[serde(default)]
    pub orientation: Orientation,
    /// Top margin, mm.
    pub margin_top: f32,
    /// Bottom margin, mm.
    pub margin_bottom: f32,
    /// Left margin, mm.
    pub margin_left: f32,
    /// Right margin, mm.
    pub margin_right: f32,
    /// Fill of the whole page, extended into the bleed.
    #[serde(default)]
    pub background: Option<Cmyk>,
}

fn a4() -> PageSize {
    PageSize::A4
}

impl PageSpec {
    /// The page's width and height in millimetres, as it is printed: the size's, turned on its
    /// side for a landscape page.
    pub fn mm(&self) -> (f32, f32) {
        let (w, h) = self.size.mm();
        match self.orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        }
    }
}

/// Which way up the page is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// Taller than wide.
    #[default]
    Portrait,
    /// Wider than tall: what four strips side by side need.
    Landscape,
}

/// The header line at the top of each page.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderSpec {
    /// Text at the left of the header, e.g. `"{title}"`.
    pub left: String,
    /// Text at the right of the header, e.g. `"Book {book}"`.
    pub right: String,
    /// Font size, pt.
    pub size: f32,
    /// Height reserved for the header, mm.
    pub height: f32,
    /// Header text colour (default 100 % K).
    #[serde(default)]
    pub colour: Option<Cmyk>,
    /// A band behind the header, running to the top and side edges (and into the bleed).
    #[serde(default)]
    pub band: Option<Cmyk>,
    /// In a run of booklets, the header's right text instead of `right`.
    #[serde(default = "booklet_header")]
    pub booklet: String,
}

fn booklet_header() -> String {
    "Booklet {booklet} · Game {game} · {colour}".to_string()
}

/// The footer line at the foot of each page.
#[derive(Clone, Debug, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct FooterSpec {
    /// Centred line at the foot of the page; empty for none.
    #[serde(default)]
    pub text: String,
    /// In a run of booklets, the footer instead of `text` (which may name the drawn book where
    /// the paper says booklet).
    #[serde(default)]
    pub booklet: Option<String>,
    /// Font size, pt.
    #[serde(default)]
    pub size: f32,
    /// Height reserved for the footer, mm (0 with no footer).
    #[serde(default)]
    pub height: f32,
}

/// The ticket grid, its serial line and the space around it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicketSpec {
    /// Grid width and height, mm.
    pub width: f32,
    /// Grid height, mm.
    pub height: f32,
    /// Space for the serial line above each grid, mm.
    pub serial_height: f32,
    /// Space between one ticket's grid and the next ticket's serial line, mm.
    pub gap: f32,
    /// Number size, pt (at least 16).
    pub number_size: f32,
    /// Serial text size, pt.
    pub serial_size: f32,
    /// Inner grid lines and outer border, pt (at least 0.25).
    pub line_width: f32,
    /// The outer border's width, pt.
    pub border_width: f32,
    /// Shading of blank cells.
    #[serde(default)]
    pub blank_shade: Option<Cmyk>,
    /// Dashed cut guides between tickets.
    #[serde(default)]
    pub cut_guides: bool,
    /// The serial as a barcode at the right end of the serial line, for scanning claims.
    #[serde(default)]
    pub barcode: Barcode,
    /// With `barcode = "qr"`: the QR code's size, place and content (`[ticket.qr]`).
    #[serde(default)]
    pub qr: QrSpec,
    /// A line over each serial, `"{title}"`: on slips sold one by one, each carries the
    /// event's name. Empty (the default) for none.
    #[serde(default)]
    pub label: String,
    /// The label's size, pt.
    #[serde(default = "label_size")]
    pub label_size: f32,
}

fn label_size() -> f32 {
    9.0
}

/// The serial text's baseline above the grid's top, mm.
pub const SERIAL_BASE_MM: f32 = 1.2;

impl TicketSpec {
    /// The label's baseline above the grid's top, mm: over the serial text, a millimetre clear
    /// of it with the label's descenders (a fifth of its size).
    pub fn label_base(&self) -> f32 {
        let pt = 25.4 / 72.0;
        SERIAL_BASE_MM + self.serial_size * 0.72 * pt + 1.0 + self.label_size * 0.21 * pt
    }

    /// The label's top above the grid's top, mm.
    pub fn label_top(&self) -> f32 {
        self.label_base() + self.label_size * 0.72 * 25.4 / 72.0
    }

    /// The width the label may take, mm: the grid's, less a QR code on the serial line and its
    /// quiet zone.
    pub fn label_room(&self) -> f32 {
        match (self.barcode, self.qr.place) {
            (Barcode::Qr, QrPlace::Serial) => {
                self.width - (self.qr.modules() + crate::print::barcode::QR_QUIET_MODULES) as f32 * self.qr.module
            }
            _ => self.width,
        }
    }

    /// The width a QR code beside the grid takes, quiet zones included (0 for none there).
    pub fn qr_room(&self) -> f32 {
        match self.barcode {
            Barcode::Qr => self.qr.room_beside(),
            _ => 0.0,
        }
    }
}

/// A QR code's size, place and content (`[ticket.qr]`). The defaults are housie 0.7's: a
/// version-1 symbol of 0.3 mm modules holding the serial, at the serial line's right end.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QrSpec {
    /// A module's side, mm: about three pixels of a 120 dpi scan (0.64) for a phone's camera
    /// or a cheap imager to read it blurred and tilted.
    pub module: f32,
    /// The symbol's version, 1–10 (21 + 4 × (version − 1) modules a side): every ticket's
    /// symbol is the same size, and a link too long for it is refused at generate.
    pub version: u8,
    /// Where it goes.
    pub place: QrPlace,
    /// What it holds.
    pub holds: QrHolds,
    /// How far the dark area's outline is drawn inside the modules, mm (0: each row's dark
    /// modules as rectangles, as housie 0.7 drew them): room for ink that spreads, and for a
    /// renderer that fills every pixel a shape touches.
    pub shave: f32,
}

impl Default for QrSpec {
    fn default() -> QrSpec {
        QrSpec {
            module: crate::print::barcode::QR_MODULE_MM,
            version: 1,
            place: QrPlace::Serial,
            holds: QrHolds::Serial,
            shave: 0.0,
        }
    }
}

impl QrSpec {
    /// Modules a side.
    pub fn modules(&self) -> usize {
        17 + 4 * usize::from(self.version)
    }

    /// The symbol's side, mm.
    pub fn side(&self) -> f32 {
        self.modules() as f32 * self.module
    }

    /// The width the symbol takes beside the grid with its quiet zone either side, mm (0 on
    /// the serial line).
    pub fn room_beside(&self) -> f32 {
        match self.place {
            QrPlace::Serial => 0.0,
            QrPlace::Beside => (self.modules() + 2 * crate::print::barcode::QR_QUIET_MODULES) as f32 * self.module,
        }
    }
}

/// Where a ticket's QR code goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QrPlace {
    /// At the right end of the serial line, above the grid (the serial line must be tall enough).
    #[default]
    Serial,
    /// To the right of the grid, centred on it (the grid and the symbol share the column).
    Beside,
}

/// What a ticket's QR code holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QrHolds {
    /// The serial: what a 2D imager at the desk types.
    #[default]
    Serial,
    /// The link to the ticket on the player page, `{player_url}/p/{serial}`: a phone's camera
    /// opens it, and the desk reads the serial out of it. Needs the run's `--player-url`.
    Link,
}

/// How a ticket's serial is printed for a scanner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Barcode {
    /// Code 128 (character set B): what a USB handheld scanner reads and types, with Enter.
    #[default]
    Code128,
    /// A QR code (version 1, 0.3 mm modules, 6.3 mm square): what phones and 2D imagers read.
    /// Needs a serial line of at least 8 mm.
    Qr,
    /// No barcode.
    None,
}

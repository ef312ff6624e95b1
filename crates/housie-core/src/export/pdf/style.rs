//! The look of a run's pages, the same on every page: what it is drawn with (template, font,
//! title, colours, logo, bleed and marks), in which of housie's PDF formats, and what each
//! page's colours and texts are.

use crate::domain::Numbering;
use crate::print::colour::{contrast, Cmyk};
use crate::print::font::Font;
use crate::print::layout::Geometry;
use crate::print::logo::Logo;
use crate::print::page_text::PageText;
use crate::print::palette::tint;
use crate::print::template::{fill, Fill, Template, MIN_CONTRAST};
use crate::print::typeset::{Piece, Shaped, Typesetter};
use crate::record::settings::LogoSettings;
use crate::support::date::RunDate;

/// The font's resource name: fixed, so output does not depend on printpdf's global counter.
pub const FONT_ID: &str = "HOUSIE";
/// The resource names of the fonts shaped text is drawn in, by their place in the
/// [`crate::print::typeset::Typesetter`]'s fonts (the run's font, then Liberation Sans Bold
/// unless that is the run's, then Noto Sans Devanagari Bold), each cut down to the glyphs the
/// shaper chose.
pub const SHAPED_FONT_IDS: [&str; 3] = ["HOUSIES0", "HOUSIES1", "HOUSIES2"];
/// The barcode font's resource name (a Type 3 font of Code 128's symbols, [`PdfFormat::Compact`] only).
pub const BARCODE_FONT_ID: &str = "HOUSIEBC";
/// The logo's resource name (an image XObject shared by every page).
pub const LOGO_ID: &str = "HOUSIELOGO";
/// Space outside the trim for the bleed and crop marks together, mm: 7.5 keeps an A4 page on an
/// SRA4 sheet (225 × 320 mm); the marks take what the bleed leaves, at least 3 mm.
const SLUG_AND_BLEED_MM: f32 = 7.5;
const MIN_SLUG_MM: f32 = 3.0;
/// Graphics states, by fixed resource names: overprint for 100 % K (`/OP /op true /OPM 1`),
/// and knock-out for anything else drawn after it.
pub(super) const OVERPRINT: &str = "HOUSIEOP";
pub(super) const KNOCKOUT: &str = "HOUSIEKO";
/// Registration colour: crop marks print on every plate.
pub(super) const REGISTRATION: Cmyk = Cmyk([100.0, 100.0, 100.0, 100.0]);

/// Everything about the look that is the same on every page of a run, borrowed from the
/// resolved plan (its settings and its loaded template and font), so it cannot drift from them.
#[derive(Clone, Copy, Debug)]
pub struct PdfStyle<'a> {
    /// The page's look, its words in the paper's language.
    pub template: &'a Template,
    /// The word before each serial: `No.`, or the paper's language's (`क्र.`).
    pub serial_word: &'a str,
    /// The font for every text.
    pub font: &'a Font,
    /// The event's title, for `{title}`.
    pub title: &'a str,
    /// Bleed beyond the trim, mm (0 for none).
    pub bleed_mm: f32,
    /// Crop marks at the corners and cuts.
    pub crop_marks: bool,
    /// The run's date: CreationDate and ModDate.
    pub date: RunDate,
    /// How serials are written, and which booklet and game each book is.
    pub numbering: Numbering,
    /// The run's last book: its serials are the run's longest, so they say whether every
    /// barcode of the run sits on the grid, and the file needs no symbol forms (housie 0.16 on).
    pub last_book: u64,
    /// Where each page's colours come from.
    pub colours: Colours,
    /// Cut-and-stack: two pages on each sheet (`--impose 2up`).
    pub two_up: bool,
    /// The housie version the run is recorded as written by: the PDF's Producer and Creator.
    pub housie: &'a str,
    /// SHA-256 of what run.json says of the run's rules (its settings, seed kind, generator and
    /// version), written into the Info dictionary as `/HousieRun`: `verify` regenerates the PDF
    /// from the record, so an edit to the record that changes no page (a setting's name, the
    /// line rule of a run that had no duplicate line to draw again) still changes the file.
    /// `None` for runs of housie 0.2, whose files had none.
    pub seal: Option<[u8; 32]>,
    /// How the file is written: as the housie that made the run wrote it, so they regenerate byte for byte.
    pub format: PdfFormat,
    /// For a home printer, not a print shop (`housie export`): not declared PDF/X, so without
    /// the half-megabyte colour profile PDF/X carries.
    pub for_home: bool,
    /// Grids only in the slots a page fills (`housie export`): a book exported alone from a
    /// look of two books a page has no empty grids beside it. A print file keeps every slot's
    /// grid, as every version drew it.
    pub only_filled: bool,
    /// The logo on every page, and where.
    pub logo: Option<(&'a Logo, &'a LogoSettings)>,
    /// A subtitle, printed in place of the template's footer.
    pub subtitle: Option<&'a str>,
    /// Where phones reach the player page: what a template's QR link starts with.
    pub player_url: Option<&'a crate::domain::PlayerUrl>,
    /// The codes of tickets kept for phones (`housie export --phone-only`): their QR links
    /// carry them, so that a scanned code can follow the ticket. `None` in a print file.
    pub qr_codes: Option<QrCodes<'a>>,
}

/// A phone-only ticket's code by its serial (`None`: the ticket is on paper, and needs none).
#[derive(Clone, Copy)]
pub struct QrCodes<'a>(pub &'a (dyn Fn(&crate::domain::Serial) -> Option<String> + Sync));

impl std::fmt::Debug for QrCodes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("QrCodes(…)")
    }
}

impl PdfStyle<'_> {
    /// Whether the file declares PDF/X (an OutputIntent with its profile, the GTS keys, and
    /// trim and bleed boxes).
    pub fn declares_pdfx(&self) -> bool {
        !self.for_home && self.format.declares_pdfx(self.two_up)
    }
}

/// How a run's PDF files are written. Runs are regenerated byte for byte by `verify`, so a
/// run of an earlier housie is written as that housie wrote it.
/// Formats are in the order housie brought them, so a later one is greater.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PdfFormat {
    /// housie 0.2 and 0.3: the whole font embedded, barcodes drawn bar by bar, numbers placed
    /// one by one, and 2-up sheets declared PDF/X.
    Original,
    /// housie 0.4 to 0.6: the font cut down to the glyphs the run prints, barcodes as text in a
    /// barcode font (a Type 3 font), a row of numbers as one string, and PDF/X only where it is
    /// true (not on 2-up sheets).
    Compact,
    /// housie 0.7 and 0.8: as compact, with the barcodes drawn as plain vector bars (no Type 3
    /// font, which some RIPs and preflight profiles refuse).
    Press,
    /// housie 0.9 on: as press, with what pages repeat (each number in its cell, each row's
    /// blank cells, each barcode symbol, the texts the same on every page) drawn once per file
    /// as forms ([`forms`]) that a page calls by name, and no BleedBox where it would be the
    /// TrimBox.
    Lean,
    /// housie 0.10 on: as lean, with each ticket's grid shaded whole by one shared form (the
    /// ground, [`forms::GROUND`]) and each number's form clearing its cell to paper, so a row
    /// calls no form for its blank cells; and each page's content deflated by libdeflate,
    /// which takes about half miniz's time for the same size.
    Ground,
    /// housie 0.11 and 0.12: as ground, with each barcode one string of a TrueType font housie
    /// builds whose glyphs are Code 128's symbols ([`symbol_font`]), instead of a form call and
    /// a move for each symbol.
    Symbols,
    /// housie 0.13: as symbols, with a logo finer than its print can show resampled to
    /// [`crate::print::logo::PRINT_PPI_MAX`] at its printed size, and barcodes drawn by
    /// symbol as lean's forms, not as glyphs ([`PdfFormat::barcode_glyphs`]).
    Fitted,
    /// housie 0.14: as fitted, with the logo resampled in whole numbers
    /// ([`PdfFormat::exact_resampling`]), the same pixels on every platform and in a page.
    Portable,
    /// housie 0.15: as portable, with each barcode's bars on the renderers' pixel grid
    /// ([`PdfFormat::gridded_barcodes`]).
    Gridded,
    /// housie 0.16 on: as gridded, with each barcode on the grid one string of housie's Code 128
    /// font again, a byte a symbol ([`PdfFormat::grid_glyphs`]).
    GridGlyphs,
}

impl PdfFormat {
    /// The format of the run a housie version wrote.
    pub fn of(housie: &str) -> PdfFormat {
        match housie.split('.').take(2).collect::<Vec<_>>()[..] {
            ["0", "2" | "3"] => PdfFormat::Original,
            ["0", "4" | "5" | "6"] => PdfFormat::Compact,
            ["0", "7" | "8"] => PdfFormat::Press,
            ["0", "9"] => PdfFormat::Lean,
            ["0", "10"] => PdfFormat::Ground,
            ["0", "11" | "12"] => PdfFormat::Symbols,
            ["0", "13"] => PdfFormat::Fitted,
            ["0", "14"] => PdfFormat::Portable,
            ["0", "15"] => PdfFormat::Gridded,
            _ => PdfFormat::GridGlyphs,
        }
    }

    /// Whether the font is cut down to the glyphs the run prints and rows of numbers are set as
    /// one string (housie 0.4 on).
    pub fn compact(self) -> bool {
        self != PdfFormat::Original
    }

    /// Whether barcodes are text in a Type 3 barcode font (housie 0.4 to 0.6).
    pub fn barcode_font(self) -> bool {
        self == PdfFormat::Compact
    }

    /// Whether barcodes are vector bars as wide as the serial line allows, tints are chosen
    /// through the print profile, and a QR code keeps clear of the grid's border (housie 0.7 on).
    pub fn press(self) -> bool {
        self >= PdfFormat::Press
    }

    /// Whether what pages repeat is drawn once per file as shared forms that pages call
    /// (housie 0.9 on).
    pub fn forms(self) -> bool {
        self >= PdfFormat::Lean
    }

    /// Whether each ticket's grid is shaded whole by one form and numbers clear their cells,
    /// and pages are deflated by libdeflate (housie 0.10 on).
    pub fn ground(self) -> bool {
        self >= PdfFormat::Ground
    }

    /// Whether what housie 0.11 brought is in: each row of numbers one form, and shared page
    /// boxes (housie 0.11 on).
    pub fn symbol_font(self) -> bool {
        self >= PdfFormat::Symbols
    }

    /// Whether barcodes are strings in housie's TrueType Code 128 font (housie 0.11 and 0.12).
    /// From 0.13 each symbol is a form of plain fills again: Ghostscript's glyph cache
    /// places a glyph on whole pixels, which at 150 dpi without anti-aliasing moved bars by
    /// a pixel and lost 16 of 600 symbols of a 100-book run. 0.16 brings the font back for
    /// the barcodes on the grid ([`PdfFormat::grid_glyphs`]).
    pub fn barcode_glyphs(self) -> bool {
        self == PdfFormat::Symbols
    }

    /// Whether a barcode on the grid ([`PdfFormat::gridded_barcodes`]) is a string of the
    /// barcode font in the serials' text, a byte a symbol, and not a form call and a move for
    /// each symbol (housie 0.16 on): about 40 bytes of content a barcode, not 290. Its bars
    /// are where 0.15 drew them, 1.32 pt modules from the grid's phase, each a tenth of a
    /// module narrower at each edge ([`super::symbol_font`] says why), and every render reads
    /// them (`tests/it/scan_pages.rs`); 0.12's glyphs, which Ghostscript's 150 dpi render lost
    /// 16 of 600 of, were 0.42 mm modules ending wherever their line ended. A barcode that
    /// does not fit the grid (a booklet's) is drawn as 0.15 drew it.
    pub fn grid_glyphs(self) -> bool {
        self >= PdfFormat::GridGlyphs
    }

    /// Whether the header band stops 3 mm above the cut under the header (housie 0.13 on),
    /// not on it.
    pub fn band_clear_of_cut(self) -> bool {
        self >= PdfFormat::Fitted
    }

    /// Whether barcodes and QR codes are filled in DeviceGray black (`0 g`), not 100 % K
    /// (housie 0.13 on). A 1-bit Ghostscript render takes 100 % K through the CMYK profile to
    /// a dark grey and screens it, and a screened QR code does not decode at any resolution;
    /// DeviceGray black is solid there and K alone on a plate. Codes sit on paper in their
    /// quiet zones, so the knockout DeviceGray brings changes nothing; text and lines, which
    /// cross tints, stay 100 % K overprinting.
    pub fn gray_codes(self) -> bool {
        self >= PdfFormat::Fitted
    }

    /// Whether the serials' `No.` is among the texts whose fallback glyphs are embedded
    /// (housie 0.13 on). A run's font without a Latin `N` (most Indic fonts) has it drawn in
    /// housie's own Liberation Sans, which before was embedded without that glyph: a blank box
    /// printed where `N` belongs, though the text layer still read `No.`.
    pub fn serial_falls_back(self) -> bool {
        self >= PdfFormat::Fitted
    }

    /// Whether a logo is printed at no more than [`crate::print::logo::PRINT_PPI_MAX`]
    /// (housie 0.13 on).
    pub fn fitted_logo(self) -> bool {
        self >= PdfFormat::Fitted
    }

    /// Whether a logo is resampled in whole numbers ([`crate::print::logo::Resampling`]),
    /// the same on every platform (housie 0.14 on); 0.13 resampled it with `image`'s
    /// floating-point Lanczos, whose last bits followed the platform's `sin`.
    pub fn exact_resampling(self) -> bool {
        self >= PdfFormat::Portable
    }

    /// Whether a booklet's footer (`footer.booklet`) is printed in the paper's language as the
    /// header is (housie 0.14 on); before, it stayed in English under a Hindi header.
    pub fn translated_booklet_footer(self) -> bool {
        self >= PdfFormat::Portable
    }

    /// Whether a barcode's module is a whole step of the render grid and its first bar starts
    /// on the grid, counted from the sheet's left edge ([`crate::print::barcode::GRID_H`];
    /// housie 0.15 on). Before, the bars were as wide as the serial line allowed up to 0.42 mm
    /// and ended where it ended, so a renderer without anti-aliasing drew a bar of one module
    /// one pixel or three wide at 120 dpi by where it fell: every barcode on a page with a
    /// bleed and crop marks fell the same wrong way in poppler's bilevel render.
    pub fn gridded_barcodes(self) -> bool {
        self >= PdfFormat::Gridded
    }

    /// Whether the file declares PDF/X (an OutputIntent and the GTS keys).
    pub fn declares_pdfx(self, two_up: bool) -> bool {
        self == PdfFormat::Original || !two_up
    }
}

/// The deflate level of a page's content stream, miniz's before housie 0.10 and libdeflate's
/// from it: see docs/development.md's *Speed* for the measurements behind them.
pub const DEFLATE_LEVEL: u32 = 6;

/// libdeflate's level from housie 0.11, whose pages are a third shorter: level 5 then writes
/// the same size as 6 within a byte, in three quarters of its time.
pub const SYMBOLS_DEFLATE_LEVEL: u32 = 5;

/// Where a page's colours come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// The template's, on every page.
    Template,
    /// Each game's own palette colour for the header band and the blank cells' tint.
    PerGame,
    /// Black only (`--order games`: each game goes on its own coloured paper).
    BlackOnly,
}

/// The colours of one page.
pub struct Look<'a> {
    /// The page's background, if any.
    pub background: Option<Cmyk>,
    /// The header's band, if any.
    pub band: Option<Cmyk>,
    /// The header text's colour.
    pub header_colour: Cmyk,
    /// The blank cells' shade, if any.
    pub shade: Option<Cmyk>,
    /// The game's colour name, for `{colour}` (empty without booklets).
    pub colour_name: &'a str,
}

impl PdfStyle<'_> {
    /// The colours of book `book`'s page.
    pub fn look(&self, book: u64) -> Look<'_> {
        let t = self.template;
        let named = self.numbering.games().is_some();
        let game = self.template.game_colour(self.numbering.game(book));
        let colour_name = if named { game.name.as_str() } else { "" };
        match self.colours {
            Colours::Template => Look {
                background: t.page().background,
                band: t.header().band,
                header_colour: t.header().colour.unwrap_or(Cmyk::BLACK),
                shade: t.ticket().blank_shade,
                colour_name,
            },
            Colours::PerGame => {
                let white = Cmyk([0.0; 4]);
                // White text where it reads well enough on the game's colour, else black.
                let header_colour = if contrast(white, game.colour) >= MIN_CONTRAST { white } else { Cmyk::BLACK };
                Look {
                    background: t.page().background,
                    band: Some(game.colour),
                    header_colour,
                    shade: t.ticket().blank_shade.map(|_| {
                        if self.format.press() {
                            game.press_tint()
                        } else {
                            tint(game.colour)
                        }
                    }),
                    colour_name,
                }
            }
            Colours::BlackOnly => Look {
                background: None,
                band: None,
                header_colour: Cmyk::BLACK,
                shade: t.ticket().blank_shade.map(|_| Cmyk([0.0, 0.0, 0.0, 12.0])),
                colour_name,
            },
        }
    }

    /// Whether the shared form under the tickets (background, a band the same on every page)
    /// has anything in it.
    pub fn has_under(&self) -> bool {
        let (background, band) = self.under_colours();
        background.is_some() || band.is_some()
    }

    /// The background and band that are the same on every page (a game's band is not).
    pub(super) fn under_colours(&self) -> (Option<Cmyk>, Option<Cmyk>) {
        let look = self.look(1);
        (look.background, if self.colours == Colours::PerGame { None } else { look.band })
    }

    /// The footer's text: the subtitle when there is one, else the template's.
    pub fn footer_text(&self) -> &str {
        let footer = &self.template.footer();
        let own = match (self.numbering.games(), &footer.booklet) {
            (Some(_), Some(booklet)) => booklet,
            _ => &footer.text,
        };
        self.subtitle.unwrap_or(own)
    }

    /// The label over each serial, filled (`None` for a template without one).
    pub fn label(&self) -> Option<String> {
        let label = &self.template.ticket().label;
        (!label.is_empty()).then(|| label.replace("{title}", self.title))
    }

    /// The header's right text: the booklet's and game's in a run of booklets.
    pub fn header_right(&self) -> &str {
        if self.numbering.games().is_some() {
            &self.template.header().booklet
        } else {
            &self.template.header().right
        }
    }

    /// The run's text as glyphs: shaped where its script needs it, from housie 0.5 on.
    pub fn typesetter(&self) -> Typesetter<'_> {
        let shaping = !["0.2.", "0.3.", "0.4."].iter().any(|v| self.housie.starts_with(v));
        Typesetter::new(self.font, shaping)
    }

    /// The advance of `text` at `size` points, in points, as it is drawn.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        let t = self.typesetter();
        match t.lay_out(PageText::Other, text) {
            Ok(pieces) => t.width(&pieces, size),
            Err(_) => self.font.width(text, size),
        }
    }

    /// Every shaped run the run's pages can draw (its texts filled for each game's colour),
    /// so that the fonts they are drawn in are cut down to the glyphs they need.
    pub fn shaped_runs(&self) -> Vec<Shaped> {
        let t = self.typesetter();
        if !t.shaping() {
            return Vec::new();
        }
        let games = self.numbering.games().unwrap_or(1);
        let mut runs = Vec::new();
        for game in 1..=games {
            let values = Fill {
                title: self.title,
                book: "0".into(),
                page: 0,
                pages: 0,
                booklet: "0".into(),
                game,
                colour: if self.numbering.games().is_some() { &self.template.game_colour(game).name } else { "" },
                part: 0,
                parts: 0,
            };
            let serial = if self.format.serial_falls_back() {
                format!("{} 0123456789-", self.serial_word)
            } else {
                String::new()
            };
            for text in [&self.template.header().left, self.header_right(), self.footer_text(), &serial] {
                if let Ok(pieces) = t.lay_out(PageText::Other, &fill(text, &values)) {
                    runs.extend(pieces.into_iter().filter_map(|p| match p {
                        Piece::Shaped(s) => Some(s),
                        Piece::Plain(_) => None,
                    }));
                }
            }
        }
        runs
    }

    /// What a ticket's QR code holds: its serial, or its link (`None`: a link without an
    /// address to link to, which [`Self::check_fit`] refuses).
    pub fn qr_text(&self, serial: &crate::domain::Serial) -> Option<String> {
        use crate::print::template::QrHolds;
        match (self.template.ticket().qr.holds, self.player_url) {
            (QrHolds::Link, Some(url)) => {
                // With the ticket's code when it has one and the symbol still holds the link.
                let link = url.link(serial);
                let coded = self.qr_codes.and_then(|codes| (codes.0)(serial)).map(|code| format!("{link}?c={code}"));
                let version = self.template.ticket().qr.version;
                Some(coded.filter(|text| crate::print::barcode::qr_fits(text, version)).unwrap_or(link))
            }
            (QrHolds::Link, None) => None,
            (QrHolds::Serial, _) => Some(serial.to_string()),
        }
    }

    /// Where the header's left text (the title) starts, trim millimetres: after a logo at the
    /// header's left, so the two sit side by side (on the looks whose header has no room in its
    /// middle: two books a page, slips). Before housie 0.14 a logo there with a title beside it
    /// was refused, so no earlier run draws otherwise.
    pub fn header_left_x(&self) -> f32 {
        let g = Geometry::of(self.template);
        match (self.logo, self.logo_box()) {
            (Some((_, l)), Some([x, _, w, _])) if l.position == crate::print::logo::LogoPosition::HeaderLeft => {
                (x + w + crate::print::layout::HEADER_GAP_MM).max(g.left)
            }
            _ => g.left,
        }
    }

    /// The logo's box in trim millimetres (left, bottom, width, height), if there is one.
    pub fn logo_box(&self) -> Option<[f32; 4]> {
        let (logo, l) = self.logo?;
        let g = Geometry::of(self.template);
        Some(match self.format.fitted_logo() {
            true => g.safe_logo(self.template, l.position, |h| logo.width_mm(h), l.height_mm),
            false => g.logo(self.template, l.position, logo.width_mm(l.height_mm), l.height_mm),
        })
    }

    /// Whether colour (a background or header band) runs to the trim edge with no bleed, which
    /// a print shop's cutting turns into white slivers.
    pub fn colour_reaches_trim(&self) -> bool {
        let look = self.look(1);
        self.bleed_mm == 0.0 && (look.background.is_some() || look.band.is_some())
    }

    pub(super) fn page_mm(&self) -> (f32, f32) {
        self.template.page().mm()
    }

    /// The sheet: the page with its bleed and room for marks, mm.
    pub fn media_mm(&self) -> (f32, f32) {
        let (w, h) = self.page_mm();
        (w + 2.0 * self.offset_mm(), h + 2.0 * self.offset_mm())
    }

    /// Where page `page` of a file of `pages` starts across its sheet, hundredths of a point:
    /// 0, or on a 2-up sheet the media's width for the pages of the second half (cut-and-stack
    /// puts them on the right; [`super::file`] draws them there).
    pub fn sheet_x_h(&self, page: u64, pages: u64) -> i64 {
        match self.two_up && page > pages.div_ceil(2) {
            true => self.media_width_h(),
            false => 0,
        }
    }

    /// The media's width, hundredths of a point: how far a 2-up sheet's right-hand page is
    /// moved along ([`super::shared::Shared::page_width_pt`]).
    pub fn media_width_h(&self) -> i64 {
        (self.media_mm().0 * super::content::PT_PER_MM * 100.0).round() as i64
    }

    /// Offset of the trim box inside the media box, mm.
    pub fn offset_mm(&self) -> f32 {
        self.bleed_mm + if self.crop_marks { self.slug_mm() } else { 0.0 }
    }

    /// Room for the crop marks outside the bleed.
    pub(super) fn slug_mm(&self) -> f32 {
        (SLUG_AND_BLEED_MM - self.bleed_mm).max(MIN_SLUG_MM)
    }
}

//! The print-ready PDF: one book per page, six 3 × 9 grids stacked as a strip, each with its
//! serial and barcode on a line above it, a header and footer from the template, cut guides, and
//! for the print shop PDF/X-1a, a bleed, crop marks and correct page boxes.
//!
//! A file is streamed: a head shared by every file of the run (`shared`: document, font,
//! OutputIntent, the furniture forms), then pages as they are drawn (`page`, in parallel by
//! the pipeline), then the page tree and cross-reference table ([`file`]). The same run gives
//! the same bytes: fixed resource names, dates from the run, and the document /ID from the
//! SHA-256 of the file's manifest rows.

pub(crate) mod content;
pub(crate) mod file;
pub mod forms;
mod furniture;
mod page;
pub mod pdfx;
pub(crate) mod shaped_font;
pub(crate) mod shared;
pub mod symbol_font;

pub use file::{deflate, PdfFile, RenderedPage};
/// The forms' resource names, for a reader of a [`Drawing`].
pub use furniture::{OVER, UNDER};
pub use shared::Shared;

use crate::domain::Numbering;
use crate::print::colour::{contrast, Cmyk};
use crate::print::font::Font;
use crate::print::layout::{Geometry, CAP_HEIGHT, HEADER_GAP_MM, MM_PER_PT, SAFE_MM};
use crate::print::logo::Logo;
use crate::print::page_text::PageText;
use crate::print::palette::tint;
use crate::print::template::{fill, Fill, Template, MIN_CONTRAST};
use crate::print::typeset::{Piece, Shaped, Typesetter};
use crate::record::settings::LogoSettings;
use crate::support::date::RunDate;

/// What one page draws, as the PDF carries it: the shared form under the tickets (if any), the
/// page's own content stream (which calls the forms by name) and the form over them. The
/// preview ([`crate::export::svg`]) draws exactly this, so it cannot drift from the print.
pub struct Drawing {
    /// `/U`: background and a band the same on every page.
    pub under: Option<Vec<u8>>,
    /// The page's content stream, uncompressed.
    pub content: Vec<u8>,
    /// `/O`: grid lines, borders, cut guides and crop marks.
    pub over: Vec<u8>,
    /// The lean format's shared forms (numbers, blank cells, barcode symbols, the texts the same
    /// on every page), by name.
    pub forms: std::collections::HashMap<String, Vec<u8>>,
}

/// Page `page` of a file of `pages` pages, as drawn in the PDF.
pub fn drawing(style: &PdfStyle<'_>, page: &crate::print::pages::Page, pages: u64) -> Drawing {
    let mut forms: std::collections::HashMap<String, Vec<u8>> = if style.format.forms() {
        forms::all(style).into_iter().map(|f| (f.name, f.content)).collect()
    } else {
        Default::default()
    };
    if let Some(texts) = page::still_texts(style) {
        forms.insert(forms::TEXTS.to_string(), texts);
    }
    Drawing {
        under: furniture::under(style),
        content: page::content(style, page, pages),
        over: furniture::over(style),
        forms,
    }
}

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
const OVERPRINT: &str = "HOUSIEOP";
const KNOCKOUT: &str = "HOUSIEKO";
/// Registration colour: crop marks print on every plate.
const REGISTRATION: Cmyk = Cmyk([100.0, 100.0, 100.0, 100.0]);

/// Everything about the look that is the same on every page of a run, borrowed from the
/// resolved plan (its settings and its loaded template and font), so it cannot drift from them.
#[derive(Clone, Copy, Debug)]
pub struct PdfStyle<'a> {
    /// The page's look.
    pub template: &'a Template,
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
    /// The logo on every page, and where.
    pub logo: Option<(&'a Logo, &'a LogoSettings)>,
    /// A subtitle, printed in place of the template's footer.
    pub subtitle: Option<&'a str>,
    /// Where phones reach the player page: what a template's QR link starts with.
    pub player_url: Option<&'a crate::domain::PlayerUrl>,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// housie 0.11 on: as ground, with each barcode one string of a TrueType font housie
    /// builds whose glyphs are Code 128's symbols ([`symbol_font`]), instead of a form call and
    /// a move for each symbol.
    Symbols,
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
            _ => PdfFormat::Symbols,
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
        matches!(self, PdfFormat::Press | PdfFormat::Lean | PdfFormat::Ground | PdfFormat::Symbols)
    }

    /// Whether what pages repeat is drawn once per file as shared forms that pages call
    /// (housie 0.9 on).
    pub fn forms(self) -> bool {
        matches!(self, PdfFormat::Lean | PdfFormat::Ground | PdfFormat::Symbols)
    }

    /// Whether each ticket's grid is shaded whole by one form and numbers clear their cells,
    /// and pages are deflated by libdeflate (housie 0.10 on).
    pub fn ground(self) -> bool {
        matches!(self, PdfFormat::Ground | PdfFormat::Symbols)
    }

    /// Whether barcodes are strings in housie's TrueType Code 128 font (housie 0.11 on).
    pub fn symbol_font(self) -> bool {
        self == PdfFormat::Symbols
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

/// Why the look was refused before drawing anything.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StyleError {
    /// The font lacks a glyph the texts need.
    #[error(transparent)]
    Font(#[from] crate::print::font::FontError),
    #[error(
        "the header does not fit on the widest page (book {book}): `{left}` ({left_mm:.1} mm) and `{right}` \
         ({right_mm:.1} mm) need {need_mm:.1} mm with the {HEADER_GAP_MM} mm gap between them, but the header is \
         {width_mm:.1} mm wide"
    )]
    /// The header's two texts would overlap on the widest page.
    HeaderOverlap {
        /// The book.
        book: u64,
        /// The text on the left.
        left: String,
        /// The text on the right.
        right: String,
        /// Its width, in millimetres.
        left_mm: f32,
        /// Its width, in millimetres.
        right_mm: f32,
        /// The room it needs between them, in millimetres.
        need_mm: f32,
        /// The room there is, in millimetres.
        width_mm: f32,
    },
    #[error(
        "{what} comes within {distance_mm:.1} mm of the trim on the widest page (book {book}); everything but \
         colour must stay at least {SAFE_MM} mm inside it"
    )]
    /// Something but colour is closer to the trim than the safe zone allows.
    OutsideSafeZone {
        /// Which text.
        what: PageText,
        /// The book.
        book: u64,
        /// How far inside the trim it is, in millimetres.
        distance_mm: f32,
    },
    /// Right-to-left text, which would print reversed.
    #[error(
        "{what} contains right-to-left text ({ch:?}, U+{code:04X}); housie lays out left-to-right only and \
         would print it reversed, so it refuses it"
    )]
    RightToLeft {
        /// Which text.
        what: PageText,
        /// The character.
        ch: char,
        /// Its code point.
        code: u32,
    },
    /// The tickets' QR codes cannot hold what the template asks of them (no `--player-url`,
    /// or a link too long for the template's QR version).
    #[error("{0}")]
    PlayerUrl(String),
    /// The logo does not fit where it was put.
    #[error("the logo {problem}")]
    Logo {
        /// What is wrong.
        problem: String,
    },
    /// A character no page should carry: a control character, a bidirectional control, or a
    /// Unicode noncharacter (U+FFFF and its kin), which fonts draw as an empty box.
    #[error("{what} contains U+{code:04X} ({why}), which cannot be printed; remove it")]
    Unprintable {
        /// Which text.
        what: PageText,
        /// Its code point.
        code: u32,
        /// Why it cannot be printed.
        why: &'static str,
    },
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
    fn under_colours(&self) -> (Option<Cmyk>, Option<Cmyk>) {
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
            for text in [&self.template.header().left, self.header_right(), self.footer_text()] {
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

    /// Checks that the font can draw every character this run will need, left to right.
    pub fn check(&self) -> Result<(), StyleError> {
        self.check_texts()?;
        if self.format.compact() {
            self.font.subset(&self.font.glyphs(&self.printed_chars()).collect())?;
        }
        Ok(())
    }

    /// Every character the run can print, once each, in order: the template's texts, the
    /// title, digits, the serials' `No. ` and hyphen (and for booklets, the colours' names).
    pub fn printed_chars(&self) -> String {
        let t = self.template;
        let mut chars: std::collections::BTreeSet<char> = "0123456789No. -".chars().collect();
        if t.layout().books_per_page() > 1 {
            chars.insert('–'); // "Book 1–2" on a page of two
        }
        let mut texts = vec![self.title, &t.header().left, &t.header().right, self.footer_text()];
        if self.numbering.games().is_some() {
            texts.push(&t.header().booklet);
            texts.extend(t.palette().iter().map(|p| p.name.as_str()));
        }
        for text in texts {
            chars.extend(text.chars().filter(|c| !c.is_control()));
        }
        chars.into_iter().filter(|&c| self.font.glyphs(&c.to_string()).next().is_some()).collect()
    }

    fn check_texts(&self) -> Result<(), StyleError> {
        let f = &self.font;
        let typesetter = self.typesetter();
        let t = &self.template;
        for (what, text) in [
            (PageText::Title, self.title),
            (PageText::HeaderLeft, &t.header().left),
            (PageText::HeaderRight, &t.header().right),
            (PageText::FooterText, &t.footer().text),
            (PageText::Subtitle, self.subtitle.unwrap_or_default()),
            (PageText::HeaderBooklet, &t.header().booklet),
        ] {
            left_to_right(what, text)?;
            printable(what, text)?;
            typesetter.lay_out(what, text)?;
        }
        f.check(PageText::Serials, "0123456789-")?;
        if t.layout().books_per_page() > 1 {
            f.check(PageText::TwoBooksHeader, "–")?;
        }
        if self.numbering.games().is_some() {
            for entry in t.palette() {
                left_to_right(PageText::PaletteName, &entry.name)?;
                typesetter.lay_out(PageText::PaletteName, &entry.name)?;
            }
        }
        Ok(())
    }

    /// Measures the header and footer with the font's advance widths on the widest page of the
    /// run (the book number with most digits, the last page of the fullest file), and refuses
    /// text that would overlap or come within [`SAFE_MM`] of the trim.
    pub fn check_fit(&self, last_book: u64, pages: u64) -> Result<(), StyleError> {
        self.check_qr(last_book)?;
        // Every game's colour name in turn, with the last booklet's number.
        let games = self.numbering.games().unwrap_or(1);
        for game in 1..=games {
            let book = self.numbering.book(self.numbering.booklet(last_book), game).unwrap_or(last_book);
            self.check_fit_at(book, game, pages)?;
        }
        Ok(())
    }

    fn check_fit_at(&self, last_book: u64, game: u16, pages: u64) -> Result<(), StyleError> {
        let t = self.template;
        let g = Geometry::of(t);
        // A page of two books names both; large print names its part.
        let two = |n: u64| {
            if self.template.layout().books_per_page() > 1 {
                format!("{}–{n}", n.saturating_sub(1).max(1))
            } else {
                n.to_string()
            }
        };
        let parts = self.template.layout().pages_per_book();
        let values = Fill {
            title: self.title,
            book: two(last_book),
            page: pages,
            pages,
            booklet: two(self.numbering.booklet(last_book)),
            game,
            colour: if self.numbering.games().is_some() { &self.template.game_colour(game).name } else { "" },
            part: parts,
            parts,
        };
        let mm = |text: &str, size: f32| self.text_width(text, size) * MM_PER_PT;
        let (left, right) = (fill(&t.header().left, &values), fill(self.header_right(), &values));
        let (left_mm, right_mm) = (mm(&left, t.header().size), mm(&right, t.header().size));
        let gap = if left.is_empty() || right.is_empty() { 0.0 } else { HEADER_GAP_MM };
        let width_mm = g.right - g.left;
        if left_mm + right_mm + gap > width_mm + 0.01 {
            let need_mm = left_mm + right_mm + gap;
            // A text of any length is named by its start: the error stays one line.
            return Err(StyleError::HeaderOverlap {
                book: last_book,
                left: crate::domain::text::clip(&left, 60),
                right: crate::domain::text::clip(&right, 60),
                left_mm,
                right_mm,
                need_mm,
                width_mm,
            });
        }
        let outside =
            |what: PageText, distance_mm: f32| Err(StyleError::OutsideSafeZone { what, book: last_book, distance_mm });
        let edge = g.left.min(g.w - g.right);
        if edge < SAFE_MM {
            return outside(PageText::TicketsAndHeader, edge);
        }
        // A QR code beside the grid reaches past it: the room beside less its outer quiet zone.
        let room = t.ticket().qr_room();
        if room > 0.0 {
            let quiet = crate::print::barcode::QR_QUIET_MODULES as f32 * t.ticket().qr.module;
            let border = t.ticket().border_width * MM_PER_PT / 2.0;
            let edge = g.w - (g.right + border + room - quiet);
            if edge < SAFE_MM {
                return outside(PageText::QrCode, edge);
            }
        }
        let header_top = g.header_base + t.header().size * CAP_HEIGHT * MM_PER_PT;
        if !(left.is_empty() && right.is_empty()) && g.h - header_top < SAFE_MM {
            return outside(PageText::Header, g.h - header_top);
        }
        let footer = fill(self.footer_text(), &values);
        if let Some([x, y, w, h]) = self.logo_box() {
            let (area, texts) = if self.logo.is_some_and(|(_, l)| l.position.in_header()) {
                let texts = [(g.left, g.left + left_mm, left.as_str()), (g.right - right_mm, g.right, right.as_str())];
                (t.header().height, texts.to_vec())
            } else {
                let half = mm(&footer, t.footer().size) / 2.0;
                (t.footer().height, vec![(g.w / 2.0 - half, g.w / 2.0 + half, footer.as_str())])
            };
            if h > area + 0.01 {
                let where_ = if area == t.header().height { "header" } else { "footer" };
                return Err(StyleError::Logo {
                    problem: format!("is {h} mm high, but the {where_} is {area} mm high; make it smaller"),
                });
            }
            for (a, b, text) in texts.into_iter().filter(|(_, _, text)| !text.is_empty()) {
                if x < b + HEADER_GAP_MM && a < x + w + HEADER_GAP_MM {
                    return Err(StyleError::Logo {
                        problem: format!(
                            "({w:.1} mm wide) overlaps `{text}` (book {last_book}); put it elsewhere or make it smaller"
                        ),
                    });
                }
            }
            if x < SAFE_MM || g.w - (x + w) < SAFE_MM || y < SAFE_MM || g.h - (y + h) < SAFE_MM {
                return outside(PageText::Logo, x.min(g.w - x - w).min(y).min(g.h - y - h));
            }
        }
        if !footer.is_empty() {
            let half = mm(&footer, t.footer().size) / 2.0;
            let distance = (g.w / 2.0 - half).min(g.footer_base);
            if distance < SAFE_MM {
                return outside(PageText::Footer, distance);
            }
        }
        Ok(())
    }

    /// A template whose QR codes hold a link has an address to link to, and the longest serial's
    /// link fits its QR version.
    fn check_qr(&self, last_book: u64) -> Result<(), StyleError> {
        use crate::print::template::Barcode;
        let (tk, q) = (&self.template.ticket(), &self.template.ticket().qr);
        if tk.barcode != Barcode::Qr {
            return Ok(());
        }
        // The run's last book has its longest serial (in booklets, the last game's).
        let serial = self.numbering.serial(last_book, 6).expect("book numbers start at 1");
        let Some(text) = self.qr_text(&serial) else {
            return Err(StyleError::PlayerUrl(format!(
                "template `{}` prints a QR code that opens each ticket on a phone: give the address phones will \
                 reach housie serve at on the night, e.g. http://192.168.1.20:8080",
                self.template.name()
            )));
        };
        if crate::print::barcode::qr_runs(&text, q.version).is_none() {
            return Err(StyleError::PlayerUrl(format!(
                "`{text}` ({} characters) is too long for the version-{} QR codes of template `{}`; use a shorter \
                 address (an IP address and port, say)",
                text.chars().count(),
                q.version,
                self.template.name()
            )));
        }
        Ok(())
    }

    /// What a ticket's QR code holds: its serial, or its link (`None`: a link without an
    /// address to link to, which [`Self::check_fit`] refuses).
    pub fn qr_text(&self, serial: &crate::domain::Serial) -> Option<String> {
        use crate::print::template::QrHolds;
        match (self.template.ticket().qr.holds, self.player_url) {
            (QrHolds::Link, Some(url)) => Some(url.link(serial)),
            (QrHolds::Link, None) => None,
            (QrHolds::Serial, _) => Some(serial.to_string()),
        }
    }

    /// The logo's box in trim millimetres (left, bottom, width, height), if there is one.
    pub fn logo_box(&self) -> Option<[f32; 4]> {
        let (logo, l) = self.logo?;
        let g = Geometry::of(self.template);
        Some(g.logo(self.template, l.position, logo.width_mm(l.height_mm), l.height_mm))
    }

    /// Whether colour (a background or header band) runs to the trim edge with no bleed, which
    /// a print shop's cutting turns into white slivers.
    pub fn colour_reaches_trim(&self) -> bool {
        let look = self.look(1);
        self.bleed_mm == 0.0 && (look.background.is_some() || look.band.is_some())
    }

    /// When the grids (with their borders) or serial lines come within [`SAFE_MM`] of a cut
    /// between tickets, where a wandering guillotine trims them: what to say. A warning, not a
    /// refusal, so runs made with such a template still regenerate (housie 0.7's `classic`
    /// left 2.0 mm).
    pub fn cut_too_close(&self) -> Option<String> {
        let (t, g) = (self.template, Geometry::of(self.template));
        let border = t.ticket().border_width * MM_PER_PT / 2.0;
        let mut nearest = g.inset - border;
        if g.columns > 1 {
            nearest = nearest.min((g.column_width - t.ticket().width) / 2.0 - border);
        }
        (nearest < SAFE_MM - 0.005).then(|| {
            format!(
                "the tickets come within {nearest:.1} mm of the cuts between them, where a print shop keeps {SAFE_MM} mm \
                 clear; leave {:.1} mm between tickets (shorter grids, or ticket.gap)",
                2.0 * (SAFE_MM + border)
            )
        })
    }

    fn page_mm(&self) -> (f32, f32) {
        self.template.page().size.mm()
    }

    /// The sheet: the page with its bleed and room for marks, mm.
    pub fn media_mm(&self) -> (f32, f32) {
        let (w, h) = self.page_mm();
        (w + 2.0 * self.offset_mm(), h + 2.0 * self.offset_mm())
    }

    /// Offset of the trim box inside the media box, mm.
    pub fn offset_mm(&self) -> f32 {
        self.bleed_mm + if self.crop_marks { self.slug_mm() } else { 0.0 }
    }

    /// Room for the crop marks outside the bleed.
    fn slug_mm(&self) -> f32 {
        (SLUG_AND_BLEED_MM - self.bleed_mm).max(MIN_SLUG_MM)
    }
}

/// Refuses a character that would print as an empty box or steer the text: a control or
/// bidirectional control ([`crate::domain::text::forbidden`]) or a Unicode noncharacter.
fn printable(what: PageText, text: &str) -> Result<(), StyleError> {
    let noncharacter = |c: char| matches!(c as u32, 0xFDD0..=0xFDEF) || (c as u32) & 0xFFFE == 0xFFFE;
    for c in text.chars() {
        let why = match crate::domain::text::forbidden(c) {
            Some(why) => why,
            None if noncharacter(c) => "a Unicode noncharacter",
            None => continue,
        };
        return Err(StyleError::Unprintable { what, code: c as u32, why });
    }
    Ok(())
}

/// Refuses text with a strong right-to-left character (Hebrew, Arabic, …): drawn glyph by glyph
/// left to right it would read backwards.
fn left_to_right(what: PageText, text: &str) -> Result<(), StyleError> {
    use unicode_bidi::{bidi_class, BidiClass};
    match text.chars().find(|&c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL)) {
        None => Ok(()),
        Some(ch) => Err(StyleError::RightToLeft { what, ch, code: ch as u32 }),
    }
}

//! The checks a look passes before anything is drawn: every text printable in its font and
//! left to right, the header's texts apart, everything but colour inside the safe zone on the
//! widest page, a QR code that holds its link, and a logo that fits.

use super::style::PdfStyle;
use crate::print::layout::{Geometry, CAP_HEIGHT, HEADER_GAP_MM, MM_PER_PT, SAFE_MM};
use crate::print::page_text::PageText;
use crate::print::template::{fill, Fill};

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
        /// Which text makes the left one long: the title, or the template's own words.
        what: PageText,
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
    /// The tickets' QR codes open each ticket on a phone, and no address was given for them.
    #[error(
        "template `{template}` prints a QR code that opens each ticket on a phone: give the address phones will \
         reach housie serve at on the night, e.g. http://192.168.1.20:8080"
    )]
    PlayerUrlMissing {
        /// The template.
        template: String,
    },
    /// A ticket's link is too long for the template's QR codes.
    #[error(
        "`{link}` ({chars} characters) is too long for the version-{version} QR codes of template `{template}`; use a \
         shorter address (an IP address and port, say)"
    )]
    PlayerUrlTooLong {
        /// The longest serial's link.
        link: String,
        /// Its length.
        chars: usize,
        /// The template's QR version.
        version: u8,
        /// The template.
        template: String,
    },
    /// The logo does not fit where it was put.
    #[error("the logo {misfit}")]
    Logo {
        /// How it does not fit.
        misfit: LogoMisfit,
    },
    /// A slip's label (the title on every ticket) wider than the ticket has room for.
    #[error(
        "{what}, printed on every ticket as `{label}`, is {width_mm:.1} mm wide, but a ticket has room for \
         {room_mm:.1} mm; shorten it"
    )]
    LabelTooWide {
        /// Which text makes the label long: the title, or the template's own words.
        what: PageText,
        /// The label as printed.
        label: String,
        /// Its width, mm.
        width_mm: f32,
        /// The room beside the QR code, mm.
        room_mm: f32,
    },
    /// A footer text (a subtitle) centred where a guillotine cuts between columns of tickets.
    #[error(
        "{what} would print across the cut between the columns of tickets, where this look has no footer; \
         put it in the title, or choose a look with one column of tickets"
    )]
    FooterOnCut {
        /// Which text.
        what: PageText,
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

/// How a logo does not fit where it was put.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LogoMisfit {
    /// Taller than its band.
    #[error("is {asked} mm high, but the {} is {area} mm high; make it smaller", if *.header { "header" } else { "footer" })]
    TooHigh {
        /// Asked, mm.
        asked: f32,
        /// Whether its band is the header (else the footer).
        header: bool,
        /// The band's height, mm.
        area: f32,
    },
    /// Over a text of its band.
    #[error("({width_mm:.1} mm wide) overlaps `{text}` (book {book}); put it elsewhere or make it smaller")]
    Overlaps {
        /// Its width, mm.
        width_mm: f32,
        /// The text.
        text: String,
        /// The book whose text it is.
        book: u64,
    },
    /// Across the cut between columns of tickets.
    #[error("crosses the cut between the columns of tickets; put it at the left or the right")]
    OnCut,
}

impl PdfStyle<'_> {
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
        chars.extend(self.serial_word.chars());
        chars.extend(t.card_format().heads().iter().flat_map(|head| head.chars()));
        if t.layout().books_per_page() > 1 {
            chars.insert('–'); // "Book 1–2" on a page of two
        }
        let mut texts = vec![self.title, &t.header().left, &t.header().right, self.footer_text(), &t.ticket().label];
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
            (PageText::Serials, self.serial_word),
            (PageText::Label, &t.ticket().label),
        ] {
            left_to_right(what, text)?;
            printable(what, text, self.format.fitted_logo())?;
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
        self.check_label()?;
        // Every game's colour name in turn, with the last booklet's number.
        let games = self.numbering.games().unwrap_or(1);
        for game in 1..=games {
            let book = self.numbering.book(self.numbering.booklet(last_book), game).unwrap_or(last_book);
            self.check_fit_at(book, game, pages)?;
        }
        Ok(())
    }

    /// A slip's label fits beside the QR code on every ticket.
    fn check_label(&self) -> Result<(), StyleError> {
        let Some(label) = self.label() else { return Ok(()) };
        let tk = self.template.ticket();
        let (width_mm, room_mm) = (self.text_width(&label, tk.label_size) * MM_PER_PT, tk.label_room());
        if width_mm > room_mm {
            let what = if tk.label.contains("{title}") { PageText::Title } else { PageText::Label };
            return Err(StyleError::LabelTooWide { what, label, width_mm, room_mm });
        }
        Ok(())
    }

    fn check_fit_at(&self, last_book: u64, game: u16, pages: u64) -> Result<(), StyleError> {
        let values = self.values_at(last_book, game, pages);
        let g = Geometry::of(self.template);
        let header = self.check_header(&g, &values, last_book)?;
        self.check_edges(&g, last_book, &header)?;
        let footer = fill(self.footer_text(), &values);
        self.check_logo(&g, last_book, &header, &footer)?;
        if !footer.is_empty() {
            let half = self.text_width(&footer, self.template.footer().size) * MM_PER_PT / 2.0;
            // A guillotine cuts between columns of tickets the whole sheet long (0.13 on).
            let centre = g.w / 2.0;
            let on_a_cut =
                g.column_cuts().into_iter().any(|c| centre - half - SAFE_MM < c && c < centre + half + SAFE_MM);
            if self.format.band_clear_of_cut() && on_a_cut {
                let what = if self.subtitle.is_some() { PageText::Subtitle } else { PageText::Footer };
                return Err(StyleError::FooterOnCut { what });
            }
            let distance = (g.w / 2.0 - half).min(g.footer_base);
            if distance < SAFE_MM {
                return Err(StyleError::OutsideSafeZone {
                    what: PageText::Footer,
                    book: last_book,
                    distance_mm: distance,
                });
            }
        }
        Ok(())
    }

    /// The placeholders' values on the page of `last_book` in game `game`: a page of two books
    /// names both; large print names its part.
    fn values_at(&self, last_book: u64, game: u16, pages: u64) -> Fill<'_> {
        let two = |n: u64| {
            if self.template.layout().books_per_page() > 1 {
                format!("{}–{n}", n.saturating_sub(1).max(1))
            } else {
                n.to_string()
            }
        };
        let parts = self.template.layout().pages_per_book();
        Fill {
            title: self.title,
            book: two(last_book),
            page: pages,
            pages,
            booklet: two(self.numbering.booklet(last_book)),
            game,
            colour: if self.numbering.games().is_some() { &self.template.game_colour(game).name } else { "" },
            part: parts,
            parts,
        }
    }

    /// The header's two texts and their widths (mm), refused when they would overlap.
    fn check_header(&self, g: &Geometry, values: &Fill<'_>, last_book: u64) -> Result<HeaderTexts, StyleError> {
        let t = self.template;
        let mm = |text: &str, size: f32| self.text_width(text, size) * MM_PER_PT;
        let (left, right) = (fill(&t.header().left, values), fill(self.header_right(), values));
        let (left_mm, right_mm) = (mm(&left, t.header().size), mm(&right, t.header().size));
        let gap = if left.is_empty() || right.is_empty() { 0.0 } else { HEADER_GAP_MM };
        // A logo at the header's left takes the room before the title.
        let logo_mm = if left.is_empty() { 0.0 } else { self.header_left_x() - g.left };
        let width_mm = g.right - g.left;
        if logo_mm + left_mm + right_mm + gap > width_mm + 0.01 {
            let need_mm = logo_mm + left_mm + right_mm + gap;
            // A text of any length is named by its start: the error stays one line.
            let what = if t.header().left.contains("{title}") { PageText::Title } else { PageText::HeaderLeft };
            return Err(StyleError::HeaderOverlap {
                what,
                book: last_book,
                left: crate::domain::text::clip(&left, 60),
                right: crate::domain::text::clip(&right, 60),
                left_mm,
                right_mm,
                need_mm,
                width_mm,
            });
        }
        Ok(HeaderTexts { left, right, left_mm, right_mm })
    }

    /// The tickets, a QR code beside the grid and the header inside the safe zone.
    fn check_edges(&self, g: &Geometry, last_book: u64, header: &HeaderTexts) -> Result<(), StyleError> {
        let t = self.template;
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
        // From 0.13 the band stops 3 mm above the cut under the header, so a text's descenders
        // (a fifth of its size in Liberation Sans) keep that far from the cut too.
        let header_low = g.header_base - 0.21 * t.header().size * MM_PER_PT - g.header_bottom;
        let texts = !(header.left.is_empty() && header.right.is_empty());
        if self.format.band_clear_of_cut() && texts && header_low < SAFE_MM {
            return outside(PageText::Header, header_low);
        }
        let header_top = g.header_base + t.header().size * CAP_HEIGHT * MM_PER_PT;
        if !(header.left.is_empty() && header.right.is_empty()) && g.h - header_top < SAFE_MM {
            return outside(PageText::Header, g.h - header_top);
        }
        Ok(())
    }

    /// The logo fits its band, clear of the texts beside it and inside the safe zone.
    fn check_logo(&self, g: &Geometry, last_book: u64, header: &HeaderTexts, footer: &str) -> Result<(), StyleError> {
        let Some([x, y, w, h]) = self.logo_box() else { return Ok(()) };
        let t = self.template;
        let (area, texts) = if self.logo.is_some_and(|(_, l)| l.position.in_header()) {
            let left = self.header_left_x();
            let texts = [
                (left, left + header.left_mm, header.left.as_str()),
                (g.right - header.right_mm, g.right, header.right.as_str()),
            ];
            (t.header().height, texts.to_vec())
        } else {
            let half = self.text_width(footer, t.footer().size) * MM_PER_PT / 2.0;
            (t.footer().height, vec![(g.w / 2.0 - half, g.w / 2.0 + half, footer)])
        };
        // As asked: from 0.13 a logo that fits its band is drawn shorter where the safe zone
        // needs it, but one taller than the band is refused, as before.
        let asked = self.logo.map_or(h, |(_, l)| l.height_mm);
        if asked > area + 0.01 {
            let header = area == t.header().height;
            return Err(StyleError::Logo { misfit: LogoMisfit::TooHigh { asked, header, area } });
        }
        for (a, b, text) in texts.into_iter().filter(|(_, _, text)| !text.is_empty()) {
            if x < b + HEADER_GAP_MM && a < x + w + HEADER_GAP_MM {
                let (text, book) = (text.to_string(), last_book);
                return Err(StyleError::Logo { misfit: LogoMisfit::Overlaps { width_mm: w, text, book } });
            }
        }
        // A guillotine cuts between columns of tickets the whole sheet long (0.13 on).
        let on_a_cut = g.column_cuts().into_iter().any(|c| x - SAFE_MM < c && c < x + w + SAFE_MM);
        if self.format.fitted_logo() && on_a_cut {
            return Err(StyleError::Logo { misfit: LogoMisfit::OnCut });
        }
        if x < SAFE_MM || g.w - (x + w) < SAFE_MM || y < SAFE_MM || g.h - (y + h) < SAFE_MM {
            let distance_mm = x.min(g.w - x - w).min(y).min(g.h - y - h);
            return Err(StyleError::OutsideSafeZone { what: PageText::Logo, book: last_book, distance_mm });
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
            return Err(StyleError::PlayerUrlMissing { template: self.template.name().to_string() });
        };
        if crate::print::barcode::qr_runs(&text, q.version).is_none() {
            return Err(StyleError::PlayerUrlTooLong {
                chars: text.chars().count(),
                link: text,
                version: q.version,
                template: self.template.name().to_string(),
            });
        }
        Ok(())
    }

    /// When the grids (with their borders) or serial lines come within [`SAFE_MM`] of a cut
    /// between tickets, where a wandering guillotine trims them: how near they come, and the
    /// room to leave between tickets, mm. A warning, not a refusal, so runs made with such a
    /// template still regenerate (housie 0.7's `classic` left 2.0 mm).
    pub fn cut_too_close(&self) -> Option<(f32, f32)> {
        let (t, g) = (self.template, Geometry::of(self.template));
        let border = t.ticket().border_width * MM_PER_PT / 2.0;
        let mut nearest = g.inset - border;
        if g.columns > 1 {
            nearest = nearest.min((g.column_width - t.ticket().width) / 2.0 - border);
        }
        (nearest < SAFE_MM - 0.005).then_some((nearest, 2.0 * (SAFE_MM + border)))
    }
}

/// Refuses a character that would print as an empty box or steer the text: a control or
/// bidirectional control ([`crate::domain::text::forbidden`]) or a Unicode noncharacter; and
/// from housie 0.13 (`invisible`), one that prints as nothing, such as a zero-width space
/// ([`crate::domain::text::forbidden_in_name`]), which would make two titles that read alike
/// differ. Earlier runs regenerate as they printed.
fn printable(what: PageText, text: &str, invisible: bool) -> Result<(), StyleError> {
    let noncharacter = |c: char| matches!(c as u32, 0xFDD0..=0xFDEF) || (c as u32) & 0xFFFE == 0xFFFE;
    for c in text.chars() {
        let refused =
            if invisible { crate::domain::text::forbidden_in_name(c) } else { crate::domain::text::forbidden(c) };
        let why = match refused {
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

/// The header's texts on the widest page, and their widths in millimetres.
struct HeaderTexts {
    left: String,
    right: String,
    left_mm: f32,
    right_mm: f32,
}

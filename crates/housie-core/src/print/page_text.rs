//! Which text of the page a problem is about: the organiser's own (the title, the subtitle),
//! the template's, or what housie prints (serials, headers of two books). Errors name it by
//! this, never by their English words, so the CLI can name a flag and the studio a field.

use std::fmt;

/// A text, or a part, of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PageText {
    /// The event's title.
    Title,
    /// The line printed in place of the template's footer.
    Subtitle,
    /// The template's `header.left`.
    HeaderLeft,
    /// The template's `header.right`.
    HeaderRight,
    /// The template's `footer.text`.
    FooterText,
    /// The template's `header.booklet`.
    HeaderBooklet,
    /// A palette colour's name.
    PaletteName,
    /// The template's `ticket.label`.
    Label,
    /// The serials.
    Serials,
    /// The header of a page of two books (`1–2`).
    TwoBooksHeader,
    /// The tickets and the header, as placed.
    TicketsAndHeader,
    /// The QR code beside each grid.
    QrCode,
    /// The header, as placed.
    Header,
    /// The logo, as placed.
    Logo,
    /// The footer, as placed.
    Footer,
    /// A text not of a run's pages (a cash-up's line).
    Other,
}

impl fmt::Display for PageText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PageText::Title => "the title",
            PageText::Subtitle => "the subtitle",
            PageText::HeaderLeft => "the template's header.left",
            PageText::HeaderRight => "the template's header.right",
            PageText::FooterText => "the template's footer.text",
            PageText::HeaderBooklet => "the template's header.booklet",
            PageText::PaletteName => "a palette colour's name",
            PageText::Label => "the template's ticket.label",
            PageText::Serials => "serials",
            PageText::TwoBooksHeader => "a page of two books' header (`1–2`)",
            PageText::TicketsAndHeader => "the tickets and the header",
            PageText::QrCode => "the QR code beside each grid",
            PageText::Header => "the header",
            PageText::Logo => "the logo",
            PageText::Footer => "the footer",
            PageText::Other => "a text",
        })
    }
}

//! The print-ready PDF: one book per page, six 3 × 9 grids stacked as a strip, each with its
//! serial and barcode on a line above it, a header and footer from the template, cut guides, and
//! for the print shop PDF/X-1a, a bleed, crop marks and correct page boxes.
//!
//! A file is streamed: a head shared by every file of the run (`shared`: document, font,
//! OutputIntent, the furniture forms), then pages as they are drawn (`page`, in parallel by
//! the pipeline), then the page tree and cross-reference table ([`file`]). The same run gives
//! the same bytes: fixed resource names, dates from the run, and the document /ID from the
//! SHA-256 of the file's manifest rows.

mod check;
mod codes;
pub(crate) mod content;
pub(crate) mod file;
pub mod forms;
mod furniture;
mod page;
pub mod pdfx;
pub(crate) mod shaped_font;
pub(crate) mod shared;
mod style;
pub mod symbol_font;

pub use check::{LogoMisfit, StyleError};
pub use file::{deflate, PdfFile, RenderedPage};
/// The forms' resource names, for a reader of a [`Drawing`].
pub use furniture::{OVER, UNDER};
pub use shared::Shared;
pub use style::{
    Colours, Look, PdfFormat, PdfStyle, QrCodes, BARCODE_FONT_ID, DEFLATE_LEVEL, FONT_ID, LOGO_ID, SHAPED_FONT_IDS,
    SYMBOLS_DEFLATE_LEVEL,
};

/// What one page draws, as the PDF carries it: the shared form under the tickets (if any), the
/// page's own content stream (which calls the forms by name) and the form over them. The
/// preview (`picture::svg`) draws exactly this, so it cannot drift from the print.
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
        forms::all(style, codes::symbol_forms(style)).into_iter().map(|f| (f.name, f.content)).collect()
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

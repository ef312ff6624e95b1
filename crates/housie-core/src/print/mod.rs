//! Printing: the template (the page's look, checked to fit), the font (checked glyph by glyph),
//! a logo (decoded within limits, its colours converted for print), and where each book lands on paper. The PDF itself is an output, in [`crate::export::pdf`].

pub mod barcode;
pub mod cff;
pub mod colour;
pub mod font;
pub mod layout;
pub mod logo;
pub mod page_text;
pub mod pages;
pub mod palette;
pub mod profile;
pub mod proof;
mod shrunk_png;
pub mod template;
pub mod typeset;

//! The run's pages as pictures for screens and phones: SVG (the studio's live preview) and PNG
//! (booklets sent as images), both drawn from the PDF page's own drawing, so a picture is the
//! print.

pub mod png;
pub mod svg;

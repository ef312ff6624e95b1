//! Pages as a PNG picture: tickets for players who get them by message (`export --png`). It is the page's SVG
//! ([`super::svg`], itself read off the PDF page) rendered by resvg, so the picture is the print.

use crate::export::pdf::PdfStyle;
use crate::print::pages::Page;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The page's SVG did not parse (a bug: housie wrote it).
    #[error("the page's picture could not be drawn: {0}")]
    Svg(String),
    /// The picture would be empty or too large.
    #[error("a page at {dpi} dpi would be {width} × {height} pixels; choose 30 to 600 dpi")]
    Size {
        /// Dots per inch asked for.
        dpi: u32,
        /// Width, pixels.
        width: u32,
        /// Height, pixels.
        height: u32,
    },
}

/// `pages` (of a file of `total` pages) as one PNG at `dpi` dots per inch, one under the
/// other: a booklet as one picture to send by message.
pub fn pages(style: &PdfStyle<'_>, pages: &[Page], total: u64, dpi: u32) -> Result<Vec<u8>, PngError> {
    let rendered = pages
        .iter()
        .map(|p| pixmap(&super::svg::page(style, p, total, &format!("page {}", p.page)), dpi))
        .collect::<Result<Vec<_>, _>>()?;
    let width = rendered.iter().map(|p| p.width()).max().unwrap_or(1);
    let height: u32 = rendered.iter().map(|p| p.height()).sum();
    let mut sheet = resvg::tiny_skia::Pixmap::new(width, height.max(1)).ok_or(PngError::Size { dpi, width, height })?;
    let mut y = 0;
    for p in &rendered {
        let paint = resvg::tiny_skia::PixmapPaint::default();
        sheet.draw_pixmap(0, y as i32, p.as_ref(), &paint, resvg::tiny_skia::Transform::identity(), None);
        y += p.height();
    }
    sheet.encode_png().map_err(|e| PngError::Svg(e.to_string()))
}

/// Renders housie's page SVG at `dpi` (its units are millimetres) as PNG.
pub fn render(svg: &str, dpi: u32) -> Result<Vec<u8>, PngError> {
    pixmap(svg, dpi)?.encode_png().map_err(|e| PngError::Svg(e.to_string()))
}

fn pixmap(svg: &str, dpi: u32) -> Result<resvg::tiny_skia::Pixmap, PngError> {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).map_err(|e| PngError::Svg(e.to_string()))?;
    // usvg reads `mm` at 96 px to the inch.
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    let mut pixmap = (30..=600)
        .contains(&dpi)
        .then(|| resvg::tiny_skia::Pixmap::new(width, height))
        .flatten()
        .ok_or(PngError::Size { dpi, width, height })?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(pixmap)
}

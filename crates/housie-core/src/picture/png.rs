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
/// other, written to `out`: a booklet as one picture to send by message. Drawn a page at a time
/// and streamed row by row into the PNG, so a 99-game booklet at 600 dpi needs one page's
/// pixels in memory, not the picture's.
pub fn write_pages<W: std::io::Write>(
    style: &PdfStyle<'_>,
    pages: &[Page],
    total: u64,
    dpi: u32,
    out: &mut W,
) -> Result<(), PngError> {
    let svg = |p: &Page| super::svg::page(style, p, total, &format!("page {}", p.page));
    let sizes = pages.iter().map(|p| size(&tree(&svg(p))?, dpi)).collect::<Result<Vec<_>, _>>()?;
    let width = sizes.iter().map(|s| s.0).max().unwrap_or(1);
    let height = sizes.iter().map(|s| s.1).try_fold(0u32, u32::checked_add);
    // PNG's own bound on a side; the pixels are never all in memory at once.
    let height = height.filter(|&h| h > 0 && h <= i32::MAX as u32);
    let height = height.ok_or(PngError::Size { dpi, width, height: sizes.iter().map(|s| s.1).sum() })?;
    let broken = |e: png::EncodingError| PngError::Svg(e.to_string());
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(broken)?;
    let mut stream = writer.stream_writer().map_err(broken)?;
    let mut row = vec![255u8; width as usize * 3];
    for p in pages {
        let pixmap = pixmap(&svg(p), dpi)?;
        for y in 0..pixmap.height() as usize {
            let line = &pixmap.data()[y * pixmap.width() as usize * 4..(y + 1) * pixmap.width() as usize * 4];
            // Opaque on white, so the premultiplied pixels are the pixels.
            for (to, from) in row.chunks_exact_mut(3).zip(line.chunks_exact(4)) {
                to.copy_from_slice(&from[..3]);
            }
            row[pixmap.width() as usize * 3..].fill(255);
            std::io::Write::write_all(&mut stream, &row).map_err(|e| PngError::Svg(e.to_string()))?;
        }
    }
    stream.finish().map_err(broken)?;
    writer.finish().map_err(broken)
}

/// `pages` as one PNG in memory (see [`write_pages`]).
pub fn pages(style: &PdfStyle<'_>, pages: &[Page], total: u64, dpi: u32) -> Result<Vec<u8>, PngError> {
    let mut png = Vec::new();
    write_pages(style, pages, total, dpi, &mut png)?;
    Ok(png)
}

/// Renders housie's page SVG at `dpi` (its units are millimetres) as PNG.
pub fn render(svg: &str, dpi: u32) -> Result<Vec<u8>, PngError> {
    pixmap(svg, dpi)?.encode_png().map_err(|e| PngError::Svg(e.to_string()))
}

fn tree(svg: &str) -> Result<resvg::usvg::Tree, PngError> {
    resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).map_err(|e| PngError::Svg(e.to_string()))
}

/// A page's size in pixels at `dpi` (usvg reads `mm` at 96 px to the inch).
fn size(tree: &resvg::usvg::Tree, dpi: u32) -> Result<(u32, u32), PngError> {
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    match (30..=600).contains(&dpi) && width > 0 && height > 0 {
        true => Ok((width, height)),
        false => Err(PngError::Size { dpi, width, height }),
    }
}

fn pixmap(svg: &str, dpi: u32) -> Result<resvg::tiny_skia::Pixmap, PngError> {
    let tree = tree(svg)?;
    let scale = dpi as f32 / 96.0;
    let (width, height) = size(&tree, dpi)?;
    let mut pixmap = (30..=600)
        .contains(&dpi)
        .then(|| resvg::tiny_skia::Pixmap::new(width, height))
        .flatten()
        .ok_or(PngError::Size { dpi, width, height })?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(pixmap)
}

//! A PNG far taller than a logo can use, decoded a row at a time and box-averaged by a whole
//! factor as the rows come: neither its full-size pixels (192 MB for an 8000×8000 photo) nor
//! the time to resample them from full size is spent. What is left is no taller than asked
//! (a box filter by a whole factor is a proper anti-aliasing one; the print's own resampling to
//! its printed size follows).

use image::{DynamicImage, ImageBuffer};

/// `bytes` (a PNG `height` rows high, sides already checked) box-averaged by the smallest
/// whole factor that brings it to at most `most` rows; `None` when that factor is under 2 or
/// the file is interlaced (the caller decodes it whole), `Some(Err)` when it is damaged.
pub(crate) fn decode(bytes: &[u8], height: u32, most: u32, alloc_max: u64) -> Option<Result<DynamicImage, String>> {
    let factor = height.div_ceil(most.max(1));
    if factor < 2 {
        return None;
    }
    let limits = png::Limits { bytes: usize::try_from(alloc_max).unwrap_or(usize::MAX) };
    let mut decoder = png::Decoder::new_with_limits(std::io::Cursor::new(bytes), limits);
    // Palettes and transparency keys expanded, 16 bits cut to 8: one of four 8-bit layouts.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = match decoder.read_info() {
        Ok(reader) if !reader.info().interlaced => reader,
        Ok(_) => return None,
        Err(e) => return Some(Err(e.to_string())),
    };
    let (width, height) = (reader.info().width, reader.info().height);
    let channels = match reader.output_color_type().0 {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return None,
    };
    Some(shrink(&mut reader, width, height, factor, channels).map(|pixels| {
        let (w, h) = (width.div_ceil(factor), height.div_ceil(factor));
        let image = |p| match channels {
            1 => ImageBuffer::from_raw(w, h, p).map(DynamicImage::ImageLuma8),
            2 => ImageBuffer::from_raw(w, h, p).map(DynamicImage::ImageLumaA8),
            3 => ImageBuffer::from_raw(w, h, p).map(DynamicImage::ImageRgb8),
            _ => ImageBuffer::from_raw(w, h, p).map(DynamicImage::ImageRgba8),
        };
        image(pixels).expect("sized by the factor")
    }))
}

/// Every `factor`×`factor` box of the rows `reader` gives, as its mean (the last boxes of a
/// row or column take what is left). Rows are summed column by column as they come (a plain
/// add the compiler vectorises), and across each box only when its last row is in.
fn shrink<R: std::io::BufRead + std::io::Seek>(
    reader: &mut png::Reader<R>,
    width: u32,
    height: u32,
    factor: u32,
    channels: usize,
) -> Result<Vec<u8>, String> {
    let (out_w, out_h) = (width.div_ceil(factor) as usize, height.div_ceil(factor) as usize);
    let row_len = width as usize * channels;
    let mut out = Vec::with_capacity(out_w * out_h * channels);
    let mut columns = vec![0u32; row_len];
    let mut rows = 0u32;
    for y in 0..height {
        let row = reader.next_row().map_err(|e| e.to_string())?.ok_or("the image ends early")?;
        let data = row.data().get(..row_len).ok_or("a row is short")?;
        for (sum, &v) in columns.iter_mut().zip(data) {
            *sum += u32::from(v);
        }
        rows += 1;
        if rows == factor || y + 1 == height {
            for block in columns.chunks(factor as usize * channels) {
                let n = rows * (block.len() / channels) as u32;
                for c in 0..channels {
                    let total: u32 = block.iter().skip(c).step_by(channels).sum();
                    out.push(((total + n / 2) / n) as u8);
                }
            }
            columns.fill(0);
            rows = 0;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_of(image: &DynamicImage) -> Vec<u8> {
        let mut bytes = Vec::new();
        image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
        bytes
    }

    #[test]
    fn boxes_are_averaged_and_edges_take_what_is_left() {
        // 5×5 grey: the 2×2 boxes of a ramp, and the edge boxes of one column or row.
        let grey = image::GrayImage::from_fn(5, 5, |x, y| image::Luma([(x * 10 + y * 50) as u8]));
        let shrunk = decode(&png_of(&DynamicImage::ImageLuma8(grey)), 5, 3, 1 << 20).unwrap().unwrap();
        assert_eq!((shrunk.width(), shrunk.height()), (3, 3));
        let l = shrunk.to_luma8();
        assert_eq!(l.get_pixel(0, 0).0, [30]); // (0 + 10 + 50 + 60) / 4
        assert_eq!(l.get_pixel(2, 0).0, [65]); // (40 + 90) / 2
        assert_eq!(l.get_pixel(2, 2).0, [240]); // the corner alone
    }

    #[test]
    fn small_or_interlaced_images_are_left_to_the_whole_decode() {
        let rgb = DynamicImage::ImageRgb8(image::RgbImage::new(4, 4));
        assert!(decode(&png_of(&rgb), 4, 4, 1 << 20).is_none(), "no factor of 2 is needed");
        let shrunk = decode(&png_of(&rgb), 4, 2, 1 << 20).unwrap().unwrap();
        assert_eq!(shrunk.color(), image::ColorType::Rgb8);
        assert!(decode(b"\x89PNG\r\n\x1a\nnot really", 4, 2, 1 << 20).unwrap().is_err());
    }
}

//! The logo's decoding, conversion and fitting, against known pixels.

use super::*;

fn png(width: u32, height: u32, pixel: [u8; 4]) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(width, height, image::Rgba(pixel));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[test]
fn colours_go_through_the_print_profile_and_grey_stays_grey() {
    let red = Logo::from_bytes(&png(4, 2, [255, 0, 0, 255]), "red.png").unwrap();
    assert!(!red.gray && red.print.len() == 4 * 2 * 4);
    // FOGRA39's red: no cyan, full magenta, most of the yellow.
    let [c, m, y, _k] = [red.print[0], red.print[1], red.print[2], red.print[3]];
    assert!(c < 10 && m > 200 && y > 180, "{:?}", &red.print[..4]);
    // Transparent is white: no ink at all.
    let clear = Logo::from_bytes(&png(1, 1, [0, 0, 0, 0]), "clear.png").unwrap();
    assert!(clear.print.iter().all(|&v| v < 3), "{:?}", clear.print);
    let grey = image::GrayImage::from_pixel(3, 3, image::Luma([128]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    grey.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    let grey = Logo::from_bytes(&bytes.into_inner(), "grey.png").unwrap();
    assert!(grey.gray && grey.print == vec![128; 9]);
}

#[test]
fn what_is_not_an_image_or_too_big_is_refused_before_decoding() {
    let e = Logo::from_bytes(b"%PDF-1.4 not an image", "logo.png").unwrap_err();
    assert!(matches!(e, LogoError::NotAnImage { .. }), "{e}");
    let e = Logo::from_bytes(b"GIF89a\x01\x00\x01\x00", "logo.png").unwrap_err();
    assert_eq!(e.to_string(), "logo.png is not a PNG or JPEG image (it is GIF)");
    // A PNG that declares 100,000 × 100,000 pixels: refused from its header.
    let mut bomb = png(1, 1, [0, 0, 0, 255]);
    bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let e = Logo::from_bytes(&bomb, "bomb.png").unwrap_err();
    assert!(matches!(e, LogoError::TooLarge { width: 100_000, .. } | LogoError::Damaged { .. }), "{e}");
    let small = Logo::from_bytes(&png(60, 60, [0, 0, 0, 255]), "s.png").unwrap();
    assert!(small.check_resolution(20.0).is_err(), "76 ppi");
    assert!(small.check_resolution(8.0).unwrap().is_some(), "190 ppi warns");
    assert_eq!(small.check_resolution(5.0).unwrap(), None);
}

#[test]
fn a_tall_image_is_at_most_the_working_height_in_its_proportions_png_or_jpeg() {
    // 5000 rows: the PNG shrunk by 3 as its rows are read, the JPEG decoded whole then
    // resampled; both keep 300:5000 and the colour.
    let tall = png(300, 5000, [200, 30, 30, 255]);
    let logo = Logo::from_bytes(&tall, "tall.png").unwrap();
    assert_eq!((logo.width, logo.height), (100, 1667));
    assert_eq!(logo.print[..4], Logo::from_bytes(&png(1, 1, [200, 30, 30, 255]), "p.png").unwrap().print[..]);
    let mut jpeg = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(300, 5000, image::Rgb([200, 30, 30]))
        .write_to(&mut jpeg, image::ImageFormat::Jpeg)
        .unwrap();
    let logo = Logo::from_bytes(&jpeg.into_inner(), "tall.jpg").unwrap();
    assert_eq!((logo.width, logo.height), (123, WORK_HEIGHT_MAX));
}

#[test]
fn an_rgb_logos_black_prints_on_k_alone_and_no_pixel_passes_300_percent() {
    // Black text, a neutral grey, a deep purple, on an RGB image.
    let pixels = [[0, 0, 0], [128, 128, 128], [40, 0, 60], [200, 30, 30]];
    let img = image::RgbImage::from_fn(4, 1, |x, _| image::Rgb(pixels[x as usize]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    img.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    let bytes = bytes.into_inner();
    let logo = Logo::from_bytes(&bytes, "text.png").unwrap();
    let ink: Vec<[u8; 4]> = logo.print.chunks(4).map(|p| p.try_into().unwrap()).collect();
    assert_eq!(ink[0], [0, 0, 0, 255], "black on K alone");
    assert_eq!(ink[1], [0, 0, 0, 127], "grey on K alone");
    assert!(ink.iter().all(|p| p.iter().map(|&v| u32::from(v)).sum::<u32>() <= INK_MAX), "{ink:?}");
    assert!(ink[2][..3].iter().any(|&v| v > 0), "a colour keeps its colour: {:?}", ink[2]);
    // Runs before housie 0.13 print as they did: black in four colours, past 300 %.
    let old = Logo::decode(&bytes, "text.png", Rules::Before013).unwrap();
    let black: u32 = old.print[..4].iter().map(|&v| u32::from(v)).sum();
    assert!(old.print[0] > 0 && black > INK_MAX, "{:?}", &old.print[..4]);
}

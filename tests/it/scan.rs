//! Barcodes that scan in the hall: every shipped template's first page (books, and booklets in
//! colour) rendered by poppler and by Ghostscript at 150 and 120 dpi, then blurred by 0.2 mm,
//! saved as JPEG at quality 50, or both, and read by zbarimg: every serial on the page must come
//! back, exactly, at 150 dpi, and at least 95 % of them at 120 dpi. Tilt is measured and
//! reported (the bars are as tall as the serial line allows; see docs/manual.md).
//!
//! Needs pdftoppm, gs and zbarimg; without them it skips with a reason (and fails under
//! HOUSIE_REQUIRE_TOOLS=1).

use std::collections::BTreeSet;
use std::path::Path;

use image::GrayImage;

use crate::util::{manifest_rows, run_tool, tool, Dir};

/// What a render goes through before it is read.
#[derive(Clone, Copy, Debug)]
enum Spoil {
    Clean,
    Blur,
    Jpeg,
    BlurJpeg,
    Tilt(f32),
}

/// `img` as a scan of `dpi` would spoil it.
fn spoil(img: &GrayImage, dpi: u32, how: Spoil) -> GrayImage {
    // A blur 0.2 mm across: a Gaussian of σ 0.1 mm.
    let sigma = 0.1 / 25.4 * dpi as f32;
    let jpeg = |img: &GrayImage| {
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 50).encode_image(img).unwrap();
        image::load_from_memory(&bytes).unwrap().to_luma8()
    };
    match how {
        Spoil::Clean => img.clone(),
        Spoil::Blur => image::imageops::blur(img, sigma),
        Spoil::Jpeg => jpeg(img),
        Spoil::BlurJpeg => jpeg(&image::imageops::blur(img, sigma)),
        Spoil::Tilt(degrees) => rotate(img, degrees),
    }
}

/// `img` turned by `degrees` about its centre (bilinear; white outside).
fn rotate(img: &GrayImage, degrees: f32) -> GrayImage {
    let (w, h) = img.dimensions();
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    GrayImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        let (sx, sy) = (cos * dx + sin * dy + cx, -sin * dx + cos * dy + cy);
        let at = |x: i64, y: i64| {
            if x < 0 || y < 0 || x >= i64::from(w) || y >= i64::from(h) {
                255.0
            } else {
                f32::from(img.get_pixel(x as u32, y as u32).0[0])
            }
        };
        let (x0, y0) = (sx.floor(), sy.floor());
        let (fx, fy) = (sx - x0, sy - y0);
        let (x0, y0) = (x0 as i64, y0 as i64);
        let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx;
        let bottom = at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx;
        image::Luma([(top * (1.0 - fy) + bottom * fy).round() as u8])
    })
}

/// The serials zbarimg reads in `img` (Code 128 only).
fn read(zbarimg: &Path, img: &GrayImage, scratch: &Path) -> BTreeSet<String> {
    let file = scratch.join("scan.png");
    img.save(&file).unwrap();
    let (_, out, _) = run_tool(zbarimg, &["-q", "--raw", "-Sdisable", "-Scode128.enable", file.to_str().unwrap()]);
    out.lines().map(str::to_string).collect()
}

/// Page 1 of `pdf` at `dpi`, grey, by poppler or Ghostscript.
fn render(pdf: &Path, dpi: u32, ghostscript: bool, scratch: &Path) -> GrayImage {
    let out = scratch.join("page");
    if ghostscript {
        let gs = tool("gs").unwrap();
        let file = format!("-sOutputFile={}.png", out.display());
        let r = format!("-r{dpi}");
        let args = ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pnggray", &r, "-dFirstPage=1", "-dLastPage=1", &file];
        let (code, _, err) = run_tool(&gs, &[&args[..], &[pdf.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "gs: {err}");
    } else {
        let pdftoppm = tool("pdftoppm").unwrap();
        let r = dpi.to_string();
        let args = ["-r", &r, "-gray", "-png", "-singlefile", "-f", "1", "-l", "1", pdf.to_str().unwrap()];
        let (code, _, err) = run_tool(&pdftoppm, &[&args[..], &[out.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "pdftoppm: {err}");
    }
    image::open(out.with_extension("png")).unwrap().to_luma8()
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_gs, housie_missing_zbarimg),
    ignore = "needs pdftoppm, gs and zbarimg (apt-get install poppler-utils ghostscript zbar-tools)"
)]
fn every_template_s_barcodes_read_back_at_150_and_120_dpi_blurred_and_as_jpeg() {
    let Some(zbarimg) = tool("zbarimg") else { return };
    let d = Dir::new();
    let templates = ["classic", "festival", "large-print", "twelve"];
    let mut templates: Vec<String> = templates.iter().flat_map(|t| [t.to_string(), format!("{t}-letter")]).collect();
    templates.sort();
    let mut failures = Vec::new();
    let mut tilts = Vec::new();
    let mut misreads = Vec::new();
    for template in &templates {
        for booklets in [false, true] {
            let out = format!("{template}-{}", if booklets { "booklets" } else { "books" });
            let mut args = vec!["generate", "--seed", "scan", "--template", template, "--out", &out, "-q"];
            args.extend(if booklets {
                ["--booklets", "2", "--games", "2"].as_slice()
            } else {
                ["--books", "2"].as_slice()
            });
            if booklets && template.starts_with("twelve") {
                args.extend(["--order", "games"]);
            }
            d.run(&args).success();
            let pdf = std::fs::read_dir(d.join(&out))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
                .min()
                .unwrap();
            let rows = manifest_rows(&d.read(&format!("{out}/manifest.csv")));
            let file = pdf.file_name().unwrap().to_str().unwrap().to_string();
            let want: BTreeSet<String> =
                rows.iter().filter(|r| r.file == file && r.page == 1).map(|r| r.serial.clone()).collect();
            assert!(!want.is_empty(), "{out}: page 1 of {file} has tickets");
            for dpi in [150, 120] {
                for ghostscript in [false, true] {
                    let page = render(&pdf, dpi, ghostscript, &d.join("."));
                    for how in [Spoil::Clean, Spoil::Blur, Spoil::Jpeg, Spoil::BlurJpeg] {
                        let read = read(&zbarimg, &spoil(&page, dpi, how), &d.join("."));
                        let renderer = if ghostscript { "gs" } else { "poppler" };
                        // A misread (never yet one that is a serial: its check digit catches it)
                        // is reported, and counts as not read.
                        let wrong: Vec<&String> = read.difference(&want).collect();
                        if !wrong.is_empty() {
                            misreads.push(format!("{out} {renderer} {dpi} dpi {how:?}: {wrong:?}"));
                        }
                        let got: BTreeSet<&String> = read.intersection(&want).collect();
                        let share = got.len() as f64 / want.len() as f64;
                        let floor = if dpi == 150 { 1.0 } else { 0.95 };
                        if share < floor {
                            failures.push(format!(
                                "{out} {renderer} {dpi} dpi {how:?}: {} of {}",
                                got.len(),
                                want.len()
                            ));
                        }
                    }
                }
            }
            // The steepest tilt at which every barcode still reads (150 dpi, poppler).
            let page = render(&pdf, 150, false, &d.join("."));
            let steepest = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0]
                .into_iter()
                .take_while(|&t| read(&zbarimg, &spoil(&page, 150, Spoil::Tilt(t)), &d.join(".")).len() == want.len())
                .last()
                .unwrap_or(0.0);
            tilts.push(format!("{out} {steepest}°"));
        }
    }
    eprintln!("every barcode reads up to a tilt of: {}", tilts.join(", "));
    eprintln!("misreads: {misreads:?}");
    assert!(failures.is_empty(), "barcodes that did not read:\n{}", failures.join("\n"));
}

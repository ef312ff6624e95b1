//! Barcodes that scan in the hall: every shipped template's first page (Code 128 bars, or the
//! `phone` templates' QR codes, each a link to its ticket on the player page), books and
//! booklets in colour, rendered by poppler and by Ghostscript at 150 and 120 dpi, then
//! blurred by 0.2 mm, saved as JPEG at quality 50, or both, and also turned by 8° either way
//! before it is rendered (as a scanner samples tilted paper), and read by zbarimg: every serial on the page
//! must come back, exactly, at 150 dpi, and at least 95 % of them at 120 dpi.
//!
//! Needs pdftoppm, gs and zbarimg; without them it skips with a reason (and fails under
//! HOUSIE_REQUIRE_TOOLS=1).

use std::collections::BTreeSet;
use std::path::Path;

use image::GrayImage;

use crate::util::{first_page_box, manifest_rows, player_url_args, run_tool, tool, Dir, PLAYER_URL};

/// The tilt every barcode must read at, either way, degrees.
const TILT: f32 = 8.0;

/// What a render goes through before it is read.
#[derive(Clone, Copy, Debug)]
enum Spoil {
    Clean,
    Blur,
    Jpeg,
    BlurJpeg,
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
    }
}

/// A copy of `pdf` whose page 1 is turned by `degrees` about its centre on a page grown to hold
/// it, so that the renderer itself samples the tilted bars, as a scanner samples tilted paper.
fn tilted(pdf: &Path, degrees: f32, out: &Path) -> std::path::PathBuf {
    use lopdf::{Object, Stream};
    let mut doc = lopdf::Document::load(pdf).unwrap();
    let page = doc.page_iter().next().unwrap();
    let media = first_page_box(&doc, "MediaBox");
    let (cx, cy) = ((media[0] + media[2]) / 2.0, (media[1] + media[3]) / 2.0);
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (tx, ty) = (cx - cos * cx + sin * cy, cy - sin * cx - cos * cy);
    let (hw, hh) = ((media[2] - media[0]) / 2.0, (media[3] - media[1]) / 2.0);
    let (bw, bh) = (hw * cos.abs() + hh * sin.abs(), hw * sin.abs() + hh * cos.abs());
    let grown: Vec<Object> = [cx - bw, cy - bh, cx + bw, cy + bh].into_iter().map(Object::Real).collect();
    let before = doc.add_object(Stream::new(
        lopdf::Dictionary::new(),
        format!("q {cos} {sin} {} {cos} {tx} {ty} cm\n", -sin).into_bytes(),
    ));
    let after = doc.add_object(Stream::new(lopdf::Dictionary::new(), b"\nQ\n".to_vec()));
    let dict = doc.get_dictionary_mut(page).unwrap();
    let contents = match dict.get(b"Contents").unwrap() {
        Object::Array(a) => a.clone(),
        other => vec![other.clone()],
    };
    let contents = [vec![Object::Reference(before)], contents, vec![Object::Reference(after)]].concat();
    dict.set("Contents", Object::Array(contents));
    dict.set("MediaBox", Object::Array(grown.clone()));
    dict.set("CropBox", Object::Array(grown));
    let file = out.join(format!("tilted-{degrees}.pdf"));
    doc.save(&file).unwrap();
    file
}

/// The serials zbarimg reads in `img` (Code 128 and QR only): a ticket's link on the player
/// page (`PLAYER_URL/p/SERIAL`) counts as its serial; any other text stays as read, a misread.
fn read(zbarimg: &Path, img: &GrayImage, scratch: &Path) -> BTreeSet<String> {
    let file = scratch.join("scan.png");
    img.save(&file).unwrap();
    let args = ["-q", "--raw", "-Sdisable", "-Scode128.enable", "-Sqrcode.enable", file.to_str().unwrap()];
    let (_, out, _) = run_tool(zbarimg, &args);
    let link = format!("{PLAYER_URL}/p/");
    out.lines().map(|l| l.strip_prefix(&link).unwrap_or(l).to_string()).collect()
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
fn every_template_s_barcodes_read_back_at_150_and_120_dpi_blurred_as_jpeg_and_tilted_8_degrees() {
    let Some(zbarimg) = tool("zbarimg") else { return };
    let d = Dir::new();
    let templates = crate::util::coded_templates();
    let mut failures = Vec::new();
    let mut read_ok = Vec::new();
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
            if booklets
                && housie_core::print::template::Template::shipped(template).unwrap().layout().books_per_page() > 1
            {
                args.extend(["--order", "games"]);
            }
            args.extend(player_url_args(template));
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
            let share = |read: &BTreeSet<String>, misreads: &mut Vec<String>, what: String| {
                // A misread (never yet one that is a serial: its check digit catches it) is
                // reported, and counts as not read.
                let wrong: Vec<&String> = read.difference(&want).collect();
                if !wrong.is_empty() {
                    misreads.push(format!("{what}: {wrong:?}"));
                }
                read.intersection(&want).count()
            };
            for dpi in [150, 120] {
                let floor = if dpi == 150 { 1.0 } else { 0.95 };
                for ghostscript in [false, true] {
                    let renderer = if ghostscript { "gs" } else { "poppler" };
                    let page = render(&pdf, dpi, ghostscript, &d.join("."));
                    for how in [Spoil::Clean, Spoil::Blur, Spoil::Jpeg, Spoil::BlurJpeg] {
                        let read = read(&zbarimg, &spoil(&page, dpi, how), &d.join("."));
                        let got = share(&read, &mut misreads, format!("{out} {renderer} {dpi} dpi {how:?}"));
                        if (got as f64) < floor * want.len() as f64 {
                            failures.push(format!("{out} {renderer} {dpi} dpi {how:?}: {got} of {}", want.len()));
                        }
                    }
                    // Tilted paper: the page turned before it is rendered, both ways.
                    for degrees in [TILT, -TILT] {
                        let page = render(&tilted(&pdf, degrees, &d.join(".")), dpi, ghostscript, &d.join("."));
                        let read = read(&zbarimg, &page, &d.join("."));
                        let got = share(&read, &mut misreads, format!("{out} {renderer} {dpi} dpi tilted {degrees}°"));
                        if (got as f64) < floor * want.len() as f64 {
                            failures
                                .push(format!("{out} {renderer} {dpi} dpi tilted {degrees}°: {got} of {}", want.len()));
                        }
                    }
                }
            }
            read_ok.push(out);
        }
    }
    eprintln!(
        "read at 150 and 120 dpi, as rendered, blurred, as JPEG, both, and tilted by ±{TILT}°: {}",
        read_ok.join(", ")
    );
    eprintln!("misreads: {misreads:?}");
    assert!(failures.is_empty(), "barcodes that did not read:\n{}", failures.join("\n"));

    // The negative control: housie 0.7's classic (recorded in its golden run), whose bars were
    // 4.6 mm tall on a 52 mm symbol, reads none of them tilted by 8°.
    let record: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-0.7.0/run.json"))
            .unwrap(),
    )
    .unwrap();
    std::fs::write(d.join("old.toml"), record["template"]["toml"].as_str().unwrap().replace("\"classic\"", "\"old\""))
        .unwrap();
    d.run(&["generate", "--seed", "scan", "--template", "old.toml", "--books", "1", "--out", "old", "-q"]).success();
    let page = render(&tilted(&d.join("old/books.pdf"), TILT, &d.join(".")), 150, false, &d.join("."));
    assert_eq!(read(&zbarimg, &page, &d.join(".")).len(), 0, "0.7's classic tilted by {TILT}°");
}

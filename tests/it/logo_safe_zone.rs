//! A logo keeps the 3 mm safe zone like every other ink: at each place the texts leave it, on
//! one-column and two-column templates printed with a bleed and crop marks, Ghostscript's
//! CMYK render of page 1 has no logo ink within 3 mm of a cut or the trim. The cuts are read
//! from the crop marks, as in `safe_zone.rs`; the logo is a block of the only strong yellow on
//! these pages, so its ink is measured, not its box.
//!
//! Needs Ghostscript; without it it skips with a reason (and fails under
//! HOUSIE_REQUIRE_TOOLS=1).

use std::path::Path;

use crate::safe_zone::runs;
use crate::util::{first_page_box, run_tool, tool, Dir};

/// Render resolution: a pixel is 0.127 mm.
const DPI: f32 = 200.0;

/// A CMYK render: width, height and four bytes a pixel.
struct Cmyk {
    width: usize,
    height: usize,
    bytes: Vec<u8>,
}

impl Cmyk {
    fn at(&self, x: usize, y: usize) -> [u8; 4] {
        let i = 4 * (y * self.width + x);
        [self.bytes[i], self.bytes[i + 1], self.bytes[i + 2], self.bytes[i + 3]]
    }
}

/// Page 1 of `pdf` as Ghostscript renders it in CMYK (a PAM file, read here).
fn render(pdf: &Path, scratch: &Path) -> Cmyk {
    let out = scratch.join("page.pam");
    let args = [
        "-q",
        "-dNOPAUSE",
        "-dBATCH",
        "-sDEVICE=pamcmyk32",
        &format!("-r{DPI}"),
        "-dFirstPage=1",
        "-dLastPage=1",
        &format!("-sOutputFile={}", out.display()),
        pdf.to_str().unwrap(),
    ];
    let (code, _, err) = run_tool(&tool("gs").unwrap(), &args);
    assert_eq!(code, 0, "gs: {err}");
    let bytes = std::fs::read(&out).unwrap();
    let end = bytes.windows(7).position(|w| w == b"ENDHDR\n").unwrap();
    let header = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let field =
        |name: &str| -> usize { header.lines().find_map(|l| l.strip_prefix(name)).unwrap().trim().parse().unwrap() };
    Cmyk { width: field("WIDTH"), height: field("HEIGHT"), bytes: bytes[end + 7..].to_vec() }
}

/// The nearest logo ink to a cut or the trim on page 1 of `pdf`, mm.
fn nearest_logo_ink(pdf: &Path, scratch: &Path) -> f32 {
    let doc = lopdf::Document::load(pdf).unwrap();
    let (media, trim) = (first_page_box(&doc, "MediaBox"), first_page_box(&doc, "TrimBox"));
    let img = render(pdf, scratch);
    let px_per_mm = DPI / 25.4;
    let pt = |v: f32| v / 72.0 * DPI;
    let (left, right) = (pt(trim[0] - media[0]), pt(trim[2] - media[0]));
    let (top, bottom) = (pt(media[3] - trim[3]), pt(media[3] - trim[1]));
    // Crop marks are in registration colour (every plate): look 5 mm outside the trim.
    let registration = |p: [u8; 4]| p.iter().all(|&v| v > 128);
    let (slug_x, slug_y) = ((left - 5.0 * px_per_mm) as usize, (top - 5.0 * px_per_mm) as usize);
    let mut rows = runs((0..img.height).map(|y| registration(img.at(slug_x, y))));
    let mut columns = runs((0..img.width).map(|x| registration(img.at(x, slug_y))));
    rows.retain(|&y| y > top + 1.0 && y < bottom - 1.0);
    columns.retain(|&x| x > left + 1.0 && x < right - 1.0);
    let y_cuts: Vec<f32> = [top, bottom].into_iter().chain(rows).collect();
    let x_cuts: Vec<f32> = [left, right].into_iter().chain(columns).collect();
    let mut nearest = f32::INFINITY;
    for y in top.ceil() as usize..bottom.floor() as usize {
        for x in left.ceil() as usize..right.floor() as usize {
            if img.at(x, y)[2] < 170 {
                continue;
            }
            let dy = y_cuts.iter().map(|k| (y as f32 - k).abs()).fold(f32::INFINITY, f32::min);
            let dx = x_cuts.iter().map(|k| (x as f32 - k).abs()).fold(f32::INFINITY, f32::min);
            nearest = nearest.min(dx.min(dy) / px_per_mm);
        }
    }
    assert!(nearest.is_finite(), "{}: no logo ink found", pdf.display());
    nearest
}

#[test]
#[cfg_attr(housie_missing_gs, ignore = "needs Ghostscript (apt-get install ghostscript)")]
fn every_logo_placement_keeps_3_mm_from_every_cut_on_a_cmyk_render() {
    if tool("gs").is_none() {
        return;
    }
    let d = Dir::new();
    // A solid yellow block: the only ink of its kind on these pages (their bands and tints are
    // magenta and red, their numbers and lines K), so the block's edges are the logo's.
    image::RgbImage::from_pixel(600, 300, image::Rgb([255, 220, 0])).save(d.join("club.png")).unwrap();
    let mut found = Vec::new();
    // Every place the texts leave free (the header's right end holds the book's number, the
    // footer's middle its text), at the height a template's band takes: classic's and
    // festival's headers take the usual 12 mm, twelve's 11.5 mm header 10, a 9 mm footer 8.
    let places = [
        ("classic", "header-left", "12"),
        ("classic", "header-centre", "12"),
        ("classic", "footer-left", "8"),
        ("classic", "footer-right", "8"),
        ("festival", "header-centre", "12"),
        ("festival", "footer-right", "8"),
        ("twelve", "header-left", "10"),
    ];
    for (template, position, height) in places {
        let out = format!("{template}-{position}");
        let args = [
            "generate",
            "--seed",
            "logo",
            "--books",
            "1",
            "--template",
            template,
            "--title",
            "",
            "--logo",
            "club.png",
            "--logo-position",
            position,
            "--logo-height",
            height,
            "--bleed",
            "3",
            "--crop-marks",
            "--out",
            &out,
            "-q",
        ];
        d.run(&args).success();
        let nearest = nearest_logo_ink(&d.join(&format!("{out}/books.pdf")), &d.join("."));
        found.push((out, nearest));
    }
    // twelve's middle is the cut between its two strips: a logo there is refused.
    let args = ["generate", "--seed", "logo", "--books", "1", "--template", "twelve", "--logo", "club.png"];
    let out = d
        .run(&[&args[..], &["--logo-position", "header-centre", "--logo-height", "10", "--out", "mid", "-q"]].concat());
    let out = out.expect_code(2);
    assert!(out.stderr().contains("crosses the cut between the columns of tickets"), "{}", out.stderr());
    eprintln!("nearest logo ink to a cut, mm: {found:?}");
    // Half a pixel of the render's rounding.
    let near: Vec<_> = found.iter().filter(|(_, mm)| *mm < 3.0 - 0.07).collect();
    assert!(near.is_empty(), "logos inside the 3 mm safe zone: {near:?}");

    // The negative control: the same header-centre logo as housie 0.12 placed it, centred in
    // the header, came to 0.9 mm of the cut under it.
    let (mut record, _) = housie_files::record::read_record(&d.join("classic-header-centre")).unwrap();
    record.housie = "0.12.0".into();
    let folder = d.join("classic-header-centre");
    let plan = housie_core::GeneratePlan::from_record(&record, None, &housie_files::read::RunFolder(&folder)).unwrap();
    crate::util::generate(&plan, &d.join("old"), &|_| {}).unwrap();
    let old = nearest_logo_ink(&d.join("old/books.pdf"), &d.join("."));
    assert!(old < 1.5, "0.12's header-centre logo: {old:.2} mm from a cut");
}

/// On the looks whose header has no room in its middle (two books a page, four, slips: the
/// middle is the cut between strips, and there is no footer), a logo goes beside the title
/// rather than being refused at every size: the title starts after it, by poppler's reading.
#[test]
fn a_logo_sits_beside_the_title_where_the_header_has_no_middle() {
    let Some(pdftotext) = tool("pdftotext") else { return };
    let d = Dir::new();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/logos/colour.png"), d.join("club.png")).unwrap();
    let title_x = |out: &str| -> f32 {
        let (code, text, err) = run_tool(
            &pdftotext,
            &["-bbox", "-f", "1", "-l", "1", d.join(&format!("{out}/books.pdf")).to_str().unwrap(), "-"],
        );
        assert_eq!(code, 0, "{err}");
        let line = text.lines().find(|l| l.ends_with(">Fair</word>")).unwrap_or_else(|| panic!("no title: {text}"));
        let x = line.split("xMin=\"").nth(1).unwrap().split('"').next().unwrap();
        x.parse().unwrap()
    };
    for look in ["twelve", "twenty-four", "slips"] {
        let base = ["generate", "--seed", "logo", "--books", "2", "--template", look, "--title", "Spring Fair", "-q"];
        d.run(&[&base[..], &["--out", &format!("{look}-plain")]].concat()).success();
        let with = d.run(&[&base[..], &["--logo", "club.png", "--out", &format!("{look}-logo")]].concat());
        let with = with.success();
        let (record, _) = housie_files::record::read_record(&d.join(&format!("{look}-logo"))).unwrap();
        let logo = record.settings.logo.expect("a logo");
        assert_eq!(logo.position, housie_core::print::logo::LogoPosition::HeaderLeft, "{look}: {}", with.stderr());
        // The logo is three times as wide as it is high, then the 3 mm gap.
        let shift_mm = (title_x(&format!("{look}-logo")) - title_x(&format!("{look}-plain"))) * 25.4 / 72.0;
        let expected = logo.height_mm.min(8.5) * 3.0 + 3.0;
        assert!((shift_mm - expected).abs() < 1.0, "{look}: the title moved {shift_mm:.1} mm, not {expected:.1}");
    }
}

/// A logo whose height was left unsaid prints as high as its place allows without a warning
/// (that is what was asked); a height asked and not met is warned of, with the height printed.
#[test]
fn a_logo_lower_than_asked_is_warned_of_only_when_a_height_was_asked() {
    let d = Dir::new();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/logos/colour.png"), d.join("club.png")).unwrap();
    let base = ["generate", "--seed", "logo", "--books", "2", "--template", "classic", "--logo", "club.png"];
    let unsaid = d.run(&[&base[..], &["--out", "unsaid"]].concat()).success().stderr();
    assert!(!unsaid.contains("mm asked"), "{unsaid}");
    let asked = d.run(&[&base[..], &["--logo-height", "12", "--out", "asked"]].concat()).success().stderr();
    assert!(asked.contains("the logo prints 10.0 mm high, not the 12 mm asked"), "{asked}");
}

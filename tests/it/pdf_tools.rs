//! The PDF through the readers a print shop uses: qpdf, Ghostscript and poppler. Each test skips
//! with a printed reason when its tool is missing, unless HOUSIE_REQUIRE_TOOLS=1 (CI).

use std::sync::OnceLock;

use crate::util::{manifest_rows, run_tool, tool, Dir};

/// One 30-book run shared by the tests here (classic template, 3 mm bleed, crop marks).
fn run() -> &'static (Dir, String) {
    static RUN: OnceLock<(Dir, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        let d = Dir::new();
        d.run(&[
            "generate",
            "--books",
            "30",
            "--seed",
            "tools",
            "--title",
            "Tools Night",
            "--bleed",
            "3",
            "--crop-marks",
            "--out",
            "o",
            "-q",
        ])
        .success();
        let pdf = d.join("o/books.pdf").display().to_string();
        (d, pdf)
    })
}

#[test]
#[cfg_attr(housie_missing_qpdf, ignore = "needs qpdf (apt-get install qpdf)")]
fn qpdf_check_is_clean() {
    let Some(qpdf) = tool("qpdf") else { return };
    let (code, out, err) = run_tool(&qpdf, &["--check", &run().1]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("No syntax or stream encoding errors"), "{out}");
    assert!(!out.to_lowercase().contains("warning") && err.is_empty(), "{out}{err}");
}

#[test]
#[cfg_attr(housie_missing_gs, ignore = "needs Ghostscript (apt-get install ghostscript)")]
fn ghostscript_renders_every_page_silently() {
    let Some(gs) = tool("gs") else { return };
    let (code, out, err) = run_tool(&gs, &["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", &run().1]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
}

#[test]
#[cfg_attr(housie_missing_pdffonts, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn pdffonts_shows_every_font_embedded() {
    let Some(pdffonts) = tool("pdffonts") else { return };
    let (code, out, _) = run_tool(&pdffonts, &[&run().1]);
    assert_eq!(code, 0);
    let fonts: Vec<Vec<&str>> = out.lines().skip(2).map(|l| l.split_whitespace().collect()).collect();
    // name type [type] encoding emb sub uni object ID: "emb" is the 5th field from the end.
    let columns = |f: &Vec<&str>| (f[0].to_string(), f[f.len() - 5..f.len() - 2].join(" "));
    let fonts: Vec<(String, String)> = fonts.iter().map(columns).collect();
    // The text font, subset (a six-capital tag) with its Unicode map, and from housie 0.16 the
    // Code 128 font a barcode on the grid is drawn in, whole (107 glyphs), with its map (every
    // symbol a space); no Type 3 font.
    assert_eq!(fonts.len(), 2, "{out}");
    let (tag, name) = fonts[0].0.split_once('+').unwrap_or_else(|| panic!("no subset tag: {out}"));
    assert!(tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()), "{out}");
    assert_eq!((name, fonts[0].1.as_str()), ("LiberationSans-Bold", "yes yes yes"), "{out}");
    assert_eq!((fonts[1].0.as_str(), fonts[1].1.as_str()), ("HousieCode128", "yes no yes"), "{out}");
    assert!(!out.contains("Type 3"), "{out}");
}

#[test]
#[cfg_attr(housie_missing_pdfinfo, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn pdfinfo_shows_trim_and_bleed_boxes() {
    let Some(pdfinfo) = tool("pdfinfo") else { return };
    let (_, out, _) = run_tool(&pdfinfo, &["-box", "-f", "1", "-l", "1", &run().1]);
    let get = |key: &str| -> Vec<f64> {
        let line = out.lines().find(|l| l.contains(key)).unwrap_or_else(|| panic!("{key} in {out}"));
        let v: Vec<f64> = line.split_whitespace().filter_map(|v| v.parse().ok()).collect();
        v[v.len() - 4..].to_vec()
    };
    let mm = 72.0 / 25.4;
    let near = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.02);
    assert!(near(&get("TrimBox:"), &[7.5 * mm, 7.5 * mm, 217.5 * mm, 304.5 * mm]), "{out}");
    assert!(near(&get("BleedBox:"), &[4.5 * mm, 4.5 * mm, 220.5 * mm, 307.5 * mm]), "{out}");
    let version = out.lines().find(|l| l.starts_with("PDF version:")).unwrap_or_default();
    assert!(version.ends_with(" 1.3"), "{out}");
}

#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn pdftotext_gives_back_every_serial_and_grid_row_in_order() {
    let Some(pdftotext) = tool("pdftotext") else { return };
    let (d, pdf) = run();
    let (code, text, err) = run_tool(&pdftotext, &["-layout", pdf, "-"]);
    assert_eq!(code, 0, "{err}");
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    // Lines that are only numbers are grid rows; serial lines start with "No.".
    let mut read: Vec<(String, Vec<Vec<u8>>)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(serial) = line.strip_prefix("No. ") {
            read.push((serial.trim().to_string(), Vec::new()));
        } else if !line.is_empty() && line.split_whitespace().all(|w| w.parse::<u8>().is_ok()) {
            let numbers = line.split_whitespace().map(|w| w.parse().unwrap()).collect();
            read.last_mut().expect("a serial line before any grid row").1.push(numbers);
        }
    }
    assert_eq!(read.len(), rows.len());
    for ((serial, grid), row) in read.iter().zip(&rows) {
        assert_eq!(serial, &row.serial);
        assert_eq!(grid, &vec![row.row(0), row.row(1), row.row(2)], "{serial}");
    }
}

/// `gs -sDEVICE=inkcov` prints `C M Y K CMYK OK` per page, over the trimmed page (the crop
/// marks outside it are in registration colour, on every plate by design).
pub fn ink(pdf: &str) -> Option<Vec<[f64; 4]>> {
    let gs = tool("gs")?;
    let (code, out, err) = run_tool(&gs, &["-q", "-dUseTrimBox", "-o", "-", "-sDEVICE=inkcov", pdf]);
    assert_eq!(code, 0, "{err}");
    Some(
        out.lines()
            .filter(|l| l.contains("CMYK"))
            .map(|l| {
                let v: Vec<f64> = l.split_whitespace().take(4).map(|x| x.parse().unwrap()).collect();
                [v[0], v[1], v[2], v[3]]
            })
            .collect(),
    )
}

#[test]
#[cfg_attr(housie_missing_gs, ignore = "needs Ghostscript (apt-get install ghostscript)")]
fn inkcov_shows_only_black_ink_for_the_classic_template() {
    let Some(pages) = ink(&run().1) else { return };
    assert_eq!(pages.len(), 30);
    for (i, [c, m, y, k]) in pages.iter().enumerate() {
        assert_eq!((*c, *m, *y), (0.0, 0.0, 0.0), "page {} uses colour ink", i + 1);
        assert!(*k > 0.05, "page {} has too little black: {k}", i + 1);
    }
}

#[test]
#[cfg_attr(housie_missing_gs, ignore = "needs Ghostscript (apt-get install ghostscript)")]
fn inkcov_sees_the_festival_colours_so_the_check_can_fail() {
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--seed", "f", "--template", "festival", "--out", "o", "-q"]).success();
    let Some(pages) = ink(&d.join("o/books.pdf").display().to_string()) else { return };
    assert!(pages[0][1] > 0.01, "festival's magenta band shows as M ink: {:?}", pages[0]);
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_zbarimg),
    ignore = "needs pdftoppm and zbarimg (apt-get install poppler-utils zbar-tools)"
)]
fn every_serial_barcode_scans_back_to_its_serial() {
    let (Some(pdftoppm), Some(zbarimg)) = (tool("pdftoppm"), tool("zbarimg")) else { return };
    let (d, pdf) = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    for page in ["1", "30"] {
        let prefix = d.join(&format!("scan-{page}")).display().to_string();
        let (code, _, err) = run_tool(&pdftoppm, &["-r", "300", "-png", "-f", page, "-l", page, pdf, &prefix]);
        assert_eq!(code, 0, "{err}");
        let png = std::fs::read_dir(d.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.display().to_string().starts_with(&prefix) && p.extension().is_some_and(|e| e == "png"))
            .expect("pdftoppm wrote a page");
        let (code, out, err) = run_tool(&zbarimg, &["--raw", "-q", png.to_str().unwrap()]);
        assert_eq!(code, 0, "zbarimg found no barcode on page {page}: {err}");
        let mut scanned: Vec<&str> = out.lines().collect();
        scanned.sort_unstable();
        let book: u64 = page.parse().unwrap();
        let mut want: Vec<&str> = rows.iter().filter(|r| r.book == book).map(|r| r.serial.as_str()).collect();
        want.sort_unstable();
        assert_eq!(scanned, want, "page {page}");
    }
}

//! OpenType fonts with CFF outlines (`.otf`): a run's font cut down and embedded as a CID-keyed
//! CFF program (`/FontFile3 /CIDFontType0C`), each glyph's CID its id in the whole font, read
//! back right by poppler and by Ghostscript, two renderers, whose pictures tesseract reads; and
//! CID-keyed fonts (Chinese, Japanese, Korean OpenType), which housie does not print, refused
//! by name before anything is written.

use crate::shaping::{read_serial_line, serial_box};
use crate::util::{manifest_rows, package_file, run_tool, tool, Dir};

const NIMBUS: &str = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf";

#[test]
#[cfg_attr(
    any(
        housie_missing_tesseract,
        housie_missing_pdftotext,
        housie_missing_pdftoppm,
        housie_missing_pdffonts,
        housie_missing_gs,
        housie_missing_urw
    ),
    ignore = "needs tesseract, poppler, ghostscript and its fonts (apt-get install tesseract-ocr poppler-utils ghostscript fonts-urw-base35)"
)]
fn an_opentype_cff_font_is_embedded_as_cff_and_renders_right() {
    let (Some(pdffonts), Some(pdftotext), Some(gs), Some(tesseract)) =
        (tool("pdffonts"), tool("pdftotext"), tool("gs"), tool("tesseract"))
    else {
        return;
    };
    if tool("pdftoppm").is_none() {
        return;
    }
    let Some(font) = package_file(NIMBUS, "fonts-urw-base35") else { return };
    let d = Dir::new();
    let font = font.to_str().unwrap();
    d.run(&[
        "generate",
        "--books",
        "2",
        "--seed",
        "cff",
        "--title",
        "Quiz Night",
        "--font",
        font,
        "--out",
        "otf",
        "-q",
    ])
    .success();
    let pdf = d.join("otf/books.pdf");
    let (_, fonts, _) = run_tool(&pdffonts, &[pdf.to_str().unwrap()]);
    let nimbus = fonts.lines().find(|l| l.contains("+NimbusSans-Bold")).unwrap_or_else(|| panic!("{fonts}"));
    assert!(nimbus.contains("CID Type 0C") && nimbus.contains("Identity-H"), "{fonts}");
    assert!(nimbus.split_whitespace().filter(|w| *w == "yes").count() >= 2, "embedded and a subset: {fonts}");
    // The program is the glyphs the run prints, not the whole 83 KB font.
    let doc = lopdf::Document::load(&pdf).unwrap();
    let programs: Vec<usize> = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|t| t.as_name().ok()) == Some(&b"CIDFontType0C"[..]))
        .map(|s| s.decompressed_content().map_or(s.content.len(), |c| c.len()))
        .collect();
    assert_eq!(programs.len(), 1, "one CFF program");
    let whole = std::fs::metadata(font).unwrap().len() as usize;
    assert!(programs[0] * 4 < whole, "{} bytes of the font's {whole}", programs[0]);

    // poppler's render of the serial line, read.
    let serial = manifest_rows(&d.read("otf/manifest.csv"))[0].serial.clone();
    assert_eq!(read_serial_line(&d, &pdf), format!("No. {serial}"), "poppler's render");
    // Ghostscript's render of the same line, read.
    let [x0, y0, x1, y1] = serial_box(&pdftotext, &pdf);
    let page = d.join("gs.png");
    let (code, _, err) = run_tool(
        &gs,
        &[
            "-q",
            "-dNOPAUSE",
            "-dBATCH",
            "-dSAFER",
            "-sDEVICE=pnggray",
            "-r300",
            "-dFirstPage=1",
            "-dLastPage=1",
            &format!("-sOutputFile={}", page.display()),
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("rror"), "ghostscript: {err}");
    let px = |pt: f32| (pt * 300.0 / 72.0).round() as u32;
    let line = image::open(&page).unwrap().crop_imm(px(x0 - 3.0), px(y0 - 3.0), px(x1 - x0 + 6.0), px(y1 - y0 + 6.0));
    line.save(d.join("gs-line.png")).unwrap();
    let (_, read, _) = run_tool(&tesseract, &[d.join("gs-line.png").to_str().unwrap(), "-", "--psm", "7", "-l", "eng"]);
    assert_eq!(read.trim(), format!("No. {serial}"), "Ghostscript's render");
    assert!(d.run(&["verify", "otf"]).success().stdout().starts_with("valid:"));
}

/// A CID-keyed CFF font (its CFF table marked with a ROS, as Noto Sans CJK's is) is refused by
/// name, saying what to choose instead, and nothing is written.
#[test]
#[cfg_attr(housie_missing_urw, ignore = "needs ghostscript's fonts (apt-get install fonts-urw-base35)")]
fn a_cid_keyed_opentype_font_is_refused_by_name() {
    let d = Dir::new();
    let Some(cid) = cid_keyed_font() else { return };
    std::fs::write(d.join("cjk.otf"), cid).unwrap();
    let run = d.run(&["generate", "--books", "1", "--font", "cjk.otf", "--out", "cjk"]).expect_code(2);
    assert!(run.stderr().contains("cjk.otf: an OpenType font with CID-keyed CFF outlines"), "{}", run.stderr());
    assert!(run.stderr().contains("fonts-wqy-zenhei"), "{}", run.stderr());
    assert!(!d.join("cjk").exists());
}

/// NimbusSans-Bold.otf made CID-keyed by housie's own re-keying of all its glyphs, wrapped back
/// into an OpenType file: the kind of font Chinese, Japanese and Korean OpenType fonts are.
fn cid_keyed_font() -> Option<Vec<u8>> {
    let font = package_file(NIMBUS, "fonts-urw-base35")?;
    let bytes = std::fs::read(font).unwrap();
    let raw = ttf_parser::RawFace::parse(&bytes, 0).unwrap();
    let glyphs = ttf_parser::Face::parse(&bytes, 0).unwrap().number_of_glyphs();
    let all: Vec<u16> = (0..glyphs).collect();
    let cff = housie_core::print::cff::cid_keyed_subset(&bytes, &all).unwrap();
    let tables: Vec<([u8; 4], Vec<u8>)> = raw
        .table_records
        .into_iter()
        .map(|r| {
            let tag = r.tag.to_bytes();
            let data = if &tag == b"CFF " {
                cff.clone()
            } else {
                bytes[r.offset as usize..(r.offset + r.length) as usize].to_vec()
            };
            (tag, data)
        })
        .collect();
    // An sfnt: its header, a record per table, the tables four-byte aligned.
    let mut out = b"OTTO".to_vec();
    out.extend((tables.len() as u16).to_be_bytes());
    out.extend([0u8; 6]);
    let mut at = 12 + 16 * tables.len();
    let mut body = Vec::new();
    for (tag, data) in &tables {
        out.extend(tag);
        out.extend(0u32.to_be_bytes());
        out.extend((at as u32).to_be_bytes());
        out.extend((data.len() as u32).to_be_bytes());
        body.extend(data);
        body.resize(body.len().div_ceil(4) * 4, 0);
        at = 12 + 16 * tables.len() + body.len();
    }
    out.extend(body);
    assert!(housie_core::print::cff::is_cid_keyed(&out), "the control: the wrapped font is CID-keyed");
    assert!(!housie_core::print::cff::is_cid_keyed(&bytes));
    Some(out)
}

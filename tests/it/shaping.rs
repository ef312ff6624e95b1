//! Shaped text against HarfBuzz itself: for hard words in each Indic script housie prints
//! (reph, conjuncts, pre-base vowel signs, split vowels), the glyphs housie places — ids,
//! clusters, advances and offsets — are the ones `hb-shape` (Debian's libharfbuzz-bin) gives
//! for the same font and text. And a Hindi title printed with no `--font` reads back right
//! from the rendered page (tesseract), not only from the text layer.

use housie_core::print::font::Font;
use housie_core::print::typeset::{Piece, Typesetter};

use crate::util::{manifest_rows, package_file, run_tool, tool, Dir};

const NOTO: &str = "/usr/share/fonts/truetype/noto";

/// Each script with its Noto Sans Bold font (Debian's fonts-noto-core) and its hard words.
const SCRIPTS: &[(&str, &str, &[&str])] = &[
    ("Devanagari", "NotoSansDevanagari-Bold.ttf", &["दिवाली", "तम्बोला", "कर्क", "क्षत्रिय", "श्री", "हिन्दी", "पहली लाइन"]),
    ("Bengali", "NotoSansBengali-Bold.ttf", &["কি", "ক্ষ", "বাংলা", "কর্ম", "কো", "কৌ"]),
    ("Gurmukhi", "NotoSansGurmukhi-Bold.ttf", &["ਪੰਜਾਬੀ", "ਕਿ", "ਪ੍ਰੇਮ", "ਖ਼ਾਲਸਾ"]),
    ("Gujarati", "NotoSansGujarati-Bold.ttf", &["ગુજરાતી", "કિ", "ક્ષ", "ધર્મ"]),
    ("Tamil", "NotoSansTamil-Bold.ttf", &["கொ", "ஸ்ரீ", "தமிழ்", "கை", "கௌ"]),
    ("Telugu", "NotoSansTelugu-Bold.ttf", &["తెలుగు", "క్ష", "శ్రీ", "కొ", "ర్క"]),
    ("Kannada", "NotoSansKannada-Bold.ttf", &["ಕನ್ನಡ", "ಕ್ಷ", "ಶ್ರೀ", "ಕೊ", "ರ್ಕ"]),
    ("Malayalam", "NotoSansMalayalam-Bold.ttf", &["മലയാളം", "കൊ", "ക്ഷ", "ശ്രീ", "ര്‍"]),
];

/// `hb-shape`'s glyphs: (id, cluster, x advance, x offset, y offset).
fn harfbuzz(hb: &std::path::Path, font: &str, text: &str) -> Vec<(u16, u32, i32, i32, i32)> {
    let (code, out, err) = run_tool(hb, &["--output-format=json", "--no-glyph-names", "--direction=ltr", font, text]);
    assert_eq!(code, 0, "hb-shape {font} {text}: {err}");
    let glyphs: Vec<serde_json::Value> = serde_json::from_str(out.trim()).unwrap();
    glyphs
        .iter()
        .map(|g| {
            let n = |k: &str| g[k].as_i64().unwrap_or(0);
            (n("g") as u16, n("cl") as u32, n("ax") as i32, n("dx") as i32, n("dy") as i32)
        })
        .collect()
}

#[test]
#[cfg_attr(
    any(housie_missing_hb_shape, housie_missing_noto),
    ignore = "needs hb-shape and Noto fonts (apt-get install libharfbuzz-bin fonts-noto-core)"
)]
fn hard_words_in_eight_scripts_shape_as_harfbuzz_shapes_them() {
    let Some(hb) = tool("hb-shape") else { return };
    let mut checked = 0;
    for &(script, file, words) in SCRIPTS {
        let Some(path) = package_file(&format!("{NOTO}/{file}"), "fonts-noto-core") else { return };
        let font = Font::from_file(&path, &housie_files::read::Disk).unwrap_or_else(|e| panic!("{script}: {e}"));
        let typesetter = Typesetter::new(&font, true);
        for word in words {
            let pieces = typesetter
                .lay_out(housie_core::print::page_text::PageText::Title, word)
                .unwrap_or_else(|e| panic!("{word}: {e}"));
            let [Piece::Shaped(run)] = pieces.as_slice() else { panic!("{word}: one shaped run, not {pieces:?}") };
            assert_eq!(run.font, 0, "{word} in the font given");
            // hb-shape numbers clusters by character, the shaper by byte.
            let char_at = |byte: u32| word[..byte as usize].chars().count() as u32;
            let ours: Vec<_> =
                run.glyphs.iter().map(|g| (g.id, char_at(g.cluster), g.x_advance, g.x_offset, g.y_offset)).collect();
            assert_eq!(ours, harfbuzz(&hb, path.to_str().unwrap(), word), "{script} {word}");
            checked += 1;
        }
    }
    assert_eq!(checked, 41);
}

/// The negative control: drawn character by character, as housie 0.4 did, the pre-base vowel
/// sign comes after its consonant, and HarfBuzz's sequence differs.
#[test]
#[cfg_attr(
    any(housie_missing_hb_shape, housie_missing_noto),
    ignore = "needs hb-shape and Noto fonts (apt-get install libharfbuzz-bin fonts-noto-core)"
)]
fn unshaped_text_is_not_what_harfbuzz_draws() {
    let Some(hb) = tool("hb-shape") else { return };
    let Some(path) = package_file(&format!("{NOTO}/NotoSansDevanagari-Bold.ttf"), "fonts-noto-core") else { return };
    let font = Font::from_file(&path, &housie_files::read::Disk).unwrap();
    let unshaped: Vec<u16> = font.glyphs("दिवाली").collect();
    let shaped: Vec<u16> = harfbuzz(&hb, path.to_str().unwrap(), "दिवाली").iter().map(|g| g.0).collect();
    assert_ne!(unshaped, shaped);
    assert_eq!(unshaped.len(), shaped.len());
    assert_eq!((unshaped[0], unshaped[1]), (shaped[1], font.glyphs("ि").next().unwrap()), "the vowel sign moves first");
}

/// A Hindi title with no `--font`: generated, drawn in housie's own Devanagari font, read back
/// by OCR from a 300 dpi render as written (and by pdftotext from the text layer), and the
/// run verifies. The OCR tells a misspelled title from the right one: an unshaped title
/// reads back as `दविाली`.
#[test]
#[cfg_attr(
    any(housie_missing_tesseract, housie_missing_tesseract_hin, housie_missing_pdftotext, housie_missing_pdftoppm),
    ignore = "needs tesseract with Hindi and poppler (apt-get install tesseract-ocr tesseract-ocr-hin poppler-utils)"
)]
fn a_hindi_title_prints_right_with_no_font_given() {
    let (Some(pdftoppm), Some(pdftotext), Some(tesseract)) = (tool("pdftoppm"), tool("pdftotext"), tool("tesseract"))
    else {
        return;
    };
    if package_file("/usr/share/tesseract-ocr/5/tessdata/hin.traineddata", "tesseract-ocr-hin").is_none() {
        return;
    }
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--title", "दिवाली तम्बोला Night", "--out", "hi", "-q"]).success();
    let (_, text, _) = run_tool(&pdftotext, &[d.join("hi/books.pdf").to_str().unwrap(), "-"]);
    assert!(text.contains("दिवाली तम्बोला Night"), "{text}");
    let png = d.join("page");
    run_tool(
        &pdftoppm,
        &[
            "-r",
            "300",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-H",
            "400",
            "-W",
            "2480",
            d.join("hi/books.pdf").to_str().unwrap(),
            png.to_str().unwrap(),
        ],
    );
    let (_, read, err) = run_tool(&tesseract, &[d.join("page-1.png").to_str().unwrap(), "-", "-l", "hin+eng"]);
    assert!(read.contains("दिवाली तम्बोला"), "OCR read {read:?} ({err})");
    let out = d.run(&["verify", "hi"]).success().stdout();
    assert!(out.starts_with("valid:"), "{out}");
    let fonts = std::fs::read(d.join("hi/books.pdf")).unwrap();
    assert!(fonts.windows(23).any(|w| w == b"NotoSansDevanagari-Bold"), "housie's own Devanagari font is embedded");
}

/// Text no font has is refused by its script's name, and so is right-to-left text.
#[test]
fn a_script_housie_cannot_print_is_refused_by_name() {
    let d = Dir::new();
    let err = d.run(&["generate", "--books", "1", "--title", "বাংলা বিঙ্গো", "--out", "bn"]).expect_code(2).stderr();
    assert!(err.contains("Bengali script"), "{err}");
    assert!(err.contains("--font"), "{err}");
    // A font that prints it, named with its file and the Debian package that has it.
    assert!(
        err.contains("(Noto Sans Bengali Bold (/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf, in Debian's fonts-noto-core) does)"),
        "{err}"
    );
    assert!(!d.join("bn").exists());
    let err = d.run(&["generate", "--books", "1", "--title", "بنغو", "--out", "ar"]).expect_code(2).stderr();
    assert!(err.contains("right to left") || err.contains("right-to-left"), "{err}");
}

/// Where pdftotext places the first serial line of page 1 (`No.` and the serial after it):
/// its box in points, left, top, right, bottom.
pub fn serial_box(pdftotext: &std::path::Path, pdf: &std::path::Path) -> [f32; 4] {
    let (_, html, _) = run_tool(pdftotext, &["-f", "1", "-l", "1", "-bbox", pdf.to_str().unwrap(), "-"]);
    let words: Vec<(Vec<f32>, &str)> = html
        .lines()
        .filter_map(|l| {
            let at = |k: &str| l.split(&format!("{k}=\"")).nth(1)?.split('"').next()?.parse::<f32>().ok();
            let text = l.split('>').nth(1)?.split('<').next()?;
            Some((vec![at("xMin")?, at("yMin")?, at("xMax")?, at("yMax")?], text))
        })
        .collect();
    let i = words.iter().position(|(_, w)| *w == "No.").expect("a serial line in the text layer");
    let (a, b) = (&words[i].0, &words[i + 1].0);
    [a[0], a[1].min(b[1]), b[2], a[3].max(b[3])]
}

/// What tesseract reads on page 1's first serial line, rendered at 300 dpi with 3 pt around it.
pub fn read_serial_line(d: &Dir, pdf: &std::path::Path) -> String {
    let (Some(pdftoppm), Some(pdftotext), Some(tesseract)) = (tool("pdftoppm"), tool("pdftotext"), tool("tesseract"))
    else {
        unreachable!("checked by the caller")
    };
    let [x0, y0, x1, y1] = serial_box(&pdftotext, pdf);
    let px = |pt: f32| ((pt * 300.0 / 72.0).round() as i64).to_string();
    let png = d.join("serial");
    let (x, y, w, h) = (px(x0 - 3.0), px(y0 - 3.0), px(x1 - x0 + 6.0), px(y1 - y0 + 6.0));
    let args = ["-r", "300", "-png", "-f", "1", "-l", "1", "-x", &x, "-y", &y, "-W", &w, "-H", &h];
    run_tool(&pdftoppm, &[&args[..], &[pdf.to_str().unwrap(), png.to_str().unwrap()]].concat());
    let (_, read, _) =
        run_tool(&tesseract, &[d.join("serial-1.png").to_str().unwrap(), "-", "--psm", "7", "-l", "eng"]);
    read.trim().to_string()
}

/// A Bengali title in Noto Sans Bengali Bold, which has no Latin `N`: the serials' `No.` falls
/// back, glyph by glyph, to housie's own Liberation Sans, embedded with that glyph, and the
/// rendered serial line reads `No.` (tesseract on the line pdftotext places), not only the
/// text layer. The negative control: the same run as housie 0.12 wrote it, whose fallback
/// font lacked the glyph and printed a blank box.
#[test]
#[cfg_attr(
    any(housie_missing_tesseract, housie_missing_pdftotext, housie_missing_pdftoppm),
    ignore = "needs tesseract and poppler (apt-get install tesseract-ocr poppler-utils)"
)]
fn a_font_without_latin_letters_falls_back_glyph_by_glyph() {
    if tool("pdftoppm").is_none() || tool("pdftotext").is_none() || tool("tesseract").is_none() {
        return;
    }
    let Some(font) = package_file(&format!("{NOTO}/NotoSansBengali-Bold.ttf"), "fonts-noto-core") else { return };
    let d = Dir::new();
    let title = "দীপাবলি তাম্বোলা";
    d.run(&["generate", "--books", "1", "--title", title, "--font", font.to_str().unwrap(), "--out", "bn", "-q"])
        .success();
    let read = read_serial_line(&d, &d.join("bn/books.pdf"));
    let serial = manifest_rows(&d.read("bn/manifest.csv"))[0].serial.clone();
    assert_eq!(read, format!("No. {serial}"), "the rendered serial line");
    let pdf = std::fs::read(d.join("bn/books.pdf")).unwrap();
    assert!(pdf.windows(20).any(|w| w == b"LiberationSans-Bold/"), "the fallback font is embedded");
    assert!(d.run(&["verify", "bn"]).success().stdout().starts_with("valid:"));

    let (mut record, _) = housie_files::record::read_record(&d.join("bn")).unwrap();
    record.housie = "0.12.0".into();
    let folder = d.join("bn");
    let plan = housie_core::GeneratePlan::from_record(&record, None, &housie_files::read::RunFolder(&folder)).unwrap();
    crate::util::generate(&plan, &d.join("old"), &|_| {}).unwrap();
    let old = read_serial_line(&d, &d.join("old/books.pdf"));
    assert!(!old.starts_with("No."), "0.12's serial line has a blank box for N, yet read {old:?}");
}

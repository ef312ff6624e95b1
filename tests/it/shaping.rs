//! Shaped text against HarfBuzz itself: for hard words in each Indic script housie prints
//! (reph, conjuncts, pre-base vowel signs, split vowels), the glyphs housie places — ids,
//! clusters, advances and offsets — are the ones `hb-shape` (Debian's libharfbuzz-bin) gives
//! for the same font and text. And a Hindi title printed with no `--font` reads back right
//! from the rendered page (tesseract), not only from the text layer.

use housie_core::print::font::Font;
use housie_core::print::typeset::{Piece, Typesetter};

use crate::util::{package_file, run_tool, tool, Dir};

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
    assert!(!d.join("bn").exists());
    let err = d.run(&["generate", "--books", "1", "--title", "بنغو", "--out", "ar"]).expect_code(2).stderr();
    assert!(err.contains("right to left") || err.contains("right-to-left"), "{err}");
}

//! The PDF read back in-process with lopdf: pages, boxes, font, colours, and text → manifest.

use std::collections::BTreeMap;

use housie_core::print::font::Font;
use housie_core::support::date::RunDate;
use lopdf::content::Content;
use lopdf::Document;

use crate::util::{manifest_rows, names, Dir};

const MM: f32 = 72.0 / 25.4;

/// A page box, on the page or inherited from its tree (MediaBox and CropBox are).
fn boxes(doc: &Document, page: lopdf::ObjectId, key: &[u8]) -> Vec<f32> {
    let dict = doc.get_dictionary(page).unwrap();
    match dict.get(key) {
        // From housie 0.11 every page names one shared array for its trim and bleed boxes.
        Ok(o) => doc.dereference(o).unwrap().1.as_array().unwrap().iter().map(|o| o.as_float().unwrap()).collect(),
        Err(_) => boxes(doc, dict.get(b"Parent").unwrap().as_reference().unwrap(), key),
    }
}

/// The page's resources, inherited from its tree when the page has none of its own.
fn resources(doc: &Document, page: lopdf::ObjectId) -> &lopdf::Dictionary {
    let dict = doc.get_dictionary(page).unwrap();
    match dict.get(b"Resources") {
        Ok(lopdf::Object::Reference(r)) => doc.get_dictionary(*r).unwrap(),
        Ok(o) => o.as_dict().unwrap(),
        Err(_) => resources(doc, dict.get(b"Parent").unwrap().as_reference().unwrap()),
    }
}

/// The content of a page's form XObject by its resource name (`U` under the tickets, `O` over).
fn form(doc: &Document, page: lopdf::ObjectId, name: &str) -> String {
    let forms = resources(doc, page).get(b"XObject").unwrap().as_dict().unwrap();
    let stream = doc.get_object(forms.get(name.as_bytes()).unwrap().as_reference().unwrap()).unwrap();
    let stream = stream.as_stream().unwrap();
    // The lean format's small forms are stored as they are.
    String::from_utf8(stream.decompressed_content().unwrap_or_else(|_| stream.content.clone())).unwrap()
}

fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.05)
}

/// Text drawn on a page: (x, y, string), decoded from Identity-H glyph ids via the font's cmap,
/// in the forms the page calls too (the lean format draws each number as one), where the page
/// has moved the origin to.
fn page_text(doc: &Document, page: lopdf::ObjectId, font: &Font) -> Vec<(f32, f32, String)> {
    let mut glyph_to_char = BTreeMap::new();
    for c in (' '..='~').chain("—£é·".chars()) {
        if let Some(g) = font.parsed().lookup_glyph_index(c as u32) {
            glyph_to_char.insert(g, c);
        }
    }
    let mut out = Vec::new();
    let forms = resources(doc, page).get(b"XObject").unwrap().as_dict().unwrap();
    read_text(doc, &doc.get_page_content(page), forms, (0.0, 0.0), &glyph_to_char, font, &mut out);
    out
}

/// The text of one content stream, drawn from `origin` (the page moves it with `cm`, by
/// translations only where it draws text).
fn read_text(
    doc: &Document,
    bytes: &[u8],
    forms: &lopdf::Dictionary,
    origin: (f32, f32),
    glyph_to_char: &BTreeMap<u16, char>,
    font: &Font,
    out: &mut Vec<(f32, f32, String)>,
) {
    let content = Content::decode(bytes).unwrap();
    let mut at = (0.0, 0.0);
    let (mut origin, mut saved) = (origin, Vec::new());
    let (mut font_name, mut size) = (Vec::new(), 0.0);
    let f = |o: &lopdf::Object| o.as_float().unwrap();
    let decode = |bytes: &[u8]| -> String {
        bytes.chunks(2).map(|g| glyph_to_char[&(u16::from(g[0]) << 8 | u16::from(g[1]))]).collect()
    };
    for op in content.operations {
        match op.operator.as_str() {
            "q" => saved.push(origin),
            "Q" => origin = saved.pop().unwrap(),
            "cm" => origin = (origin.0 + f(&op.operands[4]), origin.1 + f(&op.operands[5])),
            "Do" => {
                let name = op.operands[0].as_name().unwrap();
                let Ok(form) = forms.get(name).and_then(lopdf::Object::as_reference) else { continue };
                let stream = doc.get_object(form).unwrap().as_stream().unwrap();
                if stream.dict.get(b"Subtype").unwrap().as_name().unwrap() == b"Form" {
                    let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                    read_text(doc, &content, forms, origin, glyph_to_char, font, out);
                }
            }
            "BT" => at = (0.0, 0.0),
            "Tf" => {
                font_name = op.operands[0].as_name().unwrap().to_vec();
                size = f(&op.operands[1]);
            }
            "Tm" => at = (f(&op.operands[4]), f(&op.operands[5])),
            "Td" => at = (at.0 + f(&op.operands[0]), at.1 + f(&op.operands[1])),
            // The barcodes' font: its codes read as spaces, and the scanner test reads them.
            "Tj" | "TJ" if font_name == b"HOUSIEBC" => {}
            "Tj" => out.push((origin.0 + at.0, origin.1 + at.1, decode(op.operands[0].as_str().unwrap()))),
            // A row of numbers: each string where the pen is after the glyphs and adjustments
            // before it (the font's widths, thousandths of the em, as PDF's TJ takes them).
            "TJ" => {
                let mut x = at.0;
                for item in op.operands[0].as_array().unwrap() {
                    match item {
                        lopdf::Object::String(bytes, _) => {
                            let s = decode(bytes);
                            let advance: i64 = s.chars().map(|c| font.pdf_width(c)).sum();
                            out.push((origin.0 + x, origin.1 + at.1, s));
                            x += advance as f32 * size / 1000.0;
                        }
                        adjust => x -= f(adjust) * size / 1000.0,
                    }
                }
            }
            "rg" | "RG" => panic!("RGB colour on the page"),
            _ => {}
        }
    }
}

/// Numbers by row (keyed by height) with their x positions.
type Rows = BTreeMap<i64, Vec<(f32, u8)>>;

/// Per ticket on a page: its serial and its three rows of numbers, read from positions.
fn tickets_on_page(text: &[(f32, f32, String)]) -> Vec<(String, Vec<Vec<u8>>)> {
    let mut serials: Vec<(f32, String)> =
        text.iter().filter_map(|(_, y, s)| s.strip_prefix("No. ").map(|serial| (*y, serial.to_string()))).collect();
    serials.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut tickets: Vec<(String, Rows)> = serials.iter().map(|(_, s)| (s.clone(), BTreeMap::new())).collect();
    for (x, y, s) in text {
        let Ok(n) = s.parse::<u8>() else { continue };
        // A number belongs to the nearest serial above it.
        let t = serials.iter().rposition(|(sy, _)| sy > y).expect("a serial above every number");
        tickets[t].1.entry(-(y * 10.0).round() as i64).or_default().push((*x, n));
    }
    tickets
        .into_iter()
        .map(|(serial, rows)| {
            let rows = rows
                .into_values()
                .map(|mut r| {
                    r.sort_by(|a, b| a.0.total_cmp(&b.0));
                    r.into_iter().map(|(_, n)| n).collect()
                })
                .collect();
            (serial, rows)
        })
        .collect()
}

#[test]
fn the_pdf_parses_and_its_text_maps_back_to_the_manifest() {
    let d = Dir::new();
    d.run(&["generate", "--books", "40", "--seed", "pdf", "--title", "Test Night", "--out", "o", "-q"]).success();
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 40); // several rendering jobs, put back in order
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let font = Font::bundled();
    for (i, (&n, &id)) in pages.iter().enumerate() {
        let a4 = [0.0, 0.0, 210.0 * MM, 297.0 * MM];
        for key in [&b"MediaBox"[..], b"TrimBox", b"CropBox"] {
            assert!(close(&boxes(&doc, id, key), &a4), "page {n} {}", String::from_utf8_lossy(key));
        }
        // Without a bleed there is no bleed box: a reader takes the crop box.
        assert!(!doc.get_dictionary(id).unwrap().has(b"BleedBox"));
        let text = page_text(&doc, id, &font);
        assert!(text.iter().any(|t| t.2 == "Test Night"));
        assert!(text.iter().any(|t| t.2 == format!("Book {}", i + 1)));
        let tickets = tickets_on_page(&text);
        assert_eq!(tickets.len(), 6);
        for (t, (serial, grid)) in tickets.iter().enumerate() {
            let row = &rows[i * 6 + t];
            assert_eq!((&row.file[..], row.page), ("books.pdf", i as u64 + 1));
            assert_eq!(serial, &row.serial);
            assert_eq!(grid, &vec![row.row(0), row.row(1), row.row(2)], "{serial}");
        }
    }
    // The font is embedded (a FontFile2 stream), under a fixed name.
    let embedded = doc.objects.values().any(|o| {
        o.as_dict().is_ok_and(|d| {
            d.get(b"Type").is_ok_and(|t| t.as_name().is_ok_and(|n| n == b"FontDescriptor")) && d.has(b"FontFile2")
        })
    });
    assert!(embedded, "no embedded TrueType font");
    // No transparency anywhere.
    for o in doc.objects.values() {
        if let Ok(dict) = o.as_dict() {
            assert!(!dict.has(b"SMask") && !dict.has(b"CA") && !dict.has(b"ca"));
        }
    }
}

/// Each PDF/X-1a:2001 requirement, read off the file's objects (no free validator exists).
#[test]
fn pdf_x_1a_2001_is_declared_and_met() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--seed", "x", "--bleed", "3", "--out", "o", "-q"]).success();
    let bytes = std::fs::read(d.join("o/books.pdf")).unwrap();
    assert!(bytes.starts_with(b"%PDF-1.3\n"), "PDF/X-1a:2001 is PDF 1.3");
    let doc = Document::load_mem(&bytes).unwrap();
    let text = |o: &lopdf::Object| String::from_utf8(o.as_str().unwrap().to_vec()).unwrap();
    let info = doc.get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap()).unwrap();
    assert_eq!(text(info.get(b"GTS_PDFXVersion").unwrap()), "PDF/X-1:2001");
    assert_eq!(text(info.get(b"GTS_PDFXConformance").unwrap()), "PDF/X-1a:2001");
    assert_eq!(info.get(b"Trapped").unwrap().as_name().unwrap(), b"False");
    let date = RunDate::from_unix(1_795_000_000).unwrap().pdf();
    assert_eq!((text(info.get(b"CreationDate").unwrap()), text(info.get(b"ModDate").unwrap())), (date.clone(), date));
    assert!(!info.get(b"Title").unwrap().as_str().unwrap().is_empty());
    assert!(doc.trailer.get(b"ID").unwrap().as_array().unwrap().len() == 2);
    // One output intent, GTS_PDFX, with the CMYK profile embedded, unmodified.
    let intents = doc.catalog().unwrap().get(b"OutputIntents").unwrap().as_array().unwrap();
    assert_eq!(intents.len(), 1);
    let intent = doc.get_dictionary(intents[0].as_reference().unwrap()).unwrap();
    assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX");
    assert_eq!(text(intent.get(b"OutputConditionIdentifier").unwrap()), "FOGRA39");
    assert_eq!(text(intent.get(b"Info").unwrap()), "Coated FOGRA39 (ISO 12647-2:2004)");
    let profile = doc.get_object(intent.get(b"DestOutputProfile").unwrap().as_reference().unwrap()).unwrap();
    let profile = profile.as_stream().unwrap();
    assert_eq!(profile.dict.get(b"N").unwrap().as_i64().unwrap(), 4);
    let icc = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/housie-core/icc/CoatedFOGRA39.icc")).unwrap();
    assert!(profile.decompressed_content().unwrap() == icc, "the profile is embedded unmodified");
    // Every page has its TrimBox and, with bleed, a BleedBox; only CMYK or grey colour operators.
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).unwrap();
        assert!(page.has(b"TrimBox") && page.has(b"BleedBox"));
        let content = String::from_utf8_lossy(&doc.get_page_content(id)).into_owned();
        for op in content.split_whitespace() {
            assert!(!["rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS"].contains(&op), "colour operator {op}");
        }
    }
    // The record holds the date, so verify regenerates the same bytes.
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert_eq!(record["created"], "2026-11-18T11:06:40Z");
    d.run(&["verify", "o"]).success();
}

#[test]
fn without_source_date_epoch_the_clock_is_recorded_and_verify_still_matches() {
    let d = Dir::new();
    let out = assert_cmd::Command::cargo_bin("housie")
        .unwrap()
        .current_dir(d.path())
        .env_remove("SOURCE_DATE_EPOCH")
        .args(["generate", "--books", "2", "--seed", "clock", "--out", "o", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    let created = RunDate::parse(record["created"].as_str().unwrap()).unwrap();
    assert!(created.rfc3339().as_str() >= "2026-01-01T00:00:00Z", "{}", created.rfc3339());
    d.run(&["verify", "o"]).success();
}

#[test]
fn bleed_and_crop_marks_set_the_boxes() {
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--seed", "b", "--bleed", "3", "--crop-marks", "--out", "o", "-q"]).success();
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let id = *doc.get_pages().values().next().unwrap();
    let o = 7.5 * MM; // 3 mm bleed + 4.5 mm for the marks: the sheet fits SRA4 (225 × 320 mm)
    assert!(close(&boxes(&doc, id, b"MediaBox"), &[0.0, 0.0, 225.0 * MM, 312.0 * MM]));
    assert!(close(&boxes(&doc, id, b"TrimBox"), &[o, o, o + 210.0 * MM, o + 297.0 * MM]));
    let b = 4.5 * MM;
    assert!(close(&boxes(&doc, id, b"BleedBox"), &[b, b, b + 216.0 * MM, b + 303.0 * MM]));
    // The marks are in registration colour, at the corners and at all seven cuts, both sides:
    // 8 corner strokes and 14 at the cuts, each a move and a line.
    let over = form(&doc, id, "O");
    let marks = &over[over.find("1 1 1 1 K").expect("crop marks in registration colour")..];
    assert_eq!(marks.matches(" m\n").count(), 8 + 14);
}

/// The sheet sizes docs/manual.md and the studio name for each paper with a bleed and with
/// crop marks.
#[test]
fn the_sheet_sizes_the_manual_names_are_the_pages() {
    let d = Dir::new();
    for (template, bleed, marks) in
        [("classic", [216.0, 303.0], [225.0, 312.0]), ("classic-letter", [221.9, 285.4], [230.9, 294.4])]
    {
        for (flags, want) in [(&["--bleed", "3"][..], bleed), (&["--bleed", "3", "--crop-marks"][..], marks)] {
            let out = format!("{template}{}", flags.len());
            let args = [&["generate", "--books", "1", "--template", template, "--out", &out, "-q"][..], flags].concat();
            d.run(&args).success();
            let doc = Document::load(d.join(&format!("{out}/books.pdf"))).unwrap();
            let media = boxes(&doc, *doc.get_pages().values().next().unwrap(), b"MediaBox");
            let got = [(media[2] - media[0]) / MM, (media[3] - media[1]) / MM];
            assert!((got[0] - want[0]).abs() < 0.06 && (got[1] - want[1]).abs() < 0.06, "{args:?}: {got:?}");
        }
    }
}

#[test]
fn crop_marks_stay_three_millimetres_from_the_trim_without_bleed() {
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--seed", "m", "--crop-marks", "--out", "o", "-q"]).success();
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let id = *doc.get_pages().values().next().unwrap();
    let trim = boxes(&doc, id, b"TrimBox");
    let over = form(&doc, id, "O");
    let marks = &over[over.find("1 1 1 1 K").expect("crop marks")..];
    // Each stroke's end nearest the page: how far outside the trim it starts, in mm.
    let outside = |x: f32, y: f32| (trim[0] - x).max(x - trim[2]).max((trim[1] - y).max(y - trim[3])) / MM;
    let ends: Vec<(f32, f32)> = marks
        .lines()
        .filter(|l| l.ends_with(" m") || l.ends_with(" l"))
        .map(|l| {
            let v: Vec<f32> = l.split_whitespace().take(2).map(|v| v.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect();
    assert_eq!(ends.len(), 2 * (8 + 14));
    let nearest = ends.chunks(2).map(|s| outside(s[0].0, s[0].1).min(outside(s[1].0, s[1].1))).fold(f32::MAX, f32::min);
    assert!((nearest - 3.0).abs() < 0.02, "the nearest mark starts {nearest} mm from the trim");
}

#[test]
fn same_seed_gives_byte_identical_pdfs_in_one_process_and_across_processes() {
    let d = Dir::new();
    d.run(&["generate", "--books", "20", "--seed", "same", "--out", "a", "-q"]).success();
    d.run(&["generate", "--books", "20", "--seed", "same", "--out", "b", "-q"]).success();
    d.run(&["generate", "--books", "20", "--seed", "other", "--out", "c", "-q"]).success();
    let read = |p: &str| std::fs::read(d.join(p)).unwrap();
    assert_eq!(read("a/books.pdf"), read("b/books.pdf"));
    assert_ne!(read("a/books.pdf"), read("c/books.pdf"));
    // In one process, twice: printpdf's global counters must not leak into the bytes.
    // On the tests' SOURCE_DATE_EPOCH.
    let plan = || crate::util::plan("same", crate::util::books(20));
    crate::util::generate(&plan(), &d.join("x"), &|_| {}).unwrap();
    crate::util::generate(&plan(), &d.join("y"), &|_| {}).unwrap();
    assert_eq!(read("x/books.pdf"), read("y/books.pdf"));
    assert_eq!(read("x/books.pdf"), read("a/books.pdf"));
}

#[test]
fn large_runs_split_into_volumes_named_in_the_manifest() {
    let d = Dir::new();
    d.run(&["generate", "--books", "5", "--books-per-file", "2", "--seed", "v", "--out", "o", "-q"]).success();
    assert_eq!(
        names(&d.join("o")),
        vec!["books-0001.pdf", "books-0002.pdf", "books-0003.pdf", "manifest.csv", "run.json"]
    );
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let places: Vec<(String, u64)> = rows.iter().step_by(6).map(|r| (r.file.clone(), r.page)).collect();
    let want = [
        ("books-0001.pdf", 1),
        ("books-0001.pdf", 2),
        ("books-0002.pdf", 1),
        ("books-0002.pdf", 2),
        ("books-0003.pdf", 1),
    ];
    assert_eq!(places, want.map(|(f, p)| (f.to_string(), p)));
    for (file, pages) in [("books-0001.pdf", 2), ("books-0003.pdf", 1)] {
        assert_eq!(Document::load(d.join("o").join(file)).unwrap().get_pages().len(), pages);
    }
}

#[test]
fn letter_paper_from_a_template_file() {
    let d = Dir::new();
    let text = housie_core::print::template::BUILTIN[0]
        .1
        .replace("size = \"a4\"", "size = \"letter\"")
        .replace("height = 26.5", "height = 23.5");
    std::fs::write(d.join("letter.toml"), text).unwrap();
    d.run(&["generate", "--books", "1", "--seed", "l", "--template", "letter.toml", "--out", "o", "-q"]).success();
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let id = *doc.get_pages().values().next().unwrap();
    assert!(close(&boxes(&doc, id, b"MediaBox"), &[0.0, 0.0, 612.0, 792.0]));
}

#[test]
fn black_overprints_and_coloured_text_knocks_out() {
    for (template, knocks_out) in [("festival", true), ("classic", false)] {
        let d = Dir::new();
        let (doc, id) = crate::util::first_page(&d, template, "1", "op");
        let content = String::from_utf8_lossy(&doc.get_page_content(id)).into_owned();
        // The tints come first, then the lines (the `O` form, which sets overprint before its
        // first line), then overprint again for the 100 % K text.
        let over = form(&doc, id, "O");
        let (overprint, first_line) = (over.find("/HOUSIEOP gs").unwrap(), over.find(" l\n").unwrap());
        assert!(overprint < first_line, "{template}: lines before overprint");
        let lines = content.find("/O Do").expect("the lines are drawn");
        // Each ticket's grid is tinted whole by a shared form, the ground (`g`), which fills.
        let ground = content.find("/g Do").expect("blank cells are tinted");
        assert!(ground < lines, "{template}: tints before the lines");
        assert!(form(&doc, id, "g").ends_with(" re\nf\n"), "{template}");
        // The numbers are forms too: each clears its cell to paper, knocked out (the tint
        // shows only in the blank cells), then overprints its digits.
        let n90 = form(&doc, id, "n90");
        assert!(n90.starts_with("0 0 0 0 k\n"), "{template}: {n90}");
        assert!(n90.contains(" re\nf\n/HOUSIEOP gs\n0 0 0 1 k\n"), "{template}: {n90}");
        let text = content.find("BT").unwrap();
        assert!(content[lines..text].contains("/HOUSIEOP gs"), "{template}: the text overprints");
        assert_eq!(content.contains("/HOUSIEKO gs"), knocks_out, "{template}: the header's white text knocks out");
        let states = resources(&doc, id).get(b"ExtGState").unwrap().as_dict().unwrap();
        let op = doc.get_dictionary(states.get(b"HOUSIEOP").unwrap().as_reference().unwrap()).unwrap();
        assert!(op.get(b"OP").unwrap().as_bool().unwrap());
        assert!(op.get(b"op").unwrap().as_bool().unwrap());
        assert_eq!(op.get(b"OPM").unwrap().as_i64().unwrap(), 1);
    }
}

#[test]
fn one_file_however_large_by_default() {
    let d = Dir::new();
    d.run(&["generate", "--books", "1001", "--seed", "one", "--out", "o", "-q"]).success();
    assert_eq!(names(&d.join("o")), vec!["books.pdf", "manifest.csv", "run.json"]);
    assert_eq!(Document::load(d.join("o/books.pdf")).unwrap().get_pages().len(), 1001);
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert!(record["settings"].get("books_per_file").is_none(), "no volumes, so no volume size");
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    assert_eq!((&rows[6000].file[..], rows[6000].page), ("books.pdf", 1001));
}

//! The 3 mm safe zone: on every shipped template's page (books, and booklets in colour),
//! printed with a bleed and crop marks, no ink comes within 3 mm of a cut. The cuts are found
//! on the page itself, as a print shop finds them: from the crop marks in the slug left of the
//! trim (one for each cut between rows of tickets) and above it (one for each cut between
//! columns), and the trim's four edges. Ink is a dark neutral pixel of poppler's render (the
//! numbers, serials, barcodes and lines are 100 % K; colour is a band or a tint, which may
//! reach a cut); the cut guides on the cuts themselves are left out.
//!
//! Needs pdftoppm; without it it skips with a reason (and fails under HOUSIE_REQUIRE_TOOLS=1).

use std::path::Path;

use image::RgbImage;

use crate::util::{first_page_box, run_tool, tool, Dir};

/// Render resolution: a pixel is 0.127 mm.
const DPI: f32 = 200.0;
/// The safe zone, mm.
const SAFE_MM: f32 = 3.0;
/// Half the band along a cut left out for its dashed guide (0.3 pt wide) and its antialiasing.
const GUIDE_MM: f32 = 0.35;

/// Whether a pixel is ink: dark and neutral (K), not a colour.
fn ink(p: &image::Rgb<u8>) -> bool {
    let [r, g, b] = p.0;
    let (hi, lo) = (r.max(g).max(b), r.min(g).min(b));
    hi < 150 && hi - lo < 40
}

/// The centres of the runs of true in `marks`.
pub fn runs(marks: impl Iterator<Item = bool>) -> Vec<f32> {
    let (mut out, mut start) = (Vec::new(), None);
    for (i, m) in marks.chain(std::iter::once(false)).enumerate() {
        match (m, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s + i - 1) as f32 / 2.0);
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The nearest ink to any cut on page 1 of `pdf`, mm, where it is, and how many cuts the crop
/// marks showed across the page and down it.
fn nearest_ink(pdf: &Path, scratch: &Path) -> (f32, String, usize, usize) {
    let doc = lopdf::Document::load(pdf).unwrap();
    let (crop, trim) = (first_page_box(&doc, "CropBox"), first_page_box(&doc, "TrimBox"));
    let out = scratch.join("page");
    let pdftoppm = tool("pdftoppm").unwrap();
    let r = DPI.to_string();
    let (code, _, err) = run_tool(
        &pdftoppm,
        &["-r", &r, "-png", "-singlefile", "-f", "1", "-l", "1", pdf.to_str().unwrap(), out.to_str().unwrap()],
    );
    assert_eq!(code, 0, "pdftoppm: {err}");
    let img: RgbImage = image::open(out.with_extension("png")).unwrap().to_rgb8();
    let px_per_mm = DPI / 25.4;
    let pt = |v: f32| v / 72.0 * DPI;
    // The trim in pixels: left, top, right, bottom.
    let (left, right) = (pt(trim[0] - crop[0]), pt(trim[2] - crop[0]));
    let (top, bottom) = (pt(crop[3] - trim[3]), pt(crop[3] - trim[1]));
    // Crop marks run from at least 3 mm outside the trim outwards: look 5 mm out.
    let out_px = 5.0 * px_per_mm;
    let slug_x = (left - out_px).round() as u32;
    let slug_y = (top - out_px).round() as u32;
    let mut rows = runs((0..img.height()).map(|y| ink(img.get_pixel(slug_x, y))));
    let mut columns = runs((0..img.width()).map(|x| ink(img.get_pixel(x, slug_y))));
    rows.retain(|&y| y > top + 1.0 && y < bottom - 1.0);
    columns.retain(|&x| x > left + 1.0 && x < right - 1.0);
    let guide = GUIDE_MM * px_per_mm;
    let on_a_guide = |x: f32, y: f32| {
        rows.iter().any(|&c| (y - c).abs() <= guide) || columns.iter().any(|&c| (x - c).abs() <= guide)
    };
    let (mut nearest, mut at) = (f32::INFINITY, String::new());
    let y_cuts: Vec<f32> = [top, bottom].into_iter().chain(rows.iter().copied()).collect();
    let x_cuts: Vec<f32> = [left, right].into_iter().chain(columns.iter().copied()).collect();
    let reach = (SAFE_MM + 1.0) * px_per_mm;
    for y in top.ceil() as u32..bottom.floor() as u32 {
        for x in left.ceil() as u32..right.floor() as u32 {
            let (fx, fy) = (x as f32, y as f32);
            if !ink(img.get_pixel(x, y)) || on_a_guide(fx, fy) {
                continue;
            }
            let dy = y_cuts.iter().map(|c| (fy - c).abs()).fold(f32::INFINITY, f32::min);
            let dx = x_cuts.iter().map(|c| (fx - c).abs()).fold(f32::INFINITY, f32::min);
            let d = dx.min(dy);
            if d < reach && d / px_per_mm < nearest {
                nearest = d / px_per_mm;
                at = format!(
                    "({:.1}, {:.1}) mm from the trim's top left",
                    (fx - left) / px_per_mm,
                    (fy - top) / px_per_mm
                );
            }
        }
    }
    (nearest, at, rows.len(), columns.len())
}

/// Page 1 of a run of `template` (books, or booklets of one game) with a bleed and crop marks.
fn page_one(d: &Dir, template: &str, booklets: bool) -> std::path::PathBuf {
    let out = format!("{}-{}", template.replace(['/', '.'], "_"), if booklets { "booklets" } else { "books" });
    let mut args = vec!["generate", "--seed", "safe", "--template", template, "--out", &out, "-q"];
    args.extend(crate::util::player_url_args(template));
    args.extend(["--bleed", "3", "--crop-marks"]);
    args.extend(if booklets { ["--booklets", "2", "--games", "1"].as_slice() } else { ["--books", "2"].as_slice() });
    if booklets && housie_core::print::template::Template::shipped(template).unwrap().layout().books_per_page() > 1 {
        args.extend(["--order", "games"]);
    }
    d.run(&args).success();
    std::fs::read_dir(d.join(&out))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .min()
        .unwrap()
}

#[test]
#[cfg_attr(housie_missing_pdftoppm, ignore = "needs pdftoppm (apt-get install poppler-utils)")]
fn no_ink_comes_within_3_mm_of_a_cut_on_any_shipped_template() {
    if tool("pdftoppm").is_none() {
        return;
    }
    let d = Dir::new();
    let mut found = Vec::new();
    let mut failures = Vec::new();
    for (template, _) in housie_core::print::template::BUILTIN {
        for booklets in [false, true] {
            let (nearest, at, rows, columns) = nearest_ink(&page_one(&d, template, booklets), &d.join("."));
            // Every cut was found: one under the header, one between each row, one above the
            // footer, and one between each column.
            let layout = *housie_core::print::template::Template::shipped(template).unwrap().layout();
            assert_eq!((rows, columns), (layout.rows + 1, layout.columns - 1), "{template}: cuts found");
            let what = format!("{template} {}: {nearest:.2} mm at {at}", if booklets { "booklets" } else { "books" });
            if nearest < SAFE_MM {
                failures.push(what.clone());
            }
            found.push(what);
        }
    }
    eprintln!("nearest ink to a cut:\n{}", found.join("\n"));
    assert!(failures.is_empty(), "ink inside the 3 mm safe zone:\n{}", failures.join("\n"));

    // The negative control: housie 0.7's classic, recorded in its golden run, put its grids
    // 2.0-2.2 mm from the cut below.
    let record: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-0.7.0/run.json"))
            .unwrap(),
    )
    .unwrap();
    let old = d.join("classic-0.7.toml");
    std::fs::write(&old, record["template"]["toml"].as_str().unwrap().replace("name = \"classic\"", "name = \"old\""))
        .unwrap();
    let (nearest, at, _, _) = nearest_ink(&page_one(&d, old.to_str().unwrap(), false), &d.join("."));
    assert!((1.8..2.4).contains(&nearest), "0.7's classic: {nearest:.2} mm at {at}");
}

//! Every page's codes, not only page 1's: a 100-book run of every shipped template, a 2-up
//! sheet, and A4 and Letter with a bleed and crop marks, rendered whole by poppler and by
//! Ghostscript, grey and bilevel (no anti-aliasing), at 150 and 120 dpi, and every Code 128
//! symbol or QR code on every page counted by zbarimg: all of them, in every render. A
//! renderer that puts bars on whole pixels moves each edge by its own phase, so a symbol that
//! reads on one page can fail on another; page 1 alone met none of the 16 in 600 that
//! Ghostscript lost from housie 0.12's Letter pages. From housie 0.15 the bars sit on the
//! renderers' pixel grid (`PdfFormat::gridded_barcodes`); 0.14's, which poppler's bilevel
//! render at 120 dpi read none of on a bled and marked page, are the negative control.
//!
//! Needs pdftoppm, gs and zbarimg; without them it skips with a reason (and fails under
//! HOUSIE_REQUIRE_TOOLS=1).

use std::collections::BTreeSet;
use std::path::Path;

use crate::util::{manifest_rows, run_tool, tool, Dir, PLAYER_URL};

/// How a page is rendered: by which program, and grey or one bit a pixel.
#[derive(Clone, Copy, Debug)]
enum Render {
    Poppler,
    PopplerBilevel,
    Ghostscript,
    GhostscriptBilevel,
}

const RENDERS: [Render; 4] = [Render::Poppler, Render::PopplerBilevel, Render::Ghostscript, Render::GhostscriptBilevel];

/// Every page of `pdf` at `dpi` into `dir` (PGM or PBM files, which zbarimg reads unconverted).
fn render_all(pdf: &Path, how: Render, dpi: u32, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let pdf = pdf.to_str().unwrap();
    let (program, args): (&str, Vec<String>) = match how {
        Render::Poppler | Render::PopplerBilevel => {
            let colour = if matches!(how, Render::Poppler) { "-gray" } else { "-mono" };
            let out = dir.join("p").to_str().unwrap().to_string();
            ("pdftoppm", vec![colour.into(), "-r".into(), dpi.to_string(), pdf.into(), out])
        }
        Render::Ghostscript | Render::GhostscriptBilevel => {
            let device = if matches!(how, Render::Ghostscript) { "pgmraw" } else { "pbmraw" };
            let out = format!("-sOutputFile={}/p-%03d.pnm", dir.display());
            let args = ["-q", "-dNOPAUSE", "-dBATCH", &format!("-sDEVICE={device}"), &format!("-r{dpi}"), &out, pdf];
            ("gs", args.map(String::from).to_vec())
        }
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, err) = run_tool(&tool(program).unwrap(), &args);
    assert_eq!(code, 0, "{program}: {err}");
}

/// The serials zbarimg reads on every page in `dir`, Code 128 or QR only (a link on the player
/// page counts as its serial), and how many symbols it read in all.
fn read_all(dir: &Path, qr: bool) -> (BTreeSet<String>, usize) {
    let mut pages: Vec<String> =
        std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path().to_str().unwrap().to_string()).collect();
    pages.sort();
    // Bars stand upright, so rows of pixels read them: no scan down the columns.
    let symbols: &[&str] = if qr { &["-Sqrcode.enable"] } else { &["-Scode128.enable", "-Sx-density=0"] };
    let pages: Vec<&str> = pages.iter().map(String::as_str).collect();
    let mut by_page = zbar_pages(symbols, &pages);
    // Given many pages of QR codes at once, zbarimg missed 2 of 600 that it read one page at a
    // time: a page that reads fewer than the most any page read is read again on its own.
    if qr {
        let most = by_page.values().map(Vec::len).max().unwrap_or(0);
        for page in &pages {
            if by_page.get(*page).map_or(0, Vec::len) < most {
                let alone = zbar_pages(symbols, &[page]).remove(*page).unwrap_or_default();
                by_page.insert(page.to_string(), alone);
            }
        }
    }
    let link = format!("{PLAYER_URL}/p/");
    let read: Vec<String> =
        by_page.into_values().flatten().map(|l| l.strip_prefix(&link).unwrap_or(&l).to_string()).collect();
    let symbols = read.len();
    (read.into_iter().collect(), symbols)
}

/// What one zbarimg run reads on `pages`, by page (its `--xml` names each symbol's source).
fn zbar_pages(symbols: &[&str], pages: &[&str]) -> std::collections::BTreeMap<String, Vec<String>> {
    let (_, out, _) =
        run_tool(&tool("zbarimg").unwrap(), &[&["-q", "--xml", "-Sdisable"][..], symbols, pages].concat());
    let mut by_page = std::collections::BTreeMap::new();
    for source in out.split("<source href='").skip(1) {
        let name = source.split('\'').next().unwrap_or_default().to_string();
        let data: Vec<String> = source
            .split("<data><![CDATA[")
            .skip(1)
            .filter_map(|d| d.split("]]></data>").next().map(str::to_string))
            .collect();
        by_page.entry(name).or_insert_with(Vec::new).extend(data);
    }
    by_page
}

/// For each render at 150 and 120 dpi, the serials of `want` read from `pdf` (none other is
/// ever read: a misread is a failure of its own), as "render dpi: read of want".
fn counts(pdf: &Path, want: &BTreeSet<String>, qr: bool, renders: &[Render], scratch: &Path) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for &how in renders {
        for dpi in [150, 120] {
            let dir = scratch.join(format!("{how:?}-{dpi}"));
            render_all(pdf, how, dpi, &dir);
            let (read, _) = read_all(&dir, qr);
            let wrong: Vec<&String> = read.difference(want).collect();
            assert!(wrong.is_empty(), "{}: {how:?} at {dpi} dpi misread {wrong:?}", pdf.display());
            out.push((format!("{how:?} {dpi} dpi"), read.len()));
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
    out
}

/// The serials in a run folder's manifest.
fn serials(d: &Dir, out: &str) -> BTreeSet<String> {
    manifest_rows(&d.read(&format!("{out}/manifest.csv"))).into_iter().map(|r| r.serial).collect()
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_gs, housie_missing_zbarimg),
    ignore = "needs pdftoppm, gs and zbarimg (apt-get install poppler-utils ghostscript zbar-tools)"
)]
fn every_code_on_every_page_reads_in_both_renderers_grey_and_bilevel_at_150_and_120_dpi() {
    if ["pdftoppm", "gs", "zbarimg"].iter().any(|t| tool(t).is_none()) {
        return;
    }
    let d = Dir::new();
    let mut runs: Vec<(String, &str, Vec<&str>)> =
        crate::util::coded_templates().into_iter().map(|name| (name.to_string(), name, vec![])).collect();
    runs.push(("classic-2up".into(), "classic", vec!["--impose", "2up"]));
    for template in ["classic", "classic-letter"] {
        runs.push((format!("{template}-bled"), template, vec!["--bleed", "3", "--crop-marks"]));
    }
    // Two runs at a time, each with its own scratch folder: renders are single-threaded, and the
    // machines here have two cores.
    let one = |(name, template, extra): &(String, &str, Vec<&str>)| -> Vec<(String, bool)> {
        let mut args = vec!["generate", "--seed", "every page", "--books", "100", "--out", name, "-q"];
        args.extend(["--template", template]);
        args.extend(extra);
        args.extend(crate::util::player_url_args(template));
        d.run(&args).success();
        let want = serials(&d, name);
        let qr = crate::util::prints_qr(template);
        let scratch = d.join(&format!("scratch-{name}"));
        let mut lines = Vec::new();
        for (what, got) in counts(&d.join(&format!("{name}/books.pdf")), &want, qr, &RENDERS, &scratch) {
            lines.push((format!("{name} {what}: {got} of {}", want.len()), got < want.len()));
        }
        lines
    };
    let (first, second) = runs.split_at(runs.len() / 2);
    let lines: Vec<(String, bool)> = std::thread::scope(|s| {
        let a = s.spawn(|| first.iter().flat_map(one).collect::<Vec<_>>());
        let mut lines: Vec<_> = second.iter().flat_map(one).collect();
        lines.splice(0..0, a.join().unwrap());
        lines
    });
    let report: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    let failures: Vec<&str> = lines.iter().filter(|(_, short)| *short).map(|(l, _)| l.as_str()).collect();
    eprintln!("codes read, every page:\n{}", report.join("\n"));
    assert!(failures.is_empty(), "codes that did not read:\n{}", failures.join("\n"));
}

/// The negative controls: what housie 0.12 drew fails these renders. Its barcodes were glyphs
/// of a font, which Ghostscript's glyph cache puts on whole pixels; and its QR codes were
/// 100 % K, which a bilevel Ghostscript render screens to a dark grey that does not decode.
#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_gs, housie_missing_zbarimg),
    ignore = "needs pdftoppm, gs and zbarimg (apt-get install poppler-utils ghostscript zbar-tools)"
)]
fn housie_0_12_s_codes_fail_the_every_page_renders() {
    if ["pdftoppm", "gs", "zbarimg"].iter().any(|t| tool(t).is_none()) {
        return;
    }
    let d = Dir::new();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    // 100 books of classic-letter as 0.12 drew them.
    let want = as_drawn_by(&d, "0.12.0", |record| {
        let toml = housie_core::print::template::BUILTIN.iter().find(|(n, _)| *n == "classic-letter").unwrap().1;
        record.template.toml = toml.to_string();
        record.template.name = "classic-letter".into();
        record.settings.template = "classic-letter".into();
        record.settings.subtitle = None;
        (record.settings.bleed_mm, record.settings.crop_marks) = (0.0, false);
    });
    let got = counts(&d.join("old/books.pdf"), &want, false, &[Render::Ghostscript], &d.join("scratch"));
    let at_150 = got[0].1;
    eprintln!("0.12 classic-letter, Ghostscript grey at 150 dpi: {at_150} of {}", want.len());
    assert!(at_150 < want.len(), "0.12's barcodes, Ghostscript at 150 dpi: {at_150} of {}", want.len());

    let phone = data.join("golden-0.12.0-phone");
    let want: BTreeSet<String> = manifest_rows(&std::fs::read_to_string(phone.join("manifest.csv")).unwrap())
        .into_iter()
        .map(|r| r.serial)
        .collect();
    let got = counts(&phone.join("books.pdf"), &want, true, &[Render::GhostscriptBilevel], &d.join("scratch"));
    assert_eq!(got.iter().map(|(_, n)| n).sum::<usize>(), 0, "0.12's QR codes, bilevel Ghostscript: {got:?}");
}

/// The negative control for the grid: housie 0.14's barcodes, whose bars ended where the serial
/// line ended, 0.42 mm a module (1.98 pixels at 120 dpi). On Letter with a 3 mm bleed and crop
/// marks every barcode fell in the same phase of poppler's bilevel 120 dpi pixels, and a bar of
/// one module was drawn one pixel wide or three: it read none of them.
#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_gs, housie_missing_zbarimg),
    ignore = "needs pdftoppm, gs and zbarimg (apt-get install poppler-utils ghostscript zbar-tools)"
)]
fn housie_0_14_s_barcodes_fail_poppler_s_bilevel_render_of_a_bled_page() {
    if ["pdftoppm", "gs", "zbarimg"].iter().any(|t| tool(t).is_none()) {
        return;
    }
    let d = Dir::new();
    // 100 books as 0.14 drew them (Letter, a bleed, crop marks).
    let want = as_drawn_by(&d, "0.14.0", |record| {
        assert_eq!((record.settings.bleed_mm, record.settings.crop_marks), (3.0, true));
    });
    let got = counts(&d.join("old/books.pdf"), &want, false, &[Render::PopplerBilevel], &d.join("scratch"));
    eprintln!("0.14 classic-letter, bled and marked, poppler bilevel: {got:?} of {}", want.len());
    assert_eq!(got[0].1, want.len(), "0.14's barcodes read at 150 dpi: {got:?}");
    assert!(got[1].1 < want.len() / 10, "0.14's barcodes, poppler bilevel at 120 dpi: {got:?}");
}

/// 100 books drawn into `d`'s `old` as housie `version` drew them: its golden run's record,
/// without games or a logo, edited by `edit`, regenerated by this housie. The serials drawn.
fn as_drawn_by(d: &Dir, version: &str, edit: impl FnOnce(&mut housie_core::RunRecord)) -> BTreeSet<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let (mut record, _) = housie_files::record::read_record(&data.join(format!("golden-{version}"))).unwrap();
    (record.settings.books, record.settings.games, record.settings.logo) = (100, None, None);
    edit(&mut record);
    let plan = housie_core::GeneratePlan::from_record(&record, None, &housie_files::read::Disk).unwrap();
    crate::util::generate(&plan, &d.join("old"), &|_| {}).unwrap();
    serials(d, "old")
}

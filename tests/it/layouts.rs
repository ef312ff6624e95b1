//! Layouts other than a strip a page: 12 to view, 24 on a landscape page, slips, large print,
//! and the Letter versions; the manifest's `file,page` columns stay true for each.

use crate::util::{manifest_rows, page_text, run_tool, tool, Dir};

/// The serials pdftotext finds on each page of a PDF, in reading order.
fn serials_by_page(pdf: &str, pages: usize) -> Option<Vec<Vec<String>>> {
    let pdftotext = tool("pdftotext")?;
    let mut out = Vec::new();
    for page in 1..=pages {
        let text = page_text(&pdftotext, pdf, page);
        let mut serials: Vec<String> = text
            .split_whitespace()
            .filter(|w| w.matches('-').count() >= 2 && w.starts_with("00"))
            .map(String::from)
            .collect();
        serials.sort();
        out.push(serials);
    }
    Some(out)
}

/// Every serial is on the page the manifest says, and each page holds `per_page` of them.
fn manifest_matches_pages(d: &Dir, file: &str, pages: usize, per_page: usize) {
    let pdf = d.join(&format!("o/{file}")).display().to_string();
    let Some(found) = serials_by_page(&pdf, pages) else { return };
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    for (i, on_page) in found.iter().enumerate() {
        let mut want: Vec<String> =
            rows.iter().filter(|r| r.file == file && r.page == i as u64 + 1).map(|r| r.serial.clone()).collect();
        want.sort();
        assert_eq!(on_page, &want, "{file} page {}", i + 1);
        assert!(on_page.len() == per_page || i + 1 == pages, "page {}: {} serials", i + 1, on_page.len());
    }
}

/// Every code zbarimg decodes on a page rendered at 300 dpi, sorted (`None`: the tools are
/// missing and the test skips).
fn scan_page(d: &Dir, pdf: &str, page: usize) -> Option<Vec<String>> {
    let (pdftoppm, zbarimg) = (tool("pdftoppm")?, tool("zbarimg")?);
    let prefix = d.join(&format!("scan-{page}")).display().to_string();
    let p = page.to_string();
    let (code, _, err) = run_tool(
        &pdftoppm,
        &["-r", "300", "-png", "-singlefile", "-f", &p, "-l", &p, &d.join(pdf).display().to_string(), &prefix],
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run_tool(&zbarimg, &["--raw", "-q", &format!("{prefix}.png")]);
    assert_eq!(code, 0, "zbarimg found nothing on page {page}: {err}");
    let mut scanned: Vec<String> = out.lines().map(String::from).collect();
    scanned.sort_unstable();
    Some(scanned)
}

fn page_size(d: &Dir, file: &str, page: usize) -> Option<String> {
    let pdfinfo = tool("pdfinfo")?;
    let p = page.to_string();
    let (code, out, err) =
        run_tool(&pdfinfo, &["-f", &p, "-l", &p, &d.join(&format!("o/{file}")).display().to_string()]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .find(|l| l.starts_with(&format!("Page {:>4} size:", page)))
        .map(|l| l.split(':').nth(1).unwrap().trim().to_string())
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn twelve_to_view_puts_two_strips_on_each_page() {
    let d = Dir::new();
    d.run(&["generate", "--books", "5", "--template", "twelve", "--seed", "12", "--out", "o", "-q"]).success();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let pages: Vec<u64> = rows.iter().step_by(6).map(|r| r.page).collect();
    assert_eq!(pages, [1, 1, 2, 2, 3], "two books a page");
    manifest_matches_pages(&d, "books.pdf", 3, 12);
    if let Some(size) = page_size(&d, "books.pdf", 1) {
        assert!(size.starts_with("595.28 x 841.89"), "{size}");
    }
    d.run(&["verify", "o"]).success();
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn large_print_spreads_a_book_over_two_pages_that_say_so() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--template", "large-print", "--seed", "lp", "--out", "o", "-q"]).success();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let pages: Vec<u64> = rows.iter().map(|r| r.page).collect();
    assert_eq!(pages, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    manifest_matches_pages(&d, "books.pdf", 4, 3);
    let Some(pdftotext) = tool("pdftotext") else { return };
    let text = page_text(&pdftotext, &d.join("o/books.pdf").display().to_string(), 4);
    assert!(text.contains("Page 2 of 2 of book 2"), "{text}");
    if let Some(size) = page_size(&d, "books.pdf", 4) {
        assert!(size.starts_with("595.28 x 841.89"), "{size}");
    }
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn every_shipped_template_has_a_letter_version_that_fits() {
    for name in ["classic-letter", "festival-letter", "twelve-letter", "large-print-letter", "slips-letter"] {
        let d = Dir::new();
        d.run(&["generate", "--books", "2", "--template", name, "--seed", "l", "--bleed", "3", "--out", "o", "-q"])
            .success();
        if let Some(size) = page_size(&d, "books.pdf", 1) {
            // Letter, 612 × 792 pt, with the 3 mm bleed each side.
            assert!(size.starts_with("629.01 x 809.01"), "{name}: {size}");
        }
    }
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn twelve_to_view_with_booklets_prints_by_game() {
    let d = Dir::new();
    let args = ["generate", "--booklets", "4", "--games", "3", "--template", "twelve", "--seed", "b", "--out", "o"];
    let err = d.run(&args).expect_code(2).stderr();
    assert!(err.contains("--order is `booklets`, but template `twelve` puts 2 books on a page"), "{err}");
    let mut args = args.to_vec();
    args.extend(["--order", "games", "-q"]);
    d.run(&args).success();
    // Each game's file: booklets 1–2 on page 1, 3–4 on page 2.
    for g in 1..=3u16 {
        let file = format!("game-{g:02}.pdf");
        manifest_matches_pages(&d, &file, 2, 12);
    }
    let Some(pdftotext) = tool("pdftotext") else { return };
    let text = page_text(&pdftotext, &d.join("o/game-03.pdf").display().to_string(), 2);
    assert!(text.contains("Booklets 3–4 · Game 3 · Lime"), "{text}");
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_zbarimg),
    ignore = "needs pdftoppm and zbarimg (apt-get install poppler-utils zbar-tools)"
)]
fn all_twelve_barcodes_on_a_twelve_to_view_page_scan() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--template", "twelve", "--seed", "scan", "--out", "o", "-q"]).success();
    let Some(scanned) = scan_page(&d, "o/books.pdf", 1) else { return };
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let mut want: Vec<&str> = rows.iter().map(|r| r.serial.as_str()).collect();
    want.sort_unstable();
    assert_eq!(scanned, want);
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn two_up_sheets_cut_and_stack_into_book_order() {
    let d = Dir::new();
    let args = ["generate", "--books", "5", "--seed", "cut", "--impose", "2up", "--bleed", "3", "--crop-marks"];
    d.run(&[&args[..], &["--out", "o", "-q"]].concat()).success();
    // Two A4 pages with bleed and marks side by side: 450 × 312 mm, inside SRA3 (450 × 320).
    if let Some(size) = page_size(&d, "books.pdf", 1) {
        assert!(size.starts_with("1275.59 x 884.41"), "{size}");
    }
    let Some(pdftotext) = tool("pdftotext") else { return };
    let pdf = d.join("o/books.pdf").display().to_string();
    let mut halves = Vec::new();
    for sheet in 1..=3 {
        let text = page_text(&pdftotext, &pdf, sheet);
        let books: Vec<u64> =
            text.split("Book ").skip(1).map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap()).collect();
        halves.push(books);
    }
    // Sheet k: page k on the left, page 3 + k on the right; the left pile then the right is 1–5.
    assert_eq!(halves, vec![vec![1, 4], vec![2, 5], vec![3]]);
    // The manifest keeps each book's page; verify regenerates the imposed file byte for byte.
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    assert_eq!(rows.iter().step_by(6).map(|r| r.page).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    d.run(&["verify", "o"]).success();
    // A sheet of two pages has no one finished size: not declared PDF/X, no TrimBox or BleedBox.
    let doc = lopdf::Document::load(d.join("o/books.pdf")).unwrap();
    assert!(doc.catalog().unwrap().get(b"OutputIntents").is_err(), "no OutputIntent on 2-up");
    let info = doc.get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap()).unwrap();
    assert!(!info.has(b"GTS_PDFXVersion") && !info.has(b"GTS_PDFXConformance"), "{info:?}");
    assert!(info.has(b"CreationDate") && info.has(b"HousieRun"), "{info:?}");
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).unwrap();
        assert!(!page.has(b"TrimBox") && !page.has(b"BleedBox"), "{page:?}");
    }
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_zbarimg),
    ignore = "needs pdftoppm and zbarimg (apt-get install poppler-utils zbar-tools)"
)]
fn qr_codes_scan_back_to_their_serials_and_need_room() {
    let classic = housie_core::print::template::BUILTIN[0].1;
    let qr = classic
        .replace("name = \"classic\"", "name = \"classic-qr\"")
        .replace("cut_guides = true", "cut_guides = true\nbarcode = \"qr\"");
    let d = Dir::new();
    std::fs::write(d.join("qr.toml"), &qr).unwrap();
    // Too little room under the serial line is refused with the figures.
    let tight = qr.replace("serial_height = 10.5", "serial_height = 5.5").replace("height = 26.5", "height = 31.5");
    std::fs::write(d.join("tight.toml"), tight).unwrap();
    let err = d.run(&["generate", "--books", "1", "--template", "tight.toml", "--out", "t"]).expect_code(2).stderr();
    assert!(err.contains("ticket.barcode = \"qr\" needs a ticket.serial_height of at least 7.5 mm"), "{err}");
    d.run(&[
        "generate",
        "--booklets",
        "1",
        "--games",
        "10",
        "--seed",
        "qr",
        "--template",
        "qr.toml",
        "--out",
        "o",
        "-q",
    ])
    .success();
    // Game 10's page: the longest serials, `000001-10-T-C`.
    let Some(scanned) = scan_page(&d, "o/books.pdf", 10) else { return };
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let mut want: Vec<&str> = rows.iter().filter(|r| r.game == 10).map(|r| r.serial.as_str()).collect();
    want.sort_unstable();
    assert_eq!(scanned, want);
    assert!(want[0].starts_with("000001-10-"));
}

/// A phone-only booklet exported from a `phone` run: each ticket's QR link carries that
/// ticket's code, so a scanned code follows it as the link in links.csv does; a booklet for
/// paper keeps the plain link.
#[test]
#[cfg_attr(
    any(housie_missing_pdftoppm, housie_missing_zbarimg),
    ignore = "needs pdftoppm and zbarimg (apt-get install poppler-utils zbar-tools)"
)]
fn a_phone_only_booklets_qr_links_carry_their_codes() {
    let d = Dir::new();
    let url = "http://192.168.1.20:8080";
    d.run(&["generate", "--books", "3", "--template", "phone", "--player-url", url, "--out", "r", "-q"]).success();
    d.run(&["export", "r", "--books", "1", "--phone-only", "--out", "phones"]).success();
    d.run(&["export", "r", "--books", "2", "--out", "paper"]).success();
    let Some(scanned) = scan_page(&d, "phones/booklet-000001.pdf", 1) else { return };
    let links = d.read("phones/links.csv");
    let first: Vec<&str> = links.lines().nth(1).unwrap().split(',').collect();
    let (serial, code) = (first[3], first[4]);
    assert_eq!(scanned.len(), 6, "{scanned:?}");
    assert!(scanned.contains(&format!("{url}/p/{serial}?c={code}")), "{scanned:?} {serial} {code}");
    assert!(scanned.iter().all(|s| s.contains("?c=")), "{scanned:?}");
    let paper = scan_page(&d, "paper/booklet-000002.pdf", 1).unwrap();
    assert!(paper.iter().all(|s| s.starts_with(&format!("{url}/p/000002-")) && !s.contains('?')), "{paper:?}");
}

#[test]
fn the_progress_counts_to_the_pages_printed() {
    let d = Dir::new();
    for (template, books, pages) in [("classic", 5, 5), ("twelve", 5, 3), ("large-print", 5, 10)] {
        let settings = housie_core::Settings { books, template: template.into(), ..housie_core::Settings::default() };
        let plan = crate::util::plan("p", settings);
        assert_eq!(plan.page_count(), pages, "{template}");
        let last = std::sync::atomic::AtomicU64::new(0);
        crate::util::generate(&plan, &d.join(template), &|n| {
            last.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(last.into_inner(), pages, "{template}: the last progress report");
    }
}

/// The right half of a page as grey pixels (below the header), darkest first: any grid line
/// there is dark.
fn darkest_in_right_half(page: &image::GrayImage) -> u8 {
    let (w, h) = page.dimensions();
    (w * 11 / 20..w)
        .flat_map(|x| (h / 10..h).map(move |y| (x, y)))
        .map(|(x, y)| page.get_pixel(x, y).0[0])
        .min()
        .unwrap()
}

/// A book exported alone from twelve (two strips a page) is one strip, with no empty grids
/// beside it, in the PDF and the PNG; the print file's last page, half full, keeps its six
/// empty grids as every version drew them (the negative control).
#[test]
#[cfg_attr(housie_missing_pdftoppm, ignore = "needs pdftoppm (apt-get install poppler-utils)")]
fn a_book_exported_alone_from_twelve_has_no_empty_grids() {
    let Some(pdftoppm) = tool("pdftoppm") else { return };
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--template", "twelve", "--seed", "alone", "--out", "r", "-q"]).success();
    d.run(&["export", "r", "--books", "3", "--out", "pdf"]).success();
    d.run(&["export", "r", "--books", "3", "--png", "--out", "png"]).success();
    let render = |pdf: &str, page: usize, out: &str| {
        let p = page.to_string();
        let (code, _, err) = run_tool(
            &pdftoppm,
            &["-gray", "-png", "-r", "40", "-f", &p, "-l", &p, "-singlefile", pdf, &d.join(out).to_string_lossy()],
        );
        assert_eq!(code, 0, "{err}");
        image::open(d.join(&format!("{out}.png"))).unwrap().to_luma8()
    };
    let printed = render(&d.join("r/books.pdf").to_string_lossy(), 2, "printed");
    assert!(darkest_in_right_half(&printed) < 100, "the print file's half page keeps its empty grids");
    let exported = render(&d.join("pdf/booklet-000003.pdf").to_string_lossy(), 1, "exported");
    assert!(darkest_in_right_half(&exported) > 200, "the exported PDF has grids beside the book");
    let picture = image::open(d.join("png/booklet-000003.png")).unwrap().to_luma8();
    assert!(darkest_in_right_half(&picture) > 200, "the exported PNG has grids beside the book");
    // The book itself is there: its six serials.
    let text = d.read("pdf/links.csv");
    assert!(text.contains("000003-1-"), "{text}");
}

/// Tambola's 24 a page: four strips side by side on A4 turned on its side, each page's
/// serials where the manifest says, and a landscape page refused for 2-up (which sets upright
/// pages side by side).
#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdfinfo),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn twenty_four_puts_four_strips_on_a_landscape_page() {
    let d = Dir::new();
    d.run(&["generate", "--books", "5", "--template", "twenty-four", "--seed", "24", "--out", "o", "-q"]).success();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let pages: Vec<u64> = rows.iter().step_by(6).map(|r| r.page).collect();
    assert_eq!(pages, [1, 1, 1, 1, 2], "four books a page");
    manifest_matches_pages(&d, "books.pdf", 2, 24);
    if let Some(size) = page_size(&d, "books.pdf", 1) {
        assert!(size.starts_with("841.89 x 595.28"), "A4 on its side: {size}");
    }
    d.run(&["verify", "o"]).success();
    let err = d
        .run(&[
            "generate",
            "--books",
            "4",
            "--template",
            "twenty-four",
            "--impose",
            "2up",
            "--seed",
            "24",
            "--out",
            "p",
        ])
        .expect_code(2)
        .stderr();
    assert!(err.contains("--impose is `2up`") && err.contains("is landscape"), "{err}");
    assert!(!d.join("p").exists());
}

/// Slips sold one by one: each ticket carries the event's title over its serial (a Hindi one
/// shaped, and found by pdftotext on every slip).
#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs pdftotext (apt-get install poppler-utils)")]
fn slips_carry_the_title_on_every_ticket() {
    let d = Dir::new();
    let title = "दिवाली तम्बोला 2026";
    d.run(&["generate", "--books", "2", "--template", "slips", "--title", title, "--seed", "s", "--out", "o", "-q"])
        .success();
    manifest_matches_pages(&d, "books.pdf", 1, 12);
    let Some(pdftotext) = tool("pdftotext") else { return };
    let text = page_text(&pdftotext, &d.join("o/books.pdf").display().to_string(), 1);
    // Twelve slips and the page's header.
    assert_eq!(text.matches(title).count(), 13, "{text}");
    d.run(&["verify", "o"]).success();
}

/// A title too wide for a slip is refused before anything is written, naming the title; a
/// template's label beside a Code 128 symbol (which fills the serial line) is refused at its
/// key.
#[test]
fn a_slip_s_label_must_fit() {
    let d = Dir::new();
    let long = "The Grand Annual Charity Tambola Night of the Sun City Housing Society";
    let err = d
        .run(&["generate", "--books", "1", "--template", "slips", "--title", long, "--seed", "s", "--out", "o"])
        .expect_code(2)
        .stderr();
    assert!(
        err.contains("--title") && err.contains("printed on every ticket as") && err.contains("shorten it"),
        "{err}"
    );
    assert!(!d.join("o").exists());
    let slips = housie_core::print::template::BUILTIN.iter().find(|(n, _)| *n == "slips").unwrap().1;
    std::fs::write(d.join("t.toml"), slips.replace("barcode = \"none\"", "barcode = \"code128\"")).unwrap();
    let err = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "p"]).expect_code(2).stderr();
    assert!(err.contains("ticket.label needs ticket.barcode = \"qr\" or \"none\""), "{err}");
    // A placeholder the header knows is not one a label fills: it would print as written.
    std::fs::write(d.join("t.toml"), slips.replace("label = \"{title}\"", "label = \"{title} {book}\"")).unwrap();
    let err = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "p"]).expect_code(2).stderr();
    assert!(err.contains("ticket.label uses {book}; its only placeholder is {title}"), "{err}");
    assert!(!d.join("p").exists());
}

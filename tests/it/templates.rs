//! Every template, font and title error, refused with a clear message before anything is written.

use crate::util::Dir;

fn refused(template: Option<&str>, extra: &[&str], message: &str) {
    let d = Dir::new();
    let mut args = vec!["generate", "--books", "1", "--seed", "t", "--out", "o"];
    if let Some(text) = template {
        std::fs::write(d.join("t.toml"), text).unwrap();
        args.extend(["--template", "t.toml"]);
    }
    args.extend(extra);
    let run = d.run(&args).expect_code(2);
    let err = run.stderr();
    assert!(err.contains(message), "expected {message:?} in:\n{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!d.join("o").exists(), "nothing may be written");
}

fn classic() -> String {
    housie_core::print::template::BUILTIN[0].1.to_string()
}

#[test]
fn an_unknown_key_is_named_with_its_line() {
    let text = classic().replace("cut_guides = true", "cut_guides = true\nnumber_colour = [0, 0, 0, 100]");
    let line = text.lines().position(|l| l.starts_with("number_colour")).unwrap() + 1;
    refused(Some(&text), &[], &format!("t.toml:{line}: unknown field `number_colour`"));
    let typo = classic().replace("margin_left", "margin_lft");
    refused(Some(&typo), &[], "unknown field `margin_lft`");
}

#[test]
fn a_mistyped_value_is_named_with_its_line() {
    let text = classic().replace("number_size = 20.0", "number_size = \"big\"");
    let line = text.lines().position(|l| l.starts_with("number_size")).unwrap() + 1;
    refused(Some(&text), &[], &format!("t.toml:{line}: invalid type: string \"big\""));
    refused(Some(&classic().replace("size = \"a4\"", "size = \"a3\"")), &[], "unknown variant `a3`");
}

#[test]
fn parts_that_do_not_fit_are_refused_with_their_measurements() {
    let tall = classic().replace("height = 26.5", "height = 40.0");
    refused(
        Some(&tall),
        &[],
        "parts are 377.0 mm tall but the page is 297 mm: top margin 6 + header 13 + 6 × (serial 10.5 + ticket 40 + gap 7) + footer 9 + bottom margin 4",
    );
    let wide = classic().replace("width = 186.0", "width = 200.0");
    refused(
        Some(&wide),
        &[],
        "parts are 224.0 mm wide but the page is 210 mm: left margin 12 + ticket 200 + right margin 12",
    );
}

#[test]
fn illegible_numbers_and_hairlines_are_refused() {
    refused(
        Some(&classic().replace("number_size = 20.0", "number_size = 12.0")),
        &[],
        "ticket.number_size is 12 pt, at least 16 pt",
    );
    refused(
        Some(&classic().replace("line_width = 0.5", "line_width = 0.1")),
        &[],
        "ticket.line_width is 0.1 pt, at least 0.25 pt",
    );
    refused(
        Some(&classic().replace("number_size = 20.0", "number_size = 40.0")),
        &[],
        "ticket.number_size 40 pt needs rows",
    );
}

/// Lines so thick that they cut through the numbers (or black out the page) are refused, the
/// bound measured against the cell and the numbers' size rather than a fixed constant.
#[test]
fn lines_that_would_cover_the_numbers_are_refused() {
    let classic = classic();
    let line = |w: &str| classic.replace("line_width = 0.5", &format!("line_width = {w}"));
    refused(
        Some(&line("15")),
        &[],
        "ticket.line_width is 15 pt and leaves 15.4 × 3.5 mm of a 20.7 × 8.8 mm cell clear; the numbers need 8.5 × 6.0 mm",
    );
    refused(Some(&line("500")), &[], "ticket.line_width is 500 pt and leaves 0.0 × 0.0 mm");
    refused(
        Some(&classic.replace("border_width = 1.5", "border_width = 40")),
        &[],
        "ticket.border_width is 40 pt and leaves",
    );
    // Thick but clear is the organiser's choice.
    let d = Dir::new();
    std::fs::write(d.join("t.toml"), line("4")).unwrap();
    d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "o", "-q"]).success();
}

#[test]
fn bad_colours_and_placeholders_are_refused() {
    refused(
        Some(&classic().replace("[0.0, 0.0, 0.0, 12.0]", "[0.0, 0.0, 0.0, 120.0]")),
        &[],
        "ticket.blank_shade is [0.0, 0.0, 0.0, 120.0], each of c, m, y, k must be 0–100",
    );
    refused(
        Some(&classic().replace("Book {book}", "Book {number}")),
        &[],
        "header.right uses {number}; placeholders are {title}, {book}, {page}, {pages}",
    );
}

#[test]
fn unknown_templates_fonts_and_glyphs_are_refused() {
    refused(None, &["--template", "glitter"], "no template named `glitter`");
    refused(
        None,
        &["--title", "বাংলা Tambola"],
        "--title is in Bengali script ('ব', U+09AC), which neither the font LiberationSans-Bold nor housie's own fonts print",
    );
    refused(None, &["--font", "missing.ttf"], "missing.ttf: No such file");
    let d = Dir::new();
    std::fs::write(d.join("fake.ttf"), "not a font").unwrap();
    let run = d.run(&["generate", "--books", "1", "--out", "o", "--font", "fake.ttf"]).expect_code(2);
    assert!(run.stderr().contains("fake.ttf: not a TrueType/OpenType font"), "{}", run.stderr());
    refused(None, &["--bleed", "50"], "--bleed is 50 mm; it must be between 0 and 20");
}

#[test]
#[cfg_attr(housie_missing_dejavu, ignore = "needs a DejaVu font (apt-get install fonts-dejavu-core)")]
fn another_font_is_embedded_when_asked() {
    let Some(font) = crate::util::package_file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core")
    else {
        return;
    };
    let font = font.to_str().unwrap();
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--seed", "f", "--font", font, "--title", "Bingo ★", "--out", "o", "-q"])
        .success();
    // The bundled font has no ★; the chosen one does, and is the one embedded.
    refused(None, &["--title", "Bingo ★"], "--title contains '★' (U+2605)");
    let pdf = std::fs::read(d.join("o/books.pdf")).unwrap();
    assert!(pdf.windows(10).any(|w| w == b"DejaVuSans"));
}

#[test]
fn the_letter_templates_fit_us_letter_without_editing() {
    for name in ["classic-letter", "festival-letter"] {
        let d = Dir::new();
        let (doc, id) = crate::util::first_page(&d, name, "2", "letter");
        let trim = crate::util::pdf_box(&doc, id, "TrimBox");
        assert!((trim[2] - trim[0] - 612.0).abs() < 0.1 && (trim[3] - trim[1] - 792.0).abs() < 0.1, "{name}: {trim:?}");
        d.run(&["verify", "o"]).success();
    }
}

/// Tickets closer than 3 mm to the cuts between them are printed, with a warning that says how
/// much room to leave (a refusal would stop older runs, which keep their template, regenerating):
/// housie 0.7's `classic` left 2.2 mm; no shipped template is warned about.
#[test]
fn tickets_too_close_to_their_cuts_are_warned_about() {
    let warning = "housie: warning: the tickets come within";
    let record: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-0.7.0/run.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let d = Dir::new();
    std::fs::write(d.join("old.toml"), record["template"]["toml"].as_str().unwrap().replace("\"classic\"", "\"old\""))
        .unwrap();
    let err = d.run(&["generate", "--books", "1", "--template", "old.toml", "--out", "old", "-q"]).success().stderr();
    assert!(
        err.contains(&format!(
            "{warning} 2.2 mm of the cuts between them, where a print shop keeps 3 mm clear; leave 6.5 mm"
        )),
        "{err}"
    );
    for (name, _) in housie_core::print::template::BUILTIN {
        let args = [
            &["generate", "--books", "1", "--template", name, "--out", name, "-q"][..],
            &crate::util::player_url_args(name),
        ]
        .concat();
        let err = d.run(&args).success().stderr();
        assert!(!err.contains(warning), "{name}: {err}");
    }
}

/// `[ticket.qr]` shapes a QR code only: set beside a Code 128 barcode (or none) it would change
/// nothing, and a new run is refused saying so. A run whose recorded template has it still
/// verifies (the rule is a new run's, not every template's).
#[test]
fn qr_keys_without_a_qr_code_are_refused() {
    let with_qr_keys = classic() + "\n[ticket.qr]\nmodule = 0.5\n";
    refused(
        Some(&with_qr_keys),
        &[],
        "t.toml: [ticket.qr] is set but ticket.barcode is \"code128\", so it would change nothing; set \
         ticket.barcode = \"qr\" or take out [ticket.qr]",
    );
    let none = with_qr_keys.replace("[ticket]\n", "[ticket]\nbarcode = \"none\"\n");
    refused(Some(&none), &[], "ticket.barcode is \"none\", so it would change nothing");
    // With a QR code they apply.
    let d = Dir::new();
    let qr = with_qr_keys.replace("[ticket]\n", "[ticket]\nbarcode = \"qr\"\n").replace("module = 0.5", "shave = 0.05");
    std::fs::write(d.join("t.toml"), qr).unwrap();
    d.run(&["generate", "--books", "1", "--seed", "t", "--template", "t.toml", "--out", "o", "-q"]).success();
}

/// twelve has no footer: its subtitle would print across the cut between its two strips (an
/// organiser's OCR read `सन सिटी | सोसाइटी`), so a subtitle is refused there, saying why and
/// what to do, and nothing is written; the same subtitle prints on classic.
#[test]
fn a_subtitle_on_twelves_cut_is_refused() {
    let d = Dir::new();
    for look in ["twelve", "twelve-letter"] {
        let args = ["generate", "--books", "2", "--template", look, "--subtitle", "सन सिटी सोसाइटी", "--out", look];
        let err = d.run(&args).expect_code(2).stderr();
        assert_eq!(
            err.trim(),
            "housie: the subtitle would print across the cut between the columns of tickets, where this look has no \
             footer; put it in the title, or choose a look with one column of tickets",
            "{look}"
        );
        assert!(!d.join(look).exists());
    }
    d.run(&["generate", "--books", "2", "--subtitle", "सन सिटी सोसाइटी", "--out", "classic", "-q"]).success();
}

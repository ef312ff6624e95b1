//! Fit checks, measured with the font's advance widths on the widest page of the run: every
//! refusal and warning with its message.

use housie_core::print::font::Font;

use crate::util::Dir;

fn classic() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/housie-core/templates/classic.toml")).unwrap()
}

#[test]
fn a_title_too_long_for_the_header_is_refused_with_the_measures() {
    let d = Dir::new();
    let title = "Grand Charity Bingo Night in Aid of the Village Hall Roof Restoration Fund 2026";
    let r = d.run(&["generate", "--books", "1", "--title", title, "--out", "o", "-q"]).expect_code(2);
    let err = r.stderr();
    assert!(err.starts_with("housie: the header does not fit on the widest page (book 1): `"), "{err}");
    assert!(err.contains("need 235.7 mm with the 3 mm gap between them, but the header is 186.0 mm wide"), "{err}");
    assert!(!d.join("o").exists());
}

#[test]
fn the_header_is_measured_at_the_widest_book_number_not_book_one() {
    // A title that fits beside "Book 1" but not beside "Book 100000".
    let font = Font::bundled();
    let mm = |s: &str| font.width(s, 16.0) * 25.4 / 72.0;
    let mut title = String::from("Spring");
    while mm(&format!("{title}W")) + mm("Book 100000") + 3.0 <= 186.0 {
        title.push('W');
    }
    title.push('W');
    assert!(mm(&title) + mm("Book 1") + 3.0 <= 186.0, "the title must fit at book 1");
    let d = Dir::new();
    d.run(&["generate", "--books", "1", "--title", &title, "--out", "a", "-q"]).success();
    let r = d.run(&["generate", "--books", "2", "--first-book", "99999", "--title", &title, "--out", "b", "-q"]);
    let err = r.expect_code(2).stderr();
    assert!(err.contains("the header does not fit on the widest page (book 100000)"), "{err}");
}

#[test]
fn colour_to_the_trim_bleeds_by_default_and_without_bleed_is_warned_about() {
    let d = Dir::new();
    let warning =
        "housie: warning: the page's colour runs to the trim edge with no bleed; use --bleed 3 for a print shop";
    let r = d.run(&["generate", "--books", "1", "--template", "festival", "--out", "a", "-q"]).success();
    assert!(!r.stderr().contains("warning"), "{}", r.stderr());
    let record: serde_json::Value = serde_json::from_str(&d.read("a/run.json")).unwrap();
    assert_eq!(record["settings"]["bleed_mm"], 3.0);
    let r = d.run(&["generate", "--books", "1", "--template", "festival", "--bleed", "0", "--out", "z", "-q"]);
    assert!(r.success().stderr().contains(warning));
    // Booklets colour each game's band to the trim too.
    let r = d.run(&["generate", "--booklets", "1", "--games", "2", "--out", "k"]).success();
    assert!(r.stderr().contains("so it bleeds 3 mm past it (--bleed 0 for none)"), "{}", r.stderr());
    let r =
        d.run(&["generate", "--books", "1", "--template", "festival", "--bleed", "3", "--out", "b", "-q"]).success();
    assert!(!r.stderr().contains("warning"), "{}", r.stderr());
    let r = d.run(&["generate", "--books", "1", "--out", "c", "-q"]).success();
    assert!(!r.stderr().contains("warning"), "classic has no colour at the edge: {}", r.stderr());
}

#[test]
fn small_serials_heavy_ink_low_contrast_and_the_safe_zone_are_refused() {
    let cases: [(&str, &str, &str); 5] = [
        (
            "serial_size = 12.0",
            "serial_size = 6.5",
            "ticket.serial_size is 6.5 pt; a serial read aloud from the paper needs at least 7 pt",
        ),
        (
            "size = 16.0",
            "size = 16.0\nband = [100.0, 100.0, 100.0, 20.0]\ncolour = [0.0, 0.0, 0.0, 0.0]",
            "header.band is [100.0, 100.0, 100.0, 20.0], 320 % ink in all; a print shop takes at most 300 %",
        ),
        (
            "size = 16.0",
            "size = 16.0\ncolour = [0.0, 0.0, 100.0, 0.0]",
            "header.colour on the page has a contrast of 1.1:1; at least 3:1 is needed to read it",
        ),
        (
            "margin_bottom = 4.0",
            "margin_bottom = 0.5",
            "the footer comes within 1.5 mm of the trim on the widest page (book 1)",
        ),
        ("width = 186.0", "width = 206.0", "the tickets and the header comes within 2.0 mm of the trim"),
    ];
    for (from, to, message) in cases {
        let d = Dir::new();
        let mut text = classic().replacen(from, to, 1);
        if to == "width = 206.0" {
            text = text.replacen("margin_left = 12.0\nmargin_right = 12.0", "margin_left = 2.0\nmargin_right = 2.0", 1);
        }
        if to == "margin_bottom = 0.5" {
            text = text.replacen("size = 8.0\nheight = 9.0", "size = 8.0\nheight = 4.0", 1);
        }
        assert_ne!(text, classic(), "{from}");
        std::fs::write(d.join("t.toml"), text).unwrap();
        let r = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "o", "-q"]).expect_code(2);
        assert!(r.stderr().contains(message), "{to}: {}", r.stderr());
    }
}

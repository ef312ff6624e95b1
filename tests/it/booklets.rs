//! Booklets of games: serials that tell booklet, game and ticket, the manifest's columns, a
//! colour per game, one file per game in black, and the refusals.

use housie_core::domain::Numbering;
use housie_core::print::palette::default_palette;

use crate::pdf_tools::ink;
use crate::util::{manifest_rows, names, page_text, tool, Dir};

fn booklets(d: &Dir, extra: &[&str]) {
    let mut args = vec!["generate", "--booklets", "3", "--games", "8", "--seed", "night", "--out", "o", "-q"];
    args.extend_from_slice(extra);
    d.run(&args).success();
}

#[test]
fn serials_and_columns_tell_the_booklet_and_the_game() {
    let d = Dir::new();
    booklets(&d, &[]);
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    assert_eq!(rows.len(), 3 * 8 * 6);
    let numbering = Numbering::booklets(8).unwrap();
    for (i, row) in rows.iter().enumerate() {
        let book = i as u64 / 6 + 1;
        let (booklet, game) = ((book - 1) / 8 + 1, ((book - 1) % 8) as u16 + 1);
        assert_eq!((row.book, row.booklet, row.game), (book, booklet, game), "row {}", i + 2);
        let serial = numbering.parse(&row.serial).unwrap();
        assert_eq!(
            (serial.book(), serial.booklet(), serial.game(), serial.ticket()),
            (book, booklet, game, row.ticket)
        );
        assert!(row.serial.starts_with(&format!("{booklet:06}-{game}-{}-", row.ticket)), "{}", row.serial);
        // Booklet order: booklet 1's eight games, then booklet 2's, each a page of books.pdf.
        assert_eq!((row.file.as_str(), row.page), ("books.pdf", book));
    }
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert_eq!((record["settings"]["books"].as_u64(), record["settings"]["games"].as_u64()), (Some(24), Some(8)));
    // Uniqueness across the whole run, and the same bytes again from the seed.
    d.run(&["verify", "o"]).success();
    // A manifest on its own tells its numbering from its rows; a booklet column that disagrees
    // with the serial is named.
    d.run(&["verify", "--manifest-only", "o/manifest.csv"]).success();
    let text = d.read("o/manifest.csv");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[60] = lines[60].rsplitn(3, ',').nth(2).unwrap().to_string() + ",9,3";
    std::fs::write(d.join("edited.csv"), lines.join("\n") + "\n").unwrap();
    let out = d.run(&["verify", "--manifest-only", "edited.csv"]).expect_code(1).stdout();
    assert!(out.contains("edited.csv:61: booklet: `9` is not"), "{out}");
    let e = Dir::new();
    booklets(&e, &[]);
    for file in ["books.pdf", "manifest.csv", "run.json"] {
        assert!(std::fs::read(d.join("o").join(file)).unwrap() == std::fs::read(e.join("o").join(file)).unwrap());
    }
}

#[test]
fn order_games_writes_a_file_per_game_in_booklet_order() {
    let d = Dir::new();
    booklets(&d, &["--order", "games"]);
    let mut want: Vec<String> = (1..=8).map(|g| format!("game-{g:02}.pdf")).collect();
    want.extend(["manifest.csv".to_string(), "run.json".to_string()]);
    assert_eq!(names(&d.join("o")), want);
    for row in manifest_rows(&d.read("o/manifest.csv")) {
        assert_eq!((row.file, row.page), (format!("game-{:02}.pdf", row.game), row.booklet));
    }
    d.run(&["verify", "o"]).success();
}

#[test]
fn each_game_prints_in_its_colour_and_order_games_in_black_only() {
    let d = Dir::new();
    booklets(&d, &["--bleed", "3"]);
    let Some(pages) = ink(&d.join("o/books.pdf").display().to_string()) else { return };
    let palette = default_palette();
    for (i, inks) in pages.iter().enumerate() {
        let colour = palette[i % 8].colour.0;
        for plate in 0..3 {
            // A plate the game's colour does not use stays clean; one it uses shows the band.
            if colour[plate] == 0.0 {
                assert_eq!(inks[plate], 0.0, "page {} ({}): plate {plate}", i + 1, palette[i % 8].name);
            } else {
                assert!(inks[plate] > 0.05, "page {} ({}): plate {plate} {inks:?}", i + 1, palette[i % 8].name);
            }
        }
    }
    let e = Dir::new();
    booklets(&e, &["--bleed", "3", "--order", "games"]);
    for g in 1..=8 {
        let Some(pages) = ink(&e.join(&format!("o/game-{g:02}.pdf")).display().to_string()) else { return };
        assert_eq!(pages.len(), 3);
        for inks in pages {
            assert_eq!(&inks[..3], &[0.0; 3], "game {g} is printed in black only");
        }
    }
}

#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn the_header_names_booklet_game_and_colour() {
    let d = Dir::new();
    booklets(&d, &["--order", "games"]);
    let Some(pdftotext) = tool("pdftotext") else { return };
    let text = page_text(&pdftotext, &d.join("o/game-03.pdf").display().to_string(), 2);
    assert!(text.contains("Booklet 2 · Game 3 · Lime"), "{text}");
    let serials: Vec<&str> = text.split_whitespace().filter(|w| w.starts_with("000002-3-")).collect();
    assert_eq!(serials.len(), 6, "{text}");
}

/// Large print spreads a book over two pages, and its footer says which: in a run of booklets
/// it names the booklet and game the header names, not the drawn book (`book 9` on booklet 2's
/// page, in housie 0.6).
#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn a_large_print_booklet_s_footer_names_its_booklet() {
    let d = Dir::new();
    booklets(&d, &["--template", "large-print"]);
    let Some(pdftotext) = tool("pdftotext") else { return };
    // Booklet 2's first game is book 9 (8 games a booklet): its two pages are 17 and 18.
    let text = page_text(&pdftotext, &d.join("o/books.pdf").display().to_string(), 18);
    assert!(text.contains("Booklet 2 · Game 1 · Blue"), "{text}");
    assert!(text.contains("Page 2 of 2 of booklet 2, game 1"), "{text}");
    assert!(!text.contains("book 9"), "{text}");
}

#[test]
fn booklet_options_are_refused_when_they_do_not_add_up() {
    let d = Dir::new();
    for (args, message) in [
        (&["--booklets", "3", "--games", "0"][..], "invalid value '0' for '--games <G>': 0 is not in 1–99"),
        (&["--booklets", "3", "--games", "100"][..], "100 is not in 1–99"),
        (&["--booklets", "3"][..], "--games"),
        (&["--books", "3", "--order", "games"][..], "--order is `games`, which needs booklets of games"),
        (&["--books", "3", "--games", "4"][..], "--games goes with --booklets"),
        // One reader of numbers for every flag: no sign, no separator, no leading zero.
        (&["--booklets", "+3", "--games", "4"][..], "`+3` is not a whole number: write digits only, like 500"),
        (&["--booklets", "1_000", "--games", "4"][..], "`1_000` is not a whole number"),
        (&["--booklets", "3", "--games", "04"][..], "`04` is not a whole number: write it without leading zeros"),
        (
            &["--booklets", "3", "--games", "8", "--first-book", "2"][..],
            "--first-book is 2; with 8 games a booklet starts at book 1, 9, 17",
        ),
        (
            &["--booklets", "3", "--games", "8", "--order", "games", "--books-per-file", "2"][..],
            "--books-per-file cannot split files",
        ),
    ] {
        let mut all = vec!["generate", "--seed", "x", "--out", "o"];
        all.extend_from_slice(args);
        let stderr = d.run(&all).expect_code(2).stderr();
        assert!(stderr.contains(message), "{args:?}: expected {message:?} in {stderr}");
        assert!(!d.join("o").exists(), "{args:?} wrote files");
    }
}

#[test]
fn check_and_winners_know_the_game_and_count_sales_in_booklets() {
    let d = Dir::new();
    booklets(&d, &[]);
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let row = rows.iter().find(|r| r.booklet == 2 && r.game == 4).unwrap();
    let serial = row.serial.as_str();
    let numbers: Vec<String> = row.cells.iter().filter(|&&n| n != 0).map(u8::to_string).collect();
    let calls = numbers.join(",");
    // Its own game: a full house at the last call.
    let out = d.run(&["check", "o", "--serial", serial, "--calls", &calls, "--game", "4"]).success().stdout();
    assert!(out.starts_with(&format!("{serial}: booklet 2, game 4 (Green), ticket {}", row.ticket)), "{out}");
    assert!(out.contains("full house   complete at call 15"), "{out}");
    // Another game's claim is refused, naming both games.
    let out = d.run(&["check", "o", "--serial", serial, "--calls", &calls, "--game", "3"]).expect_code(1).stdout();
    assert_eq!(
        out.trim(),
        format!(
            "{serial}: REFUSED: {serial} is for game 4 of its booklet (the Green page); this game plays game 3 (the Lime page)"
        )
    );
    // --sold counts booklets.
    let out = d.run(&["check", "o", "--serial", serial, "--calls", &calls, "--sold", "1-1"]).expect_code(1).stdout();
    assert!(out.contains("REFUSED: booklet 2 is not in play in this game (booklets 1, game 4)"), "{out}");
    d.run(&["check", "o", "--serial", serial, "--calls", &calls, "--sold", "2-3"]).success();
    let err = d.run(&["check", "o", "--serial", serial, "--calls", &calls, "--game", "9"]).expect_code(2).stderr();
    assert!(err.contains("--game 9: this run's booklets have games 1–8"), "{err}");
    // A book serial is not one of this run's.
    let err = d.run(&["check", "o", "--serial", "000012-4-7", "--calls", "1"]).expect_code(2).stderr();
    assert!(err.contains("expected BOOKLET-GAME-TICKET-CHECK"), "{err}");

    // winners: one game at a time, over the booklets sold.
    let err = d.run(&["winners", "o", "--calls", &calls]).expect_code(2).stderr();
    assert!(err.contains("say which with --game G"), "{err}");
    let out = d.run(&["winners", "o", "--calls", &calls, "--game", "4", "--sold", "2-2"]).success().stdout();
    assert!(out.starts_with("15 calls over 6 tickets"), "{out}");
    assert!(out.contains(&format!("full house   won at call 15 ({}) by {serial}", numbers.last().unwrap())), "{out}");
    let out = d.run(&["winners", "o", "--calls", &calls, "--game", "5", "--sold", "2-2"]).success().stdout();
    assert!(!out.contains(serial), "game 5's winners hold no game 4 ticket: {out}");
    // Without booklets there is no game to pick.
    let e = Dir::new();
    e.run(&["generate", "--books", "2", "--seed", "p", "--out", "o", "-q"]).success();
    let err = e.run(&["winners", "o", "--calls", "1", "--game", "1"]).expect_code(2).stderr();
    assert!(err.contains("this run has no booklets of games; leave out --game"), "{err}");
}

#[test]
fn a_continued_run_of_booklets_is_the_larger_run_and_keeps_its_games() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "2", "--games", "4", "--seed", "more", "--out", "a", "-q"]).success();
    d.run(&["generate", "--after", "a", "--booklets", "2", "--out", "b", "-q"]).success();
    d.run(&["generate", "--booklets", "4", "--games", "4", "--seed", "more", "--out", "all", "-q"]).success();
    let later = manifest_rows(&d.read("b/manifest.csv"));
    let whole = manifest_rows(&d.read("all/manifest.csv"));
    assert_eq!(later.len(), 48);
    for (row, same) in later.iter().zip(&whole[48..]) {
        assert_eq!(
            (&row.serial, row.booklet, row.game, &row.cells),
            (&same.serial, same.booklet, same.game, &same.cells)
        );
    }
    assert!(later[0].serial.starts_with("000003-1-1-"));
    d.run(&["verify", "b"]).success();
    for (args, message) in [
        (&["--books", "8"][..], "the earlier run is booklets of 4 games; continue it with --booklets B"),
        (&["--booklets", "2", "--games", "5"][..], "the earlier run's booklets have 4 games, not 5"),
    ] {
        let mut all = vec!["generate", "--after", "a", "--out", "c"];
        all.extend_from_slice(args);
        let err = d.run(&all).expect_code(2).stderr();
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

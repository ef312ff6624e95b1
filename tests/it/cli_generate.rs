//! `housie generate` from the outside: files, determinism, and every argument error.

use crate::util::{names, Dir};

#[test]
fn writes_a_manifest_with_the_documented_columns() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "42", "--out", "out", "--quiet"]).success();
    let manifest = d.read("out/manifest.csv");
    let lines: Vec<&str> = manifest.lines().collect();
    assert_eq!(lines.len(), 1 + 18);
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(&header[..4], &["serial", "book", "ticket", "r1c1"]);
    assert_eq!(header[3 + 26], "r3c9");
    assert_eq!(&header[30..], &["file", "page", "booklet", "game"]);
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row.len(), header.len());
    let serial: housie_core::Serial = row[0].parse().unwrap();
    assert_eq!((serial.book(), serial.ticket()), (1, 1));
    assert_eq!(&row[1..3], &["1", "1"]);
    assert_eq!(row[3..30].iter().filter(|c| !c.is_empty()).count(), 15);
    let last: Vec<&str> = lines[18].split(',').collect();
    assert_eq!(&last[1..3], &["3", "6"]);
    assert_eq!(&last[30..], &["books.pdf", "3", "3", "1"], "a plain book is a booklet of one game");
}

#[test]
fn same_seed_same_bytes_different_seed_different_bytes() {
    let d = Dir::new();
    d.run(&["generate", "--books", "50", "--seed", "fair", "--out", "a", "-q"]).success();
    d.run(&["generate", "--books", "50", "--seed", "fair", "--out", "b", "-q"]).success();
    d.run(&["generate", "--books", "50", "--seed", "fair2", "--out", "c", "-q"]).success();
    assert_eq!(d.read("a/manifest.csv"), d.read("b/manifest.csv"));
    assert_ne!(d.read("a/manifest.csv"), d.read("c/manifest.csv"));
}

#[test]
fn without_a_seed_one_is_printed_and_reproduces_the_run() {
    let d = Dir::new();
    let run = d.run(&["generate", "--books", "2", "--out", "a", "-q"]).success();
    let stderr = run.stderr();
    let seed = stderr.split("seed ").nth(1).and_then(|s| s.split_whitespace().next()).expect(&stderr);
    d.run(&["generate", "--books", "2", "--seed", seed, "--out", "b", "-q"]).success();
    assert_eq!(d.read("a/manifest.csv"), d.read("b/manifest.csv"));
}

#[test]
fn first_book_continues_numbering() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--seed", "s", "--first-book", "501", "--out", "a", "-q"]).success();
    let m = d.read("a/manifest.csv");
    assert!(m.lines().nth(1).unwrap().starts_with("000501-1-"));
    assert!(m.lines().last().unwrap().contains(",502,6,"));
}

fn assert_refused(args: &[&str], message: &str) {
    let d = Dir::new();
    std::fs::write(d.join("file"), "not a folder").unwrap();
    let before = crate::util::listing(d.path());
    let run = d.run(args).expect_code(2);
    let stderr = run.stderr();
    assert!(stderr.contains(message), "expected {message:?} in:\n{stderr}");
    assert_eq!(
        stderr
            .trim_end()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with("Usage") && !l.starts_with("For more"))
            .count(),
        1,
        "one line:\n{stderr}"
    );
    assert_eq!(crate::util::listing(d.path()), before, "nothing may be written");
}

#[test]
fn refuses_bad_arguments_with_one_line_and_exit_2() {
    assert_refused(&["generate", "--books", "0", "--out", "o"], "--books must be at least 1");
    assert_refused(&["generate", "--books", "ten", "--out", "o"], "invalid value 'ten' for '--books <N>'");
    assert_refused(&["generate", "--books", "-3", "--out", "o"], "--books");
    assert_refused(&["generate", "--books", "1", "--first-book", "0", "--out", "o"], "--first-book must be at least 1");
    assert_refused(
        &["generate", "--books", "1", "--books-per-file", "0", "--out", "o"],
        "--books-per-file must be at least 1",
    );
    assert_refused(&["generate", "--books", "1", "--out", "file"], "file is not a folder");
    assert_refused(&["generate", "--books", "1", "--out", "file/sub"], "file/sub");
}

#[test]
fn refuses_a_non_empty_folder_without_force() {
    let d = Dir::new();
    std::fs::create_dir(d.join("out")).unwrap();
    std::fs::write(d.join("out/notes.txt"), "mine").unwrap();
    let run = d.run(&["generate", "--books", "1", "--seed", "x", "--out", "out"]).expect_code(2);
    assert!(run.stderr().contains("out is not empty; pass --force"), "{}", run.stderr());
    assert_eq!(names(&d.join("out")), vec!["notes.txt"]);
    d.run(&["generate", "--books", "1", "--seed", "x", "--out", "out", "--force", "-q"]).success();
    assert_eq!(names(&d.join("out")), vec!["books.pdf", "manifest.csv", "notes.txt", "run.json"]);
}

#[test]
fn force_removes_volumes_left_by_a_larger_earlier_run() {
    let d = Dir::new();
    d.run(&["generate", "--books", "5", "--books-per-file", "2", "--seed", "x", "--out", "o", "-q"]).success();
    assert_eq!(names(&d.join("o")).len(), 5);
    d.run(&["generate", "--books", "2", "--seed", "x", "--out", "o", "--force", "-q"]).success();
    // The replaced run's record stays beside the new one: its tickets can still be regenerated.
    assert_eq!(names(&d.join("o")), vec!["books.pdf", "manifest.csv", "run-replaced-1.json", "run.json"]);
    d.run(&["verify", "o"]).success();
}

/// A title that reads alike but holds a character that prints as nothing (a zero-width space)
/// is refused by name, and an address phones cannot reach (an empty name part, port 0) too.
#[test]
fn invisible_title_characters_and_unreachable_player_urls_are_refused() {
    let d = Dir::new();
    let err =
        d.run(&["generate", "--books", "1", "--title", "Spring\u{200B}Fair", "--out", "o"]).expect_code(2).stderr();
    assert!(err.contains("U+200B") && err.contains("zero-width"), "{err}");
    for (url, says) in [("http://x..com", "empty part"), ("http://192.168.1.20:0", "port 0")] {
        let err = d
            .run(&["generate", "--books", "1", "--template", "phone", "--player-url", url, "--out", "o"])
            .expect_code(2)
            .stderr();
        assert!(err.contains(says), "{url}: {err}");
    }
    assert!(!d.join("o").exists());
}

/// `--lang hi` prints the paper's own words in Hindi — क्र. before each serial, the shipped
/// template's booklet, game and colour words — records the language in run.json, and the run
/// verifies; without it a run is English and records nothing; a language housie lacks is
/// refused, naming those it has.
#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn the_papers_words_are_printed_in_the_runs_language() {
    let d = Dir::new();
    let args = |lang: &[&'static str], out: &'static str| {
        let mut a = vec!["generate", "--booklets", "2", "--games", "2", "--title", "दिवाली तम्बोला", "--bleed", "0"];
        a.extend_from_slice(lang);
        a.extend_from_slice(&["--out", out, "-q"]);
        a
    };
    d.run(&args(&["--lang", "hi"], "hi")).success();
    d.run(&args(&[], "en")).success();
    let record: serde_json::Value = serde_json::from_str(&d.read("hi/run.json")).unwrap();
    assert_eq!(record["settings"]["lang"], "hi");
    let english: serde_json::Value = serde_json::from_str(&d.read("en/run.json")).unwrap();
    assert!(english["settings"].get("lang").is_none(), "{}", english["settings"]);
    assert!(d.run(&["verify", "hi"]).success().stdout().starts_with("valid:"));
    let serial = crate::util::manifest_rows(&d.read("hi/manifest.csv"))[0].serial.clone();
    if let Some(pdftotext) = crate::util::tool("pdftotext") {
        let page = |run: &str| {
            let pdf = d.join(run).join("books.pdf");
            crate::util::run_tool(&pdftotext, &["-f", "1", "-l", "1", pdf.to_str().unwrap(), "-"]).1
        };
        let hi = page("hi");
        assert!(hi.contains(&format!("क्र. {serial}")), "{hi}");
        assert!(hi.contains("बुकलेट 1 · खेल 1 · नीला"), "{hi}");
        let en = page("en");
        assert!(en.contains(&format!("No. {serial}")) && en.contains("Booklet 1 · Game 1 · Blue"), "{en}");
    }
    let err = d.run(&args(&["--lang", "xx"], "xx")).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: --lang is `xx`, a language housie has no words in; it has en, hi");
    assert!(!d.join("xx").exists());
}

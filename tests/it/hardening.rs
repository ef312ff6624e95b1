//! Defects a hostile newcomer found (issue 8), each pinned by a test that failed before the fix.

use std::process::{Command, Stdio};

use crate::util::{listing, manifest_rows, Dir};

/// A run of `books` books in `out`, seed "hard".
fn run(d: &Dir, books: &str, out: &str) {
    d.run(&["generate", "--books", books, "--seed", "hard", "--out", out, "-q"]).success();
}

/// Swaps, in place, one number of ticket 1 and one of ticket 2 of book 1 taken from the same
/// column where each ticket holds only that number: every row stays a valid ticket and the
/// book stays valid, but both tickets are forged. Returns the two serials.
fn forge(d: &Dir, out: &str) -> (String, String) {
    let path = d.join(&format!("{out}/manifest.csv"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<Vec<String>> = text.lines().map(|l| l.split(',').map(str::to_string).collect()).collect();
    let filled = |l: &Vec<String>, c: usize| (0..3).filter(|r| !l[3 + r * 9 + c].is_empty()).collect::<Vec<_>>();
    // Two tickets of book 1 (rows 1–6) and a column where each holds one number.
    let (i, j, c) = (1..=6)
        .flat_map(|i| (i + 1..=6).map(move |j| (i, j)))
        .find_map(|(i, j)| {
            (0..9).find(|&c| filled(&lines[i], c).len() == 1 && filled(&lines[j], c).len() == 1).map(|c| (i, j, c))
        })
        .unwrap();
    let (a, b) = (3 + filled(&lines[i], c)[0] * 9 + c, 3 + filled(&lines[j], c)[0] * 9 + c);
    let (x, y) = (lines[i][a].clone(), lines[j][b].clone());
    lines[i][a] = y;
    lines[j][b] = x;
    std::fs::write(&path, lines.iter().map(|l| l.join(",") + "\n").collect::<String>()).unwrap();
    (lines[i][0].clone(), lines[j][0].clone())
}

#[test]
fn winners_leaves_out_forged_rows_as_check_refuses_them() {
    let d = Dir::new();
    run(&d, "6", "r");
    let (first, second) = forge(&d, "r");
    let check = d.run(&["check", "r", "--serial", &first, "--calls", "1 2 3"]).expect_code(1);
    assert!(check.stdout().contains("REFUSED: forged"), "{}", check.stdout());
    // The forged tickets' own numbers called first, so that they would win (only winners are
    // re-drawn).
    let rows = manifest_rows(&d.read("r/manifest.csv"));
    let numbers = |serial: &str| {
        let row = rows.iter().find(|r| r.serial == serial).unwrap();
        (0..3).flat_map(|l| row.row(l)).map(|n| n.to_string()).collect::<Vec<_>>()
    };
    let calls = [numbers(&first), numbers(&second)].concat();
    let winners = d.run(&["winners", "r", "--calls", &calls.join(" ")]).expect_code(1);
    let out = winners.stdout();
    assert!(out.starts_with("30 calls over 34 tickets (uk)\n"), "{out}");
    assert!(
        out.contains(&format!(
            "FORGED: left out 2 ticket(s) whose manifest numbers are not the ones the seed drew: {first}, {second}"
        )),
        "{out}"
    );
    let named: Vec<&str> = out.lines().skip(2).collect();
    assert!(named.iter().all(|l| !l.contains(&first) && !l.contains(&second)), "{out}");
}

/// Runs housie with stdout on a pipe whose read end is already closed.
fn with_closed_stdout(d: &Dir, args: &[&str]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(args)
        .current_dir(d.path())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_verdict() {
    let d = Dir::new();
    run(&d, "3", "r");
    let serial = manifest_rows(&d.read("r/manifest.csv"))[0].serial.clone();
    let cases: [(&[&str], i32); 5] = [
        (&["verify", "r"], 0),
        (&["check", "r", "--serial", &serial, "--calls", "1 2 3"], 1),
        (&["winners", "r", "--calls", "1 2 3"], 0),
        (&["draws", "abc", "--protocol", "1"], 0),
        (&["night", "r"], 2),
    ];
    for (args, code) in cases {
        let (got, stderr) = with_closed_stdout(&d, args);
        assert_eq!(got, code, "housie {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "housie {args:?}: {stderr}");
    }
}

#[test]
fn non_finite_template_numbers_are_refused_with_key_and_line() {
    let d = Dir::new();
    let classic =
        std::fs::read_to_string(env!("CARGO_MANIFEST_DIR").to_string() + "/crates/housie-core/templates/classic.toml")
            .unwrap();
    let line = classic.lines().position(|l| l.starts_with("width = ")).unwrap() + 1;
    for (value, spelled) in [("nan", "nan"), ("inf", "inf"), ("-inf", "-inf"), ("+nan", "nan")] {
        let text = classic.replacen("width = 186.0", &format!("width = {value}"), 1);
        std::fs::write(d.join("t.toml"), text).unwrap();
        let r = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "o", "-q"]).expect_code(2);
        assert_eq!(r.stderr().trim(), format!("housie: t.toml:{line}: ticket.width: {spelled} is not a finite number"));
    }
    let text = classic.replacen("size = 16.0", "size = 16.0\nband = [0.0, nan, 0.0, 0.0]", 1);
    std::fs::write(d.join("t.toml"), text).unwrap();
    let r = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "o", "-q"]).expect_code(2);
    assert!(r.stderr().contains("header.band: nan is not a finite number"), "{}", r.stderr());
    // In the second `[[palette]]` table, found by its line.
    let palette = "\n[[palette]]\nname = \"Blue\"\ncolour = [90.0, 0.0, 0.0, 0.0]\n\n[[palette]]\nname = \"Red\"\ncolour = [0.0, inf, 0.0, 0.0]\n";
    std::fs::write(d.join("t.toml"), format!("{classic}{palette}")).unwrap();
    let r = d.run(&["generate", "--books", "1", "--template", "t.toml", "--out", "o", "-q"]).expect_code(2);
    let line = classic.lines().count() + 8;
    assert_eq!(r.stderr().trim(), format!("housie: t.toml:{line}: palette.2.colour: inf is not a finite number"));
    assert!(!d.join("o").exists(), "nothing is written");
}

#[test]
fn a_truncated_font_is_refused_at_every_cut() {
    let d = Dir::new();
    let font =
        std::fs::read(env!("CARGO_MANIFEST_DIR").to_string() + "/crates/housie-core/fonts/LiberationSans-Bold.ttf")
            .unwrap();
    for k in 1..=20 {
        let cut = font.len() * k / 21;
        std::fs::write(d.join("cut.ttf"), &font[..cut]).unwrap();
        let r = d.run(&["generate", "--books", "1", "--font", "cut.ttf", "--out", "o", "-q"]).expect_code(2);
        let err = r.stderr();
        assert!(
            err.starts_with("housie: cut.ttf: a broken font: ") || err.starts_with("housie: cut.ttf: not a TrueType"),
            "cut at {cut} of {}: {err}",
            font.len()
        );
    }
    std::fs::write(d.join("whole.ttf"), &font).unwrap();
    d.run(&["generate", "--books", "1", "--font", "whole.ttf", "--out", "o", "-q"]).success();
}

#[test]
fn force_removes_stale_volumes_numbered_ten_thousand_and_up() {
    assert!(housie_core::is_volume_name("books-10000.pdf") && housie_core::is_volume_name("books-0001.pdf"));
    assert!(housie_core::is_volume_name("books.pdf") && !housie_core::is_volume_name("books-12.pdf"));
    assert!(!housie_core::is_volume_name("books-1x000.pdf") && !housie_core::is_volume_name("notes.pdf"));
    let d = Dir::new();
    run(&d, "2", "r");
    for stale in ["books-10000.pdf", "books-123456.pdf", "books-0007.pdf"] {
        std::fs::write(d.join(&format!("r/{stale}")), b"%PDF-1.3 stale").unwrap();
    }
    std::fs::write(d.join("r/notes.txt"), b"the organiser's own file").unwrap();
    d.run(&["generate", "--books", "2", "--seed", "hard", "--out", "r", "-q", "--force"]).success();
    assert_eq!(crate::util::names(&d.join("r")), ["books.pdf", "manifest.csv", "notes.txt", "run.json"]);
}

#[test]
fn a_right_to_left_title_is_refused_by_name() {
    let d = Dir::new();
    let r = d.run(&["generate", "--books", "1", "--title", "ערב בינגו", "--out", "o", "-q"]).expect_code(2);
    assert_eq!(
        r.stderr().trim(),
        "housie: --title contains right-to-left text ('ע', U+05E2); housie lays out left-to-right only and would \
         print it reversed, so it refuses it"
    );
    let r = d.run(&["generate", "--books", "1", "--title", "سهرة", "--out", "o", "-q"]).expect_code(2);
    assert!(r.stderr().contains("right-to-left text"), "{}", r.stderr());
}

#[test]
fn a_second_run_into_a_folder_in_use_is_refused_at_once() {
    let d = Dir::new();
    std::fs::create_dir(d.join("r")).unwrap();
    let held = housie_files::lock::lock_folder(&d.join("r")).unwrap().expect("free");
    let r = d.run(&["generate", "--books", "2", "--out", "r", "-q", "--force"]).expect_code(2);
    assert_eq!(r.stderr().trim(), "housie: r is in use by another housie (a run being generated into it, or its night or an export reading it); wait for it to finish");
    drop(held);
    run(&d, "2", "r");
    assert!(!d.join("r/.housie.lock").exists(), "the lock leaves nothing behind");
}

fn temporaries(dir: &std::path::Path) -> Vec<String> {
    crate::util::all_names(dir).into_iter().filter(|n| n.starts_with(".housie-") && n.ends_with(".tmp")).collect()
}

/// Starts a run large enough to be caught mid-way; returns once a temporary file exists.
fn start_big_run(d: &Dir) -> std::process::Child {
    let child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["generate", "--books", "4000", "--seed", "big", "--out", "r", "-q", "--books-per-file", "500"])
        .current_dir(d.path())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while temporaries(&d.join("r")).is_empty() {
        assert!(start.elapsed().as_secs() < 30, "no temporary file appeared");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child
}

#[test]
fn a_killed_run_leaves_temporaries_that_the_next_run_clears() {
    let d = Dir::new();
    let mut child = start_big_run(&d);
    child.kill().unwrap(); // SIGKILL: nothing can clean up
    child.wait().unwrap();
    assert!(!temporaries(&d.join("r")).is_empty());
    assert!(!d.join("r/run.json").exists());
    #[cfg(unix)]
    assert!(!d.join("r/.housie.lock").exists(), "the folder itself was locked");
    // The folder holds only housie's scratch: not "not empty", and the run clears it.
    run(&d, "2", "r");
    assert_eq!(temporaries(&d.join("r")), Vec::<String>::new());
    d.run(&["verify", "r"]).success();
}

#[cfg(unix)]
#[test]
fn sigterm_and_sigint_take_the_temporaries_away() {
    for signal in ["-TERM", "-INT"] {
        let d = Dir::new();
        let mut child = start_big_run(&d);
        Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}");
        assert_eq!(temporaries(&d.join("r")), Vec::<String>::new(), "{signal}");
        assert!(!d.join("r/run.json").exists());
    }
}

#[test]
fn an_interrupted_publication_is_incomplete_until_force_repairs_it() {
    let d = Dir::new();
    run(&d, "3", "r");
    // What a kill between the renames leaves: the files, but run.json already taken away.
    std::fs::remove_file(d.join("r/run.json")).unwrap();
    let incomplete = "housie: r: incomplete: the run's files are here but not its run.json, so it was not fully \
                      published (interrupted?) or its record is kept elsewhere; generate the same run into it \
                      again, replacing housie's files, to repair it";
    assert_eq!(d.run(&["verify", "r"]).expect_code(2).stderr().trim(), incomplete);
    d.run(&["generate", "--books", "3", "--seed", "hard", "--out", "r", "-q"]).expect_code(2);
    d.run(&["generate", "--books", "3", "--seed", "hard", "--out", "r", "-q", "--force"]).success();
    d.run(&["verify", "r"]).success();
}

#[test]
fn impossible_runs_are_refused_before_drawing() {
    let d = Dir::new();
    let r = d.run(&["generate", "--books", "100000000000", "--out", "o", "-q"]).expect_code(2);
    assert_eq!(
        r.stderr().trim(),
        "housie: 100000000000 books would need about 20.4 TB of memory to keep every ticket unique; a run has \
         at most 10000000 books"
    );
    let r = d.run(&["generate", "--books", "2", "--first-book", "999999999999", "--out", "o", "-q"]).expect_code(2);
    assert_eq!(r.stderr().trim(), "housie: --books would number books past 999999999999, the largest a serial holds");
    d.run(&["generate", "--books", "1", "--first-book", "999999999999", "--out", "last", "-q"]).success();
    let r = d.run(&["generate", "--books", "130000", "--out", "o", "-q"]).expect_code(2);
    assert!(r.stderr().contains("130000 books cannot all have unique lines"), "{}", r.stderr());
    assert!(r.stderr().contains("at most 120000 books"), "{}", r.stderr());
    assert!(!d.join("o").exists());
}

#[test]
fn verify_needs_no_disk_space_and_writes_nothing() {
    let d = Dir::new();
    run(&d, "40", "r");
    let before = crate::util::all_names(&d.join("r"));
    // A temporary folder that does not exist: verify must not need one.
    let out = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["verify", "r"])
        .current_dir(d.path())
        .env("TMPDIR", d.join("missing-tmp"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("valid: 40 books, 240 tickets, 3 files; regenerated"));
    assert_eq!(crate::util::all_names(&d.join("r")), before);
    // An edit is still found, at its line.
    let text = d.read("r/manifest.csv");
    let line7 = text.lines().nth(6).unwrap().to_string();
    std::fs::write(d.join("r/manifest.csv"), text.replacen(&line7, &line7.replace(",books.pdf,", ",books.pdf ,"), 1))
        .unwrap();
    let out = d.run(&["verify", "r"]).expect_code(1).stdout();
    assert!(out.contains("manifest.csv:7: differs from the regenerated manifest"), "{out}");
}

/// Ticket cells by serial.
fn cells(d: &Dir, out: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    manifest_rows(&d.read(&format!("{out}/manifest.csv"))).into_iter().map(|r| (r.serial, r.cells)).collect()
}

#[test]
fn after_continues_a_run_exactly_as_a_larger_run_and_keeps_lines_unique() {
    let d = Dir::new();
    d.run(&["generate", "--books", "800", "--seed", "S", "--out", "whole", "-q"]).success();
    d.run(&["generate", "--books", "400", "--seed", "S", "--out", "first", "-q"]).success();
    d.run(&["generate", "--after", "first", "--books", "400", "--out", "more", "-q"]).success();
    let whole = cells(&d, "whole");
    let more = cells(&d, "more");
    assert_eq!(more.len(), 2400);
    assert!(
        more.iter().all(|(serial, c)| whole.get(serial) == Some(c)),
        "the continuation differs from the larger run"
    );
    // Negative control: numbering alone does not continue the run.
    d.run(&["generate", "--books", "400", "--first-book", "401", "--seed", "S", "--out", "numbered", "-q"]).success();
    let numbered = cells(&d, "numbered");
    assert!(
        numbered.iter().any(|(serial, c)| whole.get(serial) != Some(c)),
        "control: --first-book alone should differ"
    );
    // No ticket and no line repeats across the two runs.
    let rows: Vec<_> =
        ["first", "more"].iter().flat_map(|o| manifest_rows(&d.read(&format!("{o}/manifest.csv")))).collect();
    let mut lines = std::collections::HashSet::new();
    let mut tickets = std::collections::HashSet::new();
    for r in &rows {
        assert!(tickets.insert(r.cells.iter().filter(|&&n| n != 0).copied().collect::<Vec<u8>>()));
        for row in 0..3 {
            assert!(lines.insert(r.row(row)), "{} repeats a line", r.serial);
        }
    }
    d.run(&["verify", "more"]).success();
    // The earlier run changed since: the continuation cannot be checked.
    let record = d.read("first/run.json");
    std::fs::write(d.join("first/run.json"), record.replace("\"title\": \"Bingo\"", "\"title\": \"Bingo!\"")).unwrap();
    let r = d.run(&["verify", "more"]).expect_code(2);
    assert!(r.stderr().contains("the run this one continues has changed since"), "{}", r.stderr());
    let r = d.run(&["generate", "--after", "first", "--seed", "x", "--books", "1", "--out", "x"]).expect_code(2);
    assert!(r.stderr().contains("cannot be used with"), "{}", r.stderr());
}

#[test]
fn a_continuation_cannot_be_written_into_a_run_it_continues() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "S", "--out", "a", "-q"]).success();
    d.run(&["generate", "--after", "a", "--books", "2", "--out", "b", "-q"]).success();
    let before = (listing(&d.join("a")), listing(&d.join("b")));
    for out in ["a", "b", "./b/"] {
        let r = d.run(&["generate", "--after", "b", "--books", "1", "--out", out, "--force", "-q"]).expect_code(2);
        assert!(r.stderr().contains("holds a run the new one continues"), "{}", r.stderr());
    }
    assert_eq!((listing(&d.join("a")), listing(&d.join("b"))), before, "a refused continuation touched a run");
    // Control: a folder of its own is fine.
    d.run(&["generate", "--after", "b", "--books", "1", "--out", "c", "-q"]).success();
}

#[test]
fn a_run_that_names_itself_as_its_earlier_run_is_refused() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "S", "--out", "a", "-q"]).success();
    d.run(&["generate", "--after", "a", "--books", "2", "--out", "b", "-q"]).success();
    let record = d.read("b/run.json");
    let looped = record.replace("\"dir\": \"../a\"", "\"dir\": \".\"");
    assert_ne!(looped, record);
    std::fs::write(d.join("b/run.json"), looped).unwrap();
    let r = d.run(&["generate", "--after", "b", "--books", "1", "--out", "c", "-q"]).expect_code(2);
    assert!(r.stderr().contains("name each other as earlier runs"), "{}", r.stderr());
    assert!(!d.join("c").exists());
}

#[test]
fn an_earlier_run_whose_seed_was_edited_is_refused_before_anything_is_written() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "S", "--out", "a", "-q"]).success();
    let record = d.read("a/run.json");
    let seed = serde_json::from_str::<serde_json::Value>(&record).unwrap()["seed"].as_str().unwrap().to_string();
    std::fs::write(d.join("a/run.json"), record.replace(&seed, "T")).unwrap();
    let r = d.run(&["generate", "--after", "a", "--books", "1", "--out", "b", "-q"]).expect_code(2);
    assert!(r.stderr().contains("a: its run.json's seed draws other tickets"), "{}", r.stderr());
    assert!(!d.join("b").exists(), "the refused continuation left a folder");
    // Control: the record as written continues.
    std::fs::write(d.join("a/run.json"), record).unwrap();
    d.run(&["generate", "--after", "a", "--books", "1", "--out", "b", "-q"]).success();
}

#[test]
fn an_event_folder_can_move_and_a_lone_continuation_still_finds_its_earlier_run() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "S", "--title", "Fete", "--out", "a", "-q"]).success();
    let r = d.run(&["generate", "--after", "a", "--books", "2", "--out", "b", "-q"]).success();
    assert!(r.stderr().contains("the pages look as"), "{}", r.stderr());
    let record: serde_json::Value = serde_json::from_str(&d.read("b/run.json")).unwrap();
    assert_eq!(record["after"]["dir"], "../a");
    assert_eq!(record["settings"]["title"], "Fete", "a continuation looks like the run it continues");
    // Both folders move together: found by the relative path.
    std::fs::create_dir(d.join("event")).unwrap();
    std::fs::rename(d.join("a"), d.join("event/a")).unwrap();
    std::fs::rename(d.join("b"), d.join("event/b")).unwrap();
    d.run(&["verify", "event/b"]).success();
    d.run(&["generate", "--after", "event/b", "--books", "1", "--out", "event/c", "-q"]).success();
    d.run(&["verify", "event/c"]).success();
    // The record holds no path of this machine; a continuation moved away from its earlier run
    // says which run it misses, and where it looked.
    let d2 = Dir::new();
    d2.run(&["generate", "--books", "3", "--seed", "S", "--out", "a", "-q"]).success();
    d2.run(&["generate", "--after", "a", "--books", "2", "--out", "b", "-q"]).success();
    let text = d2.read("b/run.json");
    assert!(!text.contains("absolute") && !text.contains(&d2.path().display().to_string()), "{text}");
    std::fs::create_dir(d2.join("elsewhere")).unwrap();
    std::fs::rename(d2.join("b"), d2.join("elsewhere/b")).unwrap();
    let r = d2.run(&["verify", "elsewhere/b"]).expect_code(2);
    assert!(
        r.stderr().contains("elsewhere/b/../a: the run this one continues (the 3 books before it) is not there"),
        "{}",
        r.stderr()
    );
    // Back beside it, it is found again.
    std::fs::rename(d2.join("elsewhere/b"), d2.join("b")).unwrap();
    d2.run(&["verify", "b"]).success();
}

#[test]
fn edits_to_the_records_rules_that_change_no_ticket_are_caught() {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "S", "--out", "r", "-q"]).success();
    let record = d.read("r/run.json");
    assert!(record.contains("\"redraws\": []"), "the control needs a run without re-draws");
    for (from, to) in [
        ("\"allow_duplicate_lines\": false", "\"allow_duplicate_lines\": true"),
        ("\"template\": \"classic\"", "\"template\": \"classic-letter\""),
    ] {
        assert!(record.contains(from));
        std::fs::write(d.join("r/run.json"), record.replace(from, to)).unwrap();
        let out = d.run(&["verify", "r"]).expect_code(1).stdout();
        assert!(out.contains("books.pdf: differs from the PDF the seed regenerates"), "{to}: {out}");
    }
    std::fs::write(d.join("r/run.json"), record).unwrap();
    d.run(&["verify", "r"]).success();
}

#[test]
fn hostile_inputs_are_refused_by_name_and_write_errors_are_reported() {
    let d = Dir::new();
    let refused = |args: &[&str], says: &str| {
        let r = d.run(args).expect_code(2);
        assert!(r.stderr().contains(says), "{args:?}: {}", r.stderr());
    };
    refused(&["generate", "--books", "1", "--template", "/dev/zero", "--out", "z"], "/dev/zero: larger than the 1 MiB");
    refused(&["generate", "--books", "1", "--font", "/dev/zero", "--out", "z"], "/dev/zero: larger than the 64 MiB");
    refused(&["generate", "--books", "1", "--seed", "", "--out", "z"], "--seed: give some text");
    refused(&["generate", "--books", "1", "--title", "Fete\u{ffff}", "--out", "z"], "--title contains U+FFFF");
    let five = include_str!("../../crates/housie-core/templates/festival.toml")
        .replace("band = [0.0, 85.0, 40.0, 0.0]", "band = [0.0, 85.0, 40.0, 0.0, 1.0]");
    std::fs::write(d.join("five.toml"), five).unwrap();
    refused(
        &["generate", "--books", "1", "--template", "five.toml", "--out", "z"],
        "five.toml:17: a colour is four CMYK",
    );
    assert!(!d.join("z").exists());
    d.run(&["generate", "--books", "2", "--seed", "S", "--out", "r", "-q"]).success();
    let serial = manifest_rows(&d.read("r/manifest.csv"))[0].serial.clone();
    for calls in ["+5", "021"] {
        refused(&["check", "r", "--serial", &serial, "--calls", calls], "is not a number as called");
    }
    refused(&["winners", "r", "--calls", "1", "--sold", "60-70"], "--sold: 60-70 is outside this run's books 1-2");
    // A full disk is an error (exit 2), a closed pipe is not worth one.
    if std::path::Path::new("/dev/full").exists() {
        let housie = assert_cmd::cargo::cargo_bin("housie");
        for args in [
            vec!["verify", "r"],
            vec!["check", "r", "--serial", serial.as_str(), "--calls", "1"],
            vec!["winners", "r", "--calls", "1"],
        ] {
            let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
            let out = Command::new(&housie).args(&args).current_dir(d.path()).stdout(full).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?} to a full disk");
            assert!(String::from_utf8_lossy(&out.stderr).contains("standard output: No space left on device"));
        }
        // stderr closed or full after publishing: no panic, the run is written.
        for (i, stderr) in [Stdio::null(), std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap().into()]
            .into_iter()
            .enumerate()
        {
            let out_dir = format!("e{i}");
            let status = Command::new(&housie)
                .args(["generate", "--books", "2", "--seed", "E", "--out", &out_dir])
                .current_dir(d.path())
                .stderr(stderr)
                .status()
                .unwrap();
            assert_eq!(status.code(), Some(0));
            d.run(&["verify", &out_dir]).success();
        }
    }
}

/// `--force` replaces a run's files but never destroys its seed or a night: the record it
/// replaces is kept beside the new one (so the old tickets can still be regenerated), and a
/// folder holding a night, or a night kept by `serve --new-night`, is refused whatever is asked.
#[test]
fn force_keeps_the_replaced_record_and_never_replaces_a_run_with_a_night() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--seed", "first", "--out", "r", "-q"]).success();
    let first = d.read("r/run.json");
    d.run(&["generate", "--books", "2", "--seed", "second", "--out", "r", "-q", "--force"]).success();
    assert_eq!(d.read("r/run-replaced-1.json"), first, "the replaced record is kept whole");
    assert!(d.read("r/run.json").contains("\"seed\": \"second\""));
    d.run(&["verify", "r"]).success();
    // The same run again replaces nothing worth keeping.
    d.run(&["generate", "--books", "2", "--seed", "second", "--out", "r", "-q", "--force"]).success();
    assert!(!d.join("r/run-replaced-2.json").exists());
    // A night (or one kept under a dated name) makes the run permanent.
    for night in ["night.sqlite", "night-20261125T190000Z.sqlite"] {
        std::fs::write(d.join("r").join(night), b"").unwrap();
        let err = d.run(&["generate", "--books", "2", "--seed", "third", "--out", "r", "--force"]).expect_code(2);
        assert_eq!(
            err.stderr().lines().last().unwrap(),
            format!(
                "housie: r: holds a night ({night}), so its run is never replaced: the tickets sold and played that \
                 night come from it. Write the new run to another folder"
            )
        );
        assert!(d.read("r/run.json").contains("\"seed\": \"second\""));
        std::fs::remove_file(d.join("r").join(night)).unwrap();
    }
}

/// run.json (the seed) and links.csv (the phone-only codes) are secrets: owner-only, as
/// night.sqlite is, whatever the umask; the print shop's files are not.
#[cfg(unix)]
#[test]
fn the_seed_and_the_codes_are_written_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--out", "r", "-q"]).success();
    d.run(&["export", "r", "--books", "1", "--phone-only", "--out", "ex"]).success();
    let mode = |p: &str| std::fs::metadata(d.join(p)).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode("r/run.json"), 0o600);
    assert_eq!(mode("ex/links.csv"), 0o600);
    assert_eq!(mode("r/night.sqlite"), 0o600);
    assert_eq!(mode("r/manifest.csv"), 0o644);
    assert_eq!(mode("r/books.pdf"), 0o644);
}

/// A manifest that is a device, or far larger than its run's books can fill, is refused by
/// every command that reads it before a byte is read, never read until memory runs out.
#[cfg(unix)]
#[test]
fn a_manifest_that_is_a_device_or_too_large_is_refused_unread() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--seed", "S", "--out", "r", "-q"]).success();
    let manifest = d.join("r/manifest.csv");
    let real = std::fs::read(&manifest).unwrap();
    std::fs::remove_file(&manifest).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &manifest).unwrap();
    let serial = crate::util::manifest_rows(&String::from_utf8_lossy(&real))[0].serial.clone();
    for (args, code) in [
        (&["verify", "r"][..], 1),
        (&["check", "r", "--serial", &serial, "--calls", "1"], 2),
        (&["serve", "r", "--listen", "127.0.0.1:0"], 2),
        (&["verify", "--manifest-only", "r/manifest.csv"], 2),
    ] {
        let out = d.run(args).expect_code(code);
        assert!(
            out.stderr().contains("not a regular file") || out.stdout().contains("not a regular file"),
            "{args:?}: {}{}",
            out.stdout(),
            out.stderr()
        );
    }
    // 2 books' manifest padded past what 2 books can take (6 KiB and the header).
    std::fs::remove_file(&manifest).unwrap();
    let mut big = real.clone();
    big.resize(real.len() + 20_000, b'\n');
    std::fs::write(&manifest, &big).unwrap();
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", "1"]).expect_code(2);
    assert!(out.stderr().contains("larger than the 10 KiB this file may be"), "{}", out.stderr());
    // Control: the manifest as written.
    std::fs::write(&manifest, &real).unwrap();
    d.run(&["verify", "r"]).success();
    // A manifest on its own of one endless line (20 MB here; 200 MB took 1.18 GB in housie
    // 0.12): refused at its first 64 KiB, the line not echoed back.
    std::fs::write(d.join("one.csv"), vec![b'x'; 20 << 20]).unwrap();
    let out = d.run(&["verify", "--manifest-only", "one.csv"]).expect_code(1);
    let said = format!("{}{}", out.stdout(), out.stderr());
    assert!(said.contains("one.csv: unreadable CSV: line 1 is longer than 65536 bytes"), "{said}");
    assert!(said.len() < 1000, "{}", said.len());
}

/// A run carries its font in its folder under the font's PostScript name and records it by
/// that name and its SHA-256: the organiser's own file gone, or the folder moved, it still
/// verifies; another file under that name is not taken for it, and with none, verify says
/// which file to put back and its hash. (Runs before 0.14 recorded a path: old_runs.rs.)
#[test]
fn a_runs_font_travels_with_it_and_nothing_else_is_taken_for_it() {
    let d = Dir::new();
    let font =
        std::fs::read(env!("CARGO_MANIFEST_DIR").to_string() + "/crates/housie-core/fonts/LiberationSans-Bold.ttf")
            .unwrap();
    std::fs::create_dir(d.join("fonts")).unwrap();
    std::fs::write(d.join("fonts/Hall-Bold.ttf"), &font).unwrap();
    d.run(&["generate", "--books", "2", "--font", "fonts/Hall-Bold.ttf", "--out", "run", "-q"]).success();
    // Carried under its PostScript name, whatever the organiser's file was called.
    assert_eq!(std::fs::read(d.join("run/LiberationSans-Bold.ttf")).unwrap(), font);
    let valid = |d: &Dir, run: &str| d.run(&["verify", run]).success().stdout().starts_with("valid:");
    std::fs::remove_dir_all(d.join("fonts")).unwrap();
    assert!(valid(&d, "run"), "the organiser's font gone");
    std::fs::rename(d.join("run"), d.join("moved")).unwrap();
    assert!(valid(&d, "moved"), "the run's folder moved");
    // Another font under that name is not taken for it.
    std::fs::write(d.join("moved/LiberationSans-Bold.ttf"), &font[..font.len() / 2]).unwrap();
    let err = d.run(&["verify", "moved"]).expect_code(2).stderr();
    assert!(err.contains("LiberationSans-Bold.ttf"), "{err}");
    std::fs::remove_file(d.join("moved/LiberationSans-Bold.ttf")).unwrap();
    let err = d.run(&["verify", "moved"]).expect_code(2).stderr();
    assert!(
        err.contains("LiberationSans-Bold.ttf: the font this run was made with is not there; put LiberationSans-Bold.ttf (SHA-256 "),
        "{err}"
    );
}

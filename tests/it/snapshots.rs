//! Snapshots of what people read: every command's `--help`, run.json, `check`'s and `winners`'
//! output, `verify`'s report on an edited run, and page 1's content stream. A change to any of
//! them shows as a diff; bless it with the usual insta workflow (`cargo insta review`, or
//! `INSTA_UPDATE=always cargo test snapshots` and read the diff before committing).

use crate::util::{manifest_rows, Dir};

fn run() -> Dir {
    let d = Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "snapshot", "--title", "Snapshot Night", "--out", "o", "-q"])
        .success();
    d
}

#[test]
fn help_for_every_command() {
    let d = Dir::new();
    for command in [
        "", "generate", "verify", "check", "winners", "serve", "night", "cashup", "export", "draws", "plan", "prizes",
        "rng-dump", "studio",
    ] {
        let args: Vec<&str> = command.split_whitespace().chain(["--help"]).collect();
        let help = d.run(&args).success().stdout();
        let name = if command.is_empty() { "help".to_string() } else { format!("help_{command}") };
        if command == "serve" {
            // --call-names names every list it is offered besides.
            for (list, _) in housie_night::night::callnames::SHIPPED {
                assert!(help.contains(list), "serve --help omits the {list} list");
            }
        }
        insta::assert_snapshot!(name, help);
    }
}

#[test]
fn run_record() {
    let d = run();
    insta::assert_snapshot!("run_json", d.read("o/run.json"));
}

#[test]
fn check_and_winners_output() {
    let d = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let ticket = &rows[4];
    let mut calls: Vec<String> = ticket.row(1).iter().map(u8::to_string).collect();
    calls.insert(2, (1..=90).find(|n| !ticket.cells.contains(n)).unwrap().to_string());
    let calls = calls.join(" ");
    let check = d.run(&["check", "o", "--serial", &ticket.serial, "--calls", &calls]).success();
    insta::assert_snapshot!("check_stands", check.stdout());
    let winners = d.run(&["winners", "o", "--calls", &calls]).success();
    insta::assert_snapshot!("winners", winners.stdout());
    let tambola = d.run(&["check", "o", "--serial", &ticket.serial, "--calls", &calls, "--prizes", "tambola"]);
    insta::assert_snapshot!("check_tambola", tambola.stdout());
}

#[test]
fn verify_report_on_an_edited_run() {
    let d = run();
    let text = d.read("o/manifest.csv");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[3] = lines[3].replacen(",1,", ",2,", 1); // a row that says it is in another book
    std::fs::write(d.join("o/manifest.csv"), lines.join("\n") + "\n").unwrap();
    let report = d.run(&["verify", "o"]).expect_code(1);
    insta::assert_snapshot!("verify_edited", report.stdout());
}

#[test]
fn page_one_content_stream() {
    let d = run();
    let doc = lopdf::Document::load(d.join("o/books.pdf")).unwrap();
    let (_, page) = doc.get_pages().into_iter().next().unwrap();
    let content = String::from_utf8_lossy(&doc.get_page_content(page)).into_owned();
    insta::assert_snapshot!("page_one_content", content);
}

/// Times, draw seeds and their SHA-256s, and the log's seal (which hashes the times) differ
/// from night to night; everything else a night's projections show is pinned.
fn steady(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let time = rest.len() >= 20
            && rest.as_bytes()[4] == b'-'
            && rest.as_bytes()[10] == b'T'
            && rest[..4].bytes().all(|b| b.is_ascii_digit());
        if hex == 64 {
            out.push_str("[hex]");
            rest = &rest[64..];
        } else if let Some(after) = rest.strip_prefix("seal ").filter(|a| a.contains('-')) {
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let tail = &after[digits..];
            if digits > 0 && tail.starts_with('-') && tail[1..].bytes().take_while(u8::is_ascii_hexdigit).count() == 16
            {
                out.push_str(&format!("seal {}-[seal]", &after[..digits]));
                rest = &tail[17..];
            } else {
                out.push(c);
                rest = &rest[1..];
            }
        } else if time {
            let end = rest.find(['"', ' ', ')', ',', '\n']).unwrap_or(rest.len());
            out.push_str("[time]");
            rest = &rest[end..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The desk's `/api/state` (as the board and as the caller see it) and `housie night` (text and
/// JSON) after a game with a claim that stands, one that does not, a win and the end: the two
/// projections of one night, built from the same game head and claim lines.
#[tokio::test]
async fn the_night_as_the_desk_and_the_transcript_show_it() {
    use crate::night_api::Fixture;
    use serde_json::json;
    let f = Fixture::new(2);
    f.game("Spring", "1-2").await;
    let rows = f.rows();
    let (winner, other) = (&rows[0], &rows[7]);
    for &n in &winner.row(0) {
        f.call(1, n).await;
    }
    assert_eq!(f.claim(1, &winner.serial).await.1["verdict"], "stands");
    assert_eq!(f.claim(1, &other.serial).await.1["verdict"], "incomplete");
    f.post("/api/games/1/winners", json!({"serial": winner.serial})).await;
    let pretty = |v: serde_json::Value| steady(&serde_json::to_string_pretty(&v).unwrap());
    insta::assert_snapshot!("state_public", pretty(f.state(false).await));
    insta::assert_snapshot!("state_caller", pretty(f.state(true).await));
    f.post("/api/games/1/end", serde_json::Value::Null).await;
    let dir = f.dir.join("run");
    drop(f.app);
    let night = |json: bool| {
        let mut cmd = assert_cmd::Command::cargo_bin("housie").unwrap();
        cmd.arg("night").arg(&dir);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.assert().success();
        steady(&String::from_utf8_lossy(&out.get_output().stdout))
    };
    insta::assert_snapshot!("night_text", night(false));
    insta::assert_snapshot!("night_json", night(true));
}

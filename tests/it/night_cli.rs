//! `housie serve`, `housie night` and `housie draws` as a user runs them.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use housie_night::night::draw::DrawSeed;
use serde_json::{json, Value};

use crate::night_api::{make_run, Fixture};
use crate::util::Dir;

#[tokio::test]
async fn night_prints_the_record_as_text_and_json() {
    let f = Fixture::new(4);
    f.game("Game 1", "1-3").await;
    for n in [7, 70, 33] {
        f.call(1, n).await;
    }
    f.post("/api/games/1/undo", Value::Null).await;
    f.post("/api/games/1/draw", Value::Null).await;
    f.claim(1, &f.rows()[0].serial).await;
    f.post("/api/games/1/next-prize", Value::Null).await;
    let (_, end) = f.post("/api/games/1/end", Value::Null).await;
    let seed = end["seed"].as_str().unwrap().to_string();
    let drawn = DrawSeed::parse(&seed).unwrap().next(90, |n| n == 7 || n == 70).unwrap();

    let run = f.dir.run(&["night", "run"]).success();
    let text = run.stdout();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Game 1: Game 1 (uk, in order, books 1-3), started 20"), "{text}");
    assert!(lines[0].contains(", ended 20"), "{text}");
    assert_eq!(lines[1], format!("  draw seed SHA-256 {}", DrawSeed::parse(&seed).unwrap().commitment()));
    assert_eq!(lines[2], format!("  draw seed {seed} (recompute: housie draws {seed})"));
    assert_eq!(lines[3], format!("  3 calls (* drawn by housie): 7 70 {drawn}*"));
    assert!(lines[4].starts_with("  undone: 33 at 20") && lines[4].ends_with(" (2 calls left)"), "{text}");
    assert!(lines[5].starts_with("  one line (1st place) won: the caller moved on after call 3 at "), "{text}");
    assert!(lines[6].contains(&format!("call  3  {}   one line ", f.rows()[0].serial)), "{text}");

    let json: Value = serde_json::from_str(&f.dir.run(&["night", "run", "--json"]).success().stdout()).unwrap();
    let g = &json["games"][0];
    assert_eq!(g["seed"], json!(seed));
    assert_eq!(
        g["calls"].as_array().unwrap().iter().map(|c| c["number"].clone()).collect::<Vec<_>>(),
        vec![json!(7), json!(70), json!(drawn)]
    );
    assert_eq!(g["calls"][2]["drawn"], json!(true));
    assert_eq!(g["undone"][0]["number"], json!(33));
    assert_eq!(g["prizes_won"][0]["prize"], json!("one line"));
    assert_eq!(g["claims"][0]["call"], json!(3));
}

#[test]
fn draws_recomputes_the_order_and_the_commitment() {
    let dir = Dir::new();
    // A game of housie 0.2 (protocol 1): any text.
    let out = dir.run(&["draws", "abc", "--protocol", "1"]).success().stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "sha256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    let order: Vec<u8> = lines[1].split(' ').map(|n| n.parse().unwrap()).collect();
    assert_eq!(order, DrawSeed::recorded("abc", housie_night::night::draw::Protocol::V1).order().to_vec());
    // Protocol 2 takes housie's seeds only: 64 hex digits.
    let r = dir.run(&["draws", "abc"]).expect_code(2);
    assert_eq!(
        r.stderr(),
        "housie: `abc` is not a draw seed: housie's draw seeds are 64 hex digits (0-9, a-f); a game of housie 0.2 is recomputed with --protocol 1\n"
    );
}

#[test]
fn serve_and_night_refuse_what_they_cannot_open() {
    let dir = Dir::new();
    let r = dir.run(&["serve", "nowhere"]).expect_code(2);
    assert_eq!(r.stderr().trim(), "housie: nowhere/run.json: No such file or directory (os error 2)");
    make_run(&dir.join("run"), 2);
    let r = dir.run(&["night", "run"]).expect_code(2);
    assert_eq!(
        r.stderr().trim(),
        "housie: run/night.sqlite: no night has been played on this run yet (`housie serve` starts one)"
    );
    let r = dir.run(&["serve", "run", "--listen", "localhost"]).expect_code(2);
    assert!(r.stderr().contains("invalid value 'localhost' for '--listen <ADDR:PORT>'"), "{}", r.stderr());
    // A port in use.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let r = dir.run(&["serve", "run", "--listen", &addr]).expect_code(2);
    assert!(r.stderr().starts_with(&format!("housie: cannot listen on {addr}: ")), "{}", r.stderr());
}

#[test]
fn serve_prints_the_callers_url_first_and_warns_when_open_to_the_network() {
    let dir = Dir::new();
    make_run(&dir.join("run"), 2);
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["serve", "run", "--listen", "0.0.0.0:0"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let (mut first, mut second, mut warning) = (String::new(), String::new(), String::new());
    out.read_line(&mut first).unwrap();
    out.read_line(&mut second).unwrap();
    // A note on the new night comes first, then the warning.
    for _ in 0..5 {
        warning.clear();
        err.read_line(&mut warning).unwrap();
        if warning.contains("warning") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let url = first.trim();
    let token = url.split("?token=").nth(1).unwrap_or_default();
    assert!(url.starts_with("http://127.0.0.1:") && token.len() == 32, "{first:?}");
    // The board's address on the hall's network: one of this machine's own, not loopback.
    let lan = housie_web::web::addresses::reachable("0.0.0.0:1".parse().unwrap());
    let host = second.trim().strip_prefix("board: http://").and_then(|r| r.split(':').next()).unwrap_or_default();
    match lan.first() {
        Some(addr) => assert_eq!(host, addr.ip().to_string(), "{second:?}"),
        None => assert_eq!(host, "127.0.0.1", "{second:?}"),
    }
    assert!(second.trim().ends_with("/board"), "{second:?}");
    assert!(warning.starts_with("housie: warning: listening on 0.0.0.0:"), "{warning:?}");
}

/// A caller's own call names: a list with mistakes is refused with every one named, before
/// anything is served or created.
#[test]
fn serve_refuses_a_bad_call_name_list() {
    let dir = Dir::new();
    make_run(&dir.join("run"), 2);
    std::fs::write(dir.join("names.txt"), "1 Kelly's eye\n2\n1 Again\n").unwrap();
    let r = dir.run(&["serve", "run", "--call-names", "names.txt", "--listen", "127.0.0.1:0"]).expect_code(2);
    assert_eq!(r.stderr(), "housie: names.txt:2: 2 has no name\nnames.txt:3: 1 is named twice\n");
    std::fs::write(dir.join("names.txt"), "").unwrap();
    let r = dir.run(&["serve", "run", "--call-names", "names.txt", "--listen", "127.0.0.1:0"]).expect_code(2);
    assert!(
        r.stderr().starts_with("housie: names.txt: every number 1–90 needs a name; missing: 1, 2, 3"),
        "{}",
        r.stderr()
    );
    assert!(!dir.join("run/night.sqlite").exists(), "nothing created");
}

/// The draw protocol's published test vectors (docs/draw-vectors.json): housie recomputes each.
#[test]
fn draws_match_the_published_vectors() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let vectors: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("docs/draw-vectors.json")).unwrap()).unwrap();
    let vectors = vectors["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 5);
    let dir = Dir::new();
    for v in vectors {
        let seed = v["seed"].as_str().unwrap();
        let order: Vec<String> = v["order"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let want = format!("sha256 {}\n{}\n", v["sha256"].as_str().unwrap(), order.join(" "));
        assert_eq!(dir.run(&["draws", seed]).success().stdout(), want, "{seed}");
    }
}

/// The 39-line reference script, docs/draws.py, written from the protocol alone, agrees with
/// housie on seeds it has never seen.
#[test]
#[cfg_attr(housie_missing_python3, ignore = "needs python3 for the reference script")]
fn the_reference_script_recomputes_what_housie_draws() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(std::fs::read_to_string(root.join("docs/draws.py")).unwrap().lines().count() <= 40);
    let Some(python) = crate::util::tool("python3") else { return };
    let dir = Dir::new();
    for i in 0..20 {
        let seed = housie_core::support::digest::sha256_hex(format!("reference {i}"));
        let script = std::process::Command::new(&python).arg(root.join("docs/draws.py")).arg(&seed).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&script.stdout), dir.run(&["draws", &seed]).success().stdout(), "{seed}");
        // A 75-ball game: the same shuffle over 1-75.
        let script = std::process::Command::new(&python)
            .args([root.join("docs/draws.py").as_os_str(), seed.as_ref(), "75".as_ref()])
            .output()
            .unwrap();
        let housie = dir.run(&["draws", "--card", "75-ball", &seed]).success().stdout();
        assert_eq!(String::from_utf8_lossy(&script.stdout), housie, "{seed}, 75-ball");
        assert_eq!(housie.lines().nth(1).unwrap().split(' ').count(), 75);
    }
}

/// The reference script gives every published vector, including the one whose draw skips a
/// word (docs/draw-protocol.md, step 4); the negative control: the script with the skip taken
/// out (plain `w mod (n + 1)`) still gives the other vectors and not that one, so the vectors
/// catch it.
#[test]
#[cfg_attr(housie_missing_python3, ignore = "needs python3 for the reference script")]
fn the_reference_script_gives_every_vector_and_the_skip_is_caught() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(python) = crate::util::tool("python3") else { return };
    let vectors: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("docs/draw-vectors.json")).unwrap()).unwrap();
    let script = std::fs::read_to_string(root.join("docs/draws.py")).unwrap();
    let skip = "        while w >= limit:\n            w = next(source)\n";
    assert!(script.contains(skip), "draws.py's skip is where this test looks for it");
    let naive = script.replace(skip, "");
    let dir = Dir::new();
    std::fs::write(dir.join("naive.py"), &naive).unwrap();
    let limit = "limit = 2**32 - 2**32 % (n + 1)";
    assert!(script.contains(limit), "draws.py's limit is where this test looks for it");
    std::fs::write(dir.join("off_by_one.py"), script.replace(limit, "limit = 2**32 - 2**32 % n")).unwrap();
    let run = |file: &std::path::Path, seed: &str| {
        let out = std::process::Command::new(&python).arg(file).arg(seed).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (mut skipping, mut near_limits) = (0, 0);
    for v in vectors["vectors"].as_array().unwrap() {
        let seed = v["seed"].as_str().unwrap();
        let order: Vec<String> = v["order"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let want = format!("sha256 {}\n{}\n", v["sha256"].as_str().unwrap(), order.join(" "));
        assert_eq!(run(&root.join("docs/draws.py"), seed), want, "{seed}");
        let skips = v.get("rejected").is_some_and(|r| !r.as_array().unwrap().is_empty());
        skipping += usize::from(skips);
        assert_eq!(run(&dir.join("naive.py"), seed) == want, !skips, "{seed}: the naive script");
        // A limit taken for n choices instead of n + 1: caught by a word between the two limits.
        let near = v.get("near_limit").is_some_and(|r| !r.as_array().unwrap().is_empty());
        near_limits += usize::from(near);
        assert_eq!(run(&dir.join("off_by_one.py"), seed) == want, !near, "{seed}: the n-for-n+1 limit");
    }
    assert!(skipping >= 1, "a vector exercises the skip");
    assert!(near_limits >= 1, "a vector tells the limit from one taken with n");
}

/// The commands that only read a night leave the run folder as they found it: no `-wal` or
/// `-shm` beside `night.sqlite` once the server has gone; while it serves, they read what it
/// has written.
#[tokio::test]
async fn reading_a_night_leaves_nothing_behind() {
    let f = Fixture::new(4);
    f.game("Game 1", "1-3").await;
    f.call(1, 7).await;
    // While the night is open (as a server has it), the commands read every change.
    let text = f.dir.run(&["night", "run"]).success().stdout();
    assert!(text.contains("1 call (* drawn by housie): 7"), "{text}");
    let dir = f.dir.join("run");
    let names = || {
        let mut names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    let f = f.restarted();
    drop(f.app);
    let before = names();
    assert!(!before.iter().any(|n| n.ends_with("-wal") || n.ends_with("-shm")), "{before:?}");
    for args in
        [&["night", "run"][..], &["night", "run", "--json"], &["cashup", "run"], &["plan", "run", "--games", "50"]]
    {
        f.dir.run(args).success();
        assert_eq!(names(), before, "{args:?}");
    }
    f.dir.run(&["verify", "run"]).success();
    assert_eq!(names(), before, "verify");
}

/// A night's log written as text (`housie night --log`) reads wherever the night is read: in a
/// copy of the run with no night.sqlite, `night`, `cashup` and `verify` give what they gave on
/// the database, its seal still checks, and an edited, reordered or cut log is refused at the
/// event where it breaks.
#[tokio::test]
async fn a_nights_log_as_text_reads_as_the_database_does_and_an_edit_is_refused() {
    let f = Fixture::new(4);
    f.game("Game 1", "1-3").await;
    for n in [7, 70, 33] {
        f.call(1, n).await;
    }
    f.post("/api/games/1/undo", Value::Null).await;
    f.claim(1, &f.rows()[0].serial).await;
    f.post("/api/games/1/end", Value::Null).await;

    let night = f.dir.run(&["night", "run", "--json"]).success().stdout();
    f.dir.run(&["night", "run", "--log", "night.jsonl"]).success();
    let log = f.dir.read("night.jsonl");
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines[0].starts_with("{\"housie_night\":1,\"housie\":\""), "{log}");
    assert!(lines[1].starts_with("{\"seq\":1,\"at\":\"20") && lines[1].contains(",\"prev\":\""), "{log}");
    // Never over a file without --force, never half written.
    let again = f.dir.run(&["night", "run", "--log", "night.jsonl"]).expect_code(2);
    assert!(again.stderr().contains("exists; give --force"), "{}", again.stderr());
    f.dir.run(&["night", "run", "--log", "night.jsonl", "--force"]).success();
    assert_eq!(f.dir.read("night.jsonl"), log);

    // The run moved on its own, its night as text beside it.
    let copy = f.dir.join("copy");
    std::fs::create_dir(&copy).unwrap();
    for entry in std::fs::read_dir(f.dir.join("run")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("night") {
            std::fs::copy(entry.path(), copy.join(&name)).unwrap();
        }
    }
    std::fs::write(copy.join("night.jsonl"), &log).unwrap();
    assert_eq!(f.dir.run(&["night", "copy", "--json"]).success().stdout(), night);
    let sealed = f.dir.run(&["night", "run"]).success().stdout();
    let seal = sealed.lines().last().unwrap().split_whitespace().find(|w| w.contains('-') && w.len() > 17).unwrap();
    let verified = f.dir.run(&["verify", "copy", "--seal", seal]).success().stdout();
    assert!(verified.contains("the night replays: 1 game") && verified.contains("sealed as"), "{verified}");
    // A generate into the folder would replace the night's paper: refused as for a database.
    let over = f.dir.run(&["generate", "--books", "2", "--out", "copy", "--force"]).expect_code(2);
    assert!(over.stderr().contains("night.jsonl"), "{}", over.stderr());

    // Each edit refused at its event.
    let refused = |text: String| {
        std::fs::write(copy.join("night.jsonl"), text).unwrap();
        let run = f.dir.run(&["night", "copy"]).expect_code(2);
        assert!(f.dir.run(&["verify", "copy"]).stdout().contains("NOT VALID"), "verify passed an edited log");
        run.stderr()
    };
    let edited = log.replacen("\"number\":70", "\"number\":71", 1);
    assert!(refused(edited).contains("event 4: it does not follow from event 3"));
    let mut swapped: Vec<&str> = lines.clone();
    swapped.swap(2, 3);
    assert!(refused(swapped.join("\n") + "\n").contains("event 2 is missing"));
    assert!(refused(log[..log.len() - 3].to_string()).contains("cut off"));
    let other = log.replacen(&lines[0][lines[0].len() - 66..lines[0].len() - 2], &"0".repeat(64), 1);
    assert!(refused(other).contains("another run"));
}

/// `housie serve` takes over a night played in the page: with night.jsonl beside run.json and
/// no night.sqlite, it carries the night on (every event as it was, the chain continued), and a
/// log that does not read starts nothing.
#[tokio::test]
async fn serve_carries_on_a_night_played_in_the_page() {
    let f = Fixture::new(4);
    f.game("Game 1", "1-3").await;
    for n in [7, 70] {
        f.call(1, n).await;
    }
    f.dir.run(&["night", "run", "--log", "page.jsonl"]).success();
    let page = f.dir.read("page.jsonl");
    let crate::night_api::Fixture { dir, app } = f;
    drop(app);
    // The night as the page keeps it: its log beside run.json, no database.
    for entry in std::fs::read_dir(dir.join("run")).unwrap().flatten() {
        if entry.file_name().to_string_lossy().starts_with("night.sqlite") {
            std::fs::remove_file(entry.path()).unwrap();
        }
    }
    // A log edited in the middle starts nothing, and leaves nothing.
    std::fs::write(dir.join("run/night.jsonl"), page.replacen("\"number\":7,", "\"number\":8,", 1)).unwrap();
    let refused = crate::night_api::night(&dir.join("run")).err().expect("an edited log refused");
    assert!(refused.to_string().contains("does not follow"), "{refused}");
    assert!(!dir.join("run/night.sqlite").exists());

    std::fs::write(dir.join("run/night.jsonl"), &page).unwrap();
    let f = crate::night_api::Fixture {
        app: housie_web::web::App::new(crate::night_api::night(&dir.join("run")).unwrap()),
        dir,
    };
    f.call(1, 33).await;
    let text = f.dir.run(&["night", "run"]).success().stdout();
    assert!(text.contains("3 calls (* drawn by housie): 7 70 33"), "{text}");
    // The database holds the page's events as they were, then the new one linked on.
    f.dir.run(&["night", "run", "--log", "after.jsonl"]).success();
    let after = f.dir.read("after.jsonl");
    assert!(after.starts_with(page.split_once('\n').unwrap().0), "{after}");
    assert_eq!(
        after.lines().skip(1).take(page.lines().count() - 1).collect::<Vec<_>>(),
        page.lines().skip(1).collect::<Vec<_>>()
    );
    assert_eq!(after.lines().count(), page.lines().count() + 1);
    assert!(f.dir.run(&["verify", "run"]).success().stdout().contains("the night replays: 1 game"));
}

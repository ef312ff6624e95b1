//! The night under attack and bad luck: a database removed, replaced or truncated under the
//! server; an empty or foreign one at start; one server a night; an edited log; names and
//! serials that could forge a line; oversized claims; the token's file and its rotation; HTTP
//! hygiene; and the run's identity by content.

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use housie_night::night::{OpenOptions, Served, ServedNight, NIGHT_DB};
use housie_web::web::router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::night_api::{make_run, night, Fixture};
use crate::util::{all_names, Dir};

/// A request sent as is: no token or Content-Type added.
async fn raw(f: &Fixture, req: Request<Body>) -> (StatusCode, String, Value) {
    let res = router(f.app.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let kind = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, kind, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn rescue_copies(dir: &Path) -> Vec<String> {
    all_names(dir).into_iter().filter(|n| n.starts_with("night-rescued-")).collect()
}

/// Each way the database can go from under a running server: the next change is refused (503,
/// never a silent 201), every later one too, and what was recorded is kept in a rescue copy.
#[tokio::test]
async fn a_database_removed_or_truncated_while_serving_stops_every_change() {
    for fault in ["remove the database", "remove its log", "truncate the database", "truncate its log"] {
        let f = Fixture::new(3);
        let run = f.dir.join("run");
        f.game("Game 1", "all").await;
        for n in [5, 17, 33] {
            f.call(1, n).await;
        }
        let (db, wal) = (run.join(NIGHT_DB), run.join(format!("{NIGHT_DB}-wal")));
        match fault {
            "remove the database" => std::fs::remove_file(&db).unwrap(),
            "remove its log" => std::fs::remove_file(&wal).unwrap(),
            "truncate the database" => std::fs::File::options().write(true).open(&db).unwrap().set_len(0).unwrap(),
            _ => std::fs::File::options().write(true).open(&wal).unwrap().set_len(0).unwrap(),
        }
        let (s, v) = f.post("/api/games/1/calls", json!({"number": 44})).await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{fault}: {v}");
        let error = v["error"].as_str().unwrap();
        assert!(
            error.contains("while the night was being served") && error.contains("changes are refused from now on"),
            "{fault}: {error}"
        );
        let (s, _) = f.post("/api/games/1/calls", json!({"number": 45})).await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{fault}: refused from now on");
        let state = f.state(false).await;
        assert!(state["lost"].as_str().is_some(), "{fault}: the desk is told");
        assert_eq!(state["game"]["calls"], json!([5, 17, 33]), "{fault}");
        let rescued = rescue_copies(&run);
        assert_eq!(rescued.len(), 1, "{fault}: {:?}", all_names(&run));
        let copy = rusqlite::Connection::open(run.join(&rescued[0])).unwrap();
        let kinds: Vec<String> = copy
            .prepare("SELECT kind FROM events ORDER BY seq")
            .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect())
            .unwrap_or_default();
        assert_eq!(kinds, ["game_created", "called", "called", "called"], "{fault}: the rescue copy holds it all");
        drop(copy);
        if fault == "remove the database" {
            // The rescue copy holds the night, token and all: put in place, it goes on.
            let token = f.token();
            drop(f.app);
            let err = night(&run).err().unwrap().to_string();
            assert!(
                err.contains(&format!("night.sqlite: is missing, but {} is there", rescued[0]))
                    && err.contains("--new-night"),
                "{err}"
            );
            std::fs::rename(run.join(&rescued[0]), &db).unwrap();
            let back = night(&run).unwrap();
            assert_eq!(back.token(), token);
            assert_eq!(back.games()[0].calls.numbers(), [5, 17, 33]);
        } else {
            // A plain restart beside a rescue copy would serve what may be missing changes:
            // refused, saying which file to keep, until one of them is moved.
            drop(f.app);
            let err = night(&run).err().unwrap().to_string();
            assert!(
                err.contains(&format!("night.sqlite: {} beside it holds what housie serve still held", rescued[0]))
                    && err.contains(&format!("`housie serve DIR --from-rescue {}`", rescued[0])),
                "{fault}: {err}"
            );
            // The command the message gives carries on from the rescue, keeping the other file.
            let options = OpenOptions { from_rescue: Some(rescued[0].clone().into()), ..OpenOptions::default() };
            let (back, notes) =
                ServedNight::open(housie_night::night::run_folder::open(&run).unwrap(), options).unwrap();
            assert_eq!(back.games()[0].calls.numbers(), [5, 17, 33], "{fault}");
            assert!(
                notes.iter().any(|n| n.contains("the night that went from under the server is kept as")),
                "{notes:?}"
            );
            assert!(rescue_copies(&run).is_empty(), "{fault}: {:?}", all_names(&run));
            drop(back);
            // A name that is not a rescue copy in the folder is refused before anything moves.
            let options = OpenOptions { from_rescue: Some("/etc/passwd".into()), ..OpenOptions::default() };
            let err = ServedNight::open(housie_night::night::run_folder::open(&run).unwrap(), options)
                .err()
                .unwrap()
                .to_string();
            assert!(err.contains("--from-rescue: give the name of a night-rescued-"), "{err}");
            assert_eq!(night(&run).unwrap().games()[0].calls.numbers(), [5, 17, 33], "{fault}");
        }
    }
}

/// Every acknowledged change is in night.sqlite itself, not only in its write-ahead log: a copy
/// of the file alone (or the file after its log was lost in a crash) still holds the night.
#[tokio::test]
async fn night_sqlite_alone_holds_every_acknowledged_change() {
    let f = Fixture::new(3);
    let run = f.dir.join("run");
    f.game("Game 1", "all").await;
    for n in [5, 17, 33, 61, 90] {
        f.call(1, n).await;
    }
    // While the server still has it open, copy the run with night.sqlite but not its log.
    let copy = f.dir.join("copy");
    std::fs::create_dir(&copy).unwrap();
    for name in ["run.json", "manifest.csv", "books.pdf", NIGHT_DB] {
        std::fs::copy(run.join(name), copy.join(name)).unwrap();
    }
    let record = housie_night::night::reading::read(&copy).unwrap();
    assert_eq!(record.games.len(), 1);
    assert_eq!(record.games[0].calls.iter().map(|c| c.number).collect::<Vec<_>>(), [5, 17, 33, 61, 90]);
    drop(f.app);
}

#[test]
fn an_empty_or_foreign_database_is_refused_and_new_night_keeps_it() {
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 2);
    std::fs::write(run.join(NIGHT_DB), b"").unwrap();
    let err = night(&run).err().unwrap().to_string();
    assert!(err.ends_with("night.sqlite: is empty (0 bytes): not a housie night, perhaps truncated. Move it away, or start a new night with `housie serve --new-night`, which keeps it under a dated name"), "{err}");
    // Another program's SQLite database.
    std::fs::remove_file(run.join(NIGHT_DB)).unwrap();
    let other = rusqlite::Connection::open(run.join(NIGHT_DB)).unwrap();
    other.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
    drop(other);
    let err = night(&run).err().unwrap().to_string();
    assert!(err.contains("is an SQLite database, but not a housie night"), "{err}");
    let (n, notes) = ServedNight::open(
        housie_night::night::run_folder::open(&run).unwrap(),
        OpenOptions { new_night: true, ..OpenOptions::default() },
    )
    .unwrap();
    assert!(n.games().is_empty());
    assert!(notes[0].starts_with("the earlier night is kept as "), "{notes:?}");
    let kept: Vec<String> =
        all_names(&run).into_iter().filter(|n| n.starts_with("night-") && n.ends_with(".sqlite")).collect();
    assert_eq!(kept.len(), 1, "{:?}", all_names(&run));
    let kept_db = rusqlite::Connection::open(run.join(&kept[0])).unwrap();
    assert_eq!(kept_db.query_row("SELECT x FROM t", [], |r| r.get::<_, i64>(0)).unwrap(), 1, "kept whole");
}

/// One server a night, held by a lock on the database file itself: removing the file under a
/// running server does not let a second one start a night of its own.
#[test]
fn a_second_server_cannot_start_even_with_the_file_removed_under_the_first() {
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 2);
    let first = night(&run).unwrap();
    assert!(!all_names(&run).iter().any(|n| n.starts_with("night") && n.ends_with(".lock")), "no lock file to delete");
    std::fs::remove_file(run.join(NIGHT_DB)).unwrap();
    let err = night(&run).err().unwrap().to_string();
    assert!(err.contains("night.sqlite: is missing, but night.sqlite-wal is there"), "{err}");
    drop(first);
}

/// A log edited by hand is refused by `serve` and `housie night`, naming the event, exit 2.
#[tokio::test]
async fn an_edited_log_is_refused_with_the_event_and_the_reason() {
    let f = Fixture::new(3);
    f.game("Game 1", "all").await;
    for n in [5, 17] {
        f.call(1, n).await;
    }
    let run = f.dir.join("run");
    drop(f.app);
    let db = rusqlite::Connection::open(run.join(NIGHT_DB)).unwrap();
    db.execute_batch(
        "DROP TRIGGER events_no_update; UPDATE events SET data = '{\"kind\":\"called\",\"number\":91,\"drawn\":false}' WHERE seq = 3;",
    )
    .unwrap();
    drop(db);
    let why = "run/night.sqlite: event 3: called: 91 is not a bingo number (1–90); the night's log was edited or damaged, so it is not replayed";
    let r = f.dir.run(&["night", "run"]).expect_code(2);
    assert_eq!(r.stderr().trim(), format!("housie: {why}"));
    let r = f.dir.run(&["serve", "run", "--listen", "127.0.0.1:0"]).expect_code(2);
    assert!(r.stderr().trim().ends_with(why), "{}", r.stderr());
}

/// The log edits that once replayed are refused, each naming its event: a game of no books,
/// a prize set named but another played, a time SQLite never stamped, an event deleted (a gap),
/// a row whose kind is not its event's, a win for a ticket whose claim does not stand, or that
/// is not in the run.
#[tokio::test]
async fn log_edits_that_once_replayed_are_refused() {
    let cases: [(&str, &str); 8] = [
        (
            "UPDATE events SET data = replace(data, '\"books\":\"1-3\"', '\"books\":\"\"') WHERE seq = 1",
            "event 1: game_created: books: `` is not written as housie writes it",
        ),
        (
            "UPDATE events SET data = replace(data, '\"prizes\":\"uk\"', '\"prizes\":\"free money\"') WHERE seq = 1",
            "event 1: game_created: it names the prize set `free money`, but plays `uk`",
        ),
        (
            "UPDATE events SET at = 'yesterday' WHERE seq = 2",
            "event 2: its time `yesterday` is not a time housie stamped",
        ),
        (
            "UPDATE events SET at = '2026-13-45T99:00:00.000Z' WHERE seq = 2",
            "event 2: its time `2026-13-45T99:00:00.000Z` is not a time housie stamped",
        ),
        ("DELETE FROM events WHERE seq = 2", "event 3: event 2 is missing: the log goes from 1 to 3"),
        (
            "UPDATE events SET kind = 'ended' WHERE seq = 3",
            "event 3: its kind is `ended`, but it holds a `called` event",
        ),
        // A win written by hand: judged again on the tickets and the calls.
        (
            "INSERT INTO events (game, kind, data) VALUES (1, 'prize_closed', '{\"kind\":\"prize_closed\",\"prize\":\"one line\",\"serial\":\"000001-1-7\"}')",
            "event 4: prize_closed: 000001-1-7's claim does not stand for one line",
        ),
        (
            "INSERT INTO events (game, kind, data) VALUES (1, 'prize_closed', '{\"kind\":\"prize_closed\",\"prize\":\"one line\",\"serial\":\"000009-9-9\"}')",
            "event 4: prize_closed: ",
        ),
    ];
    for (edit, why) in cases {
        let f = Fixture::new(3);
        f.game("Game 1", "all").await;
        for n in [5, 17] {
            f.call(1, n).await;
        }
        let run = f.dir.join("run");
        drop(f.app);
        let db = rusqlite::Connection::open(run.join(NIGHT_DB)).unwrap();
        // As a log of housie before 0.14 holds them, with no links: the replay's own checks.
        let unlinked = "UPDATE events SET prev = NULL";
        db.execute_batch(&format!("DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; {edit}; {unlinked};"))
            .unwrap();
        drop(db);
        let r = f.dir.run(&["night", "run"]).expect_code(2);
        assert!(r.stderr().contains(&format!("run/night.sqlite: {why}")), "{edit}: {}", r.stderr());
        f.dir.run(&["verify", "run"]).expect_code(1);
    }
    // A log of 0.14 on: an edit before the last event breaks the link after it, whatever it
    // was (here a time SQLite could have stamped, which no replay rule would catch).
    let f = Fixture::new(3);
    f.game("Game 1", "all").await;
    for n in [5, 17] {
        f.call(1, n).await;
    }
    drop(f.app);
    let db = rusqlite::Connection::open(f.dir.join("run").join(NIGHT_DB)).unwrap();
    db.execute_batch("DROP TRIGGER events_no_update; UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE seq = 2")
        .unwrap();
    drop(db);
    let r = f.dir.run(&["night", "run"]).expect_code(2);
    assert!(r.stderr().contains("run/night.sqlite: event 3: it does not follow from event 2"), "{}", r.stderr());
}

/// Names and serials cannot forge a line: control characters and bidirectional overrides are
/// refused (422, naming the character); what a claim logs is escaped and short.
#[tokio::test]
async fn names_and_serials_cannot_forge_a_line() {
    let f = Fixture::new(3);
    for name in ["Game 1\n  draw seed 00", "\u{1b}[31mred", "a\u{202E}b"] {
        let (s, v) = f.post("/api/games", json!({"name": name})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().starts_with("name: contains U+"), "{v}");
    }
    f.game("Game 1", "all").await;
    let serial = f.rows()[0].serial.clone();
    let rlo = format!("{}\u{202E}", &serial[..6]);
    let (s, v) = f.claim(1, &rlo).await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "the serial contains U+202E (a bidirectional control), which is not allowed"
        )
    );
    let text = f.dir.run(&["night", "run"]).success().stdout();
    assert!(text.contains(&format!("{}\\u{{202e}}", &serial[..6])), "{text}");
    assert!(!text.contains('\u{202E}'), "{text}");
}

/// Oversized claims are refused without being echoed or kept whole: 300 of 15 KiB leave the
/// board's state small.
#[tokio::test]
async fn oversized_claims_are_not_stored_whole() {
    let f = Fixture::new(3);
    f.game("Game 1", "all").await;
    let junk = "9".repeat(15 * 1024);
    for _ in 0..300 {
        let (s, v) = f.claim(1, &junk).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v["error"], "a serial has at most 40 characters; this text has 15360");
    }
    let (_, kind, _) = raw(&f, Request::get("/api/state").body(Body::empty()).unwrap()).await;
    assert_eq!(kind, "application/json");
    let body = f.app.snapshot().public;
    assert!(body.len() < 20_000, "the public state is {} bytes", body.len());
    let record = housie_night::night::reading::read(&f.dir.join("run")).unwrap();
    assert_eq!(record.games[0].claims.len(), 300);
    assert!(record.games[0].claims.iter().all(|c| c.serial.chars().count() <= 41));
}

/// The token's file is the owner's alone, and `--new-token` rotates the token: the old one
/// stops working at once.
#[cfg(unix)]
#[tokio::test]
async fn the_token_is_the_owners_and_can_be_rotated() {
    use std::os::unix::fs::PermissionsExt;
    let f = Fixture::new(2);
    f.game("Game 1", "all").await;
    let run = f.dir.join("run");
    for name in [NIGHT_DB.to_string(), format!("{NIGHT_DB}-wal"), format!("{NIGHT_DB}-shm")] {
        let mode = std::fs::metadata(run.join(&name)).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{name}");
    }
    let old = f.token();
    drop(f.app);
    let (n, notes) = ServedNight::open(
        housie_night::night::run_folder::open(&run).unwrap(),
        OpenOptions { new_token: true, ..OpenOptions::default() },
    )
    .unwrap();
    assert_ne!(n.token(), old);
    assert_eq!(notes, ["a new token: the caller's old URL no longer works"]);
    let f = Fixture { dir: f.dir, app: housie_web::web::App::new(n) };
    let (s, _) = f.send("POST", "/api/games/1/calls", Some(r#"{"number": 3}"#), Some(&old)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    f.call(1, 3).await;
    let events: Vec<String> = rusqlite::Connection::open(run.join(NIGHT_DB))
        .unwrap()
        .prepare("SELECT kind FROM events ORDER BY seq")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(events, ["game_created", "token_rotated", "called"]);
}

#[tokio::test]
async fn http_hygiene_json_bodies_hosts_and_errors() {
    let f = Fixture::new(2);
    let token = f.token();
    let post = |body: &'static str, kind: Option<&str>| {
        let mut req = Request::post("/api/games").header("authorization", format!("Bearer {token}"));
        if let Some(kind) = kind {
            req = req.header("content-type", kind);
        }
        req.body(Body::from(body)).unwrap()
    };
    let (s, _, v) = raw(&f, post(r#"{"name": "G"}"#, None)).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some("send the body as JSON, with Content-Type: application/json"))
    );
    let (s, _, _) = raw(&f, post(r#"{"name": "G"}"#, Some("text/plain"))).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (s, _, _) = raw(&f, post(r#"{"name": "G"}"#, Some("application/json; charset=utf-8"))).await;
    assert_eq!(s, StatusCode::CREATED);
    // DNS rebinding: a page on another site reaching this server under its own name.
    let req = Request::get("/api/state").header("host", "evil.example:8090").body(Body::empty()).unwrap();
    let (s, kind, v) = raw(&f, req).await;
    assert_eq!((s, kind.as_str()), (StatusCode::FORBIDDEN, "application/json"));
    assert!(v["error"].as_str().unwrap().starts_with("`evil.example:8090` is not an address of this housie server"));
    let req = Request::get("/api/state").header("host", "127.0.0.1:8090").body(Body::empty()).unwrap();
    assert_eq!(raw(&f, req).await.0, StatusCode::OK);
    // A path that is not UTF-8 is still answered in JSON.
    for path in ["/assets/%FF", "/api/games/%FF/calls"] {
        let (s, kind, v) = raw(&f, Request::get(path).body(Body::empty()).unwrap()).await;
        assert!(s.is_client_error(), "{path}: {s}");
        assert_eq!(kind, "application/json", "{path}");
        assert!(v["error"].is_string(), "{path}: {v}");
    }
}

/// The night is bound to what run.json says, not to its bytes: re-indented, it opens; with its
/// title changed, it is another run.
#[tokio::test]
async fn the_run_is_known_by_its_content() {
    let f = Fixture::new(2);
    f.game("Game 1", "all").await;
    let run = f.dir.join("run");
    drop(f.app);
    let text = std::fs::read_to_string(run.join("run.json")).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    std::fs::write(run.join("run.json"), serde_json::to_string(&value).unwrap()).unwrap();
    assert_eq!(night(&run).unwrap().games().len(), 1, "re-indented: the same run");
    let retitled = text.replace("\"title\": \"Bingo\"", "\"title\": \"Not Bingo\"");
    assert_ne!(retitled, text);
    std::fs::write(run.join("run.json"), retitled).unwrap();
    let err = night(&run).err().unwrap().to_string();
    assert!(err.contains("this night belongs to another run"), "{err}");
}

/// The seal on the cash-up sheet shows later whether an event it covered was edited or
/// removed, the last one included (which a gap in the numbers cannot show); events added since
/// do not break it.
#[tokio::test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
async fn the_seal_on_the_cash_up_shows_a_removed_last_event() {
    let f = Fixture::new(3);
    let (s, v) = f.post("/api/sales", json!({"books": "1-2", "price": "5.00"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    f.game("Game 1", "all").await;
    for n in [5, 17] {
        f.call(1, n).await;
    }
    let text = f.dir.run(&["cashup", "run"]).success().stdout();
    let line = text.lines().last().unwrap().to_string();
    assert!(line.starts_with("Night's log: 5 events, seal 5-"), "{text}");
    let seal = line.split("seal ").nth(1).unwrap().split(' ').next().unwrap().to_string();
    assert_eq!(seal.len(), "5-".len() + 16);
    let ok = f.dir.run(&["verify", "run", "--seal", &seal]).success().stdout();
    assert!(ok.contains(&format!("; the log holds the events sealed as {seal}")), "{ok}");
    // The sheet printed with it.
    f.dir.run(&["cashup", "run", "--pdf", "sheet.pdf"]).success();
    if let Some(pdftotext) = crate::util::tool("pdftotext") {
        let (_, text, _) = crate::util::run_tool(&pdftotext, &[&f.dir.join("sheet.pdf").display().to_string(), "-"]);
        assert!(text.contains(&seal), "{text}");
    }
    // The night goes on: a later event leaves the seal standing.
    f.call(1, 33).await;
    f.dir.run(&["verify", "run", "--seal", &seal]).success();
    drop(f.app);
    let db = f.dir.join("run").join(NIGHT_DB);
    let kept = std::fs::read(&db).unwrap();
    let edit = |sql: &str| {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(&format!(
            "DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete; {sql}"
        ))
        .unwrap();
    };
    // A time changed to another SQLite could have stamped: in a log of housie before 0.14
    // (no links) the log replays, and the seal shows it; from 0.14 the link after it does too.
    edit("UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE seq = 2; UPDATE events SET prev = NULL");
    f.dir.run(&["verify", "run"]).success();
    let out = f.dir.run(&["verify", "run", "--seal", &seal]).expect_code(1).stdout();
    assert!(out.contains("night.sqlite: --seal: its first 5 events are not those sealed"), "{out}");
    std::fs::write(&db, &kept).unwrap();
    edit("UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE seq = 2");
    let out = f.dir.run(&["verify", "run"]).expect_code(1).stdout();
    assert!(out.contains("night.sqlite: event 3: it does not follow from event 2"), "{out}");
    // The last calls removed: the log still replays (no gap), but the seal shows it.
    std::fs::write(&db, &kept).unwrap();
    edit("DELETE FROM events WHERE seq >= 5");
    f.dir.run(&["verify", "run"]).success();
    let out = f.dir.run(&["verify", "run", "--seal", &seal]).expect_code(1).stdout();
    assert!(
        out.contains("night.sqlite: --seal: the log holds fewer than the 5 events sealed: events were removed"),
        "{out}"
    );
    let out = f.dir.run(&["verify", "run", "--seal", "nonsense"]).expect_code(1).stdout();
    assert!(out.contains("`nonsense` is not a seal like 42-3f9a1c2e5b7d9e0f"), "{out}");
    // Half its digits is not the seal.
    let half = &seal[..seal.len() - 8];
    let out = f.dir.run(&["verify", "run", "--seal", half]).expect_code(1).stdout();
    assert!(out.contains("is not a seal like"), "{out}");
}

/// `serve --from-rescue` with a rescue copy of another run's night is refused before any file
/// is moved: the folder's own night and the copy stay where they were.
#[test]
fn a_rescue_of_another_runs_night_is_refused_before_anything_moves() {
    let d = Dir::new();
    make_run(&d.join("a"), 2);
    let b_plan = housie_core::GeneratePlan::new(housie_core::Seed::from_text("other"), 2);
    crate::util::generate(&b_plan, &d.join("b"), &|_| {}).unwrap();
    drop(night(&d.join("a")).unwrap());
    drop(night(&d.join("b")).unwrap());
    let foreign = "night-rescued-20261128T120000Z.sqlite";
    std::fs::copy(d.join("a/night.sqlite"), d.join("b").join(foreign)).unwrap();
    let before = std::fs::read(d.join("b/night.sqlite")).unwrap();
    let options = OpenOptions { from_rescue: Some(foreign.into()), ..OpenOptions::default() };
    let err = ServedNight::open(housie_night::night::run_folder::open(&d.join("b")).unwrap(), options)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("belongs to another run"), "{err}");
    assert_eq!(std::fs::read(d.join("b/night.sqlite")).unwrap(), before, "b's own night is untouched");
    assert!(d.join("b").join(foreign).is_file(), "the copy stays where it was");
}

//! The night's HTTP API, driven without a socket: every route and every bad input.

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use housie_core::rules::PrizeSet;
use housie_core::{GeneratePlan, Seed, Ticket};
use housie_night::night::{OpenOptions, Served, ServedNight, NIGHT_DB};
use housie_web::web::{router, App};

/// Opens the night of a run, as `housie serve` does.
pub fn night(dir: &Path) -> Result<ServedNight, housie_night::night::OpenError> {
    ServedNight::open(housie_night::night::run_folder::open(dir)?, OpenOptions::default()).map(|(night, _)| night)
}
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::util::{manifest_rows, Dir};

/// A generated run of `books` books and the night served over it.
pub struct Fixture {
    pub dir: Dir,
    pub app: std::sync::Arc<App>,
}

pub fn make_run(dir: &Path, books: u64) {
    let plan = GeneratePlan::new(Seed::from_text("night"), books);
    crate::util::generate(&plan, dir, &|_| {}).unwrap();
}

/// A 4-book run made in `dir`, with what a test of a line needs: ticket 1's serial (the
/// winner) and ticket 2's (a wrong one), ticket 1's top line, and a number not in it.
pub struct LineRun {
    pub winner: String,
    pub wrong: String,
    pub line: Vec<u8>,
    pub spare: u8,
}

pub fn line_run(dir: &Path) -> LineRun {
    make_run(dir, 4);
    let rows = crate::util::manifest_rows(&std::fs::read_to_string(dir.join("manifest.csv")).unwrap());
    let line = rows[0].row(0);
    let spare = (1..=90).find(|n| !line.contains(n)).unwrap();
    LineRun { winner: rows[0].serial.clone(), wrong: rows[1].serial.clone(), line, spare }
}

impl Fixture {
    pub fn new(books: u64) -> Fixture {
        let dir = Dir::new();
        make_run(&dir.join("run"), books);
        let app = open(&dir.join("run"));
        Fixture { dir, app }
    }

    /// The night of the run already made in `dir`'s `run` folder.
    pub fn at(dir: Dir) -> Fixture {
        let app = open(&dir.join("run"));
        Fixture { dir, app }
    }

    /// Stops the server, then opens the night again from disk, as a restart does (the old one
    /// must be gone first: the night is open in one server at a time).
    pub fn restarted(self) -> Fixture {
        let Fixture { dir, app } = self;
        drop(app);
        let app = open(&dir.join("run"));
        Fixture { dir, app }
    }

    pub fn token(&self) -> String {
        self.app.token().to_string()
    }

    pub async fn send(&self, method: &str, path: &str, body: Option<&str>, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req =
            req.header("content-type", "application/json").body(Body::from(body.unwrap_or("").to_string())).unwrap();
        let res = router(self.app.clone()).oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("{method} {path}: not JSON ({status}): {}", String::from_utf8_lossy(&bytes)));
        (status, value)
    }

    /// A change with the caller's token.
    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let body = if body.is_null() { None } else { Some(body.to_string()) };
        self.send("POST", path, body.as_deref(), Some(&self.token())).await
    }

    pub async fn state(&self, caller: bool) -> Value {
        let token = self.token();
        let (status, v) = self.send("GET", "/api/state", None, caller.then_some(token.as_str())).await;
        assert_eq!(status, StatusCode::OK);
        v
    }

    pub async fn game(&self, name: &str, books: &str) -> i64 {
        let (s, v) = self.post("/api/games", json!({"name": name, "prizes": "uk", "books": books})).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v["id"].as_i64().unwrap()
    }

    pub async fn call(&self, game: i64, n: u8) -> Value {
        let (s, v) = self.post(&format!("/api/games/{game}/calls"), json!({ "number": n })).await;
        assert_eq!(s, StatusCode::CREATED, "calling {n}: {v}");
        v
    }

    pub async fn claim(&self, game: i64, serial: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{game}/claims"), json!({ "serial": serial })).await
    }

    pub fn rows(&self) -> Vec<crate::util::Row> {
        manifest_rows(&self.dir.read("run/manifest.csv"))
    }
}

fn open(dir: &Path) -> std::sync::Arc<App> {
    // The fixture's generate has just let go of the folder's hold, but a child that another
    // test's thread forked in that moment keeps a copy of the lock's descriptor until it
    // execs (close-on-exec), so the folder can read as held for a moment under load.
    for _ in 0..40 {
        match night(dir) {
            Err(housie_night::night::OpenError::Run(housie_core::Error::Busy(_))) => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return App::new(other.unwrap()),
        }
    }
    App::new(night(dir).unwrap())
}

#[tokio::test]
async fn a_game_records_calls_and_refuses_bad_ones() {
    let f = Fixture::new(12);
    let state = f.state(false).await;
    assert_eq!(state["game"], Value::Null);
    let code = state["run"]["code"].as_str().unwrap().to_string();
    assert!(
        code.len() == 9 && code.as_bytes()[4] == b'-' && code.replace('-', "").bytes().all(|b| b.is_ascii_digit()),
        "{code}"
    );
    assert_eq!(state["run"], json!({"title": "Bingo", "books": "1-12", "tickets": 72, "numbers": 90, "code": code}));

    let id = f.game("Game 1", "1-10").await;
    assert_eq!(id, 1);
    assert_eq!(f.call(1, 17).await, json!({"index": 1, "number": 17}));
    assert_eq!(f.call(1, 5).await, json!({"index": 2, "number": 5}));

    let cases: &[(&str, Option<&str>, bool, StatusCode, &str)] = &[
        ("/api/games/1/calls", Some(r#"{"number": 17}"#), true, StatusCode::CONFLICT, "17 was already called (call 1)"),
        (
            "/api/games/1/calls",
            Some(r#"{"number": 91}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "91 is not a bingo number (1–90)",
        ),
        (
            "/api/games/1/calls",
            Some(r#"{"number": 0}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "0 is not a bingo number (1–90)",
        ),
        (
            "/api/games/1/calls",
            Some(r#"{"number": -3}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "-3 is not a bingo number (1–90)",
        ),
        (
            "/api/games/1/calls",
            Some(r#"{"number": "x"}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "request body: invalid type",
        ),
        (
            "/api/games/1/calls",
            Some(r#"{"number": 4, "extra": 1}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown field `extra`",
        ),
        ("/api/games/1/calls", Some(r#"{"numb"#), true, StatusCode::BAD_REQUEST, "request body: EOF"),
        ("/api/games/1/calls", Some(""), true, StatusCode::BAD_REQUEST, "request body: EOF"),
        (
            "/api/games/1/calls",
            Some(r#"{"number": 4}"#),
            false,
            StatusCode::UNAUTHORIZED,
            "changes need `Authorization: Bearer TOKEN`",
        ),
        ("/api/games/2/calls", Some(r#"{"number": 4}"#), true, StatusCode::NOT_FOUND, "there is no game 2"),
        ("/api/games/0/calls", Some(r#"{"number": 4}"#), true, StatusCode::NOT_FOUND, "there is no game 0"),
        ("/api/games/x1/calls", Some(r#"{"number": 4}"#), true, StatusCode::NOT_FOUND, "there is no game `x1`"),
        (
            "/api/games",
            Some(r#"{"name": "G", "prizes": "lotto"}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "prizes: `lotto` is not a prize set here: uk, tambola, tambola-full",
        ),
        (
            "/api/games",
            Some(r#"{"name": "G", "prizes": "bingo"}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "prizes: `bingo` is a set of 75-ball prizes; this run is of 90-ball cards",
        ),
        (
            "/api/games",
            Some(r#"{"name": "G", "books": "1-13"}"#),
            true,
            StatusCode::UNPROCESSABLE_ENTITY,
            "books: 1-13 is outside this run's books 1-12",
        ),
        ("/api/games", Some(r#"{"name": "  "}"#), true, StatusCode::UNPROCESSABLE_ENTITY, "name: give the game a name"),
        ("/api/games", Some(r#"{"prizes": "uk"}"#), true, StatusCode::UNPROCESSABLE_ENTITY, "missing field `name`"),
        ("/api/games/1/claims", Some(r#"{"serial": 5}"#), true, StatusCode::UNPROCESSABLE_ENTITY, "invalid type"),
        ("/api/nothing", None, true, StatusCode::NOT_FOUND, "no such page or route: /api/nothing"),
    ];
    for &(path, body, with_token, status, message) in cases {
        let token = f.token();
        let (s, v) = f.send("POST", path, body, with_token.then_some(token.as_str())).await;
        assert_eq!(s, status, "POST {path} {body:?}: {v}");
        let error = v["error"].as_str().unwrap_or_else(|| panic!("no error in {v}"));
        assert!(error.contains(message), "POST {path} {body:?}: {error:?} lacks {message:?}");
    }
    let (s, v) = f.send("POST", "/api/games/1/calls", Some(r#"{"number": 4}"#), Some("0000")).await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (StatusCode::UNAUTHORIZED, "wrong token: use the caller's URL housie printed")
    );
    let (s, v) = f.send("DELETE", "/api/state", None, None).await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (StatusCode::METHOD_NOT_ALLOWED, "DELETE is not allowed on /api/state")
    );
    let big = format!(r#"{{"name": "{}"}}"#, "x".repeat(20_000));
    let (s, v) = f.send("POST", "/api/games", Some(&big), Some(&f.token())).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("could not read the request body"));

    // Nothing refused changed anything.
    let state = f.state(false).await;
    assert_eq!(state["game"]["calls"], json!([17, 5]));
    assert_eq!(state["games"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn claims_stand_only_on_the_completing_call_and_name_a_missed_one() {
    let f = Fixture::new(12);
    f.game("Game 1", "all").await;
    let rows = f.rows();
    let ticket = &rows[7]; // book 2, ticket 2
    let top = ticket.row(0);
    for &n in &top[..4] {
        f.call(1, n).await;
    }
    let (s, v) = f.claim(1, &ticket.serial).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["verdict"], "incomplete");
    assert_eq!(v["prizes"][0]["missing"], json!([top[4]]));
    assert_eq!(v["message"], format!("NOT COMPLETE: one line needs 1 more: {}", top[4]));
    f.call(1, top[4]).await;
    let (_, v) = f.claim(1, &ticket.serial).await;
    assert_eq!(v["verdict"], "stands", "{v}");
    assert_eq!(v["message"], format!("STANDS: one line completed by the last call (call 5, {})", top[4]));
    assert_eq!((v["book"].as_u64(), v["ticket"].as_u64(), v["page"].as_u64()), (Some(2), Some(2), Some(2)));
    assert_eq!(v["booklet"], json!(null), "plain books have no booklet");
    assert_eq!(v["grid"][0].as_array().unwrap().iter().filter(|c| c["called"] == true).count(), 5);
    let other = (1..=90).find(|n| !ticket.cells.contains(n)).unwrap();
    f.call(1, other).await;
    let (_, v) = f.claim(1, &ticket.serial).await;
    assert_eq!(v["verdict"], "missed");
    assert_eq!(
        v["prizes"][0],
        json!({"prize": "one line", "status": "missed", "call": 5, "number": top[4], "standing": "open", "place": null})
    );
    assert_eq!(v["message"], format!("MISSED: one line was completed at call 5 ({}); the last call is 6", top[4]));

    // Mistyped, unknown and unsold serials.
    let mut typo = ticket.serial.clone().into_bytes();
    let last = typo.len() - 1;
    typo[last] = if typo[last] == b'9' { b'0' } else { typo[last] + 1 };
    let typo = String::from_utf8(typo).unwrap();
    let (s, v) = f.claim(1, &typo).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["suggestions"].as_array().unwrap().contains(&json!(ticket.serial)), "{v}");
    let (s, v) = f.claim(1, "000099-1-5").await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (StatusCode::NOT_FOUND, "000099-1-5 is not in this run (books 1-12)")
    );
    let (s, v) = f.claim(1, "hello").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("is not a serial"));
    f.game("Game 2", "1-6").await;
    let (s, v) = f.claim(2, &rows[6 * 8].serial).await;
    assert_eq!((s, v["verdict"].as_str().unwrap()), (StatusCode::OK, "refused"));
    assert_eq!(v["message"], "REFUSED: book 9 is not in play in Game 2 (books 1-6)");

    // Every claim is in the log with its verdict.
    let verdicts: Vec<Value> =
        f.state(false).await["games"].as_array().unwrap().iter().map(|g| g["id"].clone()).collect();
    assert_eq!(verdicts, vec![json!(1), json!(2)]);
    let record = housie_night::night::reading::read(&f.dir.join("run")).unwrap();
    let logged: Vec<_> = record.games[0].claims.iter().map(|c| serde_json::to_value(c.verdict).unwrap()).collect();
    assert_eq!(
        logged,
        vec![
            json!("incomplete"),
            json!("stands"),
            json!("missed"),
            json!("malformed"),
            json!("unknown"),
            json!("malformed")
        ]
    );
    assert_eq!(record.games[1].claims[0].call, 0);
}

#[tokio::test]
async fn a_forged_manifest_row_is_refused() {
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 4);
    // Swap two numbers between tickets 1 and 2 of book 1 in the same column (the book stays valid).
    let text = std::fs::read_to_string(run.join("manifest.csv")).unwrap();
    let mut lines: Vec<Vec<String>> = text.lines().map(|l| l.split(',').map(str::to_string).collect()).collect();
    let col = (3..30).find(|&c| !lines[1][c].is_empty() && !lines[2][c].is_empty()).unwrap();
    let (a, b) = (lines[1][col].clone(), lines[2][col].clone());
    lines[1][col] = b;
    lines[2][col] = a;
    let forged: String = lines.iter().map(|l| l.join(",") + "\n").collect();
    std::fs::write(run.join("manifest.csv"), forged).unwrap();
    let night_run = housie_night::night::run_folder::open(&run).unwrap();
    assert_eq!(night_run.warnings.len(), 1, "{:?}", night_run.warnings);
    assert!(
        night_run.warnings[0].contains("2 ticket(s) differ from the seed's draw (first 000001-1-7)"),
        "{:?}",
        night_run.warnings
    );
    let f = Fixture { dir, app: App::new(ServedNight::open(night_run, OpenOptions::default()).unwrap().0) };
    f.game("Game 1", "all").await;
    let (s, v) = f.claim(1, &lines[1][0]).await;
    assert_eq!((s, v["verdict"].as_str().unwrap()), (StatusCode::OK, "refused"), "{v}");
    assert!(v["message"].as_str().unwrap().starts_with("REFUSED: forged"));
    let (_, v) = f.claim(1, &lines[3][0]).await;
    assert_eq!(v["verdict"], "incomplete");
}

/// Counts by brute force: tickets in play that completed `prize`, and that need one more.
fn brute_watch(
    rows: &[crate::util::Row],
    books: std::ops::RangeInclusive<u64>,
    calls: &[u8],
    prize: &housie_core::rules::Prize,
) -> (u64, u64) {
    let (mut complete, mut one) = (0, 0);
    for r in rows.iter().filter(|r| books.contains(&r.book)) {
        let cells: [Option<u8>; 27] = std::array::from_fn(|i| (r.cells[i] != 0).then_some(r.cells[i]));
        let t = Ticket::from_cells(cells).unwrap();
        if crate::brute::complete(prize, &t, &|n| calls.contains(&n)) {
            complete += 1;
        } else if t
            .numbers()
            .iter()
            .any(|&n| !calls.contains(&n) && crate::brute::complete(prize, &t, &|x| x == n || calls.contains(&x)))
        {
            one += 1;
        }
    }
    (complete, one)
}

#[tokio::test]
async fn the_watch_counts_match_brute_force_through_calls_undo_and_prizes() {
    let f = Fixture::new(30);
    let rows = f.rows();
    f.game("Game 1", "3-20").await;
    let set = PrizeSet::shipped("uk").unwrap();
    let order = housie_night::night::draw::DrawSeed::parse(&housie_core::support::digest::sha256_hex("watch test"))
        .unwrap()
        .order();
    let mut called: Vec<u8> = Vec::new();
    let mut prize = 0;
    for (i, &n) in order.iter().take(70).enumerate() {
        f.call(1, n).await;
        called.push(n);
        if i % 9 == 8 {
            let (s, v) = f.post("/api/games/1/undo", Value::Null).await;
            assert_eq!((s, v["undone"].as_u64()), (StatusCode::OK, Some(u64::from(n))));
            called.pop();
        }
        let state = f.state(true).await;
        let watch = &state["game"]["watch"][0];
        let (complete, one) = brute_watch(&rows, 3..=20, &called, &set.prizes()[prize]);
        assert_eq!(
            (watch["complete"].as_u64(), watch["one_away"].as_u64()),
            (Some(complete), Some(one)),
            "after {called:?}"
        );
        assert_eq!(watch["prize"], set.prizes()[prize].name());
        if complete > 0 && prize + 1 < set.prizes().len() {
            let (s, v) = f.post("/api/games/1/next-prize", Value::Null).await;
            prize += 1;
            assert_eq!((s, v["prize"].as_str()), (StatusCode::OK, Some(set.prizes()[prize].name())));
        }
    }
    assert_eq!(f.state(false).await["game"].get("watch"), None, "the board never sees the watch");
}

/// Every open prize of a set whose prizes open together is watched, whatever its pattern.
#[tokio::test]
async fn the_watch_counts_every_open_prize() {
    let f = Fixture::new(20);
    let rows = f.rows();
    let file = "name = \"mixed\"\nopens = \"together\"\n\
        [[prize]]\nname = \"breakfast\"\nvalues = \"1-30\"\nneed = 4\n\
        [[prize]]\nname = \"diagonal\"\ncells = [\"1:1\", \"2:5\", \"3:9\"]\n\
        [[prize]]\nname = \"corners\"\npositions = [\"1:1\", \"1:5\", \"3:1\", \"3:5\"]\n\
        [[prize]]\nname = \"early seven\"\nany = 7\n";
    let (s, v) = f.post("/api/games", json!({"name": "Mixed", "prizes": {"toml": file}, "books": "2-17"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let set = PrizeSet::parse(file, "mixed").unwrap();
    let order =
        housie_night::night::draw::DrawSeed::parse(&housie_core::support::digest::sha256_hex("watch every prize"))
            .unwrap()
            .order();
    let mut called = Vec::new();
    for &n in order.iter().take(30) {
        f.call(1, n).await;
        called.push(n);
        let state = f.state(true).await;
        for (i, prize) in set.prizes().iter().enumerate() {
            let watch = &state["game"]["watch"][i];
            let (complete, one) = brute_watch(&rows, 2..=17, &called, prize);
            assert_eq!(watch["prize"], prize.name());
            assert_eq!(
                (watch["complete"].as_u64(), watch["one_away"].as_u64()),
                (Some(complete), Some(one)),
                "{} after {called:?}",
                prize.name()
            );
        }
    }
}

#[tokio::test]
async fn draws_follow_the_committed_seed_and_the_record_reveals_it() {
    let f = Fixture::new(3);
    f.game("Game 1", "all").await;
    let commitment = f.state(false).await["game"]["commitment"].as_str().unwrap().to_string();
    f.call(1, 45).await;
    let mut drawn = Vec::new();
    for _ in 0..10 {
        let (s, v) = f.post("/api/games/1/draw", Value::Null).await;
        assert_eq!(s, StatusCode::CREATED);
        drawn.push(v["number"].as_u64().unwrap() as u8);
    }
    assert_eq!(f.state(false).await["game"]["seed"], Value::Null, "secret until the game ends");
    let (s, v) = f.post("/api/games/1/end", Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    let seed = housie_night::night::draw::DrawSeed::parse(v["seed"].as_str().unwrap()).unwrap();
    assert_eq!(seed.commitment(), commitment);
    let expected: Vec<u8> = seed.order().into_iter().filter(|&n| n != 45).take(10).collect();
    assert_eq!(drawn, expected);
    let state = f.state(false).await;
    assert_eq!(state["game"]["seed"].as_str(), Some(seed.text()));
    assert_eq!(state["game"]["drawn"].as_array().unwrap().iter().filter(|d| **d == true).count(), 10);
    let (s, v) = f.post("/api/games/1/calls", json!({"number": 1})).await;
    assert_eq!((s, v["error"].as_str().unwrap()), (StatusCode::CONFLICT, "Game 1 has ended"));
    let (s, _) = f.post("/api/games/1/draw", Value::Null).await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_restart_shows_the_same_state_and_the_log_keeps_undone_calls() {
    let mut f = Fixture::new(6);
    f.game("Game 1", "all").await;
    for n in [10, 20, 30] {
        f.call(1, n).await;
    }
    f.post("/api/games/1/undo", Value::Null).await;
    f.claim(1, &f.rows()[0].serial).await;
    let before = f.state(true).await;
    let token = f.token();
    f = f.restarted();
    assert_eq!(f.token(), token, "the caller's URL survives a restart");
    assert_eq!(f.state(true).await, before);
    let record = housie_night::night::reading::read(&f.dir.join("run")).unwrap();
    let g = &record.games[0];
    assert_eq!(g.calls.iter().map(|c| c.number).collect::<Vec<_>>(), vec![10, 20]);
    assert_eq!((g.undone[0].number, g.undone[0].calls_left), (30, 2));
    let (s, v) = f.post("/api/games/1/undo", Value::Null).await;
    assert_eq!((s, v["undone"].as_u64()), (StatusCode::OK, Some(20)));
}

#[test]
fn another_runs_night_or_a_damaged_one_is_refused() {
    let dir = Dir::new();
    make_run(&dir.join("a"), 2);
    let plan = GeneratePlan::new(Seed::from_text("other"), 2);
    crate::util::generate(&plan, &dir.join("b"), &|_| {}).unwrap();
    drop(night(&dir.join("a")).unwrap());
    std::fs::copy(dir.join("a").join(NIGHT_DB), dir.join("b").join(NIGHT_DB)).unwrap();
    let err = night(&dir.join("b")).err().unwrap().to_string();
    assert!(err.contains("night.sqlite: this night belongs to another run (its run.json had SHA-256"), "{err}");
    std::fs::write(dir.join("b").join(NIGHT_DB), b"this is not a database, just some bytes that go on".repeat(100))
        .unwrap();
    let err = night(&dir.join("b")).err().unwrap().to_string();
    assert!(err.contains("night.sqlite: is not an SQLite database, so not a housie night"), "{err}");
}

#[tokio::test]
async fn pages_and_assets_are_served_from_the_embedded_set() {
    let f = Fixture::new(1);
    for (path, kind) in [("/", "text/html"), ("/board", "text/html"), ("/assets/desk.js", "text/javascript")] {
        let req = Request::builder().uri(path).body(Body::empty()).unwrap();
        let res = router(f.app.clone()).oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with(kind));
        assert!(res.headers().contains_key("content-security-policy"));
    }
    for path in ["/assets/../Cargo.toml", "/assets/%2e%2e%2fCargo.toml", "/assets/nope.js"] {
        let (s, v) = f.send("GET", path, None, None).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}: {v}");
    }
    let (s, v) = f.send("GET", "/api/record", None, None).await;
    assert_eq!((s, v["games"].clone()), (StatusCode::OK, json!([])));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_at_once_are_served_one_after_the_other() {
    let f = std::sync::Arc::new(Fixture::new(4));
    f.game("Game 1", "all").await;
    // 40 different numbers at once: every one lands, with the indices 1–40 once each.
    let tasks: Vec<_> = (1..=40u8)
        .map(|n| {
            let f = f.clone();
            tokio::spawn(async move { f.post("/api/games/1/calls", json!({ "number": n })).await })
        })
        .collect();
    let mut indices = Vec::new();
    for t in tasks {
        let (s, v) = t.await.unwrap();
        assert_eq!(s, StatusCode::CREATED, "{v}");
        indices.push(v["index"].as_u64().unwrap());
    }
    indices.sort_unstable();
    assert_eq!(indices, (1..=40).collect::<Vec<u64>>());
    // The same number 10 times at once: one call, nine refusals.
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let f = f.clone();
            tokio::spawn(async move { f.post("/api/games/1/calls", json!({ "number": 77 })).await.0 })
        })
        .collect();
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.unwrap());
    }
    assert_eq!(codes.iter().filter(|&&s| s == StatusCode::CREATED).count(), 1);
    assert_eq!(codes.iter().filter(|&&s| s == StatusCode::CONFLICT).count(), 9);
    assert_eq!(f.state(false).await["game"]["count"], json!(41));
}

#[test]
fn a_second_server_on_the_same_night_is_refused() {
    let dir = Dir::new();
    make_run(&dir.join("run"), 2);
    let first = night(&dir.join("run")).unwrap();
    let err = night(&dir.join("run")).err().unwrap().to_string();
    assert!(
        err.ends_with(
            "night.sqlite: this event's night is being served (by `housie serve` or the studio): use that desk, or \
             stop it first (one night an event, one caller's desk a night)"
        ),
        "{err}"
    );
    // Reading the record while it serves is fine.
    assert!(housie_night::night::reading::read(&dir.join("run")).unwrap().games.is_empty());
    drop(first);
    night(&dir.join("run")).unwrap();
}

/// A night over a run of booklets: a game is one page of each booklet sold, and a claim from
/// another game's page, or an unsold booklet, is refused by name.
#[tokio::test]
async fn a_booklet_game_plays_its_page_of_the_booklets_sold() {
    let dir = Dir::new();
    let plan = crate::util::plan("night", housie_core::Settings { games: Some(8), ..crate::util::books(4 * 8) }); // 4 booklets of 8 games
    crate::util::generate(&plan, &dir.join("run"), &|_| {}).unwrap();
    let f = Fixture { app: open(&dir.join("run")), dir };
    assert_eq!(f.state(false).await["run"]["games"], 8);
    let (s, v) = f.post("/api/games", json!({"name": "Game 3", "books": "1-3"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "game: this run's booklets hold 8 games; say which one this is (1–8)");
    let (s, v) = f.post("/api/games", json!({"name": "Game 3", "books": "1-5", "game": 3})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("books: 1-5 is outside this run's booklets 1-4"))
    );
    let (s, v) = f.post("/api/games", json!({"name": "Game 3", "books": "1-3", "game": 3})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let state = f.state(true).await;
    assert_eq!((state["game"]["books"].as_str(), state["game"]["game"].as_u64()), (Some("1-3"), Some(3)));
    assert_eq!(state["game"]["books_in_play"], 3);
    assert_eq!(state["game"]["colour"], "Lime", "game 3's pages are the shipped palette's third colour");

    let rows = f.rows();
    let pick = |booklet: u64, game: u16| rows.iter().find(|r| r.booklet == booklet && r.game == game).unwrap();
    let mine = pick(2, 3);
    for &n in &mine.row(0) {
        f.call(1, n).await;
    }
    let (_, v) = f.claim(1, &mine.serial).await;
    assert_eq!(v["verdict"], "stands", "{v}");
    // The claim names the paper's own words: booklet 2, game 3, the Lime page.
    assert_eq!(v["booklet"], json!({"booklet": 2, "game": 3, "colour": "Lime"}), "{v}");
    let other_game = pick(2, 4);
    let (_, v) = f.claim(1, &other_game.serial).await;
    assert_eq!(v["verdict"], "refused");
    assert_eq!(
        v["message"],
        format!(
            "REFUSED: {} is for game 4 of its booklet (the Green page); Game 3 plays game 3 (the Lime page)",
            other_game.serial
        )
    );
    let unsold = pick(4, 3);
    let (_, v) = f.claim(1, &unsold.serial).await;
    assert_eq!(v["message"], "REFUSED: booklet 4 is not in play in Game 3 (booklets 1-3, game 3)");
    // A restart replays the game with its booklets and game.
    let f = f.restarted();
    let (_, v) = f.claim(1, &unsold.serial).await;
    assert_eq!(v["message"], "REFUSED: booklet 4 is not in play in Game 3 (booklets 1-3, game 3)");
    let (s, record) = f.send("GET", "/api/record", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!((record["games"][0]["books"].as_str(), record["games"][0]["game"].as_u64()), (Some("1-3"), Some(3)));
}

/// A Tambola night through the API: every prize open at once, so a bottom line stands at the
/// call that completed it while top line is unwon; winners confirmed by place; a second full
/// house after the first; the bogey rule; a custom prize file, and one with a mistake.
#[tokio::test]
async fn a_tambola_night_through_the_api() {
    let f = Fixture::new(10);
    let (s, v) = f.post("/api/games", json!({"name": "Tambola", "prizes": "tambola-full", "bogey": true})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let rows = f.rows();
    let (a, b, liar) = (&rows[0], &rows[6], &rows[13]);
    let mut called: Vec<u8> = Vec::new();
    for n in a.row(2) {
        f.call(1, n).await;
        called.push(n);
    }
    let (_, v) = f.claim(1, &a.serial).await;
    assert_eq!(v["verdict"], "stands", "{v}");
    assert!(v["stands"].as_array().unwrap().contains(&json!({"prize": "bottom line", "place": 1})), "{v}");
    let top = v["prizes"].as_array().unwrap().iter().find(|p| p["prize"] == "top line").unwrap().clone();
    assert_eq!((top["status"].as_str(), top["standing"].as_str()), (Some("incomplete"), Some("open")));
    let (s, v) = f.post("/api/games/1/winners", json!({"serial": a.serial, "prizes": ["bottom line"]})).await;
    assert_eq!(
        (s, v["won"].clone()),
        (StatusCode::CREATED, json!([{"prize": "bottom line", "place": 1, "shared": false}]))
    );
    // Taken back before the next call, and recorded again.
    let (s, v) = f.post("/api/games/1/reopen", Value::Null).await;
    assert_eq!((s, v["reopened"].as_str()), (StatusCode::OK, Some("bottom line")));
    let (s, _) = f.post("/api/games/1/winners", json!({"serial": a.serial, "prizes": ["bottom line"]})).await;
    assert_eq!(s, StatusCode::CREATED);
    // A claim that does not stand cannot be recorded as won.
    let (s, v) = f.post("/api/games/1/winners", json!({"serial": b.serial})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");

    // A false claim bars its ticket; its later claims are refused with the reason.
    let (_, v) = f.claim(1, &liar.serial).await;
    assert_eq!((v["verdict"].as_str(), v["barred"].as_bool()), (Some("incomplete"), Some(true)), "{v}");
    assert!(v["message"].as_str().unwrap().ends_with("this ticket can claim nothing more this game"));
    let (_, v) = f.claim(1, &liar.serial).await;
    assert_eq!(v["verdict"], "refused");
    assert_eq!(
        v["message"],
        format!(
            "REFUSED: {} made a false claim at call 5, and under the bogey rule it can claim nothing more this game",
            liar.serial
        )
    );

    // Full house: first place to ticket a, then second place to ticket b.
    for n in a.cells.iter().copied().filter(|&n| n != 0 && !called.contains(&n)).collect::<Vec<_>>() {
        f.call(1, n).await;
        called.push(n);
    }
    let (_, v) = f.claim(1, &a.serial).await;
    assert!(v["stands"].as_array().unwrap().contains(&json!({"prize": "full house", "place": 1})), "{v}");
    let (s, _) = f.post("/api/games/1/winners", json!({"serial": a.serial, "prizes": ["full house"]})).await;
    assert_eq!(s, StatusCode::CREATED);
    for n in b.cells.iter().copied().filter(|&n| n != 0 && !called.contains(&n)).collect::<Vec<_>>() {
        f.call(1, n).await;
        called.push(n);
    }
    let (_, v) = f.claim(1, &b.serial).await;
    assert!(v["message"].as_str().unwrap().contains("full house (2nd place)"), "{v}");
    let (s, v) = f.post("/api/games/1/winners", json!({"serial": b.serial, "prizes": ["full house"]})).await;
    assert_eq!((s, v["won"][0]["place"].as_u64()), (StatusCode::CREATED, Some(2)));
    let state = f.state(false).await;
    let house =
        state["game"]["prize_list"].as_array().unwrap().iter().find(|p| p["prize"] == "full house").unwrap().clone();
    assert_eq!(house["won"][0]["winners"], json!([a.serial]));
    assert_eq!(house["won"][1]["winners"], json!([b.serial]));
    assert_eq!(state["game"]["barred"], json!([liar.serial]));
    let record = housie_night::night::reading::read(&f.dir.join("run")).unwrap();
    let wins: Vec<(String, usize, bool)> =
        record.games[0].prizes_won.iter().map(|w| (w.prize.clone(), w.place, w.taken_back)).collect();
    assert_eq!(
        wins,
        [
            ("bottom line".to_string(), 1, false),
            ("bottom line".to_string(), 1, true),
            ("bottom line".to_string(), 1, false),
            ("full house".to_string(), 1, false),
            ("full house".to_string(), 2, false)
        ]
    );
    // A restart replays it all.
    let before = f.state(true).await;
    let f = f.restarted();
    assert_eq!(f.state(true).await, before);

    // A custom prize file, uploaded; and one with a mistake, named with its line and key.
    let file = "name = \"meals\"\nopens = \"together\"\n[[prize]]\nname = \"breakfast\"\nvalues = \"1-30\"\n";
    let (s, v) = f.post("/api/games", json!({"name": "Meals", "prizes": {"toml": file}})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(f.state(false).await["game"]["prize_list"][0]["needs"], "every number from 1 to 30 on the ticket");
    let bad = "name = \"meals\"\nopens = \"together\"\n[[prize]]\nname = \"breakfast\"\nvalues = \"1-300\"\n";
    let (s, v) = f.post("/api/games", json!({"name": "Meals", "prizes": {"toml": bad}})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("prizes: the prize file:5: prize `breakfast`: values: 1-300 is outside the numbers 1–90")
        )
    );
}

/// A night written by housie 0.2 still opens: its `tambola` game is played as it was then, one
/// prize at a time, and its closed prizes name no winner.
#[tokio::test]
async fn a_night_of_housie_0_2_still_replays() {
    let f = Fixture::new(4);
    let run = f.dir.join("run");
    drop(f.app);
    let seed = "9c2e".repeat(16);
    let db = rusqlite::Connection::open(run.join(NIGHT_DB)).unwrap();
    let created = json!({"kind": "game_created", "name": "Old", "prizes": "tambola", "books": "1-4",
        "commitment": housie_core::support::digest::sha256_hex(&seed), "seed": seed});
    for (game, data) in [
        (1, created.to_string()),
        (1, r#"{"kind":"called","number":17,"drawn":false}"#.to_string()),
        (1, r#"{"kind":"prize_closed","prize":"early five"}"#.to_string()),
        (1, r#"{"kind":"claimed","serial":"000001-1-7","prize":"top line","verdict":"incomplete","calls":1,"message":"m"}"#.to_string()),
    ] {
        let kind: String = serde_json::from_str::<Value>(&data).unwrap()["kind"].as_str().unwrap().to_string();
        db.execute("INSERT INTO events (game, kind, data) VALUES (?1, ?2, ?3)", rusqlite::params![game, kind, data]).unwrap();
    }
    drop(db);
    let f = Fixture { app: housie_web::web::App::new(night(&run).unwrap()), dir: f.dir };
    let state = f.state(false).await;
    assert_eq!(state["game"]["opens"], "in order");
    assert_eq!(state["game"]["prize"], "top line", "early five was closed; top line is played next");
}

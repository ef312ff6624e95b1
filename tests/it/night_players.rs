//! The players' side through the API: a paper ticket followed by its serial, a phone-only one
//! only with its code (and the same answer as an unknown serial without it), claims from phones
//! queued for the caller and settled as the desk's, the bogey rule, the rate limit, a restart;
//! and `housie export`'s booklet files and links.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use housie_web::web::{router, App};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::night_api::{make_run, night};
use crate::util::{manifest_rows, Dir, Row};

/// A night of 12 books, books 11-12 kept for phones.
struct Hall {
    dir: Dir,
    app: Arc<App>,
}

impl Hall {
    fn new() -> Hall {
        let dir = Dir::new();
        make_run(&dir.join("run"), 12);
        let app = Hall::open(&dir);
        Hall { dir, app }
    }

    fn open(dir: &Dir) -> Arc<App> {
        let mut n = night(&dir.join("run")).unwrap();
        n.keep_for_phones("11-12").unwrap();
        App::new(n)
    }

    fn restarted(self) -> Hall {
        let Hall { dir, app } = self;
        drop(app);
        let app = Hall::open(&dir);
        Hall { dir, app }
    }

    fn rows(&self) -> Vec<Row> {
        manifest_rows(&self.dir.read("run/manifest.csv"))
    }

    /// A request from `peer` (a phone's address), with the token when `caller`.
    async fn send(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        caller: bool,
        peer: [u8; 4],
    ) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(path).header("content-type", "application/json");
        if caller {
            req = req.header("authorization", format!("Bearer {}", self.app.token()));
        }
        let mut req = req.body(Body::from(body.map(|b| b.to_string()).unwrap_or_default())).unwrap();
        req.extensions_mut().insert(ConnectInfo(SocketAddr::from((peer, 50000))));
        let res = router(self.app.clone()).oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }

    async fn follow(&self, path: &str) -> (StatusCode, Value) {
        self.send("GET", path, None, false, [10, 0, 0, 2]).await
    }

    async fn raise(&self, serial: &str, body: Value, phone: u8) -> (StatusCode, Value) {
        self.send("POST", &format!("/api/play/{serial}/claims"), Some(body), false, [10, 0, 0, phone]).await
    }

    async fn desk(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send("POST", path, Some(body), true, [127, 0, 0, 1]).await
    }

    async fn state(&self, caller: bool) -> Value {
        self.send("GET", "/api/state", None, caller, [10, 0, 0, 2]).await.1
    }

    fn code(&self, serial: &str) -> String {
        let record = housie_files::record::read_record(&self.dir.join("run")).unwrap().0;
        let serial: housie_core::domain::Serial = serial.parse().unwrap();
        housie_night::night::play_code::CodeKey::of_seed(&record.seed).code(&serial)
    }
}

fn grid_of(row: &Row) -> Value {
    let cells: Vec<Value> = row.cells.iter().map(|&n| if n == 0 { Value::Null } else { json!(n) }).collect();
    json!([cells[0..9], cells[9..18], cells[18..27]])
}

#[tokio::test]
async fn a_paper_ticket_is_followed_by_its_serial_and_shows_its_whole_book() {
    let h = Hall::new();
    let rows = h.rows();
    let third = &rows[2 * 6 + 3]; // book 3, ticket 4
    let (s, v) = h.follow(&format!("/api/play/{}", third.serial)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((&v["unit"], &v["unit_name"], &v["phone_only"]), (&json!(3), &json!("book"), &json!(false)));
    assert_eq!(v["game"], Value::Null);
    assert_eq!(v["note"], json!("No game has started yet: this page follows it when it does."));
    let tickets = v["tickets"].as_array().unwrap();
    assert_eq!(tickets.len(), 6);
    for (t, row) in tickets.iter().zip(&rows[12..18]) {
        assert_eq!(t["serial"], json!(row.serial));
        assert_eq!(t["grid"], grid_of(row), "{} as the manifest has it", row.serial);
    }
    // Leading zeros may be left out; the serial comes back as the run writes it.
    let short = third.serial.trim_start_matches('0');
    let (s, v) = h.follow(&format!("/api/play/{short}")).await;
    assert_eq!((s, &v["serial"]), (StatusCode::OK, &json!(third.serial)));
}

#[tokio::test]
async fn a_mistyped_serial_gets_did_you_mean_and_an_unknown_one_the_same_answer_as_a_phone_only_one() {
    let h = Hall::new();
    let rows = h.rows();
    // Check digit wrong: 422 with the serials one slip away, none of them kept for phones.
    let good = &rows[0].serial;
    let bad = format!("{}{}", &good[..good.len() - 1], (good.as_bytes()[good.len() - 1] - b'0' + 1) % 10);
    let (s, v) = h.follow(&format!("/api/play/{bad}")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let suggestions: Vec<&str> = v["suggestions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert!(suggestions.contains(&good.as_str()), "{v}");
    assert!(suggestions.iter().all(|s| !s.starts_with("000011-") && !s.starts_with("000012-")), "{v}");
    // Not a serial at all.
    let (s, v) = h.follow("/api/play/hello").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");

    // A serial past the run, a phone-only one without its code, with a wrong one: one answer.
    let beyond = housie_core::domain::Serial::new(13, 1).unwrap().to_string();
    let kept = rows.iter().find(|r| r.book == 11).unwrap().serial.clone();
    let code = h.code(&kept);
    let wrong = format!("{}{}", if code.starts_with('A') { 'B' } else { 'A' }, &code[1..]);
    let mut answers = Vec::new();
    for (serial, path) in [
        (&beyond, format!("/api/play/{beyond}")),
        (&kept, format!("/api/play/{kept}")),
        (&kept, format!("/api/play/{kept}?code={wrong}")),
        (&kept, format!("/api/play/{kept}?code=")),
        (&kept, format!("/api/play/{kept}?code={}", h.code(&rows[0].serial))),
    ] {
        let (s, v) = h.follow(&path).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}: {v}");
        answers.push(v["error"].as_str().unwrap().replace(serial.as_str(), "SERIAL"));
    }
    answers.dedup();
    assert_eq!(
        answers,
        ["There is no ticket SERIAL to follow here: check the serial on your ticket, or the link you were sent."]
    );

    // With its code (as texted: lower case, no hyphen, O for 0) it is followed.
    for given in [code.clone(), code.to_lowercase().replace('-', ""), code.replace('0', "O")] {
        let (s, v) = h.follow(&format!("/api/play/{kept}?code={given}")).await;
        assert_eq!(s, StatusCode::OK, "{given}: {v}");
        assert_eq!((&v["phone_only"], v["tickets"].as_array().unwrap().len()), (&json!(true), 6));
    }
}

#[tokio::test]
async fn claims_from_phones_queue_for_the_caller_who_settles_them_as_the_desks() {
    let h = Hall::new();
    let rows = h.rows();
    let (s, v) =
        h.desk("/api/games", json!({"name": "Game 1", "prizes": "uk", "books": "1-6, 11-12", "bogey": true})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let winner = &rows[6]; // book 2, ticket 1: its top line wins one line
    let kept = rows.iter().find(|r| r.book == 11 && r.ticket == 2).unwrap();
    let code = h.code(&rows.iter().find(|r| r.book == 11 && r.ticket == 1).unwrap().serial);

    // Before any call, a claim is queued all the same: the caller judges it.
    for n in winner.row(0) {
        let (s, v) = h.desk("/api/games/1/calls", json!({ "number": n })).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    // A paper ticket's claim, and a phone-only ticket's with its code.
    let (s, v) = h.raise(&winner.serial, json!({"ticket": 1}), 7).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    assert_eq!(v["position"], json!(1));
    let kept_first = &rows.iter().find(|r| r.book == 11 && r.ticket == 1).unwrap().serial;
    let (s, v) = h.raise(kept_first, json!({"ticket": 2}), 8).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "without its code: {v}");
    let (s, v) = h.raise(kept_first, json!({"ticket": 2, "code": code}), 8).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    // Sent with its code, it is proven: it goes before the paper ticket's request.
    assert_eq!((&v["serial"], &v["position"]), (&json!(kept.serial), &json!(1)));
    // The same claim again while it waits: 409, nothing queued twice.
    let (s, v) = h.raise(&winner.serial, json!({"ticket": 1}), 7).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("already with the caller"), "{v}");
    // A book not in play, a ticket that is not 1–6.
    let (s, v) = h.raise(&rows[7 * 6].serial, json!({"ticket": 1}), 9).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["error"], json!("This ticket is not in play in Game 1: it cannot claim."));
    let (s, _) = h.raise(&winner.serial, json!({"ticket": 7}), 9).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);

    // The desk sees the queue, proven claims first, with where each came from; the board sees
    // no addresses.
    let caller = h.state(true).await;
    let queue = caller["game"]["queue"].as_array().unwrap().clone();
    assert_eq!(queue.len(), 2);
    assert_eq!((&queue[0]["serial"], &queue[0]["phone_only"]), (&json!(kept.serial), &json!(true)));
    assert_eq!(
        (&queue[1]["serial"], &queue[1]["source"], &queue[1]["phone_only"]),
        (&json!(winner.serial), &json!("phone 10.0.0.7"), &json!(false))
    );
    let public = h.state(false).await;
    assert_eq!(public["game"]["queue"][1]["source"], json!("phone"));

    // The caller settles the first: it stands, logged with its source; the queue moves up.
    let (s, v) = h.desk("/api/games/1/claims", json!({"serial": winner.serial})).await;
    assert_eq!((s, &v["verdict"]), (StatusCode::OK, &json!("stands")), "{v}");
    // The phone-only ticket's claim is false: under the bogey rule it is barred.
    let (s, v) = h.desk("/api/games/1/claims", json!({"serial": kept.serial})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((&v["verdict"], &v["barred"]), (&json!("incomplete"), &json!(true)));
    let public = h.state(false).await;
    assert_eq!(public["game"]["queue"], json!([]));
    let claims = public["game"]["claims"].as_array().unwrap();
    assert_eq!(
        (&claims[1]["serial"], &claims[1]["source"], &claims[1]["verdict"]),
        (&json!(winner.serial), &json!("phone"), &json!("stands"))
    );
    assert_eq!((&claims[0]["serial"], &claims[0]["barred"]), (&json!(kept.serial), &json!(true)));
    // A barred ticket cannot claim again.
    let (s, v) = h.raise(kept_first, json!({"ticket": 2, "code": code}), 8).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("barred"), "{v}");

    // The record keeps where each claim came from; a restart keeps a queued claim.
    let (s, _) = h.raise(&rows[0].serial, json!({"ticket": 3}), 10).await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let h = h.restarted();
    let caller = h.state(true).await;
    assert_eq!(caller["game"]["queue"][0]["serial"], json!(rows[2].serial));
    assert_eq!(caller["game"]["queue"][0]["source"], json!("phone 10.0.0.10"));
    let record = housie_night::night::reading::read(&h.dir.join("run")).unwrap().to_text();
    assert!(record.contains("[from phone 10.0.0.7]"), "{record}");
    assert!(record.contains(&format!("call  5  {}   from phone 10.0.0.7 [no code]\n", winner.serial)), "{record}");
    assert!(
        record.contains(&format!("{}   from phone 10.0.0.10 [no code] [never checked]\n", rows[2].serial)),
        "{record}"
    );
}

#[tokio::test]
async fn claims_are_limited_per_ticket_and_only_well_formed_ones_count() {
    let h = Hall::new();
    let rows = h.rows();
    let (s, _) = h.desk("/api/games", json!({"name": "Game 1", "prizes": "uk", "books": "1-10"})).await;
    assert_eq!(s, StatusCode::CREATED);
    // Malformed claims (a ticket that is not 1–6, a serial not in the run) count for nothing.
    for _ in 0..20 {
        let (s, _) = h.raise(&rows[0].serial, json!({"ticket": 7}), 66).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
        let (s, _) = h.raise("999999-1-0", json!({"ticket": 1}), 66).await;
        assert!(s.is_client_error() && s != StatusCode::TOO_MANY_REQUESTS, "{s}");
    }
    // One ticket, claimed again and again (the repeats are 409 while the first waits).
    let mut statuses = Vec::new();
    for phone in 0..6 {
        let (s, v) = h.raise(&rows[0].serial, json!({"ticket": 1}), 70 + phone).await;
        statuses.push(s.as_u16());
        if s == StatusCode::TOO_MANY_REQUESTS {
            assert!(v["error"].as_str().unwrap().starts_with("Too many claims for this ticket: wait "), "{v}");
        }
    }
    assert_eq!(statuses, [202, 409, 409, 409, 429, 429]);
    // A hall behind one address: its phones' claims get through, up to the places one address
    // may hold (the rest are kept for other addresses).
    for i in 1..10 {
        for t in 1..=6 {
            let (s, v) = h.raise(&rows[i * 6].serial, json!({"ticket": t}), 66).await;
            assert!(s == StatusCode::ACCEPTED || s == StatusCode::TOO_MANY_REQUESTS, "{s} {v}");
            if s == StatusCode::TOO_MANY_REQUESTS {
                assert!(v["error"].as_str().unwrap().contains("requests from this address"), "{v}");
            }
        }
    }
    let per_address = housie_night::night::game::UNPROVEN_PER_SOURCE;
    assert_eq!(h.state(true).await["game"]["queue"].as_array().unwrap().len(), 1 + per_address);
}

#[tokio::test]
async fn a_stranger_cannot_bar_a_paper_ticket_block_its_holder_or_fill_the_queue() {
    let h = Hall::new();
    let rows = h.rows();
    let (s, _) = h.desk("/api/games", json!({"name": "Game 1", "prizes": "uk", "books": "1-10", "bogey": true})).await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, _) = h.desk("/api/games/1/calls", json!({"number": 1})).await;
    assert_eq!(s, StatusCode::CREATED);
    let ticket = &rows[6]; // book 2, ticket 1, whose claim is false
    let code = h.code(&ticket.serial);

    // A stranger's claim without the code is a request: queued, marked, and it never bars.
    let (s, v) = h.raise(&ticket.serial, json!({"ticket": 1}), 99).await;
    assert_eq!((s, &v["unproven"]), (StatusCode::ACCEPTED, &json!(true)), "{v}");
    assert!(v["message"].as_str().unwrap().contains("the caller checks the paper"), "{v}");
    assert_eq!(h.state(true).await["game"]["queue"][0]["unproven"], json!(true));
    let (s, v) = h.desk("/api/games/1/claims", json!({"serial": ticket.serial})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((&v["verdict"], &v["barred"]), (&json!("incomplete"), &json!(false)));
    assert!(v["message"].as_str().unwrap().contains("Not barred"), "{v}");

    // The stranger again, then the holder with the code: the holder's proven claim is not held
    // up by the request, and takes its place.
    let (s, _) = h.raise(&ticket.serial, json!({"ticket": 1}), 99).await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let (s, v) = h.raise(&ticket.serial, json!({"ticket": 1, "code": "0000-0000"}), 98).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "a wrong code proves nothing: {v}");
    let (s, v) = h.raise(&ticket.serial, json!({"ticket": 1, "code": code}), 98).await;
    assert_eq!((s, &v["unproven"]), (StatusCode::ACCEPTED, &json!(false)), "{v}");
    let queue = h.state(true).await["game"]["queue"].clone();
    assert_eq!(queue.as_array().unwrap().len(), 1, "{queue}");
    assert_eq!((&queue[0]["source"], &queue[0]["unproven"]), (&json!("phone 10.0.0.98"), &json!(false)));
    // The holder's false claim bars, as the bogey rule says; the caller can lift the bar.
    let (s, v) = h.desk("/api/games/1/claims", json!({"serial": ticket.serial})).await;
    assert_eq!((s, &v["barred"]), (StatusCode::OK, &json!(true)), "{v}");
    let (s, v) = h.raise(&ticket.serial, json!({"ticket": 1, "code": code}), 98).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let lift = format!("/api/games/1/bars/{}", ticket.serial);
    let (s, v) = h.send("DELETE", &lift, None, false, [10, 0, 0, 98]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "only the caller lifts a bar: {v}");
    let (s, v) = h.send("DELETE", &lift, None, true, [127, 0, 0, 1]).await;
    assert_eq!((s, &v["lifted"]), (StatusCode::OK, &json!(ticket.serial)), "{v}");
    let (s, v) = h.send("DELETE", &lift, None, true, [127, 0, 0, 1]).await;
    assert_eq!(s, StatusCode::CONFLICT, "not barred now: {v}");
    assert_eq!(h.state(false).await["game"]["barred"], json!([]));
    let (s, v) = h.raise(&ticket.serial, json!({"ticket": 1, "code": code}), 98).await;
    assert_eq!(s, StatusCode::ACCEPTED, "it may claim again: {v}");

    // Strangers fill every place requests have; a holder's proven claim still gets in.
    let other = &rows[1];
    let mut refused = 0;
    let strangers: Vec<&Row> =
        rows[..60].iter().filter(|r| r.serial != ticket.serial && r.serial != other.serial).collect();
    for (i, r) in strangers.iter().enumerate() {
        let (s, _) = h.raise(&r.serial, json!({"ticket": r.ticket}), 100 + (i % 50) as u8).await;
        refused += usize::from(s == StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(refused, strangers.len() - housie_night::night::game::UNPROVEN_MAX);
    let (s, v) = h.raise(&other.serial, json!({"ticket": 2, "code": h.code(&other.serial)}), 97).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");

    // The record keeps the requests, the bar and its lifting, through a restart.
    let h = h.restarted();
    assert_eq!(h.state(true).await["game"]["queue"].as_array().unwrap().len(), 52);
    let record = housie_night::night::reading::read(&h.dir.join("run")).unwrap().to_text();
    assert!(record.contains(&format!("{}   from phone 10.0.0.99 [no code]\n", ticket.serial)), "{record}");
    let lifted = record.lines().find(|l| l.starts_with("  bar lifted ")).expect("the lifted bar is in the record");
    assert!(lifted.ends_with(&format!("  {}", ticket.serial)), "{record}");
}

/// One address cannot take the requests' places: it holds a few, and every other phone still
/// gets in.
#[tokio::test]
async fn one_address_cannot_fill_the_claim_queue() {
    let h = Hall::new();
    let rows = h.rows();
    let (s, v) = h.desk("/api/games", json!({"name": "Game 1", "prizes": "uk", "books": "all"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let mut codes = Vec::new();
    for r in rows.iter().take(48) {
        codes.push(h.raise(&r.serial, json!({"ticket": r.ticket}), 66).await.0);
    }
    let queued = codes.iter().filter(|&&s| s == StatusCode::ACCEPTED).count();
    assert_eq!(queued, housie_night::night::game::UNPROVEN_PER_SOURCE, "{codes:?}");
    for (i, r) in rows.iter().skip(48).take(10).enumerate() {
        let (s, v) = h.raise(&r.serial, json!({"ticket": r.ticket}), 120 + i as u8).await;
        assert_eq!(s, StatusCode::ACCEPTED, "a paper holder's phone still gets in: {v}");
    }
}

#[tokio::test]
async fn no_game_an_ended_game_and_a_new_game_each_say_so() {
    let h = Hall::new();
    let rows = h.rows();
    let (s, v) = h.raise(&rows[0].serial, json!({"ticket": 1}), 5).await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (StatusCode::CONFLICT, "No game has started yet: there is nothing to claim.")
    );
    h.desk("/api/games", json!({"name": "early bird", "prizes": "uk", "books": "2"})).await;
    let (s, v) = h.follow(&format!("/api/play/{}", rows[0].serial)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!((&v["note"], &v["tickets"]), (&json!("book 1 is not in play in Early bird."), &json!([])));
    h.desk("/api/games/1/end", json!(null)).await;
    let (s, v) = h.raise(&rows[6].serial, json!({"ticket": 1}), 5).await;
    assert_eq!((s, v["error"].as_str().unwrap()), (StatusCode::CONFLICT, "early bird is over: claims are closed."));
}

#[test]
fn an_edited_log_with_a_claim_for_a_ticket_not_in_play_is_refused() {
    let h = Hall::new();
    drop(h.app);
    let db = h.dir.join("run").join(housie_night::night::NIGHT_DB);
    // A game of books 1-2, then a claim raised for book 9, written by hand.
    let mut n = night(&h.dir.join("run")).unwrap();
    n.create_game("g", &housie_night::night::PrizeChoice::Named("uk".into()), "1-2", None, false).unwrap();
    drop(n);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let serial = housie_core::domain::Serial::new(9, 1).unwrap().to_string();
    let body = json!({"kind": "raised", "serial": serial, "source": "phone"}).to_string();
    // Written by hand with its link, as a forger who knows the chain would.
    let rows = housie_night::night::store::Store::open_read_only(&db, None).unwrap().rows().unwrap();
    let prev = rows.last().unwrap().hash();
    conn.execute(
        "INSERT INTO events (game, kind, data, prev) VALUES (1, 'raised', ?1, ?2)",
        rusqlite::params![body, prev],
    )
    .unwrap();
    drop(conn);
    let e = night(&h.dir.join("run")).err().expect("refused");
    assert!(e.to_string().contains("raised: 000009-1-"), "{e}");
    assert!(e.to_string().contains("is not in play in g"), "{e}");
}

/// The text of every page of a PDF, by lopdf (the serials are in the content as text).
fn serials_on_pages(path: &std::path::Path) -> Vec<Vec<String>> {
    let doc = lopdf::Document::load(path).unwrap();
    doc.get_pages()
        .keys()
        .map(|&p| {
            let text = doc.extract_text(&[p]).unwrap_or_default();
            let mut found: Vec<String> = text
                .split(|c: char| !(c.is_ascii_digit() || c == '-'))
                .filter(|w| w.len() >= 12 && w.matches('-').count() == 3)
                .map(str::to_string)
                .collect();
            found.dedup();
            found
        })
        .collect()
}

#[test]
fn export_writes_a_pdf_a_booklet_and_links_that_follow_them() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "6", "--games", "3", "--seed", "remote", "--out", "run"]).success();
    let rows = manifest_rows(&d.read("run/manifest.csv"));
    // The booklet goes into play in the same step: a night is made, and records it given
    // free. What a killed export left behind is cleared.
    std::fs::create_dir_all(d.join("post")).unwrap();
    std::fs::write(d.join("post/.housie-killed.tmp"), b"half a PDF").unwrap();
    let out = d.run(&["export", "run", "--booklets", "2", "--out", "post"]).success();
    assert!(!d.join("post/.housie-killed.tmp").exists());
    assert_eq!(
        out.stdout(),
        "wrote 1 booklet file and links.csv to post\nbooklets 2 given free: in play in every game of \"all\"\n"
    );
    assert_eq!(night(&d.join("run")).unwrap().ledger().cashup().given_free, "2");
    let pages = serials_on_pages(&d.join("post/booklet-000002.pdf"));
    assert_eq!(pages.len(), 3, "one page a game");
    // A page the paper's size (A4, without the print file's 3 mm bleed), for a home printer.
    let doc = lopdf::Document::load(d.join("post/booklet-000002.pdf")).unwrap();
    let tree = doc.catalog().unwrap().get(b"Pages").unwrap().as_reference().unwrap();
    let media = crate::util::pdf_box(&doc, tree, "MediaBox");
    assert_eq!(media.iter().map(|v| (v * 25.4 / 72.0).round()).collect::<Vec<_>>(), [0.0, 0.0, 210.0, 297.0]);
    for (g, page) in pages.iter().enumerate() {
        let want: Vec<String> =
            rows.iter().filter(|r| r.booklet == 2 && usize::from(r.game) == g + 1).map(|r| r.serial.clone()).collect();
        assert_eq!(page, &want, "game {}'s page holds booklet 2's tickets for it, in order", g + 1);
    }
    let links = d.read("post/links.csv");
    let first = &rows.iter().find(|r| r.booklet == 2).unwrap().serial;
    // Paper too gets its code: a claim from the link proves the ticket.
    let record = housie_files::record::read_record(&d.join("run")).unwrap().0;
    let code = housie_night::night::play_code::CodeKey::of_seed(&record.seed)
        .code(&record.settings.numbering().parse(first).unwrap());
    assert_eq!(
        links,
        format!(
            "booklet,file,phone_only,serial,code,link\n2,booklet-000002.pdf,false,{first},{code},/play?s={first}&c={code}\n"
        )
    );

    // Again without --force: refused, naming the file; a range past the run: refused.
    let again = d.run(&["export", "run", "--booklets", "2", "--out", "post"]).expect_code(2);
    assert!(again.stderr().contains("booklet-000002.pdf exists; give --force to replace it"), "{}", again.stderr());
    // Another booklet into the same folder: links.csv gathers both, in booklet order.
    d.run(&["export", "run", "--booklets", "1", "--out", "post"]).success();
    let links = d.read("post/links.csv");
    let booklets: Vec<&str> = links.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(booklets, ["1", "2"]);
    std::fs::write(d.join("post/links.csv"), "name,phone\nAnn,0777\n").unwrap();
    let foreign = d.run(&["export", "run", "--booklets", "3", "--out", "post"]).expect_code(2);
    assert!(foreign.stderr().contains("links.csv:1: not a links.csv housie wrote"), "{}", foreign.stderr());
    assert!(!d.join("post/booklet-000003.pdf").exists(), "refused before anything is written");
    let past = d.run(&["export", "run", "--booklets", "5-9", "--out", "else"]).expect_code(2);
    assert!(past.stderr().starts_with("housie: --booklets: "), "{}", past.stderr());
    assert!(!d.join("else/booklet-000005.pdf").exists(), "nothing written");

    // Phone-only: recorded in the night with the booklets issued; the links carry codes that
    // the player API takes.
    let out = d
        .run(&[
            "export",
            "run",
            "--booklets",
            "5-6",
            "--phone-only",
            "--url",
            "http://10.0.0.5:8090/",
            "--out",
            "phones",
        ])
        .success();
    assert_eq!(
        out.stdout(),
        "wrote 2 booklet files and links.csv to phones\nbooklets 5-6 given free: in play in every game of \"all\"\n"
    );
    let links = d.read("phones/links.csv");
    let lines: Vec<Vec<&str>> = links.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(lines.len(), 2);
    let mut n = night(&d.join("run")).unwrap();
    assert_eq!(n.ledger().phone_only().to_string(), "5-6");
    assert_eq!(n.ledger().issued_units().to_string(), "1-2, 5-6");
    n.create_game("Game 1", &housie_night::night::PrizeChoice::Named("uk".into()), "5-6", Some(1), false).unwrap();
    let app = App::new(n);
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    for line in &lines {
        let (serial, code, link) = (line[3], line[4], line[5]);
        assert_eq!(line[2], "true");
        assert_eq!(link, format!("http://10.0.0.5:8090/play?s={serial}&c={code}"));
        let get = |path: String| {
            let app = app.clone();
            rt.block_on(async move {
                let req = Request::builder().uri(path).body(Body::empty()).unwrap();
                router(app).oneshot(req).await.unwrap().status()
            })
        };
        assert_eq!(get(format!("/api/play/{serial}?code={code}")), StatusCode::OK);
        assert_eq!(get(format!("/api/play/{serial}")), StatusCode::NOT_FOUND);
        // A ticket's QR link with its code passes the code on to the player page.
        assert_eq!(get(format!("/p/{serial}?c={code}")), StatusCode::SEE_OTHER);
        assert_eq!(get(format!("/p/{serial}?c=%3Cscript%3E")), StatusCode::NOT_FOUND);
    }
}

#[test]
fn exported_booklets_are_in_play_in_an_all_game_without_a_second_step() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "30", "--games", "2", "--seed", "remote", "--out", "run"]).success();
    // A night that records no sales: every booklet is in play, the exported ones with the rest.
    d.run(&["export", "run", "--booklets", "26-27", "--out", "free"]).success();
    let mut n = night(&d.join("run")).unwrap();
    let all = |n: &mut housie_night::night::ServedNight| {
        let id =
            n.create_game("g", &housie_night::night::PrizeChoice::Named("uk".into()), "all", Some(1), false).unwrap();
        n.games()[id as usize - 1].books.to_string()
    };
    assert_eq!(all(&mut n), "1-30");
    drop(n);
    // The hall sells 1-4 at the desk: "all" is then what was sold, and the exported booklets
    // are among it, as are those sold at a price to players of their own.
    let mut n = night(&d.join("run")).unwrap();
    let sale = housie_night::ledger::Entry::Sold {
        sold_as: Default::default(),
        units: "1-4".into(),
        price: housie_night::ledger::Money::parse("2").unwrap(),
        seller: None,
        buyer: Some("table 1".into()),
        how: housie_night::ledger::Payment::Cash,
        remote: false,
    };
    n.record_money(sale, false).unwrap();
    drop(n);
    let priced = d.run(&["export", "run", "--booklets", "28-30", "--price", "3", "--out", "paid"]).success();
    assert!(
        priced.stdout().ends_with(
            "booklets 28-30 sold at 3.00 each, each to a player of its own: in play in every game of \"all\"\n"
        ),
        "{}",
        priced.stdout()
    );
    let mut n = night(&d.join("run")).unwrap();
    assert_eq!(all(&mut n), "1-4, 26-30");
    let c = n.ledger().cashup();
    assert_eq!((c.given_free.as_str(), c.takings.to_string().as_str(), c.missing.as_str()), ("26-27", "17.00", ""));
    drop(n);
    // One buyer: one sale. The same booklets sent again later are left as they are.
    let ann = d.run(&["export", "run", "--booklets", "10-12", "--price", "3", "--buyer", "Ann", "--out", "ann"]);
    let ann = ann.success();
    assert!(ann.stdout().contains("sold to Ann at 3.00 each"), "{}", ann.stdout());
    let again =
        d.run(&["export", "run", "--booklets", "10-12", "--price", "3", "--buyer", "Ann", "--out", "ann", "--force"]);
    assert_eq!(again.success().stdout(), "wrote 3 booklet files and links.csv to ann\n");
    let night_ = night(&d.join("run")).unwrap();
    assert_eq!(night_.ledger().cashup().takings.to_string(), "26.00");
}

#[test]
fn an_export_of_a_booklet_while_a_game_is_called_is_for_the_games_to_come() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "6", "--games", "2", "--seed", "late", "--out", "run"]).success();
    let mut n = night(&d.join("run")).unwrap();
    let id =
        n.create_game("late", &housie_night::night::PrizeChoice::Named("uk".into()), "all", Some(1), false).unwrap();
    n.call(id, 7).unwrap();
    drop(n);
    d.run(&["export", "run", "--booklets", "5", "--out", "late"]).success();
    assert!(d.join("late/booklet-000005.pdf").exists());
    let n = night(&d.join("run")).unwrap();
    assert_eq!(n.ledger().cashup().remote, "5", "recorded as sold to a remote player");
    assert_eq!(n.games()[0].books.to_string(), "1-6", "the game under way plays what it started with");
}

#[test]
fn an_export_past_the_regimes_limit_a_player_is_refused_before_anything_is_written() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "10", "--games", "2", "--seed", "limit", "--out", "run"]).success();
    let args = ["export", "run", "--booklets", "1-3", "--price", "3", "--buyer", "Ann", "--out", "ann"];
    let regime = ["--regime", "uk-non-commercial"];
    let refused = d.run(&[&args[..], &regime[..]].concat()).expect_code(2);
    assert_eq!(
        refused.stderr().lines().last().unwrap(),
        "housie: --price: Ann would have paid 9.00, over the 8.00 a player may pay for a night of UK non-commercial \
         bingo; give --over-limit to record it anyway"
    );
    assert!(!d.join("ann/booklet-000001.pdf").exists(), "nothing written");
    assert!(night(&d.join("run")).unwrap().ledger().is_empty(), "nothing recorded");
    // Each booklet a player of its own: no one passes the limit.
    d.run(&["export", "run", "--booklets", "1-3", "--price", "3", "--out", "each", "--regime", "uk-non-commercial"])
        .success();
    let c = night(&d.join("run")).unwrap().ledger().cashup();
    assert_eq!((c.warnings.len(), c.sold.as_str(), c.expected_cash.to_string().as_str()), (0, "1-3", "0.00"));
    // Another currency than the night's is refused by name.
    let inr = d.run(&["export", "run", "--booklets", "4", "--price", "3", "--out", "each", "--currency", "INR"]);
    assert!(inr.expect_code(2).stderr().contains("--currency: the night's money is already in GBP, not INR"));
}

/// A buyer's name that cannot be recorded, or that looks like another's, is said of --buyer
/// (not of --price, as housie 0.9 said), before anything is written; and a night the refused
/// export made goes with it, so the run can still be generated again.
#[test]
fn an_exports_buyer_is_refused_by_its_own_flag() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "6", "--games", "2", "--seed", "buyer", "--out", "run"]).success();
    let export = |booklets: &str, buyer: &str, out: &str| {
        d.run(&["export", "run", "--booklets", booklets, "--price", "3", "--buyer", buyer, "--out", out])
    };
    let blank = export("1", "  ", "blank").expect_code(2);
    assert_eq!(blank.stderr().lines().last().unwrap(), "housie: --buyer: the buyer name: empty");
    assert!(!d.join("blank/booklet-000001.pdf").exists(), "nothing written");
    assert!(!blank.stderr().contains("a new night"), "{}", blank.stderr());
    assert!(!d.join("run/night.sqlite").exists(), "no empty night left behind");
    d.run(&["generate", "--booklets", "6", "--games", "2", "--seed", "buyer", "--out", "run", "--force"]).success();
    export("1", "Ann", "ann").success();
    // A Cyrillic А.
    let alike = export("2", "\u{410}nn", "alike").expect_code(2);
    assert_eq!(
        alike.stderr().lines().last().unwrap(),
        "housie: --buyer: “\u{410}nn” looks like “Ann”, a name already recorded, but is a different name; give \
         --over-limit to record it anyway"
    );
    assert!(!d.join("alike/booklet-000002.pdf").exists(), "nothing written");
    // A night that was there before stays, with what it holds.
    assert_eq!(night(&d.join("run")).unwrap().ledger().cashup().sold, "1");
    // --buyer without --price is not lost: given free to that buyer, and said so.
    let free = d.run(&["export", "run", "--booklets", "3", "--buyer", "Bina", "--out", "bina"]).success();
    assert!(free.stdout().contains("given free to Bina"), "{}", free.stdout());
    let c = night(&d.join("run")).unwrap().ledger().cashup();
    assert_eq!(c.given_free, "3");
    let text = c.to_text();
    assert!(text.contains("Bina"), "the cash-up names who got it: {text}");
}

#[tokio::test]
async fn a_booklet_serial_from_another_games_page_shows_this_games_page_and_says_so() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "4", "--games", "3", "--seed", "pages", "--out", "run"]).success();
    let rows = manifest_rows(&d.read("run/manifest.csv"));
    let mut n = night(&d.join("run")).unwrap();
    n.create_game("second game", &housie_night::night::PrizeChoice::Named("uk".into()), "1-4", Some(2), false).unwrap();
    let app = App::new(n);
    let first = rows.iter().find(|r| r.booklet == 3 && r.game == 1 && r.ticket == 5).unwrap();
    let req = Request::builder().uri(format!("/api/play/{}", first.serial)).body(Body::empty()).unwrap();
    let res = router(app).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    let colour = v["game"]["colour"].as_str().unwrap().to_string();
    assert_eq!(
        v["note"],
        json!(format!(
            "{} is on the page of game 1 of your booklet; Second game plays game 2, the {colour} page: its tickets are below.",
            first.serial
        ))
    );
    let shown: Vec<&str> = v["tickets"].as_array().unwrap().iter().map(|t| t["serial"].as_str().unwrap()).collect();
    let want: Vec<&str> = rows.iter().filter(|r| r.booklet == 3 && r.game == 2).map(|r| r.serial.as_str()).collect();
    assert_eq!(shown, want);
    assert_eq!((&v["unit"], &v["unit_name"]), (&json!(3), &json!("booklet")));
}

#[tokio::test]
async fn hostile_input_to_the_player_api_is_answered_never_crashed() {
    let h = Hall::new();
    h.desk("/api/games", json!({"name": "Game 1", "prizes": "uk"})).await;
    let rows = h.rows();
    let serial = &rows[0].serial;
    let long = "1".repeat(10_000);
    for (path, want) in [
        (format!("/api/play/{long}"), StatusCode::UNPROCESSABLE_ENTITY),
        ("/api/play/%E2%80%AE000001-1-7".to_string(), StatusCode::UNPROCESSABLE_ENTITY),
        ("/api/play/%00".to_string(), StatusCode::UNPROCESSABLE_ENTITY),
        // A code given for a paper ticket must be its code (a wrong one proves nothing).
        (format!("/api/play/{serial}?code={long}"), StatusCode::NOT_FOUND),
        (format!("/api/play/{serial}?code=%ZZ%"), StatusCode::NOT_FOUND),
        (format!("/api/play/{serial}?code=a&code=b"), StatusCode::BAD_REQUEST),
        ("/api/play/".to_string(), StatusCode::NOT_FOUND),
    ] {
        let (s, v) = h.follow(&path).await;
        assert_eq!(s, want, "{}: {v}", &path[..path.len().min(60)]);
        assert!(v.get("error").is_some() || s == StatusCode::OK, "{v}");
    }
    let claims = format!("/api/play/{serial}/claims");
    for (body, want) in [
        (json!({"ticket": 300}), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({"ticket": 1, "admin": true}), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({"ticket": "1"}), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({"ticket": 0}), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({"ticket": 1, "code": long}), StatusCode::NOT_FOUND),
        (json!({"ticket": 1}), StatusCode::ACCEPTED),
    ] {
        let (s, v) = h.send("POST", &claims, Some(body.clone()), false, [10, 1, 1, 1]).await;
        assert_eq!(s, want, "{body}: {v}");
    }
    // Not JSON: 415.
    let req = Request::builder().method("POST").uri(&claims).body(Body::from("ticket=1")).unwrap();
    assert_eq!(router(h.app.clone()).oneshot(req).await.unwrap().status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // The QR code of a server with no address for phones: 404 as JSON; /api/join says so.
    let (s, v) = h.follow("/join.svg").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    let (s, v) = h.follow("/api/join").await;
    assert_eq!((s, v), (StatusCode::OK, json!({"url": null, "reachable": false})));
}

/// Guessing phone-only codes is throttled as docs/night.md says: six wrong codes a minute from one
/// address, then 429 with Retry-After, even for the right code; another phone is not held up,
/// and a follow without a code is never counted.
#[tokio::test]
async fn wrong_codes_are_throttled_by_address() {
    let h = Hall::new();
    let kept = h.rows().iter().find(|r| r.book == 11).unwrap().serial.clone();
    let code = h.code(&kept);
    let wrong = format!("{}{}", if code.starts_with('A') { 'B' } else { 'A' }, &code[1..]);
    let h = &h;
    let from = |ip: u8, path: String| async move { h.send("GET", &path, None, false, [10, 0, 0, ip]).await };
    for i in 0..6 {
        let (s, v) = from(9, format!("/api/play/{kept}?code={wrong}")).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "guess {i}: {v}");
        let (s, _) = from(9, format!("/api/play/{}", h.rows()[0].serial)).await;
        assert_eq!(s, StatusCode::OK, "a paper ticket is followed meanwhile");
    }
    let (s, v) = from(9, format!("/api/play/{kept}?code={code}")).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("Too many wrong codes from this phone: wait "), "{v}");
    let (s, _) = h.raise(&kept, json!({"ticket": 1, "code": code}), 9).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "a claim with a code is held up too");
    let (s, v) = from(8, format!("/api/play/{kept}?code={code}")).await;
    assert_eq!(s, StatusCode::OK, "another phone: {v}");
}

/// `export --png` draws a booklet's pages one under another, a page at a time, and records the
/// booklet as given only once its file is written: a file that cannot be written records
/// nothing.
#[test]
fn an_exported_picture_holds_every_game_and_a_failed_export_records_nothing() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "3", "--games", "12", "--seed", "pic", "--out", "run", "-q"]).success();
    // The booklet's file cannot be put in place (a folder holds its name): nothing recorded.
    std::fs::create_dir_all(d.join("post/booklet-000002.png/in-the-way")).unwrap();
    let err = d.run(&["export", "run", "--booklets", "2", "--png", "--dpi", "40", "--out", "post", "--force"]);
    assert_ne!(err.code(), 0, "{}", err.stderr());
    assert!(!d.join("run/night.sqlite").exists() || night(&d.join("run")).unwrap().ledger().is_empty());
    std::fs::remove_dir_all(d.join("post")).unwrap();
    d.run(&["export", "run", "--booklets", "2", "--png", "--dpi", "40", "--out", "post"]).success();
    assert_eq!(night(&d.join("run")).unwrap().ledger().cashup().remote, "2");
    let png = std::fs::read(d.join("post/booklet-000002.png")).unwrap();
    let (width, height) =
        (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
    let page = image::load_from_memory(&png).unwrap();
    assert_eq!((page.width(), page.height()), (width, height));
    // Twelve pages of the paper's shape, one under another.
    let per_page = height / 12;
    assert_eq!(height % 12, 0, "{width} × {height}");
    assert!((per_page as f32 / width as f32 - 297.0 / 210.0).abs() < 0.05, "{width} × {per_page} a page");
}

/// A 99-game booklet's picture is drawn in bounded memory: the export runs with its address
/// space capped at 300 MB (the 99 pages whole would need 380 MB at 100 dpi, 3.4 GB at 300, as
/// housie 0.12 tried), and the cap is shown to bite on a smaller limit.
#[cfg(unix)]
#[test]
fn a_99_game_booklets_picture_is_drawn_within_300_mb() {
    let d = Dir::new();
    d.run(&["generate", "--booklets", "1", "--games", "99", "--seed", "tall", "--out", "run", "-q"]).success();
    let exe = assert_cmd::cargo::cargo_bin("housie");
    let capped = |kb: u32, out: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {kb} && exec \"$0\" export run --booklets 1 --png --dpi 100 --out {out}"))
            .arg(&exe)
            .current_dir(d.path())
            .output()
            .unwrap()
    };
    let out = capped(300 * 1024, "pics");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let png = std::fs::read(d.join("pics/booklet-000001.png")).unwrap();
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()) % 99, 0, "99 pages one under another");
    // Negative control: a cap the drawing cannot live in is refused, so the cap above is real.
    assert!(!capped(12 * 1024, "none").status.success());
}

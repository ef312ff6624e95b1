//! Books sold in parts, as at a Tambola night: a whole book, half sheets and a single ticket
//! sold at the desk at their own prices; a game plays the tickets sold and no other; a claim
//! on a ticket of a book sold in parts that nobody bought is refused as not sold; a phone
//! following a half sheet sees and claims its three tickets alone; `housie check` reads the
//! night's parts as the desk does.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::night_api::Fixture;

/// A phone's request (from 10.0.0.2), without the caller's token.
async fn phone(f: &Fixture, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Value) {
    let req = Request::builder().method(method).uri(path).header("content-type", "application/json");
    let mut req = req.body(Body::from(body.map(|b| b.to_string()).unwrap_or_default())).unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([10, 0, 0, 2], 50000))));
    let res = housie_web::web::router(f.app.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    (status, serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap_or(Value::Null))
}

#[tokio::test]
async fn half_sheets_and_single_tickets_are_sold_played_and_claimed_apart() {
    let f = Fixture::new(6);
    for sale in [
        json!({"books": "1", "price": "300"}),
        json!({"books": "2/1-3", "price": "150", "as": "half_sheets"}),
        json!({"books": "3/2", "price": "60", "as": "tickets"}),
    ] {
        let (s, v) = f.post("/api/sales", sale.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{sale}: {v}");
    }
    for (sale, why) in [
        (json!({"books": "4/2-4", "price": "150", "as": "half_sheets"}), "4/2-4 is not a half sheet"),
        (json!({"books": "4/1-3", "price": "150"}), "4/1-3 is part of a book"),
        (json!({"books": "2", "price": "300"}), "2/1-3 is already sold"),
        (json!({"books": "3/2", "price": "60", "as": "sheets"}), "unknown variant `sheets`"),
    ] {
        let (s, v) = f.post("/api/sales", sale.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{sale}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{sale}: {v}");
    }
    let token = f.token();
    let (_, c) = f.send("GET", "/api/cashup", None, Some(&token)).await;
    assert_eq!(c["sold_books"], json!({"units": 1, "half_sheets": 1, "tickets": 1}), "{c}");
    assert_eq!((c["sold"].as_str(), c["takings"].as_str()), (Some("1, 2/1-3, 3/2"), Some("510.00")), "{c}");

    // "all" plays what was sold: books 1-3, without the tickets of 2 and 3 nobody bought.
    let game = f.game("Game 1", "all").await;
    let state = f.state(true).await;
    assert_eq!(
        (state["game"]["books"].as_str(), state["game"]["unsold"].as_str()),
        (Some("1-3"), Some("2/4-6, 3/1, 3/3-6")),
        "{state}"
    );
    let (s, v) = f.post("/api/games", json!({"name": "Game 2", "prizes": "uk", "books": "3-4"})).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("books 4 were not sold")), "{v}");

    // Ticket 5 of book 2 was not sold: its full top line is refused as not sold; ticket 2 of
    // book 3, sold alone, stands.
    let rows = f.rows();
    let row = |serial: &str| rows.iter().find(|r| r.serial.starts_with(serial)).unwrap();
    let (unsold, single) = (row("000002-5-"), row("000003-2-"));
    for n in unsold.row(0).into_iter().chain(single.row(0)) {
        let (s, _) = f.post(&format!("/api/games/{game}/calls"), json!({ "number": n })).await;
        assert!(s == StatusCode::CREATED || s == StatusCode::CONFLICT);
    }
    let (_, v) = f.claim(game, &unsold.serial).await;
    assert_eq!(v["refusal"]["why"], "not-sold", "{v}");
    assert_eq!(v["message"], format!("REFUSED: {} was not sold, so it is not in play in Game 1", unsold.serial));
    let (_, v) = f.claim(game, &single.serial).await;
    assert_ne!(v["verdict"], "refused", "{v}");

    // A phone following ticket 2 of book 2 sees its half sheet, tickets 1-3, and claims for
    // those alone.
    let held = row("000002-2-");
    let (s, v) = phone(&f, "GET", &format!("/api/play/{}", held.serial), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let tickets: Vec<u64> = v["tickets"].as_array().unwrap().iter().map(|t| t["ticket"].as_u64().unwrap()).collect();
    assert_eq!(tickets, [1, 2, 3]);
    // A phone following a ticket nobody bought is told so, not that its book is out of play.
    let (_, v) = phone(&f, "GET", &format!("/api/play/{}", unsold.serial), None).await;
    assert_eq!(v["note"], format!("{} was not sold, so it is not in play in Game 1.", unsold.serial), "{v}");
    assert_eq!(v["tickets"], json!([]), "{v}");
    let (s, v) = phone(&f, "POST", &format!("/api/play/{}/claims", held.serial), Some(json!({"ticket": 5}))).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("ticket: you hold tickets 1-3 of this book, not ticket 5")),
        "{v}"
    );

    // housie check reads the night's parts as the desk does.
    let calls: Vec<String> = unsold.row(0).iter().map(u8::to_string).collect();
    let r = f.dir.run(&["check", "run", "--serial", &unsold.serial, "--calls", &calls.join(" ")]).expect_code(1);
    assert!(r.stderr().contains("in play: 1, 2/1-3, 3/2, as sold in the night's ledger"), "{}", r.stderr());
    assert!(r.stdout().contains("was not sold"), "{}", r.stdout());
}

/// Calls numbers until each of tickets 1-3 of `book` has two called.
async fn two_each(f: &Fixture, rows: &[crate::util::Row], book: u64, called: &mut Vec<u8>) {
    for t in 1..=3 {
        let ticket = rows.iter().find(|r| r.book == book && r.ticket == t).unwrap();
        let numbers: Vec<u8> = ticket.cells.iter().copied().filter(|&n| n != 0).collect();
        let have = numbers.iter().filter(|n| called.contains(n)).count();
        let more: Vec<u8> =
            numbers.into_iter().filter(|n| !called.contains(n)).take(2usize.saturating_sub(have)).collect();
        for n in more {
            f.call(1, n).await;
            called.push(n);
        }
    }
}

/// A half-sheet bonus is won by a half sheet sold as one, at the call that gives its last
/// ticket its second number; three tickets sold one by one are not a sheet and cannot win it.
#[tokio::test]
async fn a_half_sheet_bonus_is_won_by_a_half_sheet_sold_as_one() {
    let f = Fixture::new(4);
    for sale in [
        json!({"books": "2/1-3", "price": "150", "as": "half_sheets"}),
        json!({"books": "3/1, 3/2, 3/3", "price": "60", "as": "tickets"}),
    ] {
        let (s, v) = f.post("/api/sales", sale.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{sale}: {v}");
    }
    let prizes = format!("{}/examples/prizes/sheet-bonus.toml", env!("CARGO_MANIFEST_DIR"));
    let toml = std::fs::read_to_string(&prizes).unwrap();
    let (s, v) = f.post("/api/games", json!({"name": "Game 1", "prizes": {"toml": toml}, "books": "all"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let rows = f.rows();
    let row = |serial: &str| rows.iter().find(|r| r.serial.starts_with(serial)).unwrap();
    let mut called: Vec<u8> = Vec::new();
    two_each(&f, &rows, 2, &mut called).await;
    let half = &row("000002-1-").serial;
    let (_, v) = f.claim(1, half).await;
    assert!(v["stands"].as_array().unwrap().iter().any(|s| s["prize"] == "half sheet bonus"), "{v}");
    let (s, v) = f.post("/api/games/1/winners", json!({"serial": half, "prizes": ["half sheet bonus"]})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    two_each(&f, &rows, 3, &mut called).await;
    let (_, v) = f.claim(1, &row("000003-1-").serial).await;
    assert_eq!(v["prizes"][1]["prize"], "half sheet bonus", "{v}");
    assert_eq!(v["prizes"][1]["status"], "impossible", "three single tickets are not a sheet: {v}");

    // housie winners names the sheet by its first ticket, at the same call.
    let calls: Vec<String> = called.iter().map(u8::to_string).collect();
    let r = f.dir.run(&["winners", "run", "--prizes", &prizes, "--calls", &calls.join(" ")]).success();
    let line = r.stdout().lines().find(|l| l.trim_start().starts_with("half sheet bonus")).unwrap().to_string();
    assert!(line.contains(&format!("by {half}")), "{}", r.stdout());
}

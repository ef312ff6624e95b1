//! The night's paper and money through the API: paper issued to three sellers, sales, returns,
//! a void, a game won and its prize paid, the cash-up to the penny, through a restart, in
//! `housie cashup` and `housie night`; every wrong entry refused with nothing recorded; an
//! edited ledger refused at its entry.

use axum::http::StatusCode;
use housie_night::night::NIGHT_DB;
use serde_json::{json, Value};

use crate::night_api::Fixture;

/// A GET answered as text (a download).
async fn get_text(f: &Fixture, path: &str) -> String {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::builder().uri(path).body(axum::body::Body::empty()).unwrap();
    let res = housie_web::web::router(f.app.clone()).oneshot(req).await.unwrap();
    String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap()
}

async fn cashup(f: &Fixture) -> Value {
    let token = f.token();
    let (s, v) = f.send("GET", "/api/cashup", None, Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// Ann, Bob and Cat get ten books each; Ann sells 8 at 5.00, Bob all 10 (two by card), Cat 6
/// of which one sale of 2 is voided; Ann returns 2, Bob none, Cat 3 (1 damaged). Book 3 (Ann's)
/// wins game 1's one line, paid 20.00 in cash.
async fn a_night(f: &Fixture) -> String {
    for (seller, books) in [("Ann", "1-10"), ("Bob", "11-20"), ("Cat", "21-30")] {
        let (s, v) = f.post("/api/issues", json!({"seller": seller, "books": books})).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    for sale in [
        json!({"books": "1-8", "price": "5.00"}),
        json!({"books": "11-18", "price": "5.00", "seller": "Bob", "buyer": "table 4"}),
        json!({"books": "19-20", "price": "5", "seller": "Bob", "how": "other"}),
        json!({"books": "21-24", "price": "5.00", "seller": "Cat"}),
        json!({"books": "25-26", "price": "5.00", "seller": "Cat"}),
    ] {
        let (s, v) = f.post("/api/sales", sale.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{sale}: {v}");
    }
    // Entries: 1 the currency, 2–4 issues, 5–9 sales: Cat's second sale is entry 9.
    let (s, v) = f.post("/api/voids", json!({"entry": 9, "reason": "  "})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "a void says why: {v}");
    assert!(v["error"].as_str().unwrap().starts_with("say why entry 9 is taken back"), "{v}");
    let (s, v) = f.post("/api/voids", json!({"entry": 9, "reason": "sold twice"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    for back in [json!({"books": "9-10"}), json!({"books": "25-28"}), json!({"books": "29", "damaged": true})] {
        let (s, v) = f.post("/api/returns", back.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{back}: {v}");
    }
    // Game 1 plays the books sold; book 3's first ticket completes its top line.
    let game = f.game("Game 1", "1-8, 11-24").await;
    let rows = f.rows();
    let ticket = rows.iter().find(|r| r.serial.starts_with("000003-1-")).unwrap();
    for n in ticket.row(0) {
        f.call(game, n).await;
    }
    let (s, v) = f.post(&format!("/api/games/{game}/winners"), json!({"serial": ticket.serial})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = f
        .post(
            &format!("/api/games/{game}/payouts"),
            json!({"serial": ticket.serial, "prize": "one line", "amount": "20.00"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    ticket.serial.clone()
}

#[tokio::test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
async fn a_night_of_paper_and_prizes_reconciles_to_the_penny() {
    let f = Fixture::new(30);
    let winner = a_night(&f).await;
    let c = cashup(&f).await;
    // Sold: Ann 8, Bob 10, Cat 4 = 22 books at 5.00; 2 of Bob's by card; 20.00 paid in cash.
    assert_eq!(
        (&c["currency"], &c["sold_books"], &c["takings"], &c["prizes_paid"], &c["balance"], &c["expected_cash"]),
        (&json!("GBP"), &json!(22), &json!("110.00"), &json!("20.00"), &json!("90.00"), &json!("80.00"))
    );
    let sellers: Vec<(String, String, String, String, String)> = c["sellers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let s = |k: &str| l[k].as_str().unwrap().to_string();
            (s("seller"), s("sold"), s("returned"), s("missing"), s("takings"))
        })
        .collect();
    let line = |a: &str, b: &str, c: &str, d: &str, e: &str| (a.into(), b.into(), c.into(), d.into(), e.into());
    assert_eq!(
        sellers,
        [
            line("Ann", "1-8", "9-10", "", "40.00"),
            line("Bob", "11-20", "", "", "50.00"),
            line("Cat", "21-24", "25-29", "30", "20.00"),
        ]
    );
    assert_eq!((&c["missing"], &c["damaged"], &c["voided"]), (&json!("30"), &json!("29"), &json!(1)));
    // Which sale was voided, not only how many.
    assert_eq!(c["voided_sales"][0]["entry"], 9, "{c}");
    assert_eq!(c["voided_sales"].as_array().unwrap().len(), 1);
    assert_eq!(
        c["payouts"],
        json!([{"entry": 14, "game": 1, "prize": "one line", "place": 1, "serial": winner, "amount": "20.00", "shown": "£20.00", "how": "cash"}])
    );

    // The record carries the money for the caller only; the cash-up downloads as text.
    let (_, public) = f.send("GET", "/api/record", None, None).await;
    assert!(public.get("money").is_none(), "{public}");
    let (_, theirs) = f.send("GET", "/api/record", None, Some(&f.token())).await;
    assert_eq!(theirs["money"], c);
    let text = get_text(&f, &format!("/api/cashup?format=text&token={}", f.token())).await;
    assert!(text.starts_with("Cash-up (GBP)\n"), "{text}");
    assert_eq!(get_text(&f, "/api/cashup?format=text").await, r#"{"error":"the cash-up needs the caller's token"}"#);

    // The same after a restart, and from the command line.
    let f = f.restarted();
    assert_eq!(cashup(&f).await, c);
    let text = f.dir.run(&["cashup", "run"]).success().stdout();
    assert!(text.starts_with("Cash-up (GBP)\n  sold:          22 books\n  takings:       £110.00\n"), "{text}");
    assert!(
        text.contains("  Cat: issued 21-30; sold 21-24 (4), takings £20.00; returned 25-29; missing 30\n"),
        "{text}"
    );
    assert!(text.contains("Missing: books 30 issued and neither sold nor returned\n"), "{text}");
    assert!(text.contains("Voided sales: 1\n  #9 "), "the voided sale is listed: {text}");
    assert!(text.contains(&format!("  #14 game 1: one line (1st place) to {winner}: £20.00 (cash)\n")), "{text}");
    // On paper, to sign: written whole under its name, never over a file without --force.
    f.dir.run(&["cashup", "run", "--pdf", "cashup.pdf"]).success();
    let err = f.dir.run(&["cashup", "run", "--pdf", "cashup.pdf"]).expect_code(2).stderr();
    assert!(err.contains("cashup.pdf exists; give --force to replace it"), "{err}");
    f.dir.run(&["cashup", "run", "--pdf", "cashup.pdf", "--force"]).success();
    // A pipe, a device or a link is never replaced, not even with --force (as root, a rename
    // over /dev/full would put a file where the device was).
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(f.dir.join("cashup.pdf"), f.dir.join("link.pdf")).unwrap();
        let fifo = std::process::Command::new("mkfifo").arg(f.dir.join("pipe.pdf")).status();
        let mut targets = vec!["link.pdf"];
        if fifo.is_ok_and(|s| s.success()) {
            targets.push("pipe.pdf");
        }
        for target in targets {
            let err = f.dir.run(&["cashup", "run", "--pdf", target, "--force"]).expect_code(2).stderr();
            assert!(err.contains(&format!("{target} is not a regular file")), "{err}");
            assert!(!std::fs::symlink_metadata(f.dir.join(target)).unwrap().file_type().is_file(), "{target} kept");
        }
    }
    let pdf = lopdf::Document::load(f.dir.join("cashup.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 1);
    let info = pdf.get_dictionary(pdf.trailer.get(b"Info").unwrap().as_reference().unwrap()).unwrap();
    assert!(!info.has(b"GTS_PDFXVersion"), "not PDF/X");
    if let Some(pdftotext) = crate::util::tool("pdftotext") {
        let (code, text, err) =
            crate::util::run_tool(&pdftotext, &["-layout", &f.dir.join("cashup.pdf").display().to_string(), "-"]);
        assert_eq!(code, 0, "{err}");
        for want in ["Bingo: cash-up", "Cash-up (GBP)", "110.00", "Missing: books 30", "Counted by:", "Checked by:"] {
            assert!(text.contains(want), "{want} in {text}");
        }
    }
    let json: Value = serde_json::from_str(&f.dir.run(&["cashup", "run", "--json"]).success().stdout()).unwrap();
    assert_eq!(json, c);
    // In Hindi: the same lines and figures under Hindi words, from the command line and the
    // desk's link; a language housie lacks is refused by name.
    let hindi = f.dir.run(&["cashup", "run", "--lang", "hi"]).success().stdout();
    assert!(hindi.starts_with("हिसाब (GBP)\n"), "{hindi}");
    assert!(hindi.contains("  आमदनी:         £110.00\n"), "{hindi}");
    assert!(hindi.contains(&format!("  #14 खेल 1: एक लाइन (पहला स्थान), {winner} को: £20.00 (नक़द)\n")), "{hindi}");
    let text = get_text(&f, &format!("/api/cashup?format=text&lang=hi&token={}", f.token())).await;
    // The command line adds the log's seal below.
    assert!(hindi.starts_with(&text) && text.contains("आमदनी"), "{text}");
    let err = f.dir.run(&["cashup", "run", "--lang", "xx"]).expect_code(2).stderr();
    assert!(err.contains("--lang: housie has no words in `xx`; it has en, hi"), "{err}");
    let night = f.dir.run(&["night", "run"]).success().stdout();
    assert!(night.contains("Cash-up (GBP)"), "{night}");
    let verified = f.dir.run(&["verify", "run"]).success().stdout();
    assert!(verified.contains("; the night replays: 1 game, its ledger 22 books sold for 110.00 GBP\n"), "{verified}");
}

#[tokio::test]
async fn every_wrong_entry_is_refused_and_nothing_is_recorded() {
    let f = Fixture::new(30);
    let winner = a_night(&f).await;
    let before = cashup(&f).await;
    let refusals = [
        ("/api/sales", json!({"books": "5-12", "price": "5.00"}), "5-8, 11-12 is already sold"),
        ("/api/sales", json!({"books": "9", "price": "5.00", "seller": "Ann"}), "9 came back unsold or damaged"),
        ("/api/sales", json!({"books": "30", "price": "5.00", "seller": "Bob"}), "30 went to Cat, not Bob"),
        ("/api/sales", json!({"books": "31-40", "price": "5.00"}), "31-40 is outside the run's 1-30"),
        ("/api/sales", json!({"booklets": "30", "price": "5.00"}), "give \"books\", like \"1-50\""),
        ("/api/issues", json!({"seller": "Dee", "books": "28-30"}), "28-30 already went to Cat"),
        ("/api/issues", json!({"seller": "Dee\u{202E}", "books": "1"}), "the seller name: has a bidirectional control"),
        ("/api/returns", json!({"books": "1-2"}), "1-2 is sold; void the sale first"),
        ("/api/voids", json!({"entry": 9}), "entry 9 is not a sale or a prize paid that stands"),
        ("/api/voids", json!({"entry": 14, "reason": "An\u{200B}n"}), "the reason: has a zero-width or invisible"),
        ("/api/moves", json!({"entry": 5, "serial": winner}), "entry 5 is not a prize paid that stands"),
        ("/api/issues", json!({"seller": "\u{FEFF}Dee", "books": "1"}), "the seller name: has a zero-width"),
        ("/api/sales", json!({"books": "30", "price": "5.00", "seller": "Dee"}), "30 went to Cat, not Dee"),
        ("/api/voids", json!({"books": "25-26"}), "no sale of exactly 25-26 stands"),
        ("/api/voids", json!({"books": "1-4"}), "no sale of exactly 1-4 stands"),
        ("/api/voids", json!({}), "give the sale's or the payout's \"entry\", or the sale's \"books\""),
        (
            "/api/games/1/payouts",
            json!({"serial": winner, "prize": "one line", "amount": "20.00"}),
            "one line in game 1 is already paid to",
        ),
        (
            "/api/games/1/payouts",
            json!({"serial": winner, "prize": "one line", "amount": "0.00"}),
            "a prize paid is more than 0.00",
        ),
        (
            "/api/games/1/payouts",
            json!({"serial": "000004-1-1", "prize": "one line", "amount": "5.00"}),
            "000004-1-1 was not confirmed as a winner of one line in game 1",
        ),
    ];
    for (path, body, why) in refusals {
        let (s, v) = f.post(path, body.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{path} {body}: {v}");
        assert!(v["error"].as_str().unwrap().starts_with(why), "{path} {body}: {v}");
    }
    // Malformed amounts never reach the ledger.
    for price in [json!("-5.00"), json!("5.001"), json!(5.0), json!("five")] {
        let (s, v) = f.post("/api/sales", json!({"books": "30", "price": price, "seller": "Cat"})).await;
        assert!(s.is_client_error(), "{price}: {s} {v}");
        assert!(v["error"].is_string(), "{v}");
    }
    let (s, _) = f.post("/api/games/7/payouts", json!({"serial": winner, "prize": "one line", "amount": "1"})).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = f.send("GET", "/api/cashup", None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = f.send("POST", "/api/sales", Some(r#"{"books":"30","price":"5"}"#), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(cashup(&f).await, before, "nothing was recorded");
}

/// The win paid at the desk is taken back (`r`, before the next call) and another ticket that
/// completed the line at that call is confirmed: the new winner's payout is refused naming the
/// ticket it went to, the payout moves, a mistyped payout is voided with its reason, a payout
/// above the takings and a look-alike seller are stopped once; all of it replays.
#[tokio::test]
async fn a_payout_is_moved_with_its_win_voided_with_a_reason_and_never_edited() {
    let f = Fixture::new(30);
    let first = a_night(&f).await;
    let rows = f.rows();
    // Two tickets in play whose top lines share a number: called last, it completes both.
    let game = f.game("Game 2", "1-8, 11-24").await;
    let in_play = |r: &&crate::util::Row| (1..=8).contains(&r.book) || (11..=24).contains(&r.book);
    let (a, b, shared) = rows
        .iter()
        .filter(in_play)
        .flat_map(|a| rows.iter().filter(in_play).map(move |b| (a, b)))
        .find_map(|(a, b)| {
            let shared = a.row(0).into_iter().find(|n| a.book < b.book && b.row(0).contains(n))?;
            Some((a, b, shared))
        })
        .expect("two top lines share a number");
    let mut calls: Vec<u8> = a.row(0).into_iter().chain(b.row(0)).filter(|&n| n != shared).collect();
    calls.sort_unstable();
    calls.dedup();
    calls.push(shared);
    for &n in &calls {
        f.call(game, n).await;
    }
    let pay = |serial: &str, amount: &str| json!({"serial": serial, "prize": "one line", "amount": amount});
    let (s, v) = f.post(&format!("/api/games/{game}/winners"), json!({"serial": a.serial})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = f.post(&format!("/api/games/{game}/payouts"), pay(&a.serial, "15.00")).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let entry = v["payouts"][1]["entry"].as_u64().unwrap();
    // The win was a mistake: taken back, and b confirmed instead.
    let (s, v) = f.post(&format!("/api/games/{game}/reopen"), json!(null)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = f.post(&format!("/api/games/{game}/winners"), json!({"serial": b.serial})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = f.post(&format!("/api/games/{game}/payouts"), pay(&b.serial, "15.00")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let want =
        format!("one line in game {game} is already paid to {} (entry {entry}); if that win was taken back", a.serial);
    assert!(v["error"].as_str().unwrap().starts_with(&want), "{v}");
    let (s, v) = f.post("/api/moves", json!({"entry": entry, "serial": a.serial})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "a's win was taken back: {v}");
    let (s, v) = f.post("/api/moves", json!({"entry": entry, "serial": b.serial})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!((&v["payouts"][1]["serial"], &v["payouts"][1]["moved_from"]), (&json!(b.serial), &json!([a.serial])));
    assert_eq!(v["prizes_paid"], json!("35.00"));
    // Game 1's payout (entry 14) was typed wrong: voided with a reason, shown and not counted.
    let (s, v) = f.post("/api/voids", json!({"entry": 14, "reason": "  paid from the float  "})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!((&v["payouts"][0]["voided"], &v["prizes_paid"]), (&json!("paid from the float"), &json!("15.00")));
    // A payout above everything sold so far, and a seller whose name looks like Ann's, are
    // stopped once (409) and recorded when sent again with over_limit.
    let (s, v) = f.post("/api/games/1/payouts", pay(&first, "1100.00")).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with("paying 1100.00 is more than the 110.00 every sale so far took"),
        "{v}"
    );
    let (s, v) =
        f.post("/api/sales", json!({"books": "30", "price": "5.00", "seller": "Cat", "buyer": "\u{0410}nn"})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("“Аnn” looks like “Ann”"), "{v}");
    let c = cashup(&f).await;
    // The same after a restart, and from the command line.
    let f = f.restarted();
    assert_eq!(cashup(&f).await, c);
    let text = f.dir.run(&["cashup", "run"]).success().stdout();
    assert!(
        text.contains(&format!(
            "  #14 game 1: one line (1st place) to {first}: £20.00 (cash) [VOIDED: paid from the float, not counted]\n"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "game {game}: one line (1st place) to {}: £15.00 (cash) [moved from {}]\n",
            b.serial, a.serial
        )),
        "{text}"
    );
    f.dir.run(&["verify", "run"]).success();
}

/// What housie 0.4's desk let through and this one refuses as typed (a named seller selling
/// paper never issued to them, an invisible character in a name) still
/// replays from a log it wrote, the hidden character shown escaped.
#[tokio::test]
async fn a_ledger_that_housie_0_4_wrote_still_replays() {
    let f = Fixture::new(40);
    a_night(&f).await;
    drop(f.app);
    let db = rusqlite::Connection::open(f.dir.join("run").join(NIGHT_DB)).unwrap();
    let entry = json!({"kind": "sold", "units": "35", "price": "5.00", "seller": "D\u{200B}ee"});
    let data = json!({"kind": "money", "entry": entry}).to_string();
    db.execute("INSERT INTO events (game, kind, data) VALUES (0, 'money', ?1)", rusqlite::params![data]).unwrap();
    // As 0.4 wrote it: no event linked to the one before (links came in 0.14).
    db.execute_batch("DROP TRIGGER events_no_update; UPDATE events SET prev = NULL").unwrap();
    drop(db);
    let text = f.dir.run(&["cashup", "run"]).success().stdout();
    assert!(text.contains("  D\\u{200b}ee: issued -; sold 35 (1), takings £5.00;"), "{text}");
    f.dir.run(&["verify", "run"]).success();
}

#[tokio::test]
async fn an_edited_ledger_is_refused_at_its_entry() {
    let f = Fixture::new(30);
    a_night(&f).await;
    let run = f.dir.join("run");
    drop(f.app);
    // Ann's sale of 1-8 becomes 1-10, though 9-10 came back later: the return is now of sold
    // books, which the desk could never have recorded. In a log with no links (before 0.14;
    // from 0.14 the link after the sale breaks first), the replay itself names it.
    let db = rusqlite::Connection::open(run.join(NIGHT_DB)).unwrap();
    let seq: i64 =
        db.query_row("SELECT seq FROM events WHERE data LIKE '%\"units\":\"1-8\"%'", [], |r| r.get(0)).unwrap();
    db.execute_batch(&format!(
        "DROP TRIGGER events_no_update; UPDATE events SET data = replace(data, '\"1-8\"', '\"1-10\"') WHERE seq = {seq}; \
         UPDATE events SET prev = NULL;"
    ))
    .unwrap();
    drop(db);
    let report = f.dir.run(&["verify", "run"]).expect_code(1).stdout();
    // The return after the edited sale is the event that could not have been written.
    assert!(
        report.starts_with("night.sqlite: event ") && report.contains(": money: 9-10 is sold; void the sale first"),
        "{report}"
    );
    let err = f.dir.run(&["cashup", "run"]).expect_code(2).stderr();
    assert!(err.contains(": money: 9-10 is sold; void the sale first;"), "{err}");
    assert!(err.contains("the night's log was edited or damaged"), "{err}");
}

#[tokio::test]
async fn once_paper_is_sold_a_game_plays_what_was_sold() {
    let f = Fixture::new(30);
    a_night(&f).await;
    let (s, v) = f.post("/api/games", json!({"name": "Game 2", "prizes": "uk", "books": "all"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = f.post("/api/games", json!({"name": "Game 3", "prizes": "uk", "books": "5-12"})).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("books 9-10 were not sold")), "{v}");
    let record = housie_night::night::reading::read(&f.dir.join("run")).unwrap();
    let books: Vec<&str> = record.games.iter().map(|g| g.head.books.as_str()).collect();
    assert_eq!(books, ["1-8, 11-24", "1-8, 11-24"]);
    // check, winners and plan read the books sold from the night, and say so.
    let said = "housie: in play: 1-8, 11-24, as sold in the night's ledger (--sold or --books to say otherwise)";
    let rows = f.rows();
    let unsold = rows.iter().find(|r| r.serial.starts_with("000009-")).unwrap();
    let calls: Vec<String> = unsold.row(0).iter().map(u8::to_string).collect();
    let r = f.dir.run(&["check", "run", "--serial", &unsold.serial, "--calls", &calls.join(" ")]).expect_code(1);
    assert!(r.stderr().contains(said), "{}", r.stderr());
    assert!(r.stdout().contains("book 9 is not in play"), "{}", r.stdout());
    let r = f.dir.run(&["check", "run", "--serial", &unsold.serial, "--calls", &calls.join(" "), "--sold", "all"]);
    assert!(r.success().stdout().contains("STANDS"));
    let r = f.dir.run(&["winners", "run", "--calls", &calls.join(" ")]).success();
    assert!(r.stderr().contains(said), "{}", r.stderr());
    let r = f.dir.run(&["plan", "run", "--games", "50", "--json"]).success();
    assert!(r.stderr().contains(said), "{}", r.stderr());
    f.call(2, 1).await;
    let (s, v) = f.post("/api/sales", json!({"books": "8", "price": "5.00"})).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("8 is already sold")), "{v}");
    // A sale whose paper was paid a prize is voided only once the payout is.
    let (s, v) = f.post("/api/voids", json!({"books": "1-8"})).await; // Ann's sale, entry 5
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("was paid a prize (entry 14): void that payout first"), "{v}");
    let (s, v) = f.post("/api/voids", json!({"entry": 14, "reason": "paid in error"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // Its payout voided, the sale still holds book 3's win in game 1, which stands: the book
    // was in play, so sold, and a void now would let the prize be paid on paper nobody bought.
    let (s, v) = f.post("/api/voids", json!({"books": "1-8", "reason": "never paid for"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("won in game 1, so it was in play and sold"), "{v}");
    // Bob's books are in play in the games not yet ended: their sale stands until they have.
    let (s, v) = f.post("/api/voids", json!({"books": "11-18", "reason": "wrong table"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("is in play in game 1, which is being played"), "{v}");
    // A sale while a game runs is for the games to come: Game 1 plays what it started with.
    let (s, v) = f.post("/api/sales", json!({"books": "30", "price": "5.00", "seller": "Cat"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // A night that sells nothing plays every book, as before.
    let g = Fixture::new(4);
    g.game("Game 1", "all").await;
    let record = housie_night::night::reading::read(&g.dir.join("run")).unwrap();
    assert_eq!(record.games[0].head.books, "1-4");
}

#[test]
fn a_regime_or_currency_housie_does_not_know_is_refused_before_serving() {
    let f = Fixture::new(2);
    for (args, why) in [
        (
            vec!["--regime", "uk"],
            "error: invalid value 'uk' for '--regime <NAME>': `uk` is not a regime housie knows; uk-non-commercial is",
        ),
        (
            vec!["--regime", "uk-non-commercial", "--currency", "INR"],
            "housie: --regime: UK non-commercial bingo's limits are in GBP, not INR",
        ),
        (
            vec!["--currency", "pounds"],
            "error: invalid value 'pounds' for '--currency <CODE>': `pounds` is not a currency code",
        ),
    ] {
        let r = f.dir.run(&[&["serve", "run", "--listen", "127.0.0.1:0"][..], &args].concat()).expect_code(2);
        assert!(r.stderr().starts_with(why), "{}", r.stderr());
    }
}

/// Four games, each won by a ticket of the books sold and its prize paid: the cash-up counts
/// every payout, by game, and the balance is the takings less all of them.
#[tokio::test]
async fn four_games_won_and_paid_reconcile() {
    let f = Fixture::new(30);
    a_night(&f).await; // game 1, one line paid 20.00
    let rows = f.rows();
    for (game, book, amount) in [(2, "000011", "15.00"), (3, "000021", "12.50"), (4, "000005", "30.25")] {
        let id = f.game(&format!("Game {game}"), "all").await;
        assert_eq!(id, game);
        let ticket = rows.iter().find(|r| r.serial.starts_with(&format!("{book}-1-"))).unwrap();
        for n in ticket.row(0) {
            f.call(id, n).await;
        }
        let (s, v) = f.post(&format!("/api/games/{id}/winners"), json!({"serial": ticket.serial})).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let body = json!({"serial": ticket.serial, "prize": "one line", "amount": amount, "how": "other"});
        let (s, v) = f.post(&format!("/api/games/{id}/payouts"), body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = f.post(&format!("/api/games/{id}/end"), Value::Null).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let c = cashup(&f).await;
    // 20.00 + 15.00 + 12.50 + 30.25 paid; only game 1's in cash.
    assert_eq!(
        (&c["prizes_paid"], &c["balance"], &c["expected_cash"]),
        (&json!("77.75"), &json!("32.25"), &json!("80.00"))
    );
    let games: Vec<i64> = c["payouts"].as_array().unwrap().iter().map(|p| p["game"].as_i64().unwrap()).collect();
    assert_eq!(games, [1, 2, 3, 4]);
    let text = f.dir.run(&["cashup", "run"]).success().stdout();
    assert!(text.contains(" game 4: one line (1st place) to 000005-1-"), "{text}");
    assert!(text.contains(": £30.25 (not cash)\n"), "{text}");
}

/// Under a regime, a payout or a sale that would pass a limit is stopped once with the reason
/// (409), and recorded when asked again with `over_limit`; the cash-up then warns.
#[tokio::test]
async fn a_regime_warns_before_a_limit_is_passed_and_never_refuses() {
    use housie_night::ledger::{Currency, Regime};
    let f = Fixture::new(30);
    let Fixture { dir, app } = f;
    drop(app);
    let (mut night, _) = <housie_night::night::ServedNight as housie_night::night::Served>::open(
        housie_night::night::run_folder::open(&dir.join("run")).unwrap(),
        Default::default(),
    )
    .unwrap();
    night.set_money(Currency::GBP, Some(Regime::UkNonCommercial));
    let f = Fixture { dir, app: housie_web::web::App::new(night) };
    let sale = json!({"books": "1-3", "price": "3.00", "buyer": "table 4"});
    let (s, v) = f.post("/api/sales", sale.clone()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "table 4 would have paid 9.00, over the 8.00 a player may pay for a night of UK non-commercial bingo; \
         send it again with \"over_limit\": true to record it anyway"
    );
    let mut anyway = sale.clone();
    anyway["over_limit"] = json!(true);
    let (s, v) = f.post("/api/sales", anyway).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        v["warnings"][0],
        "table 4 paid 9.00, over the 8.00 a player may pay for a night of UK non-commercial bingo"
    );
    assert_eq!(v["regime"], "uk-non-commercial");
    // The limits as the desk shows them from the start of the night.
    assert_eq!(
        v["shown"]["limits"],
        json!({"regime": "UK non-commercial bingo", "per_player": "£8.00", "prizes": "£600.00"})
    );
    // A prize that takes the night past £600: stopped once, then paid.
    let id = f.game("Game 1", "all").await;
    let ticket = f.rows().into_iter().find(|r| r.serial.starts_with("000002-1-")).unwrap();
    for n in ticket.row(0) {
        f.call(id, n).await;
    }
    f.post(&format!("/api/games/{id}/winners"), json!({"serial": ticket.serial})).await;
    let pay = json!({"serial": ticket.serial, "prize": "one line", "amount": "650.00"});
    let (s, v) = f.post(&format!("/api/games/{id}/payouts"), pay.clone()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with("paying 650.00 takes the night's prizes to 650.00, over the 600.00"),
        "{v}"
    );
    let mut anyway = pay.clone();
    anyway["over_limit"] = json!(true);
    let (s, v) = f.post(&format!("/api/games/{id}/payouts"), anyway).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["warnings"].as_array().unwrap().len(), 2, "{v}");
}

/// A seller's name with no space to break at (60 letters) is cut onto the next line on the
/// cash-up sheet, not run off the page (housie 0.12 set it to x = 598 pt on a 595 pt page).
#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs pdftotext (apt-get install poppler-utils)")]
fn an_unbreakable_sellers_name_stays_on_the_cashup_sheet() {
    let Some(pdftotext) = crate::util::tool("pdftotext") else { return };
    let d = crate::util::Dir::new();
    d.run(&["generate", "--books", "3", "--seed", "long", "--out", "run", "-q"]).success();
    let name = "MW".repeat(30);
    d.run(&["export", "run", "--books", "1", "--seller", &name, "--out", "ex"]).success();
    d.run(&["cashup", "run", "--pdf", "sheet.pdf"]).success();
    let path = d.join("sheet.pdf");
    let (code, out, err) = crate::util::run_tool(&pdftotext, &["-bbox", path.to_str().unwrap(), "-"]);
    assert_eq!(code, 0, "{err}");
    let width: f32 = out.split("<page width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
    let attr = |l: &str, a: &str| -> f32 {
        l.split(&format!("{a}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
    };
    let words: Vec<(String, f32)> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("<word "))
        .map(|l| (l.split('>').nth(1).unwrap().split('<').next().unwrap().to_string(), attr(l, "xMax")))
        .collect();
    assert!(words.iter().any(|(w, _)| w.starts_with("MWMW")), "the name is on the sheet: {words:?}");
    for (word, right) in &words {
        assert!(*right <= width - 28.0, "{word} ends at {right} pt on a {width} pt page");
    }
}

/// `pay` takes a prize by the name the desk shows in any of housie's languages (`एक लाइन` for
/// one line), and the ledger records the set's own name: the same prize named in English
/// afterwards is already paid, and the cash-up names it once.
#[tokio::test]
async fn a_prize_is_paid_by_its_name_in_any_language() {
    let f = Fixture::new(30);
    a_night(&f).await; // game 1, one line paid 20.00
    let rows = f.rows();
    let id = f.game("Game 2", "all").await;
    let ticket = rows.iter().find(|r| r.serial.starts_with("000011-1-")).unwrap();
    for n in ticket.row(0) {
        f.call(id, n).await;
    }
    let (s, v) = f.post(&format!("/api/games/{id}/winners"), json!({"serial": ticket.serial})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = f
        .post(
            &format!("/api/games/{id}/payouts"),
            json!({"serial": ticket.serial, "prize": " एक लाइन ", "amount": "15"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["payouts"][1]["prize"], "one line", "{v}");
    let (s, v) = f
        .post(
            &format!("/api/games/{id}/payouts"),
            json!({"serial": ticket.serial, "prize": "One Line", "amount": "15"}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("already paid"), "{v}");
    // A name no language has is still refused, naming it.
    let (s, v) = f
        .post(&format!("/api/games/{id}/payouts"), json!({"serial": ticket.serial, "prize": "दो लाइन", "amount": "15"}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

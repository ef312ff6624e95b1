//! The `phone` templates: each ticket's QR code holds its link on the player page,
//! `{--player-url}/p/{serial}`. generate asks for the address and checks it; run.json keeps it
//! and a continuation inherits it; `/p/{serial}` opens the player page on that ticket; and the
//! desk reads a scanned link as the serial in it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use housie_web::web::{router, App};
use serde_json::json;
use tower::ServiceExt;

use crate::night_api::{night, Fixture};
use crate::util::{manifest_rows, Dir};

const URL: &str = "http://192.168.1.20:8080";

#[test]
fn a_phone_run_needs_an_address_phones_can_open_and_keeps_it() {
    let d = Dir::new();
    let base = ["generate", "--seed", "links", "--template", "phone", "--books", "2", "-q"];
    let err = d.run(&[&base[..], &["--out", "none"]].concat()).expect_code(2).stderr();
    assert!(err.contains("--player-url: template `phone` prints a QR code that opens each ticket on a phone"), "{err}");
    for (url, says) in [
        ("192.168.1.20:8080", "has no http:// in front"),
        ("ftp://hall", "is not an http:// or https:// address"),
        ("http://hall/housie", "give the address alone"),
        ("http://me:secret@hall", "user name or password"),
    ] {
        let err = d.run(&[&base[..], &["--out", "bad", "--player-url", url]].concat()).expect_code(2).stderr();
        assert!(err.contains(says), "{url}: {err}");
    }
    // Too long for a version-4 symbol: refused with the link and its length.
    let long = format!("http://{}.example.org", "bingo-night".repeat(5));
    let err = d.run(&[&base[..], &["--out", "long", "--player-url", &long]].concat()).expect_code(2).stderr();
    assert!(err.contains("is too long for the version-4 QR codes of template `phone`"), "{err}");

    // A QR code beside the grid keeps the safe zone from the trim too.
    let phone = housie_core::print::template::BUILTIN.iter().find(|(n, _)| *n == "phone").unwrap().1;
    let near = phone
        .replace("margin_left = 12.0", "margin_left = 20.0")
        .replace("margin_right = 12.0", "margin_right = 0.0")
        .replace("width = 156.0", "width = 160.0");
    std::fs::write(d.join("near.toml"), near).unwrap();
    let args = ["generate", "--books", "1", "--template", "near.toml", "--player-url", URL, "--out", "near"];
    let err = d.run(&args).expect_code(2).stderr();
    assert!(err.contains("the QR code beside each grid comes within 2.9 mm of the trim"), "{err}");

    d.run(&[&base[..], &["--out", "run", "--player-url", "HTTP://192.168.1.20:8080/"]].concat()).success();
    let record: serde_json::Value = serde_json::from_str(&d.read("run/run.json")).unwrap();
    assert_eq!(record["settings"]["player_url"], URL, "written as normalised");
    d.run(&["verify", "run"]).success();
    // A continuation prints the same links, unless told another address.
    d.run(&["generate", "--after", "run", "--books", "1", "--out", "more", "-q"]).success();
    let more: serde_json::Value = serde_json::from_str(&d.read("more/run.json")).unwrap();
    assert_eq!(more["settings"]["player_url"], URL);
    // A run without one does not write the key at all (as every run before housie 0.12).
    d.run(&["generate", "--seed", "links", "--books", "1", "--out", "plain", "-q"]).success();
    assert!(!d.read("plain/run.json").contains("player_url"));
}

#[tokio::test]
async fn a_ticket_s_link_opens_the_player_page_and_the_desk_reads_it_as_the_serial() {
    let dir = Dir::new();
    dir.run(&[
        "generate",
        "--seed",
        "links",
        "--template",
        "phone",
        "--books",
        "3",
        "--player-url",
        URL,
        "--out",
        "run",
        "-q",
    ])
    .success();
    let f = Fixture { app: App::new(night(&dir.join("run")).unwrap()), dir };
    let rows = manifest_rows(&f.dir.read("run/manifest.csv"));
    let ticket = &rows[7];

    // What a phone's camera opens: a 303 to the player page on that ticket.
    let get = |path: String| {
        let app = f.app.clone();
        async move {
            let req = Request::builder().uri(path).body(Body::empty()).unwrap();
            router(app).oneshot(req).await.unwrap()
        }
    };
    let res = get(format!("/p/{}", ticket.serial)).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], format!("/play?s={}", ticket.serial).as_str());
    for hostile in ["%3Cscript%3E", "1-2-3%0d%0aSet-Cookie:x", &"1".repeat(41)] {
        let res = get(format!("/p/{hostile}")).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{hostile}");
        assert_eq!(res.headers()["content-type"], "application/json");
    }

    // What a 2D scanner at the desk types: the link, in capitals or not, is the serial.
    f.game("Game 1", "all").await;
    let top = ticket.row(0);
    for &n in &top {
        f.call(1, n).await;
    }
    let link = format!("{URL}/p/{}", ticket.serial).to_uppercase();
    let (s, v) = f.claim(1, &link).await;
    assert_eq!((s, v["verdict"].as_str()), (StatusCode::OK, Some("stands")), "{v}");
    assert_eq!(v["serial"], json!(ticket.serial), "{v}");
    // A link to no ticket of the run is answered as its serial would be.
    let (s, v) = f.claim(1, &format!("{URL}/p/000099-1-5")).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::NOT_FOUND, Some("000099-1-5 is not in this run (books 1-3)")));
}

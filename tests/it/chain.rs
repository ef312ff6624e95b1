//! A run and its continuations are one event: every command given the latest folder of a chain
//! sees every book of it, and the night plays them on one desk.

use axum::http::StatusCode;
use serde_json::json;

use crate::night_api::night;
use crate::util::{manifest_rows, Dir};

/// `night` holds books 1–5, `night-more` (made with --after) books 6–8.
fn event() -> Dir {
    let d = Dir::new();
    d.run(&["generate", "--books", "5", "--seed", "event", "--title", "Fete", "--out", "night", "-q"]).success();
    d.run(&["generate", "--after", "night", "--books", "3", "--out", "night-more", "-q"]).success();
    d
}

#[test]
fn check_winners_plan_and_verify_see_every_book_of_a_chain() {
    let d = event();
    let first = &manifest_rows(&d.read("night/manifest.csv"))[0];
    let r = d.run(&["check", "night-more", "--serial", &first.serial, "--calls", "1"]).expect_code(1);
    assert!(
        r.stdout().starts_with(&format!("{}: book 1, ticket 1 (night/books.pdf, page 1)", first.serial)),
        "{}",
        r.stdout()
    );
    let later = &manifest_rows(&d.read("night-more/manifest.csv"))[0];
    let r = d.run(&["check", "night-more", "--serial", &later.serial, "--calls", "1"]).expect_code(1);
    assert!(r.stdout().starts_with(&format!("{}: book 6, ticket 1 (night-more/books.pdf, page 1)", later.serial)));
    let all: Vec<String> = (1..=90).map(|n| n.to_string()).collect();
    let r = d.run(&["winners", "night-more", "--calls", &all.join(" ")]).success();
    assert!(r.stdout().starts_with("90 calls over 48 tickets (uk)"), "{}", r.stdout());
    let r = d.run(&["plan", "night-more", "--books", "1-8", "--games", "20"]).success();
    assert!(r.stdout().starts_with("20 games over 48 tickets"), "{}", r.stdout());
    let r = d.run(&["verify", "night-more"]).success();
    assert!(
        r.stdout().contains("and the run it continues, verified the same way: night (books 1–5)"),
        "{}",
        r.stdout()
    );
    // Control: the first run alone holds five books.
    let r = d.run(&["winners", "night", "--calls", &all.join(" ")]).success();
    assert!(r.stdout().starts_with("90 calls over 30 tickets (uk)"), "{}", r.stdout());
    let r = d.run(&["winners", "night", "--calls", "1", "--sold", "1-8"]).expect_code(2);
    assert!(r.stderr().contains("--sold: 1-8 is outside this run's books 1-5"), "{}", r.stderr());
    // An earlier run edited since: the chain cannot be checked.
    let pdf = d.join("night/books.pdf");
    let mut bytes = std::fs::read(&pdf).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 1;
    std::fs::write(&pdf, bytes).unwrap();
    for args in [vec!["verify", "night-more"], vec!["winners", "night-more", "--calls", "1"]] {
        let r = d.run(&args).expect_code(2);
        assert!(r.stderr().contains("night/books.pdf: does not match its run.json"), "{args:?}: {}", r.stderr());
    }
}

#[tokio::test]
async fn the_night_plays_every_book_of_a_chain_on_one_desk() {
    let d = event();
    let app = housie::web::App::new(night(&d.join("night-more")).unwrap());
    let f = crate::night_api::Fixture { dir: d, app };
    let (s, v) = f.post("/api/games", json!({"name": "Game 1", "prizes": "uk", "books": "1-8"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let first = &manifest_rows(&f.dir.read("night/manifest.csv"))[6]; // book 2, ticket 1
    for n in first.row(0) {
        f.call(1, n).await;
    }
    let (s, v) = f.claim(1, &first.serial).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["verdict"], "stands", "{v}");
    assert_eq!(
        (v["book"].as_u64(), v["file"].as_str(), v["page"].as_u64()),
        (Some(2), Some("night/books.pdf"), Some(2))
    );
    let later = &manifest_rows(&f.dir.read("night-more/manifest.csv"))[0];
    let (s, v) = f.claim(1, &later.serial).await;
    assert_eq!((s, v["book"].as_u64(), v["file"].as_str()), (StatusCode::OK, Some(6), Some("night-more/books.pdf")));
    let (s, v) = f.post("/api/games", json!({"name": "Game 2", "prizes": "uk", "books": "1-9"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("1-8"), "{v}");
}

/// A continuation's night with a book of the earlier run kept for phones (which `export` and
/// the desk accept) reads from every command: the command line replays it against the whole
/// chain's books, as `serve` does, and `verify` calls it valid.
#[test]
fn a_continuations_night_with_an_earlier_runs_book_reads_from_every_command() {
    let d = event();
    d.run(&["export", "night-more", "--books", "2-3", "--phone-only", "--out", "ex"]).success();
    let r = d.run(&["night", "night-more"]).success();
    assert!(r.stdout().contains("no games yet"), "{}", r.stdout());
    d.run(&["night", "night-more", "--json"]).success();
    d.run(&["cashup", "night-more"]).success();
    d.run(&["verify", "night-more"]).success();
    let all: Vec<String> = (1..=90).map(|n| n.to_string()).collect();
    d.run(&["winners", "night-more", "--calls", &all.join(" ")]).success();
}

/// A night copied from another run of the same size is refused by the command line as `serve`
/// refuses it, naming both runs.
#[test]
fn a_night_of_another_run_is_refused_by_every_command() {
    let d = Dir::new();
    for (seed, out) in [("one", "a"), ("two", "b")] {
        d.run(&["generate", "--books", "3", "--seed", seed, "--out", out, "-q"]).success();
    }
    d.run(&["export", "a", "--books", "1", "--phone-only", "--out", "ex"]).success();
    std::fs::copy(d.join("a/night.sqlite"), d.join("b/night.sqlite")).unwrap();
    for args in [vec!["night", "b"], vec!["cashup", "b"]] {
        let err = d.run(&args).expect_code(2).stderr();
        assert!(err.contains("this night belongs to another run"), "{args:?}: {err}");
    }
    let r = d.run(&["verify", "b"]);
    assert_ne!(r.output.status.code(), Some(0), "verify b: {}", r.stdout());
}

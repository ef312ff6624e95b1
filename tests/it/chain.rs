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
    let app = housie_web::web::App::new(night(&d.join("night-more")).unwrap());
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

/// The middle of a chain is never replaced, even with `--force` (a hostile round's find: it
/// broke every run after it); replaced anyway (c moved away meanwhile), the run after it says
/// where the record it continues was kept.
#[test]
fn a_chains_middle_is_never_replaced_and_a_broken_chain_says_where_its_record_is() {
    let d = Dir::new();
    d.run(&["generate", "--books", "6", "--seed", "mid", "--out", "a", "-q"]).success();
    d.run(&["generate", "--after", "a", "--books", "4", "--out", "b", "-q"]).success();
    d.run(&["generate", "--after", "b", "--books", "2", "--out", "c", "-q"]).success();
    let refused = d.run(&["generate", "--after", "a", "--books", "3", "--out", "b", "--force", "-q"]).expect_code(2);
    assert!(
        refused.stderr().contains("continues this one (generate --after), so it is never replaced"),
        "{}",
        refused.stderr()
    );
    d.run(&["verify", "c"]).success();
    std::fs::create_dir(d.join("elsewhere")).unwrap();
    std::fs::rename(d.join("c"), d.join("elsewhere/c")).unwrap();
    d.run(&["generate", "--after", "a", "--books", "3", "--out", "b", "--force", "-q"]).success();
    std::fs::rename(d.join("elsewhere/c"), d.join("c")).unwrap();
    for args in [vec!["verify", "c"], vec!["night", "c"]] {
        let err = d.run(&args).stderr();
        assert!(err.contains("kept the record this run continues as run-replaced-1.json"), "{args:?}: {err}");
    }
}

/// Random chains (1–20 runs, plain and booklets, from fixed seeds): paper from every run is
/// issued and sold on the desk, one unit of the last run exported for a remote player, a game
/// plays what was sold and every claim that stands is won and paid; then the desk's cash-up,
/// `housie cashup --json`, `winners` and `verify` agree, before and after a restart.
#[tokio::test]
async fn random_chains_are_one_event_on_the_desk_and_the_command_line() {
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;
    let mut prizes_paid = 0;
    for case in 0..6u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(case);
        let d = Dir::new();
        let runs = if case == 0 { 20 } else { rng.random_range(1..=6usize) };
        let booklets = case % 2 == 1;
        let games = if booklets { rng.random_range(2..=3u64) } else { 1 };
        let mut units = Vec::new(); // units (books or booklets) of each run
        let mut next = 1;
        for r in 0..runs {
            let n = rng.random_range(1..=3u64);
            let size = n.to_string();
            let out = format!("r{r}");
            let mut args = vec!["generate", "--out", out.as_str(), "-q"];
            let earlier = format!("r{}", r.wrapping_sub(1));
            let g = games.to_string();
            match (r, booklets) {
                (0, false) => args.extend(["--books", &size, "--seed", "chain"]),
                (0, true) => args.extend(["--booklets", &size, "--games", &g, "--seed", "chain"]),
                (_, false) => args.extend(["--after", &earlier, "--books", &size]),
                (_, true) => args.extend(["--after", &earlier, "--booklets", &size]),
            }
            d.run(&args).success();
            units.push(next..=next + n - 1);
            next += n;
        }
        let last = format!("r{}", runs - 1);
        let word = if booklets { "booklets" } else { "books" };
        let case_name = format!("case {case}: {runs} runs of {word}");
        // A unit of the last run exported for a remote player, before the night is served,
        // and sold in the same step.
        let remote = *units[runs - 1].end();
        let mut export = vec!["export".to_string(), last.clone(), format!("--{word}"), remote.to_string()];
        export.extend(["--out".into(), "remote".into(), "--price".into(), "2.00".into()]);
        let export: Vec<&str> = export.iter().map(String::as_str).collect();
        d.run(&export).success();
        let f = crate::night_api::Fixture { app: housie_web::web::App::new(night(&d.join(&last)).unwrap()), dir: d };
        // Every run's first unit issued to Ann and sold.
        let mut sold = BTreeSet::new();
        for (r, range) in units.iter().enumerate() {
            let unit = *range.start();
            if unit == remote {
                continue;
            }
            let (s, v) = f.post("/api/issues", json!({"seller": "Ann", word: unit.to_string()})).await;
            assert_eq!(s, StatusCode::CREATED, "{case_name}: run {r}: {v}");
            let (s, v) = f.post("/api/sales", json!({word: unit.to_string(), "price": "2.00", "seller": "Ann"})).await;
            assert_eq!(s, StatusCode::CREATED, "{case_name}: run {r}: {v}");
            sold.insert(unit);
        }
        sold.insert(remote);
        // A game of what was sold: 40 calls drawn; every claim that stands is won and paid.
        let mut body = json!({"name": "Game 1", "prizes": "tambola", "books": "all"});
        if booklets {
            body["game"] = json!(1);
        }
        let (s, v) = f.post("/api/games", body).await;
        assert_eq!(s, StatusCode::CREATED, "{case_name}: {v}");
        let rows: Vec<crate::util::Row> =
            (0..runs).flat_map(|r| manifest_rows(&f.dir.read(&format!("r{r}/manifest.csv")))).collect();
        let in_play: Vec<&crate::util::Row> =
            rows.iter().filter(|r| sold.contains(&r.booklet) && (!booklets || r.game == 1)).collect();
        let mut paid = 0;
        for _ in 0..40 {
            let (s, v) = f.post("/api/games/1/draw", json!(null)).await;
            assert_eq!(s, StatusCode::CREATED, "{case_name}: {v}");
            for row in &in_play {
                let (s, v) = f.claim(1, &row.serial).await;
                assert_eq!(s, StatusCode::OK, "{case_name}: {}: {v}", row.serial);
                if v["verdict"] == "stands" {
                    let (s, w) = f.post("/api/games/1/winners", json!({"serial": row.serial})).await;
                    assert_eq!(s, StatusCode::CREATED, "{case_name}: {w}");
                    for won in w["won"].as_array().unwrap() {
                        let pay =
                            json!({"serial": row.serial, "prize": won["prize"], "amount": "1.00", "over_limit": true});
                        let (s, p) = f.post("/api/games/1/payouts", pay).await;
                        assert_eq!(s, StatusCode::CREATED, "{case_name}: {p}");
                        paid += 1;
                    }
                }
            }
        }
        let (_, state) = f.send("GET", "/api/state", None, Some(&f.token())).await;
        let calls: Vec<String> = state["game"]["calls"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let desk = f.send("GET", "/api/cashup", None, Some(&f.token())).await.1;
        assert_eq!(desk["sold_books"], json!(sold.len()), "{case_name}");
        assert_eq!(desk["payouts"].as_array().unwrap().len(), paid, "{case_name}");
        prizes_paid += paid;
        // The command line reads the same night: the cash-up to the penny, the winners, verify.
        let crate::night_api::Fixture { app, dir } = f;
        drop(app);
        let f = crate::night_api::Fixture { app: housie_web::web::App::new(night(&dir.join(&last)).unwrap()), dir };
        let desk_again = f.send("GET", "/api/cashup", None, Some(&f.token())).await.1;
        assert_eq!(desk_again, desk, "{case_name}: after a restart");
        drop(f.app);
        let d = f.dir;
        let cli: serde_json::Value =
            serde_json::from_str(&d.run(&["cashup", &last, "--json"]).success().stdout()).unwrap();
        assert_eq!(cli, desk, "{case_name}");
        let mut winners = vec!["winners".to_string(), last.clone(), "--prizes".into(), "tambola".into()];
        winners.extend(["--calls".into(), calls.join(" ")]);
        if booklets {
            winners.extend(["--game".into(), "1".into()]);
        }
        let winners: Vec<&str> = winners.iter().map(String::as_str).collect();
        let listed = d.run(&winners).success().stdout();
        for p in desk["payouts"].as_array().unwrap() {
            assert!(listed.contains(p["serial"].as_str().unwrap()), "{case_name}: {p} in {listed}");
        }
        let verified = d.run(&["verify", &last]).success().stdout();
        assert!(verified.contains("; the night replays: 1 game"), "{case_name}: {verified}");
    }
    assert!(prizes_paid >= 6, "the cases pay prizes: {prizes_paid}");
}

/// A continuation looks as its run does: a template file that has moved since is read as the
/// run's record holds it, and housie says so; a template file still there is read from it.
#[test]
fn a_continuation_whose_template_file_has_gone_looks_as_its_run_recorded() {
    let d = Dir::new();
    let classic =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/housie-core/templates/classic.toml"))
            .unwrap();
    let own = classic.replace("name = \"classic\"", "name = \"fete\"");
    assert_ne!(own, classic);
    std::fs::write(d.join("fete.toml"), &own).unwrap();
    d.run(&["generate", "--books", "2", "--seed", "gone", "--template", "fete.toml", "--out", "night", "-q"]).success();
    std::fs::remove_file(d.join("fete.toml")).unwrap();
    let err = d.run(&["generate", "--after", "night", "--books", "1", "--out", "more"]).success().stderr();
    assert!(err.contains("template fete.toml, which is not there: as its run.json records it"), "{err}");
    let record: serde_json::Value = serde_json::from_str(&d.read("more/run.json")).unwrap();
    assert_eq!(record["template"]["toml"].as_str(), Some(own.as_str()));
    d.run(&["verify", "more"]).success();
    // Back in its place, edited: a file that is there is read.
    std::fs::write(d.join("fete.toml"), own.replace("name = \"fete\"", "name = \"fete 2\"")).unwrap();
    d.run(&["generate", "--after", "more", "--books", "1", "--out", "again", "-q"]).success();
    let record: serde_json::Value = serde_json::from_str(&d.read("again/run.json")).unwrap();
    assert!(record["template"]["toml"].as_str().unwrap().contains("name = \"fete 2\""));
}

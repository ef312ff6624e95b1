//! One event, one night: a top-up made while the night runs joins it (sold, issued and claimed
//! on the running desk), a second server on the chain is sent to the running one, and no
//! ordering of `generate --force` and `serve` leaves a night or a sale orphaned.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::serving::{exchange, free_port, serve, Process};
use crate::util::Dir;

fn token_of(caller: &str) -> String {
    caller.split("token=").nth(1).unwrap().to_string()
}

/// Waits until the desk's state says `books`.
fn wait_for_books(port: u16, token: &str, books: &str) {
    let start = Instant::now();
    loop {
        let (_, state, _) = exchange(port, "GET", "/api/state", token, "");
        if state["run"]["books"] == books {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the night never took in the top-up: {}", state["run"]);
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_top_up_made_during_the_night_is_sold_and_claimed_on_the_running_desk() {
    let d = Dir::new();
    d.run(&["generate", "--books", "30", "--seed", "one night", "--out", "c1"]).success();
    let port = free_port();
    let (_server, caller) = serve(&d.join("c1"), port);
    let token = token_of(&caller);
    let (s, v, _) = exchange(port, "POST", "/api/sales", &token, r#"{"books": "1-10", "price": "5.00"}"#);
    assert!(s.contains("201"), "{s} {v}");

    // More books while the night runs: the run continued is only read, so generate may go on.
    d.run(&["generate", "--after", "c1", "--books", "20", "--out", "c2"]).success();
    wait_for_books(port, &token, "1-50");
    let (s, v, _) = exchange(port, "POST", "/api/sales", &token, r#"{"books": "31-35", "price": "5.00"}"#);
    assert!(s.contains("201"), "a top-up's books sell on the running desk: {s} {v}");
    // Selling 1-10 again is still refused: one ledger.
    let (s, v, _) = exchange(port, "POST", "/api/sales", &token, r#"{"books": "5", "price": "5.00"}"#);
    assert!(s.contains("422") && v["error"].as_str().unwrap().contains("already sold"), "{s} {v}");
    let (s, v, _) =
        exchange(port, "POST", "/api/games", &token, r#"{"name": "Game 1", "prizes": "uk", "books": "all"}"#);
    assert!(s.contains("201"), "{s} {v}");
    let (_, state, _) = exchange(port, "GET", "/api/state", &token, "");
    assert_eq!(state["games"][0]["books"], "1-10, 31-35", "{state}");
    let (s, v, _) = exchange(port, "POST", "/api/games/1/calls", &token, r#"{"number": 7}"#);
    assert!(s.contains("201") || s.contains("200"), "{s} {v}");
    let serial = housie_core::Serial::new(33, 2).unwrap().to_string();
    let (s, v, _) = exchange(port, "POST", "/api/games/1/claims", &token, &format!(r#"{{"serial": "{serial}"}}"#));
    assert!(s.contains("200"), "a top-up's ticket is judged, not unknown: {s} {v}");
    assert_ne!(v["verdict"], "not_in_run", "{v}");

    // A second server on any run of the chain is sent to the running one.
    for dir in ["c1", "c2"] {
        let other = free_port();
        let r = d.run(&["serve", dir, "--listen", &format!("127.0.0.1:{other}")]).expect_code(2);
        let err = r.stderr();
        assert!(err.contains("being served at") && err.contains(&format!("http://127.0.0.1:{port}")), "{dir}: {err}");
    }
    // Replacing either run is refused while the night plays them, and afterwards.
    let err = d.run(&["generate", "--books", "30", "--out", "c1", "--force"]).expect_code(2).stderr();
    assert!(err.contains("night") || err.contains("in use"), "{err}");
    let err = d.run(&["generate", "--after", "c1", "--books", "20", "--out", "c2", "--force"]).expect_code(2).stderr();
    assert!(err.contains("night") || err.contains("in use"), "{err}");
    drop(_server);
    let err = d.run(&["generate", "--after", "c1", "--books", "20", "--out", "c2", "--force"]).expect_code(2).stderr();
    assert!(err.contains("holds a night") && err.contains("c1/night.sqlite"), "{err}");

    // Served again from the top-up's folder: the same night, with every sale.
    let port = free_port();
    let (_server, caller) = serve(&d.join("c2"), port);
    let (_, state, _) = exchange(port, "GET", "/api/state", &token_of(&caller), "");
    assert_eq!(state["run"]["books"], "1-50");
    assert_eq!(state["games"].as_array().unwrap().len(), 1, "{state}");
    assert!(!d.join("c2/night.sqlite").exists());
}

#[test]
fn a_sale_while_a_game_runs_is_for_the_games_to_come() {
    let d = Dir::new();
    d.run(&["generate", "--books", "12", "--seed", "later", "--out", "r"]).success();
    let port = free_port();
    let (_server, caller) = serve(&d.join("r"), port);
    let token = token_of(&caller);
    exchange(port, "POST", "/api/games", &token, r#"{"name": "Game 1", "prizes": "uk", "books": "all"}"#);
    let (s, _, _) = exchange(port, "POST", "/api/games/1/calls", &token, r#"{"number": 7}"#);
    assert!(s.starts_with("HTTP/1.1 2"), "{s}");
    let (s, v, _) = exchange(port, "POST", "/api/sales", &token, r#"{"books": "1-5", "price": "5.00"}"#);
    assert!(s.contains("201"), "a sale during game 1, for game 2: {s} {v}");
    let (s, v, _) =
        exchange(port, "POST", "/api/games", &token, r#"{"name": "Game 2", "prizes": "uk", "books": "all"}"#);
    assert!(s.contains("201"), "{s} {v}");
    let (_, state, _) = exchange(port, "GET", "/api/state", &token, "");
    assert_eq!(state["games"][0]["books"], "1-12", "game 1 plays what it started with");
    assert_eq!(state["games"][1]["books"], "1-5", "game 2 plays what was sold");
}

/// `generate --force` and `serve` started in every order with random gaps: afterwards either
/// the night is whole and bound to the run on disk, or it was never opened; nothing the desk
/// acknowledged belongs to a run that went away.
#[test]
fn no_ordering_of_generate_and_serve_orphans_a_night() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
    let exe = assert_cmd::cargo::cargo_bin("housie");
    for round in 0..8 {
        let d = Dir::new();
        d.run(&["generate", "--books", "60", "--seed", "race", "--out", "r"]).success();
        let gap = Duration::from_millis(rng.random_range(0..400));
        let generate_first = rng.random_bool(0.5);
        let generate = || {
            Command::new(&exe)
                .args(["generate", "--books", "3000", "--out", "r", "--force"])
                .current_dir(d.path())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let port = free_port();
        let start_serve = || {
            Command::new(&exe)
                .args(["serve", "r", "--listen", &format!("127.0.0.1:{port}")])
                .current_dir(d.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        };
        let (gen, server) = if generate_first {
            let g = generate();
            std::thread::sleep(gap);
            (g, Process(start_serve()))
        } else {
            let s = Process(start_serve());
            std::thread::sleep(gap);
            (generate(), s)
        };
        let mut server = server;
        // The server either serves (it prints the caller's URL once it listens, and then its sale
        // is acknowledged) or refuses to start (its output ends). Polling the port instead could
        // meet another test's server on a port handed out twice.
        let sold = match read_token(&mut server) {
            Some(token) => {
                let (s, _, _) = exchange(port, "POST", "/api/sales", &token, r#"{"books": "1-3", "price": "1.00"}"#);
                s.contains("201")
            }
            None => false,
        };
        let generated = gen.wait_with_output().unwrap();
        drop(server);
        // Whatever the order, a night on disk is the night of the run on disk: it reads.
        let night = d.run(&["night", "r"]);
        if sold || d.join("r/night.sqlite").exists() {
            assert_eq!(night.code(), 0, "round {round}: the night no longer reads: {}", night.stderr());
        }
        // A generate that lost the race says why: the folder in use, or its night.
        let why = String::from_utf8_lossy(&generated.stderr);
        assert!(
            generated.status.success() || why.contains("in use by another housie") || why.contains("holds a night"),
            "round {round}: {why}"
        );
        d.run(&["verify", "r"]).success();
    }
}

/// The caller's URL's token from a `housie serve` started with a piped stdout, or `None` when
/// it ended without serving.
fn read_token(server: &mut Process) -> Option<String> {
    use std::io::BufRead;
    let mut line = String::new();
    std::io::BufReader::new(server.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    line.contains("token=").then(|| token_of(line.trim()))
}

//! Bounded soak tests on loopback, against a `housie serve` limited to 1,024 open files (as most
//! systems are). A flood of 1,100 idle and 500 slow connections: the caller's desk must still be
//! answered within 2 s all along, and the slow connections are closed after the head timeout.
//! 300 players' phones and 10 boards following a game of 90 calls: every page sees every call,
//! 99 % of them within 300 ms, and 99 % of the desk's calls are answered within 100 ms. Each
//! takes about 15 s and stops by itself.
//!
//! They measure time, so they run alone: beside the rest of the suite on two cores (Chromium,
//! PDFs on every core) the server's accept loop drains its backlog of a thousand queued
//! connections slowly enough that single calls took 2–8 s. `cargo test` lists them as ignored
//! with the command; `.ci/run` runs them after the suite.

use std::io::{BufRead, BufReader, Read, Write};

use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::night_api::make_run;
use crate::serving::{free_port, request, wait_for_port, Process};
use crate::util::Dir;

/// Whether the other end has closed the connection (what it sent before is read and dropped).
fn is_closed(s: &mut TcpStream) -> bool {
    let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return false
            }
            Err(_) => return true,
        }
    }
}

/// `housie serve RUN` on a free port in a shell that holds it to 1,024 open files, as most
/// systems do: the server, its port and the caller's token.
#[cfg(unix)]
fn serve_held_to_1024_files(run: &std::path::Path) -> (Process, u16, String) {
    let port = free_port();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -n 1024 && exec "$0" serve "$1" --listen "127.0.0.1:$2""#)
        .arg(assert_cmd::cargo::cargo_bin("housie"))
        .arg(run)
        .arg(port.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let server = Process(child);
    wait_for_port(port, "housie serve");
    (server, port, first.trim().split("?token=").nth(1).unwrap().to_string())
}

/// The caller calls numbers 1..=`calls` in game 1, one every half second, while `flood` keeps
/// the attack going between calls: each must be answered 201 within 2 s. The median and the
/// slowest answer.
fn desk_calls_through(port: u16, token: &str, calls: u8, mut flood: impl FnMut()) -> (Duration, Duration) {
    let start = Instant::now();
    let mut times = Vec::new();
    for n in 1..=calls {
        let (status, took) = request(port, "POST", "/api/games/1/calls", token, &format!(r#"{{"number": {n}}}"#));
        assert_eq!(status, "HTTP/1.1 201 Created", "call {n} after {:?}", start.elapsed());
        assert!(took < Duration::from_secs(2), "call {n} took {took:?}");
        times.push(took);
        flood();
        std::thread::sleep(Duration::from_millis(500));
    }
    times.sort_unstable();
    (times[times.len() / 2], times[times.len() - 1])
}

#[cfg(unix)]
#[test]
#[ignore = "it times calls, so it runs alone: cargo test --test it night_soak -- --ignored --test-threads=1 (.ci/run does)"]
fn a_flood_of_idle_and_slow_connections_cannot_lock_the_caller_out() {
    // This test holds 1,600 sockets itself.
    let _ = rlimit::increase_nofile_limit(4096);
    let (soft, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    assert!(soft >= 1800, "the test needs 1,800 open files and may have {soft}");
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 40);
    let (server, port, token) = serve_held_to_1024_files(&run);
    let pid = server.0.id();
    let _server = server;
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap_or_default();
    let files = limits.lines().find(|l| l.starts_with("Max open files")).unwrap_or("");
    assert!(files.split_whitespace().nth(3) == Some("1024"), "the server's limit: {files}");
    let (status, _) = request(port, "POST", "/api/games", &token, r#"{"name": "Flood", "books": "all"}"#);
    assert_eq!(status, "HTTP/1.1 201 Created");

    // 500 slow connections trickle a request head, a header line a second; 1,100 send nothing.
    let mut slow: Vec<TcpStream> = (0..500)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n").unwrap();
            s
        })
        .collect();
    let idle: Vec<TcpStream> = (0..1100).filter_map(|_| TcpStream::connect(("127.0.0.1", port)).ok()).collect();
    let (median, worst) = desk_calls_through(port, &token, 24, || {
        for s in &mut slow {
            let _ = s.write_all(b"X-Slow: 1\r\n");
        }
    });
    eprintln!(
        "flood of {} idle and {} slow connections: 24 desk calls, median {median:?}, the slowest in {worst:?}",
        idle.len(),
        slow.len()
    );
    assert!(median < Duration::from_secs(1), "the median call took {median:?}");
    // By now (12 s) every slow connection is past the 10 s head timeout: closed by the server.
    let closed = slow.iter_mut().map(is_closed).filter(|&c| c).count();
    assert_eq!(closed, 500, "slow connections closed after the head timeout");
    let (status, _) = request(port, "GET", "/api/state", &token, "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    drop(idle);
}

/// 1,000 phones' claims whose bodies trickle in a byte a second, on a server held to 1,024
/// files: a body still arriving makes way like an idle connection, so every desk call gets in
/// within 2 s, and each slow body is answered 408 (or closed) once its 5 s are up.
#[cfg(unix)]
#[test]
#[ignore = "it times calls, so it runs alone: cargo test --test it night_soak -- --ignored --test-threads=1 (.ci/run does)"]
fn a_flood_of_slow_request_bodies_cannot_lock_the_caller_out() {
    let _ = rlimit::increase_nofile_limit(4096);
    let (soft, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    assert!(soft >= 1200, "the test needs 1,200 open files and may have {soft}");
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 40);
    let serial = crate::util::manifest_rows(&dir.read("run/manifest.csv"))[0].serial.clone();
    let (_server, port, token) = serve_held_to_1024_files(&run);
    let (status, _) = request(port, "POST", "/api/games", &token, r#"{"name": "Slow", "books": "all"}"#);
    assert_eq!(status, "HTTP/1.1 201 Created");
    let head = format!(
        "POST /api/play/{serial}/claims HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{"
    );
    let mut slow: Vec<TcpStream> = (0..1000)
        .filter_map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
            s.write_all(head.as_bytes()).ok()?;
            Some(s)
        })
        .collect();
    let (median, worst) = desk_calls_through(port, &token, 16, || {
        for s in &mut slow {
            let _ = s.write_all(b" ");
        }
    });
    eprintln!(
        "flood of {} slow request bodies: 16 desk calls, median {median:?}, the slowest in {worst:?}",
        slow.len()
    );
    assert!(median < Duration::from_secs(1), "the median call took {median:?}");
    // 8 s on, every slow body is past its 5 s: answered 408 or closed to make room.
    let closed = slow.iter_mut().map(is_closed).filter(|&c| c).count();
    assert_eq!(closed, slow.len(), "slow bodies closed after the body timeout");
}

/// A number after `key` in a state's JSON, read without parsing the whole state (310 parsers
/// would take the server's two cores): the game's `"game":{"id":` and its `"count":` (the only
/// keys of that shape in the public state).
fn number_after(data: &str, key: &str) -> usize {
    data.split(key).nth(1).map_or(0, |rest| rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap())
}

/// One page following the night until game `games` has 90 calls: its stream's states, as
/// (game, calls standing, when it arrived).
fn follow(
    port: u16,
    serial: Option<String>,
    ready: std::sync::mpsc::Sender<Result<(), String>>,
    games: usize,
) -> Vec<(usize, usize, Instant)> {
    // Whatever stops a page before its first state is told to the test, which waits for it.
    let fail = |why: String| {
        let _ = ready.send(Err(why));
        Vec::new()
    };
    if let Some(serial) = &serial {
        // A player's page asks for its ticket first.
        let (status, v, took) = crate::serving::exchange(port, "GET", &format!("/api/play/{serial}"), "", "");
        if !status.contains("200") {
            return fail(format!("GET /api/play/{serial} after {took:?}: {status:?} {v}"));
        }
    }
    let mut s = match TcpStream::connect(("127.0.0.1", port)) {
        Ok(s) => s,
        Err(e) => return fail(format!("connecting for /api/events: {e}")),
    };
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    if let Err(e) = write!(s, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n")
    {
        return fail(format!("asking for /api/events: {e}"));
    }
    let mut seen = Vec::new();
    let mut ready = Some(ready);
    for line in BufReader::new(s).lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                if let Some(r) = ready.take() {
                    let _ = r.send(Err(format!("reading /api/events before its first state: {e}")));
                }
                break;
            }
        };
        let Some(data) = line.strip_prefix("data: ") else { continue };
        let (game, count) = (number_after(data, "\"game\":{\"id\":"), number_after(data, "\"count\":"));
        seen.push((game, count, Instant::now()));
        if let Some(r) = ready.take() {
            let _ = r.send(Ok(()));
        }
        if game == games && count == 90 {
            break;
        }
    }
    if let Some(r) = ready.take() {
        let _ = r.send(Err("/api/events ended before its first state".into()));
    }
    seen
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

const PHONES: usize = 300;
const BOARDS: usize = 10;
/// Two games: 180 of the desk's calls, so that the 99th percentile is not just the slowest.
const GAMES: usize = 2;

/// 300 phones and 10 boards follow two games on a fresh night: 99 % of the calls reach a page
/// within 300 ms, and 99 % of the desk's calls are answered within 100 ms. This VM's host at
/// times stalls it for a second; one stall can sink a try, so a second try is allowed, and both
/// are printed.
#[cfg(unix)]
#[test]
#[ignore = "it times calls, so it runs alone: cargo test --test it night_soak -- --ignored --test-threads=1 (.ci/run does)"]
fn three_hundred_phones_and_ten_boards_follow_two_whole_games() {
    let _ = rlimit::increase_nofile_limit(4096);
    let mut tries = Vec::new();
    for _ in 0..2 {
        match phones_follow_two_games() {
            Ok((p99, d99)) => {
                tries.push(format!("pages {p99:?}, desk {d99:?}"));
                if p99 < Duration::from_millis(300) && d99 < Duration::from_millis(100) {
                    return;
                }
            }
            Err(why) => tries.push(why),
        }
    }
    panic!(
        "over target (every page following within 60 s, p99 of pages 300 ms, of the desk 100 ms) in both tries: {}",
        tries.join("; ")
    );
}

/// One try: the 99th percentiles of a call reaching a page and of the desk's calls, or why
/// the pages did not all follow the night.
fn phones_follow_two_games() -> Result<(Duration, Duration), String> {
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 60);
    let (_server, port, token) = serve_held_to_1024_files(&run);
    let rows = crate::util::manifest_rows(&dir.read("run/manifest.csv"));

    // Every page connects and has the state before the first game.
    let (ready, arrived) = std::sync::mpsc::channel();
    let pages: Vec<_> = (0..PHONES + BOARDS)
        .map(|i| {
            let serial = (i < PHONES).then(|| rows[i % rows.len()].serial.clone());
            let ready = ready.clone();
            std::thread::spawn(move || follow(port, serial, ready, GAMES))
        })
        .collect();
    let joining = Instant::now();
    for i in 0..PHONES + BOARDS {
        match arrived.recv_timeout(Duration::from_secs(60).saturating_sub(joining.elapsed())) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => return Err(format!("a page could not follow the night ({i} did): {why}")),
            Err(_) => return Err(format!("{i} of {} pages followed the night within 60 s", PHONES + BOARDS)),
        }
    }
    eprintln!("{PHONES} phones and {BOARDS} boards had the night's state within {:?}", joining.elapsed());

    // Each game: the caller draws all 90, one every 150 ms.
    let mut sent = Vec::with_capacity(90 * GAMES);
    let mut desk = Vec::with_capacity(90 * GAMES);
    for game in 1..=GAMES {
        let body = format!(r#"{{"name": "Game {game}", "books": "all"}}"#);
        let (status, _) = request(port, "POST", "/api/games", &token, &body);
        assert!(status.contains("201"), "{status}");
        for k in 0..90 {
            let start = Instant::now();
            let (status, took) = request(port, "POST", &format!("/api/games/{game}/draw"), &token, "");
            assert!(status.contains("201"), "{status}");
            sent.push((game, k, start));
            desk.push(took);
            std::thread::sleep(Duration::from_millis(150).saturating_sub(start.elapsed()));
        }
    }
    let mut delays = Vec::with_capacity(sent.len() * (PHONES + BOARDS));
    for (i, page) in pages.into_iter().enumerate() {
        let seen = page.join().unwrap();
        assert_eq!(seen.last().map(|s| (s.0, s.1)), Some((GAMES, 90)), "page {i} saw every game whole");
        for &(game, k, at) in &sent {
            // The first state showing call k + 1 of the game, or a later game.
            let (_, _, got) = seen.iter().find(|(g, count, _)| *g > game || (*g == game && *count > k)).unwrap();
            delays.push(got.duration_since(at));
        }
    }
    delays.sort_unstable();
    desk.sort_unstable();
    let (p50, p99, max) = (percentile(&delays, 0.5), percentile(&delays, 0.99), *delays.last().unwrap());
    let (d50, d99, dmax) = (percentile(&desk, 0.5), percentile(&desk, 0.99), *desk.last().unwrap());
    eprintln!(
        "{PHONES} phones and {BOARDS} boards, {GAMES} games of 90 calls: a call reached a page in {p50:?} (median), \
         {p99:?} (p99), {max:?} (slowest); the desk's calls took {d50:?} (median), {d99:?} (p99), {dmax:?} (slowest)"
    );
    Ok((p99, d99))
}

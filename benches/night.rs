//! The night's hot paths: opening a run (the server's start without the socket), a claim
//! verdict with its log write, a call with its watch update, and a call travelling over HTTP to
//! an open event stream (what a board waits for).
//!
//! `HOUSIE_NIGHT_RUN=DIR cargo bench --bench night` measures the run in DIR (docs/development.md's
//! figures use a 100,000-book run; the bench writes DIR/night.sqlite afresh); without it, a
//! 2,000-book run is generated in a temporary folder.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

use housie_core::{GeneratePlan, Seed};
use housie_files::run::generate_run;
use housie_night::night::watch::Watch;
use housie_night::night::{OpenOptions, PrizeChoice, Served, ServedNight, NIGHT_DB};
use housie_web::web::{serve, App};

fn run_dir(keep: &mut Option<tempfile::TempDir>) -> PathBuf {
    let dir = match std::env::var_os("HOUSIE_NIGHT_RUN") {
        Some(d) => PathBuf::from(d),
        None => {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path().join("run");
            generate_run(
                &GeneratePlan::new(Seed::from_text("bench"), 2000),
                &dir,
                false,
                housie_core::pipeline::Watch::none(),
            )
            .unwrap();
            *keep = Some(tmp);
            dir
        }
    };
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("{NIGHT_DB}{suffix}")));
    }
    dir
}

fn night(c: &mut Criterion) {
    let mut keep = None;
    let dir = run_dir(&mut keep);
    let mut group = c.benchmark_group("night");
    group.sample_size(10);
    group.bench_function("open the run (re-draw, compare manifest, index)", |b| {
        b.iter(|| housie_night::night::run_folder::open(&dir).unwrap())
    });

    let run = housie_night::night::run_folder::open(&dir).unwrap();
    let books = format!("{}-{}", run.books().start(), run.books().end());
    let serial = housie_core::Serial::new(*run.books().start(), 1).unwrap().to_string();
    let set = housie_core::rules::PrizeSet::shipped("tambola").unwrap();
    let mut watch = Watch::new(
        &run,
        &housie_core::rules::BookRanges::parse(&books, run.books(), run.record.settings.numbering(), None).unwrap(),
        &set,
        &housie_core::rules::Progress::new(&set),
        &[],
    );
    group.sample_size(50);
    group.bench_function("watch: one call and its undo (tambola: six open prizes)", |b| {
        b.iter(|| {
            watch.call(&run, 45, true);
            watch.call(&run, 45, false);
        })
    });

    let (mut night, _) = ServedNight::open(run, OpenOptions::default()).unwrap();
    night.create_game("Bench", &PrizeChoice::Named("tambola".into()), &books, None, false).unwrap();
    for n in [5, 17, 45, 62, 88] {
        night.call(1, n).unwrap();
    }
    group.bench_function("claim verdict (logged, fsync)", |b| b.iter(|| night.claim(1, &serial).unwrap()));
    group.bench_function("call + undo (two logged events, watch)", |b| {
        b.iter(|| {
            night.call(1, 30).unwrap();
            night.undo(1).unwrap();
        })
    });

    // Over HTTP: POST a call, time until the event stream delivers the new state.
    let app = App::new(night);
    let token = app.token().to_string();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(serve(app, listener, std::future::pending()));
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut events = BufReader::new(stream);
    let next_state = |events: &mut BufReader<TcpStream>| {
        let mut line = String::new();
        loop {
            line.clear();
            events.read_line(&mut line).unwrap();
            if line.starts_with("event: state") {
                return;
            }
        }
    };
    next_state(&mut events);
    let post = |path: &str, body: &str| {
        let mut s = TcpStream::connect(addr).unwrap();
        let req = format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 20"), "{answer}");
    };
    group.bench_function("call over HTTP until the board's event arrives", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                post("/api/games/1/calls", r#"{"number": 30}"#);
                next_state(&mut events);
                total += start.elapsed();
                post("/api/games/1/undo", "");
                next_state(&mut events);
            }
            total
        })
    });
    group.finish();
    drop(keep);
}

/// The prize planner: 2,000 games over the 2,880 tickets of 480 books.
fn planner(c: &mut Criterion) {
    let seed = Seed::from_text("planner bench");
    let tickets: Vec<housie_core::Ticket> =
        (1..=480).flat_map(|b| housie_core::Generator::get().book(&seed, b, 0).tickets().to_vec()).collect();
    let mut group = c.benchmark_group("plan");
    group.sample_size(10);
    for name in ["uk", "tambola"] {
        let set = housie_core::rules::PrizeSet::shipped(name).unwrap();
        group.bench_function(format!("2,000 games over 480 books ({name})"), |b| {
            b.iter(|| housie_core::rules::planner::plan(&tickets, &set, 2000, &Seed::from_text("games")))
        });
    }
    group.finish();
}

criterion_group!(benches, night, planner);
criterion_main!(benches);

//! The night's rules over a log held in memory, as a page will hold it: the same commands give
//! the same events, the same refusals and the same views as over `housie serve`'s SQLite log,
//! and the memory log's lines carry the night to `housie verify` unchanged.

use housie_night::night::draw::Entropy;
use housie_night::night::event_log::{EventLog, MemoryLog};
use housie_night::night::log_file;
use housie_night::night::view::StateView;
use housie_night::night::{Night, OpenOptions, PrizeChoice, Served, ServedNight};

use crate::night_api::{line_run, LineRun};
use crate::util::Dir;

/// A night's commands, each answer as text (a refusal too), the same whatever keeps the log.
fn play<L: EventLog>(night: &mut Night<L>, line: &[u8], spare: u8, winner: &str, wrong: &str) -> Vec<String> {
    let tambola = PrizeChoice::Named("tambola".into());
    let mut said = vec![format!("{:?}", night.create_game("Game 1", &tambola, "1-3", None, true))];
    for n in [i64::from(line[0]), 91, i64::from(line[0]), i64::from(spare)] {
        said.push(format!("{:?}", night.call(1, n)));
    }
    said.push(format!("{:?}", night.undo(1)));
    for &n in &line[1..] {
        said.push(format!("{:?}", night.call(1, i64::from(n))));
    }
    said.push(format!("{:?}", night.claim(1, wrong).map(|c| c.verdict)));
    said.push(format!("{:?}", night.claim(1, winner).map(|c| c.verdict)));
    said.push(format!("{:?}", night.win(1, winner, None).map(|w| w.len())));
    // Drawn by housie from the game's seed: the same entropy, the same seed, the same number.
    said.push(format!("{:?}", night.draw(1)));
    said.push(format!("{:?}", night.end(1).map(|_| ())));
    said
}

/// The events as stored, without the times each log stamps.
fn events<L: EventLog>(night: &Night<L>) -> Vec<String> {
    night.events().unwrap().iter().map(|s| format!("{} {} {:?}", s.seq, s.game, s.event)).collect()
}

/// Entropy that gives the same bytes to each night: 1s, then 2s, … (each game's seed).
fn counted() -> Entropy {
    let mut n = 0u8;
    Box::new(move || {
        n += 1;
        [n; 32]
    })
}

#[test]
fn a_night_kept_in_memory_plays_as_the_database_does_and_verifies_from_its_lines() {
    let d = Dir::new();
    // Ticket 1's top line, and a number not in it (called and taken back).
    let LineRun { winner, wrong, line, spare } = line_run(&d.join("run"));
    let (mut disk, _) =
        ServedNight::open(housie_night::night::run_folder::open(&d.join("run")).unwrap(), OpenOptions::default())
            .unwrap();
    let run = housie_night::night::run_folder::open(&d.join("run")).unwrap();
    let start = run.id.content.clone();
    let mut tick = 0;
    let clock = move || {
        tick += 1;
        format!("2026-12-06T19:{:02}:{:02}.000Z", tick / 60, tick % 60)
    };
    let mut memory = Night::over(run, MemoryLog::new(&start, clock), counted()).unwrap();
    disk.set_entropy(counted());

    let on_disk = play(&mut disk, &line, spare, &winner, &wrong);
    assert_eq!(play(&mut memory, &line, spare, &winner, &wrong), on_disk);
    assert!(on_disk.iter().any(|s| s.contains("91 is not a bingo number")), "{on_disk:?}");
    assert!(on_disk.iter().any(|s| s == "Ok(Stands)"), "the line's claim stands: {on_disk:?}");
    assert_eq!(events(&memory), events(&disk));
    assert!(events(&disk).len() >= 8, "{:?}", events(&disk));
    // The game's secret seed is the entropy given, on disk as in memory.
    assert!(events(&disk)[0].contains(&format!("seed: \"{}\"", "01".repeat(32))), "{:?}", events(&disk)[0]);
    // What the desk and the board are sent is the same too.
    let view = |v: StateView| {
        let mut json = serde_json::to_value(v).unwrap();
        json["lost"] = serde_json::Value::Null;
        json
    };
    let (a, b) = (view(StateView::of(&memory, true)), view(StateView::of(&disk, true)));
    assert_eq!(a["game"]["prize_list"], b["game"]["prize_list"]);
    assert_eq!(
        (&a["game"]["calls"], &a["game"]["claims"].as_array().map(Vec::len)),
        (&b["game"]["calls"], &b["game"]["claims"].as_array().map(Vec::len))
    );

    // Its lines, beside a copy of the run with no database, are a night `housie verify` reads.
    let copy = d.join("copy");
    std::fs::create_dir(&copy).unwrap();
    for entry in std::fs::read_dir(d.join("run")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("night") {
            std::fs::copy(entry.path(), copy.join(&name)).unwrap();
        }
    }
    std::fs::write(copy.join("night.jsonl"), log_file::write(&start, memory.log().rows())).unwrap();
    let verified = d.run(&["verify", "copy"]).success().stdout();
    assert!(verified.contains("the night replays: 1 game"), "{verified}");
    // Negative control: a line of it edited is refused there.
    let text = log_file::write(&start, memory.log().rows()).replacen("\"number\":70", "\"number\":71", 1);
    std::fs::write(copy.join("night.jsonl"), text).unwrap();
    assert!(d.run(&["verify", "copy"]).stdout().contains("NOT VALID"));
}

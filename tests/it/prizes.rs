//! Prizes as data: every shipped prize (and custom patterns of every kind) against brute force
//! over random tickets and call orders; prize files refused with every mistake named; the
//! planner on a real run.

use housie_core::rules::pattern::{called_mask, calls_of};
use housie_core::rules::{Prize, PrizeSet};
use housie_core::{Generator, Seed, Ticket};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::brute;
use crate::util::Dir;

/// Every prize worth checking: the shipped sets, the example file, and one of each pattern kind
/// with `need`.
fn prizes() -> Vec<Prize> {
    // The 90-ball sets: the brute force here knows 3 × 9 tickets (75-ball's lines are checked
    // in the engine's own tests and `seventy_five.rs`).
    let mut out: Vec<Prize> = housie_core::rules::prize::SHIPPED
        .iter()
        .map(|(n, _)| PrizeSet::shipped(n).unwrap())
        .filter(|set| set.card().is_ninety())
        .flat_map(|set| set.prizes().to_vec())
        .collect();
    for file in ["fete.toml", "odd-even.toml"] {
        let text = std::fs::read_to_string(format!("{}/examples/prizes/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        out.extend(PrizeSet::parse(&text, file).unwrap().prizes().iter().cloned());
    }
    // Built through the one checked path, as a custom prize file would be.
    let custom = |pattern: &str| {
        let text = format!("name = \"c\"\nopens = \"together\"\n[[prize]]\nname = \"custom\"\n{pattern}\n");
        PrizeSet::parse(&text, "custom.toml").unwrap().prizes()[0].clone()
    };
    out.push(custom(r#"cells = ["1:1", "2:5", "3:9", "1:9"]"#));
    out.push(custom("cells = [\"1:1\", \"2:5\", \"3:9\", \"1:9\", \"2:2\"]\nneed = 2"));
    out.push(custom("values = \"20-59\"\nneed = 4"));
    out.push(custom("positions = [\"1:1\", \"2:2\", \"3:3\", \"2:4\", \"1:5\"]\nneed = 3"));
    out.push(custom("rows = [1, 3]\nneed = 7"));
    out.push(custom("lines = 3"));
    out.push(custom("numbers = \"odd\""));
    out.push(custom("numbers = \"even\"\nneed = 6"));
    out.push(custom("numbers = \"3, 9, 10-14, 47, 80-90\""));
    out
}

fn tickets(n: usize) -> Vec<Ticket> {
    let seed = Seed::from_text("prizes against brute force");
    (1..=n as u64).flat_map(|b| Generator::get().book(&seed, b, 0).tickets().to_vec()).collect()
}

#[test]
fn every_prize_completes_when_brute_force_says_it_does() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(17);
    let prizes = prizes();
    let mut checked = 0;
    for t in tickets(40) {
        let mut order: Vec<u8> = (1..=90).collect();
        order.shuffle(&mut rng);
        let call = |n: u8| order.iter().position(|&c| c == n).map_or(0, |i| i + 1);
        for p in &prizes {
            let rule = p.pattern().rule(&t, p.need());
            let ours = rule.completed_at(&calls_of(&t, call)).map(usize::from);
            assert_eq!(ours, brute::completed_at(p, &t, &order), "{} on {t:?} with {order:?}", p.name());
            checked += 1;
        }
    }
    assert_eq!(checked, 240 * prizes.len());
}

#[test]
fn what_a_ticket_still_needs_matches_brute_force() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(18);
    let prizes = prizes();
    let mut seen = [0usize; 16];
    for t in tickets(6) {
        let mut order: Vec<u8> = (1..=90).collect();
        order.shuffle(&mut rng);
        let called = &order[..rng.random_range(15..60)];
        let mask = called_mask(&t, |n| called.contains(&n));
        for p in &prizes {
            let ours = p.pattern().rule(&t, p.need()).need(mask);
            assert_eq!(ours, brute::need(p, &t, called), "{} on {t:?} after {called:?}", p.name());
            if let Some(n) = ours {
                seen[usize::from(n)] += 1;
            }
        }
    }
    // The cases cover complete, one away, and further.
    assert!(seen[0] > 0 && seen[1] > 0 && seen[2..].iter().sum::<usize>() > 0, "{seen:?}");
}

#[test]
fn a_prize_file_is_refused_with_every_mistake_by_line_and_key() {
    let d = Dir::new();
    std::fs::write(
        d.join("bad.toml"),
        "name = \"bad\"\nopens = \"together\"\n[[prize]]\nname = \"a\"\npositions = [\"1:6\"]\n[[prize]]\nname = \"b\"\nvalues = \"91-95\"\nplaces = 0\n",
    )
    .unwrap();
    let r = d.run(&["prizes", "bad.toml"]).expect_code(2);
    assert_eq!(
        r.stderr(),
        "housie: bad.toml:5: prize `a`: positions: `1:6` is outside the ticket: rows 1–3, place in its row 1–5\n\
         bad.toml:8: prize `b`: values: 91-95 is outside the numbers 1–90\n\
         bad.toml:9: prize `b`: places: 0 places: a prize has 1 to 10 (1st, 2nd, …)\n"
    );
    let r = d.run(&["prizes", "nothing-here"]).expect_code(2);
    assert_eq!(
        r.stderr(),
        "housie: `nothing-here` is not a prize set: the shipped sets are uk, tambola, tambola-full, bingo, bingo-patterns, bingo-jackpot, or give a TOML \
         file\n"
    );
    let out = d.run(&["prizes"]).success().stdout();
    assert!(out.starts_with("uk (played in order, each when the one before is won)\n  one line"), "{out}");
    assert!(
        out.contains("  corners and star  the four corners and the star (the middle number of the middle row)\n"),
        "{out}"
    );
    let toml = d.run(&["prizes", "tambola-full", "--toml"]).success().stdout();
    assert_eq!(PrizeSet::parse(&toml, "x").unwrap(), PrizeSet::shipped("tambola-full").unwrap());
}

#[test]
fn the_planner_on_480_books_agrees_with_the_fields_figures() {
    let d = Dir::new();
    d.run(&["generate", "--books", "480", "--seed", "plan", "--out", "run", "-q"]).success();
    let out = d.run(&["plan", "run", "--books", "1-480", "--prizes", "uk", "--games", "400", "--json"]).success();
    let plan: serde_json::Value = serde_json::from_str(&out.stdout()).unwrap();
    let line = &plan["prizes"][0];
    let house = &plan["prizes"][2];
    assert_eq!((line["prize"].as_str(), house["prize"].as_str()), (Some("one line"), Some("full house")));
    let median = |v: &serde_json::Value| v["median"].as_u64().unwrap();
    assert!((14..=18).contains(&median(line)), "{line}");
    assert!((50..=60).contains(&median(house)), "{house}");
    assert!(line["p5"].as_u64() < line["p95"].as_u64());
    assert!(line["shared"].as_f64().unwrap() > 0.0, "lines are often shared in a big hall: {line}");
    let again = d.run(&["plan", "run", "--books", "1-480", "--prizes", "uk", "--games", "400", "--json"]).success();
    assert_eq!(again.stdout(), out.stdout(), "a plan is repeatable");
    let r = d.run(&["plan", "run", "--books", "1-600"]).expect_code(2);
    assert_eq!(r.stderr(), "housie: --books: 1-600 is outside this run's books 1-480\n");
}

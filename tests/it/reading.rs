//! Reading a run back in bounded memory: one serial's row found by seeking, the manifest
//! streamed for the run-wide rules.

use housie_core::record::manifest::{self, RunChecks};
use housie_core::{GeneratePlan, Seed, Serial};

use crate::util::Dir;

#[test]
fn seeking_finds_every_row_that_reading_through_finds() {
    let d = Dir::new();
    crate::util::generate(&GeneratePlan::new(Seed::from_text("seek"), 300), &d.join("o"), &|_| {}).unwrap();
    let path = d.join("o/manifest.csv");
    let all: Vec<_> = manifest::rows(std::fs::File::open(&path).unwrap(), "m", housie_core::domain::Numbering::BOOKS)
        .map(Result::unwrap)
        .collect();
    assert_eq!(all.len(), 1800);
    for row in all.iter().step_by(7).chain(all.last()) {
        let found = housie_files::record::find_row(&path, row.serial, &housie_core::domain::NINETY_BALL)
            .unwrap()
            .unwrap()
            .unwrap();
        assert_eq!(
            (found.serial, found.ticket, &found.file, found.page),
            (row.serial, row.ticket, &row.file, row.page)
        );
    }
    assert!(housie_files::record::find_row(&path, Serial::new(301, 1).unwrap(), &housie_core::domain::NINETY_BALL)
        .unwrap()
        .is_none());
    // Rows out of book order are still found (by reading through).
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1..].reverse();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    for row in all.iter().step_by(97) {
        assert_eq!(
            housie_files::record::find_row(&path, row.serial, &housie_core::domain::NINETY_BALL)
                .unwrap()
                .unwrap()
                .unwrap()
                .ticket,
            row.ticket
        );
    }
}

#[test]
fn streamed_checks_find_repeats_and_broken_books() {
    let d = Dir::new();
    crate::util::generate(&GeneratePlan::new(Seed::from_text("stream"), 4), &d.join("o"), &|_| {}).unwrap();
    let text = d.read("o/manifest.csv");
    let lines: Vec<&str> = text.lines().collect();
    // Book 4 again (a copy of book 1's rows renumbered would be caught too): duplicate everything.
    let doubled = format!("{}\n{}\n", lines.join("\n"), lines[1..7].join("\n"));
    let mut checks = RunChecks::new("m", true);
    for row in manifest::rows(doubled.as_bytes(), "m", housie_core::domain::Numbering::BOOKS) {
        checks.add(row);
    }
    let checks = checks.finish();
    let problems: Vec<String> = checks.problems.iter().map(ToString::to_string).collect();
    assert_eq!(checks.rows, 30);
    assert!(
        problems.iter().any(|p| p.starts_with("m:26: serial: 000001-1-7 was already used on line 2")),
        "{problems:?}"
    );
    assert!(problems.iter().any(|p| p.contains("holds the same 15 numbers as the ticket on line 2")), "{problems:?}");
    assert!(
        problems.iter().any(|p| p.contains("book 1 continues away from its rows (which start on line 2)")),
        "{problems:?}"
    );
    assert_eq!(checks.duplicate_lines.len(), 18);
}

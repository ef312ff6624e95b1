//! The card format is data: a toy format (3 × 3 cards over 1–27, every cell a number, columns
//! 1–9, 10–18, 19–27, books of two cards) goes through the same code as 90-ball — drawn by a
//! run's drawer with its lines kept unique, written as a manifest and read back through the
//! one validation path, a prize compiled on its cards, and a claim judged — with no path of its
//! own anywhere. 75-ball (5 × 5, a free centre) will be one more value like this one.

use housie_core::domain::format::{CardFormat, Fill};
use housie_core::domain::{Numbering, Ticket};
use housie_core::export::csv::ManifestWriter;
use housie_core::generate::{draw_all, RunOptions, Seed};
use housie_core::print::pages::VolumePlan;
use housie_core::record::manifest::{self, RunChecks};
use housie_core::rules::{judge, Calls, PrizeSet, Verdict};

static TOY: CardFormat = match CardFormat::new("toy", 3, &[(1, 9), (10, 18), (19, 27)], Fill::Full { free: None }, 2) {
    Some(f) => f,
    None => panic!("a format housie can hold"),
};

const BOOKS: u64 = 40;

fn drawn() -> Vec<housie_core::generate::DrawnBook> {
    let options = RunOptions { format: &TOY, ..RunOptions::new(BOOKS, 1, false) };
    draw_all(Seed::from_text("toy"), options).unwrap().0
}

#[test]
fn a_toy_format_is_drawn_written_read_played_and_judged_as_90_ball_is() {
    // Drawn: every card valid for its format, no card or line twice in the run.
    let books = drawn();
    assert_eq!(books.len(), BOOKS as usize);
    let cards: Vec<Ticket> = books.iter().flat_map(|b| b.book.tickets().to_vec()).collect();
    assert_eq!(cards.len(), 2 * BOOKS as usize);
    let mut lines = std::collections::HashSet::new();
    for card in &cards {
        assert_eq!((card.format().name(), card.numbers().len()), ("toy", 9));
        let cells: Vec<Option<u8>> = card.cells().iter().map(|&n| Some(n)).collect();
        assert_eq!(Ticket::of_format(&TOY, &cells).unwrap(), *card, "valid through the untrusted path");
        for r in 0..3 {
            assert!(lines.insert(card.row(r).to_vec()), "a line twice: {:?}", &*card.row(r));
        }
    }
    // The same run draws the same cards; another seed, others.
    assert_eq!(books[7].book, drawn()[7].book);
    let other = draw_all(Seed::from_text("other"), RunOptions { format: &TOY, ..RunOptions::new(1, 1, false) });
    assert_ne!(other.unwrap().0[0].book, books[0].book);

    // The manifest: the format's own columns, written and read back through the one path.
    let volumes = VolumePlan {
        tickets_per_page: 2,
        tickets_per_book: 2,
        books: BOOKS,
        per_file: BOOKS,
        numbering: Numbering::BOOKS,
        by_game: false,
    };
    let mut writer = ManifestWriter::new(Vec::new(), &TOY).unwrap();
    writer.write_books(&volumes.place(0, books.clone())).unwrap();
    let csv = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    assert!(csv.starts_with("serial,book,ticket,r1c1,r1c2,r1c3,r2c1,r2c2,r2c3,r3c1,r3c2,r3c3,file,page,booklet,game\n"));
    let read: Vec<Ticket> =
        manifest::rows(csv.as_bytes(), "m", Numbering::BOOKS).of_format(&TOY).map(|r| r.unwrap().ticket).collect();
    assert_eq!(read, cards);
    let mut checks = RunChecks::new("m", true);
    for row in manifest::rows(csv.as_bytes(), "m", Numbering::BOOKS).of_format(&TOY) {
        checks.add(row);
    }
    let checks = checks.finish();
    assert!(checks.problems.is_empty() && checks.duplicate_lines.is_empty(), "{:?}", checks.problems);
    // A card read as 90-ball is refused (three cells where 90-ball has 27), as is a toy card
    // with a number out of its column.
    assert!(manifest::rows(csv.as_bytes(), "m", Numbering::BOOKS).next().unwrap().is_err());
    let bad = csv.replacen(",1,1,", ",1,1,27,", 1);
    assert!(manifest::rows(bad.as_bytes(), "m", Numbering::BOOKS).of_format(&TOY).next().unwrap().is_err());

    // A prize and a claim: a line stands only on the call that completed it.
    let set = PrizeSet::parse(
        "name = \"toy\"\nopens = \"in order\"\n[[prize]]\nname = \"line\"\nlines = 1\n[[prize]]\nname = \"full house\"\nrows = [1, 2, 3]\n",
        "toy.toml",
    )
    .unwrap();
    let card = cards[0];
    let top = card.row(0).to_vec();
    let calls = |numbers: &[u8]| {
        let text: Vec<String> = numbers.iter().map(u8::to_string).collect();
        Calls::parse(&text.join(" "), "calls").unwrap()
    };
    let stands = judge(&card, &calls(&top), &set, None);
    assert_eq!(stands.verdict, Verdict::Stands, "{}", stands.message);
    assert_eq!(stands.stands, vec![(0, 1)]);
    let spare = (1..=27).find(|n| !card.numbers().contains(n)).unwrap();
    let late = judge(&card, &calls(&[top.clone(), vec![spare]].concat()), &set, None);
    assert_ne!(late.verdict, Verdict::Stands, "completed a call before the last");
    let full = judge(&card, &calls(&card.numbers()), &set, None);
    assert!(full.stands.contains(&(1, 1)), "{}", full.message);
}

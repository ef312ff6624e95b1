//! The tests of `prize`.

use super::*;

#[test]
fn the_shipped_sets_parse_and_round_trip() {
    for (name, _) in SHIPPED {
        let set = PrizeSet::shipped(name).unwrap();
        assert_eq!(PrizeSet::from_spec(&set.spec()).unwrap(), set);
        assert_eq!(PrizeSet::parse(&set.to_toml(), "x").unwrap(), set);
    }
    let tambola = PrizeSet::shipped("tambola").unwrap();
    assert_eq!(tambola.opens, Opens::Together);
    assert_eq!(tambola.prizes.len(), 6);
    assert_eq!(PrizeSet::legacy("tambola").unwrap().opens, Opens::InOrder);
    let full = PrizeSet::shipped("tambola-full").unwrap();
    assert_eq!(full.prizes.last().unwrap().places, 3);
    assert_eq!(full.find("Corners and Star"), Some(5));
}

/// A set with number-set prizes reads back from its own TOML (as the night's log keeps it).
#[test]
fn number_set_prizes_round_trip() {
    let text = include_str!("../../../../../examples/prizes/odd-even.toml");
    let set = PrizeSet::parse(text, "odd-even.toml").unwrap();
    assert_eq!(PrizeSet::parse(&set.to_toml(), "x").unwrap(), set);
    assert_eq!(set.prizes()[3].spec().numbers.as_deref(), Some("7, 17, 27, 37, 47, 57, 67, 70-79, 87"));
    assert_eq!(set.prizes()[1].spec().numbers.as_deref(), Some("odd"));
}

/// Sheet bonuses read, describe and round-trip; a sheet that is not half or full is refused at
/// its key.
#[test]
fn sheet_prizes_read_describe_and_round_trip() {
    let text = include_str!("../../../../../examples/prizes/sheet-bonus.toml");
    let set = PrizeSet::parse(text, "sheet-bonus.toml").unwrap();
    assert_eq!(PrizeSet::parse(&set.to_toml(), "x").unwrap(), set);
    let half = &set.prizes()[1];
    assert_eq!(half.sheet(), Some(crate::rules::Sheet::Half));
    assert_eq!(half.describe(), "any 2 numbers, on every ticket of a half sheet (tickets 1-3 or 4-6 of a book)");
    assert_eq!(set.prizes()[0].sheet(), None);
    let bad = "name = \"x\"\nopens = \"together\"\n[[prize]]\nname = \"a\"\nany = 2\nsheet = \"quarter\"\n";
    let err = PrizeSet::parse(bad, "p.toml").unwrap_err().to_string();
    assert!(err.starts_with("p.toml:6: prize `a`: sheet: `quarter` is not a sheet"), "{err}");
}

#[test]
fn every_mistake_is_named_with_its_line_and_key() {
    let text = "name = \"x\"\nopens = \"together\"\n\n[[prize]]\nname = \"a\"\nrows = []\n\n[[prize]]\nname = \"b\"\nany = 5\nneed = 3\nplaces = 0\n\n[[prize]]\nname = \"c\"\nvalues = \"0-95\"\n\n[[prize]]\nname = \"d\"\ncells = [\"4:1\"]\n\n[[prize]]\nname = \"e\"\npositions = [\"1:1\"]\nneed = 2\n\n[[prize]]\nname = \"f\"\n";
    let err = PrizeSet::parse(text, "p.toml").unwrap_err().to_string();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "p.toml:6: prize `a`: rows: an empty pattern: name at least one row (1–3)",
            "p.toml:11: prize `b`: need: lines and any say how many already; leave need out",
            "p.toml:12: prize `b`: places: 0 places: a prize has 1 to 10 (1st, 2nd, …)",
            "p.toml:16: prize `c`: values: 0-95 is outside the numbers 1–90",
            "p.toml:20: prize `d`: cells: `4:1` is outside the ticket: rows 1–3, column 1–9",
            "p.toml:25: prize `e`: need: 2 is not 1 to the 1 numbers its pattern can hold on a ticket",
            "p.toml:28: prize `f`: name: give the prize one pattern: lines, rows, positions, values, any, cells or numbers",
        ]
    );
    let err = PrizeSet::parse("name = \"x\"\nopens = \"together\"\n[[prize]]\nname = \"a\"\nrow = [1]\n", "p.toml");
    assert!(err.unwrap_err().to_string().starts_with("p.toml:5: unknown field `row`"));
    let err = PrizeSet::parse("name = \"x\"\nopens = \"together\"\n", "p.toml").unwrap_err().to_string();
    assert_eq!(err, "p.toml:1: prize: a set needs at least one [[prize]]");
    assert!(matches!(PrizeSet::load("no-such-set", &crate::world::Files::default()), Err(PrizeSetError::Unknown(_))));
}

#[test]
fn descriptions_and_pictures() {
    let full = PrizeSet::shipped("tambola-full").unwrap();
    let star = &full.prizes[5];
    assert_eq!(star.describe(), "the four corners and the star (the middle number of the middle row)");
    assert_eq!(star.picture().unwrap(), ["● · · · ●".to_string(), "· · ● · ·".into(), "● · · · ●".into()]);
    assert_eq!(full.prizes[6].describe(), "all 15 numbers; 3 places");
    assert_eq!(full.prizes[0].describe(), "any 5 numbers");
    // Every pattern kind in words, one prize of each.
    let text = |body: &str| format!("name = \"s\"\nopens = \"together\"\n[[prize]]\nname = \"p\"\n{body}\n");
    for (body, words) in [
        ("lines = 1", "any one whole row"),
        ("lines = 2", "any 2 whole rows"),
        ("rows = [1, 2, 3]", "all 15 numbers"),
        ("rows = [1, 3]", "every number of the top and bottom rows"),
        ("rows = [2]", "every number of the middle row"),
        (
            "positions = [\"1:1\", \"1:5\", \"3:1\", \"3:5\"]",
            "the four corners (first and last numbers of the top and bottom rows)",
        ),
        (
            "positions = [\"1:1\", \"1:5\", \"3:1\", \"3:4\"]",
            "the numbers in places 1, 5 of the top row; 1, 4 of the bottom row",
        ),
        (
            "positions = [\"1:1\", \"1:5\", \"3:1\", \"3:5\", \"2:2\"]",
            "the numbers in places 1, 5 of the top row; 2 of the middle row; 1, 5 of the bottom row",
        ),
        (
            "positions = [\"1:1\", \"1:5\", \"3:1\", \"2:3\"]",
            "the numbers in places 1, 5 of the top row; 3 of the middle row; 1 of the bottom row",
        ),
        ("values = \"1-30\"", "every number from 1 to 30 on the ticket"),
        ("any = 7", "any 7 numbers"),
        ("numbers = \"odd\"", "every odd number on the ticket"),
        ("numbers = \"EVEN\"\nneed = 4", "4 of every even number on the ticket"),
        ("numbers = \"11, 1-9\"", "every number on the ticket that is one of 1-9, 11"),
        ("cells = [\"1:1\", \"3:9\"]", "the numbers in cells 1:1 3:9 (row:column; a blank counts for nothing)"),
        ("rows = [1]\nneed = 3\nplaces = 2", "3 of every number of the top row; 2 places"),
    ] {
        let set = PrizeSet::parse(&text(body), "f").unwrap();
        assert_eq!(set.prizes()[0].describe(), words, "{body}");
    }
}

/// `housie prizes` lists each set with how it opens, each prize in words and its picture.
#[test]
fn the_listing_shows_each_set_and_prize() {
    let uk = PrizeSet::shipped("uk").unwrap();
    let text = "name = \"s\"\nopens = \"together\"\n[[prize]]\nname = \"corners\"\npositions = [\"1:1\", \"1:5\", \"3:1\", \"3:5\"]\n";
    let corners = PrizeSet::parse(text, "f").unwrap();
    let listing = listing(&[uk, corners]);
    assert!(
        listing.starts_with(
            "uk (played in order, each when the one before is won)\n  one line          any one whole row\n"
        ),
        "{listing}"
    );
    assert!(
        listing.ends_with(
            "s (all open from the first call)\n  corners           the four corners (first and last numbers of the top and bottom rows)\n                      ● · · · ●\n                      · · · · ·\n                      ● · · · ●\n\n"
        ),
        "{listing}"
    );
}

/// Devanagari names line up by the columns a terminal gives them: every description starts
/// at the same display column, though `जल्दी फ़ाइव` has more characters than columns.
#[test]
fn the_listing_aligns_names_by_display_width() {
    let text = "name = \"दिवाली\"\nopens = \"together\"\n\
        [[prize]]\nname = \"जल्दी फ़ाइव\"\nany = 5\n\
        [[prize]]\nname = \"पहली लाइन\"\nrows = [1]\n\
        [[prize]]\nname = \"a long name for a prize\"\nrows = [2]\n";
    let listing = listing(&[PrizeSet::parse(text, "f").unwrap()]);
    let starts: Vec<usize> = listing
        .lines()
        .filter(|l| l.contains("any 5") || l.contains("row"))
        .map(|l| {
            let name_end = l.find("any 5").or_else(|| l.find("every")).unwrap_or(l.len());
            unicode_width::UnicodeWidthStr::width(&l[..name_end])
        })
        .collect();
    assert_eq!(starts.len(), 3, "{listing}");
    assert!(starts.iter().all(|&s| s == starts[0]), "{starts:?}\n{listing}");
    // The negative control: padding by characters, as before, puts them apart.
    let by_chars: Vec<usize> = ["जल्दी फ़ाइव", "पहली लाइन"]
        .iter()
        .map(|n| unicode_width::UnicodeWidthStr::width(format!("  {n:<18}").as_str()))
        .collect();
    assert_ne!(by_chars[0], by_chars[1]);
}

/// The one refusal of a set with a single prize whose body is `body`, or "ok".
fn one(body: &str) -> String {
    let text = format!("name = \"s\"\nopens = \"together\"\n[[prize]]\nname = \"p\"\n{body}\n");
    match PrizeSet::parse(&text, "f") {
        Ok(_) => "ok".into(),
        Err(e) => e.to_string(),
    }
}

/// Every check of a prize, at, below and above each of its limits.
#[test]
fn every_prize_check_at_its_limits() {
    let cases: &[(&str, &str)] = &[
        ("lines = 0", "f:5: prize `p`: lines: 0 lines: a ticket has 3 rows, so 1 to 3"),
        ("lines = 1", "ok"),
        ("lines = 3", "ok"),
        ("lines = 4", "f:5: prize `p`: lines: 4 lines: a ticket has 3 rows, so 1 to 3"),
        ("rows = [0]", "f:5: prize `p`: rows: row 0 is outside the ticket's rows 1–3"),
        ("rows = [1, 3]", "ok"),
        ("rows = [4]", "f:5: prize `p`: rows: row 4 is outside the ticket's rows 1–3"),
        ("rows = [2, 2]", "f:5: prize `p`: rows: row 2 is named twice"),
        ("any = 0", "f:5: prize `p`: any: any 0: a ticket has 15 numbers, so 1 to 15"),
        ("any = 1", "ok"),
        ("any = 15", "ok"),
        ("any = 16", "f:5: prize `p`: any: any 16: a ticket has 15 numbers, so 1 to 15"),
        ("values = \"1-90\"", "ok"),
        ("values = \"0-5\"", "f:5: prize `p`: values: 0-5 is outside the numbers 1–90"),
        ("values = \"1-91\"", "f:5: prize `p`: values: 1-91 is outside the numbers 1–90"),
        ("values = \"7-7\"", "ok"),
        ("values = \"8-7\"", "f:5: prize `p`: values: 8-7 runs backwards"),
        ("values = \"1to9\"", "f:5: prize `p`: values: `1to9` is not a range of values like \"1-30\""),
        ("values = \"a-9\"", "f:5: prize `p`: values: `a-9` is not a range of values like \"1-30\""),
        ("positions = [\"1:5\", \"3:1\"]", "ok"),
        (
            "positions = [\"1:6\"]",
            "f:5: prize `p`: positions: `1:6` is outside the ticket: rows 1–3, place in its row 1–5",
        ),
        (
            "positions = [\"0:1\"]",
            "f:5: prize `p`: positions: `0:1` is outside the ticket: rows 1–3, place in its row 1–5",
        ),
        (
            "positions = [\"4:1\"]",
            "f:5: prize `p`: positions: `4:1` is outside the ticket: rows 1–3, place in its row 1–5",
        ),
        (
            "positions = [\"1:0\"]",
            "f:5: prize `p`: positions: `1:0` is outside the ticket: rows 1–3, place in its row 1–5",
        ),
        ("positions = [\"1:1\", \"1:1\"]", "f:5: prize `p`: positions: `1:1` is named twice"),
        ("positions = [\"11\"]", "f:5: prize `p`: positions: `11` is not row:place like \"1:2\""),
        ("positions = []", "f:5: prize `p`: positions: an empty pattern: name at least one"),
        ("cells = [\"3:9\"]", "ok"),
        ("cells = [\"3:10\"]", "f:5: prize `p`: cells: `3:10` is outside the ticket: rows 1–3, column 1–9"),
        ("cells = [\"x:1\"]", "f:5: prize `p`: cells: `x:1` is not row:column like \"1:2\""),
        ("numbers = \"even\"", "ok"),
        ("numbers = \"1-9, 90\"\nneed = 4", "ok"),
        (
            "numbers = \"1-9, 90\"\nneed = 5",
            "f:6: prize `p`: need: 5 is not 1 to the 4 numbers its pattern can hold on a ticket",
        ),
        (
            "numbers = \"prime\"",
            "f:5: prize `p`: numbers: `prime` is not odd, even, or numbers and ranges like \"7, 11, 21-30\"",
        ),
        ("numbers = \"0-9\"", "f:5: prize `p`: numbers: 0-9 is outside the numbers 1–90"),
        ("numbers = \"1-5, 4\"", "f:5: prize `p`: numbers: 4 is named twice"),
        ("rows = [1]\nplaces = 0", "f:6: prize `p`: places: 0 places: a prize has 1 to 10 (1st, 2nd, …)"),
        ("rows = [1]\nplaces = 1", "ok"),
        ("rows = [1]\nplaces = 10", "ok"),
        ("rows = [1]\nplaces = 11", "f:6: prize `p`: places: 11 places: a prize has 1 to 10 (1st, 2nd, …)"),
        ("rows = [1]\nneed = 0", "f:6: prize `p`: need: 0 is not 1 to the 5 numbers its pattern can hold on a ticket"),
        ("rows = [1]\nneed = 1", "ok"),
        ("rows = [1]\nneed = 5", "ok"),
        ("rows = [1]\nneed = 6", "f:6: prize `p`: need: 6 is not 1 to the 5 numbers its pattern can hold on a ticket"),
        ("lines = 1\nneed = 1", "f:6: prize `p`: need: lines and any say how many already; leave need out"),
        ("any = 5\nneed = 1", "f:6: prize `p`: need: lines and any say how many already; leave need out"),
        ("rows = [1]\nany = 3", "f:6: prize `p`: any: give one pattern, not rows and any"),
        ("", "f:4: prize `p`: name: give the prize one pattern: lines, rows, positions, values, any, cells or numbers"),
        // Quoted keys are found on their own line, not at the table's.
        (
            "rows = [1]\n\"need\" = 9",
            "f:6: prize `p`: need: 9 is not 1 to the 5 numbers its pattern can hold on a ticket",
        ),
    ];
    for (body, expected) in cases {
        assert_eq!(one(body), *expected, "{body}");
    }
}

/// The set's own checks: names, how many prizes, unique prize names.
#[test]
fn every_set_check_at_its_limits() {
    let set = |name: &str, prizes: usize, prize_name: &dyn Fn(usize) -> String| {
        let mut text = format!("name = \"{name}\"\nopens = \"in order\"\n");
        for i in 0..prizes {
            text.push_str(&format!("[[prize]]\nname = \"{}\"\nany = 5\n", prize_name(i)));
        }
        match PrizeSet::parse(&text, "f") {
            Ok(set) => format!("ok {}", set.prizes().len()),
            Err(e) => e.to_string(),
        }
    };
    let numbered = |i: usize| format!("p{i}");
    assert_eq!(set("s", 24, &numbered), "ok 24");
    assert_eq!(set("s", 25, &numbered), "f:3: prize: a set has at most 24 prizes, this one 25");
    assert_eq!(set(&"n".repeat(40), 1, &numbered), "ok 1");
    assert_eq!(set(&"n".repeat(41), 1, &numbered), "f:1: name: a set needs a name of 1–40 characters");
    assert_eq!(set(" ", 1, &numbered), "f:1: name: a set needs a name of 1–40 characters");
    assert!(set("a\\u0007b", 1, &numbered).starts_with("f:1: name: the set's name "));
    assert_eq!(set("s", 1, &|_| "x".repeat(40)), "ok 1");
    assert_eq!(
        set("s", 1, &|_| "x".repeat(41)),
        "f:4: prize `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`: name: a prize needs a name of 1–40 characters"
    );
    assert_eq!(set("s", 1, &|_| " ".into()), "f:4: prize 1: name: a prize needs a name of 1–40 characters");
    assert!(set("s", 1, &|_| "a\\u0007".into()).starts_with("f:4: prize"));
    let twice = |i: usize| if i == 0 { "Line".to_string() } else { " line ".to_string() };
    assert_eq!(set("s", 2, &twice), "f:7: prize `line`: name: another prize of the set has this name");
    let set = PrizeSet::parse("name = \"s\"\nopens = \"together\"\n[[prize]]\nname = \"Top Line\"\nrows = [1]\n", "f")
        .unwrap();
    assert_eq!(set.find(" top line "), Some(0));
    assert_eq!(set.find("bottom line"), None);
}

/// A file up to 64 KiB (65,536 bytes, written out: the limit itself is under test) is read,
/// comments and all, and one byte more is refused by its size;
/// what is read is named as the set's name says, and each problem reads as its message.
#[test]
fn a_prize_file_is_read_up_to_its_limit() {
    let body = "name = \"fete\"\nopens = \"in order\"\n[[prize]]\nname = \"line\"\nlines = 1\n";
    let padded = |len: u64| format!("{body}{}\n", "#".repeat(len as usize - body.len() - 1));
    let world = crate::world::Files::default().with("fete.toml", padded(65_536)).with("big.toml", padded(65_537));
    let set = PrizeSet::load("fete.toml", &world).unwrap();
    assert_eq!((set.name(), set.prizes()[0].name()), ("fete", "line"));
    assert!(matches!(PrizeSet::load("big.toml", &world), Err(PrizeSetError::Read { .. })));
    assert!(matches!(PrizeSet::load("none.toml", &world), Err(PrizeSetError::Unknown(_))));
    let p = PrizeProblem { prize: Some(0), key: "need".into(), message: "too many".into() };
    assert_eq!(p.to_string(), "too many");
    assert_eq!(PrizeSet::shipped("uk").unwrap().name(), "uk");
}

/// Prizes written as inline tables are located too, and a prize's accessors give what was
/// written.
#[test]
fn inline_prizes_are_located_and_read_back() {
    let text = "name = \"s\"\nopens = \"together\"\nprize = [\n  { name = \"a\", rows = [1] },\n  { name = \"b\", rows = [9] },\n]\n";
    assert_eq!(
        PrizeSet::parse(text, "f").unwrap_err().to_string(),
        "f:5: prize `b`: rows: row 9 is outside the ticket's rows 1–3"
    );
    let set = PrizeSet::parse(&text.replace("[9]", "[2, 3] , need = 7, places = 2"), "f").unwrap();
    let b = &set.prizes()[1];
    assert_eq!((b.name(), b.need(), b.places(), b.pattern()), ("b", Some(7), 2, &Pattern::Rows(vec![1, 2])));
    assert_eq!(set.opens(), Opens::Together);
}

/// A jackpot is the jackpot at its last call within and the consolation one call later; it
/// says so when described, in the verdict, and reads back from its own TOML.
#[test]
fn a_jackpot_is_won_within_its_calls_else_the_consolation() {
    let set = PrizeSet::shipped("bingo-jackpot").unwrap();
    let blackout = &set.prizes()[1];
    assert_eq!((blackout.within(), blackout.jackpot(50), blackout.jackpot(51)), (Some(50), Some(true), Some(false)));
    assert_eq!(set.prizes()[0].jackpot(1), None);
    assert!(
        blackout.describe().ends_with("; the jackpot within 50 calls, else the consolation"),
        "{}",
        blackout.describe()
    );
    assert_eq!(PrizeSet::parse(&set.to_toml(), "x").unwrap(), set);
    let seventy_five =
        "name = \"s\"\ncard = \"75-ball\"\nopens = \"together\"\n[[prize]]\nname = \"p\"\nany = 24\nwithin = 76\n";
    let refused = PrizeSet::parse(seventy_five, "f").unwrap_err().to_string();
    assert_eq!(refused, "f:7: prize `p`: within: 76 calls: a jackpot is won within 1 to 75 calls");
    let cases: &[(&str, &str)] = &[
        ("lines = 1\nwithin = 1", "ok"),
        ("lines = 1\nwithin = 90", "ok"),
        ("lines = 1\nwithin = 0", "f:6: prize `p`: within: 0 calls: a jackpot is won within 1 to 90 calls"),
        ("lines = 1\nwithin = 91", "f:6: prize `p`: within: 91 calls: a jackpot is won within 1 to 90 calls"),
    ];
    for (body, want) in cases {
        assert_eq!(one(body), *want, "{body}");
    }
}

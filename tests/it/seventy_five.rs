//! 75-ball through the CLI: `generate --card 75-ball` draws sheets of faces that verify,
//! print B I N G O and each face's number, and `check` settles a line by a row, by the N
//! column through the free centre and by a diagonal; what does not fit is refused in words.

use crate::util::{page_text, tool, Dir};

/// The manifest's rows as (serial, the 25 cells in reading order, 0 for the free centre).
pub fn faces(d: &Dir, run: &str) -> Vec<(String, Vec<u8>)> {
    let text = d.read(&format!("{run}/manifest.csv"));
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let cells: Vec<String> = (1..=5).flat_map(|r| (1..=5).map(move |c| format!("r{r}c{c}"))).collect();
    assert_eq!(header, format!("serial,book,ticket,{},file,page,booklet,game", cells.join(",")));
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let cells = f[3..28].iter().map(|c| if c.is_empty() { 0 } else { c.parse().unwrap() }).collect();
            (f[0].to_string(), cells)
        })
        .collect()
}

/// The calls that cover `cells` (0-based reading order) of `face`, the free centre left out.
fn calls(face: &[u8], cells: &[usize]) -> String {
    cells.iter().map(|&i| face[i]).filter(|&n| n != 0).map(|n| n.to_string()).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_run_of_four_hundred_faces_verifies_and_every_face_is_its_own() {
    let d = Dir::new();
    let out = d.run(&["generate", "--card", "75-ball", "--on", "2", "--books", "200", "--seed", "faces", "--out", "r"]);
    let out = out.success();
    assert!(out.stderr().contains("200 sheets, 400 faces"), "{}", out.stderr());
    assert!(d.read("r/run.json").contains(r#""card_format": "75-ball 2-on""#));
    let faces = faces(&d, "r");
    assert_eq!(faces.len(), 400);
    let mut seen = std::collections::HashSet::new();
    for (serial, cells) in &faces {
        assert_eq!(cells[12], 0, "{serial}: the centre is free");
        for (i, &n) in cells.iter().enumerate().filter(|&(i, _)| i != 12) {
            let col = (i % 5) as u8;
            assert!((col * 15 + 1..=col * 15 + 15).contains(&n), "{serial}: {n} in column {col}");
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        assert!(seen.insert(sorted), "{serial}: a face twice");
    }
    let verify = d.run(&["verify", "r"]).success();
    assert!(verify.stdout().contains("valid: 200 sheets, 400 faces"), "{}", verify.stdout());
    // A face edited in the manifest is caught.
    let text = d.read("r/manifest.csv");
    let (a, b) = (faces[0].1[0], faces[0].1[5]);
    let edited = text.replacen(&format!(",{a},"), &format!(",{b},"), 1);
    std::fs::write(d.join("r/manifest.csv"), edited).unwrap();
    d.run(&["verify", "r"]).expect_code(1);
}

#[test]
fn check_settles_a_line_by_row_by_the_free_column_and_by_a_diagonal() {
    let d = Dir::new();
    d.run(&["generate", "--card", "75-ball", "--books", "2", "--seed", "lines", "--out", "r"]).success();
    let (serial, face) = faces(&d, "r").swap_remove(4);
    let row = [10, 11, 12, 13, 14];
    let n_column = [2, 7, 12, 17, 22];
    let diagonal = [0, 6, 12, 18, 24];
    for (what, cells) in [("row 3", &row), ("the N column", &n_column), ("a diagonal", &diagonal)] {
        let calls = calls(&face, cells);
        assert_eq!(calls.split(' ').count(), 4, "{what}: the free centre counts");
        let out = d.run(&["check", "r", "--serial", &serial, "--calls", &calls]).success();
        assert!(out.stdout().contains("STANDS: line completed by the last call"), "{what}: {}", out.stdout());
        assert!(out.stdout().contains("face 2, face number 5"), "{}", out.stdout());
    }
    // A false claim: three of a row's four are not a line.
    let short = calls(&face, &row[..4]);
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &short]).expect_code(1);
    assert!(out.stdout().contains("NOT COMPLETE"), "{}", out.stdout());
    // A line completed earlier is no claim now.
    let late = format!("{} {}", calls(&face, &diagonal), face[1]);
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &late]).expect_code(1);
    assert!(out.stdout().contains("line"), "{}", out.stdout());
    // Blackout within the bingo set; a 90-ball set is refused on 75-ball paper.
    let all = calls(&face, &(0..25).collect::<Vec<_>>());
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &all]).success();
    assert!(out.stdout().contains("blackout"), "{}", out.stdout());
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &all, "--prizes", "uk"]).expect_code(2);
    assert!(out.stderr().contains("a set of 90-ball prizes, and this run is of 75-ball cards"), "{}", out.stderr());
    // Calls are the card's: 76 is no 75-ball number. The jackpot set says which it is.
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &format!("{all} 76")]).expect_code(2);
    assert!(out.stderr().contains("--calls: call 25: 76 is not a bingo number (1–75)"), "{}", out.stderr());
    let out = d.run(&["check", "r", "--serial", &serial, "--calls", &all, "--prizes", "bingo-jackpot"]);
    assert!(out.success().stdout().contains("blackout, the JACKPOT (within 50 calls)"));
}

#[test]
fn a_look_or_sheet_that_does_not_print_the_card_is_refused_in_words() {
    let d = Dir::new();
    let out = d.run(&["generate", "--card", "75-ball", "--template", "classic", "--books", "1", "--out", "a"]);
    let out = out.expect_code(2);
    assert!(out.stderr().contains("the look `classic` prints 90-ball cards, not 75-ball"), "{}", out.stderr());
    let out = d.run(&["generate", "--card", "75-ball", "--on", "6", "--books", "1", "--out", "b"]).expect_code(2);
    assert!(out.stderr().contains("housie ships no look of 6 75-ball faces a sheet"), "{}", out.stderr());
    let out = d.run(&["generate", "--card", "75-ball", "--on", "5", "--books", "1", "--out", "b"]).expect_code(2);
    assert!(out.stderr().contains("a 75-ball sheet holds 1, 2, 3, 4 or 6 faces"), "{}", out.stderr());
    let out = d.run(&["generate", "--card", "90-ball", "--template", "bingo-3", "--books", "1", "--out", "c"]);
    assert!(out.expect_code(2).stderr().contains("prints 75-ball 3-on cards, not 90-ball"));
    let out = d.run(&["generate", "--template", "bingo-2", "--prizes", "tambola", "--books", "1", "--out", "e"]);
    assert!(out.expect_code(2).stderr().contains("a set of 90-ball prizes"));
    assert!(!d.join("a").exists() && !d.join("b").exists() && !d.join("c").exists() && !d.join("e").exists());
}

#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn the_page_shows_bingo_over_the_columns_and_each_faces_number() {
    let d = Dir::new();
    d.run(&["generate", "--card", "75-ball", "--on", "3", "--books", "2", "--seed", "print", "--out", "r"]).success();
    let Some(pdftotext) = tool("pdftotext") else { return };
    let faces = faces(&d, "r");
    for page in 1..=2 {
        let text = page_text(&pdftotext, &d.join("r/books.pdf").display().to_string(), page);
        let heads = text.lines().filter(|l| l.split_whitespace().collect::<Vec<_>>() == ["B", "I", "N", "G", "O"]);
        assert_eq!(heads.count(), 3, "page {page}: B I N G O over each face\n{text}");
        for (i, (serial, face)) in faces.iter().enumerate().skip((page - 1) * 3).take(3) {
            assert!(text.contains(serial.as_str()), "page {page}: {serial}\n{text}");
            // The free centre's row: the two numbers before it, the face number, the two after.
            let middle = format!("{} {} {} {} {}", face[10], face[11], i + 1, face[13], face[14]);
            let found = text.lines().any(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") == middle);
            assert!(found, "page {page}: `{middle}`\n{text}");
        }
    }
}

/// `--strips`: each sheet's three faces share no number (every B, I, G and O number, 12 N
/// numbers), recorded as such, verified, and kept by a top-up; on another sheet size, refused.
#[test]
fn strips_are_sheets_whose_faces_share_no_number() {
    let d = Dir::new();
    d.run(&["generate", "--card", "75-ball", "--strips", "--books", "40", "--seed", "strips", "--out", "r"]).success();
    assert!(d.read("r/run.json").contains(r#""card_format": "75-ball 3-on strips""#));
    let faces = faces(&d, "r");
    assert_eq!(faces.len(), 120);
    for sheet in faces.chunks(3) {
        let mut numbers: Vec<u8> = sheet.iter().flat_map(|(_, c)| c.iter().copied().filter(|&n| n != 0)).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), 72, "{}: a number twice on the sheet", sheet[0].0);
        assert_eq!(numbers.iter().filter(|&&n| !(31..=45).contains(&n)).count(), 60);
    }
    assert!(d.run(&["verify", "r"]).success().stdout().contains("valid: 40 sheets, 120 faces"));
    d.run(&["generate", "--after", "r", "--books", "5", "--out", "r2"]).success();
    assert!(d.read("r2/run.json").contains(r#""card_format": "75-ball 3-on strips""#), "a top-up of strips");
    let out = d.run(&["generate", "--card", "75-ball", "--strips", "--on", "2", "--books", "1", "--out", "x"]);
    assert!(out.expect_code(2).stderr().contains("strips are sheets of three 75-ball faces"));
}

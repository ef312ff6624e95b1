//! `verify`, `check` and `winners` from the outside: valid runs pass, every tampering and every
//! bad input is refused with a clear message and the documented exit code.

use std::fs;

use crate::util::{manifest_rows, Dir};

/// A small clean run in `o/`.
fn run() -> Dir {
    let d = Dir::new();
    d.run(&["generate", "--books", "8", "--seed", "audit", "--title", "Audit Night", "--out", "o", "-q"]).success();
    d
}

fn edit(d: &Dir, file: &str, f: impl FnOnce(String) -> String) {
    let path = d.join(file);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, f(text)).unwrap();
}

#[test]
fn a_clean_run_verifies() {
    let d = run();
    let out = d.run(&["verify", "o"]).success().stdout();
    assert!(out.starts_with("valid: 8 books, 48 tickets, 3 files"), "{out}");
    let out = d.run(&["verify", "--manifest-only", "o/manifest.csv"]).success().stdout();
    assert!(out.contains("valid: 48 tickets"), "{out}");
}

/// Swaps two numbers of one column between two tickets of a book: both stay valid tickets and
/// the book stays complete, so only the hashes and the regeneration can tell.
fn forge(text: &str) -> (String, String) {
    let rows = manifest_rows(text);
    let (a, b) = (&rows[0], &rows[1]);
    for col in 0..9 {
        for ra in 0..3 {
            for rb in 0..3 {
                let (x, y) = (a.cells[ra * 9 + col], b.cells[rb * 9 + col]);
                if x == 0 || y == 0 {
                    continue;
                }
                let mut ca = a.cells.clone();
                let mut cb = b.cells.clone();
                ca[ra * 9 + col] = y;
                cb[rb * 9 + col] = x;
                let ok = |c: &[u8]| {
                    let grid: Vec<Option<u8>> = c.iter().map(|&n| (n != 0).then_some(n)).collect();
                    housie_core::Ticket::from_cells(grid.try_into().unwrap()).is_ok()
                };
                if ok(&ca) && ok(&cb) {
                    let line = |r: &crate::util::Row, c: &[u8]| {
                        let cells: Vec<String> =
                            c.iter().map(|&n| if n == 0 { String::new() } else { n.to_string() }).collect();
                        let (serial, book) = (&r.serial, r.book); // a plain run: booklet = book, game 1
                        format!("{serial},{book},{},{},{},{},{book},1", r.ticket, cells.join(","), r.file, r.page)
                    };
                    let mut lines: Vec<String> = text.lines().map(String::from).collect();
                    lines[1] = line(a, &ca);
                    lines[2] = line(b, &cb);
                    return (lines.join("\n") + "\n", a.serial.clone());
                }
            }
        }
    }
    panic!("no forgeable pair in the first two tickets");
}

#[test]
fn a_forged_ticket_is_caught_by_verify_and_check() {
    let d = run();
    let (forged, serial) = forge(&d.read("o/manifest.csv"));
    fs::write(d.join("o/manifest.csv"), forged).unwrap();
    // The manifest on its own still looks fine: every rule holds.
    d.run(&["verify", "--manifest-only", "o/manifest.csv"]).success();
    let out = d.run(&["verify", "o"]).expect_code(1).stdout();
    assert!(out.contains("manifest.csv: SHA-256"), "{out}");
    assert!(out.contains("manifest.csv:2: differs from the regenerated manifest (forged or edited tickets)"), "{out}");
    assert!(out.contains("NOT VALID: 2 problems"), "{out}");
    let out = d.run(&["check", "o", "--serial", &serial, "--calls", "1 2 3"]).expect_code(1).stdout();
    assert!(out.contains("REFUSED: forged"), "{out}");
}

#[test]
fn verify_reports_every_problem_with_file_and_line() {
    let d = run();
    edit(&d, "o/manifest.csv", |t| {
        let mut lines: Vec<String> = t.lines().map(String::from).collect();
        // Line 3: a number in the wrong column; line 5: a bad check digit.
        lines[2] = lines[2].replacen(",,", ",5,", 1);
        let serial = lines[4].split(',').next().unwrap().to_string();
        let last = serial.chars().last().unwrap().to_digit(10).unwrap();
        let bad = format!("{}{}", &serial[..serial.len() - 1], (last + 1) % 10);
        lines[4] = lines[4].replacen(&serial, &bad, 1);
        lines.join("\n") + "\n"
    });
    let out = d.run(&["verify", "o"]).expect_code(1).stdout();
    assert!(out.contains("manifest.csv:3: ticket: row "), "{out}");
    assert!(out.contains("manifest.csv:5: serial: `"), "{out}");
    assert!(out.contains("fails its check digit"), "{out}");
    assert!(out.contains("book 1 has 4 ticket rows"), "{out}");
}

#[test]
fn missing_and_damaged_files_are_named() {
    let d = run();
    fs::remove_file(d.join("o/books.pdf")).unwrap();
    let out = d.run(&["verify", "o"]).expect_code(1).stdout();
    assert!(out.contains("books.pdf: No such file"), "{out}");
    assert!(out.contains("books.pdf: missing; the seed regenerates it"), "{out}");

    let d = run();
    let pdf = fs::read(d.join("o/books.pdf")).unwrap();
    fs::write(d.join("o/books.pdf"), &pdf[..pdf.len() / 2]).unwrap();
    let out = d.run(&["verify", "o"]).expect_code(1).stdout();
    assert!(out.contains("books.pdf: SHA-256"), "{out}");

    let d = run();
    fs::remove_file(d.join("o/run.json")).unwrap();
    let err = d.run(&["verify", "o"]).expect_code(2).stderr();
    assert!(err.starts_with("housie: o: incomplete: the run's files are here but not its run.json"), "{err}");
}

#[test]
fn bad_run_records_are_refused_with_one_message() {
    let d = run();
    edit(&d, "o/run.json", |t| {
        t.replace(&format!("\"housie\": \"{}\"", env!("CARGO_PKG_VERSION")), "\"housie\": \"0.0.1\"")
    });
    let err = d.run(&["verify", "o"]).expect_code(2).stderr();
    assert!(err.contains("written by housie 0.0.1, this is housie"), "{err}");

    let d = run();
    edit(&d, "o/run.json", |t| t.lines().filter(|l| !l.contains("\"seed\"")).collect::<Vec<_>>().join("\n"));
    let err = d.run(&["verify", "o"]).expect_code(2).stderr();
    assert!(err.contains("run.json:") && err.contains("missing field `seed`"), "{err}");

    let d = run();
    fs::write(d.join("o/run.json"), b"{\"housie\": \"\xff\"}").unwrap();
    let err = d.run(&["verify", "o"]).expect_code(2).stderr();
    assert!(err.contains("not UTF-8"), "{err}");
}

#[test]
fn bad_manifests_are_refused_with_one_message_each() {
    type Mutate = Box<dyn Fn(String) -> Vec<u8>>;
    let cases: Vec<(&str, Mutate, &str)> = vec![
        (
            "wrong header",
            Box::new(|t: String| t.replacen("serial,book", "id,book", 1).into_bytes()),
            "manifest.csv:1: header: expected",
        ),
        ("truncated", Box::new(|t: String| t.as_bytes()[..t.len() / 3].to_vec()), "manifest.csv:"),
        (
            "non-UTF-8",
            Box::new(|t: String| {
                let mut b = t.into_bytes();
                let i = b.iter().position(|&c| c == b'\n').unwrap() + 3;
                b[i] = 0xff;
                b
            }),
            "manifest.csv:2: serial: is not valid UTF-8",
        ),
        ("empty", Box::new(|_| Vec::new()), "is empty"),
    ];
    for (what, mutate, message) in cases {
        let d = run();
        let text = d.read("o/manifest.csv");
        fs::write(d.join("o/manifest.csv"), mutate(text)).unwrap();
        let out = d.run(&["verify", "--manifest-only", "o/manifest.csv"]).expect_code(1).stdout();
        assert!(out.contains(message), "{what}: {message:?} not in\n{out}");
        let check = d.run(&["check", "o", "--serial", "000001-1-7", "--calls", "1"]);
        assert_eq!(check.code(), 2, "{what}: check refuses a damaged manifest\n{}", check.stderr());
    }
}

#[test]
fn check_refuses_bad_serials_unsold_tickets_and_bad_calls() {
    let d = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let good = rows[9].serial.clone();
    let mut typo = good.clone().into_bytes();
    typo[4] = if typo[4] == b'0' { b'1' } else { b'0' };
    let typo = String::from_utf8(typo).unwrap();
    let err = d.run(&["check", "o", "--serial", &typo, "--calls", "1"]).expect_code(2).stderr();
    assert!(err.contains("fails its check digit") && err.contains(&format!("did you mean {good}")), "{err}");
    assert!(d
        .run(&["check", "o", "--serial", "12-x", "--calls", "1"])
        .expect_code(2)
        .stderr()
        .contains("is not a serial"));
    let out = d.run(&["check", "o", "--serial", &good, "--calls", "1", "--sold", "3-8"]).expect_code(1).stdout();
    assert!(out.contains("REFUSED: book 2 is not in play in this game (books 3-8)"), "{out}");
    let not_here = housie_core::Serial::new(99, 1).unwrap().to_string();
    assert!(d
        .run(&["check", "o", "--serial", &not_here, "--calls", "1"])
        .expect_code(1)
        .stdout()
        .contains("NOT IN THIS RUN"));
    let err = d.run(&["check", "o", "--serial", &good, "--calls", "5 17, 5"]).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: --calls: call 3: 5 was already called (call 1)");
    let err = d.run(&["check", "o", "--serial", &good, "--calls", "5 91"]).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: --calls: call 2: 91 is not a bingo number (1–90)");
    fs::write(d.join("calls.txt"), "5 6\n7, 0\n").unwrap();
    let err = d.run(&["check", "o", "--serial", &good, "--calls-file", "calls.txt"]).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: calls.txt:2: call 4: 0 is not a bingo number (1–90)");
    let err = d.run(&["check", "o", "--serial", &good, "--calls", "1", "--sold", "9-3"]).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: --sold: 9-3 runs backwards");
    let err = d.run(&["check", "o", "--serial", &good, "--calls", "1", "--sold", "60-70"]).expect_code(2).stderr();
    assert_eq!(err.trim(), "housie: --sold: 60-70 is outside this run's books 1-8");
}

#[test]
fn a_claim_valid_at_call_40_is_not_valid_at_call_41() {
    let d = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let t = &rows[0];
    let line = t.row(1);
    let others: Vec<u8> = (1..=90).filter(|n| !t.cells.contains(n)).collect();
    let mut calls: Vec<String> = others[..35].iter().map(u8::to_string).collect();
    calls.extend(line.iter().map(u8::to_string));
    let at40 = calls.join(" ");
    let out = d.run(&["check", "o", "--serial", &t.serial, "--calls", &at40]).success().stdout();
    assert!(out.contains("40 calls, the last"), "{out}");
    assert!(out.contains(&format!("one line     complete at call 40 ({}): VALID CLAIM", line[4])), "{out}");
    let at41 = format!("{at40} {}", others[35]);
    let out = d.run(&["check", "o", "--serial", &t.serial, "--calls", &at41]).expect_code(1).stdout();
    assert!(out.contains("complete at call 40") && out.contains("claim not valid now (the last call is 41)"), "{out}");
    assert!(out.contains(&format!("[{:>2}]", line[0])), "called numbers are marked:\n{out}");
}

#[test]
fn tambola_prizes_are_checked_too() {
    let d = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    let t = &rows[3];
    let (top, bottom) = (t.row(0), t.row(2));
    let corners = format!("{} {} {} {}", top[0], top[4], bottom[0], bottom[4]);
    let out =
        d.run(&["check", "o", "--serial", &t.serial, "--calls", &corners, "--prizes", "tambola"]).success().stdout();
    assert!(out.contains("four corners complete at call 4"), "{out}");
    assert!(out.contains("early five   not complete") && out.contains("top line     not complete"), "{out}");
}

#[test]
fn winners_shows_ties() {
    let d = run();
    let rows = manifest_rows(&d.read("o/manifest.csv"));
    // Two tickets in different books whose lines share their last number: calling the rest of
    // both lines, then that number, completes both at once.
    let (a, b, shared) = rows
        .iter()
        .flat_map(|a| rows.iter().map(move |b| (a, b)))
        .filter(|(a, b)| a.book < b.book)
        .find_map(|(a, b)| {
            let (la, lb) = (a.row(0), b.row(0));
            la.iter().find(|n| lb.contains(n)).map(|&n| (a, b, n))
        })
        .expect("some top lines share a number");
    let mut calls: Vec<u8> = a.row(0).into_iter().chain(b.row(0)).filter(|&n| n != shared).collect();
    calls.push(shared);
    let text: Vec<String> = calls.iter().map(u8::to_string).collect();
    let out = d.run(&["winners", "o", "--calls", &text.join(" ")]).success().stdout();
    let want = format!("one line     won at call {} ({shared}) by ", calls.len());
    let line = out.lines().find(|l| l.contains("one line")).unwrap();
    assert!(line.trim_start().starts_with(want.trim_start()), "{out}");
    assert!(line.contains(&a.serial) && line.contains(&b.serial), "both tied winners shown:\n{out}");
    assert!(out.contains("full house   not won yet"), "{out}");
}

#[test]
fn help_documents_the_exit_codes() {
    let d = Dir::new();
    for cmd in ["verify", "check"] {
        let out = d.run(&[cmd, "--help"]).success().stdout();
        assert!(out.contains("Exit status: 0"), "{cmd} --help:\n{out}");
    }
}

/// `winners` reads a manifest in pieces, on every core at once, and merges what each shows:
/// a run of 300 books is cut into several pieces, and what it says must be what one pass over
/// the rows says. The one-line winners are worked out here from the manifest; a forged book far
/// into the file is found; a manifest with quoted fields (whose lines need not start rows) and
/// a broken row on a late line are read in one pass, the row located by its line.
#[test]
fn winners_read_in_pieces_says_what_one_pass_says() {
    let d = Dir::new();
    d.run(&["generate", "--books", "300", "--seed", "pieces", "--out", "o", "-q"]).success();
    let text = d.read("o/manifest.csv");
    let rows = manifest_rows(&text);
    // 40 different numbers: 37 and 90 share no factor.
    let calls: Vec<u8> = (0..40u32).map(|i| (i * 37 % 90 + 1) as u8).collect();
    let list: Vec<String> = calls.iter().map(u8::to_string).collect();
    let list = list.join(" ");
    let at = |n: u8| calls.iter().position(|&c| c == n).map(|i| i + 1);
    let line_at = |r: &crate::util::Row| {
        (0..3).filter_map(|l| r.row(l).iter().map(|&n| at(n)).collect::<Option<Vec<_>>>()?.into_iter().max()).min()
    };
    let first = rows.iter().filter_map(line_at).min().expect("a line is done in 40 calls");
    let winners: Vec<&str> = rows.iter().filter(|r| line_at(r) == Some(first)).map(|r| r.serial.as_str()).collect();
    let want = format!("  one line     won at call {first} ({}) by {}", calls[first - 1], winners.join(", "));
    let out = d.run(&["winners", "o", "--calls", &list]).success().stdout();
    assert!(out.starts_with("40 calls over 1800 tickets (uk)\n"), "{out}");
    assert!(out.lines().any(|l| l == want), "want `{want}`:\n{out}");
    // Four corners (tambola): the ends of the top and bottom lines, tied on tickets far apart.
    let corners_at = |r: &crate::util::Row| {
        let (top, bottom) = (r.row(0), r.row(2));
        [top[0], top[4], bottom[0], bottom[4]].iter().map(|&n| at(n)).collect::<Option<Vec<_>>>()?.into_iter().max()
    };
    let first = rows.iter().filter_map(corners_at).min().expect("corners are done in 40 calls");
    let winners: Vec<&str> = rows.iter().filter(|r| corners_at(r) == Some(first)).map(|r| r.serial.as_str()).collect();
    assert!(winners.len() > 1, "the seed gives a tie: {winners:?}");
    let corners = format!("  four corners won at call {first} ({}) by {}", calls[first - 1], winners.join(", "));
    let tambola = d.run(&["winners", "o", "--calls", &list, "--prizes", "tambola"]).success().stdout();
    assert!(tambola.lines().any(|l| l == corners), "want `{corners}`:\n{tambola}");

    // A manifest on its own (no run.json, so no size to keep), and again with every field of
    // its file column quoted: the same rows, the second time read in one pass.
    fs::create_dir(d.join("m")).unwrap();
    fs::write(d.join("m/manifest.csv"), &text).unwrap();
    let alone = d.run(&["winners", "m", "--calls", &list]).success().stdout();
    assert!(alone.lines().any(|l| l == want), "want `{want}`:\n{alone}");
    let quoted: String = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut f: Vec<String> = line.split(',').map(str::to_string).collect();
            if i > 0 {
                f[30] = format!("\"{}\"", f[30]);
            }
            f.join(",") + "\n"
        })
        .collect();
    fs::write(d.join("m/manifest.csv"), &quoted).unwrap();
    assert_eq!(d.run(&["winners", "m", "--calls", &list]).success().stdout(), alone);

    // Book 280's first two tickets swap numbers: both rows are valid tickets, neither is drawn.
    let mut lines: Vec<Vec<String>> = text.lines().map(|l| l.split(',').map(str::to_string).collect()).collect();
    let (a, b) = (279 * 6 + 1, 279 * 6 + 2);
    let (first, second) = lines.split_at_mut(b);
    first[a][3..30].swap_with_slice(&mut second[0][3..30]);
    let joined = |lines: &[Vec<String>]| lines.iter().map(|l| l.join(",") + "\n").collect::<String>();
    fs::write(d.join("o/manifest.csv"), joined(&lines)).unwrap();
    // Only the winners are re-drawn. Called first, the first ticket's numbers make it win every
    // prize: forged, it is left out, and so is the second, whose numbers are called next and
    // which would win in its place; the next genuine tickets win instead.
    let numbers = |l: &Vec<String>| l[3..30].iter().filter(|n| !n.is_empty()).cloned().collect::<Vec<_>>();
    let forged_first: Vec<String> = [numbers(&lines[a]), numbers(&lines[b])].concat();
    let out = d.run(&["winners", "o", "--calls", &forged_first.join(" ")]).expect_code(1).stdout();
    assert!(out.starts_with("30 calls over 1798 tickets (uk)\n"), "{out}");
    let forged =
        format!("ticket(s) whose manifest numbers are not the ones the seed drew: {}, {}", lines[a][0], lines[b][0]);
    assert!(out.contains(&forged), "{out}");
    let named: Vec<&str> = out.lines().skip(2).collect();
    assert!(named.iter().all(|l| !l.contains(&lines[a][0]) && !l.contains(&lines[b][0])), "{out}");
    // Control: calls the forged tickets do not win are answered without them being looked at.
    let out = d.run(&["winners", "o", "--calls", "1 2 3"]).success().stdout();
    assert!(out.starts_with("3 calls over 1800 tickets (uk)\n"), "{out}");

    // A number that is not one, on line 1500 (row 1499), keeping the file's size.
    let cell = (3..30).find(|&c| !lines[1499][c].is_empty()).unwrap();
    lines[1499][cell] = "x".repeat(lines[1499][cell].len());
    fs::write(d.join("o/manifest.csv"), joined(&lines)).unwrap();
    let err = d.run(&["winners", "o", "--calls", &list]).expect_code(2).stderr();
    assert!(err.contains("manifest.csv:1500: r"), "{err}");
    assert!(err.contains("` is not a number"), "{err}");
}

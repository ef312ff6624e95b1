//! The README says what housie does: its serials pass their check digit, its list of shipped
//! templates is housie's, and its commands run and print what it shows.

use std::collections::BTreeSet;

use housie_core::domain::Numbering;

const README: &str = include_str!("../../README.md");

/// The README and the documents it sends readers to, in reading order: their examples are run
/// one after the other in one folder, as a reader would type them.
const DOCS: [(&str, &str); 6] = [
    ("README.md", README),
    ("docs/manual.md", include_str!("../../docs/manual.md")),
    ("docs/studio.md", include_str!("../../docs/studio.md")),
    ("docs/night.md", include_str!("../../docs/night.md")),
    ("docs/algorithm.md", include_str!("../../docs/algorithm.md")),
    ("docs/development.md", include_str!("../../docs/development.md")),
];

/// Every serial-shaped word of a text: BOOK-TICKET-CHECK or BOOKLET-GAME-TICKET-CHECK.
fn serials(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for word in text.split(|c: char| !(c.is_ascii_digit() || c == '-')) {
        let parts: Vec<&str> = word.split('-').collect();
        let digits = parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        if digits && (parts.len() == 3 || parts.len() == 4) && parts[0].len() >= 6 {
            found.insert(word.to_string());
        }
    }
    found
}

/// Whether a serial passes its check digit, read as a book serial or a booklet serial.
fn passes(serial: &str) -> bool {
    let numbering = match serial.matches('-').count() {
        2 => Numbering::BOOKS,
        _ => Numbering::booklets(99).unwrap(),
    };
    numbering.parse(serial).is_ok()
}

#[test]
fn every_serial_in_the_readme_and_the_help_passes_its_check_digit() {
    let mut texts: Vec<(String, String)> = DOCS.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    for command in [
        "generate", "verify", "check", "winners", "serve", "night", "cashup", "export", "draws", "plan", "prizes",
        "rng-dump", "studio",
    ] {
        let help = crate::util::Dir::new().run(&[command, "--help"]).success().stdout();
        texts.push((format!("housie {command} --help"), help));
    }
    texts.push(("the desk".into(), include_str!("../../crates/housie-web/src/web/assets/desk.html").into()));
    texts.push(("the player page".into(), include_str!("../../crates/housie-web/src/web/assets/play.html").into()));
    let mut checked = 0;
    for (name, text) in &texts {
        for serial in serials(text) {
            assert!(passes(&serial), "{name}: {serial} fails its check digit");
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} serials found: is the search broken?");
    // Control: the examples the README once had are caught.
    for wrong in ["000123-4-7", "000123-3-4-1", "000123-10-4-2"] {
        assert_eq!(serials(&format!("see {wrong}.")).len(), 1);
        assert!(!passes(wrong), "{wrong}");
    }
}

#[test]
fn the_readme_lists_the_shipped_templates_as_housie_does() {
    let manual = DOCS[1].1;
    let start = manual.find("<!-- shipped templates:").expect("the README marks its template table");
    let start = start + manual[start..].find("-->\n").unwrap() + 4;
    let end = manual.find("<!-- end of shipped templates -->").unwrap();
    assert_eq!(manual[start..end], housie_core::print::template::shipped_table());
    // The files in templates/ are the shipped ones.
    let mut files: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/housie-core/templates"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".toml").to_string())
            .collect();
    files.sort();
    let mut shipped: Vec<String> = housie_core::print::template::BUILTIN.iter().map(|(n, _)| n.to_string()).collect();
    shipped.sort();
    assert_eq!(files, shipped);
}

/// One command the README shows: the command line, the output shown under it (text blocks),
/// and whether a comment says it runs on other files than the README's (then only its running
/// is checked).
#[derive(Debug)]
struct Shown {
    file: &'static str,
    line: usize,
    command: String,
    output: Option<Vec<String>>,
}

/// The commands of the README's ```sh and ```text blocks: every line of a sh block, every
/// `$ ` line of a text block with the lines under it as its output.
fn shown_commands() -> Vec<Shown> {
    DOCS.iter().flat_map(|(file, text)| shown_in(file, text)).collect()
}

fn shown_in(file: &'static str, text: &'static str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut block: Option<&str> = None;
    // Where the current block began: a command's output is the rest of its own block.
    let mut block_start = 0;
    for (i, line) in text.lines().enumerate() {
        if let Some(kind) = line.strip_prefix("```") {
            block = match block {
                None => Some(kind),
                Some(_) => None,
            };
            block_start = i + 1;
            continue;
        }
        match block {
            Some("sh") if !line.trim().is_empty() => {
                let command = line.split(" #").next().unwrap().trim();
                shown.push(Shown { file, line: i + 1, command: command.to_string(), output: None });
            }
            Some("text") => {
                if let Some(command) = line.strip_prefix("$ ") {
                    let (command, comment) = match command.split_once(" #") {
                        Some((c, _)) => (c.trim(), true),
                        None => (command.trim(), false),
                    };
                    let output = (!comment).then(Vec::new);
                    shown.push(Shown { file, line: i + 1, command: command.to_string(), output });
                } else if let Some(last) = shown.last_mut().filter(|s| s.line > block_start) {
                    if let Some(output) = &mut last.output {
                        output.push(line.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    // Lines of text blocks that do not follow a command are not outputs.
    shown
}

/// Why a command the README shows is not run here, if it is not.
fn not_run(command: &str) -> Option<&'static str> {
    if command.contains('…') {
        Some("it holds a placeholder (a token or a seed the reader has)")
    } else if command.starts_with("housie serve") {
        Some("it serves until stopped; tests/it/serving.rs starts it")
    } else if command.starts_with("housie studio") {
        Some("it serves until stopped; tests/it/studio_browser.rs starts it")
    } else if command.starts_with("housie night") {
        Some("it needs a night played; tests/it/night_cli.rs checks its output")
    } else if command.starts_with("housie cashup") {
        Some("it needs a night with money; tests/it/night_money.rs checks its output")
    } else if command == "cargo test" {
        Some("it is this test run")
    } else if command.contains("sh.rustup.rs") || command.starts_with("cargo install") {
        Some("it installs Rust or housie on the reader's machine")
    } else if !command.starts_with("housie ") && !command.starts_with("cat ") {
        Some("it is not housie")
    } else {
        None
    }
}

/// Whether `got` is what the README shows: line by line, a shown line ending in `…` matching
/// any line that starts with what comes before it.
fn same(shown: &[String], got: &str) -> bool {
    let got: Vec<&str> = got.lines().collect();
    got.len() == shown.len()
        && shown.iter().zip(&got).all(|(s, g)| match s.strip_suffix('…') {
            Some(prefix) => g.starts_with(prefix),
            None => s == g,
        })
}

#[test]
fn every_command_the_readme_shows_runs_and_prints_what_it_shows() {
    let d = crate::util::Dir::new();
    // The README's logo example names the picture in docs/.
    std::fs::create_dir(d.join("docs")).unwrap();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/logo-example.png"), d.join("docs/logo-example.png"))
        .unwrap();
    let bin = assert_cmd::cargo::cargo_bin("housie");
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let mut ran = 0;
    let mut skipped = Vec::new();
    for shown in shown_commands() {
        let command = shown.command.replace("cargo run --release -- ", "housie ");
        if let Some(why) = not_run(&command) {
            skipped.push(format!("{}:{}: `{command}`: {why}", shown.file, shown.line));
            continue;
        }
        if let Some(file) = command.strip_prefix("cat ") {
            // `$ cat FILE` shows a file the next commands read: write it.
            let text = shown.output.as_ref().expect("a cat shows the file").join("\n") + "\n";
            std::fs::write(d.join(file), text).unwrap();
            continue;
        }
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(d.path())
            .env("PATH", &path)
            .env("SOURCE_DATE_EPOCH", "1795000000")
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        ran += 1;
        match &shown.output {
            Some(lines) if !lines.is_empty() => {
                let got = format!("{stdout}{stderr}");
                let got: String =
                    got.lines().filter(|l| !l.starts_with("housie: note:")).collect::<Vec<_>>().join("\n");
                assert!(
                    same(lines, &got),
                    "{}:{}: `{command}` prints\n{got}\nbut it shows\n{}",
                    shown.file,
                    shown.line,
                    lines.join("\n")
                );
            }
            _ => assert!(
                out.status.code() != Some(2) && out.status.code().is_some(),
                "{}:{}: `{command}` failed ({:?}): {stderr}",
                shown.file,
                shown.line,
                out.status
            ),
        }
    }
    eprintln!("README commands: {ran} run, {} not run:\n{}", skipped.len(), skipped.join("\n"));
    assert!(ran >= 8, "only {ran} README commands ran: is the reading broken?");
    assert!(skipped.len() <= 16, "{} README commands are not run:\n{}", skipped.len(), skipped.join("\n"));
}

//! Test harness: runs the binary in a scratch folder and explains failures.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// A scratch folder, removed when dropped.
pub struct Dir {
    pub tmp: tempfile::TempDir,
}

impl Dir {
    pub fn new() -> Dir {
        Dir { tmp: tempfile::tempdir().expect("temp dir") }
    }

    pub fn path(&self) -> &Path {
        self.tmp.path()
    }

    pub fn join(&self, p: &str) -> PathBuf {
        self.tmp.path().join(p)
    }

    /// Runs `housie ARGS` with the scratch folder as working directory.
    pub fn run(&self, args: &[&str]) -> Run {
        // A fixed run date, so that files compare across runs (a test unsets it to see the clock).
        let output = Command::cargo_bin("housie")
            .unwrap()
            .current_dir(self.path())
            .env("SOURCE_DATE_EPOCH", "1795000000")
            .args(args)
            .output()
            .unwrap();
        Run { args: args.iter().map(|s| s.to_string()).collect(), output, dir: self.path().to_path_buf() }
    }

    pub fn read(&self, p: &str) -> String {
        std::fs::read_to_string(self.join(p)).unwrap_or_else(|e| panic!("{p}: {e}\n{}", listing(self.path())))
    }
}

pub struct Run {
    pub args: Vec<String>,
    pub output: Output,
    pub dir: PathBuf,
}

impl Run {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    pub fn code(&self) -> i32 {
        self.output.status.code().unwrap_or(-1)
    }

    fn explain(&self) -> String {
        format!(
            "housie {}\nexit: {:?}\n--- stdout\n{}\n--- stderr\n{}\n--- folder\n{}",
            self.args.join(" "),
            self.output.status.code(),
            self.stdout(),
            self.stderr(),
            listing(&self.dir)
        )
    }

    /// Asserts the exit code, printing everything useful when it differs.
    pub fn expect_code(self, code: i32) -> Run {
        assert_eq!(self.code(), code, "{}", self.explain());
        self
    }

    pub fn success(self) -> Run {
        self.expect_code(0)
    }
}

/// Every file under a folder, with sizes.
pub fn listing(dir: &Path) -> String {
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<String>) {
        if let Ok(rd) = std::fs::read_dir(dir) {
            let mut entries: Vec<_> = rd.flatten().collect();
            entries.sort_by_key(|e| e.path());
            for e in entries {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(format!("{} ({} bytes)", p.display(), e.metadata().map(|m| m.len()).unwrap_or(0)));
                }
            }
        }
    }
    walk(dir, &mut out);
    out.join("\n")
}

/// Generates `books` books with `template` and a 3 mm bleed into `o`, and opens page 1 of the PDF.
pub fn first_page(d: &Dir, template: &str, books: &str, seed: &str) -> (lopdf::Document, lopdf::ObjectId) {
    let args =
        ["generate", "--books", books, "--seed", seed, "--template", template, "--bleed", "3", "--out", "o", "-q"];
    d.run(&args).success();
    let doc = lopdf::Document::load(d.join("o/books.pdf")).unwrap();
    let (_, id) = doc.get_pages().into_iter().next().unwrap();
    (doc, id)
}

/// Visible files in a folder, by name (not housie's hidden `.housie.lock` and temporaries).
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = all_names(dir).into_iter().filter(|n| !n.starts_with('.')).collect();
    v.sort();
    v
}

/// Every file in a folder, hidden ones too, by name.
pub fn all_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// A manifest row: serial, book, ticket, the 27 cells (0 for blank), file, page, booklet, game.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub serial: String,
    pub book: u64,
    pub ticket: u8,
    pub cells: Vec<u8>,
    pub file: String,
    pub page: u64,
    pub booklet: u64,
    pub game: u16,
}

impl Row {
    /// The numbers of 0-based row `r`, left to right.
    pub fn row(&self, r: usize) -> Vec<u8> {
        self.cells[r * 9..(r + 1) * 9].iter().copied().filter(|&n| n != 0).collect()
    }
}

/// A manifest's rows, of any card: as many cells as its header names (27, or a 75-ball face's 25).
pub fn manifest_rows(text: &str) -> Vec<Row> {
    let cells = text.lines().next().map_or(27, |header| header.split(',').count() - 7);
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let at = 3 + cells;
            Row {
                serial: f[0].to_string(),
                book: f[1].parse().unwrap(),
                ticket: f[2].parse().unwrap(),
                cells: f[3..at].iter().map(|c| if c.is_empty() { 0 } else { c.parse().unwrap() }).collect(),
                file: f[at].to_string(),
                page: f[at + 1].parse().unwrap(),
                booklet: f[at + 2].parse().unwrap(),
                game: f[at + 3].parse().unwrap(),
            }
        })
        .collect()
}

/// What `.ci/run` installs for the tests that need external tools.
const INSTALL: &str =
    "apt-get install poppler-utils qpdf ghostscript zbar-tools chromium chromium-driver fonts-dejavu-core nodejs npm python3 dieharder libharfbuzz-bin fonts-noto-core tesseract-ocr tesseract-ocr-hin";

/// The path of an external tool, or `None` (with a printed reason) when it is absent and
/// `HOUSIE_REQUIRE_TOOLS` is not set; with it set (as in CI), absence fails the test.
pub fn tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|p| p.join(name)).find(|p| p.is_file()));
    if found.is_none() {
        if std::env::var("HOUSIE_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
            panic!("{name} is not installed and HOUSIE_REQUIRE_TOOLS=1 ({INSTALL})");
        }
        eprintln!("skipping: {name} is not installed ({INSTALL})");
    }
    found
}

/// A file an external package installs (a font, say), with the same rule as [`tool`]: absent,
/// the test skips with a reason, or fails under `HOUSIE_REQUIRE_TOOLS=1`.
pub fn package_file(path: &str, package: &str) -> Option<PathBuf> {
    let p = PathBuf::from(path);
    if p.is_file() {
        return Some(p);
    }
    if std::env::var("HOUSIE_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{path} is missing and HOUSIE_REQUIRE_TOOLS=1 (apt-get install {package})");
    }
    eprintln!("skipping: {path} is missing (apt-get install {package})");
    None
}

/// Runs a tool, returning (exit code, stdout, stderr).
pub fn run_tool(path: &Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(path).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Page `page` of `pdf` as pdftotext lays it out (`-layout`); pdftotext must succeed.
pub fn page_text(pdftotext: &Path, pdf: &str, page: usize) -> String {
    let p = page.to_string();
    let (code, text, err) = run_tool(pdftotext, &["-layout", "-f", &p, "-l", &p, pdf, "-"]);
    assert_eq!(code, 0, "pdftotext {pdf}: {err}");
    text
}

/// A box (`MediaBox`, `CropBox` …) of the first page, its own or inherited from the page tree,
/// in points.
pub fn first_page_box(doc: &lopdf::Document, name: &str) -> [f32; 4] {
    let mut node = doc.page_iter().next().unwrap();
    loop {
        let dict = doc.get_dictionary(node).unwrap();
        if let Ok(b) = dict.get(name.as_bytes()) {
            let v: Vec<f32> =
                doc.dereference(b).unwrap().1.as_array().unwrap().iter().map(|v| v.as_float().unwrap()).collect();
            return [v[0], v[1], v[2], v[3]];
        }
        node = dict.get(b"Parent").unwrap().as_reference().unwrap();
    }
}

/// A box (`MediaBox`, `TrimBox` …) of the page or page tree `id`, in points.
pub fn pdf_box(doc: &lopdf::Document, id: lopdf::ObjectId, name: &str) -> Vec<f32> {
    let entry = doc.get_dictionary(id).unwrap().get(name.as_bytes()).unwrap();
    // From housie 0.11 every page names one shared array for its trim and bleed boxes.
    let array = doc.dereference(entry).unwrap().1.as_array().unwrap();
    array.iter().map(|v| v.as_float().unwrap()).collect()
}

/// The address the tests' runs of a link-printing template (`phone`) give `--player-url`.
pub const PLAYER_URL: &str = "http://192.168.1.20:8080";

/// `--player-url PLAYER_URL` for a template whose QR codes link to the player page (which
/// generate refuses without one), else nothing.
/// The shipped templates that print a code on every ticket (all but `twenty-four` and the
/// slips, whose serial lines have no room for one that reads a page at a time: their
/// templates say why).
pub fn coded_templates() -> Vec<&'static str> {
    use housie_core::print::template::{Barcode, Template, BUILTIN};
    let coded: Vec<&str> = BUILTIN
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| Template::shipped(name).unwrap().ticket().barcode != Barcode::None)
        .collect();
    assert_eq!(BUILTIN.len() - coded.len(), 3, "only twenty-four and the slips print no code");
    coded
}

/// Whether a shipped template's codes are QR codes (else Code 128).
pub fn prints_qr(template: &str) -> bool {
    use housie_core::print::template::{Barcode, Template};
    Template::shipped(template).unwrap().ticket().barcode == Barcode::Qr
}

pub fn player_url_args(template: &str) -> Vec<&'static str> {
    use housie_core::print::template::{Barcode, QrHolds, Template};
    let t = Template::load(template, &housie_files::read::Disk).unwrap();
    if t.ticket().barcode == Barcode::Qr && t.ticket().qr.holds == QrHolds::Link {
        vec!["--player-url", PLAYER_URL]
    } else {
        Vec::new()
    }
}

/// The plan of a run of `settings` drawn from `seed`, on the tests' date, its files read from
/// the disk.
pub fn plan(seed: &str, settings: housie_core::Settings) -> housie_core::GeneratePlan {
    let date = housie_core::support::date::RunDate::from_unix(1_795_000_000).unwrap();
    housie_core::GeneratePlan::resolve(
        housie_core::Seed::from_text(seed),
        settings,
        None,
        date,
        &housie_files::read::Disk,
    )
    .unwrap()
}

/// A run of `books` plain books with the default look.
pub fn books(books: u64) -> housie_core::Settings {
    housie_core::Settings { books, ..housie_core::Settings::default() }
}

/// Writes the run `plan` describes into `dir`, telling `progress` of each page.
pub fn generate(
    plan: &housie_core::GeneratePlan,
    dir: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<housie_files::run::Outcome, housie_core::Error> {
    let watch = housie_core::pipeline::Watch { progress, ..housie_core::pipeline::Watch::none() };
    housie_files::run::generate_run(plan, dir, false, watch)
}

//! Proving a run is exactly what its record claims: every ticket valid, every book complete,
//! serials, tickets and (when promised) lines unique, file hashes matching, and a regeneration
//! from the seed reproducing the manifest, the PDFs and the record byte for byte. Every
//! problem found is reported, not just the first.
//!
//! The run's files come through [`RunFiles`]: a folder on a disk (`housie verify`, the
//! studio), or the files a visitor dropped into a page. The runs a continuation follows, and a
//! night played on the run, are the callers' to find (`housie-night`'s `audit::verify`).

mod compare;

use std::io::{self, Read};

use sha2::{Digest, Sha256};

use crate::error::Error;
use crate::export::MemoryFiles;
use crate::pipeline::{write_run, GeneratePlan, Watch};
use crate::record::continuation::Continuation;
use crate::record::manifest;
use crate::record::{RunRecord, MANIFEST, RUN_RECORD};
use crate::support::said::Said;
use crate::world::{too_large, World};

pub use compare::{Comparer, Comparing, Difference};

/// A run's files, by name, for reading.
pub trait RunFiles: Sync {
    /// The file `name`, refused past `limit` bytes (or when it is no regular file); an error of
    /// kind [`io::ErrorKind::NotFound`] when there is no such file.
    fn open(&self, name: &str, limit: u64) -> io::Result<Box<dyn Read + '_>>;
}

impl RunFiles for MemoryFiles {
    fn open(&self, name: &str, limit: u64) -> io::Result<Box<dyn Read + '_>> {
        match self.get(name) {
            None => Err(io::Error::new(io::ErrorKind::NotFound, "not there")),
            Some(bytes) if bytes.len() as u64 > limit => Err(too_large(limit)),
            Some(bytes) => Ok(Box::new(bytes)),
        }
    }
}

/// The outcome of a check that could be carried out: the problems (none means valid) and notes.
#[derive(Debug, Default)]
pub struct Report {
    /// Every problem found.
    pub problems: Vec<Finding>,
    /// Notes that are not problems.
    pub notes: Vec<String>,
    /// What was checked, for the summary line.
    pub summary: String,
    /// The summary as a catalogue message, for a page in its language.
    pub summary_said: Option<Said>,
}

/// One problem found with a run: housie's English sentence (the command line prints it), and
/// the same as a catalogue message for a page in its language. Where the sentence is an
/// auditor's detail (a manifest row's fault), the message frames it and carries it as it is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// The sentence.
    pub text: String,
    /// The catalogue message.
    pub said: Said,
}

impl Finding {
    /// A problem said as catalogue message `id` with `args`, whose English is `text`.
    pub fn said<const N: usize>(text: String, id: &'static str, args: [(&'static str, String); N]) -> Finding {
        Finding { text, said: Said::new(id, args) }
    }
}

/// A detail in housie's English, carried whole in the page's words.
impl From<String> for Finding {
    fn from(text: String) -> Finding {
        Finding { said: Said::new("verify-detail", [("detail", text.clone())]), text }
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Report {
    /// Whether no problem was found.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Verifies the one run in `files` whose record is `record`, reading each file once and
/// holding none of them; `after`: the runs it continues, as the caller found them; `world`:
/// where its recorded font and logo are; `progress`: told the pages regenerated so far.
///
/// The order keeps memory small: the files' hashes, then the run regenerated and compared as it
/// is produced, then, unless the manifest and run.json are the regenerated ones byte for byte,
/// the manifest streamed row by row. A manifest identical to the regenerated one has the
/// generator's guarantees (no repeated ticket or line), so its repeats are looked for, with sets
/// of every ticket and line, only when it differs.
///
/// An `Err` means the question could not be answered (a file unreadable, the font or an
/// earlier run not there as recorded); what is wrong with the run itself is in the report.
pub fn verify_run(
    files: &dyn RunFiles,
    record: &RunRecord,
    after: Result<Option<Continuation>, Error>,
    world: &dyn World,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, Error> {
    let mut report = Report::default();
    let hashes = check_files(files, record);
    let (regeneration, identical, regenerated) = regenerate(files, record, after, world, progress)?;
    // A manifest and run.json that the seed regenerates byte for byte are the generator's own:
    // every row valid, of the run's books and files, as many as run.json says. Only otherwise
    // is the manifest read again row by row (a second pass as long as the comparison).
    let (manifest, rows) = if identical.manifest && identical.record {
        (Vec::new(), record.tickets)
    } else {
        check_manifest_rows(files, record, identical.manifest)
    };
    report.problems.extend(manifest);
    report.problems.extend(hashes);
    report.problems.extend(regeneration);
    // A 75-ball book is a sheet of faces, as the trade says.
    let (books, tickets, id) = match record.card_format.covers() {
        true => ("books", "tickets", "verify-summary"),
        false => ("sheets", "faces", "verify-summary-faces"),
    };
    report.summary = format!(
        "{} {books}, {rows} {tickets}, {} files; {}",
        record.settings.books,
        record.files.len() + 1,
        if regenerated { "regenerated from seed and compared byte for byte" } else { "not regenerated" }
    );
    report.summary_said = Some(Said::new(
        id,
        [
            ("books", record.settings.books.to_string()),
            ("tickets", rows.to_string()),
            ("files", (record.files.len() + 1).to_string()),
            ("regenerated", if regenerated { "yes" } else { "no" }.to_string()),
        ],
    ));
    Ok(report)
}

/// The run's files against the hashes its record gives, and its template against its TOML.
fn check_files(files: &dyn RunFiles, record: &RunRecord) -> Vec<Finding> {
    let mut problems = Vec::new();
    for f in &record.files {
        let mut hasher = Sha256::new();
        let read = files.open(&f.name, u64::MAX).and_then(|mut file| io::copy(&mut file, &mut hasher));
        match read {
            Ok(bytes) => {
                let sha = crate::support::digest::hex(&hasher.finalize());
                if sha != f.sha256 || bytes != f.bytes {
                    let text = format!(
                        "{}: SHA-256 {sha} ({bytes} bytes) does not match run.json's {} ({} bytes)",
                        f.name, f.sha256, f.bytes
                    );
                    problems.push(Finding::said(text, "verify-hash", [("file", f.name.clone())]));
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => problems.push(Finding::said(
                format!("{}: {e}", f.name),
                "verify-file-missing",
                [("file", f.name.clone())],
            )),
            Err(e) => problems.push(format!("{}: {e}", f.name).into()),
        }
    }
    if crate::support::digest::sha256_hex(record.template.toml.as_bytes()) != record.template.sha256 {
        let text = "run.json: template: the recorded SHA-256 does not match the recorded TOML".to_string();
        problems.push(Finding::said(text, "verify-template", []));
    }
    problems
}

/// Which of the run's own files regenerated byte for byte.
#[derive(Clone, Copy, Default)]
struct Identical {
    manifest: bool,
    record: bool,
}

/// What regenerating the run from its seed finds, comparing every output with the file there
/// as it is produced: the problems, whether the manifest and run.json are identical, and
/// whether it ran.
/// Nothing is written, so no space is needed and a stopped verify leaves nothing behind.
fn regenerate(
    files: &dyn RunFiles,
    record: &RunRecord,
    after: Result<Option<Continuation>, Error>,
    world: &dyn World,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<Finding>, Identical, bool), Error> {
    let mut problems = Vec::new();
    let plan = after.and_then(|after| GeneratePlan::from_record(record, after, world));
    let plan = match plan {
        // The font, or a run this one continues, is not there as recorded: cannot tell.
        Err(
            e @ (Error::Font(_)
            | Error::Io { .. }
            | Error::EarlierRunChanged { .. }
            | Error::EarlierRunMissing { .. }
            | Error::EarlierRunEdited(_)
            | Error::EarlierRunRedrawn(_)
            | Error::Incomplete(_)),
        ) => return Err(e),
        Err(e) => {
            problems.push(cannot_regenerate(e));
            return Ok((problems, Identical::default(), false));
        }
        Ok(plan) => plan,
    };
    if plan.font().sha256() != record.font.sha256 {
        let text = format!(
            "run.json: font: {} has SHA-256 {}, the run used {}",
            plan.font().name(),
            plan.font().sha256(),
            record.font.sha256
        );
        problems.push(Finding::said(text, "verify-font", [("font", plan.font().name().to_string())]));
    }
    static NEVER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let mut comparing = Comparing::new(files);
    match write_run(&plan, &mut comparing, Watch { progress, stop: &NEVER }) {
        // Reading a file failed: the question cannot be answered.
        Err(e @ Error::Io { .. }) => Err(e),
        Err(e) => {
            problems.push(cannot_regenerate(e));
            Ok((problems, Identical::default(), false))
        }
        Ok(_) => {
            let differences = comparing.into_differences();
            let same = |name: &str| differences.iter().any(|(n, d)| n == name && *d == Difference::None);
            let identical = Identical { manifest: same(MANIFEST), record: same(RUN_RECORD) };
            problems.extend(differences.iter().filter_map(|(name, difference)| difference_found(name, difference)));
            Ok((problems, identical, true))
        }
    }
}

/// What a regenerated file's difference from the one in the folder is, as a problem; `None`
/// when they are the same.
fn difference_found(name: &str, difference: &Difference) -> Option<Finding> {
    let file = ("file", name.to_string());
    match difference {
        Difference::None => None,
        Difference::Missing => {
            Some(Finding::said(format!("{name}: missing; the seed regenerates it"), "verify-file-missing", [file]))
        }
        Difference::AtLine(line) if name == MANIFEST => Some(Finding::said(
            format!("{MANIFEST}:{line}: differs from the regenerated manifest (forged or edited tickets)"),
            "verify-manifest-differs",
            [("line", line.to_string())],
        )),
        Difference::AtLine(line) if name == RUN_RECORD => Some(Finding::said(
            format!("{RUN_RECORD}:{line}: differs from the record the seed regenerates"),
            "verify-record-differs",
            [("line", line.to_string())],
        )),
        Difference::AtLine(_) if name.ends_with(".pdf") => Some(Finding::said(
            format!("{name}: differs from the PDF the seed regenerates"),
            "verify-pdf-differs",
            [file],
        )),
        Difference::AtLine(_) => Some(Finding::said(
            format!("{name}: differs from the file the run recorded"),
            "verify-file-differs",
            [file],
        )),
    }
}

/// Why a run could not be regenerated from its record (its settings refused, its template
/// unreadable): the engine's refusal, in a form's words where it has them.
fn cannot_regenerate(e: Error) -> Finding {
    let text = format!("run.json: cannot regenerate: {e}");
    let said = crate::pipeline::problem::problem_of(e).said;
    Finding { said: said.unwrap_or_else(|| Said::new("verify-detail", [("detail", text.clone())])), text }
}

/// The manifest, streamed: every row valid and of this run (its books, its files), every book,
/// every repeat (a repeated ticket is not reported again when the manifest is identical to
/// the regenerated one); the problems found, and how many rows there are.
fn check_manifest_rows(files: &dyn RunFiles, record: &RunRecord, manifest_identical: bool) -> (Vec<Finding>, u64) {
    let mut problems = Vec::new();
    let last = record.settings.first_book.saturating_add(record.settings.books.saturating_sub(1));
    let file = match files.open(MANIFEST, manifest::max_size(Some(record.settings.books))) {
        Ok(file) => file,
        Err(e) => return (vec![format!("{MANIFEST}: {e}").into()], 0),
    };
    let options = record.settings.run_options(record.seed().generator());
    let mut checks = manifest::RunChecks::new(MANIFEST, !manifest_identical)
        .with_line_scopes(move |book| options.line_scope_of(book));
    let mut located = Vec::new();
    for row in
        manifest::rows(io::BufReader::new(file), MANIFEST, record.settings.numbering()).of_format(record.card_format)
    {
        if let Ok(row) = &row {
            let book = row.serial.book();
            if book < record.settings.first_book || book > last {
                located.push(format!(
                    "{MANIFEST}:{}: book: {book} is outside this run's books {}–{last}",
                    row.line, record.settings.first_book
                ));
            }
            if !record.files.iter().any(|f| *f.name == *row.file) {
                located.push(format!("{MANIFEST}:{}: file: `{}` is not one of the run's files", row.line, row.file));
            }
        }
        checks.add(row);
    }
    let checks = checks.finish();
    problems.extend(checks.problems.iter().map(|p| Finding::from(p.to_string())));
    if !record.settings.allow_duplicate_lines {
        problems.extend(
            checks.duplicate_lines.iter().map(|p| Finding::from(format!("{p} (the run promised unique lines)"))),
        );
    }
    if checks.rows != record.tickets && checks.problems.is_empty() {
        let text = format!("{MANIFEST}: {} tickets, run.json says {}", checks.rows, record.tickets);
        let args = [("rows", checks.rows.to_string()), ("tickets", record.tickets.to_string())];
        problems.push(Finding::said(text, "verify-ticket-count", args));
    }
    problems.extend(located.into_iter().map(Finding::from));
    (problems, checks.rows)
}

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
    pub problems: Vec<String>,
    /// Notes that are not problems.
    pub notes: Vec<String>,
    /// What was checked, for the summary line.
    pub summary: String,
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
/// is produced, then the manifest streamed row by row. A manifest identical to the regenerated
/// one has the generator's guarantees (no repeated ticket or line), so its repeats are looked
/// for, with sets of every ticket and line, only when it differs.
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
    let (regeneration, manifest_identical, regenerated) = regenerate(files, record, after, world, progress)?;
    let (manifest, rows) = check_manifest_rows(files, record, manifest_identical);
    report.problems.extend(manifest);
    report.problems.extend(hashes);
    report.problems.extend(regeneration);
    report.summary = format!(
        "{} books, {rows} tickets, {} files; {}",
        record.settings.books,
        record.files.len() + 1,
        if regenerated { "regenerated from seed and compared byte for byte" } else { "not regenerated" }
    );
    Ok(report)
}

/// The run's files against the hashes its record gives, and its template against its TOML.
fn check_files(files: &dyn RunFiles, record: &RunRecord) -> Vec<String> {
    let mut problems = Vec::new();
    for f in &record.files {
        let mut hasher = Sha256::new();
        let read = files.open(&f.name, u64::MAX).and_then(|mut file| io::copy(&mut file, &mut hasher));
        match read {
            Ok(bytes) => {
                let sha = crate::support::digest::hex(&hasher.finalize());
                if sha != f.sha256 || bytes != f.bytes {
                    problems.push(format!(
                        "{}: SHA-256 {sha} ({bytes} bytes) does not match run.json's {} ({} bytes)",
                        f.name, f.sha256, f.bytes
                    ));
                }
            }
            Err(e) => problems.push(format!("{}: {e}", f.name)),
        }
    }
    if crate::support::digest::sha256_hex(record.template.toml.as_bytes()) != record.template.sha256 {
        problems.push("run.json: template: the recorded SHA-256 does not match the recorded TOML".into());
    }
    problems
}

/// What regenerating the run from its seed finds, comparing every output with the file there
/// as it is produced: the problems, whether the manifest is identical, and whether it ran.
/// Nothing is written, so no space is needed and a stopped verify leaves nothing behind.
fn regenerate(
    files: &dyn RunFiles,
    record: &RunRecord,
    after: Result<Option<Continuation>, Error>,
    world: &dyn World,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<String>, bool, bool), Error> {
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
            problems.push(format!("run.json: cannot regenerate: {e}"));
            return Ok((problems, false, false));
        }
        Ok(plan) => plan,
    };
    if plan.font().sha256() != record.font.sha256 {
        problems.push(format!(
            "run.json: font: {} has SHA-256 {}, the run used {}",
            plan.font().name(),
            plan.font().sha256(),
            record.font.sha256
        ));
    }
    static NEVER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let mut comparing = Comparing::new(files);
    match write_run(&plan, &mut comparing, Watch { progress, stop: &NEVER }) {
        // Reading a file failed: the question cannot be answered.
        Err(e @ Error::Io { .. }) => Err(e),
        Err(e) => {
            problems.push(format!("run.json: cannot regenerate: {e}"));
            Ok((problems, false, false))
        }
        Ok(_) => {
            let differences = comparing.into_differences();
            let identical = differences.iter().any(|(n, d)| n == MANIFEST && *d == Difference::None);
            for (name, difference) in &differences {
                problems.extend(match difference {
                    Difference::None => None,
                    Difference::Missing => Some(format!("{name}: missing; the seed regenerates it")),
                    Difference::AtLine(line) if name == MANIFEST => Some(format!(
                        "{MANIFEST}:{line}: differs from the regenerated manifest (forged or edited tickets)"
                    )),
                    Difference::AtLine(line) if name == RUN_RECORD => {
                        Some(format!("{RUN_RECORD}:{line}: differs from the record the seed regenerates"))
                    }
                    Difference::AtLine(_) => Some(format!("{name}: differs from the PDF the seed regenerates")),
                });
            }
            Ok((problems, identical, true))
        }
    }
}

/// The manifest, streamed: every row valid and of this run (its books, its files), every book,
/// every repeat (a repeated ticket is not reported again when the manifest is identical to
/// the regenerated one); the problems found, and how many rows there are.
fn check_manifest_rows(files: &dyn RunFiles, record: &RunRecord, manifest_identical: bool) -> (Vec<String>, u64) {
    let mut problems = Vec::new();
    let last = record.settings.first_book.saturating_add(record.settings.books.saturating_sub(1));
    let file = match files.open(MANIFEST, manifest::max_size(Some(record.settings.books))) {
        Ok(file) => file,
        Err(e) => return (vec![format!("{MANIFEST}: {e}")], 0),
    };
    let options = record.settings.run_options(record.seed().generator());
    let mut checks = manifest::RunChecks::new(MANIFEST, !manifest_identical)
        .with_line_scopes(move |book| options.line_scope_of(book));
    let mut located = Vec::new();
    for row in manifest::rows(io::BufReader::new(file), MANIFEST, record.settings.numbering()) {
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
    problems.extend(checks.problems.iter().map(ToString::to_string));
    if !record.settings.allow_duplicate_lines {
        problems.extend(checks.duplicate_lines.iter().map(|p| format!("{p} (the run promised unique lines)")));
    }
    if checks.rows != record.tickets && checks.problems.is_empty() {
        problems.push(format!("{MANIFEST}: {} tickets, run.json says {}", checks.rows, record.tickets));
    }
    problems.extend(located);
    (problems, checks.rows)
}

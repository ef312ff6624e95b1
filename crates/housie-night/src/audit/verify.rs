//! `verify`: proves a run folder is exactly what its record claims — every ticket valid, every
//! book complete, serials, tickets and (when promised) lines unique, file hashes matching, and a
//! regeneration from the seed reproducing the manifest, the PDFs and the record byte for byte.
//! Every problem found is reported, not just the first.

use std::path::Path;

use sha2::{Digest, Sha256};

use housie_core::error::Error;
use housie_core::pipeline::{GeneratePlan, Watch};
use housie_core::record::continuation::Continuation;
use housie_core::record::manifest;
use housie_core::record::MANIFEST;
use housie_core::record::{RunRecord, RUN_RECORD};
use housie_files::chain::Chain;
use housie_files::read::Disk;
use housie_files::record::{open_manifest, read_record};

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

/// Checks a whole run folder, reading each file once and holding none of them.
///
/// The order keeps memory small: the files' hashes, then the run regenerated and compared as it
/// is produced, then the manifest streamed row by row. A manifest identical to the regenerated
/// one has the generator's guarantees (no repeated ticket or line), so its repeats are looked
/// for, with sets of every ticket and line, only when it differs.
///
/// A continuation is one event with the runs it continues: each of them is verified the same
/// way, its problems named with its folder.
pub fn verify_dir(dir: &Path) -> Result<Report, Error> {
    verify_sealed(dir, None)
}

/// As [`verify_dir`], telling `progress` the pages regenerated so far (of the run's
/// `page_count`), as the studio's Verify shows.
pub fn verify_dir_with(dir: &Path, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, Error> {
    let mut report = verify_run_after(dir, None, progress)?;
    verify_rest(dir, None, &mut report)?;
    Ok(report)
}

/// As [`verify_dir`], and the night's log still holds, unedited, the events `seal` (written
/// on the signed cash-up sheet) covered: a removed last event, which nothing in the database
/// can show, is a problem.
pub fn verify_sealed(dir: &Path, seal: Option<&str>) -> Result<Report, Error> {
    let mut report = verify_run(dir)?;
    verify_rest(dir, seal, &mut report)?;
    Ok(report)
}

/// What [`verify_sealed`] checks beyond the run itself: the runs it continues, its night.
fn verify_rest(dir: &Path, seal: Option<&str>, report: &mut Report) -> Result<(), Error> {
    let (record, _) = read_record(dir)?;
    if record.after.is_some() {
        verify_chain(dir, record, report)?;
    }
    verify_night(dir, report);
    if let Some(seal) = seal {
        if !dir.join(crate::night::NIGHT_DB).exists() {
            report.problems.push(format!("--seal: {} is not there", crate::night::NIGHT_DB));
        } else {
            match crate::night::NightRecord::check_seal(dir, seal) {
                Ok(Ok(())) => report.summary.push_str(&format!("; the log holds the events sealed as {}", seal.trim())),
                Ok(Err(why)) => report.problems.push(format!("{}: --seal: {why}", crate::night::NIGHT_DB)),
                Err(e) => report.problems.push(e.to_string()),
            }
        }
    }
    Ok(())
}

/// The night played on the run, if one was: its whole log (games, claims, the ledger) replays
/// with every event checked, as `serve` replays it; an edited event is a problem, named.
fn verify_night(dir: &Path, report: &mut Report) {
    if !dir.join(crate::night::NIGHT_DB).exists() {
        return;
    }
    match crate::night::NightRecord::read(dir) {
        Ok(night) => {
            let games = night.games.len();
            let money = night.money.map_or(String::new(), |m| {
                let currency = m.currency.map(|c| format!(" {c}")).unwrap_or_default();
                format!(", its ledger {} {} sold for {}{currency}", m.sold_books, m.units, m.takings)
            });
            report.summary.push_str(&format!(
                "; the night replays: {games} {}{money}",
                if games == 1 { "game" } else { "games" }
            ));
        }
        Err(crate::night::OpenError::Log { seq, message, .. }) => {
            report.problems.push(format!("{}: event {seq}: {message}", crate::night::NIGHT_DB));
        }
        Err(e) => report.problems.push(e.to_string()),
    }
}

/// The runs `record` continues, each verified the same way.
fn verify_chain(dir: &Path, record: housie_core::record::RunRecord, report: &mut Report) -> Result<(), Error> {
    let chain = Chain::with_record(dir, record)?;
    let earlier = &chain.parts()[..chain.parts().len() - 1];
    let mut names = Vec::new();
    for (i, part) in earlier.iter().enumerate() {
        let name = part.dir.file_name().map_or_else(|| part.dir.display().to_string(), |n| n.to_string_lossy().into());
        // The runs before this one, as the chain already read and checked them: each run is
        // read once, so a chain verifies in time linear in its length.
        let before = chain.parts()[..i].iter().map(|p| (p.dir.as_path(), &p.record));
        let after = part.record.after.as_ref().map(|a| housie_files::continuation::of_runs(before, a));
        let theirs = verify_run_after(&part.dir, Some(after), &|_| {})?;
        report.problems.extend(theirs.problems.iter().map(|p| format!("{name}/{p}")));
        report.notes.extend(theirs.notes.iter().map(|n| format!("{name}/{n}")));
        let books = part.record.books();
        names.push(format!("{name} (books {}–{})", books.start(), books.end()));
    }
    report.summary.push_str(&format!(
        "; and the {} it continues, verified the same way: {}",
        if earlier.len() == 1 { "run" } else { "runs" },
        names.join(", ")
    ));
    Ok(())
}

/// Verifies the one run in `dir` (see [`verify_dir`]).
fn verify_run(dir: &Path) -> Result<Report, Error> {
    verify_run_after(dir, None, &|_| {})
}

/// Verifies the one run in `dir`; `known` gives the runs before it when they were read and
/// checked already (`Some(None)`: it continues none), else they are read here.
fn verify_run_after(
    dir: &Path,
    known: Option<Option<Continuation>>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, Error> {
    let (record, _) = read_record(dir)?;
    let mut report = Report::default();
    let files = check_files(dir, &record);
    let (regeneration, manifest_identical, regenerated) = regenerate(dir, &record, known, progress)?;
    let (manifest, rows) = check_manifest_rows(dir, &record, manifest_identical);
    report.problems.extend(manifest);
    report.problems.extend(files);
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
fn check_files(dir: &Path, record: &RunRecord) -> Vec<String> {
    let mut files = Vec::new();
    for f in &record.files {
        match hash_file(&dir.join(&f.name)) {
            Ok((sha, bytes)) => {
                if sha != f.sha256 || bytes != f.bytes {
                    files.push(format!(
                        "{}: SHA-256 {sha} ({bytes} bytes) does not match run.json's {} ({} bytes)",
                        f.name, f.sha256, f.bytes
                    ));
                }
            }
            Err(e) => files.push(format!("{}: {e}", f.name)),
        }
    }
    if housie_core::support::digest::sha256_hex(record.template.toml.as_bytes()) != record.template.sha256 {
        files.push("run.json: template: the recorded SHA-256 does not match the recorded TOML".into());
    }

    files
}

/// What regenerating the run from its seed finds, comparing every output with the file there
/// as it is produced: the problems, whether the manifest is identical, and whether it ran.
fn regenerate(
    dir: &Path,
    record: &RunRecord,
    known: Option<Option<Continuation>>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<String>, bool, bool), Error> {
    // Regenerate from the seed, comparing every output with the file here as it is produced:
    // nothing is written, so no disk space is needed and a killed verify leaves nothing behind.
    let mut regeneration = Vec::new();
    let mut manifest_identical = false;
    let mut regenerated = false;
    let after = match known {
        Some(after) => Ok(after),
        None => record.after.as_ref().map(|a| housie_files::continuation::read_recorded(a, dir)).transpose(),
    };
    let plan = after.and_then(|after| GeneratePlan::from_record(record, after, &Disk));
    match plan {
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
        Err(e) => regeneration.push(format!("run.json: cannot regenerate: {e}")),
        Ok(plan) => {
            if plan.font().sha256() != record.font.sha256 {
                regeneration.push(format!(
                    "run.json: font: {} has SHA-256 {}, the run used {}",
                    plan.font().name(),
                    plan.font().sha256(),
                    record.font.sha256
                ));
            }
            static NEVER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
            match housie_files::run::compare_run(&plan, dir, Watch { progress, stop: &NEVER }) {
                // Reading a file failed: the question cannot be answered.
                Err(e @ Error::Io { .. }) => return Err(e),
                Err(e) => regeneration.push(format!("run.json: cannot regenerate: {e}")),
                Ok(differences) => {
                    regenerated = true;
                    manifest_identical = differences.iter().any(|(n, d)| n == MANIFEST && d.is_none());
                    for (name, difference) in &differences {
                        let Some(line) = difference else { continue };
                        if !dir.join(name).exists() {
                            regeneration.push(format!("{name}: missing; the seed regenerates it"));
                        } else if name == MANIFEST {
                            regeneration.push(format!(
                                "{MANIFEST}:{line}: differs from the regenerated manifest (forged or edited tickets)"
                            ));
                        } else if name == RUN_RECORD {
                            regeneration
                                .push(format!("{RUN_RECORD}:{line}: differs from the record the seed regenerates"));
                        } else {
                            regeneration.push(format!("{name}: differs from the PDF the seed regenerates"));
                        }
                    }
                }
            }
        }
    }

    Ok((regeneration, manifest_identical, regenerated))
}

/// The manifest, streamed: every row valid and of this run (its books, its files), every book,
/// every repeat (a repeated ticket is not reported again when the manifest is identical to
/// the regenerated one); the problems found, and how many rows there are.
fn check_manifest_rows(dir: &Path, record: &RunRecord, manifest_identical: bool) -> (Vec<String>, u64) {
    let mut found = Vec::new();
    let problems = &mut found;
    // The manifest, streamed: every row, every book, and (unless identical) every repeat.
    let manifest_path = dir.join(MANIFEST);
    let last = record.settings.first_book.saturating_add(record.settings.books.saturating_sub(1));
    let mut rows = 0;
    match open_manifest(&manifest_path, Some(record.settings.books)) {
        Err(e) => problems.push(format!("{MANIFEST}: {e}")),
        Ok(file) => {
            let options = record.settings.run_options(record.seed().generator());
            let mut checks = manifest::RunChecks::new(MANIFEST, !manifest_identical)
                .with_line_scopes(move |book| options.line_scope_of(book));
            let mut located = Vec::new();
            for row in manifest::rows(std::io::BufReader::new(file), MANIFEST, record.settings.numbering()) {
                if let Ok(row) = &row {
                    let book = row.serial.book();
                    if book < record.settings.first_book || book > last {
                        located.push(format!(
                            "{MANIFEST}:{}: book: {book} is outside this run's books {}–{last}",
                            row.line, record.settings.first_book
                        ));
                    }
                    if !record.files.iter().any(|f| *f.name == *row.file) {
                        located.push(format!(
                            "{MANIFEST}:{}: file: `{}` is not one of the run's files",
                            row.line, row.file
                        ));
                    }
                }
                checks.add(row);
            }
            let checks = checks.finish();
            rows = checks.rows;
            problems.extend(checks.problems.iter().map(ToString::to_string));
            if !record.settings.allow_duplicate_lines {
                problems.extend(checks.duplicate_lines.iter().map(|p| format!("{p} (the run promised unique lines)")));
            }
            if checks.rows != record.tickets && checks.problems.is_empty() {
                problems.push(format!("{MANIFEST}: {} tickets, run.json says {}", checks.rows, record.tickets));
            }
            problems.extend(located);
        }
    }
    (found, rows)
}

/// SHA-256 (hex) and size of a file, streamed rather than held in memory: a regular file only
/// (a link to a device named like a run's file is refused, not read for ever).
fn hash_file(path: &Path) -> std::io::Result<(String, u64)> {
    let mut hasher = Sha256::new();
    let bytes = std::io::copy(&mut housie_files::read::open_regular(path, u64::MAX)?, &mut hasher)?;
    Ok((housie_core::support::digest::hex(&hasher.finalize()), bytes))
}

/// Checks a manifest on its own (say, one received by email): rows, books, serials, duplicates.
pub fn verify_manifest(path: &Path) -> Result<Report, Error> {
    let numbering = housie_files::record::numbering_of(path).map_err(Error::io(path))?;
    let m = housie_files::record::check_manifest(path, numbering).map_err(Error::io(path))?;
    let mut report = Report::default();
    report.problems.extend(m.problems.iter().map(ToString::to_string));
    if !m.duplicate_lines.is_empty() {
        report.notes.push(format!(
            "{} duplicate lines (fine only if the run allowed them; run.json says whether it did)",
            m.duplicate_lines.len()
        ));
        report.notes.extend(m.duplicate_lines.iter().map(ToString::to_string));
    }
    report.summary = format!("{} tickets in {} checked on their own (no run record)", m.rows, path.display());
    Ok(report)
}

//! `verify`: proves a run folder is exactly what its record claims — every ticket valid, every
//! book complete, serials, tickets and (when promised) lines unique, file hashes matching, and a
//! regeneration from the seed reproducing the manifest, the PDFs and the record byte for byte.
//! Every problem found is reported, not just the first.

use std::path::Path;

use housie_core::error::Error;
use housie_core::record::continuation::Continuation;
use housie_files::read::RunFolder;
use housie_files::record::read_record;

use crate::night::log_source::NightLog;

pub use housie_core::verify::Report;

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
        match NightLog::find(dir) {
            None => report.problems.push(format!("--seal: {} is not there", crate::night::NIGHT_DB).into()),
            Some(night) => match crate::night::reading::check_seal(dir, seal) {
                Ok(Ok(())) => report.summary.push_str(&format!("; the log holds the events sealed as {}", seal.trim())),
                Ok(Err(why)) => report.problems.push(format!("{}: --seal: {why}", night.name()).into()),
                Err(e) => report.problems.push(e.to_string().into()),
            },
        }
    }
    Ok(())
}

/// The night played on the run, if one was: its whole log (games, claims, the ledger) replays
/// with every event checked, as `serve` replays it; an edited event is a problem, named.
fn verify_night(dir: &Path, report: &mut Report) {
    let Some(night) = NightLog::find(dir) else { return };
    match crate::night::reading::read(dir) {
        Ok(night) => {
            let games = night.games.len();
            let money = night.money.map_or(String::new(), |m| {
                let currency = m.currency.map(|c| format!(" {c}")).unwrap_or_default();
                let sold = m.sold_in(housie_core::support::catalogue::Catalogue::english());
                format!(", its ledger {sold} sold for {}{currency}", m.takings)
            });
            report.summary.push_str(&format!(
                "; the night replays: {games} {}{money}",
                if games == 1 { "game" } else { "games" }
            ));
        }
        Err(crate::night::OpenError::Log { seq, message, .. }) => {
            report.problems.push(format!("{}: event {seq}: {message}", night.name()).into());
        }
        Err(e) => report.problems.push(e.to_string().into()),
    }
}

/// The runs `record` continues, each verified the same way.
fn verify_chain(dir: &Path, record: housie_core::record::RunRecord, report: &mut Report) -> Result<(), Error> {
    let chain = housie_files::chain::with_record(dir, record)?;
    let earlier = &chain.parts()[..chain.parts().len() - 1];
    let mut names = Vec::new();
    for (i, part) in earlier.iter().enumerate() {
        let name = part.dir.file_name().map_or_else(|| part.dir.display().to_string(), |n| n.to_string_lossy().into());
        // The runs before this one, as the chain already read and checked them: each run is
        // read once, so a chain verifies in time linear in its length.
        let before = chain.parts()[..i].iter().map(|p| (p.dir.as_path(), &p.record));
        let after = part.record.after.as_ref().map(|a| housie_files::continuation::of_runs(before, a));
        let theirs = verify_run_after(&part.dir, Some(after), &|_| {})?;
        // The text names the run; the catalogue message says the problem itself.
        report.problems.extend(
            theirs
                .problems
                .iter()
                .map(|p| housie_core::verify::Finding { text: format!("{name}/{p}"), said: p.said.clone() }),
        );
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
    let after = match known {
        Some(after) => Ok(after),
        None => record.after.as_ref().map(|a| housie_files::continuation::read_recorded(a, dir)).transpose(),
    };
    let folder = RunFolder(dir);
    housie_core::verify::verify_run(&folder, &record, after, &folder, progress).map_err(|e| in_folder(e, dir))
}

/// The core names a file it could not read by its name in the run; here, by its path.
fn in_folder(e: Error, dir: &Path) -> Error {
    match e {
        Error::Io { path, source } if path.is_relative() => Error::Io { path: dir.join(path), source },
        e => e,
    }
}

/// Checks a manifest on its own (say, one received by email): rows, books, serials, duplicates.
pub fn verify_manifest(path: &Path) -> Result<Report, Error> {
    let numbering = housie_files::record::numbering_of(path).map_err(Error::io(path))?;
    let m = housie_files::record::check_manifest(path, numbering).map_err(Error::io(path))?;
    let mut report = Report::default();
    report.problems.extend(m.problems.iter().map(|p| p.to_string().into()));
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

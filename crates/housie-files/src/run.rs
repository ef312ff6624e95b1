//! A run written into its folder: the folder judged (empty unless replacing is asked for,
//! never one with a night, never a run another continues), locked for the run's length, the
//! engine's files written under temporary names and published only when all are complete —
//! run.json first out and last in, so a run interrupted in between has none and `verify` calls
//! the folder incomplete.

use std::fs;
use std::path::{Path, PathBuf};

use housie_core::error::Error;
use housie_core::pipeline::{prepare, GeneratePlan, Watch};
use housie_core::record::{is_night_file, is_volume_name, RunRecord, RUN_RECORD};

use crate::lock::{is_non_empty_dir, lock_folder, remove_temporaries};
use crate::output::{FinishedFile, Staged};

/// What a run written into a folder left there.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Paths of the files, in the order written (PDF volumes, manifest, run record).
    pub files: Vec<PathBuf>,
    /// The run.json written.
    pub record: RunRecord,
}

/// Draws the run `plan` describes and writes its files into `dir` (created if missing), which
/// must be empty unless `force`.
pub fn generate_run(plan: &GeneratePlan, dir: &Path, force: bool, watch: Watch<'_>) -> Result<Outcome, Error> {
    // The quick checks first; the siblings' records (a run continuing this one) are read once,
    // under the lock.
    check_folder_but_siblings(plan, dir, force)?;
    // The runs continued are held for the run's length, so none is replaced under it.
    let _earlier = match plan.after() {
        Some(after) => crate::lock::share_folders(after.dirs())?,
        None => Vec::new(),
    };
    // The earlier runs are re-drawn and compared with their manifests before anything is written.
    let prepared = prepare(plan)?;
    fs::create_dir_all(dir).map_err(Error::io(dir))?;
    // One run at a time in a folder; under the lock, a killed run's temporaries are ours to clear.
    let _lock = lock_folder(dir).map_err(Error::io(dir))?.ok_or_else(|| Error::Busy(dir.to_path_buf()))?;
    remove_temporaries(dir).map_err(Error::io(dir))?;
    // Another run may have written here before the lock was ours.
    check_folder(plan, dir, force)?;
    let mut staged = Staged::write(dir);
    let record = prepared.write(&mut staged, watch).map_err(|e| in_folder(e, dir))?;
    let finished = staged.into_finished();
    // A night cannot open on a folder being written (it needs a shared hold on it), but one
    // started by a housie before 0.13 took no hold: look again before anything is replaced.
    if let Some(night) = night_of(dir) {
        return Err(Error::HoldsNight { dir: dir.to_path_buf(), night });
    }
    let files = publish(dir, finished, &record, force)?;
    Ok(Outcome { files, record })
}

/// The engine names a file it could not write by its name in the run; here, by its path.
fn in_folder(e: Error, dir: &Path) -> Error {
    match e {
        Error::Io { path, source } if path.is_relative() => Error::Io { path: dir.join(path), source },
        e => e,
    }
}

/// Renames every finished file into place, run.json last; a run replaced on request keeps
/// its record (its seed above all) beside the new one, so the tickets it made can still be
/// regenerated and verified.
fn publish(dir: &Path, finished: Vec<FinishedFile>, record: &RunRecord, force: bool) -> Result<Vec<PathBuf>, Error> {
    let old = dir.join(RUN_RECORD);
    match fs::read(&old) {
        Ok(bytes) if bytes != record.to_json().as_bytes() => {
            let kept = (1..).map(|n| dir.join(format!("run-replaced-{n}.json"))).find(|p| !p.exists());
            let kept = kept.expect("a free name");
            fs::rename(&old, &kept).map_err(Error::io(&old))?;
        }
        Ok(_) => fs::remove_file(&old).map_err(Error::io(&old))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io(old)(e)),
    }
    let (record_file, rest): (Vec<FinishedFile>, Vec<FinishedFile>) =
        finished.into_iter().partition(|f| f.name() == RUN_RECORD);
    let mut files = Vec::new();
    for f in rest {
        let name = dir.join(f.name());
        files.push(f.commit().map_err(Error::io(name))?);
    }
    if force {
        remove_stale_volumes(dir, &files)?;
    }
    for f in record_file {
        files.push(f.commit().map_err(Error::io(dir.join(RUN_RECORD)))?);
    }
    Ok(files)
}

/// With `--force`, PDF volumes of an earlier, larger run would linger and mislead: remove them.
fn remove_stale_volumes(dir: &Path, kept: &[PathBuf]) -> Result<(), Error> {
    for entry in fs::read_dir(dir).map_err(Error::io(dir))?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_volume_name(&name) && !kept.contains(&entry.path()) {
            fs::remove_file(entry.path()).map_err(Error::io(entry.path()))?;
        }
    }
    Ok(())
}

/// The output folder: a folder, never one that holds a run the new one continues, a night, or
/// a run another continues; and empty unless `force`.
pub fn check_folder(plan: &GeneratePlan, dir: &Path, force: bool) -> Result<(), Error> {
    check_folder_but_siblings(plan, dir, force)?;
    if force && dir.join(RUN_RECORD).is_file() {
        if let Some(by) = crate::chain::continued_by(dir) {
            return Err(Error::ContinuedBy { dir: dir.to_path_buf(), by });
        }
    }
    Ok(())
}

/// [`check_folder`] without reading the records of the folders beside it.
fn check_folder_but_siblings(plan: &GeneratePlan, dir: &Path, force: bool) -> Result<(), Error> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::NotADir(dir.to_path_buf()));
    }
    if plan.after().is_some_and(|a| crate::continuation::holds(a, dir)) {
        return Err(Error::HoldsEarlierRun(dir.to_path_buf()));
    }
    if let Some(night) = night_of(dir) {
        return Err(Error::HoldsNight { dir: dir.to_path_buf(), night });
    }
    if !force && is_non_empty_dir(dir) {
        return Err(Error::NotEmpty(dir.to_path_buf()));
    }
    Ok(())
}

/// The night that plays the run in `dir`, if there is one: a night file in `dir`, or the night of
/// its chain kept with the chain's first run (named by its path from `dir`'s parent).
pub fn night_of(dir: &Path) -> Option<String> {
    if let Some(night) = night_in(dir) {
        return Some(night);
    }
    if !dir.join(RUN_RECORD).is_file() {
        return None;
    }
    let home = crate::chain::night_home(dir);
    let name = [housie_core::record::NIGHT_DB, housie_core::record::NIGHT_LOG]
        .into_iter()
        .find(|name| home.join(name).is_file())?;
    let folder = home.file_name().map_or_else(|| home.display().to_string(), |n| n.to_string_lossy().into_owned());
    Some(format!("{folder}/{name}"))
}

/// The first night file in `dir`, if it holds one.
pub fn night_in(dir: &Path) -> Option<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_night_file(n))
        .collect();
    names.sort();
    names.into_iter().next()
}

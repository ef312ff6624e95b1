//! One event's runs read from their folders: a run and the runs it continues (`generate
//! --after`), each checked against its files, and where the chain's night is kept. The chain as
//! data is the engine's ([`housie_core::record::chain`]).

use std::path::{Path, PathBuf};

use housie_core::error::Error;
use housie_core::record::RunRecord;

use crate::record::read_record;

pub use housie_core::record::chain::{Chain, Part};

/// The run in `dir` and the runs it continues, each checked against its files and the hash its
/// successor recorded (see [`crate::continuation::read_recorded`]).
pub fn open(dir: &Path) -> Result<Chain, Error> {
    let (record, _) = read_record(dir)?;
    with_record(dir, record)
}

/// The chain ending in the run of `dir` whose record is `record`.
pub fn with_record(dir: &Path, record: RunRecord) -> Result<Chain, Error> {
    let mut parts = match &record.after {
        None => Vec::new(),
        Some(after) => {
            let earlier = crate::continuation::read_recorded(after, dir)?;
            earlier
                .dirs()
                .zip(earlier.records())
                .map(|(dir, record)| Part { dir: dir.to_path_buf(), record: record.clone() })
                .collect()
        }
    };
    parts.push(Part { dir: dir.to_path_buf(), record });
    Ok(Chain::of_parts(parts))
}

/// The whole chain the run in `dir` belongs to: the runs it continues and the runs that
/// continue it (see [`latest_of`]).
pub fn whole(dir: &Path) -> Result<Chain, Error> {
    open(&latest_of(dir))
}

/// The first run of the chain `dir` belongs to, found by following each record's `after`
/// (nothing checked: where a chain's night lives, not whether its runs are whole).
pub fn root_of(dir: &Path) -> PathBuf {
    // As given while it is the answer, so messages name it as the user did.
    let mut here = dir.to_path_buf();
    let mut seen = Vec::new();
    for _ in 0..crate::continuation::MAX_CHAIN {
        seen.push(std::fs::canonicalize(&here).unwrap_or_else(|_| here.clone()));
        let after = read_record(&here).ok().and_then(|(record, _)| record.after);
        match after.and_then(|a| crate::continuation::resolve(&a, &here).ok()) {
            Some(earlier) if !seen.contains(&earlier) => here = earlier,
            _ => break,
        }
    }
    here
}

/// The last run of the chain `dir` belongs to: the runs beside it that continue it, followed
/// to the end (a top-up made after the run in `dir` is one event with it).
pub fn latest_of(dir: &Path) -> PathBuf {
    let mut here = dir.to_path_buf();
    let mut seen = vec![std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())];
    while let Some(next) = continued_by(&here) {
        if seen.contains(&next) || seen.len() >= crate::continuation::MAX_CHAIN {
            break;
        }
        seen.push(next.clone());
        here = next;
    }
    here
}

/// The folder whose `night.sqlite` is the night of the run in `dir`: one night per chain, kept
/// with its first run, so every run of an event sells and plays in one ledger. A run that
/// already holds a night of its own (started on a top-up by housie before 0.13) keeps it.
pub fn night_home(dir: &Path) -> PathBuf {
    let night = [housie_core::record::NIGHT_DB, housie_core::record::NIGHT_LOG];
    if night.iter().any(|name| dir.join(name).symlink_metadata().is_ok()) {
        return dir.to_path_buf();
    }
    root_of(dir)
}

/// A run beside `dir` (in the same parent folder) that continues the run in `dir`, if any:
/// replacing `dir`'s run would break it.
pub fn continued_by(dir: &Path) -> Option<PathBuf> {
    let here = std::fs::canonicalize(dir).ok()?;
    let parent = here.parent()?;
    let mut siblings: Vec<PathBuf> = std::fs::read_dir(parent)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join(housie_core::record::RUN_RECORD).is_file())
        .collect();
    siblings.sort();
    siblings.into_iter().filter(|p| *p != here).find(|p| {
        read_record(p).ok().and_then(|(record, _)| record.after).is_some_and(|after| {
            crate::continuation::resolve(&after, p)
                .ok()
                .and_then(|d| std::fs::canonicalize(d).ok())
                .is_some_and(|d| d == here)
        })
    })
}

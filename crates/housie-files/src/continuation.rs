//! Continuing an event on disk: `generate --after DIR` draws the books that come after the run
//! in DIR (and the runs it continued), exactly as one larger run would have drawn them. Here
//! the chain of earlier runs is read from their folders, each run's files checked against its
//! record and each record against the hash its successor recorded, into the core's
//! [`Continuation`], which re-draws them and compares them with their manifests.
//!
//! The chain is walked with a bound and a cycle check, and a continuation records its earlier
//! run's folder relative to its own (so the event's folders can move together); records before
//! 0.5 also kept the absolute path, still tried as a fallback.

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use housie_core::error::Error;
use housie_core::record::continuation::{Continuation, Manifests};
use housie_core::record::{AfterRecord, RunRecord, MANIFEST};
use housie_core::support::digest::sha256_hex;

use crate::record::read_record;

/// The most runs a chain may hold.
pub const MAX_CHAIN: usize = 1000;

/// Each earlier run's manifest, read from its folder.
struct OnDisk;

impl Manifests for OnDisk {
    fn open(&self, folder: &Path) -> std::io::Result<Box<dyn std::io::Read + '_>> {
        // A manifest no larger than its run's can be (the record was checked with its files).
        Ok(Box::new(crate::record::open_manifest(&folder.join(MANIFEST), None)?))
    }
}

/// The runs of a chain read from disk, oldest first.
struct Read {
    /// The folder of the run continued (absolute).
    dir: PathBuf,
    /// SHA-256 of its run.json.
    run_sha256: String,
    /// Each run's folder (absolute) and record, oldest first.
    runs: Vec<(PathBuf, RunRecord)>,
}

/// One run of a chain, read and checked against its files.
struct Link {
    dir: PathBuf,
    record: RunRecord,
    sha256: String,
}

/// The continuation of the run in `dir` (and the runs it continued), to be written to the
/// folder `out`: each run's files checked against its record and each record against the hash
/// its successor recorded, and the earlier folder recorded relative to `out`.
pub fn read(dir: &Path, out: &Path) -> Result<Continuation, Error> {
    let chain = read_chain(dir)?;
    let after = AfterRecord {
        dir: relative(&chain.dir, &absolute(out)),
        // Not this machine's absolute path: the record travels with the event's folders.
        absolute: None,
        run_sha256: chain.run_sha256.clone(),
        books: chain.runs.iter().map(|(_, r)| r.settings.books).sum(),
    };
    Ok(Continuation::new(chain.runs, after, Arc::new(OnDisk)))
}

/// `path` made absolute whether or not it exists yet: its folder's canonical path and its name.
fn absolute(path: &Path) -> PathBuf {
    if let Ok(found) = fs::canonicalize(path) {
        return found;
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match (fs::canonicalize(parent), path.file_name()) {
        (Ok(parent), Some(name)) => parent.join(name),
        _ => path.to_path_buf(),
    }
}

/// Reads the run in `dir` and every run before it, checking each run's files against its
/// record and each record against the hash its successor recorded.
fn read_chain(dir: &Path) -> Result<Read, Error> {
    let mut chain: Vec<Link> = Vec::new();
    let mut next = fs::canonicalize(dir).map_err(Error::io(dir))?;
    let mut expect: Option<(String, PathBuf)> = None;
    loop {
        if chain.iter().any(|l| l.dir == next) {
            let names: Vec<String> = chain.iter().map(|l| l.dir.display().to_string()).collect();
            return Err(Error::ChainCycle(names));
        }
        if chain.len() >= MAX_CHAIN {
            return Err(Error::ChainTooLong { dir: dir.to_path_buf(), most: MAX_CHAIN });
        }
        let link = Link::read(&next)?;
        if let Some((sha256, successor)) = expect.take() {
            if link.sha256 != sha256 {
                let kept = kept_record(&next, &sha256);
                return Err(Error::EarlierRunChanged { dir: successor, recorded: sha256, found: link.sha256, kept });
            }
        }
        let after = link.record.after.clone();
        chain.push(link);
        match after {
            None => break,
            Some(after) => {
                let here = &chain.last().expect("pushed above").dir;
                next = resolve(&after, here)?;
                expect = Some((after.run_sha256.clone(), next.clone()));
            }
        }
    }
    chain.reverse();
    let last = chain.last().expect("at least the run in dir");
    Ok(Read {
        dir: last.dir.clone(),
        run_sha256: last.sha256.clone(),
        runs: chain.into_iter().map(|l| (l.dir, l.record)).collect(),
    })
}

/// The earlier run a continuation's record in `base` names (relative to `base`, or at its
/// recorded absolute path), refused if it changed since; the record's `after` is kept word
/// for word, so that `verify` regenerates the same run.json wherever the folders now are.
pub fn read_recorded(after: &AfterRecord, base: &Path) -> Result<Continuation, Error> {
    let dir = resolve(after, base)?;
    let found = read_chain(&dir)?;
    if found.run_sha256 != after.run_sha256 {
        return Err(Error::EarlierRunChanged {
            dir: after.dir.clone(),
            recorded: after.run_sha256.clone(),
            found: found.run_sha256,
            kept: kept_record(&dir, &after.run_sha256),
        });
    }
    Ok(Continuation::new(found.runs, after.clone(), Arc::new(OnDisk)))
}

/// The runs before a continuation, as a chain already read and checked has them (each run's
/// folder and record, oldest first): the continuation's record says `after` of the last of
/// them.
pub fn of_runs<'a>(runs: impl IntoIterator<Item = (&'a Path, &'a RunRecord)>, after: &AfterRecord) -> Continuation {
    let runs = runs.into_iter().map(|(dir, record)| (dir.to_path_buf(), record.clone())).collect();
    Continuation::new(runs, after.clone(), Arc::new(OnDisk))
}

/// Whether `dir` holds one of the runs `continuation` follows.
pub fn holds(continuation: &Continuation, dir: &Path) -> bool {
    let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    continuation.dirs().any(|d| d == dir)
}

impl Link {
    /// A run's record, with every file it lists matching its hash.
    fn read(dir: &Path) -> Result<Link, Error> {
        let (record, text) = read_record(dir)?;
        for file in &record.files {
            let path = dir.join(&file.name);
            let mut hash = sha2::Sha256::default();
            let mut f = crate::read::open_regular(&path, u64::MAX).map_err(Error::io(&path))?;
            std::io::copy(&mut f, &mut hash).map_err(Error::io(&path))?;
            if housie_core::support::digest::hex(&sha2::Digest::finalize(hash)) != file.sha256 {
                return Err(Error::EarlierRunEdited(path));
            }
        }
        Ok(Link { dir: dir.to_path_buf(), record, sha256: sha256_hex(text.as_bytes()) })
    }
}

/// The record `generate --force` kept in `dir` (`run-replaced-N.json`) whose SHA-256 is
/// `sha256`: the run a continuation was drawn after, replaced since.
fn kept_record(dir: &Path, sha256: &str) -> Option<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.starts_with("run-replaced-") && n.ends_with(".json"))
        .collect();
    names.sort();
    names.into_iter().find(|n| {
        crate::read::read_text(&dir.join(n), housie_core::record::MAX_RECORD)
            .is_ok_and(|text| sha256_hex(text.as_bytes()) == sha256)
    })
}

/// The folder an `after` names, from the continuation's folder `base`: relative to it first,
/// then the recorded absolute path.
pub(crate) fn resolve(after: &AfterRecord, base: &Path) -> Result<PathBuf, Error> {
    let candidates = [Some(base.join(&after.dir)), after.absolute.clone()];
    for candidate in candidates.iter().flatten() {
        if let Ok(dir) = fs::canonicalize(candidate) {
            return Ok(dir);
        }
    }
    Err(Error::EarlierRunMissing { dir: base.join(&after.dir), books: after.books })
}

/// `to` as a path relative to `from` (both absolute and canonical).
fn relative(to: &Path, from: &Path) -> PathBuf {
    let (a, b): (Vec<Component>, Vec<Component>) = (to.components().collect(), from.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &a[common..] {
        out.push(c.as_os_str());
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(relative(Path::new("/e/night"), Path::new("/e/more")), PathBuf::from("../night"));
        assert_eq!(relative(Path::new("/e/a/b"), Path::new("/e")), PathBuf::from("a/b"));
        assert_eq!(relative(Path::new("/x"), Path::new("/y/z")), PathBuf::from("../../x"));
    }
}

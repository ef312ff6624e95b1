//! Continuing an event: `generate --after DIR` draws the books that come after the run in DIR
//! (and the runs it continued), exactly as one larger run would have drawn them. A re-drawn
//! book depends on every book before it, so the earlier runs are re-drawn from their records
//! into the uniqueness sets first, and each is compared with its files as it is: a record
//! whose seed was edited, or files that changed, are refused before anything is written.
//!
//! The chain is walked with a bound and a cycle check, and a continuation records its earlier
//! run's folder relative to its own (so the event's folders can move together); records before
//! 0.5 also kept the absolute path, still tried as a fallback.

use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::error::Error;
use crate::generate::RunDrawer;
use crate::record::manifest;
use crate::record::read_record;
use crate::record::MANIFEST;
use crate::record::{AfterRecord, RunRecord};
use crate::support::digest::sha256_hex;

/// The most runs a chain may hold.
pub const MAX_CHAIN: usize = 1000;

/// The runs before a continuation, oldest first.
#[derive(Clone, Debug)]
pub struct Continuation {
    /// The folder of the run continued (absolute).
    pub dir: PathBuf,
    /// SHA-256 of its run.json.
    pub run_sha256: String,
    /// Every earlier run in the chain, oldest first; the last is the one in `dir`.
    pub prior: Vec<RunRecord>,
    /// The folder of each run in `prior` (absolute).
    pub dirs: Vec<PathBuf>,
    /// What a record said of this earlier run, kept word for word so that `verify` regenerates
    /// the same run.json wherever the folders now are.
    recorded: Option<AfterRecord>,
}

/// One run of a chain, read and checked against its files.
struct Link {
    dir: PathBuf,
    record: RunRecord,
    sha256: String,
}

impl Continuation {
    /// Reads the run in `dir` and every run before it, checking each run's files against its
    /// record and each record against the hash its successor recorded.
    pub fn read(dir: &Path) -> Result<Continuation, Error> {
        let mut chain: Vec<Link> = Vec::new();
        let mut next = fs::canonicalize(dir).map_err(Error::io(dir))?;
        let mut expect: Option<(String, PathBuf)> = None;
        loop {
            if chain.iter().any(|l| l.dir == next) {
                let names: Vec<String> = chain.iter().map(|l| l.dir.display().to_string()).collect();
                return Err(Error::Usage(format!(
                    "the runs in {} name each other as earlier runs: a continuation cannot continue itself",
                    names.join(" and ")
                )));
            }
            if chain.len() >= MAX_CHAIN {
                return Err(Error::Usage(format!("{}: a chain of more than {MAX_CHAIN} runs", dir.display())));
            }
            let link = Link::read(&next)?;
            if let Some((sha256, successor)) = expect.take() {
                if link.sha256 != sha256 {
                    let kept = kept_record(&next, &sha256);
                    return Err(Error::EarlierRunChanged {
                        dir: successor,
                        recorded: sha256,
                        found: link.sha256,
                        kept,
                    });
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
        Ok(Continuation {
            dir: last.dir.clone(),
            run_sha256: last.sha256.clone(),
            dirs: chain.iter().map(|l| l.dir.clone()).collect(),
            prior: chain.into_iter().map(|l| l.record).collect(),
            recorded: None,
        })
    }

    /// The earlier run a continuation's record in `base` names (relative to `base`, or at its
    /// recorded absolute path), refused if it changed since.
    pub fn read_recorded(after: &AfterRecord, base: &Path) -> Result<Continuation, Error> {
        let dir = resolve(after, base)?;
        let mut found = Continuation::read(&dir)?;
        if found.run_sha256 != after.run_sha256 {
            return Err(Error::EarlierRunChanged {
                dir: after.dir.clone(),
                recorded: after.run_sha256.clone(),
                found: found.run_sha256,
                kept: kept_record(&dir, &after.run_sha256),
            });
        }
        found.recorded = Some(after.clone());
        Ok(found)
    }

    /// The runs before a continuation, as a chain already read and checked has them (each
    /// run's folder and record, oldest first): the continuation's record says `after` of the
    /// last of them.
    pub fn of_runs<'a>(runs: impl IntoIterator<Item = (&'a Path, &'a RunRecord)>, after: &AfterRecord) -> Continuation {
        let (dirs, prior): (Vec<PathBuf>, Vec<RunRecord>) =
            runs.into_iter().map(|(dir, record)| (dir.to_path_buf(), record.clone())).unzip();
        Continuation {
            dir: dirs.last().cloned().unwrap_or_default(),
            run_sha256: after.run_sha256.clone(),
            prior,
            dirs,
            recorded: Some(after.clone()),
        }
    }

    /// Whether `dir` holds one of the runs of the chain.
    pub fn holds(&self, dir: &Path) -> bool {
        let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        self.dirs.contains(&dir)
    }

    /// How many books the earlier runs hold together.
    pub fn books(&self) -> u64 {
        self.prior.iter().map(|r| r.settings.books).sum()
    }

    /// The number of the first book after them.
    pub fn next_book(&self) -> u64 {
        self.prior.last().map_or(1, |r| r.settings.first_book + r.settings.books)
    }

    /// The earlier run's seed, for the generator its books came from: a continuation draws
    /// with the same.
    pub fn seed(&self) -> crate::generate::Seed {
        self.prior.last().map_or_else(|| crate::generate::Seed::from_text(""), RunRecord::seed)
    }

    /// How the earlier run's seed came about.
    pub fn seed_kind(&self) -> Option<crate::generate::SeedKind> {
        self.prior.last().and_then(|r| r.seed_kind)
    }

    /// Games per booklet of the earlier run (`None`: plain books).
    pub fn games(&self) -> Option<u16> {
        self.prior.last().and_then(|r| r.settings.games)
    }

    /// Whether the earlier run let lines repeat.
    pub fn allow_duplicate_lines(&self) -> bool {
        self.prior.last().is_some_and(|r| r.settings.allow_duplicate_lines)
    }

    /// The earlier run's blocks of unique lines, if it chose them: a continuation follows its
    /// chain's choice.
    pub fn unique_lines_per(&self) -> Option<u64> {
        self.prior.last().and_then(|r| r.settings.unique_lines_per)
    }

    /// The earlier run's record (the last of the chain).
    pub fn latest(&self) -> &RunRecord {
        self.prior.last().expect("a chain holds at least one run")
    }

    /// Takes every earlier book into the drawer's uniqueness sets, comparing each ticket with
    /// its run's manifest as it goes: a record whose seed or re-draws were edited draws other
    /// tickets than its manifest holds, and is refused.
    pub fn prime(&self, drawer: &mut RunDrawer<'_>) -> Result<(), Error> {
        for (r, dir) in self.prior.iter().zip(&self.dirs) {
            let attempts = r.attempts();
            let path = dir.join(MANIFEST);
            let file = manifest::open(&path, Some(r.settings.books)).map_err(Error::io(&path))?;
            let name = path.display().to_string();
            let mut rows = manifest::rows(std::io::BufReader::new(file), &name, r.settings.numbering());
            let mut edited = false;
            drawer.prime_with(
                r.settings.first_book,
                r.settings.books,
                |k| attempts.of(k),
                |book, k| {
                    for t in book.tickets() {
                        match rows.next() {
                            Some(Ok(row)) if row.serial.book() == k && row.ticket == *t => {}
                            _ => edited = true,
                        }
                    }
                },
            );
            if edited || rows.next().is_some() {
                return Err(Error::EarlierRunRedrawn(dir.clone()));
            }
        }
        Ok(())
    }

    /// What the continuation's run.json says of it, the continuation being written to `out`:
    /// the earlier folder relative to `out`. A continuation
    /// regenerated from its record says what the record said.
    pub fn record(&self, out: &Path) -> AfterRecord {
        if let Some(recorded) = &self.recorded {
            return recorded.clone();
        }
        let out = fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
        AfterRecord {
            dir: relative(&self.dir, &out),
            // Not this machine's absolute path: the record travels with the event's folders.
            absolute: None,
            run_sha256: self.run_sha256.clone(),
            books: self.books(),
        }
    }
}

impl Link {
    /// A run's record, with every file it lists matching its hash.
    fn read(dir: &Path) -> Result<Link, Error> {
        let (record, text) = read_record(dir)?;
        for file in &record.files {
            let path = dir.join(&file.name);
            let mut hash = sha2::Sha256::default();
            let mut f = crate::support::files::open_regular(&path, u64::MAX).map_err(Error::io(&path))?;
            std::io::copy(&mut f, &mut hash).map_err(Error::io(&path))?;
            if crate::support::digest::hex(&sha2::Digest::finalize(hash)) != file.sha256 {
                return Err(Error::EarlierRunEdited(path));
            }
        }
        Ok(Link { dir: dir.to_path_buf(), record, sha256: sha256_hex(text.as_bytes()) })
    }
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
        .filter(|p| p.join(crate::record::RUN_RECORD).is_file())
        .collect();
    siblings.sort();
    siblings.into_iter().filter(|p| *p != here).find(|p| {
        read_record(p).ok().and_then(|(record, _)| record.after).is_some_and(|after| {
            resolve(&after, p).ok().and_then(|d| std::fs::canonicalize(d).ok()).is_some_and(|d| d == here)
        })
    })
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
        crate::support::files::read_text(&dir.join(n), crate::record::MAX_RECORD)
            .is_ok_and(|text| sha256_hex(text.as_bytes()) == sha256)
    })
}

/// The folder an `after` names, from the continuation's folder `base`: relative to it first,
/// then the recorded absolute path.
fn resolve(after: &AfterRecord, base: &Path) -> Result<PathBuf, Error> {
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

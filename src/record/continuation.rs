//! Continuing an event: `generate --after DIR` draws the books that come after the run in DIR
//! (and the runs it continued), exactly as one larger run would have drawn them. A re-drawn
//! book depends on every book before it, so the earlier runs are re-drawn from their records
//! into the uniqueness sets first; their folders must still hold them unchanged.

use std::fs;
use std::path::{Path, PathBuf};

use crate::digest::sha256_hex;
use crate::generate::RunDrawer;
use crate::record::read_record;
use crate::record::{AfterRecord, RunRecord};
use crate::{Error, MANIFEST};

/// The runs before a continuation, oldest first.
#[derive(Clone, Debug)]
pub struct Continuation {
    /// The folder of the run continued (absolute).
    pub dir: PathBuf,
    /// SHA-256 of its run.json.
    pub run_sha256: String,
    /// Every earlier run in the chain, oldest first; the last is the one in `dir`.
    pub prior: Vec<RunRecord>,
}

impl Continuation {
    /// Reads the run in `dir` and, through its own `after`, every run before it, checking each
    /// manifest against its record and each record against the hash its successor recorded.
    pub fn read(dir: &Path) -> Result<Continuation, Error> {
        let dir = fs::canonicalize(dir).map_err(Error::io(dir))?;
        let (record, text) = read_record(&dir)?;
        let run_sha256 = sha256_hex(text.as_bytes());
        let manifest = dir.join(MANIFEST);
        let want = record.files.iter().find(|f| f.name == MANIFEST).map(|f| f.sha256.clone()).unwrap_or_default();
        let have = sha256_hex(fs::read(&manifest).map_err(Error::io(&manifest))?);
        if have != want {
            return Err(Error::EarlierRunEdited(manifest));
        }
        let mut prior = match &record.after {
            None => Vec::new(),
            Some(after) => Continuation::read_recorded(after)?.prior,
        };
        prior.push(record);
        Ok(Continuation { dir, run_sha256, prior })
    }

    /// The earlier run a continuation's record names, refused if it changed since.
    pub fn read_recorded(after: &AfterRecord) -> Result<Continuation, Error> {
        let found = Continuation::read(&after.dir)?;
        if found.run_sha256 != after.run_sha256 {
            return Err(Error::EarlierRunChanged {
                dir: after.dir.clone(),
                recorded: after.run_sha256.clone(),
                found: found.run_sha256,
            });
        }
        Ok(found)
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

    /// Takes every earlier book into the drawer's uniqueness sets.
    pub fn prime(&self, drawer: &mut RunDrawer<'_>) {
        for r in &self.prior {
            let attempts = r.attempts();
            drawer.prime(r.settings.first_book, r.settings.books, |k| attempts.of(k));
        }
    }

    /// What the continuation's run.json says of it.
    pub fn record(&self) -> AfterRecord {
        AfterRecord { dir: self.dir.clone(), run_sha256: self.run_sha256.clone(), books: self.books() }
    }
}

//! Continuing an event: a run drawn after earlier runs (`generate --after`, the studio's Top
//! up) draws the books that come after them exactly as one larger run would have. A re-drawn
//! book depends on every book before it, so the earlier runs are re-drawn from their records
//! into the uniqueness sets first, and each is compared with its manifest as it is: a record
//! whose seed was edited draws other tickets than its manifest holds, and is refused.
//!
//! Where the earlier runs are kept is the caller's to know (folders on a disk, or a page's
//! storage): it reads and checks them, and hands their records here with a way to read each
//! one's manifest ([`Manifests`]).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::Error;
use crate::generate::RunDrawer;
use crate::record::manifest;
use crate::record::{AfterRecord, RunRecord};

/// The manifest of an earlier run, by its folder.
pub trait Manifests: Send + Sync {
    /// The manifest of the run in `folder`, for reading from the start.
    fn open(&self, folder: &Path) -> std::io::Result<Box<dyn Read + '_>>;
}

/// The runs before a continuation, oldest first, and what the continuation's record says of the
/// last of them.
#[derive(Clone)]
pub struct Continuation {
    /// Each earlier run's folder and record, oldest first.
    runs: Vec<(PathBuf, RunRecord)>,
    /// What the continuation's run.json says of the run it follows.
    after: AfterRecord,
    manifests: Arc<dyn Manifests>,
}

impl std::fmt::Debug for Continuation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Continuation")
            .field("dirs", &self.dirs().collect::<Vec<_>>())
            .field("after", &self.after)
            .finish()
    }
}

impl Continuation {
    /// The runs `runs` (each folder with its record, oldest first, already checked against
    /// their files by whoever read them), continued by a run whose record will say `after`;
    /// each run's manifest read through `manifests`.
    pub fn new(runs: Vec<(PathBuf, RunRecord)>, after: AfterRecord, manifests: Arc<dyn Manifests>) -> Continuation {
        assert!(!runs.is_empty(), "a continuation follows at least one run");
        Continuation { runs, after, manifests }
    }

    /// The earlier runs' folders, oldest first.
    pub fn dirs(&self) -> impl Iterator<Item = &Path> {
        self.runs.iter().map(|(dir, _)| dir.as_path())
    }

    /// The earlier runs' records, oldest first.
    pub fn records(&self) -> impl Iterator<Item = &RunRecord> {
        self.runs.iter().map(|(_, record)| record)
    }

    /// The folder of the run continued (the last of the chain).
    pub fn dir(&self) -> &Path {
        &self.runs.last().expect("at least one run").0
    }

    /// How many books the earlier runs hold together.
    pub fn books(&self) -> u64 {
        self.records().map(|r| r.settings.books).sum()
    }

    /// The number of the first book after them.
    pub fn next_book(&self) -> u64 {
        let last = self.latest();
        last.settings.first_book + last.settings.books
    }

    /// The earlier run's seed, for the generator its books came from: a continuation draws
    /// with the same.
    pub fn seed(&self) -> crate::generate::Seed {
        self.latest().seed()
    }

    /// How the earlier run's seed came about.
    pub fn seed_kind(&self) -> Option<crate::generate::SeedKind> {
        self.latest().seed_kind
    }

    /// Games per booklet of the earlier run (`None`: plain books).
    pub fn games(&self) -> Option<u16> {
        self.latest().settings.games
    }

    /// Whether the earlier run let lines repeat.
    pub fn allow_duplicate_lines(&self) -> bool {
        self.latest().settings.allow_duplicate_lines
    }

    /// The earlier run's blocks of unique lines, if it chose them: a continuation follows its
    /// chain's choice.
    pub fn unique_lines_per(&self) -> Option<u64> {
        self.latest().settings.unique_lines_per
    }

    /// The earlier run's record (the last of the chain).
    pub fn latest(&self) -> &RunRecord {
        &self.runs.last().expect("at least one run").1
    }

    /// What the continuation's run.json says of the run it follows.
    pub fn record(&self) -> &AfterRecord {
        &self.after
    }

    /// Takes every earlier book into the drawer's uniqueness sets, comparing each ticket with
    /// its run's manifest as it goes: a record whose seed or re-draws were edited draws other
    /// tickets than its manifest holds, and is refused.
    pub fn prime(&self, drawer: &mut RunDrawer<'_>) -> Result<(), Error> {
        for (dir, r) in &self.runs {
            let attempts = r.attempts();
            let path = dir.join(crate::record::MANIFEST);
            let file = self.manifests.open(dir).map_err(Error::io(&path))?;
            let name = path.display().to_string();
            let mut rows = manifest::rows(
                super::line_limit::LineLimit::new(std::io::BufReader::new(file)),
                &name,
                r.settings.numbering(),
            )
            .of_format(r.card_format);
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
}

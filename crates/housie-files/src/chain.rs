//! One event's runs: a run and the runs it continues (`generate --after`), played and checked
//! as one. Selling more books is why continuations exist, so the night, `check`, `winners` and
//! `plan`, given the latest folder of a chain, see every book of it: books 1–500 from `night`
//! and 501–600 from `night-more` are one run of 600 books.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use housie_core::error::Error;
use housie_core::record::{Attempts, RunRecord};

use crate::record::read_record;

/// One run of a chain: its folder and record.
#[derive(Clone, Debug)]
pub struct Part {
    /// The run's folder.
    pub dir: PathBuf,
    /// Its run.json.
    pub record: RunRecord,
}

/// A run and every run it continues, oldest first; the books are contiguous.
#[derive(Clone, Debug)]
pub struct Chain {
    parts: Vec<Part>,
}

impl Chain {
    /// The run in `dir` and the runs it continues, each checked against its files and the hash
    /// its successor recorded (see [`crate::continuation::read_recorded`]).
    pub fn open(dir: &Path) -> Result<Chain, Error> {
        let (record, _) = read_record(dir)?;
        Chain::with_record(dir, record)
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
        Ok(Chain { parts })
    }

    /// The whole chain the run in `dir` belongs to: the runs it continues and the runs that
    /// continue it (see [`latest_of`]).
    pub fn whole(dir: &Path) -> Result<Chain, Error> {
        Chain::open(&latest_of(dir))
    }

    /// The runs, oldest first.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The run opened (the last of the chain).
    pub fn latest(&self) -> &Part {
        self.parts.last().expect("a chain holds at least its own run")
    }

    /// Every book of the chain.
    pub fn books(&self) -> RangeInclusive<u64> {
        let first = self.parts[0].record.settings.first_book;
        first..=*self.latest().record.books().end()
    }

    /// How many books the chain holds.
    pub fn book_count(&self) -> u64 {
        self.parts.iter().map(|p| p.record.settings.books).sum()
    }

    /// The run that holds book `book`.
    pub fn part_of(&self, book: u64) -> Option<&Part> {
        self.parts.iter().find(|p| p.record.books().contains(&book))
    }

    /// The draw that produced each re-drawn book, over every run.
    pub fn attempts(&self) -> Attempts {
        Attempts::of_redraws(self.parts.iter().flat_map(|p| p.record.redraws.iter()))
    }

    /// How a file of `part` is named to a reader: as it is in a single run; with the folder's
    /// name in a chain (`night-more/books.pdf`), since every run has a `books.pdf`.
    pub fn file_name(&self, part: &Part, file: &str) -> String {
        match (self.parts.len(), part.dir.file_name()) {
            (1, _) | (_, None) => file.to_string(),
            (_, Some(folder)) => format!("{}/{file}", folder.to_string_lossy()),
        }
    }

    /// The PDF file (named as [`file_name`](Self::file_name) does) and page of a ticket.
    pub fn page_of(&self, book: u64, ticket: u8) -> Option<(String, u64)> {
        let part = self.part_of(book)?;
        let pages = part.record.pages();
        let (file, first) = pages.locate(book - part.record.settings.first_book);
        let per_page = pages.tickets_per_page.clamp(1, 6) as u64;
        Some((self.file_name(part, &file), first + (u64::from(ticket.max(1)) - 1) / per_page))
    }
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

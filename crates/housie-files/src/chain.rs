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

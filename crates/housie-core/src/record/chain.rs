//! One event's runs as data: a run and the runs it continues (`generate --after`), played and
//! checked as one. Selling more books is why continuations exist, so the night, `check`,
//! `winners` and `plan` see every book of a chain: books 1–500 from `night` and 501–600 from
//! `night-more` are one run of 600 books. Nothing here reads a folder: the disk's side (finding
//! and checking the runs) is `housie-files`', a page's is its own.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use super::{Attempts, RunRecord};

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
    /// The chain of `parts`, oldest first: the runs read and checked by whoever read them.
    pub fn of_parts(parts: Vec<Part>) -> Chain {
        assert!(!parts.is_empty(), "a chain holds at least its own run");
        Chain { parts }
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

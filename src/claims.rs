//! What `check` and `winners` share: a run's tickets by serial, the sold range, and a forgery
//! check that regenerates a single book from the seed.

use std::path::Path;

use crate::domain::Serial;
use crate::manifest::{self, Row};
use crate::record::{RunRecord, RUN_RECORD};
use crate::{Error, Generator, Seed, MANIFEST};

/// A run's tickets, read from its manifest, and its record when present.
pub struct Tickets {
    pub rows: Vec<Row>,
    pub record: Option<RunRecord>,
}

impl Tickets {
    /// Reads `DIR/manifest.csv` (which must be clean) and `DIR/run.json` if there.
    pub fn load(dir: &Path) -> Result<Tickets, Error> {
        let path = dir.join(MANIFEST);
        let m = manifest::read_file(&path).map_err(Error::io(&path))?;
        if let Some(p) = m.problems.first() {
            return Err(Error::Invalid(format!("{p} (and {} more; run `housie verify`)", m.problems.len() - 1)));
        }
        let record = if dir.join(RUN_RECORD).exists() { Some(crate::verify::read_record(dir)?.0) } else { None };
        Ok(Tickets { rows: m.rows, record })
    }

    pub fn find(&self, serial: Serial) -> Option<&Row> {
        self.rows.iter().find(|r| r.serial == serial)
    }

    /// The rows whose numbers are not what the seed draws for them (none without a run record).
    /// Each book is re-drawn once.
    pub fn forged(&self) -> std::collections::BTreeSet<Serial> {
        let Some(record) = self.record.as_ref() else { return Default::default() };
        let seed = Seed::from_text(&record.seed);
        let attempts: std::collections::HashMap<u64, u32> =
            record.redraws.iter().map(|r| (r.book, r.attempt)).collect();
        let mut drawn: Option<(u64, crate::Book)> = None;
        let mut forged = std::collections::BTreeSet::new();
        for row in &self.rows {
            let b = row.serial.book();
            if drawn.as_ref().is_none_or(|(k, _)| *k != b) {
                drawn = Some((b, Generator::get().book(&seed, b, attempts.get(&b).copied().unwrap_or(0))));
            }
            let (_, book) = drawn.as_ref().expect("drawn above");
            if book.tickets()[row.serial.ticket() as usize - 1] != row.ticket {
                forged.insert(row.serial);
            }
        }
        forged
    }

    /// Whether the row's numbers are what the seed draws for it (`None` without a run record).
    pub fn genuine(&self, row: &Row) -> Option<bool> {
        let record = self.record.as_ref()?;
        let book = row.serial.book();
        let drawn = Generator::get().book(&Seed::from_text(&record.seed), book, record.attempt(book));
        Some(drawn.tickets()[row.serial.ticket() as usize - 1] == row.ticket)
    }
}

/// Books sold, as an inclusive range of book numbers (`--sold 1-120`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sold {
    pub from: u64,
    pub to: u64,
}

impl std::str::FromStr for Sold {
    type Err = String;

    fn from_str(s: &str) -> Result<Sold, String> {
        let bad = || format!("`{s}` is not a range of book numbers like 1-120");
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let (from, to) = (a.trim().parse::<u64>().map_err(|_| bad())?, b.trim().parse::<u64>().map_err(|_| bad())?);
        if from == 0 || from > to {
            return Err(bad());
        }
        Ok(Sold { from, to })
    }
}

impl Sold {
    pub fn contains(&self, serial: Serial) -> bool {
        (self.from..=self.to).contains(&serial.book())
    }
}

//! What `check` and `winners` share: a run's tickets read from its manifest without holding it
//! (one row found by seeking, or all rows streamed), its record when present, the sold range, and
//! a forgery check that re-draws a book from the seed.

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use housie_core::domain::Book;
use housie_core::domain::{Numbering, Serial};
use housie_core::error::Error;
use housie_core::generate::{Generator, Seed};
use housie_core::record::manifest::{self, Row};
use housie_core::record::MANIFEST;
use housie_core::record::{Attempts, RunRecord, RUN_RECORD};
use housie_core::rules::books::BooksError;
use housie_core::rules::BookRanges;
use housie_files::chain::Chain;
use housie_files::record::{find_row, open_manifest};

/// How [`Tickets::fold_rows`] cuts a manifest of `len` bytes: four pieces a thread, so that a
/// thread that finishes early takes another, of 16 KiB (about 160 rows) to 4 MiB (about 38,000).
fn piece_size(len: u64) -> u64 {
    (len / (housie_core::support::parallel::threads() as u64 * 4)).clamp(16 << 10, 4 << 20)
}

/// A run folder opened for settling claims: with the runs it continues, if any (one event).
pub struct Tickets {
    /// Each run's manifest with its books (`None`: a manifest without its run.json), oldest first.
    manifests: Vec<(PathBuf, Option<RangeInclusive<u64>>)>,
    /// The run and those it continues, when run.json is there.
    chain: Option<Chain>,
    /// The run's record, when run.json is there.
    pub record: Option<RunRecord>,
    /// How the run writes its serials: from run.json, or read off the manifest.
    pub numbering: Numbering,
    /// The run's cards: from run.json; 90-ball without one.
    pub format: &'static housie_core::domain::CardFormat,
}

impl Tickets {
    /// Opens `DIR/manifest.csv` and reads `DIR/run.json` if there, with the runs it continues
    /// (each checked against its files). What can be checked without reading a whole manifest
    /// is: its header, that it ends with a whole line, and its size against the record; a
    /// damaged manifest is refused here.
    pub fn open(dir: &Path) -> Result<Tickets, Error> {
        let record = if dir.join(RUN_RECORD).exists() {
            Some(housie_files::record::read_record(dir)?.0)
        } else if was_generated_here(dir) {
            // housie's own folder without its run.json: a publication cut short, as verify says.
            return Err(Error::Incomplete(dir.to_path_buf()));
        } else {
            None
        };
        let chain = record.clone().map(|r| housie_files::chain::with_record(dir, r)).transpose()?;
        let manifests = match &chain {
            None => vec![(dir.join(MANIFEST), None)],
            Some(chain) => {
                chain.parts().iter().map(|p| (p.dir.join(MANIFEST), Some(p.record.books()))).collect::<Vec<_>>()
            }
        };
        for (i, (manifest, _)) in manifests.iter().enumerate() {
            let recorded = chain.as_ref().map(|c| &c.parts()[i].record);
            check_manifest(manifest, recorded)?;
        }
        let numbering = match &record {
            Some(r) => r.settings.numbering(),
            None => housie_files::record::numbering_of(&manifests[0].0).map_err(Error::io(&manifests[0].0))?,
        };
        let format = record.as_ref().map_or(&housie_core::domain::NINETY_BALL, |r| r.card_format);
        Ok(Tickets { manifests, chain, record, numbering, format })
    }

    /// The manifest that holds `serial`'s book.
    fn manifest_of(&self, serial: Serial) -> &Path {
        let found = self.manifests.iter().find(|(_, books)| books.as_ref().is_none_or(|b| b.contains(&serial.book())));
        &found.unwrap_or(&self.manifests[self.manifests.len() - 1]).0
    }

    /// The serial's row, if the manifest has one; an invalid row is an error. Not finding it,
    /// the rare case, reads the manifest through (streamed) to tell a damaged one apart.
    pub fn find(&self, serial: Serial) -> Result<Option<Row>, Error> {
        let path = self.manifest_of(serial);
        match find_row(path, serial, self.format).map_err(Error::io(path))? {
            None => {
                for row in self.rows()? {
                    row?;
                }
                Ok(None)
            }
            Some(Ok(row)) => Ok(Some(row)),
            Some(Err(problems)) => {
                Err(Error::Manifest(problems.into_iter().next().map(|p| p.to_string()).unwrap_or_default()))
            }
        }
    }

    /// The PDF a row's ticket is printed in, as a reader finds it: in a chain, with its folder
    /// (`night-more/books.pdf`).
    pub fn file_of(&self, row: &Row) -> String {
        match self.chain.as_ref().and_then(|c| c.part_of(row.serial.book()).map(|p| (c, p))) {
            Some((chain, part)) => chain.file_name(part, &row.file),
            None => row.file.to_string(),
        }
    }

    /// How many runs are read as one (a run and those it continues).
    pub fn runs(&self) -> usize {
        self.manifests.len()
    }

    /// Whether the run holds this serial: its book range with a record, else a search.
    pub fn contains(&self, serial: Serial) -> bool {
        match &self.chain {
            Some(c) => c.books().contains(&serial.book()),
            None => {
                let found = find_row(self.manifest_of(serial), serial, self.format);
                found.is_ok_and(|row| row.is_some_and(|r| r.is_ok()))
            }
        }
    }

    /// The colour name of game `game` in the run's template (`None` without run.json).
    pub fn colour_of(&self, game: u16) -> Option<String> {
        let record = self.record.as_ref()?;
        let template =
            housie_core::print::template::Template::parse(&record.template.toml, "run.json's template").ok()?;
        Some(template.game_colour(game).name.clone())
    }

    /// The books in play: `sold` ranges (`all` when `None`; booklets, in a run of booklets) of
    /// game `game`'s page, checked against the run, the same ranges the night takes. Tickets
    /// of books sold in parts (`12/1-3`, as the night's ledger writes them) are in play
    /// without the rest of their book.
    pub fn in_play(&self, sold: Option<&str>, game: Option<u16>) -> Result<BookRanges, BooksError> {
        let books = match &self.chain {
            Some(c) => c.books(),
            None => 1..=u64::MAX,
        };
        let text = sold.unwrap_or("all");
        if !text.contains('/') || self.numbering.games().is_some() {
            return BookRanges::parse(text, books, self.numbering, game);
        }
        let paper = crate::ledger::Paper::of_tickets(self.format.book() as u64);
        let tickets = paper.parse(text, books.clone()).map_err(|e| BooksError::Tickets(e.to_string()))?;
        let whole = paper.units_of(&tickets);
        let unsold = paper.of_units(&whole).minus(&tickets);
        let in_play = BookRanges::parse(&whole.to_string(), books, self.numbering, game)?;
        Ok(in_play.without(paper.tickets(&unsold)))
    }

    /// Checks a game asked for against the run: a run of booklets has games 1 to its games per
    /// booklet; a run without booklets has no games to choose.
    pub fn check_game(&self, game: Option<u16>) -> Result<(), BooksError> {
        match (self.numbering.games(), game) {
            (None, Some(_)) => Err(BooksError::NotBooklets),
            (Some(games), Some(game)) if game == 0 || game > games => Err(BooksError::GameOutOfRange { game, games }),
            _ => Ok(()),
        }
    }

    /// Every row in order (over every run of a chain), streamed; the first invalid row ends the
    /// stream with an error.
    pub fn rows(&self) -> Result<impl Iterator<Item = Result<Row, Error>> + '_, Error> {
        let mut files = Vec::with_capacity(self.manifests.len());
        for (path, books) in &self.manifests {
            let count = books.as_ref().map(|b| b.end().saturating_sub(*b.start()) + 1);
            files.push((open_manifest(path, count).map_err(Error::io(path))?, path.display().to_string()));
        }
        let (numbering, format) = (self.numbering, self.format);
        Ok(files.into_iter().flat_map(move |(file, name)| {
            manifest::rows(std::io::BufReader::new(file), &name, numbering).of_format(format).map(|row| {
                row.map_err(|problems| {
                    Error::Manifest(problems.into_iter().next().map(|p| p.to_string()).unwrap_or_default())
                })
            })
        }))
    }

    /// Every row (over every run of a chain) folded into one `T` on all cores: the manifests
    /// are read in pieces at once (see [`manifest::pieces`]), each piece into a `T` of its own
    /// from `start`, and the pieces `merge`d in order, so the result is the one a single pass
    /// gives. The first invalid row is an error, located as [`Tickets::rows`] locates it: a
    /// piece that meets a problem, or a quote (a manifest housie did not write, whose lines may
    /// not start rows), has the manifests read again in one pass. Rows that `pass` passes over
    /// (see [`manifest::PassOver`]) are not validated or added, but a piece's count of those it
    /// passed over as counted is given to `passed`; the pass of one piece again gives every row
    /// to `add`, which must then count them alike.
    pub fn fold_rows<T: Send>(
        &self,
        start: impl Fn() -> T + Sync,
        (pass, passed): (manifest::PassOver<'_>, impl Fn(&mut T, u64) + Sync),
        add: impl Fn(&mut T, Row) + Sync,
        mut merge: impl FnMut(&mut T, T),
    ) -> Result<T, Error> {
        use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
        let mut pieces = Vec::new();
        for (path, books) in &self.manifests {
            let count = books.as_ref().map(|b| b.end().saturating_sub(*b.start()) + 1);
            let mut file = open_manifest(path, count).map_err(Error::io(path))?;
            let len = file.metadata().map_err(Error::io(path))?.len();
            for range in manifest::pieces(&mut file, len, piece_size(len)).map_err(Error::io(path))? {
                pieces.push((path, count, range));
            }
        }
        let give_up = AtomicBool::new(false);
        let parts = housie_core::support::parallel::map_queue(&pieces, |(path, count, range)| {
            let file = open_manifest(path, *count).map_err(Error::io(path))?;
            let name = path.display().to_string();
            let mut rows = manifest::piece_rows(file, &name, range.clone(), self.numbering).map_err(Error::io(path))?;
            let mut part = start();
            while let Some(row) = rows.next_passing(pass) {
                match row {
                    Ok(row) if !give_up.load(Relaxed) => add(&mut part, row),
                    _ => {
                        give_up.store(true, Relaxed);
                        return Ok(None);
                    }
                }
            }
            passed(&mut part, rows.passed_over());
            if rows.quoted() {
                give_up.store(true, Relaxed);
                return Ok(None);
            }
            Ok::<_, Error>(Some(part))
        });
        let parts: Vec<Option<T>> = parts.into_iter().collect::<Result<_, Error>>()?;
        if let Some(parts) = parts.into_iter().collect::<Option<Vec<T>>>() {
            let mut all = start();
            for part in parts {
                merge(&mut all, part);
            }
            return Ok(all);
        }
        let mut all = start();
        for row in self.rows()? {
            add(&mut all, row?);
        }
        Ok(all)
    }

    /// Re-draws books from the seed to tell forged rows (`None` without a run record).
    pub fn redrawer(&self) -> Option<Redrawer> {
        let chain = self.chain.as_ref()?;
        let record = &chain.latest().record;
        Some(Redrawer { seed: record.seed(), format: record.card_format, attempts: chain.attempts(), last: None })
    }
}

/// What can be checked of a manifest without reading it whole: its header, that it ends with a
/// whole line, and its size against its run's record.
fn check_manifest(manifest: &Path, record: Option<&RunRecord>) -> Result<(), Error> {
    let io = Error::io(manifest);
    let mut file = open_manifest(manifest, record.map(|r| r.settings.books)).map_err(Error::io(manifest))?;
    let size = file.metadata().map_err(Error::io(manifest))?.len();
    let name = manifest.display().to_string();
    let damaged = |message: String| Error::Manifest(format!("{name}: {message}"));
    if size == 0 {
        return Err(damaged("is empty (no header)".into()));
    }
    let mut header = String::new();
    BufReader::new(&mut file).read_line(&mut header).map_err(io)?;
    let format = record.map_or(&housie_core::domain::NINETY_BALL, |r| r.card_format);
    let want = housie_core::record::manifest::columns(format).join(",");
    if header.trim_end() != want {
        return Err(damaged(format!("1: header: expected `{}…`", &want[..want.len().min(20)])));
    }
    let mut last = [0u8];
    file.seek(SeekFrom::End(-1)).and_then(|_| file.read_exact(&mut last)).map_err(Error::io(manifest))?;
    if last[0] != b'\n' {
        return Err(damaged("ends in the middle of a line (truncated?)".into()));
    }
    if let Some(recorded) = record.and_then(|r| r.files.iter().find(|f| f.name == MANIFEST)) {
        if recorded.bytes != size {
            return Err(damaged(format!("{size} bytes, but run.json records {}", recorded.bytes)));
        }
    }
    Ok(())
}

/// Whether `dir` is a folder housie generated into (its lock file, or a PDF of a run), rather
/// than a manifest received on its own.
fn was_generated_here(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == ".housie.lock" || housie_core::record::is_volume_name(&name)
        })
    })
}

/// Re-draws the book of each row asked about, keeping the last one (rows come book by book).
pub struct Redrawer {
    seed: Seed,
    format: &'static housie_core::domain::CardFormat,
    attempts: Attempts,
    last: Option<(u64, Book)>,
}

impl Redrawer {
    /// Whether the row's numbers are what the seed draws for its serial.
    pub fn genuine(&mut self, row: &Row) -> bool {
        let b = row.serial.book();
        if self.last.as_ref().is_none_or(|(k, _)| *k != b) {
            let attempt = self.attempts.of(b);
            self.last = Some((b, Generator::get().book_of(self.format, &self.seed, b, attempt)));
        }
        let (_, book) = self.last.as_ref().expect("drawn above");
        book.tickets()[row.serial.ticket() as usize - 1] == row.ticket
    }
}

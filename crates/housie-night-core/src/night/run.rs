//! The run a night plays: every ticket re-drawn from run.json's seed (the tickets the PDF
//! printed), checked row by row against the manifest, and indexed by number so that each call
//! touches only the tickets that hold it.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::PathBuf;

use super::error::OpenError;
use super::run_id::RunId;
use housie_core::domain::{Serial, Ticket};
use housie_core::generate::Generator;
use housie_core::record::chain::{Chain, Part};
use housie_core::record::MANIFEST;
use housie_core::record::{RunRecord, RUN_RECORD};
use housie_core::support::digest::sha256_hex;

/// Where a number sits on a ticket: packed as `ticket << 5 | place`, its place (0–31) among the
/// ticket's numbers in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot(u32);

impl Spot {
    fn new(ticket: usize, place: usize) -> Spot {
        Spot((ticket as u32) << 5 | place as u32)
    }

    /// The ticket's index in the run (book order, then place in the book).
    pub fn ticket(self) -> usize {
        (self.0 >> 5) as usize
    }

    /// The number's place among the ticket's numbers, in reading order (fewer than 32).
    pub fn place(self) -> usize {
        (self.0 & 31) as usize
    }
}

/// Opens the manifest of a run of the chain (from its folder natively, from the files a page
/// was given in a page).
pub type OpenManifest<'a> = dyn FnMut(&Part) -> Result<Box<dyn Read + 'a>, OpenError> + 'a;

/// A run's tickets, as the seed draws them: with every run of its chain (one event).
pub struct NightRun {
    /// The folder of the chain's last run.
    pub dir: PathBuf,
    /// Its run.json.
    pub record: RunRecord,
    /// The folder whose `night.sqlite` is the chain's night (the chain's first run's, natively;
    /// empty in a page, which has no folders).
    pub home: PathBuf,
    /// Whatever keeps the run's files from being replaced while it is played (natively, shared
    /// locks on every run folder of the chain), held as long as the run is.
    _held: Box<dyn std::any::Any + Send + Sync>,
    /// The run and the runs it continues, oldest first.
    chain: Chain,
    /// Which run this is: the night's database is bound to run.json's content.
    pub id: RunId,
    tickets: Vec<Ticket>,
    by_number: Vec<Vec<Spot>>,
    /// Serials whose manifest row differs from the seed's draw.
    forged: BTreeSet<Serial>,
    /// What reading the manifest noticed that is worth a warning at start.
    pub warnings: Vec<String>,
    /// The names of the template's game colours, for a run of booklets ("the Lime page").
    palette: Vec<String>,
}

impl NightRun {
    /// The run of `chain` (read and checked by whoever read its folders), its night bound to
    /// `home_text` (the run.json of the chain's first run, where the night is kept): every
    /// book re-drawn from the seed on all cores, and each row of each part's manifest, which
    /// `manifest` opens, compared with the ticket drawn for its serial. `home` is the folder
    /// the night is kept in and `held` whatever keeps the files from being replaced meanwhile.
    pub fn of_chain(
        chain: Chain,
        home_text: &str,
        home: PathBuf,
        held: Box<dyn std::any::Any + Send + Sync>,
        manifest: &mut OpenManifest<'_>,
    ) -> Result<NightRun, OpenError> {
        let id = RunId::of_text(home_text);
        let (record, dir) = (chain.latest().record.clone(), chain.latest().dir.clone());
        let tickets = draw_tickets(&chain);
        let palette = match record.settings.games {
            None => Vec::new(),
            Some(_) => housie_core::print::template::Template::parse(&record.template.toml, "run.json's template")
                .map(|t| t.palette().iter().map(|p| p.name.clone()).collect())
                .unwrap_or_default(),
        };
        let mut run = NightRun {
            palette,
            dir,
            record,
            home,
            _held: held,
            chain,
            id,
            by_number: index(&tickets),
            tickets,
            forged: BTreeSet::new(),
            warnings: Vec::new(),
        };
        for i in 0..run.chain.parts().len() {
            let file = manifest(&run.chain.parts()[i])?;
            run.compare_part(i, file)?;
        }
        Ok(run)
    }

    /// The code of the run the night is kept with (`4821-0937`), as its downloads show it.
    pub fn code(&self) -> String {
        housie_core::record::code_of(&self.id.content)
    }

    /// The night's database: `night.sqlite` in the chain's home folder.
    pub fn night_path(&self) -> PathBuf {
        self.home.join(housie_core::record::NIGHT_DB)
    }

    /// The colour name of game `game`'s pages in a run of booklets.
    pub fn colour_of(&self, game: u16) -> Option<&str> {
        (!self.palette.is_empty()).then(|| self.palette[(usize::from(game.max(1)) - 1) % self.palette.len()].as_str())
    }

    /// Book `book` as the seed draws it (with its recorded re-draws), for files made after the
    /// run (`housie export`).
    pub fn drawn(&self, book: u64) -> housie_core::generate::DrawnBook {
        let record = &self.chain.latest().record;
        let attempt = self.chain.attempts().of(book);
        let drawn = Generator::get().book_of(record.card_format, &record.seed(), book, attempt);
        housie_core::generate::DrawnBook { number: book, attempt, book: drawn }
    }

    /// The run's book numbers (with the runs it continues).
    pub fn books(&self) -> std::ops::RangeInclusive<u64> {
        self.chain.books()
    }

    /// The number of the first book (of the first run of the chain).
    fn first_book(&self) -> u64 {
        *self.chain.books().start()
    }

    /// How many runs the night plays as one (a run and those it continues).
    pub fn runs(&self) -> usize {
        self.chain.parts().len()
    }

    /// Tickets (75-ball faces) a book (sheet) of the run holds.
    pub fn per_book(&self) -> usize {
        self.record.card_format.book()
    }

    /// How many tickets the run holds.
    pub fn ticket_count(&self) -> usize {
        self.tickets.len()
    }

    /// A ticket's index in the run, if the serial is in it.
    pub fn index_of(&self, serial: Serial) -> Option<usize> {
        self.books()
            .contains(&serial.book())
            .then(|| (serial.book() - self.first_book()) as usize * self.per_book() + serial.ticket() as usize - 1)
    }

    /// The tickets of the books in play in a game (its page of each booklet in play).
    pub fn tickets_in(&self, books: &housie_core::rules::BookRanges) -> Vec<Ticket> {
        let (first, per_book) = (self.first_book(), self.per_book());
        self.books()
            .filter(|&b| books.contains(b))
            .flat_map(|b| {
                let i = (b - first) as usize * per_book;
                let tickets = self.tickets[i..i + per_book].iter().copied().enumerate();
                tickets.filter(move |&(t, _)| books.holds(b, t as u8 + 1)).map(|(_, ticket)| ticket)
            })
            .collect()
    }

    /// The ticket at `index` (book order, then place in the book).
    pub fn ticket(&self, index: usize) -> &Ticket {
        &self.tickets[index]
    }

    /// Whether the ticket at `index` is in play in a game with `books`.
    pub fn in_play(&self, index: usize, books: &housie_core::rules::BookRanges) -> bool {
        books.holds(self.book_of(index), (index % self.per_book()) as u8 + 1)
    }

    /// The book number of the ticket at `index`.
    pub fn book_of(&self, index: usize) -> u64 {
        self.first_book() + (index / self.per_book()) as u64
    }

    /// Where each ticket holding `n` has it.
    pub fn spots(&self, n: u8) -> &[Spot] {
        &self.by_number[n as usize]
    }

    /// Whether the manifest's row for `serial` differs from the seed's draw.
    pub fn is_forged(&self, serial: Serial) -> bool {
        self.forged.contains(&serial)
    }

    /// The PDF file and page a ticket is printed on (in a chain, the file's folder first).
    pub fn page_of(&self, serial: Serial) -> (String, u64) {
        self.chain.page_of(serial.book(), serial.ticket()).unwrap_or_default()
    }

    /// Compares the manifest of the chain's part `i` (the run that holds its books), read from
    /// `file`, with the seed's tickets.
    fn compare_part(&mut self, i: usize, file: Box<dyn Read + '_>) -> Result<(), OpenError> {
        let part = &self.chain.parts()[i];
        let (dir, books) = (part.dir.clone(), part.record.books());
        let path = dir.join(MANIFEST);
        let (per_book, width) = (self.per_book(), self.record.card_format.cells());
        let first = (*books.start() - self.first_book()) as usize * per_book;
        let expected = (books.end() - books.start() + 1) as usize * per_book;
        let forged_before = self.forged.len();
        let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(file);
        let numbering = self.record.settings.numbering();
        let bad = |line: u64, message: String| OpenError::Manifest { path: path.clone(), line, message };
        let mut record = csv::ByteRecord::new();
        let mut rows = 0usize;
        let mut seen = vec![false; expected];
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) => return Err(bad(e.position().map_or(0, |p| p.line()), format!("unreadable CSV: {e}"))),
            }
            let line = record.position().map_or(0, |p| p.line());
            if record.len() < 3 + width {
                return Err(bad(line, format!("{} fields, expected at least {}", record.len(), 3 + width)));
            }
            let text = String::from_utf8_lossy(&record[0]);
            let serial = numbering.parse(&text).map_err(|e| bad(line, format!("serial: {e}")))?;
            let Some(i) = self.index_of(serial).filter(|_| books.contains(&serial.book())) else {
                let (a, b) = (books.start(), books.end());
                return Err(bad(line, format!("serial: {serial} is not a book of this run (books {a}-{b})")));
            };
            rows += 1;
            seen[i - first] = true;
            let cells = self.tickets[i].cells();
            let same = (0..width).all(|c| {
                let field = record[3 + c].trim_ascii();
                let n = if field.is_empty() {
                    Some(0)
                } else {
                    std::str::from_utf8(field).ok().and_then(|f| f.parse::<u8>().ok())
                };
                n == Some(cells[c])
            });
            if !same {
                self.forged.insert(serial);
            }
        }
        let forged = self.forged.len() - forged_before;
        if let Some(first) = self.forged.iter().find(|s| books.contains(&s.book())).filter(|_| forged > 0) {
            self.warnings.push(format!(
                "{}: {} ticket(s) differ from the seed's draw (first {first}); claims on them are refused as forged. \
                 Run `housie verify {}`",
                path.display(),
                forged,
                dir.display()
            ));
        }
        let missing = seen.iter().filter(|s| !**s).count();
        if rows != expected || missing > 0 {
            self.warnings.push(format!(
                "{}: {rows} rows for {expected} tickets ({missing} missing); the tickets are taken from the seed",
                path.display(),
            ));
        }
        Ok(())
    }
}

impl std::fmt::Debug for NightRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NightRun({}, {} tickets)", self.dir.join(RUN_RECORD).display(), self.tickets.len())
    }
}

impl RunId {
    /// The identity of the run whose run.json reads `text`.
    pub fn of_text(text: &str) -> RunId {
        RunId { content: content_sha256(text), bytes: sha256_hex(text.as_bytes()) }
    }
}

pub use housie_core::record::content_sha256;

/// Every ticket of the chain in book order, drawn on all cores.
fn draw_tickets(chain: &Chain) -> Vec<Ticket> {
    let (seed, format) = (chain.latest().record.seed(), chain.latest().record.card_format);
    let attempts = chain.attempts();
    let generator = Generator::get();
    let books: Vec<u64> = chain.books().collect();
    housie_core::support::parallel::map_chunks(&books, |part| {
        let mut out = Vec::with_capacity(part.len() * format.book());
        for &b in part {
            out.extend_from_slice(generator.book_of(format, &seed, b, attempts.of(b)).tickets());
        }
        out
    })
}

fn index(tickets: &[Ticket]) -> Vec<Vec<Spot>> {
    let board = tickets.first().map_or(90, |t| t.format().numbers());
    let mut by_number: Vec<Vec<Spot>> = (0..=board).map(|_| Vec::with_capacity(tickets.len() / 6 + 1)).collect();
    for (i, t) in tickets.iter().enumerate() {
        for (place, n) in t.reading_order().into_iter().enumerate().filter(|&(_, n)| n != 0) {
            by_number[n as usize].push(Spot::new(i, place));
        }
    }
    by_number
}

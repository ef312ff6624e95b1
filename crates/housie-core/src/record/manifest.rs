//! Reading a manifest back, streaming: every row through the one validation path, every problem
//! located by file, line and field, the run-wide rules (complete books, unique serials, tickets
//! and lines) checked as rows pass, and one serial's row found by seeking, not reading it all.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};

use super::line_limit::LineLimit;
use rustc_hash::FxHashMap;

use crate::domain::format::CardFormat;
use crate::domain::{Book, Numbering, Serial, Ticket, NINETY_BALL};

/// The manifest's header for cards of `format`, in order: what the writer (`export::csv`)
/// writes and every reader expects (90-ball: `r1c1` … `r3c9`).
pub fn columns(format: &CardFormat) -> Vec<String> {
    let mut cols = vec!["serial".to_string(), "book".to_string(), "ticket".to_string()];
    for r in 1..=format.rows() {
        for c in 1..=format.cols() {
            cols.push(format!("r{r}c{c}"));
        }
    }
    cols.push("file".to_string());
    cols.push("page".to_string());
    cols.push("booklet".to_string());
    cols.push("game".to_string());
    cols
}

/// One valid manifest row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its line in the file.
    pub line: u64,
    /// The ticket's serial.
    pub serial: Serial,
    /// The ticket.
    pub ticket: Ticket,
    /// The PDF file it is printed in (shared by the rows that name the same file, so reading a
    /// row allocates nothing for it).
    pub file: std::sync::Arc<str>,
    /// Its page there.
    pub page: u64,
}

/// A problem, located by line (0 for the file as a whole) and field.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RowProblem {
    /// The file.
    pub file: String,
    /// The line (0 for the file as a whole).
    pub line: u64,
    /// The field (column) at fault.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RowProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.field.is_empty()) {
            (0, true) => write!(f, "{}: {}", self.file, self.message),
            (0, false) => write!(f, "{}: {}: {}", self.file, self.field, self.message),
            (l, true) => write!(f, "{}:{l}: {}", self.file, self.message),
            (l, false) => write!(f, "{}:{l}: {}: {}", self.file, self.field, self.message),
        }
    }
}

/// Reads manifest rows one at a time, each through the one validation path: a valid row, or
/// every problem it has. Memory does not grow with the manifest.
pub struct Rows<R: Read> {
    reader: records::Records<R>,
    name: String,
    expected: Vec<String>,
    numbering: Numbering,
    format: &'static CardFormat,
    header_done: bool,
    finished: bool,
    /// The file named by the last row, shared with the rows that name it too.
    file: std::sync::Arc<str>,
    /// Whether the reader started at the file's start, so that the CSV reader's lines are the
    /// file's (a piece further on gives its rows line 0, as [`find`] does).
    numbered: bool,
    /// Rows passed over as counted (see [`Rows::next_passing`]).
    passed_over: u64,
}

/// Rows from any reader of a 90-ball run whose serials are written by `numbering`; `name`
/// labels problems.
pub fn rows<R: Read>(reader: R, name: &str, numbering: Numbering) -> Rows<R> {
    Rows {
        reader: records::Records::new(reader),
        name: name.to_string(),
        expected: columns(&NINETY_BALL),
        numbering,
        format: &NINETY_BALL,
        header_done: false,
        file: "".into(),
        finished: false,
        numbered: true,
        passed_over: 0,
    }
}

impl<R: Read> Rows<R> {
    /// The rows of a run of cards of `format`.
    pub fn of_format(mut self, format: &'static CardFormat) -> Rows<R> {
        self.format = format;
        self.expected = columns(format);
        self
    }

    fn problem(&self, line: u64, field: &str, message: String) -> RowProblem {
        RowProblem { file: self.name.clone(), line, field: field.to_string(), message }
    }
}

impl<R: Read> Iterator for Rows<R> {
    type Item = Result<Row, Vec<RowProblem>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_passing(&|_, _| None)
    }
}

/// Whether a row may be passed over, decided from its raw bytes and its fields' ranges in them
/// (the header read, and the row holding at least the manifest's columns), before the row is
/// checked as UTF-8 and cut into text, and before the validation path: `None` reads it whole;
/// `Some(counted)` passes over it, counted in [`Rows::passed_over`] or not. For a reader that
/// needs only some rows in full (`winners`: those that may complete a prize), since cutting and
/// validating a row is most of reading it.
pub type PassOver<'a> = &'a (dyn Fn(&[u8], &[std::ops::Range<usize>]) -> Option<bool> + Sync);

impl<R: Read> Rows<R> {
    /// The next row not passed over by `pass` (see [`PassOver`]).
    pub fn next_passing(&mut self, pass: PassOver<'_>) -> Option<Result<Row, Vec<RowProblem>>> {
        while !self.finished {
            match self.reader.read() {
                Ok(false) => {
                    self.finished = true;
                    if !self.header_done {
                        return Some(Err(vec![self.problem(0, "", "is empty (no header)".into())]));
                    }
                    return None;
                }
                Ok(true) => {}
                Err(e) => {
                    self.finished = true;
                    let line = if self.numbered { e.line } else { 0 };
                    return Some(Err(vec![self.problem(line, "", format!("unreadable CSV: {}", e.message))]));
                }
            }
            let line = if self.numbered { self.reader.line() } else { 0 };
            if self.header_done && self.reader.fields().len() >= self.expected.len() {
                if let Some(counted) = pass(self.reader.bytes(), self.reader.fields()) {
                    self.passed_over += u64::from(counted);
                    continue;
                }
            }
            // A 90-ball manifest's 34 fields fit on the stack; only a longer row takes a vector.
            let (mut small, mut large) = ([""; 48], Vec::new());
            let fields = match split(self.reader.bytes(), self.reader.fields(), &mut small, &mut large) {
                Ok(f) => f,
                Err(i) => {
                    let field = if self.header_done {
                        self.expected.get(i).cloned().unwrap_or_default()
                    } else {
                        "header".into()
                    };
                    self.header_done = true;
                    return Some(Err(vec![self.problem(line, &field, "is not valid UTF-8".into())]));
                }
            };
            if !self.header_done {
                self.header_done = true;
                if fields.len() < self.expected.len() || fields[..self.expected.len()] != self.expected[..] {
                    let got = crate::domain::text::clip(&fields.join(","), 60);
                    self.finished = true;
                    let want = self.expected[..4].join(",");
                    return Some(Err(vec![self.problem(line, "header", format!("expected `{want}…`, found `{got}`"))]));
                }
                continue;
            }
            if fields.len() < self.expected.len() {
                let message = format!("{} fields, expected {}", fields.len(), self.expected.len());
                return Some(Err(vec![self.problem(line, "", message)]));
            }
            let file_field = 3 + self.format.cells();
            if *self.file != *fields[file_field] {
                self.file = fields[file_field].into();
            }
            return Some(
                parse_row(fields, line, &self.expected, (self.numbering, self.format), &self.file)
                    .map_err(|found| found.into_iter().map(|(field, msg)| self.problem(line, &field, msg)).collect()),
            );
        }
        None
    }

    /// How many rows `pass` passed over as counted.
    pub fn passed_over(&self) -> u64 {
        self.passed_over
    }
}

/// A record's fields as text: its bytes checked as UTF-8 once, then cut at `ranges` (a field
/// cut inside a character, valid only joined to the next field's bytes, is not valid);
/// `Err(i)`: field `i` is not UTF-8.
fn split<'a>(
    bytes: &'a [u8],
    ranges: &[std::ops::Range<usize>],
    small: &'a mut [&'a str; 48],
    large: &'a mut Vec<&'a str>,
) -> Result<&'a [&'a str], usize> {
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let fields: &mut [&str] = if ranges.len() <= small.len() {
                &mut small[..ranges.len()]
            } else {
                large.resize(ranges.len(), "");
                large
            };
            for (i, range) in ranges.iter().enumerate() {
                fields[i] = text.get(range.clone()).ok_or(i)?;
            }
            Ok(fields)
        }
        Err(e) => Err(ranges.iter().position(|r| r.end > e.valid_up_to()).unwrap_or(0)),
    }
}

/// A reader that notes whether a quote (`"`) passed through it.
pub struct QuoteWatch<R> {
    inner: R,
    seen: bool,
}

impl<R: Read> Read for QuoteWatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen |= buf[..n].contains(&b'"');
        Ok(n)
    }
}

impl<R: Read> Rows<QuoteWatch<R>> {
    /// Whether a quote has been read: then a line need not start a row (a quoted field may hold
    /// a newline), and a piece of the manifest (see [`pieces`]) may have been cut inside a row.
    pub fn quoted(&self) -> bool {
        self.reader.get_ref().seen
    }
}

/// Where a manifest can be cut for threads to read it at once: byte ranges of about `size`
/// bytes, each but the first starting after a newline. housie quotes no field, so each of its
/// lines starts a row; what [`piece_rows`] reads notes any quote, for a reader to read such a
/// manifest whole instead.
pub fn pieces<F: Read + Seek>(file: &mut F, len: u64, size: u64) -> std::io::Result<Vec<std::ops::Range<u64>>> {
    let mut starts = vec![0u64];
    let mut target = size.max(1);
    while target < len {
        // From the byte before the target, so that a line ending there cuts at the target.
        file.seek(SeekFrom::Start(target - 1))?;
        let mut rest = Vec::new();
        let skipped = BufReader::new((&mut *file).take(64 * 1024)).read_until(b'\n', &mut rest)? as u64;
        let start = target - 1 + skipped;
        if !rest.ends_with(b"\n") || start >= len {
            break;
        }
        starts.push(start);
        target = start + size.max(1);
    }
    let ends = starts.iter().skip(1).copied().chain([len]);
    Ok(starts.iter().zip(ends).map(|(&start, end)| start..end).collect())
}

/// The rows of one piece of a manifest (see [`pieces`]): the first piece starts with the
/// header; the others' rows have no line number (0). `file` is the manifest, named `name`.
pub fn piece_rows<F: Read + Seek>(
    mut file: F,
    name: &str,
    range: std::ops::Range<u64>,
    numbering: Numbering,
) -> std::io::Result<Rows<QuoteWatch<std::io::Take<F>>>> {
    file.seek(SeekFrom::Start(range.start))?;
    let watch = QuoteWatch { inner: file.take(range.end.saturating_sub(range.start)), seen: false };
    let mut rows = rows(watch, name, numbering);
    if range.start > 0 {
        rows.header_done = true;
        rows.numbered = false;
    }
    Ok(rows)
}

/// The rules across rows, checked as rows stream past: every book complete and valid (a
/// book's rows are consecutive, as housie writes them), serials unique, and, when asked, no
/// ticket or line repeated. Only compact keys are kept: 20 bytes a ticket and 12 a line.
pub struct RunChecks {
    name: String,
    uniqueness: bool,
    serials: FxHashMap<u64, u32>,
    tickets: FxHashMap<u128, u32>,
    lines: FxHashMap<u64, u32>,
    books_seen: FxHashMap<u64, u32>,
    book: Vec<Row>,
    /// Every problem found so far.
    pub problems: Vec<RowProblem>,
    /// Rows that share a line with an earlier one (a problem only where lines must be unique).
    pub duplicate_lines: Vec<RowProblem>,
    /// Rows read.
    pub rows: u64,
    /// Which books keep their lines apart: books in different scopes may share a line.
    line_scope: Box<dyn Fn(u64) -> u64>,
}

impl RunChecks {
    /// `uniqueness`: also look for repeated serials, tickets and lines.
    pub fn new(name: &str, uniqueness: bool) -> RunChecks {
        RunChecks {
            name: name.to_string(),
            uniqueness,
            serials: FxHashMap::default(),
            tickets: FxHashMap::default(),
            lines: FxHashMap::default(),
            books_seen: FxHashMap::default(),
            book: Vec::new(),
            problems: Vec::new(),
            duplicate_lines: Vec::new(),
            rows: 0,
            line_scope: Box::new(|_| 0),
        }
    }

    /// Lines are kept apart only among books of the same scope (`scope(book)`): a game of a
    /// run of booklets, or a block of a run with unique lines within blocks.
    pub fn with_line_scopes(mut self, scope: impl Fn(u64) -> u64 + 'static) -> RunChecks {
        self.line_scope = Box::new(scope);
        self
    }

    fn problem(&self, line: u64, field: &str, message: String) -> RowProblem {
        RowProblem { file: self.name.clone(), line, field: field.to_string(), message }
    }

    /// One result from [`Rows`].
    pub fn add(&mut self, row: Result<Row, Vec<RowProblem>>) {
        match row {
            Ok(row) => self.add_row(row),
            Err(problems) => self.problems.extend(problems),
        }
    }

    fn add_row(&mut self, row: Row) {
        self.rows += 1;
        let line = row.line as u32;
        if self.uniqueness {
            let key = row.serial.book() << 3 | u64::from(row.serial.ticket());
            if let Some(first) = self.serials.insert(key, line) {
                let p = self.problem(row.line, "serial", format!("{} was already used on line {first}", row.serial));
                self.problems.push(p);
            }
            if let Some(l) = self.tickets.insert(row.ticket.mask(), line) {
                let p = self.problem(
                    row.line,
                    "ticket",
                    format!("{} holds the same 15 numbers as the ticket on line {l}", row.serial),
                );
                self.problems.push(p);
            }
            let scope = (self.line_scope)(row.serial.book());
            for r in 0..row.ticket.format().rows() {
                let numbers = row.ticket.row(r);
                // 35 bits of line, its scope above them.
                let key = numbers.iter().fold(0u64, |k, &n| k << 7 | u64::from(n)) | scope << 35;
                if let Some(l) = self.lines.insert(key, line) {
                    let nums: Vec<String> = numbers.iter().map(u8::to_string).collect();
                    let p = self.problem(
                        row.line,
                        "ticket",
                        format!("{} repeats the line {} of the ticket on line {l}", row.serial, nums.join(" ")),
                    );
                    self.duplicate_lines.push(p);
                }
            }
        }
        if self.book.first().is_some_and(|first| first.serial.book() != row.serial.book()) {
            self.close_book();
        }
        if self.book.is_empty() {
            if let Some(first) = self.books_seen.insert(row.serial.book(), line) {
                let p = self.problem(
                    row.line,
                    "book",
                    format!("book {} continues away from its rows (which start on line {first})", row.serial.book()),
                );
                self.problems.push(p);
            }
        }
        self.book.push(row);
    }

    /// Checks the book whose rows were just read.
    fn close_book(&mut self) {
        let rows = std::mem::take(&mut self.book);
        let Some(first) = rows.first() else { return };
        let (book, line) = (first.serial.book(), first.line);
        let mut places: Vec<u8> = rows.iter().map(|r| r.serial.ticket()).collect();
        places.sort_unstable();
        places.dedup();
        let format = first.ticket.format();
        if rows.len() != format.book() || places.len() != format.book() {
            let p = self.problem(
                line,
                "book",
                format!("book {book} has {} ticket rows, expected tickets 1–{} once each", rows.len(), format.book()),
            );
            self.problems.push(p);
            return;
        }
        let mut tickets = rows;
        tickets.sort_by_key(|r| r.serial.ticket());
        let cards: Vec<Ticket> = tickets.iter().map(|r| r.ticket).collect();
        if let Err(e) = Book::of_format(format, &cards) {
            let p = self.problem(line, "book", format!("book {book}: {e}"));
            self.problems.push(p);
        }
    }

    /// Checks the last book; the problems are then complete.
    pub fn finish(mut self) -> RunChecks {
        self.close_book();
        self
    }
}

/// The most bytes one row of a manifest takes (a row is about 110; the file column names a
/// volume), so a manifest of `books` books is never larger than [`max_size`] says.
const ROW_MAX: u64 = 512;
/// The most bytes of a manifest whose run is not known: 100,000 books' worth, and then some.
pub const MANIFEST_MAX: u64 = 1 << 30;

/// The most bytes a manifest of `books` books can take (every book's six rows at their
/// longest, and the header), or [`MANIFEST_MAX`] when its run is not known.
pub fn max_size(books: Option<u64>) -> u64 {
    books.map_or(MANIFEST_MAX, |b| b.saturating_mul(6 * ROW_MAX).saturating_add(4096))
}

/// Checks a manifest on its own (named `name` in what it finds), streaming it: every row,
/// every book, and every repeat.
pub fn check(manifest: impl Read, name: &str, numbering: Numbering) -> std::io::Result<RunChecks> {
    let mut checks = RunChecks::new(name, true);
    for row in rows(LineLimit::new(std::io::BufReader::new(manifest)), name, numbering) {
        checks.add(row);
    }
    Ok(checks.finish())
}

/// How a manifest's serials are written, read off its rows for a manifest without its run.json:
/// three-part serials are books; four-part ones are booklets, whose games per booklet the
/// first row past booklet 1 gives (book = (booklet − 1) × games + game), or else the highest game.
pub fn numbering_of(manifest: impl Read) -> std::io::Result<Numbering> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(LineLimit::new(BufReader::new(manifest)));
    // The booklet and game columns, wherever the card's cells end.
    let header = reader.headers().cloned().unwrap_or_default();
    let at = |name: &str| header.iter().position(|c| c == name);
    let (Some(booklet_at), Some(game_at)) = (at("booklet"), at("game")) else { return Ok(Numbering::BOOKS) };
    let mut most = 0u64;
    for record in reader.records() {
        let Ok(record) = record else { break };
        let field = |i: usize| record.get(i).and_then(|f| f.trim().parse::<u64>().ok());
        if record.get(0).is_some_and(|s| s.split('-').count() != 4) {
            return Ok(Numbering::BOOKS);
        }
        let (Some(book), Some(booklet), Some(game)) = (field(1), field(booklet_at), field(game_at)) else { break };
        if booklet > 1 && book >= game {
            let games = (book - game) / (booklet - 1);
            return Ok(u16::try_from(games).ok().and_then(Numbering::booklets).unwrap_or(Numbering::BOOKS));
        }
        most = most.max(game);
    }
    Ok(u16::try_from(most).ok().and_then(Numbering::booklets).unwrap_or(Numbering::BOOKS))
}

fn parse_row(
    f: &[&str],
    line: u64,
    names: &[String],
    (numbering, format): (Numbering, &'static CardFormat),
    file: &std::sync::Arc<str>,
) -> Result<Row, Vec<(String, String)>> {
    let mut bad: Vec<(String, String)> = Vec::new();
    let serial = numbering.parse(f[0]).map_err(|e| bad.push(("serial".into(), e.to_string()))).ok();
    let book =
        f[1].parse::<u64>().map_err(|_| bad.push(("book".into(), format!("`{}` is not a book number", f[1])))).ok();
    let ticket = f[2]
        .parse::<u8>()
        .map_err(|_| bad.push(("ticket".into(), format!("`{}` is not 1–{}", f[2], format.book()))))
        .ok();
    if let (Some(s), Some(b), Some(t)) = (serial, book, ticket) {
        if s.book() != b || s.ticket() != t {
            bad.push((
                "serial".into(),
                format!("{s} is book {} ticket {}, but the row says book {b} ticket {t}", s.book(), s.ticket()),
            ));
        }
    }
    let mut cells = [None; crate::domain::format::MAX_CELLS];
    for (i, cell) in cells[..format.cells()].iter_mut().enumerate() {
        // As housie writes them (one or two digits, or nothing), with no trimming to do.
        let text = match f[3 + i].as_bytes() {
            [] => continue,
            [d] if d.is_ascii_digit() => {
                *cell = Some(d - b'0');
                continue;
            }
            [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
                *cell = Some((a - b'0') * 10 + (b - b'0'));
                continue;
            }
            _ => f[3 + i].trim(),
        };
        if text.is_empty() {
            continue;
        }
        match text.parse::<u8>() {
            Ok(n) => *cell = Some(n),
            Err(_) => bad.push((names[3 + i].clone(), format!("`{text}` is not a number"))),
        }
    }
    let ticket_value = if bad.iter().any(|(f, _)| f.starts_with('r')) {
        None
    } else {
        Ticket::of_format(format, &cells[..format.cells()])
            .map_err(|e| {
                for v in e.violations {
                    bad.push(("ticket".into(), v.to_string()));
                }
            })
            .ok()
    };
    let file = file.clone();
    if file.is_empty() {
        bad.push(("file".into(), "is empty".into()));
    }
    // After the cells: file, page, booklet, game.
    let after = 3 + format.cells();
    let page = f[after + 1].parse::<u64>().ok().filter(|&p| p >= 1);
    if page.is_none() {
        bad.push(("page".into(), format!("`{}` is not a page number", f[after + 1])));
    }
    if let Some(s) = serial {
        for (i, name, want) in [(after + 2, "booklet", s.booklet()), (after + 3, "game", u64::from(s.game()))] {
            if f[i].trim().parse::<u64>().ok() != Some(want) {
                bad.push((name.into(), format!("`{}` is not {s}'s {name}, {want}", f[i])));
            }
        }
    }
    match (serial, ticket_value, page, bad.is_empty()) {
        (Some(serial), Some(ticket), Some(page), true) => Ok(Row { line, serial, ticket, file, page }),
        _ => Err(bad),
    }
}

mod find;
mod records;
#[cfg(test)]
mod tests;

pub use find::find;

//! Reading a manifest back: every row through the one validation path, every problem located
//! by file, line and field, and the run-wide rules (complete books, unique serials, tickets and
//! lines) checked across rows.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

use crate::domain::{Book, Serial, Ticket, COLS, ROWS, TICKETS_PER_BOOK};
use crate::export::csv::columns;

/// One valid manifest row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub line: u64,
    pub serial: Serial,
    pub ticket: Ticket,
    pub file: String,
    pub page: u64,
}

/// A problem, located by line (0 for the file as a whole) and field.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    pub file: String,
    pub line: u64,
    pub field: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.field.is_empty()) {
            (0, true) => write!(f, "{}: {}", self.file, self.message),
            (0, false) => write!(f, "{}: {}: {}", self.file, self.field, self.message),
            (l, true) => write!(f, "{}:{l}: {}", self.file, self.message),
            (l, false) => write!(f, "{}:{l}: {}: {}", self.file, self.field, self.message),
        }
    }
}

/// What reading found: the rows that are valid tickets, and every problem.
#[derive(Debug, Default)]
pub struct Manifest {
    pub rows: Vec<Row>,
    pub problems: Vec<Problem>,
    /// Pairs of rows that share a line (reported as problems only when lines must be unique).
    pub duplicate_lines: Vec<Problem>,
}

/// Reads and checks a manifest's bytes; `name` labels problems.
pub fn read(bytes: &[u8], name: &str) -> Manifest {
    let mut m = Manifest::default();
    let problem = |line: u64, field: &str, message: String| Problem {
        file: name.to_string(),
        line,
        field: field.to_string(),
        message,
    };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let expected = columns();
    let mut record = csv::ByteRecord::new();
    let mut first = true;
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                m.problems.push(problem(line, "", format!("unreadable CSV: {e}")));
                break;
            }
        }
        let line = record.position().map_or(0, |p| p.line());
        let fields: Result<Vec<&str>, usize> =
            record.iter().enumerate().map(|(i, f)| std::str::from_utf8(f).map_err(|_| i)).collect();
        let fields = match fields {
            Ok(f) => f,
            Err(i) => {
                let field = if first { "header".to_string() } else { expected.get(i).cloned().unwrap_or_default() };
                m.problems.push(problem(line, &field, "is not valid UTF-8".into()));
                first = false;
                continue;
            }
        };
        if first {
            first = false;
            if fields.len() < expected.len() || fields[..expected.len()] != expected[..] {
                let got = fields.join(",");
                m.problems.push(problem(
                    line,
                    "header",
                    format!("expected `{}…`, found `{got}`", &expected[..4].join(",")),
                ));
                return m;
            }
            continue;
        }
        if fields.len() < expected.len() {
            m.problems.push(problem(line, "", format!("{} fields, expected {}", fields.len(), expected.len())));
            continue;
        }
        match parse_row(&fields, line, &expected) {
            Ok(row) => m.rows.push(row),
            Err(found) => m.problems.extend(found.into_iter().map(|(field, msg)| problem(line, &field, msg))),
        }
    }
    if first {
        m.problems.push(problem(0, "", "is empty (no header)".into()));
    }
    check_run(&mut m, name);
    m
}

/// Reads a manifest file; an I/O failure is the caller's "could not read".
pub fn read_file(path: &Path) -> std::io::Result<Manifest> {
    let bytes = std::fs::read(path)?;
    Ok(read(&bytes, &path.display().to_string()))
}

fn parse_row(f: &[&str], line: u64, names: &[String]) -> Result<Row, Vec<(String, String)>> {
    let mut bad: Vec<(String, String)> = Vec::new();
    let serial = f[0].parse::<Serial>().map_err(|e| bad.push(("serial".into(), e.to_string()))).ok();
    let book =
        f[1].parse::<u64>().map_err(|_| bad.push(("book".into(), format!("`{}` is not a book number", f[1])))).ok();
    let ticket = f[2].parse::<u8>().map_err(|_| bad.push(("ticket".into(), format!("`{}` is not 1–6", f[2])))).ok();
    if let (Some(s), Some(b), Some(t)) = (serial, book, ticket) {
        if s.book() != b || s.ticket() != t {
            bad.push((
                "serial".into(),
                format!("{s} is book {} ticket {}, but the row says book {b} ticket {t}", s.book(), s.ticket()),
            ));
        }
    }
    let mut cells = [None; ROWS * COLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        let text = f[3 + i].trim();
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
        Ticket::from_cells(cells)
            .map_err(|e| {
                for v in e.violations {
                    bad.push(("ticket".into(), v.to_string()));
                }
            })
            .ok()
    };
    let file = f[30].to_string();
    if file.is_empty() {
        bad.push(("file".into(), "is empty".into()));
    }
    let page = f[31].parse::<u64>().ok().filter(|&p| p >= 1);
    if page.is_none() {
        bad.push(("page".into(), format!("`{}` is not a page number", f[31])));
    }
    match (serial, ticket_value, page, bad.is_empty()) {
        (Some(serial), Some(ticket), Some(page), true) => Ok(Row { line, serial, ticket, file, page }),
        _ => Err(bad),
    }
}

/// Run-wide rules over the valid rows.
fn check_run(m: &mut Manifest, name: &str) {
    let problem = |line: u64, field: &str, message: String| Problem {
        file: name.to_string(),
        line,
        field: field.to_string(),
        message,
    };
    let mut by_serial: HashMap<Serial, u64> = HashMap::new();
    let mut by_numbers: HashMap<u128, (u64, Serial)> = HashMap::new();
    let mut by_line: HashMap<u128, (u64, Serial)> = HashMap::new();
    let mut books: BTreeMap<u64, Vec<&Row>> = BTreeMap::new();
    let mut found = Vec::new();
    for row in &m.rows {
        if let Some(first) = by_serial.insert(row.serial, row.line) {
            found.push(problem(row.line, "serial", format!("{} was already used on line {first}", row.serial)));
        }
        if let Some((l, s)) = by_numbers.insert(row.ticket.mask(), (row.line, row.serial)) {
            found.push(problem(
                row.line,
                "ticket",
                format!("{} holds the same 15 numbers as {s} (line {l})", row.serial),
            ));
        }
        for r in 0..ROWS {
            if let Some((l, s)) = by_line.insert(row.ticket.row_mask(r), (row.line, row.serial)) {
                let nums: Vec<String> = row.ticket.row(r).iter().map(u8::to_string).collect();
                m.duplicate_lines.push(problem(
                    row.line,
                    "ticket",
                    format!("{} repeats the line {} of {s} (line {l})", row.serial, nums.join(" ")),
                ));
            }
        }
        books.entry(row.serial.book()).or_default().push(row);
    }
    for (book, rows) in books {
        let line = rows[0].line;
        let mut places: Vec<u8> = rows.iter().map(|r| r.serial.ticket()).collect();
        places.sort_unstable();
        places.dedup();
        if rows.len() != TICKETS_PER_BOOK || places.len() != TICKETS_PER_BOOK {
            found.push(problem(
                line,
                "book",
                format!("book {book} has {} ticket rows, expected tickets 1–6 once each", rows.len()),
            ));
            continue;
        }
        let mut tickets = rows.clone();
        tickets.sort_by_key(|r| r.serial.ticket());
        let array: [Ticket; TICKETS_PER_BOOK] = std::array::from_fn(|i| tickets[i].ticket);
        if let Err(e) = Book::new(array) {
            found.push(problem(line, "book", format!("book {book}: {e}")));
        }
    }
    m.problems.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_read_as_located_fragments() {
        let p =
            Problem { file: "manifest.csv".into(), line: 14, field: "serial".into(), message: "check digit".into() };
        assert_eq!(p.to_string(), "manifest.csv:14: serial: check digit");
    }
}

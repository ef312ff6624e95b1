//! A serial's row in a manifest of any size: a binary search on byte offsets when the rows are
//! in book order, as housie writes them; a read through otherwise.

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};

use super::{columns, rows, Row, RowProblem};
use crate::domain::{CardFormat, Serial};

/// Finds a serial's row by binary search on the byte offsets of a manifest in book order,
/// reading a few kilobytes however large the file; reads it through only when the rows are out
/// of order. `Ok(None)`: no row has that serial; `Some(Err(problems))`: its row is not valid.
/// A row found this way has no line number (0). `file` is `len` bytes long and named `name`,
/// the manifest of a run of `format` cards.
pub fn find<F: Read + Seek>(
    file: &mut F,
    (len, name): (u64, &str),
    serial: Serial,
    format: &'static CardFormat,
) -> std::io::Result<Option<Result<Row, Vec<RowProblem>>>> {
    // Lower bound on the offsets: the first line at or after `lo` has a book before the serial's.
    let (mut lo, mut hi) = (0u64, len);
    while hi - lo > 4096 {
        let mid = lo + (hi - lo) / 2;
        match first_book_after(file, mid)? {
            Some(book) if book < serial.book() => lo = mid,
            _ => hi = mid,
        }
    }
    if let Some(found) = scan(file, (lo, true), serial, name, format)? {
        return Ok(Some(found));
    }
    // Not where book order puts it: the rows may be out of order, so read them all.
    scan(file, (0, false), serial, name, format)
}

/// The book number on the first whole line after byte `offset`.
fn first_book_after<F: Read + Seek>(file: &mut F, offset: u64) -> std::io::Result<Option<u64>> {
    file.seek(SeekFrom::Start(offset))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    reader.read_until(b'\n', &mut line)?;
    line.clear();
    if reader.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(book_field(&line).unwrap_or(u64::MAX)))
}

fn book_field(line: &[u8]) -> Option<u64> {
    std::str::from_utf8(line.split(|&b| b == b',').nth(1)?).ok()?.trim().parse().ok()
}

/// Reads lines from `offset` (skipping the partial line there) for the serial's row; with
/// `sorted`, stops at the first book past the serial's.
fn scan<F: Read + Seek>(
    file: &mut F,
    (offset, sorted): (u64, bool),
    serial: Serial,
    name: &str,
    format: &'static CardFormat,
) -> std::io::Result<Option<Result<Row, Vec<RowProblem>>>> {
    file.seek(SeekFrom::Start(offset))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    reader.read_until(b'\n', &mut line)?; // a partial line, or the header
    let text = serial.to_string();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        if line.split(|&b| b == b',').next() == Some(text.as_bytes()) {
            let mut one = (columns(format).join(",") + "\n").into_bytes();
            one.extend_from_slice(&line);
            let unnumbered = |mut p: RowProblem| {
                p.line = 0;
                p
            };
            let row = rows(one.as_slice(), name, serial.numbering()).of_format(format).next();
            let row = row.unwrap_or_else(|| Err(Vec::new()));
            return Ok(Some(row.map(|r| Row { line: 0, ..r }).map_err(|ps| ps.into_iter().map(unnumbered).collect())));
        }
        if sorted && book_field(&line).is_some_and(|b| b > serial.book()) {
            return Ok(None);
        }
    }
}

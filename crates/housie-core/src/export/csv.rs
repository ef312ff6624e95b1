//! The manifest: one CSV row per ticket, so every ticket can be checked and found on paper.
//!
//! Columns: `serial,book,ticket,r1c1,…,r1c9,r2c1,…,r3c9,file,page,booklet,game` — the card's
//! cells row-major (90-ball's 27; its format's, another format's), empty for a blank;
//! `ticket` is 1–6 in print order; `file` and `page` locate the
//! ticket's page; `booklet` and `game` say which booklet and game the book is (in a run
//! without booklets, the book's own number and game 1).

use std::io::{self, Write};

use crate::domain::format::CardFormat;
use crate::print::pages::PlacedBook;
use crate::record::manifest::columns;

/// How many bytes of rows are gathered before they go to the writer.
const FLUSH_AT: usize = 64 << 10;

/// Streams manifest rows into any writer.
pub struct ManifestWriter<W: Write> {
    out: W,
    /// Rows not yet written out.
    rows: Vec<u8>,
    /// The last book's file name and the field the `csv` crate makes of it (quoted if it must
    /// be), so each file's name is judged once.
    file: (String, Vec<u8>),
}

impl<W: Write> ManifestWriter<W> {
    /// A writer of rows of cards of `format` that has written the header line.
    pub fn new(out: W, format: &CardFormat) -> io::Result<ManifestWriter<W>> {
        let mut header = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
        header.write_record(columns(format))?;
        let rows = header.into_inner().map_err(|e| e.into_error())?;
        Ok(ManifestWriter { out, rows, file: (String::new(), Vec::new()) })
    }

    /// The writer back, flushed.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.out.write_all(&self.rows)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// `text` as one field of a row, as the `csv` crate writes it: quoted where it must be.
fn field(text: &str) -> io::Result<Vec<u8>> {
    // A record of the one field, its line's end taken off (the crate closes a quoted field
    // only when the next field or the line's end comes).
    let mut one = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
    one.write_record([text])?;
    let mut field = one.into_inner().map_err(|e| e.into_error())?;
    field.pop();
    Ok(field)
}

impl<W: Write> ManifestWriter<W> {
    /// Writes the rows of the next books (in run order). Rows are written by hand, not field
    /// by field through the `csv` crate: every field but the file's name is digits and dashes,
    /// which no reader quotes (the rows are written twice, here and for the PDF's /ID, and the
    /// crate's per-field work was a tenth of a large run); the file's name is the crate's own
    /// field.
    pub fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()> {
        let mut n = itoa::Buffer::new();
        for placed in books {
            if self.file.0 != placed.file {
                self.file = (placed.file.clone(), field(&placed.file)?);
            }
            let number = placed.drawn.number;
            let rows = &mut self.rows;
            for (t, ticket) in placed.drawn.book.tickets().iter().enumerate() {
                let serial = placed.numbering.serial(number, t as u8 + 1).expect("book numbers start at 1");
                write!(rows, "{serial},")?;
                rows.extend_from_slice(n.format(number).as_bytes());
                rows.push(b',');
                rows.extend_from_slice(n.format(t + 1).as_bytes());
                for &cell in ticket.cells() {
                    rows.push(b',');
                    if cell != 0 {
                        rows.extend_from_slice(n.format(cell).as_bytes());
                    }
                }
                rows.push(b',');
                rows.extend_from_slice(&self.file.1);
                for number in [placed.ticket_page(t), serial.booklet(), u64::from(serial.game())] {
                    rows.push(b',');
                    rows.extend_from_slice(n.format(number).as_bytes());
                }
                rows.push(b'\n');
            }
            if self.rows.len() >= FLUSH_AT {
                self.out.write_all(&self.rows)?;
                self.rows.clear();
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written rows are the crate's: a file's name that must be quoted is, as the
    /// crate quotes it (a plain name is not).
    #[test]
    fn a_file_name_is_quoted_as_the_csv_crate_quotes_it() {
        for (name, want) in [
            ("books.pdf", "books.pdf"),
            ("a,b.pdf", "\"a,b.pdf\""),
            ("say \"hi\".pdf", "\"say \"\"hi\"\".pdf\""),
            ("line\nbreak", "\"line\nbreak\""),
        ] {
            assert_eq!(String::from_utf8(field(name).unwrap()).unwrap(), want);
        }
    }
}

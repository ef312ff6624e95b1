//! The manifest: one CSV row per ticket, so every ticket can be checked and found on paper.
//!
//! Columns: `serial,book,ticket,r1c1,…,r1c9,r2c1,…,r3c9,file,page,booklet,game` — 27 cells
//! row-major, empty for a blank; `ticket` is 1–6 in print order; `file` and `page` locate the
//! ticket's page; `booklet` and `game` say which booklet and game the book is (in a run
//! without booklets, the book's own number and game 1).

use std::io::{self, Write};

use crate::print::pages::PlacedBook;
use crate::record::manifest::columns;

/// Streams manifest rows into any writer.
pub struct ManifestWriter<W: Write> {
    csv: csv::Writer<W>,
}

impl<W: Write> ManifestWriter<W> {
    /// A writer that has written the header line.
    pub fn new(writer: W) -> io::Result<ManifestWriter<W>> {
        let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(writer);
        csv.write_record(columns())?;
        Ok(ManifestWriter { csv })
    }

    /// The writer back, flushed.
    pub fn into_inner(self) -> io::Result<W> {
        self.csv.into_inner().map_err(|e| e.into_error())
    }
}

impl<W: Write> ManifestWriter<W> {
    /// Writes the rows of the next books (in run order).
    pub fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()> {
        let mut record: Vec<String> = Vec::with_capacity(32);
        for placed in books {
            let number = placed.drawn.number;
            for (t, ticket) in placed.drawn.book.tickets().iter().enumerate() {
                record.clear();
                let serial = placed.numbering.serial(number, t as u8 + 1).expect("book numbers start at 1");
                record.push(serial.to_string());
                record.push(number.to_string());
                record.push((t + 1).to_string());
                record.extend(ticket.cells().iter().map(|&n| if n == 0 { String::new() } else { n.to_string() }));
                record.push(placed.file.clone());
                record.push(placed.ticket_page(t).to_string());
                record.push(serial.booklet().to_string());
                record.push(serial.game().to_string());
                self.csv.write_record(&record)?;
            }
        }
        Ok(())
    }
}

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
    /// Writes the rows of the next books (in run order). A row's fields are written into one
    /// buffer and handed to the CSV writer as slices of it: no field is a String of its own
    /// (the rows are written twice, here and for the PDF's /ID, so this is a tenth of a run).
    pub fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()> {
        let mut buf: Vec<u8> = Vec::with_capacity(160);
        let mut ends: Vec<usize> = Vec::with_capacity(columns().len());
        for placed in books {
            let number = placed.drawn.number;
            for (t, ticket) in placed.drawn.book.tickets().iter().enumerate() {
                buf.clear();
                ends.clear();
                let serial = placed.numbering.serial(number, t as u8 + 1).expect("book numbers start at 1");
                let mut field = |write: &dyn Fn(&mut Vec<u8>)| {
                    write(&mut buf);
                    ends.push(buf.len());
                };
                field(&|b| write!(b, "{serial}").expect("writing to memory"));
                field(&|b| b.extend_from_slice(itoa::Buffer::new().format(number).as_bytes()));
                field(&|b| b.push(b'1' + t as u8));
                for &n in ticket.cells() {
                    field(&|b| {
                        if n > 0 {
                            b.extend_from_slice(itoa::Buffer::new().format(n).as_bytes())
                        }
                    });
                }
                field(&|b| b.extend_from_slice(placed.file.as_bytes()));
                field(&|b| b.extend_from_slice(itoa::Buffer::new().format(placed.ticket_page(t)).as_bytes()));
                field(&|b| b.extend_from_slice(itoa::Buffer::new().format(serial.booklet()).as_bytes()));
                field(&|b| b.extend_from_slice(itoa::Buffer::new().format(serial.game()).as_bytes()));
                let starts = std::iter::once(0).chain(ends.iter().copied());
                self.csv.write_record(starts.zip(ends.iter()).map(|(from, &to)| &buf[from..to]))?;
            }
        }
        Ok(())
    }
}

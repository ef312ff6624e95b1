//! The manifest: one CSV row per ticket, so every ticket can be checked and found on paper.
//!
//! Columns: `serial,book,ticket,r1c1,…,r1c9,r2c1,…,r3c9,file,page,booklet,game` — the card's
//! cells row-major (90-ball's 27; its format's, another format's), empty for a blank;
//! `ticket` is 1–6 in print order; `file` and `page` locate the
//! ticket's page; `booklet` and `game` say which booklet and game the book is (in a run
//! without booklets, the book's own number and game 1).

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::domain::format::CardFormat;
use crate::print::pages::PlacedBook;
use crate::record::manifest::columns;

/// Streams manifest rows into any writer.
pub struct ManifestWriter<W: Write> {
    csv: csv::Writer<W>,
}

impl<W: Write> ManifestWriter<W> {
    /// A writer of rows of cards of `format` that has written the header line.
    pub fn new(writer: W, format: &CardFormat) -> io::Result<ManifestWriter<W>> {
        let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(writer);
        csv.write_record(columns(format))?;
        Ok(ManifestWriter { csv })
    }

    /// The writer back, flushed.
    pub fn into_inner(self) -> io::Result<W> {
        self.csv.into_inner().map_err(|e| e.into_error())
    }
}

impl<W: Write> ManifestWriter<W> {
    /// Writes the rows of the next books (in run order), field by field: no field is a String
    /// of its own (the rows are written twice, here and for the PDF's /ID, and their
    /// allocations were a tenth of a run).
    pub fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()> {
        let mut serial_text = String::with_capacity(20);
        let mut n = itoa::Buffer::new();
        for placed in books {
            let number = placed.drawn.number;
            for (t, ticket) in placed.drawn.book.tickets().iter().enumerate() {
                let serial = placed.numbering.serial(number, t as u8 + 1).expect("book numbers start at 1");
                serial_text.clear();
                write!(serial_text, "{serial}").expect("writing to memory");
                self.csv.write_field(&serial_text)?;
                self.csv.write_field(n.format(number))?;
                self.csv.write_field(n.format(t + 1))?;
                for &cell in ticket.cells() {
                    self.csv.write_field(if cell == 0 { "" } else { n.format(cell) })?;
                }
                self.csv.write_field(&placed.file)?;
                self.csv.write_field(n.format(placed.ticket_page(t)))?;
                self.csv.write_field(n.format(serial.booklet()))?;
                self.csv.write_field(n.format(serial.game()))?;
                self.csv.write_record(std::iter::empty::<&[u8]>())?;
            }
        }
        Ok(())
    }
}

//! A manifest's CSV records, read fast where housie wrote them. housie quotes no field and ends
//! each line with `\n`, so a line is a record and its commas cut its fields: that is read
//! directly (a third of `winners`' time went to a general CSV parser), its commas found eight
//! bytes at a time. At the first line that
//! holds a quote or a carriage return that does not end it — a manifest saved by a spreadsheet,
//! say — the rest of the file goes to the `csv` crate, which reads quoted fields, a newline
//! inside one, and `\r` as a line's end; the records are what `csv` gives for the whole file (a
//! test compares the two on hostile text). A record's line is the file's line, blank lines
//! counted (`csv` counts none for the blank lines it skips), up to the switch.

use std::io::{BufRead, BufReader, Chain, Cursor, Read};
use std::ops::Range;

/// Reads CSV records, each with its first line's number, flexible in their number of fields.
pub struct Records<R: Read> {
    source: Source<R>,
    /// The record read last: its bytes, each field's range in them, and its line.
    bytes: Vec<u8>,
    fields: Vec<Range<usize>>,
    line: u64,
}

enum Source<R: Read> {
    /// Line by line: `line` is the number of the last line read.
    Lines { input: BufReader<R>, line: u64 },
    /// The `csv` crate from the line numbered `base` (its line 1) on: that line's bytes and the
    /// bytes read ahead, then the rest of the reader.
    Csv { reader: csv::Reader<Chain<Cursor<Vec<u8>>, R>>, base: u64, record: csv::ByteRecord },
    /// Between the two, for a moment.
    Switching,
}

/// A record that could not be read: the reader's error, and the line where it was met (0 for
/// the file's, as a reading error is).
pub struct Unreadable {
    pub line: u64,
    pub message: String,
}

impl<R: Read> Records<R> {
    pub fn new(reader: R) -> Records<R> {
        let input = BufReader::with_capacity(64 * 1024, reader);
        Records { source: Source::Lines { input, line: 0 }, bytes: Vec::new(), fields: Vec::new(), line: 0 }
    }

    /// The reader the records come from.
    pub fn get_ref(&self) -> &R {
        match &self.source {
            Source::Lines { input, .. } => input.get_ref(),
            Source::Csv { reader, .. } => reader.get_ref().get_ref().1,
            Source::Switching => unreachable!("a record reader is never left switching"),
        }
    }

    /// The last record's bytes; its fields are ranges of them.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The last record's fields, as ranges of [`Self::bytes`].
    pub fn fields(&self) -> &[Range<usize>] {
        &self.fields
    }

    /// The line the last record began on.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Reads the next record; `Ok(false)` at the end.
    pub fn read(&mut self) -> Result<bool, Unreadable> {
        loop {
            match &mut self.source {
                Source::Lines { input, line } => {
                    self.bytes.clear();
                    let read = read_line(input, &mut self.bytes);
                    // As `csv` says a reading error: of the file, not of a line.
                    let n = read.map_err(|e| Unreadable { line: 0, message: e.to_string() })?;
                    if n == 0 {
                        return Ok(false);
                    }
                    *line += 1;
                    let text = self.bytes.strip_suffix(b"\n").unwrap_or(&self.bytes);
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    if memchr::memchr2(b'"', b'\r', text).is_some() {
                        self.switch();
                        continue;
                    }
                    cut_at_commas(text, &mut self.fields);
                    if text.is_empty() {
                        continue;
                    }
                    self.bytes.truncate(text.len());
                    self.line = *line;
                    return Ok(true);
                }
                Source::Csv { reader, base, record } => {
                    let at_line = |line: u64| *base + line.saturating_sub(1);
                    let got = reader.read_byte_record(record).map_err(|e| Unreadable {
                        line: e.position().map_or(0, |p| at_line(p.line())),
                        message: e.to_string(),
                    })?;
                    self.bytes.clear();
                    self.bytes.extend_from_slice(record.as_slice());
                    self.fields.clear();
                    self.fields.extend((0..record.len()).filter_map(|i| record.range(i)));
                    self.line = record.position().map_or(*base, |p| at_line(p.line()));
                    return Ok(got);
                }
                Source::Switching => unreachable!("a record reader is never left switching"),
            }
        }
    }

    /// Hands the line just read, the bytes read ahead and the rest of the reader to `csv`.
    fn switch(&mut self) {
        let Source::Lines { input, line } = std::mem::replace(&mut self.source, Source::Switching) else {
            unreachable!("only lines switch")
        };
        let mut ahead = std::mem::take(&mut self.bytes);
        ahead.extend_from_slice(input.buffer());
        let rest = input.into_inner();
        let reader =
            csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(Cursor::new(ahead).chain(rest));
        self.source = Source::Csv { reader, base: line, record: csv::ByteRecord::new() };
    }
}

/// `BufRead::read_until(b'\n')`, its newline found by the `memchr` crate's vector search: the
/// standard library's own search was a twelfth of `winners`' time.
fn read_line<R: Read>(input: &mut BufReader<R>, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (taken, done) = match memchr::memchr(b'\n', buffer) {
            Some(i) => (i + 1, true),
            None => (buffer.len(), buffer.is_empty()),
        };
        line.extend_from_slice(&buffer[..taken]);
        input.consume(taken);
        read += taken;
        if done {
            return Ok(read);
        }
    }
}

/// `text`'s fields, as the ranges between its commas. Eight bytes at a time: a manifest's fields
/// are one to ten bytes long, too short for a vector search per comma to pay.
fn cut_at_commas(text: &[u8], fields: &mut Vec<Range<usize>>) {
    const COMMAS: u64 = 0x2C2C_2C2C_2C2C_2C2C;
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    fields.clear();
    let mut start = 0;
    let mut cut = |i: usize, fields: &mut Vec<Range<usize>>| {
        fields.push(start..i);
        start = i + 1;
    };
    let mut chunks = text.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let v = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ COMMAS;
        // The high bit of each byte that was a comma (now zero): no carry crosses a byte.
        let mut commas = !(((v & LOW) + LOW) | v) & !LOW;
        while commas != 0 {
            cut(base + commas.trailing_zeros() as usize / 8, fields);
            commas &= commas - 1;
        }
        base += 8;
    }
    for (j, &b) in chunks.remainder().iter().enumerate() {
        if b == b',' {
            cut(base + j, fields);
        }
    }
    fields.push(start..text.len());
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    type Fields = Vec<Vec<u8>>;

    /// Every record `csv` reads from `bytes`, and the records `Records` reads with their lines.
    fn both(bytes: &[u8]) -> (Vec<Fields>, Vec<(u64, Fields)>) {
        let mut want = Vec::new();
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
        let mut record = csv::ByteRecord::new();
        while reader.read_byte_record(&mut record).unwrap() {
            want.push(record.iter().map(<[u8]>::to_vec).collect());
        }
        let mut got = Vec::new();
        let mut records = Records::new(bytes);
        while records.read().unwrap_or_else(|e| panic!("{}", e.message)) {
            let fields = records.fields().iter().map(|r| records.bytes()[r.clone()].to_vec()).collect();
            got.push((records.line(), fields));
        }
        (want, got)
    }

    fn fields(got: Vec<(u64, Fields)>) -> Vec<Fields> {
        got.into_iter().map(|(_, f)| f).collect()
    }

    #[test]
    fn a_record_s_line_is_the_file_s() {
        let (_, got) = both(b"serial,book\n\n\r\n000001-1-7,1\r\n");
        assert_eq!(got.iter().map(|(line, _)| *line).collect::<Vec<_>>(), [1, 4]);
    }

    #[test]
    fn reads_what_csv_reads() {
        for text in [
            &b"a,b,c\n1,,3\n"[..],
            b"a,b\r\n\r\n\n1,2\r\nlast,without,newline",
            b"a,b\n\"quoted, with comma\",2\n3,4\n",
            b"a,b\n\"a newline\ninside\",2\n3,4\n",
            b"a,b\nlone\rreturn,2\n3,4\n",
            b"mid\"quote,x\n\"open\nstill open\nclosed\",y\nz\n",
            b"",
            b"\n\n",
            b",\n,,\n",
        ] {
            let (want, got) = both(text);
            assert_eq!(fields(got), want, "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn reads_what_csv_reads_from_hostile_bytes() {
        // Lines of commas, quotes, returns and letters in every mix, from a fixed seed.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(75);
        let alphabet = b"ab1,,,\"\r\n\n";
        for _ in 0..2000 {
            let len = rng.random_range(0..60);
            let text: Vec<u8> = (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
            let (want, got) = both(&text);
            assert_eq!(fields(got), want, "{:?}", String::from_utf8_lossy(&text));
        }
    }

    #[test]
    fn a_control_that_splits_at_every_comma_differs_on_quotes() {
        // The comparison above can fail: a plain split reads a quoted comma as two fields.
        let text = b"\"a,b\",c\n";
        let (want, _) = both(text);
        let split: Vec<Vec<u8>> = text[..text.len() - 1].split(|&b| b == b',').map(<[u8]>::to_vec).collect();
        assert_ne!(split, want[0]);
    }
}

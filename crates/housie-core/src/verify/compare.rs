//! A run regenerated and compared with the files already there as the bytes come, writing
//! nothing and holding none of them: the engine's [`Outputs`] for `verify`, on a disk or in a
//! page alike.

use std::io::{self, Read, Write};

use crate::export::Outputs;

use super::RunFiles;

/// Where a regenerated file and the one already there part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Byte for byte the same.
    None,
    /// There is no such file.
    Missing,
    /// They first differ on this line (1-based).
    AtLine(u64),
}

/// The run's files, each compared in turn with what the engine writes.
pub struct Comparing<'f> {
    files: &'f dyn RunFiles,
    finished: Vec<(String, Difference)>,
}

impl<'f> Comparing<'f> {
    /// Compares with `files`.
    pub fn new(files: &'f dyn RunFiles) -> Comparing<'f> {
        Comparing { files, finished: Vec::new() }
    }

    /// Each file's name and how it compared, in the order the engine wrote them.
    pub fn into_differences(self) -> Vec<(String, Difference)> {
        self.finished
    }
}

impl<'f> Outputs for Comparing<'f> {
    type File = Comparer<'f>;

    fn create(&mut self, name: &str, _secret: bool) -> io::Result<Comparer<'f>> {
        // A file there but not readable as a run's (a device, a folder) differs from its first
        // line; the hashes and the manifest's own check say why.
        let (existing, missing) = match self.files.open(name, u64::MAX) {
            Ok(file) => (Some(file), false),
            Err(e) => (None, e.kind() == io::ErrorKind::NotFound),
        };
        Ok(Comparer { missing, existing, newlines: 0, first_difference: None, chunk: Vec::new() })
    }

    fn close(&mut self, name: &str, mut file: Comparer<'f>) -> io::Result<()> {
        let difference = match file.end()? {
            _ if file.missing => Difference::Missing,
            None => Difference::None,
            Some(line) => Difference::AtLine(line),
        };
        self.finished.push((name.to_string(), difference));
        Ok(())
    }
}

/// Reads an existing file in step with the bytes produced and notes the first that differs.
pub struct Comparer<'f> {
    existing: Option<Box<dyn Read + 'f>>,
    missing: bool,
    /// Newlines before the current position, for naming the line of a difference.
    newlines: u64,
    first_difference: Option<u64>,
    chunk: Vec<u8>,
}

impl Comparer<'_> {
    fn feed(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.first_difference.is_some() {
            return Ok(());
        }
        let Some(existing) = self.existing.as_mut() else {
            self.first_difference = Some(1);
            return Ok(());
        };
        self.chunk.resize(buf.len(), 0);
        let got = read_up_to(existing, &mut self.chunk)?;
        // Where the two first part: a differing byte, or the end of a shorter existing file.
        let upto = buf[..got].iter().zip(&self.chunk[..got]).position(|(a, b)| a != b).unwrap_or(got);
        self.newlines += buf[..upto].iter().filter(|&&c| c == b'\n').count() as u64;
        if upto < buf.len() {
            self.first_difference = Some(self.newlines + 1);
        }
        Ok(())
    }

    /// After the last byte: a longer existing file differs at its end.
    fn end(&mut self) -> io::Result<Option<u64>> {
        if self.first_difference.is_none() {
            if let Some(existing) = self.existing.as_mut() {
                let mut one = [0u8; 1];
                if read_up_to(existing, &mut one)? > 0 {
                    self.first_difference = Some(self.newlines + 1);
                }
            }
        }
        Ok(self.first_difference)
    }
}

impl Write for Comparer<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.feed(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Fills `buf` as far as the reader allows; returns how much it read.
fn read_up_to(r: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

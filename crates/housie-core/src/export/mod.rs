//! Output formats, one per place (`pdf/`, `csv.rs`, the signed `sheet.rs`; pictures of pages
//! are `picture/`, the run record `record/`), and [`Outputs`], where a run's files go. The formats share no
//! trait: the PDF's pages are rendered on every core and written in order, the manifest's rows
//! are written as books come, and the run record once at the end, so one interface would fit
//! none of them.

pub mod csv;
pub mod pdf;
pub mod sheet;

use std::io::{self, Write};

use sha2::{Digest, Sha256};

use crate::record::FileRecord;

/// Where a run's files go, each written whole, in order. The engine writes into it; on a disk
/// (`housie-files`) each file goes under a temporary name and is renamed into place only when
/// the run is complete, or is compared with the file already there (`verify`); in a page, or
/// a test, the files are kept in memory ([`MemoryFiles`]).
pub trait Outputs {
    /// A file being written.
    type File: Write;
    /// A new file named `name`; `secret` for one that holds a secret (run.json's seed, a list
    /// of players' codes): only its owner may read it.
    fn create(&mut self, name: &str, secret: bool) -> io::Result<Self::File>;
    /// `file`, named `name`, is complete.
    fn close(&mut self, name: &str, file: Self::File) -> io::Result<()>;
}

/// A file being written, hashed and counted as it goes, so the run record needs no second
/// read of large files.
pub struct Counted<W: Write> {
    name: String,
    inner: W,
    hash: Sha256,
    bytes: u64,
}

impl<W: Write> Counted<W> {
    /// `inner`, named `name`.
    pub fn new(name: &str, inner: W) -> Counted<W> {
        Counted { name: name.to_string(), inner, hash: Sha256::new(), bytes: 0 }
    }

    /// The file's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the run record says of the file, and the file.
    pub fn finish(self) -> (FileRecord, W) {
        let sha256 = crate::support::digest::hex(&self.hash.finalize());
        (FileRecord { name: self.name, bytes: self.bytes, sha256 }, self.inner)
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A run's files kept in memory, in the order they were finished: what a page offers as
/// downloads, and what tests read.
#[derive(Clone, Debug, Default)]
pub struct MemoryFiles {
    files: Vec<(String, Vec<u8>)>,
}

impl MemoryFiles {
    /// Each file's name and bytes, in the order they were finished.
    pub fn files(&self) -> &[(String, Vec<u8>)] {
        &self.files
    }

    /// The bytes of the file named `name`.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.files.iter().find(|(n, _)| n == name).map(|(_, bytes)| bytes.as_slice())
    }

    /// The files, by value.
    pub fn into_files(self) -> Vec<(String, Vec<u8>)> {
        self.files
    }
}

impl Outputs for MemoryFiles {
    type File = Vec<u8>;

    fn create(&mut self, _name: &str, _secret: bool) -> io::Result<Vec<u8>> {
        Ok(Vec::new())
    }

    fn close(&mut self, name: &str, file: Vec<u8>) -> io::Result<()> {
        self.files.push((name.to_string(), file));
        Ok(())
    }
}

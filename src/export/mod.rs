//! Output formats, one per file behind [`Export`], and [`OutputFile`], which owns the temporary
//! file and the rename so that no file ever appears under its final name half-written.

pub mod csv;
pub mod pdf;

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tempfile::NamedTempFile;

use crate::pages::PlacedBook;

/// An output that takes placed books in order and renders them into a writer.
pub trait Export {
    /// Renders the next books (in run order).
    fn write_books(&mut self, books: &[PlacedBook]) -> io::Result<()>;
}

/// A file being written in the output folder under a temporary name; [`OutputFile::commit`]
/// renames it into place, and dropping it uncommitted deletes it.
pub struct OutputFile {
    name: String,
    dir: PathBuf,
    writer: BufWriter<NamedTempFile>,
    /// Hashed as written, so the run record needs no second read of large files.
    hash: Sha256,
    bytes: u64,
}

impl OutputFile {
    pub fn create(dir: &Path, name: &str) -> io::Result<OutputFile> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".housie-").suffix(".tmp");
        // Temporary files are private (0600); the published file gets ordinary permissions.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        let temp = builder.tempfile_in(dir)?;
        Ok(OutputFile {
            name: name.to_string(),
            dir: dir.to_path_buf(),
            writer: BufWriter::new(temp),
            hash: Sha256::new(),
            bytes: 0,
        })
    }

    /// Flushes and syncs; the file is complete but still under its temporary name.
    pub fn finish(self) -> io::Result<FinishedFile> {
        let temp = self.writer.into_inner().map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        let sha256 = crate::font::hex(&self.hash.finalize());
        Ok(FinishedFile { name: self.name, dir: self.dir, temp, sha256, bytes: self.bytes })
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.writer.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// A complete file waiting to be renamed into place, so a run can publish all files at the end.
pub struct FinishedFile {
    name: String,
    dir: PathBuf,
    temp: NamedTempFile,
    sha256: String,
    bytes: u64,
}

impl FinishedFile {
    /// SHA-256 of the contents, hex.
    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames into place (replacing a file of that name: overwriting is decided earlier).
    pub fn commit(self) -> io::Result<PathBuf> {
        let target = self.dir.join(&self.name);
        self.temp.persist(&target).map_err(|e| e.error)?;
        Ok(target)
    }
}

/// Writes a small file atomically in one go.
pub fn write_file(dir: &Path, name: &str, bytes: &[u8]) -> io::Result<FinishedFile> {
    let mut f = OutputFile::create(dir, name)?;
    f.write_all(bytes)?;
    f.finish()
}

/// The file housie holds an exclusive lock on while it writes into a folder.
pub const LOCK_FILE: &str = ".housie.lock";

/// housie's own bookkeeping in an output folder, never output: the lock file, and temporary
/// files (`.housie-*.tmp`) that a killed run may have left.
pub fn is_scratch(name: &str) -> bool {
    name == LOCK_FILE || (name.starts_with(".housie-") && name.ends_with(".tmp"))
}

/// Whether a folder exists and holds anything but housie's scratch files.
pub fn is_non_empty_dir(dir: &Path) -> bool {
    fs::read_dir(dir)
        .map(|mut d| d.any(|e| e.is_ok_and(|e| !is_scratch(&e.file_name().to_string_lossy()))))
        .unwrap_or(false)
}

/// An exclusive hold on an output folder for the length of one run; dropping it lets go.
pub struct FolderLock {
    _file: fs::File,
}

/// Takes the folder's lock, or `Ok(None)` at once when another run holds it.
pub fn lock_folder(dir: &Path) -> io::Result<Option<FolderLock>> {
    let file = fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(LOCK_FILE))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(FolderLock { _file: file })),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Removes the temporary files a killed run left in `dir`. Safe only under the folder's lock
/// (or from the signal handler of the run that holds it): then no other run is writing them.
pub fn remove_temporaries(dir: &Path) -> io::Result<usize> {
    let mut removed = 0;
    for entry in fs::read_dir(dir)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != LOCK_FILE && is_scratch(&name) {
            fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

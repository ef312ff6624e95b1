//! Reading files housie did not write, with a limit: a path that names a device or a huge file
//! (`--template /dev/zero`) is refused by name instead of read until memory runs out. [`Disk`]
//! is the engine's world on this machine.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use housie_core::verify::RunFiles;
use housie_core::world::{too_large, World};

/// The file system, as the engine's world: what a run's settings name is read from here.
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

impl World for Disk {
    fn read(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        read_bytes(path, limit)
    }

    fn canonical(&self, path: &Path) -> PathBuf {
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
    }
}

/// A run's folder: its files by name for verifying, and the world its record's files are read
/// from. A relative path in a record (a page names a logo `logo.png`, beside its run) is looked
/// for in the folder first, then where housie runs.
#[derive(Clone, Copy, Debug)]
pub struct RunFolder<'a>(pub &'a Path);

impl RunFiles for RunFolder<'_> {
    fn open(&self, name: &str, limit: u64) -> io::Result<Box<dyn Read + '_>> {
        Ok(Box::new(io::BufReader::new(open_regular(&self.0.join(name), limit)?)))
    }
}

impl World for RunFolder<'_> {
    fn read(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        if path.is_relative() {
            match read_bytes(&self.0.join(path), limit) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                found => return found,
            }
        }
        read_bytes(path, limit)
    }
}

/// The whole text of `path`, refused past `limit` bytes (the error says how large it may be)
/// or when it is not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> io::Result<String> {
    housie_core::world::read_text(&Disk, path, limit)
}

/// `path` opened for reading when it is a regular file (a link to one will do) of at most
/// `limit` bytes: a device, a pipe or a folder, or a file larger than it can be, is refused
/// before a byte is read.
pub fn open_regular(path: &Path, limit: u64) -> io::Result<std::fs::File> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    Ok(file)
}

/// The whole of `path`, refused past `limit` bytes; a pipe is refused before it is opened
/// (opening one waits for a writer, for ever if none comes).
pub fn read_bytes(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    #[cfg(unix)]
    if std::os::unix::fs::FileTypeExt::is_fifo(&std::fs::metadata(path)?.file_type()) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "a pipe, not a file"));
    }
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_or_a_large_file_is_refused() {
        #[cfg(unix)]
        assert_eq!(
            read_text(Path::new("/dev/zero"), 1024).unwrap_err().to_string(),
            "larger than the 1 KiB this file may be"
        );
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t");
        std::fs::write(&p, "abc").unwrap();
        assert_eq!(read_text(&p, 3).unwrap(), "abc");
        assert!(read_text(&p, 2).is_err());
        std::fs::write(&p, [0xff]).unwrap();
        assert_eq!(read_text(&p, 3).unwrap_err().to_string(), "not UTF-8 text (byte 0)");
        assert!(open_regular(&p, 1).is_ok());
        assert_eq!(open_regular(&p, 0).unwrap_err().to_string(), "larger than the 0 bytes this file may be");
        assert_eq!(open_regular(dir.path(), 1 << 30).unwrap_err().to_string(), "not a regular file");
        #[cfg(unix)]
        assert_eq!(open_regular(Path::new("/dev/zero"), 1 << 30).unwrap_err().to_string(), "not a regular file");
        // A pipe is refused at once, not waited on.
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo");
            assert!(std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()));
            assert_eq!(read_bytes(&fifo, 1024).unwrap_err().to_string(), "a pipe, not a file");
        }
    }
}

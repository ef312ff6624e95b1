//! What the engine asks of the machine it runs on: the files a run's settings name (a
//! template, a font, a logo, a prize set), each read whole within a limit. The engine never
//! opens a file itself; the CLI and the studio answer from the disk (`housie-files`), a page
//! from the files its visitor gave it ([`Files`]), so one engine serves both.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// The files a run's settings may name.
pub trait World: Sync {
    /// The whole of `path`, refused past `limit` bytes (the error says how large it may be);
    /// [`io::ErrorKind::NotFound`] when there is no such file.
    fn read(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>>;

    /// `path` as a run records it, so that the run can be verified from anywhere (absolute, on
    /// a disk).
    fn canonical(&self, path: &Path) -> PathBuf {
        path.to_path_buf()
    }
}

/// The text of `path` in `world`, refused past `limit` bytes or when it is not UTF-8.
pub fn read_text(world: &dyn World, path: &Path, limit: u64) -> io::Result<String> {
    let bytes = world.read(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(io::ErrorKind::InvalidData, format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
    })
}

/// "64 KiB", "1 MiB", "2 GiB": a limit as a refusal names it.
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// The refusal of a file past `limit` bytes.
pub fn too_large(limit: u64) -> io::Error {
    io::Error::new(io::ErrorKind::FileTooLarge, format!("larger than the {} this file may be", size(limit)))
}

/// A world of files held in memory, by path: what a page has (the logo and template its
/// visitor chose), and what tests give the engine. No file at all is [`Files::default`].
#[derive(Clone, Debug, Default)]
pub struct Files {
    files: BTreeMap<PathBuf, Vec<u8>>,
}

impl Files {
    /// The world with `bytes` as the file at `path` too.
    pub fn with(mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) -> Files {
        self.files.insert(path.into(), bytes.into());
        self
    }
}

impl World for Files {
    fn read(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        let bytes = self.files.get(path).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        if bytes.len() as u64 > limit {
            return Err(too_large(limit));
        }
        Ok(bytes.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_in_memory_are_read_within_their_limit() {
        let world = Files::default().with("t.toml", "abc").with("bad", vec![0xff]);
        assert_eq!(read_text(&world, Path::new("t.toml"), 3).unwrap(), "abc");
        assert_eq!(
            read_text(&world, Path::new("t.toml"), 2).unwrap_err().to_string(),
            "larger than the 2 bytes this file may be"
        );
        assert_eq!(read_text(&world, Path::new("bad"), 3).unwrap_err().to_string(), "not UTF-8 text (byte 0)");
        assert_eq!(world.read(Path::new("none"), 3).unwrap_err().kind(), io::ErrorKind::NotFound);
        assert_eq!((size(64 << 10), size(1 << 20), size(3)), ("64 KiB".into(), "1 MiB".into(), "3 bytes".into()));
    }
}

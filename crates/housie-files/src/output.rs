//! The files of a run folder being written: each under a temporary name ([`OutputFile`]),
//! renamed into place only when the whole run is complete, so that no file ever appears under
//! its final name half-written. [`Staged`] is the engine's [`Outputs`] on a disk (verifying
//! compares instead, with the core's `verify::Comparing`).

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use housie_core::export::Outputs;
use tempfile::NamedTempFile;

/// A file being written in the output folder under a temporary name; [`FinishedFile::commit`]
/// renames it into place, and dropping it uncommitted deletes it.
pub struct OutputFile {
    name: String,
    dir: PathBuf,
    temp: BufWriter<NamedTempFile>,
}

impl OutputFile {
    /// A temporary file in `dir`, published as `name` when finished.
    pub fn create(dir: &Path, name: &str) -> io::Result<OutputFile> {
        OutputFile::create_with_mode(dir, name, 0o644)
    }

    /// As [`OutputFile::create`], for a file that holds a secret (run.json's seed, links.csv's
    /// codes): readable by its owner only, as night.sqlite is, whatever the umask.
    pub fn create_private(dir: &Path, name: &str) -> io::Result<OutputFile> {
        OutputFile::create_with_mode(dir, name, 0o600)
    }

    fn create_with_mode(dir: &Path, name: &str, mode: u32) -> io::Result<OutputFile> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".housie-").suffix(".tmp");
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(mode));
        #[cfg(not(unix))]
        let _ = mode;
        let temp = builder.tempfile_in(dir)?;
        Ok(OutputFile { name: name.to_string(), dir: dir.to_path_buf(), temp: BufWriter::new(temp) })
    }

    /// Flushes and syncs; the file is complete but still under its temporary name.
    pub fn finish(self) -> io::Result<FinishedFile> {
        let temp = self.temp.into_inner().map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        Ok(FinishedFile { name: self.name, dir: self.dir, temp })
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

/// A complete file waiting to be renamed into place, so a run can publish all files at the end.
pub struct FinishedFile {
    name: String,
    dir: PathBuf,
    temp: NamedTempFile,
}

impl FinishedFile {
    /// The file's name.
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

/// Writes a small file that holds a secret atomically in one go, readable by its owner only.
pub fn write_private_file(dir: &Path, name: &str, bytes: &[u8]) -> io::Result<FinishedFile> {
    let mut f = OutputFile::create_private(dir, name)?;
    f.write_all(bytes)?;
    f.finish()
}

/// A run folder's files as the engine writes them, each a temporary file, kept finished until
/// the caller publishes them.
pub struct Staged {
    dir: PathBuf,
    finished: Vec<FinishedFile>,
}

impl Staged {
    /// Files written into `dir` under temporary names.
    pub fn write(dir: &Path) -> Staged {
        Staged { dir: dir.to_path_buf(), finished: Vec::new() }
    }

    /// The files finished, in the order they were.
    pub fn into_finished(self) -> Vec<FinishedFile> {
        self.finished
    }
}

impl Outputs for Staged {
    type File = OutputFile;

    fn create(&mut self, name: &str, secret: bool) -> io::Result<OutputFile> {
        if secret {
            OutputFile::create_private(&self.dir, name)
        } else {
            OutputFile::create(&self.dir, name)
        }
    }

    fn close(&mut self, _name: &str, file: OutputFile) -> io::Result<()> {
        self.finished.push(file.finish()?);
        Ok(())
    }
}

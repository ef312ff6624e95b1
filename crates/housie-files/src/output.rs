//! The files of a run folder being written: each under a temporary name ([`OutputFile`]),
//! renamed into place only when the whole run is complete, so that no file ever appears under
//! its final name half-written; or, to verify a run, compared with the file already there as
//! the bytes come, writing nothing. [`Staged`] is the engine's [`Outputs`] on a disk.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use housie_core::export::Outputs;
use tempfile::NamedTempFile;

/// A file being written in the output folder under a temporary name; [`FinishedFile::commit`]
/// renames it into place, and dropping it uncommitted deletes it. In compare mode
/// ([`OutputFile::compare`]) nothing is written: the bytes are checked against the file already
/// there, as they come.
pub struct OutputFile {
    name: String,
    dir: PathBuf,
    sink: Sink,
}

enum Sink {
    Temp(BufWriter<NamedTempFile>),
    Compare(Comparer),
}

/// Reads an existing file in step with the bytes produced and notes the first that differs.
struct Comparer {
    /// `None` when there is no such file.
    existing: Option<io::BufReader<fs::File>>,
    /// Newlines before the current position, for naming the line of a difference.
    newlines: u64,
    first_difference: Option<u64>,
    chunk: Vec<u8>,
}

impl Comparer {
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

/// Fills `buf` as far as the reader allows; returns how much it read.
fn read_up_to(r: &mut impl io::Read, buf: &mut [u8]) -> io::Result<usize> {
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
        Ok(OutputFile::new(dir, name, Sink::Temp(BufWriter::new(temp))))
    }

    /// Compares what would be written with `dir/name` instead of writing anything.
    pub fn compare(dir: &Path, name: &str) -> io::Result<OutputFile> {
        let existing = match fs::File::open(dir.join(name)) {
            Ok(f) => Some(io::BufReader::new(f)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let comparer = Comparer { existing, newlines: 0, first_difference: None, chunk: Vec::new() };
        Ok(OutputFile::new(dir, name, Sink::Compare(comparer)))
    }

    fn new(dir: &Path, name: &str, sink: Sink) -> OutputFile {
        OutputFile { name: name.to_string(), dir: dir.to_path_buf(), sink }
    }

    /// Flushes and syncs; the file is complete but still under its temporary name.
    pub fn finish(self) -> io::Result<FinishedFile> {
        let (temp, first_difference) = match self.sink {
            Sink::Temp(writer) => {
                let temp = writer.into_inner().map_err(io::IntoInnerError::into_error)?;
                temp.as_file().sync_all()?;
                (Some(temp), None)
            }
            Sink::Compare(mut c) => (None, c.end()?),
        };
        Ok(FinishedFile { name: self.name, dir: self.dir, temp, first_difference })
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Temp(writer) => writer.write(buf),
            Sink::Compare(c) => {
                c.feed(buf)?;
                Ok(buf.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Temp(writer) => writer.flush(),
            Sink::Compare(_) => Ok(()),
        }
    }
}

/// A complete file waiting to be renamed into place, so a run can publish all files at the end.
pub struct FinishedFile {
    name: String,
    dir: PathBuf,
    /// `None` in compare mode.
    temp: Option<NamedTempFile>,
    /// In compare mode: the 1-based line where the file already there first differs.
    first_difference: Option<u64>,
}

impl FinishedFile {
    /// The file's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// In compare mode: where the existing file first differs (`None`: identical).
    pub fn first_difference(&self) -> Option<u64> {
        self.first_difference
    }

    /// Renames into place (replacing a file of that name: overwriting is decided earlier). In
    /// compare mode there is nothing to rename.
    pub fn commit(self) -> io::Result<PathBuf> {
        let target = self.dir.join(&self.name);
        if let Some(temp) = self.temp {
            temp.persist(&target).map_err(|e| e.error)?;
        }
        Ok(target)
    }
}

/// Writes a small file that holds a secret atomically in one go, readable by its owner only
/// (or, comparing, checks it).
pub fn write_private_file(dir: &Path, name: &str, bytes: &[u8], compare: bool) -> io::Result<FinishedFile> {
    let mut f = if compare { OutputFile::compare(dir, name)? } else { OutputFile::create_private(dir, name)? };
    f.write_all(bytes)?;
    f.finish()
}

/// A run folder's files as the engine writes them: each a temporary file (or, comparing, a
/// comparison with the file already there), kept finished until the caller publishes them.
pub struct Staged {
    dir: PathBuf,
    compare: bool,
    finished: Vec<FinishedFile>,
}

impl Staged {
    /// Files written into `dir` under temporary names.
    pub fn write(dir: &Path) -> Staged {
        Staged { dir: dir.to_path_buf(), compare: false, finished: Vec::new() }
    }

    /// Files compared with those already in `dir`, nothing written.
    pub fn compare(dir: &Path) -> Staged {
        Staged { dir: dir.to_path_buf(), compare: true, finished: Vec::new() }
    }

    /// The files finished, in the order they were.
    pub fn into_finished(self) -> Vec<FinishedFile> {
        self.finished
    }
}

impl Outputs for Staged {
    type File = OutputFile;

    fn create(&mut self, name: &str, secret: bool) -> io::Result<OutputFile> {
        match (self.compare, secret) {
            (true, _) => OutputFile::compare(&self.dir, name),
            (false, true) => OutputFile::create_private(&self.dir, name),
            (false, false) => OutputFile::create(&self.dir, name),
        }
    }

    fn close(&mut self, _name: &str, file: OutputFile) -> io::Result<()> {
        self.finished.push(file.finish()?);
        Ok(())
    }
}

//! A command's report on stdout: one locked handle for the whole command. A closed pipe
//! (`housie verify DIR | head -1`) silences the rest of the output and the command still ends
//! with its verdict's exit code; any other write error (a full disk) is an error, reported by
//! [`Out::finish`] with exit 2, as ripgrep does.

use std::fmt;
use std::io::{ErrorKind, StdoutLock, Write};

pub struct Out {
    lock: StdoutLock<'static>,
    closed: bool,
    failed: Option<std::io::Error>,
}

impl Out {
    pub fn new() -> Out {
        Out { lock: std::io::stdout().lock(), closed: false, failed: None }
    }

    fn note(&mut self, result: std::io::Result<()>) {
        if let Err(e) = result {
            self.closed = true;
            if e.kind() != ErrorKind::BrokenPipe && self.failed.is_none() {
                self.failed = Some(e);
            }
        }
    }

    /// Writes one line; after a write error writes nothing more.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        if !self.closed {
            let result = writeln!(self.lock, "{args}");
            self.note(result);
        }
    }

    /// Writes text as is.
    pub fn text(&mut self, text: &str) {
        if !self.closed {
            let result = self.lock.write_all(text.as_bytes());
            self.note(result);
        }
    }

    /// Flushes; a write error other than a closed pipe is returned.
    pub fn finish(mut self) -> Result<(), housie_core::Error> {
        if !self.closed {
            let result = self.lock.flush();
            self.note(result);
        }
        match self.failed.take() {
            Some(e) => Err(housie_core::Error::Io { path: "standard output".into(), source: e }),
            None => Ok(()),
        }
    }
}

/// `outln!(out, "…", args)`: one line through [`Out`].
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// `note!("…", args)`: one line on stderr that never panics (stderr may be closed or full;
/// `eprintln!` would panic then, after the work was done).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use note;

/// Refuses to write over `path` unless `force`, and never over what is not a regular file: a
/// device, a pipe or a link is never replaced (renaming over /dev/full as root would put a
/// file where the device was). `what` names the file asked for (`PDF`).
pub fn refuse_to_replace(path: &std::path::Path, force: bool, what: &str) -> Result<(), housie_core::Error> {
    use housie_core::Error;
    if let Ok(meta) = path.symlink_metadata() {
        if !meta.file_type().is_file() {
            return Err(Error::Usage(format!(
                "{} is not a regular file; give the path of a new {what} file",
                path.display()
            )));
        }
        if !force {
            return Err(Error::Usage(format!("{} exists; give --force to replace it", path.display())));
        }
    }
    Ok(())
}

/// Writes `bytes` under a temporary name beside `path`, synced, then renames it into place: a
/// command stopped halfway leaves no half file.
pub fn write_whole(path: &std::path::Path, bytes: &[u8]) -> Result<(), housie_core::Error> {
    use housie_core::Error;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let mut file = tempfile::Builder::new()
        .prefix(".housie-")
        .suffix(".tmp")
        .tempfile_in(folder)
        // tempfile's error names its random file; the folder is what the user can act on.
        .map_err(|e| Error::io(folder)(std::io::Error::from(e.kind())))?;
    file.write_all(bytes).map_err(Error::io(path))?;
    file.as_file().sync_all().map_err(Error::io(path))?;
    file.persist(path).map_err(|e| Error::io(path)(e.error))?;
    Ok(())
}

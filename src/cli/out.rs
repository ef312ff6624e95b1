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

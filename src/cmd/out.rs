//! A command's report on stdout: one locked handle for the whole command. A closed pipe
//! (`housie verify DIR | head -1`) silences the rest of the output; the command still ends with
//! its verdict's exit code.

use std::fmt;
use std::io::{StdoutLock, Write};

pub struct Out {
    lock: StdoutLock<'static>,
    closed: bool,
}

impl Out {
    pub fn new() -> Out {
        Out { lock: std::io::stdout().lock(), closed: false }
    }

    /// Writes one line; after a write error (a closed pipe) writes nothing more.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        if !self.closed && writeln!(self.lock, "{args}").is_err() {
            self.closed = true;
        }
    }

    /// Writes text as is.
    pub fn text(&mut self, text: &str) {
        if !self.closed && self.lock.write_all(text.as_bytes()).is_err() {
            self.closed = true;
        }
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        let _ = self.lock.flush();
    }
}

/// `outln!(out, "…", args)`: one line through [`Out`].
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

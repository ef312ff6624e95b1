//! A reader that refuses a line longer than any manifest row can be, so that a file of one
//! 200 MB line (sent by mistake, or on purpose) is refused after 64 KiB read, not buffered
//! whole by the CSV reader and copied into its message.

use std::io::Read;

/// Bytes a manifest line may hold: a row is a few hundred.
pub const LINE_MAX: usize = 64 * 1024;

/// `inner`, failing with [`std::io::ErrorKind::InvalidData`] once a line passes
/// [`LINE_MAX`] bytes.
pub struct LineLimit<R> {
    inner: R,
    /// Bytes since the last line feed.
    run: usize,
    /// Line feeds seen: the long line's number is one more.
    lines: u64,
}

impl<R> LineLimit<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> LineLimit<R> {
        LineLimit { inner, run: 0, lines: 0 }
    }

    fn count(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        for &b in bytes {
            if b == b'\n' {
                self.lines += 1;
                self.run = 0;
            } else {
                self.run += 1;
                if self.run > LINE_MAX {
                    let message =
                        format!("line {} is longer than {LINE_MAX} bytes: not a manifest row", self.lines + 1);
                    return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, message));
                }
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for LineLimit<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count(&buf[..n])?;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_refused_and_rows_pass() {
        let rows = "a,b\n".repeat(100_000);
        let mut out = String::new();
        LineLimit::new(rows.as_bytes()).read_to_string(&mut out).unwrap();
        assert_eq!(out, rows);
        let long = format!("a,b\n{}\n", "x".repeat(LINE_MAX + 1));
        let e = LineLimit::new(long.as_bytes()).read_to_string(&mut String::new()).unwrap_err();
        assert_eq!(e.to_string(), "line 2 is longer than 65536 bytes: not a manifest row");
    }
}

//! The night's log as text: `night.jsonl`, the form a night played in a browser tab is kept and
//! downloaded in, and what `housie night DIR --log` writes of a native night. Its first line
//! names the format and the run the night was played on; each line after it is one event as
//! [`Row::line`] writes it, linked to the one before (see [`super::log_line`]). Nothing here
//! reads a file: text in, rows out.

use serde::{Deserialize, Serialize};

use super::event::Stored;
use super::log_line::{Chain, Row};

/// The format's version, in the first line.
pub const FORMAT: u32 = 1;
/// The most a night's log may be: a long night with phones is a few megabytes.
pub const MAX_BYTES: u64 = 256 << 20;

/// The first line of `night.jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Head {
    /// The format's version ([`FORMAT`]).
    pub housie_night: u32,
    /// The housie version that wrote it.
    pub housie: String,
    /// The SHA-256 of the run's record the night was played on (its content, as the native
    /// night binds it).
    pub run_sha256: String,
}

/// Why a log cannot be read: the line (from 1) and, for an event, its number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", .seq.map_or(String::new(), |s| format!(" (event {s})")))]
pub struct LogFileError {
    /// The line, from 1.
    pub line: usize,
    /// The event's number, when the line is an event's.
    pub seq: Option<i64>,
    /// What is wrong.
    pub message: String,
}

/// The log of the night played on the run `run_sha256`, its events `rows`, as text.
pub fn write(run_sha256: &str, rows: &[Row]) -> String {
    let head = Head { housie_night: FORMAT, housie: env!("CARGO_PKG_VERSION").into(), run_sha256: run_sha256.into() };
    let mut out = serde_json::to_string(&head).expect("a head serialises");
    out.push('\n');
    for row in rows {
        out.push_str(&row.line());
        out.push('\n');
    }
    out
}

/// The head, rows and events of a log, every event checked as the native log's are: numbered on,
/// linked to the one before, a housie event of its kind. An edited, reordered or truncated
/// log is refused at the line where it breaks.
pub fn read(text: &str) -> Result<(Head, Vec<Row>, Vec<Stored>), LogFileError> {
    let mut lines = text.split_inclusive('\n').enumerate();
    let at = |line: usize, seq: Option<i64>| move |message: String| LogFileError { line: line + 1, seq, message };
    let (_, first) = lines.next().ok_or_else(|| at(0, None)("empty: not a night's log".into()))?;
    let head: Head = serde_json::from_str(first.trim_end_matches('\n'))
        .map_err(|e| at(0, None)(format!("not the head of a night's log ({e})")))?;
    if head.housie_night != FORMAT {
        return Err(at(0, None)(format!(
            "a night's log of format {}, which this housie ({}) does not read: use a newer housie",
            head.housie_night,
            env!("CARGO_PKG_VERSION")
        )));
    }
    let mut chain = Chain::new(&head.run_sha256);
    let (mut rows, mut events) = (Vec::new(), Vec::new());
    for (i, line) in lines {
        let Some(line) = line.strip_suffix('\n') else {
            return Err(at(i, None)("cut off: the last event has no end of line (the log was truncated)".into()));
        };
        let row = Row::parse(line).map_err(at(i, None))?;
        chain.follow(&row).map_err(at(i, Some(row.seq)))?;
        events.push(row.stored().map_err(at(i, Some(row.seq)))?);
        rows.push(row);
    }
    Ok((head, rows, events))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::night::event::Event;

    fn log(run: &str, numbers: &[u8]) -> Vec<Row> {
        let mut chain = Chain::new(run);
        numbers
            .iter()
            .zip(1..)
            .map(|(&number, seq)| {
                let data = serde_json::to_string(&Event::Called { number, drawn: false }).unwrap();
                let row = Row {
                    seq,
                    at: "2026-12-06T19:02:10.864Z".into(),
                    game: 1,
                    kind: "called".into(),
                    data,
                    prev: Some(chain.prev().to_string()),
                };
                chain.follow(&row).unwrap();
                row
            })
            .collect()
    }

    #[test]
    fn a_log_written_reads_back_and_a_broken_one_names_its_line() {
        let run = "a".repeat(64);
        let rows = log(&run, &[7, 42, 90]);
        let text = write(&run, &rows);
        let (head, read_back, _) = read(&text).unwrap();
        assert_eq!((head.run_sha256.as_str(), read_back), (run.as_str(), rows.clone()));
        // Truncated mid-line, and at a line's end (the last event lost: only a seal shows that).
        let cut = &text[..text.len() - 5];
        assert!(read(cut).unwrap_err().to_string().starts_with("line 4: cut off"), "{}", read(cut).unwrap_err());
        // An edited number: the event after it says so.
        let edited = text.replacen("\"number\":42", "\"number\":43", 1);
        let e = read(&edited).unwrap_err();
        assert_eq!((e.line, e.seq), (4, Some(3)));
        // Lines swapped.
        let mut lines: Vec<&str> = text.lines().collect();
        lines.swap(1, 2);
        let swapped = lines.join("\n") + "\n";
        assert_eq!(read(&swapped).unwrap_err().line, 2);
        // Another run's head.
        let other = text.replacen(&run, &"b".repeat(64), 1);
        assert!(read(&other).unwrap_err().message.contains("another run's"));
        // Not a log at all.
        assert!(read("").is_err() && read("{}\n").is_err() && read("PK\u{3}\u{4}").is_err());
        // A newer format.
        let newer = text.replacen("\"housie_night\":1", "\"housie_night\":2", 1);
        assert!(read(&newer).unwrap_err().message.contains("newer housie"));
    }
}

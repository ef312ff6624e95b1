//! One event of the night's log as a line of text, and the chain that ties each line to the
//! one before it. The same line is what `night.jsonl` holds and what the SQLite log's `prev`
//! hashes, so a night moves between the page and the native tool without changing a byte:
//!
//! ```text
//! {"seq":3,"at":"2026-12-06T19:02:10.864Z","game":1,"kind":"called","data":{"kind":"called","number":7,"drawn":true},"prev":"9f…"}
//! ```
//!
//! `prev` is the SHA-256 (hex) of the previous line's bytes; the first event's is the SHA-256 of
//! the run its night was played on, so a log cannot be moved onto another run unnoticed. An
//! event edited, removed, reordered or cut off breaks the chain at the event after it. Logs of
//! housie before 0.14 have no `prev`: they read as they did, and a night carried on by 0.14
//! chains its new events onto the last old one; once chained, every later event must be.
//! Nothing here reads a file.

use serde::Deserialize;

use super::event::{Event, Stored};

/// An event as the log stores it: its fields as text, exactly as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its place in the log, from 1.
    pub seq: i64,
    /// When it was stored (UTC, `2026-12-06T19:02:10.864Z`).
    pub at: String,
    /// Its game (0 for the night itself).
    pub game: i64,
    /// Its kind (`called`).
    pub kind: String,
    /// The event as JSON, as stored.
    pub data: String,
    /// The SHA-256 of the line before it; `None` in a log written before housie 0.14.
    pub prev: Option<String>,
}

/// A line as read, before it is checked to be the line housie writes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Read<'a> {
    seq: i64,
    at: String,
    game: i64,
    kind: String,
    #[serde(borrow)]
    data: &'a serde_json::value::RawValue,
    #[serde(default)]
    prev: Option<String>,
}

impl Row {
    /// The row's line, without its newline: the one form housie writes, so its hash is the
    /// same wherever it is computed.
    pub fn line(&self) -> String {
        let text = |s: &str| serde_json::to_string(s).expect("text serialises");
        let prev = self.prev.as_deref().map_or(String::new(), |p| format!(",\"prev\":{}", text(p)));
        format!(
            "{{\"seq\":{},\"at\":{},\"game\":{},\"kind\":{},\"data\":{}{prev}}}",
            self.seq,
            text(&self.at),
            self.game,
            text(&self.kind),
            self.data
        )
    }

    /// The SHA-256 (hex) of its line: what the next event's `prev` holds.
    pub fn hash(&self) -> String {
        housie_core::support::digest::sha256_hex(self.line())
    }

    /// The row a line of `night.jsonl` holds; refused unless it is the line housie writes for
    /// it, byte for byte (a line re-spaced or with its fields reordered would hash otherwise).
    pub fn parse(line: &str) -> Result<Row, String> {
        let read: Read = serde_json::from_str(line).map_err(|e| format!("not an event of a night's log ({e})"))?;
        let row = Row {
            seq: read.seq,
            at: read.at,
            game: read.game,
            kind: read.kind,
            data: read.data.get().to_string(),
            prev: read.prev,
        };
        if row.line() != line {
            return Err("not written as housie writes an event (a field re-spaced, reordered or added)".into());
        }
        Ok(row)
    }

    /// The event the row holds, checked: its data a housie event of the row's kind, its time
    /// as the log stamps it.
    pub fn stored(&self) -> Result<Stored, String> {
        let event: Event = serde_json::from_str(&self.data).map_err(|e| format!("not a housie event ({e})"))?;
        if self.kind != event.kind() {
            let kind = housie_core::domain::text::clip(&self.kind, 40);
            return Err(format!("its kind is `{kind}`, but it holds a `{}` event", event.kind()));
        }
        if !is_stamp(&self.at) {
            let at = housie_core::domain::text::clip(&self.at, 40);
            return Err(format!("its time `{at}` is not a time housie stamped"));
        }
        Ok(Stored { seq: self.seq, at: self.at.clone(), game: self.game, event })
    }
}

/// Every row's event, each checked: numbered on and linked from the run `run_sha256`, a housie
/// event of its kind. Refused at the first row that is not, with its number and the reason.
pub fn checked(run_sha256: &str, rows: &[Row]) -> Result<Vec<Stored>, (i64, String)> {
    let mut chain = Chain::new(run_sha256);
    rows.iter().map(|row| chain.follow(row).and_then(|()| row.stored()).map_err(|e| (row.seq, e))).collect()
}

/// Whether `at` is a time as the log stamps it: `2026-11-22T19:02:10.864Z`.
pub fn is_stamp(at: &str) -> bool {
    use time::format_description::well_known::Rfc3339;
    at.len() == 24 && at.ends_with('Z') && time::OffsetDateTime::parse(at, &Rfc3339).is_ok()
}

/// The chain as it is followed, row after row.
#[derive(Clone, Debug)]
pub struct Chain {
    /// What the next chained row's `prev` must be.
    next: String,
    /// Whether a chained row was seen: from then on every row must be chained.
    chained: bool,
    /// The last row's sequence number.
    seq: i64,
}

impl Chain {
    /// A chain that starts at the run whose record's SHA-256 (hex) is `run_sha256`.
    pub fn new(run_sha256: &str) -> Chain {
        Chain { next: run_sha256.to_string(), chained: false, seq: 0 }
    }

    /// What the next row's `prev` is to be.
    pub fn prev(&self) -> &str {
        &self.next
    }

    /// Takes `row` as the next of the log: refused, with the reason, if it is not numbered on
    /// from the last or does not link to it.
    pub fn follow(&mut self, row: &Row) -> Result<(), String> {
        let expected = self.seq + 1;
        if row.seq != expected {
            return Err(format!("event {expected} is missing: the log goes from {} to {}", self.seq, row.seq));
        }
        match &row.prev {
            Some(prev) if *prev == self.next => self.chained = true,
            Some(_) if self.seq == 0 => {
                return Err("it does not follow from this run's record: the log is another run's, or was edited".into())
            }
            Some(_) => {
                return Err(format!(
                    "it does not follow from event {}: an event before it was edited or removed",
                    self.seq
                ))
            }
            None if self.chained => {
                return Err(format!("it has no link to event {}: the chain was cut", self.seq));
            }
            None => {}
        }
        self.seq = row.seq;
        self.next = row.hash();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, number: u8, prev: Option<String>) -> Row {
        let event = Event::Called { number, drawn: true };
        let data = serde_json::to_string(&event).unwrap();
        Row { seq, at: "2026-12-06T19:02:10.864Z".into(), game: 1, kind: "called".into(), data, prev }
    }

    /// A chain of three, and each way of breaking it, refused at the event where it breaks.
    #[test]
    fn a_chained_log_reads_and_every_edit_breaks_it_where_it_is() {
        let run = housie_core::support::digest::sha256_hex("run.json");
        let mut rows = Vec::new();
        let mut chain = Chain::new(&run);
        for (seq, n) in [(1, 7), (2, 42), (3, 90)] {
            let r = row(seq, n, Some(chain.prev().to_string()));
            chain.follow(&r).unwrap();
            rows.push(r);
        }
        // Each line reads back as itself.
        for r in &rows {
            assert_eq!(&Row::parse(&r.line()).unwrap(), r);
            assert!(r.stored().is_ok());
        }
        let check = |rows: &[Row]| -> Result<(), (i64, String)> {
            let mut chain = Chain::new(&run);
            rows.iter().try_for_each(|r| chain.follow(r).map_err(|e| (r.seq, e)))
        };
        assert_eq!(check(&rows), Ok(()));
        // A number edited: the next event no longer follows.
        let mut edited = rows.clone();
        edited[1].data = edited[1].data.replace("42", "43");
        assert_eq!(check(&edited).unwrap_err().0, 3);
        // The last event edited is not caught by the chain (the seal on paper catches that),
        // but its own link still holds.
        // One removed: the numbering says so.
        let removed = [rows[0].clone(), rows[2].clone()];
        assert!(check(&removed).unwrap_err().1.contains("event 2 is missing"));
        // Two swapped.
        let swapped = [rows[1].clone(), rows[0].clone()];
        assert_eq!(check(&swapped).unwrap_err().0, 2);
        // Another run's night.
        let mut chain = Chain::new("0".repeat(64).as_str());
        assert!(chain.follow(&rows[0]).unwrap_err().contains("another run's"));
        // The chain cut: a later event without its link.
        let mut cut = rows.clone();
        cut[2].prev = None;
        assert!(check(&cut).unwrap_err().1.contains("the chain was cut"));
        // A log from before 0.14 (no links at all) still reads; one carried on by 0.14 too.
        let old: Vec<Row> = rows.iter().map(|r| Row { prev: None, ..r.clone() }).collect();
        assert_eq!(check(&old), Ok(()));
        let mut carried = old[..2].to_vec();
        carried.push(row(3, 90, Some(old[1].hash())));
        assert_eq!(check(&carried), Ok(()));
    }

    #[test]
    fn a_line_not_as_housie_writes_it_is_refused() {
        let r = row(1, 7, Some("ab".into()));
        let line = r.line();
        assert!(Row::parse(&line.replace(",\"game\"", ", \"game\"")).is_err());
        assert!(Row::parse(&line.replace("}", ",\"x\":1}")).is_err());
        assert!(Row::parse("not json").is_err());
        let mut wrong = r.clone();
        wrong.kind = "undone".into();
        assert!(wrong.stored().unwrap_err().contains("kind"));
        let mut late = r;
        late.at = "yesterday".into();
        assert!(late.stored().unwrap_err().contains("time"));
    }
}

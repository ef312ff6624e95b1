//! Where a night's events are kept: the one thing the night's rules need of storage. An event
//! is appended whole (with the others of one change, or not at all) and read back in order,
//! every one checked. The SQLite log of `housie serve` (`housie_night::night::store::Store`) is one; a
//! log held in memory ([`MemoryLog`]) is another, for a night with no disk under it (a page in
//! a browser tab keeps its lines where it likes) and for tests. Both write the same lines
//! ([`super::log_line`]), chained the same way, so a night moves between them unchanged.

use super::error::{AppendError, OpenError};
use super::event::{Event, Stored};
use super::log_line::{checked, Chain, Row};

/// A night's events, appended and read.
pub trait EventLog: Send {
    /// Appends `events` of game `game` (0 for the night itself) as one change: every one of
    /// them is stored, each with its sequence number and time, or none is.
    fn append(&mut self, game: i64, events: &[Event]) -> Result<Vec<Stored>, AppendError>;

    /// Every event after sequence number `after` (0: all), in order, each checked as housie
    /// writes them (numbered on, linked to the one before, an event of its kind).
    fn read(&self, after: i64) -> Result<Vec<Stored>, OpenError>;

    /// Why every change is refused from now on, once the log was found gone from under the
    /// night (its file removed, replaced or truncated); `None` while it is whole.
    fn lost(&self) -> Option<&str> {
        None
    }
}

/// A night's log in memory: its rows, chained from the run, stamped by a clock it is given
/// (the page's is the browser's).
pub struct MemoryLog {
    run_sha256: String,
    rows: Vec<Row>,
    chain: Chain,
    clock: Box<dyn FnMut() -> String + Send>,
}

impl MemoryLog {
    /// An empty log of the night of the run whose run.json's SHA-256 (hex) is `run_sha256`,
    /// its events stamped by `clock` (UTC, `2026-12-06T19:02:10.864Z`).
    pub fn new(run_sha256: &str, clock: impl FnMut() -> String + Send + 'static) -> MemoryLog {
        MemoryLog {
            run_sha256: run_sha256.to_string(),
            rows: Vec::new(),
            chain: Chain::new(run_sha256),
            clock: Box::new(clock),
        }
    }

    /// A log holding `rows` already (a night carried on), checked: refused at the first row
    /// that is not as housie writes it, with its number and why.
    pub fn of_rows(
        run_sha256: &str,
        rows: Vec<Row>,
        clock: impl FnMut() -> String + Send + 'static,
    ) -> Result<MemoryLog, (i64, String)> {
        let mut chain = Chain::new(run_sha256);
        for row in &rows {
            chain.follow(row).and_then(|()| row.stored().map(drop)).map_err(|e| (row.seq, e))?;
        }
        Ok(MemoryLog { run_sha256: run_sha256.to_string(), rows, chain, clock: Box::new(clock) })
    }

    /// The rows as stored, for `night.jsonl`.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
}

impl EventLog for MemoryLog {
    fn append(&mut self, game: i64, events: &[Event]) -> Result<Vec<Stored>, AppendError> {
        let (mut chain, mut rows) = (self.chain.clone(), Vec::with_capacity(events.len()));
        let last = self.rows.last().map_or(0, |r| r.seq);
        for (seq, event) in (last + 1..).zip(events) {
            let row = Row {
                seq,
                at: (self.clock)(),
                game,
                kind: event.kind().to_string(),
                data: serde_json::to_string(event).expect("events serialise"),
                prev: Some(chain.prev().to_string()),
            };
            chain.follow(&row).map_err(AppendError::Sql)?;
            row.stored().map_err(AppendError::Sql)?;
            rows.push(row);
        }
        let stored =
            rows.iter().zip(events).map(|(r, e)| Stored { seq: r.seq, at: r.at.clone(), game, event: e.clone() });
        let stored = stored.collect();
        self.rows.extend(rows);
        self.chain = chain;
        Ok(stored)
    }

    fn read(&self, after: i64) -> Result<Vec<Stored>, OpenError> {
        let all = checked(&self.run_sha256, &self.rows).map_err(|(seq, message)| OpenError::Log {
            path: housie_core::record::NIGHT_LOG.into(),
            seq,
            message,
        })?;
        Ok(all.into_iter().filter(|s| s.seq > after).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> impl FnMut() -> String + Send {
        let mut n = 0;
        move || {
            n += 1;
            format!("2026-12-06T19:02:{n:02}.000Z")
        }
    }

    /// Appended events read back numbered and linked; a change is whole; a log carried on
    /// from its rows goes on the same chain, and an edited row is refused where it is.
    #[test]
    fn a_memory_log_keeps_the_chain_the_disk_keeps() {
        let run = "ab".repeat(32);
        let mut log = MemoryLog::new(&run, clock());
        log.append(1, &[Event::Called { number: 7, drawn: false }]).unwrap();
        let two = log.append(1, &[Event::Called { number: 8, drawn: true }, Event::Ended]).unwrap();
        assert_eq!(two.iter().map(|s| s.seq).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(log.read(0).unwrap().len(), 3);
        assert_eq!(log.read(2).unwrap()[0].event, Event::Ended);
        assert_eq!(log.rows()[0].prev.as_deref(), Some(run.as_str()));
        assert_eq!(log.rows()[1].prev, Some(log.rows()[0].hash()));
        let mut again = MemoryLog::of_rows(&run, log.rows().to_vec(), clock()).unwrap();
        again.append(1, &[Event::Undone { number: 8 }]).unwrap();
        assert_eq!(again.read(0).unwrap().len(), 4);
        let mut edited = log.rows().to_vec();
        edited[0].data = edited[0].data.replace(":7,", ":9,");
        let refused = MemoryLog::of_rows(&run, edited, clock()).err().unwrap();
        assert_eq!(refused.0, 2, "{refused:?}");
        // Another run's log does not follow from this run.
        assert_eq!(MemoryLog::of_rows(&"cd".repeat(32), log.rows().to_vec(), clock()).err().unwrap().0, 1);
    }
}

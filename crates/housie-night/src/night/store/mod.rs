//! The night's database, `DIR/night.sqlite`: WAL with full sync, so a call is on disk before it
//! is acknowledged and survives `kill -9`. Migrations are numbered SQL files compiled in and
//! applied at open inside one transaction; every change is one appended event.
//!
//! A serving store guards its file. It holds an exclusive OS lock (`flock`) on `night.sqlite`
//! itself, so a second server on the same night is refused and a stray `rm` of some lock file
//! cannot undo that (on Windows, where locks are mandatory, on `night.sqlite-lock` beside it); and before and after every change it checks that the file at the path is
//! still the one it opened, no shorter than it was, and the same for its write-ahead log. A
//! database removed, replaced or truncated while serving stops every change with the reason,
//! and what the server still holds is copied to `night-rescued-….sqlite`.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};

use super::error::{AppendError, OpenError};
use super::event::{Event, Stored};
use super::log_line::{Chain, Row};
pub use super::seal::Seal;

mod files;
mod options;
mod token;
use files::*;
pub use options::{OpenOptions, RunId};
pub use token::{fresh_token, same_token};

pub use housie_core::record::NIGHT_DB;

/// The night's database, opened.
pub struct Store {
    /// Declared first so it is dropped first: SQLite's own (POSIX) locks must go before the
    /// guard's descriptor on the same file is closed.
    conn: Connection,
    path: PathBuf,
    token: String,
    guard: Option<Guard>,
    /// Whether this opening made the night's file.
    made: bool,
    /// The log's chain as it stands: what the next event links to.
    chain: Chain,
}

/// The serving store's own handle on the database file: the one-server lock, and what the files
/// at the paths looked like at the last check.
struct Guard {
    _file: File,
    /// What holds the one-server lock ([`files::lock_holder`]).
    _lock: File,
    db: Identity,
    wal: Option<Identity>,
    /// Set once the files were found tampered with; sticky.
    lost: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Identity {
    dev: u64,
    ino: u64,
    len: u64,
}

impl Identity {
    fn of(meta: &std::fs::Metadata) -> Identity {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Identity { dev: meta.dev(), ino: meta.ino(), len: meta.len() }
        }
        #[cfg(not(unix))]
        {
            Identity { dev: 0, ino: 0, len: meta.len() }
        }
    }

    /// What changed between `self` (as last seen) and the file now at `path`, if anything
    /// that cannot happen in normal use.
    fn compare(self, path: &Path) -> Result<Identity, String> {
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let now = match std::fs::symlink_metadata(path) {
            Ok(meta) => Identity::of(&meta),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(format!("{name} was removed while the night was being served"))
            }
            Err(e) => return Err(format!("{name} cannot be checked: {e}")),
        };
        if (now.dev, now.ino) != (self.dev, self.ino) {
            return Err(format!("{name} was replaced by another file while the night was being served"));
        }
        if now.len < self.len {
            return Err(format!(
                "{name} was truncated while the night was being served ({} bytes, it had {})",
                now.len, self.len
            ));
        }
        Ok(now)
    }
}

/// A night played in the page, beside run.json as night.jsonl where a new night is to start:
/// read and checked whole before any file is made, so a log that cannot be read starts nothing.
fn page_night(path: &Path, run: &RunId) -> Result<Option<Vec<Row>>, OpenError> {
    let log = path.with_file_name(housie_core::record::NIGHT_LOG);
    if log.symlink_metadata().is_err() {
        return Ok(None);
    }
    Ok(Some(super::log_text::read(&log, Some(run))?.1))
}

/// A rescue of another run's night (`--from-rescue`) is refused before any file is moved.
fn refuse_foreign_rescue(path: &Path, run: &RunId, options: &OpenOptions) -> Result<(), OpenError> {
    if let Some(rescue) = options.from_rescue.as_ref().and_then(|r| r.file_name()) {
        let beside = path.with_file_name(rescue);
        if beside.is_file() {
            Store::open_read_only(&beside, Some(run))?;
        }
    }
    Ok(())
}

/// Where the server that holds the night at `path` said it serves it, if it did.
fn served_at(path: &Path) -> Option<String> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.busy_timeout(std::time::Duration::from_millis(500)).ok()?;
    conn.query_row("SELECT url FROM serving WHERE id = 1", [], |r| r.get(0)).ok()
}

impl Store {
    /// Opens the night of the run `run` for serving: creates `night.sqlite` on the first night,
    /// refuses a database that is empty, foreign, damaged, newer, another run's, or open in
    /// another server, and never starts a new night over an earlier record unless
    /// `options.new_night`. Returns notes for the caller (a new night, a kept old file).
    pub fn open(path: &Path, run: &RunId, options: OpenOptions) -> Result<(Store, Vec<String>), OpenError> {
        let err = |message: String| OpenError::Database { path: path.to_path_buf(), message };
        let io = |p: &Path| {
            let p = p.to_path_buf();
            move |source| OpenError::Io { path: p.clone(), source }
        };
        refuse_foreign_rescue(path, run, &options)?;
        let mut notes = make_way(path, &options)?;
        let made = path.symlink_metadata().is_err();
        let page_night = if made && !options.new_night { page_night(path, run)? } else { None };
        if made {
            create(path, run).map_err(err)?;
            notes.push(format!("a new night: {}", path.display()));
        }

        let file = std::fs::OpenOptions::new().read(true).write(true).open(path).map_err(io(path))?;
        let lock = lock_holder(path, &file).map_err(io(path))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let at = served_at(path).map_or(String::new(), |url| format!(" at {url}"));
                return Err(err(format!(
                    "this event's night is being served{at} (by `housie serve` or the studio): use that desk, \
                     or stop it first (one night an event, one caller's desk a night)"
                )));
            }
            Err(std::fs::TryLockError::Error(source)) => return Err(OpenError::Io { path: path.into(), source }),
        }
        check_header(&file).map_err(err)?;
        #[cfg(unix)]
        {
            // The token and the running games' draw seeds are in here: the owner's alone.
            use std::os::unix::fs::PermissionsExt;
            let _ = file.set_permissions(std::fs::Permissions::from_mode(0o600));
        }
        let conn = Connection::open(path).map_err(|e| err(format!("cannot open: {e}")))?;
        let mut store =
            Store { conn, path: path.to_path_buf(), token: String::new(), guard: None, made, chain: Chain::new("") };
        store.setup().map_err(err)?;
        let found: Option<(String, String)> = store
            .conn
            .query_row("SELECT run_sha256, token FROM night WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(|e| err(damaged(&e)))?;
        let Some((theirs, token)) = found else {
            return Err(err(
                "has a housie schema but no night in it (damaged, or made by hand); move it away or start a new \
                 night with `housie serve --new-night`"
                    .into(),
            ));
        };
        if theirs == run.bytes && theirs != run.content {
            // Written by housie 0.2, which bound a night to run.json's bytes: bind it to the content.
            store
                .conn
                .execute("UPDATE night SET run_sha256 = ?1 WHERE id = 1", params![run.content])
                .map_err(|e| err(format!("cannot write: {e}")))?;
        } else if theirs != run.content {
            return Err(OpenError::OtherRun { path: path.to_path_buf(), theirs, ours: run.content.clone() });
        }
        store.token = token;
        if let Some(rows) = &page_night {
            notes.push(store.take_over(rows).map_err(err)?);
        }
        store.chain = store.chain_of(&run.content)?;
        // Every table read once, so this connection's cache holds its pages: a rescue copy made
        // from it after the file was cut short is whole (see `check_files`).
        let _ = store.conn.query_row("SELECT count(*) FROM serving", [], |r| r.get::<_, i64>(0));
        let db = Identity::of(&file.metadata().map_err(io(path))?);
        store.guard = Some(Guard { _file: file, _lock: lock, db, wal: None, lost: None });
        if options.new_token {
            notes.push(store.rotate_token().map_err(err)?);
        }
        store.check_files().map_err(err)?;
        Ok((store, notes))
    }

    /// Opens an existing night to read it (for `housie night`), changing nothing; with `run`,
    /// refuses a night of another run as [`Store::open`] does.
    pub fn open_read_only(path: &Path, run: Option<&RunId>) -> Result<Store, OpenError> {
        let err = |message: String| OpenError::Database { path: path.to_path_buf(), message };
        if path.symlink_metadata().is_err() {
            return Err(err("no night has been played on this run yet (`housie serve` starts one)".into()));
        }
        let file = File::open(path).map_err(|source| OpenError::Io { path: path.to_path_buf(), source })?;
        check_header(&file).map_err(err)?;
        // Closed before SQLite takes any lock: closing a descriptor drops this process's POSIX
        // locks on the file, SQLite's included.
        drop(file);
        // With no -wal and no -shm beside it, no server has the night open: it is read as an
        // immutable file, so a read-only command leaves nothing behind in the run folder. (A
        // server has both open while it serves; then they are read as they are.)
        let wal_files = ["-wal", "-shm"].iter().any(|end| sibling(path, end).symlink_metadata().is_ok());
        let conn = if wal_files {
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        } else {
            Connection::open_with_flags(
                format!("file:{}?immutable=1", uri_path(path)),
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
            )
        }
        .map_err(|e| err(format!("cannot open: {e}")))?;
        let (theirs, token): (String, String) = conn
            .query_row("SELECT run_sha256, token FROM night WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(|e| {
                err(match e {
                    rusqlite::Error::QueryReturnedNoRows => "has no night in it (damaged, or made by hand)".into(),
                    e => damaged(&e),
                })
            })?;
        if let Some(run) = run.filter(|run| theirs != run.content && theirs != run.bytes) {
            return Err(OpenError::OtherRun { path: path.to_path_buf(), theirs, ours: run.content.clone() });
        }
        let mut store =
            Store { conn, path: path.to_path_buf(), token, guard: None, made: false, chain: Chain::new("") };
        store.chain = store.chain_of(&theirs)?;
        Ok(store)
    }

    /// Checks the file, sets WAL and full sync, and applies the migrations it lacks.
    fn setup(&mut self) -> Result<(), String> {
        let quick: String = self.conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| damaged(&e))?;
        if quick != "ok" {
            return Err(format!("damaged ({quick}); move it away to start a new night"));
        }
        let sql = |e: rusqlite::Error| damaged(&e);
        let version: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(sql)?;
        if version == 0 {
            return Err("is an SQLite database, but not a housie night (it has no housie schema); move it away, \
                        or start a new night with `housie serve --new-night`"
                .into());
        }
        let version = usize::try_from(version).unwrap_or(usize::MAX);
        if version > MIGRATIONS.len() {
            return Err(format!(
                "written by a newer housie (schema {version}, this housie knows {}); use that version",
                MIGRATIONS.len()
            ));
        }
        self.conn.pragma_update(None, "journal_mode", "WAL").map_err(sql)?;
        self.conn.pragma_update(None, "synchronous", "FULL").map_err(sql)?;
        self.conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(sql)?;
        migrate(&mut self.conn, version).map_err(sql)
    }

    /// Records where the night is served (the desk's address, without its token), so a second
    /// server on it can say where to go.
    pub fn set_serving(&mut self, url: &str) -> Result<(), String> {
        self.conn
            .execute(
                "INSERT INTO serving (id, url, since) VALUES (1, ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) \
                 ON CONFLICT (id) DO UPDATE SET url = excluded.url, since = excluded.since",
                params![url],
            )
            .map(|_| ())
            .map_err(|e| format!("cannot write: {e}"))
    }

    /// The caller's token: random per night, kept here so a restart keeps the same URL.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Why changes are refused, once the files were found removed, replaced or truncated.
    pub fn lost(&self) -> Option<&str> {
        self.guard.as_ref().and_then(|g| g.lost.as_deref())
    }

    /// Appends one event in its own transaction; returns it as stored (sequence and time). A
    /// serving store checks its files before and after: a change is acknowledged only when it
    /// went into the file at `night.sqlite`.
    pub fn append(&mut self, game: i64, event: &Event) -> Result<Stored, AppendError> {
        let mut stored = self.append_all(game, std::slice::from_ref(event))?;
        Ok(stored.remove(0))
    }

    /// Appends events in one transaction, as [`Store::append`] does one: every one of them is
    /// stored, or none is (a win of several prizes is one change).
    pub fn append_all(&mut self, game: i64, events: &[Event]) -> Result<Vec<Stored>, AppendError> {
        self.ensure_intact()?;
        // Each event linked to the one before it (see `log_line`); the chain moves on only once
        // every one of them is committed.
        let mut chain = self.chain.clone();
        let insert = |chain: &mut Chain| -> Result<Vec<(i64, String)>, String> {
            let tx = self.conn.unchecked_transaction().map_err(|e| e.to_string())?;
            let mut rows = Vec::with_capacity(events.len());
            for event in events {
                let data = serde_json::to_string(event).expect("events serialise");
                let prev = chain.prev().to_string();
                let (seq, at): (i64, String) = tx
                    .query_row(
                        "INSERT INTO events (game, kind, data, prev) VALUES (?1, ?2, ?3, ?4) RETURNING seq, at",
                        params![game, event.kind(), data, prev],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .map_err(|e| e.to_string())?;
                let row = Row { seq, at: at.clone(), game, kind: event.kind().to_string(), data, prev: Some(prev) };
                chain.follow(&row)?;
                rows.push((seq, at));
            }
            tx.commit().map_err(|e| e.to_string())?;
            Ok(rows)
        };
        let rows = insert(&mut chain).map_err(AppendError::Sql)?;
        self.chain = chain;
        // Fold the change into night.sqlite itself at once: a copy of the file alone, or a
        // write-ahead log lost in a crash, then loses nothing acknowledged. A checkpoint that a
        // reader holds back is made at the next change; the change is committed either way.
        let _ = self.conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        self.ensure_intact()?;
        Ok(rows
            .into_iter()
            .zip(events)
            .map(|((seq, at), event)| Stored { seq, at, game, event: event.clone() })
            .collect())
    }

    /// Refuses once the files were tampered with; checks them now otherwise.
    fn ensure_intact(&mut self) -> Result<(), AppendError> {
        if let Some(lost) = self.lost() {
            return Err(AppendError::Lost(lost.to_string()));
        }
        self.check_files().map_err(AppendError::Lost)
    }

    /// Compares the files at the paths with what this store opened; on the first difference,
    /// keeps what the connection still holds in a rescue copy and refuses changes from then on.
    fn check_files(&mut self) -> Result<(), String> {
        let Some(guard) = self.guard.as_mut() else { return Ok(()) };
        let wal_path = sibling(&self.path, "-wal");
        let found = guard.db.compare(&self.path).and_then(|db| {
            let wal = match guard.wal {
                Some(wal) => Some(wal.compare(&wal_path)?),
                None => std::fs::symlink_metadata(&wal_path).ok().map(|m| Identity::of(&m)),
            };
            Ok((db, wal))
        });
        match found {
            Ok((db, wal)) => {
                guard.db = db;
                guard.wal = wal;
                Ok(())
            }
            Err(why) => {
                let kept = match self.rescue() {
                    Ok(p) => format!(
                        "everything recorded so far is kept in {}: stop housie serve, put that file in place of \
                         {NIGHT_DB}, and start it again",
                        p.file_name().unwrap_or_default().to_string_lossy()
                    ),
                    Err(e) => format!("a rescue copy could not be made ({e}); stop housie serve"),
                };
                self.let_go();
                let message = format!("{why}; changes are refused from now on, and {kept}");
                if let Some(guard) = self.guard.as_mut() {
                    guard.lost = Some(message.clone());
                }
                Err(message)
            }
        }
    }

    /// Closes the connection to the files that went astray, so it cannot write to whatever is at
    /// the path later (a restored night, another server's log), and moves aside the log of a
    /// database that is gone, which would otherwise be replayed onto the next file put there.
    fn let_go(&mut self) {
        if let Ok(memory) = Connection::open_in_memory() {
            let _ = std::mem::replace(&mut self.conn, memory).close();
        }
        if self.path.symlink_metadata().is_err() {
            for suffix in ["-wal", "-shm"] {
                let old = sibling(&self.path, suffix);
                if old.symlink_metadata().is_ok() {
                    let _ = std::fs::rename(&old, dated(&self.path, "lost-", &format!("sqlite{suffix}")));
                }
            }
        }
    }

    /// Copies the night as this connection sees it (the file it opened, removed or not, and its
    /// log) to `night-rescued-DATE.sqlite` beside it.
    fn rescue(&self) -> Result<PathBuf, String> {
        let target = dated(&self.path, "rescued-", "sqlite");
        let mut copy = Connection::open(&target).map_err(|e| e.to_string())?;
        {
            let backup = rusqlite::backup::Backup::new(&self.conn, &mut copy).map_err(|e| e.to_string())?;
            backup.run_to_completion(64, std::time::Duration::ZERO, None).map_err(|e| e.to_string())?;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600));
        }
        Ok(target)
    }

    /// Removes the night's files if this opening made them and nothing was recorded since,
    /// while this store still holds its lock (no server can have opened it meanwhile); says
    /// whether it did. For a command that was refused after opening: an empty night left
    /// behind would keep its run folder from being generated again.
    pub fn remove_if_new_and_empty(self) -> bool {
        if !self.made || !self.events().is_ok_and(|events| events.is_empty()) {
            return false;
        }
        let removed = std::fs::remove_file(&self.path).is_ok();
        for suffix in ["-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(sibling(&self.path, suffix));
        }
        removed
    }

    /// Every event in order. The log must read as housie writes it: numbered from 1 with no
    /// gap (an event deleted), each row's kind that of its event, each time as SQLite stamped
    /// it, and each event from housie 0.14 on linked to the one before (see `log_line`).
    pub fn events(&self) -> Result<Vec<Stored>, OpenError> {
        super::log_line::checked(&self.run_sha256()?, &self.rows()?).map_err(|(seq, message)| OpenError::Log {
            path: self.path.clone(),
            seq,
            message,
        })
    }

    /// Every event as it is stored, in order, unchecked.
    pub fn rows(&self) -> Result<Vec<Row>, OpenError> {
        let err = |message: String| OpenError::Database { path: self.path.clone(), message };
        // A night of housie before 0.14 opened to read has no `prev` column.
        let chained: bool = self
            .conn
            .query_row("SELECT count(*) FROM pragma_table_info('events') WHERE name = 'prev'", [], |r| r.get(0))
            .map_err(|e| err(damaged(&e)))?;
        let select = if chained {
            "SELECT seq, at, game, kind, data, prev FROM events ORDER BY seq"
        } else {
            "SELECT seq, at, game, kind, data, NULL FROM events ORDER BY seq"
        };
        let mut stmt = self.conn.prepare(select).map_err(|e| err(damaged(&e)))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(Row {
                    seq: r.get(0)?,
                    at: r.get(1)?,
                    game: r.get(2)?,
                    kind: r.get(3)?,
                    data: r.get(4)?,
                    prev: r.get(5)?,
                })
            })
            .map_err(|e| err(damaged(&e)))?;
        rows.map(|row| row.map_err(|e| err(damaged(&e)))).collect()
    }

    /// The SHA-256 of the run the night is bound to, as the night records it.
    pub fn run_sha256(&self) -> Result<String, OpenError> {
        self.conn
            .query_row("SELECT run_sha256 FROM night WHERE id = 1", [], |r| r.get(0))
            .map_err(|e| OpenError::Database { path: self.path.clone(), message: damaged(&e) })
    }

    /// Gives the caller a new token (the old one stops working), in the log; says so.
    fn rotate_token(&mut self) -> Result<String, String> {
        let token = fresh_token();
        self.conn
            .execute("UPDATE night SET token = ?1 WHERE id = 1", params![token])
            .map_err(|e| format!("cannot write: {e}"))?;
        self.token = token;
        self.append(0, &Event::TokenRotated).map_err(|e| e.message())?;
        Ok("a new token: the caller's old URL no longer works".into())
    }

    /// Stores the events of a night's log as text, as they were, in one transaction: numbers,
    /// times and links kept, so the chain and the seal read the same in the database. Says so.
    fn take_over(&mut self, rows: &[Row]) -> Result<String, String> {
        let cannot = |e: rusqlite::Error| format!("cannot take over {}: {e}", housie_core::record::NIGHT_LOG);
        let tx = self.conn.transaction().map_err(cannot)?;
        for r in rows {
            tx.execute(
                "INSERT INTO events (seq, at, game, kind, data, prev) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![r.seq, r.at, r.game, r.kind, r.data, r.prev],
            )
            .map_err(cannot)?;
        }
        tx.commit().map_err(cannot)?;
        Ok(format!(
            "the night played in the page ({}, {} events) is carried on here",
            housie_core::record::NIGHT_LOG,
            rows.len()
        ))
    }

    /// The chain of the log as stored, checked, from the run `run_sha256`.
    fn chain_of(&self, run_sha256: &str) -> Result<Chain, OpenError> {
        let mut chain = Chain::new(run_sha256);
        for row in self.rows()? {
            chain.follow(&row).map_err(|message| OpenError::Log { path: self.path.clone(), seq: row.seq, message })?;
        }
        Ok(chain)
    }
}

impl Store {
    /// The seal of the first `events` events of the log (all of them for `None`); `None` when
    /// the log holds fewer.
    pub fn seal(&self, events: Option<usize>) -> Result<Option<Seal>, OpenError> {
        Ok(Seal::of(&self.rows()?, events))
    }
}

impl super::event_log::EventLog for Store {
    fn append(&mut self, game: i64, events: &[Event]) -> Result<Vec<Stored>, AppendError> {
        self.append_all(game, events)
    }

    fn read(&self, after: i64) -> Result<Vec<Stored>, OpenError> {
        Ok(self.events()?.into_iter().filter(|s| s.seq > after).collect())
    }

    fn lost(&self) -> Option<&str> {
        Store::lost(self)
    }
}

#[cfg(test)]
mod tests;

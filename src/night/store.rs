//! The night's database, `DIR/night.sqlite`: WAL with full sync, so a call is on disk before it
//! is acknowledged and survives `kill -9`. Migrations are numbered SQL files compiled in and
//! applied at open inside one transaction; every change is one appended event.

use std::path::{Path, PathBuf};

use rand::RngCore;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};

use super::error::OpenError;
use super::event::{Event, Stored};
use crate::print::font::hex;

/// Name of the night's database inside the run folder.
pub const NIGHT_DB: &str = "night.sqlite";

/// The schema, one file per step; `PRAGMA user_version` counts the steps applied.
const MIGRATIONS: &[&str] = &[include_str!("migrations/001_events.sql")];

pub struct Store {
    conn: Connection,
    path: PathBuf,
    token: String,
    /// Held while a server has the night open: a second server would keep its own copy of the
    /// state and the two would diverge (two "game 2"s), so it is refused instead.
    _lock: Option<std::fs::File>,
}

impl Store {
    /// Opens (or creates) the night of the run whose run.json hashes to `run_sha256`; refuses
    /// a damaged database, a newer schema, or another run's night.
    pub fn open(path: &Path, run_sha256: &str) -> Result<Store, OpenError> {
        let err = |message: String| OpenError::Database { path: path.to_path_buf(), message };
        let lock_path = path.with_extension("sqlite.lock");
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|source| OpenError::Io { path: lock_path.clone(), source })?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(err(
                    "is open in another `housie serve`; stop that one first (one caller's desk a night)".into()
                ))
            }
            Err(std::fs::TryLockError::Error(source)) => return Err(OpenError::Io { path: lock_path, source }),
        }
        let conn = Connection::open(path).map_err(|e| err(format!("cannot open: {e}")))?;
        let mut store = Store { conn, path: path.to_path_buf(), token: String::new(), _lock: Some(lock) };
        store.setup().map_err(err)?;
        let found: Option<(String, String)> = store
            .conn
            .query_row("SELECT run_sha256, token FROM night WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(|e| err(damaged(&e)))?;
        store.token = match found {
            Some((theirs, _)) if theirs != run_sha256 => {
                return Err(OpenError::OtherRun { path: path.to_path_buf(), theirs, ours: run_sha256.to_string() })
            }
            Some((_, token)) => token,
            None => {
                let token = fresh_token();
                store
                    .conn
                    .execute("INSERT INTO night (id, run_sha256, token) VALUES (1, ?1, ?2)", params![run_sha256, token])
                    .map_err(|e| err(format!("cannot write: {e}")))?;
                token
            }
        };
        Ok(store)
    }

    /// Opens an existing night to read it (for `housie night`), changing nothing.
    pub fn open_read_only(path: &Path) -> Result<Store, OpenError> {
        let err = |message: String| OpenError::Database { path: path.to_path_buf(), message };
        if !path.exists() {
            return Err(err("no night has been played on this run yet (`housie serve` starts one)".into()));
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| err(format!("cannot open: {e}")))?;
        let token: String =
            conn.query_row("SELECT token FROM night WHERE id = 1", [], |r| r.get(0)).map_err(|e| err(damaged(&e)))?;
        Ok(Store { conn, path: path.to_path_buf(), token, _lock: None })
    }

    /// Checks the file, sets WAL and full sync, and applies the migrations it lacks.
    fn setup(&mut self) -> Result<(), String> {
        let quick: String = self.conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| damaged(&e))?;
        if quick != "ok" {
            return Err(format!("damaged ({quick}); move it away to start a new night"));
        }
        let sql = |e: rusqlite::Error| damaged(&e);
        self.conn.pragma_update(None, "journal_mode", "WAL").map_err(sql)?;
        self.conn.pragma_update(None, "synchronous", "FULL").map_err(sql)?;
        self.conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(sql)?;
        let version: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(sql)?;
        let version = usize::try_from(version).unwrap_or(usize::MAX);
        if version > MIGRATIONS.len() {
            return Err(format!(
                "written by a newer housie (schema {version}, this housie knows {}); use that version",
                MIGRATIONS.len()
            ));
        }
        let tx = self.conn.transaction().map_err(sql)?;
        for (i, step) in MIGRATIONS.iter().enumerate().skip(version) {
            tx.execute_batch(step).map_err(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1).map_err(sql)?;
        }
        tx.commit().map_err(sql)
    }

    /// The caller's token: random per night, kept here so a restart keeps the same URL.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Appends one event in its own transaction; returns it as stored (sequence and time).
    pub fn append(&mut self, game: i64, event: &Event) -> rusqlite::Result<Stored> {
        let data = serde_json::to_string(event).expect("events serialise");
        let tx = self.conn.transaction()?;
        let (seq, at): (i64, String) = tx.query_row(
            "INSERT INTO events (game, kind, data) VALUES (?1, ?2, ?3) RETURNING seq, at",
            params![game, event.kind(), data],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        tx.commit()?;
        Ok(Stored { seq, at, game, event: event.clone() })
    }

    /// Every event in order.
    pub fn events(&self) -> Result<Vec<Stored>, OpenError> {
        let err = |message: String| OpenError::Database { path: self.path.clone(), message };
        let mut stmt =
            self.conn.prepare("SELECT seq, at, game, data FROM events ORDER BY seq").map_err(|e| err(damaged(&e)))?;
        let rows = stmt
            .query_map([], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
            })
            .map_err(|e| err(damaged(&e)))?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, at, game, data) = row.map_err(|e| err(damaged(&e)))?;
            let event: Event =
                serde_json::from_str(&data).map_err(|e| err(format!("event {seq} is not readable: {e}")))?;
            out.push(Stored { seq, at, game, event });
        }
        Ok(out)
    }
}

fn damaged(e: &rusqlite::Error) -> String {
    format!("not a usable housie night database ({e}); move it away to start a new night")
}

fn fresh_token() -> String {
    let mut bytes = [0u8; 16];
    // The caller's secret; it gates every change to the night.
    #[allow(clippy::disallowed_methods)]
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

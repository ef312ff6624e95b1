//! The night's files beside its database: making it (its header checked), making way for a
//! new one (an earlier night or a rescue set aside under a dated name, never deleted), and the
//! names they all go by.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::{params, Connection};

use super::super::error::OpenError;
use super::options::{OpenOptions, RunId};
use super::token::fresh_token;

use housie_core::record::NIGHT_DB;

/// The schema, one file per step; `PRAGMA user_version` counts the steps applied.
pub(super) const MIGRATIONS: &[&str] = &[
    include_str!("migrations/001_events.sql"),
    include_str!("migrations/002_serving.sql"),
    include_str!("migrations/003_chain.sql"),
];

/// The first bytes of every SQLite database.
pub(super) const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// `path` as the path of a `file:` URI: every byte but the unreserved ones and `/` escaped.
pub(super) fn uri_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = String::new();
    for &b in absolute.as_os_str().as_encoded_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => out.push(char::from(b)),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Applies the migrations after `done`, in one transaction.
pub(super) fn migrate(conn: &mut Connection, done: usize) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for (i, step) in MIGRATIONS.iter().enumerate().skip(done) {
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
    }
    tx.commit()
}

/// Makes a new night's database whole under a temporary name, then renames it into place, so a
/// start killed halfway leaves no empty `night.sqlite` behind.
pub(super) fn create(path: &Path, run: &RunId) -> Result<(), String> {
    let temp = sibling(path, ".new");
    let _ = std::fs::remove_file(&temp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(&temp).map_err(|e| format!("cannot create {}: {e}", temp.display()))?;
    let result = (|| -> rusqlite::Result<()> {
        let mut conn = Connection::open(&temp)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        migrate(&mut conn, 0)?;
        conn.execute(
            "INSERT INTO night (id, run_sha256, token) VALUES (1, ?1, ?2)",
            params![run.content, fresh_token()],
        )?;
        conn.close().map_err(|(_, e)| e)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&temp);
        return Err(format!("cannot create a new night: {e}"));
    }
    std::fs::rename(&temp, path).map_err(|e| format!("cannot create a new night: {e}"))
}

/// Refuses a file that is empty or is not SQLite, with the reason.
pub(super) fn check_header(file: &File) -> Result<(), String> {
    use std::io::Read;
    let mut head = [0u8; 16];
    let mut read = 0;
    let mut f = file;
    while read < head.len() {
        match f.read(&mut head[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(e) => return Err(format!("cannot read: {e}")),
        }
    }
    match read {
        0 => Err("is empty (0 bytes): not a housie night, perhaps truncated. Move it away, or start a new night \
                  with `housie serve --new-night`, which keeps it under a dated name"
            .into()),
        _ if head[..read] != SQLITE_MAGIC[..read] || read < head.len() => {
            Err("is not an SQLite database, so not a housie night; move it away, or start a new night with \
                 `housie serve --new-night`"
                .into())
        }
        _ => Ok(()),
    }
}

/// Moves an existing night out of the way under a dated name, its log folded in first when it
/// can be; refused while another server has it open.
pub(super) fn set_aside(path: &Path) -> Result<PathBuf, OpenError> {
    let kept = dated(path, "", "sqlite");
    move_database(path, &kept, "stop that one before starting a new night")?;
    Ok(kept)
}

/// Renames the database `from` to `to` whole: refused while a server has it open (`busy` says
/// what to do), its write-ahead log folded in first, and what is left of the log moved with it.
pub(super) fn move_database(from: &Path, to: &Path, busy: &str) -> Result<(), OpenError> {
    let err = |message: String| OpenError::Database { path: from.to_path_buf(), message };
    let file = File::open(from).map_err(|source| OpenError::Io { path: from.to_path_buf(), source })?;
    let lock = lock_holder(from, &file).map_err(|source| OpenError::Io { path: from.to_path_buf(), source })?;
    if let Err(std::fs::TryLockError::WouldBlock) = lock.try_lock() {
        return Err(err(format!("is open in another `housie serve`; {busy}")));
    }
    if check_header(&file).is_ok() {
        // Fold the write-ahead log into the file, so the file is whole on its own.
        if let Ok(conn) = Connection::open(from) {
            let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
            let _ = conn.close();
        }
    }
    std::fs::rename(from, to).map_err(|source| OpenError::Io { path: from.to_path_buf(), source })?;
    for suffix in ["-wal", "-shm"] {
        let old = sibling(from, suffix);
        if old.exists() {
            let _ = std::fs::rename(&old, sibling(to, suffix));
        }
    }
    drop(file);
    Ok(())
}

/// What an earlier night left beside a missing `night.sqlite`: its write-ahead log, a copy kept
/// by `--new-night` or a rescue.
pub(super) fn leftovers(path: &Path) -> Vec<PathBuf> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    is_log_of(p, path) || (name.starts_with("night-") && name.ends_with(".sqlite"))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// Before a night is opened for serving: a rescue copy put in place (`--from-rescue`), an
/// earlier night kept aside (`--new-night`), and the refusals that keep a plain start from
/// serving what may be missing changes (a rescue copy beside the night) or from starting a new
/// night over an earlier one's leftovers. Returns notes for the caller.
pub(super) fn make_way(path: &Path, options: &OpenOptions) -> Result<Vec<String>, OpenError> {
    let err = |message: String| OpenError::Database { path: path.to_path_buf(), message };
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| OpenError::Io { path: p.clone(), source }
    };
    let mut notes = Vec::new();
    if let Some(rescue) = &options.from_rescue {
        notes.extend(put_rescue_in_place(path, rescue)?);
    }
    let exists = path.symlink_metadata().is_ok();
    // What an earlier night left beside the file, read once for both checks below.
    let leftovers = leftovers(path);
    let rescued: Vec<PathBuf> = leftovers.iter().filter(|p| is_rescue(p)).cloned().collect();
    if exists && !options.new_night && !rescued.is_empty() {
        return Err(err(format!(
            "{} beside it {} what housie serve still held when {NIGHT_DB} went from under it, so {NIGHT_DB} \
             may be missing changes. To carry on from the rescue: `housie serve DIR --from-rescue {}` (it keeps \
             {NIGHT_DB} under a dated name); to carry on from {NIGHT_DB}, move the rescue out of this folder \
             (nothing is deleted either way)",
            names(&rescued),
            if rescued.len() == 1 { "holds" } else { "hold" },
            rescued.last().and_then(|p| p.file_name()).map_or(String::new(), |n| n.to_string_lossy().into_owned())
        )));
    }
    if exists && options.new_night {
        let kept = set_aside(path)?;
        notes.push(format!("the earlier night is kept as {}; this is a new night", kept.display()));
    } else if !exists {
        match (leftovers.is_empty(), options.new_night) {
            (true, _) => {}
            (false, false) => {
                return Err(err(format!(
                    "is missing, but {} {} there: the record of a night played on this run. \
                     Put it back as {NIGHT_DB} to go on with that night, or start a new one with \
                     `housie serve --new-night` (nothing is deleted)",
                    names(&leftovers),
                    if leftovers.len() == 1 { "is" } else { "are" }
                )))
            }
            (false, true) => {
                for old in leftovers.iter().filter(|p| is_log_of(p, path)) {
                    let kept = dated(path, "", "sqlite-wal");
                    std::fs::rename(old, &kept).map_err(io(old))?;
                    notes.push(format!("kept {} as {}", old.display(), kept.display()));
                }
            }
        }
    }
    Ok(notes)
}

/// Puts `rescue` (a copy made by [`Store::rescue`], beside the night) in place of the night
/// at `path`, which is kept under a dated name; returns what was done, for the caller.
pub(super) fn put_rescue_in_place(path: &Path, rescue: &Path) -> Result<Vec<String>, OpenError> {
    let err = |message: String| OpenError::Database { path: rescue.to_path_buf(), message };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let named = rescue.file_name().map(|n| dir.join(n));
    let rescue = match named {
        Some(beside) if is_rescue(&beside) && beside.is_file() => beside,
        _ => {
            return Err(err(format!(
                "--from-rescue: give the name of a night-rescued-….sqlite in the run folder ({})",
                dir.display()
            )))
        }
    };
    let file = File::open(&rescue).map_err(|source| OpenError::Io { path: rescue.clone(), source })?;
    check_header(&file).map_err(err)?;
    drop(file);
    let mut notes = Vec::new();
    if path.symlink_metadata().is_ok() {
        let kept = set_aside(path)?;
        notes.push(format!("the night that went from under the server is kept as {}", kept.display()));
    }
    move_database(&rescue, path, "stop it first")?;
    notes.push(format!("carrying on from {}", rescue.display()));
    Ok(notes)
}

/// A copy made by [`Store::rescue`].
pub(super) fn is_rescue(p: &Path) -> bool {
    p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("night-rescued-") && n.ends_with(".sqlite"))
}

pub(super) fn is_log_of(p: &Path, db: &Path) -> bool {
    *p == sibling(db, "-wal")
}

pub(super) fn names(paths: &[PathBuf]) -> String {
    let names: Vec<String> =
        paths.iter().map(|p| p.file_name().unwrap_or_default().to_string_lossy().into_owned()).collect();
    names.join(" and ")
}

/// `night.sqlite` + suffix, beside it.
/// The file that holds the night's one-server lock for the database `path` (open as `db`):
/// `night.sqlite` itself on Unix, an advisory `flock` that no stray `rm` of a lock file undoes.
/// On Windows a lock is mandatory: held on the database, it would refuse SQLite's own reads and
/// writes through its other handles, so there it is `night.sqlite-lock` beside it.
pub(super) fn lock_holder(path: &Path, db: &File) -> std::io::Result<File> {
    if cfg!(windows) {
        std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(sibling(path, "-lock"))
    } else {
        db.try_clone()
    }
}

pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// `night-LABEL20261123T193000Z.EXT` beside `path` (a new name if that one is taken).
pub(super) fn dated(path: &Path, label: &str, ext: &str) -> PathBuf {
    let now = time::OffsetDateTime::now_utc();
    let stamp = format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    );
    (1..)
        .map(|i| {
            let name =
                if i == 1 { format!("night-{label}{stamp}.{ext}") } else { format!("night-{label}{stamp}-{i}.{ext}") };
            path.with_file_name(name)
        })
        .find(|p| p.symlink_metadata().is_err())
        .expect("some name is free")
}

/// Why the database cannot be used, and what to do: a database another process holds (where
/// the OS lock did not stop this one first, as under Wine) is in use, never to be moved away.
pub(super) fn damaged(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
    match e.sqlite_error_code() {
        Some(DatabaseBusy | DatabaseLocked) => format!(
            "is open in another housie (`housie serve` or the studio) ({e}): use that desk, or stop it first \
             (one night an event, one caller's desk a night)"
        ),
        _ => format!("not a usable housie night database ({e}); move it away to start a new night"),
    }
}

//! One run at a time in a folder: the folder's exclusive lock, and housie's own scratch files
//! in it (the lock file where a folder cannot be locked itself, the temporaries a killed run
//! left), which are never output.

use std::fs;
use std::io;
use std::path::Path;

/// The file housie holds an exclusive lock on while it writes into a folder, where a folder
/// cannot be locked itself (not on Unix); earlier versions left it everywhere.
pub const LOCK_FILE: &str = ".housie.lock";

/// housie's own bookkeeping in an output folder, never output: the lock file, and temporary
/// files (`.housie-*.tmp`) that a killed run may have left.
pub fn is_scratch(name: &str) -> bool {
    name == LOCK_FILE || (name.starts_with(".housie-") && name.ends_with(".tmp"))
}

/// Whether a folder exists and holds anything but housie's scratch files.
pub fn is_non_empty_dir(dir: &Path) -> bool {
    fs::read_dir(dir)
        .map(|mut d| d.any(|e| e.is_ok_and(|e| !is_scratch(&e.file_name().to_string_lossy()))))
        .unwrap_or(false)
}

/// An exclusive hold on an output folder for the length of one run; dropping it lets go.
pub struct FolderLock {
    _file: fs::File,
}

/// Takes the folder's lock, or `Ok(None)` at once when another run holds it. On Unix the
/// folder itself is locked, so nothing is left in it, not even after a `kill -9`.
pub fn lock_folder(dir: &Path) -> io::Result<Option<FolderLock>> {
    #[cfg(unix)]
    let file = fs::File::open(dir)?;
    #[cfg(not(unix))]
    let file = fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(LOCK_FILE))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(FolderLock { _file: file })),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Removes the temporary files a killed run left in `dir`. Safe only under the folder's lock
/// (or from the signal handler of the run that holds it): then no other run is writing them.
pub fn remove_temporaries(dir: &Path) -> io::Result<usize> {
    let mut removed = 0;
    for entry in fs::read_dir(dir)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != LOCK_FILE && is_scratch(&name) {
            fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

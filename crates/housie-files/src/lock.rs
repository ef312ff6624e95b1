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

/// A hold on a folder (exclusive, or shared by readers); dropping it lets go.
pub struct FolderLock {
    _file: fs::File,
}

/// Takes the folder's lock, or `Ok(None)` at once when another run holds it. On Unix the
/// folder itself is locked, so nothing is left in it, not even after a `kill -9`.
pub fn lock_folder(dir: &Path) -> io::Result<Option<FolderLock>> {
    let file = lockable(dir)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(FolderLock { _file: file })),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Takes a shared hold on a run folder, or `Ok(None)` at once when a run is being written into
/// it: what reads a run for as long as it uses it (a night served, an export, a run continued)
/// holds this, so the run cannot be replaced under it, and it cannot start on a run that is
/// being replaced. Any number of shared holds go together; [`lock_folder`] waits for none.
pub fn share_folder(dir: &Path) -> io::Result<Option<FolderLock>> {
    let file = lockable(dir)?;
    match file.try_lock_shared() {
        Ok(()) => Ok(Some(FolderLock { _file: file })),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Shared holds on every folder of `dirs` (see [`share_folder`]), or [`Error::Busy`] naming the
/// first that is being written.
pub fn share_folders<'a>(
    dirs: impl IntoIterator<Item = &'a Path>,
) -> Result<Vec<FolderLock>, housie_core::error::Error> {
    let mut held = Vec::new();
    for dir in dirs {
        let lock = share_folder(dir).map_err(housie_core::error::Error::io(dir))?;
        held.push(lock.ok_or_else(|| housie_core::error::Error::Busy(dir.to_path_buf()))?);
    }
    Ok(held)
}

/// What is locked for `dir`: the folder itself on Unix, its lock file elsewhere.
fn lockable(dir: &Path) -> io::Result<fs::File> {
    #[cfg(unix)]
    return fs::File::open(dir);
    #[cfg(not(unix))]
    return fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(LOCK_FILE));
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

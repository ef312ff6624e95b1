//! A run folder's record and manifest on disk: run.json read within its limit and checked
//! ([`read_record`]), and the manifest opened for the core's readers, refused when it is no
//! regular file or larger than its run's can be.

use std::fs;
use std::path::Path;

use housie_core::domain::{Numbering, Serial};
use housie_core::error::Error;
use housie_core::record::manifest::{self, Row, RowProblem, RunChecks};
use housie_core::record::{is_volume_name, RunRecord, MANIFEST, MAX_RECORD, RUN_RECORD};

/// Reads and parses the run record in `dir`, with its text; failure means the run cannot be
/// checked at all. A folder with a run's files but no run.json was not fully published.
pub fn read_record(dir: &Path) -> Result<(RunRecord, String), Error> {
    let path = dir.join(RUN_RECORD);
    if !path.exists() && published_any(dir) {
        return Err(Error::Incomplete(dir.to_path_buf()));
    }
    let bytes = crate::read::read_bytes(&path, MAX_RECORD).map_err(Error::io(&path))?;
    RunRecord::from_bytes(bytes, &path)
}

/// Whether a folder without run.json holds a run's files: a publication that was interrupted.
fn published_any(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|d| {
        d.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == MANIFEST || is_volume_name(&name)
        })
    })
}

/// Opens a manifest for reading: a regular file no larger than a manifest of `books` books can
/// be (see [`manifest::max_size`]); a device, a pipe, or a file far too large is refused before
/// it is read.
pub fn open_manifest(path: &Path, books: Option<u64>) -> std::io::Result<fs::File> {
    crate::read::open_regular(path, manifest::max_size(books))
}

/// Checks a manifest file on its own, streaming it: every row, every book, and every repeat.
pub fn check_manifest(path: &Path, numbering: Numbering) -> std::io::Result<RunChecks> {
    manifest::check(open_manifest(path, None)?, &path.display().to_string(), numbering)
}

/// How a manifest file's serials are written, read off its rows (see [`manifest::numbering_of`]).
pub fn numbering_of(path: &Path) -> std::io::Result<Numbering> {
    manifest::numbering_of(open_manifest(path, None)?)
}

/// A serial's row in a manifest file, found by seeking (see [`manifest::find`]).
/// `format`: the run's cards.
pub fn find_row(
    path: &Path,
    serial: Serial,
    format: &'static housie_core::domain::CardFormat,
) -> std::io::Result<Option<Result<Row, Vec<RowProblem>>>> {
    let mut file = open_manifest(path, None)?;
    let len = file.metadata()?.len();
    manifest::find(&mut file, (len, &path.display().to_string()), serial, format)
}

//! A run's booklets from its folder, drawn again from its record: one file each for players who
//! are not in the hall (`housie export`), a picture of one to send by message, and a proof of
//! the first books for the print shop.

use std::path::{Path, PathBuf};

use housie_core::error::Error;
use housie_core::generate::DrawnBook;
use housie_core::pipeline::booklets::{self, BookletFormat};
use housie_core::pipeline::GeneratePlan;
use housie_core::record::RunRecord;

use crate::output::Staged;

/// The plan the run in `dir` was made with, from its record: its font and logo read as
/// recorded, the runs it continues read and checked.
pub fn plan_of(dir: &Path, record: &RunRecord) -> Result<GeneratePlan, Error> {
    let after = record.after.as_ref().map(|a| crate::continuation::read_recorded(a, dir)).transpose()?;
    GeneratePlan::from_record(record, after, &crate::read::RunFolder(dir))
}

/// Writes one file for each of `units` into the folder `out` (see
/// [`booklets::write_booklets`]), each renamed into place once complete. Returns the paths, in
/// the order of `units`.
pub fn write_booklets(
    plan: &GeneratePlan,
    units: &[u64],
    out: &Path,
    format: BookletFormat,
    draw: &(dyn Fn(u64) -> DrawnBook + Sync),
    codes: Option<housie_core::export::pdf::QrCodes<'_>>,
) -> Result<Vec<PathBuf>, Error> {
    let mut staged = Staged::write(out);
    booklets::write_booklets(plan, units, &mut staged, format, draw, codes).map_err(|e| match e {
        Error::Io { path, source } if path.is_relative() => Error::Io { path: out.join(path), source },
        e => e,
    })?;
    let mut written = Vec::with_capacity(units.len());
    for file in staged.into_finished() {
        let path = out.join(file.name());
        written.push(file.commit().map_err(Error::io(path))?);
    }
    Ok(written)
}

/// Booklet (or book) `unit` of the run in `dir` as one PNG picture at `dpi` (see
/// [`booklets::booklet_picture`]).
pub fn booklet_picture(dir: &Path, unit: u64, dpi: u32) -> Result<Vec<u8>, Error> {
    let chain = crate::chain::open(dir)?;
    let plan = plan_of(dir, &chain.latest().record)?;
    booklets::booklet_picture(&plan, chain.books(), &chain.attempts(), unit, dpi)
}

/// The first books of the run in `dir` as the print file has them (see [`booklets::proof`]).
pub fn proof(dir: &Path) -> Result<Vec<u8>, Error> {
    let (record, _) = crate::record::read_record(dir)?;
    booklets::proof(&plan_of(dir, &record)?)
}

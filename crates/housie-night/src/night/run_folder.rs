//! A run's night opened from its folders: the chain found and checked on disk, every folder held
//! against being replaced while it is played, and each manifest read within its bounds. The
//! run itself, re-drawn and compared, is the core's [`NightRun`].

use std::path::Path;

use housie_core::record::MANIFEST;
use housie_night_core::night::{NightRun, OpenError};

/// Reads DIR/run.json with every run of its chain (the runs it continues and the top-ups made
/// after it, each checked against its files), holds their folders against being replaced,
/// re-draws every book from the seed on all cores, and compares each manifest row with the
/// ticket drawn for its serial. The night is the chain's one night, bound to the run.json of
/// the folder it is kept in.
pub fn open(dir: &Path) -> Result<NightRun, OpenError> {
    // Held before anything is read: a run being replaced is never half read.
    let mut held = match housie_files::lock::share_folders([dir]) {
        Ok(held) => held,
        // No such folder, or no run in it: said as reading its run.json says it.
        Err(e) => {
            housie_files::record::read_record(dir)?;
            return Err(e.into());
        }
    };
    let home = housie_files::chain::night_home(dir);
    let chain = housie_files::chain::whole(dir)?;
    held.extend(housie_files::lock::share_folders(chain.parts().iter().map(|p| p.dir.as_path()))?);
    let (_, home_text) = housie_files::record::read_record(&home)?;
    NightRun::of_chain(chain, &home_text, home, Box::new(held), &mut |part| {
        let path = part.dir.join(MANIFEST);
        let books = part.record.books();
        let file = housie_files::record::open_manifest(&path, Some(books.end() - books.start() + 1))
            .map_err(|source| OpenError::Io { path: path.clone(), source })?;
        Ok(Box::new(file))
    })
}

//! A night read from its run's folder without changing it: its record (`housie night`,
//! `cashup`, the studio), the books its ledger sold, and whether a seal still holds. The log
//! is found where [`NightLog`] finds it; the replay is the core's.

use std::path::{Path, PathBuf};

use housie_core::record::NIGHT_DB;
use housie_night_core::night::seal::Seal;
use housie_night_core::night::{NightRecord, OpenError};

use super::log_source::NightLog;

/// The night of the run in `dir`: one a chain, kept with its first run (see
/// [`housie_files::chain::night_home`]).
pub fn night_path(dir: &Path) -> PathBuf {
    housie_files::chain::night_home(dir).join(NIGHT_DB)
}

/// Reads the night of the run in `dir` without changing it; every event is checked as the
/// server checks it, so an edited or damaged log is refused, naming the event.
pub fn read(dir: &Path) -> Result<NightRecord, OpenError> {
    // The night is replayed as `serve` replays it: against the run (every run of its chain,
    // its tickets redrawn from the seed and compared with the manifest), so every win is
    // judged again on the tickets and the calls, and the night must be this run's. Without
    // run.json (a night kept on its own), the log is read as books, without the tickets.
    let run = match housie_files::record::read_record(dir) {
        Ok(_) => Some(super::run_folder::open(dir)?),
        Err(housie_core::error::Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    let night = NightLog::of(dir)?;
    let (events, rows) = night.events(run.as_ref().map(|r| &r.id))?;
    let path = night.path().to_path_buf();
    NightRecord::replayed(run.as_ref(), &events, &rows).map_err(|(seq, message)| OpenError::Log { path, seq, message })
}

/// The books (booklets, in a run of booklets) sold in the night's ledger of the run in `dir`,
/// as ranges: `None` when no night was played there or the hall sold none of its own.
pub fn sold_in(dir: &Path) -> Result<Option<String>, OpenError> {
    if NightLog::find(dir).is_none() {
        return Ok(None);
    }
    let record = read(dir)?;
    // Only once the hall sells its own paper through the ledger (the remote players' alone
    // leave every book in play, as a new game's "all" does).
    Ok(record.money.filter(|m| m.sold != m.remote).map(|m| m.sold))
}

/// Whether the night's log in `dir` still holds, unedited, the events `seal` (as written on
/// the cash-up sheet, `42-3f9a1c2e5b7d9e0f`) covered: `Err` says what differs.
pub fn check_seal(dir: &Path, seal: &str) -> Result<Result<(), String>, OpenError> {
    let bad = || format!("`{}` is not a seal like 42-3f9a1c2e5b7d9e0f", housie_core::domain::text::clip(seal, 40));
    let Some((count, hex)) = seal.trim().split_once('-') else { return Ok(Err(bad())) };
    // All 16 digits, as the sheet prints them: fewer would match more logs than the one sealed.
    let (Ok(count), true) = (count.parse::<usize>(), hex.len() == 16 && hex.chars().all(|c| c.is_ascii_hexdigit()))
    else {
        return Ok(Err(bad()));
    };
    let (_, rows) = NightLog::of(dir)?.rows(None)?;
    Ok(match Seal::of(&rows, Some(count)) {
        None => Err(format!("the log holds fewer than the {count} events sealed: events were removed")),
        Some(now) if now.sha256.starts_with(&hex.to_ascii_lowercase()) => Ok(()),
        Some(now) => Err(format!(
            "its first {count} events are not those sealed ({seal} was written; they read {now} now): the log was edited"
        )),
    })
}

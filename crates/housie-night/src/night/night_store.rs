//! The night kept in `housie serve`'s SQLite log: opened from its run's folder, with what only
//! that log has (the caller's token, the address it is served at, a new night's files removed
//! when nothing was recorded), its games' seeds from the operating system's entropy. The
//! rules are the core's [`Night`] whatever keeps the log.

use housie_night_core::night::{Night, NightRun, OpenError};

use super::store::{OpenOptions, Store};

/// The night as `housie serve` keeps it.
pub type ServedNight = Night<Store>;

/// What a night kept in SQLite does beside the rules.
pub trait Served: Sized {
    /// Opens the night of `run` (creating `DIR/night.sqlite` on the first night) and replays
    /// its log, every event checked; returns notes worth telling the caller.
    fn open(run: NightRun, options: OpenOptions) -> Result<(Self, Vec<String>), OpenError>;

    /// Records where the night is served (the desk's address without its token), for a second
    /// server that would open it.
    fn set_serving(&mut self, url: &str) -> Result<(), String>;

    /// The caller's token.
    fn token(&self) -> &str;

    /// Closes the night, and removes its files if this opening made them and nothing was
    /// recorded since (see [`Store::remove_if_new_and_empty`]); says whether it did.
    fn remove_if_new_and_empty(self) -> bool;
}

impl Served for Night<Store> {
    fn open(run: NightRun, options: OpenOptions) -> Result<(Night<Store>, Vec<String>), OpenError> {
        let path = run.night_path();
        let (store, notes) = Store::open(&path, &run.id, options)?;
        let night = Night::over(run, store, super::entropy::os()).map_err(|e| match e {
            OpenError::Log { seq, message, .. } => OpenError::Log { path, seq, message },
            e => e,
        })?;
        Ok((night, notes))
    }

    fn set_serving(&mut self, url: &str) -> Result<(), String> {
        self.log_mut().set_serving(url)
    }

    fn token(&self) -> &str {
        self.log().token()
    }

    fn remove_if_new_and_empty(self) -> bool {
        self.into_log().remove_if_new_and_empty()
    }
}

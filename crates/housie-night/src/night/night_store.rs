//! The night kept in `housie serve`'s SQLite log: opened from its run's folder, with what only
//! that log has (the caller's token, the address it is served at, a new night's files removed
//! when nothing was recorded), its games' seeds from the operating system's entropy. The
//! rules are [`Night`]'s whatever keeps the log.

use super::error::OpenError;
use super::run::NightRun;
use super::state::Night;
use super::store::{OpenOptions, Store};

impl Night<Store> {
    /// Opens the night of `run` (creating `DIR/night.sqlite` on the first night) and replays
    /// its log, every event checked; returns notes worth telling the caller.
    pub fn open(run: NightRun, options: OpenOptions) -> Result<(Night, Vec<String>), OpenError> {
        let path = run.night_path();
        let (store, notes) = Store::open(&path, &run.id, options)?;
        let night = Night::over(run, store, Box::new(super::draw::os_entropy)).map_err(|e| match e {
            OpenError::Log { seq, message, .. } => OpenError::Log { path, seq, message },
            e => e,
        })?;
        Ok((night, notes))
    }

    /// Records where the night is served (the desk's address without its token), for a second
    /// server that would open it.
    pub fn set_serving(&mut self, url: &str) -> Result<(), String> {
        self.store.set_serving(url)
    }

    /// The caller's token.
    pub fn token(&self) -> &str {
        self.store.token()
    }

    /// Closes the night, and removes its files if this opening made them and nothing was
    /// recorded since (see [`Store::remove_if_new_and_empty`]); says whether it did.
    pub fn remove_if_new_and_empty(self) -> bool {
        self.store.remove_if_new_and_empty()
    }
}

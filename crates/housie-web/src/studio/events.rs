//! The studio's folder of events: one folder per event, named from its title, holding its
//! design (`studio.json`), an uploaded template, and once generated, the run's files exactly as
//! `housie generate` writes them, and later the night.

use housie_core::pipeline::form_field::FormField;
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use housie_core::domain::event_id::{is_event_id, slug};
use housie_core::error::Error;
use housie_core::pipeline::design::Design;
use housie_core::record::RUN_RECORD;

/// The design's file in an event's folder.
pub const DESIGN_FILE: &str = "studio.json";

/// Where an event is: designed, printed (a run exists), its night under way, or ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventState {
    /// Designed, not generated yet: the design can change freely.
    Designed,
    /// Generated: the files are ready; generating again replaces them (the old seed is kept).
    Printed,
    /// A night exists: the paper is frozen.
    NightUnderWay,
    /// Every game of the night has ended.
    Ended,
}

impl EventState {
    /// Whether the paper may still change: not once a night exists.
    pub fn frozen(self) -> bool {
        matches!(self, EventState::NightUnderWay | EventState::Ended)
    }
}

/// What `studio.json` holds: the design, and the event it tops up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFile {
    /// The design.
    pub design: Design,
    /// The event whose run this one continues (a top-up), by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// When the event was made (RFC 3339).
    pub created: String,
    /// The port its night is served on from the studio, chosen once so that the desk, the
    /// board, the phones and the tickets' QR codes keep one address across restarts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night_port: Option<u16>,
    /// Whether its night listens on the hall's network, so that players' phones join (the
    /// `phone` look's codes need it); otherwise only this computer reaches the night.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub night_phones: bool,
}

/// An event as the events page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct EventSummary {
    /// Its folder's name.
    pub id: String,
    /// The title.
    pub title: String,
    /// Books, or booklets and games.
    pub books: Option<u64>,
    /// Booklets.
    pub booklets: Option<u64>,
    /// Games per booklet.
    pub games: Option<u16>,
    /// When it was made.
    pub created: String,
    /// Where it is.
    pub state: EventState,
    /// The event it tops up.
    pub after: Option<String>,
}

/// A folder of events.
#[derive(Clone, Debug)]
pub struct Events {
    root: PathBuf,
    /// Whether each night has ended, as last read, with the length and time of the file read:
    /// an event's page asks on every change, and replaying a large night each time cost its
    /// answers half a second.
    ended: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<PathBuf, Seen>>>,
}

/// A night's file as last read (its length and time, with its write-ahead log's) and whether
/// its games had all ended.
type Seen = (u64, std::time::SystemTime, bool);

impl Events {
    /// The events in `root` (created if missing).
    pub fn open(root: &Path) -> Result<Events, Error> {
        fs::create_dir_all(root).map_err(Error::io(root))?;
        let root = fs::canonicalize(root).map_err(Error::io(root))?;
        Ok(Events { root, ended: Default::default() })
    }

    /// The studio's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// An event's folder (the id already checked by [`is_event_id`]).
    pub fn dir(&self, id: &str) -> PathBuf {
        self.root.join(id)
    }

    /// Every event, newest first.
    pub fn list(&self) -> Vec<EventSummary> {
        let mut events: Vec<EventSummary> = fs::read_dir(&self.root)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|id| is_event_id(id))
            .filter_map(|id| self.summary(&id).ok())
            .collect();
        events.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
        events
    }

    /// One event's summary.
    pub fn summary(&self, id: &str) -> Result<EventSummary, Error> {
        let file = self.read(id)?;
        let d = &file.design;
        Ok(EventSummary {
            id: id.to_string(),
            title: d.title.clone(),
            books: d.books,
            booklets: d.booklets,
            games: d.games,
            created: file.created,
            state: self.state(id),
            after: file.after,
        })
    }

    /// An event's `studio.json`.
    pub fn read(&self, id: &str) -> Result<EventFile, Error> {
        let path = self.dir(id).join(DESIGN_FILE);
        // Past its limit (or not text) it is no design housie wrote: the organiser's to mend,
        // not the disk's failure.
        let text = housie_files::read::read_text(&path, 64 * 1024).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => Error::io(&path)(e),
            _ => Error::Record { path: path.clone(), line: 0, message: e.to_string() },
        })?;
        serde_json::from_str(&text).map_err(|e| Error::Record { path, line: e.line(), message: e.to_string() })
    }

    /// The event whose folder keeps the night of `id`'s chain (the event it tops up, followed
    /// back to the first), when that is an event of this studio.
    pub fn night_event(&self, id: &str) -> Option<String> {
        let home = housie_files::chain::night_home(&self.dir(id));
        (home.parent() == Some(self.root.as_path()))
            .then(|| home.file_name()?.to_str().map(str::to_string))
            .flatten()
            .filter(|id| is_event_id(id))
    }

    /// Where the event is.
    pub fn state(&self, id: &str) -> EventState {
        let dir = self.dir(id);
        // The night's database, or its log as text (a night played in the page, moved here).
        let found = housie_night::night::log_source::NightLog::find(&dir).map(|n| n.path().to_path_buf());
        if let Some((night, meta)) = found.and_then(|n| n.metadata().ok().map(|m| (n, m))) {
            // The log grows with every change (into its write-ahead log first): the same lengths
            // and times are the same night.
            let wal = std::fs::metadata(format!("{}-wal", night.display())).ok();
            let at = |m: &std::fs::Metadata| m.modified().unwrap_or(std::time::UNIX_EPOCH);
            let seen = (
                meta.len() + wal.as_ref().map_or(0, |w| w.len() << 32),
                wal.as_ref().map_or(at(&meta), |w| at(w).max(at(&meta))),
            );
            let mut known = self.ended.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let ended = match known.get(&night) {
                Some(&(len, at, ended)) if (len, at) == seen => ended,
                _ => {
                    let ended = housie_night::night::reading::read(&dir)
                        .is_ok_and(|n| !n.games.is_empty() && n.games.iter().all(|g| g.ended_at.is_some()));
                    known.insert(night, (seen.0, seen.1, ended));
                    ended
                }
            };
            return if ended { EventState::Ended } else { EventState::NightUnderWay };
        }
        if dir.join(RUN_RECORD).exists() {
            EventState::Printed
        } else {
            EventState::Designed
        }
    }

    /// Makes a new event with this design: its id from the title, made unique.
    pub fn create(&self, design: Design, after: Option<String>) -> Result<String, Error> {
        let base = slug(&design.title);
        for n in 1..10_000 {
            let id = housie_core::domain::event_id::numbered(&base, n);
            let dir = self.dir(&id);
            match fs::create_dir(&dir) {
                Ok(()) => {
                    let created =
                        housie_files::start::run_date().unwrap_or(housie_core::support::date::RunDate::EPOCH).rfc3339();
                    self.write(&id, &EventFile { design, after, created, night_port: None, night_phones: false })?;
                    return Ok(id);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(Error::io(dir)(e)),
            }
        }
        let taken = std::io::Error::new(std::io::ErrorKind::AlreadyExists, format!("too many events called {base}"));
        Err(Error::io(self.dir(&base))(taken))
    }

    /// The folder archived events are moved into, out of the list (a dot: never an event id).
    pub const ARCHIVE: &'static str = ".archived";

    /// Moves event `id`'s folder, whole, into [`Self::ARCHIVE`] (as `ID`, or `ID-2` …):
    /// off the list, nothing deleted (its seed and its night go with it, and it comes back by
    /// moving the folder back). Returns where it went.
    pub fn archive(&self, id: &str) -> Result<PathBuf, Error> {
        let shelf = self.root.join(Self::ARCHIVE);
        fs::create_dir_all(&shelf).map_err(Error::io(&shelf))?;
        for n in 1..10_000 {
            let to = shelf.join(if n == 1 { id.to_string() } else { format!("{id}-{n}") });
            if to.symlink_metadata().is_ok() {
                continue;
            }
            fs::rename(self.dir(id), &to).map_err(Error::io(self.dir(id)))?;
            return Ok(to);
        }
        let taken = std::io::Error::new(std::io::ErrorKind::AlreadyExists, "too many archived events of that name");
        Err(Error::io(shelf)(taken))
    }

    /// The events that top up event `id` (their `after` names it).
    pub fn topped_up_by(&self, id: &str) -> Vec<String> {
        self.list().into_iter().filter(|e| e.after.as_deref() == Some(id)).map(|e| e.id).collect()
    }

    /// Writes `studio.json` whole, never half: a temporary file renamed into place.
    pub fn write(&self, id: &str, file: &EventFile) -> Result<(), Error> {
        let dir = self.dir(id);
        let json = serde_json::to_string_pretty(file).expect("a design serialises");
        write_whole(&dir, DESIGN_FILE, json.as_bytes())
    }
}

impl Events {
    /// The event's design as a plan drawn with `seed` (a top-up continues its event's run,
    /// with its seed), or every problem with it, each beside its field.
    pub fn plan(
        &self,
        id: &str,
        file: &EventFile,
        seed: housie_core::pipeline::SeedChoice,
    ) -> Result<housie_core::pipeline::Planned, Vec<super::Problem>> {
        let after = match &file.after {
            Some(earlier) => Some(
                housie_files::continuation::read(&self.dir(earlier), &self.dir(id))
                    .map_err(|e| vec![super::Problem::new(FormField::Event, format!("the event it tops up: {e}"))])?,
            ),
            None => None,
        };
        let date = housie_files::start::run_date().unwrap_or(housie_core::support::date::RunDate::EPOCH);
        file.design.plan(&self.dir(id), seed, date, after, &housie_files::read::Disk)
    }

    /// Page `page` of the event's first file as SVG, with sample numbers: what the studio's
    /// preview shows after each edit.
    pub fn preview(&self, id: &str, file: &EventFile, page: u64) -> Result<String, super::Problem> {
        let planned = self.plan(id, file, SAMPLE).map_err(|mut problems| problems.remove(0))?;
        housie_core::pipeline::preview(&planned.plan, page).map_err(housie_core::pipeline::problem::problem_of)
    }
}

pub use housie_core::pipeline::design::SAMPLE;

/// Writes `name` in `dir` by a temporary file renamed into place.
pub fn write_whole(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), Error> {
    use std::io::Write as _;
    let mut tmp = tempfile::Builder::new().prefix(".housie-tmp-").tempfile_in(dir).map_err(Error::io(dir))?;
    tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_all()).map_err(Error::io(dir.join(name)))?;
    tmp.persist(dir.join(name)).map_err(|e| Error::io(dir.join(name))(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_titles_and_stay_inside_the_folder() {
        let root = tempfile::tempdir().unwrap();
        let events = Events::open(root.path()).unwrap();
        let a = events.create(Design { title: "Fair".into(), ..Design::default() }, None).unwrap();
        let b = events.create(Design { title: "Fair".into(), ..Design::default() }, None).unwrap();
        assert_eq!((a.as_str(), b.as_str()), ("fair", "fair-2"));
        assert_eq!(events.list().len(), 2);
        assert_eq!(events.state("fair"), EventState::Designed);
    }
}

//! The studio as its handlers share it: the folder of events, the jobs running, the night it
//! opened, and the small steps every handler takes (an event id checked, blocking work moved
//! off the async threads, a library error as an answer).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::StatusCode;

use super::super::app::Logger;
use super::super::error::ApiError;
use super::super::guard::Hosts;
use super::super::listen::Limits;
use crate::studio::{Events, Job};

/// The largest template uploaded.
pub const TEMPLATE_LIMIT: usize = 64 * 1024;
/// The largest image uploaded.
pub const LOGO_LIMIT: usize = housie_core::print::logo::LOGO_FILE_MAX as usize;
/// The largest font uploaded (`--font` reads no larger).
pub const FONT_LIMIT: usize = housie_core::print::font::MAX_FONT_FILE as usize;

/// A night the studio serves: its desk's URL with the token.
#[derive(Clone, Debug)]
pub struct Served {
    /// The caller's URL.
    pub desk: String,
    /// Where players' phones join, when they may.
    pub join: Option<String>,
}

/// The studio: its folder, its token, the tasks running and the nights it opened.
pub struct Studio {
    /// The folder of events.
    pub events: Events,
    /// Needed on every API call when the studio listens beyond loopback.
    pub(super) token: Option<String>,
    /// The names requests may use.
    pub hosts: Hosts,
    /// Connections and time limits.
    pub limits: Limits,
    /// The task running or last run on each event.
    pub(super) jobs: Mutex<HashMap<String, Arc<Job>>>,
    /// Nights opened from here, by the folder that keeps each (one night a chain).
    pub(super) nights: Mutex<HashMap<std::path::PathBuf, Served>>,
    /// Where lines for the person running the studio go.
    pub log: Logger,
    /// The address the studio listens on (the night's server listens on the same interface).
    pub ip: std::net::IpAddr,
    /// Images and fonts are read one at a time (see [`housie_core::print::logo`]'s limits).
    pub(super) uploads: tokio::sync::Semaphore,
    /// Told when the studio's page asks housie to stop (its *Quit* button).
    pub(super) quit: tokio::sync::Notify,
}

impl Studio {
    /// A studio over `events`, listening on `ip`: beyond loopback it makes a token that every
    /// API call must carry.
    pub fn new(events: Events, ip: std::net::IpAddr, log: Logger) -> Arc<Studio> {
        let token = (!ip.is_loopback()).then(housie_night::night::store::fresh_token);
        Arc::new(Studio {
            events,
            token,
            hosts: Hosts::of_this_machine(&[]),
            // Images and fonts come up to the studio: larger bodies, more time for them.
            limits: Limits {
                body_limit: FONT_LIMIT,
                body_timeout: std::time::Duration::from_secs(60),
                ..Limits::from_system()
            },
            jobs: Mutex::new(HashMap::new()),
            nights: Mutex::new(HashMap::new()),
            log,
            ip,
            uploads: tokio::sync::Semaphore::new(1),
            quit: tokio::sync::Notify::new(),
        })
    }

    /// Whether a task (a print file made, a run verified) is running on any event.
    pub(super) fn job_running(&self) -> bool {
        self.jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner).values().any(|j| j.running())
    }

    /// The token the studio's URL carries, if it needs one.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    pub(super) fn job(&self, id: &str) -> Option<Arc<Job>> {
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned()
    }
}

/// An event id from the path: anything that cannot name an event's folder is no such event.
pub(super) fn event_id(studio: &Studio, id: &str) -> Result<String, ApiError> {
    if housie_core::domain::event_id::is_event_id(id)
        && studio.events.dir(id).join(crate::studio::events::DESIGN_FILE).is_file()
    {
        Ok(id.to_string())
    } else {
        Err(ApiError::not_found(format!("there is no event `{}`", housie_core::domain::text::clip(id, 60))))
    }
}

/// One upload read at a time (an image may take hundreds of megabytes while it is decoded, a
/// font tens); `what` names the file in the answer when the studio is stopping.
pub(super) async fn upload_turn<'a>(
    studio: &'a Studio,
    what: &str,
) -> Result<tokio::sync::SemaphorePermit<'a>, ApiError> {
    studio.uploads.acquire().await.map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the studio is stopping; upload the {what} again after it restarts"),
        )
    })
}

/// Runs blocking work (the disk, the pipeline) off the async threads.
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|_| Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the studio's task failed")))
}

/// A library error as an answer: the user's own mistakes are 4xx, the disk's 500.
pub(super) fn refused(e: housie_core::error::Error) -> ApiError {
    match e {
        housie_core::error::Error::Io { .. } => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        // The studio's words, not the server's paths and the command line's flags.
        housie_core::error::Error::Busy(_) => ApiError::new(
            StatusCode::CONFLICT,
            "the event's folder is in use by another housie (a generate, a night or an export): try again when it ends",
        ),
        housie_core::error::Error::HoldsNight { .. } => ApiError::new(
            StatusCode::CONFLICT,
            "a night was played on this event's paper, so its run is never replaced: duplicate the event for new paper",
        ),
        housie_core::error::Error::ContinuedBy { by, .. } => {
            let by = by.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "event “{by}” tops this one up, so this event's run is never replaced: duplicate the event for \
                     new paper"
                ),
            )
        }
        e => {
            let p = housie_core::pipeline::problem::problem_of(e);
            ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, p.field.as_str(), p.message)
        }
    }
}

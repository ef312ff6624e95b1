//! A long task on one event (generating its run, or verifying it), run on its own thread: its
//! progress is what the CLI's bar shows (pages done of the run's pages), readable at any moment,
//! and it stops soon after it is asked to, leaving nothing half-written.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

/// What the task does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Draw the books and write the files.
    Generate,
    /// Regenerate the run from its record and compare it with the files.
    Verify,
}

/// Where a task is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Outcome {
    /// Still going.
    Running,
    /// Finished: a line saying what was done.
    Done {
        /// What was made or found.
        summary: String,
        /// For a verify: the problems found (none: valid).
        problems: Vec<String>,
    },
    /// Stopped on request: nothing was written.
    Stopped,
    /// Failed: why.
    Failed {
        /// The error, in the user's words.
        error: String,
    },
}

/// A task's progress, shared by its thread and whoever asks.
#[derive(Debug)]
pub struct Job {
    /// What it does.
    pub task: Task,
    /// Pages done.
    done: AtomicU64,
    /// Pages in all.
    pub total: u64,
    stop: AtomicBool,
    outcome: Mutex<Outcome>,
}

/// A job as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct JobView {
    /// What it does.
    pub task: Task,
    /// Pages done.
    pub done: u64,
    /// Pages in all.
    pub total: u64,
    /// Where it is.
    #[serde(flatten)]
    pub outcome: Outcome,
}

impl Job {
    /// A job of `total` pages, not begun.
    pub fn new(task: Task, total: u64) -> Arc<Job> {
        Arc::new(Job {
            task,
            done: AtomicU64::new(0),
            total,
            stop: AtomicBool::new(false),
            outcome: Mutex::new(Outcome::Running),
        })
    }

    /// Records pages done (the pipeline's progress callback).
    pub fn progress(&self, pages: u64) {
        self.done.fetch_max(pages, Ordering::Relaxed);
    }

    /// Asks the task to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The flag the pipeline watches.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Records how it ended.
    pub fn finish(&self, outcome: Outcome) {
        *self.outcome.lock().unwrap_or_else(PoisonError::into_inner) = outcome;
    }

    /// Whether it is still going.
    pub fn running(&self) -> bool {
        *self.outcome.lock().unwrap_or_else(PoisonError::into_inner) == Outcome::Running
    }

    /// Now.
    pub fn view(&self) -> JobView {
        JobView {
            task: self.task,
            done: self.done.load(Ordering::Relaxed),
            total: self.total,
            outcome: self.outcome.lock().unwrap_or_else(PoisonError::into_inner).clone(),
        }
    }
}

//! The night: housie on the caller's table. It plays a printed run (its records and manifests
//! read by whoever holds them; the tickets re-drawn from the seed) and keeps the night's own
//! state as an append-only log of events ([`event_log::EventLog`]), replayed into the games,
//! the claims and the ledger. Where the log is kept, and how the run's files are found, is the
//! caller's: `housie-night` keeps it on disk, a page in the browser.
//! It informs the caller; it never awards a prize.

pub mod callnames;
pub mod claim;
pub mod command;
pub mod draw;
pub mod error;
pub mod event;
pub mod event_log;
pub mod face;
pub mod game;
pub mod log_file;
pub mod log_line;
mod money;
pub mod plan;
pub mod play_code;
pub mod players;
pub mod prize_list;
pub mod projection;
pub mod run;
pub mod run_id;
pub mod seal;
pub mod state;
pub mod transcript;
pub mod view;
pub mod watch;

pub use command::{Answer, Command};
pub use error::{CommandError, OpenError, Refused};
pub use housie_core::record::{NIGHT_DB, NIGHT_LOG};
pub use run::NightRun;
pub use run_id::RunId;
pub use state::{Night, PrizeChoice};
pub use transcript::NightRecord;

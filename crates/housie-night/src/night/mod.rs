//! The night: housie on the caller's table. It reads a printed run (run.json and the manifest;
//! the tickets are re-drawn from the seed) and keeps the night's own state in `DIR/night.sqlite`
//! as an append-only log of events, replayed into the games, the claims and the ledger. The
//! HTTP side lives in [`crate::web`]; this part knows nothing of it.
//! It informs the caller; it never awards a prize.

pub mod callnames;
pub mod claim;
pub mod draw;
pub mod error;
pub mod event;
pub mod event_log;
pub mod game;
pub mod log_file;
pub mod log_line;
pub mod log_source;
pub mod log_text;
mod night_store;
pub mod play_code;
pub mod players;
pub mod projection;
pub mod run;
pub mod run_id;
pub mod seal;
pub mod state;
pub mod store;
pub mod transcript;
pub mod view;
pub mod watch;

pub use error::{CommandError, OpenError, Refused};
pub use run::NightRun;
pub use state::{Night, PrizeChoice};
pub use store::{OpenOptions, NIGHT_DB};
pub use transcript::NightRecord;

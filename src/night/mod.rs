//! The night: housie on the caller's table. It reads a printed run (run.json and the manifest;
//! the tickets are re-drawn from the seed), keeps the night's own state in `DIR/night.sqlite`
//! as an append-only log of events, and serves a caller's desk and a board over HTTP.
//! It informs the caller; it never awards a prize.

pub mod callnames;
pub mod claim;
pub mod draw;
pub mod error;
pub mod event;
pub mod game;
pub mod ledger;
pub mod play_code;
pub mod players;
pub mod record;
pub mod run;
pub mod server;
pub mod state;
pub mod store;
pub(crate) mod view;
pub mod watch;

pub use error::{CommandError, OpenError, Refused};
pub use record::NightRecord;
pub use run::NightRun;
pub use state::{Night, PrizeChoice};
pub use store::{OpenOptions, NIGHT_DB};

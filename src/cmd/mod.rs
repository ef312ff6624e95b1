//! One file per subcommand, its help text on top.

mod calls;
pub mod check;
pub mod generate;
pub mod progress;
pub mod verify;
pub mod winners;

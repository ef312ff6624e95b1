//! One file per subcommand, its help text on top.

mod call_args;
pub mod cashup;
pub mod check;
pub mod draws;
pub mod export;
pub mod failure;
pub mod generate;
pub mod night;
mod number;
pub mod out;
pub mod plan;
pub mod prizes;
pub mod progress;
pub mod rng_dump;
pub mod serve;
pub mod studio;
pub mod verify;
pub mod winners;

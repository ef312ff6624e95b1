//! One file per subcommand, its help text on top.

pub mod generate;
pub mod progress;

//! housie's integration tests: one binary, split by topic.

mod cli_generate;
mod generator;
mod run;
mod statistics;
mod util;

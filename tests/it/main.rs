//! housie's integration tests: one binary, split by topic.

mod audit;
mod audit_fuzz;
mod booklets;
mod brute;
mod cli_generate;
mod fit;
mod generator;
mod hardening;
mod layouts;
mod night_api;
mod night_browser;
mod night_cli;
mod night_hardening;
mod night_soak;
mod pdf;
mod pdf_tools;
mod prizes;
mod reading;
mod run;
mod serving;
mod snapshots;
mod statistics;
mod templates;
mod util;

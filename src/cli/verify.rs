//! `housie verify`: prove a run folder is exactly what it claims.

use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::Error;
use housie_night::audit::verify::{verify_manifest, verify_sealed, Report};

use super::out::{outln, Out};

/// Prove a run folder is exactly what its run record claims.
///
/// Checks a run folder and reports every problem, with file and line. Each manifest row must be a valid ticket; each book must use 1–90 once; serials must be
/// unique, well-formed and pass their check digit; no ticket may repeat, nor any line when the
/// run promised none; the hashes in run.json must match the files; and regenerating from the
/// seed must reproduce the manifest, the PDFs and run.json byte for byte (as costly as the run);
/// and a night played on the run (night.sqlite) must replay, every event and ledger entry checked.
///
/// Exit status: 0 the run is valid, 1 it is not, 2 it could not be read.
///
///   housie verify spring
///
///   housie verify --manifest-only manifest.csv
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder (with run.json, manifest.csv and the PDFs).
    #[arg(value_name = "DIR", required_unless_present = "manifest_only", conflicts_with = "manifest_only")]
    dir: Option<PathBuf>,
    /// Check one manifest on its own, without a run record (say, one received by email).
    #[arg(long, value_name = "FILE")]
    manifest_only: Option<PathBuf>,
    /// The night's seal as written on the signed cash-up sheet (`42-3f9a1c2e5b7d9e0f`): the log
    /// must still hold those events unedited (events added since are fine).
    #[arg(long, value_name = "SEAL", conflicts_with = "manifest_only")]
    seal: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let mut out = Out::new();
    let report: Report = match (&args.manifest_only, &args.dir) {
        (Some(file), _) => verify_manifest(file)?,
        (None, Some(dir)) if dir.exists() && !dir.is_dir() => return Err(Error::NotADir(dir.clone())),
        (None, Some(dir)) => verify_sealed(dir, args.seal.as_deref())?,
        (None, None) => unreachable!("clap requires one"),
    };
    for p in &report.problems {
        outln!(out, "{p}");
    }
    for n in &report.notes {
        outln!(out, "note: {n}");
    }
    let code = if report.is_valid() {
        outln!(out, "valid: {}", report.summary);
        ExitCode::SUCCESS
    } else {
        let n = report.problems.len();
        outln!(out, "NOT VALID: {n} {} ({})", if n == 1 { "problem" } else { "problems" }, report.summary);
        ExitCode::from(1)
    };
    out.finish()?;
    Ok(code)
}

//! `housie night`: the record of a night.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use housie::night::NightRecord;
use housie::Error;

/// Print the record of the night played on a run.
///
/// Every game with its books and prizes, its calls in order (and any taken back), when the
/// caller moved on from each prize, every claim with its time, verdict and call count, and the
/// draw seed of every game that has ended (with the command to recompute its draw).
///
///   housie night spring
///
///   housie night spring --json > night.json
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder (with night.sqlite).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let record = NightRecord::read(&args.dir)?;
    let text = if args.json { record.to_json() } else { record.to_text() };
    // A closed pipe ends the command quietly.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(ExitCode::SUCCESS)
}

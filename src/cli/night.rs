//! `housie night`: the record of a night.

use std::path::PathBuf;
use std::process::ExitCode;

use housie_night::night::NightRecord;

use super::out::Out;

/// Print the record of the night played on a run.
///
/// Every game with its books and prizes, its calls in order (and any taken back), when the
/// caller moved on from each prize, every claim with its time, verdict and call count, and the
/// draw seed of every game that has ended (with the command to recompute its draw).
///
/// Exit status: 0 done, 2 no night was played here, or its log cannot be read (edited or
/// damaged; the event and the reason are printed).
///
///   housie night spring
///
///   housie night spring --json > night.json
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    night: NightArgs,
}

/// What `night` and `cashup` read: a run's night, as text or JSON.
#[derive(clap::Args, Debug)]
pub struct NightArgs {
    /// The run folder (with night.sqlite).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let NightArgs { dir, json } = args.night;
    let record = NightRecord::read(&dir)?;
    let text = if json { record.to_json() } else { record.to_text() };
    let mut out = Out::new();
    out.text(&text);
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

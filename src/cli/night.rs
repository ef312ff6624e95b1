//! `housie night`: the record of a night.

use std::path::PathBuf;
use std::process::ExitCode;

use housie_night::night::log_source::NightLog;

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
///
///   housie night spring --log night.jsonl
///
/// With --log, the night's log is also written as text, one event a line, each linked to the
/// one before by its SHA-256: the form a night played in the page is kept in, which `housie
/// night`, `cashup` and `verify` read beside run.json when there is no night.sqlite.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    night: NightArgs,
    /// Also write the night's log as text (night.jsonl) to FILE.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Replace the --log file if it exists.
    #[arg(long)]
    force: bool,
}

/// What `night` and `cashup` read: a run's night, as text or JSON.
#[derive(clap::Args, Debug)]
pub struct NightArgs {
    /// The run folder (with night.sqlite, or night.jsonl from a night played in the page).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let NightArgs { dir, json } = args.night;
    let record = housie_night::night::reading::read(&dir)?;
    if let Some(path) = &args.log {
        super::out::refuse_to_replace(path, args.force, "log")?;
        // As read and checked: the same events the record above replayed.
        let (run, rows) = NightLog::of(&dir)?.rows(None)?;
        super::out::write_whole(path, housie_night::night::log_file::write(&run, &rows).as_bytes())?;
    }
    let text = if json { record.to_json() } else { record.to_text() };
    let mut out = Out::new();
    out.text(&text);
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

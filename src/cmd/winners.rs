//! `housie winners`: who won each prize, and when, over the whole run.

use std::path::PathBuf;
use std::process::ExitCode;

use housie::claims::Tickets;
use housie::prizes::Prize;
use housie::Error;

use super::calls::{call, CallArgs};
use super::out::{outln, Out};

/// Who won each prize, and at which call, over the whole run.
///
/// For every prize, the first call at which any ticket completed it and every serial that
/// completed it at that call (ties shown), to settle disputes after the game. With run.json
/// present every book is re-drawn from the seed, and tickets whose manifest numbers differ
/// (forged rows, which `check` refuses) are left out and listed.
///
/// Exit status: 0 done, 1 the manifest holds forged rows (left out), 2 bad input.
///
///   housie winners spring --calls-file calls.txt --sold 1-120
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    #[command(flatten)]
    calls: CallArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let mut out = Out::new();
    let calls = args.calls.calls()?;
    let tickets = Tickets::load(&args.dir)?;
    let forged = tickets.forged();
    let sold: Vec<_> = tickets
        .rows
        .iter()
        .filter(|r| args.calls.sold.is_none_or(|s| s.contains(r.serial)) && !forged.contains(&r.serial))
        .collect();
    outln!(out, "{} calls over {} tickets", calls.len(), sold.len());
    if !forged.is_empty() {
        let list: Vec<String> = forged.iter().map(ToString::to_string).collect();
        outln!(
            out,
            "FORGED: left out {} ticket(s) whose manifest numbers are not the ones the seed drew: {}",
            forged.len(),
            list.join(", ")
        );
    }
    for &prize in Prize::of(args.calls.game()) {
        let done: Vec<(usize, String)> = sold
            .iter()
            .filter_map(|r| prize.completed_at(&r.ticket, &calls).map(|k| (k, r.serial.to_string())))
            .collect();
        match done.iter().map(|(k, _)| *k).min() {
            None => outln!(out, "  {:<13}not won yet", prize.name()),
            Some(first) => {
                let serials: Vec<&str> = done.iter().filter(|(k, _)| *k == first).map(|(_, s)| s.as_str()).collect();
                outln!(out, "  {:<13}won at {} by {}", prize.name(), call(&calls, first), serials.join(", "));
            }
        }
    }
    Ok(if forged.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

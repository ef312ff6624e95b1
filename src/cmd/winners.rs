//! `housie winners`: who won each prize, and when, over the whole run.

use std::path::PathBuf;
use std::process::ExitCode;

use housie::night::claims::Tickets;
use housie::night::prizes::Prize;
use housie::{Error, Serial};

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
/// In a run of booklets, --game G picks the game (each is called on its own), and --sold counts
/// booklets.
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
    let tickets = Tickets::open(&args.dir)?;
    tickets.check_game(args.calls.game)?;
    if let (Some(games), None) = (tickets.numbering.games(), args.calls.game) {
        return Err(Error::Usage(format!(
            "this run's booklets hold {games} games, each called on its own; say which with --game G"
        )));
    }
    let prizes = Prize::of(args.calls.prizes());
    let mut redrawer = tickets.redrawer();
    // Per prize: the first call that completed it and every serial completing it then.
    let mut won: Vec<Option<(usize, Vec<Serial>)>> = vec![None; prizes.len()];
    let (mut counted, mut forged) = (0u64, Vec::new());
    for row in tickets.rows()? {
        let row = row?;
        if args.calls.sold.is_some_and(|s| !s.contains(row.serial))
            || args.calls.game.is_some_and(|g| g != row.serial.game())
        {
            continue;
        }
        if redrawer.as_mut().is_some_and(|r| !r.genuine(&row)) {
            forged.push(row.serial);
            continue;
        }
        counted += 1;
        for (slot, prize) in won.iter_mut().zip(prizes) {
            let Some(k) = prize.completed_at(&row.ticket, &calls) else { continue };
            match slot {
                Some((first, serials)) if *first == k => serials.push(row.serial),
                Some((first, _)) if *first < k => {}
                _ => *slot = Some((k, vec![row.serial])),
            }
        }
    }
    outln!(out, "{} calls over {counted} tickets", calls.len());
    if !forged.is_empty() {
        let list: Vec<String> = forged.iter().map(ToString::to_string).collect();
        outln!(
            out,
            "FORGED: left out {} ticket(s) whose manifest numbers are not the ones the seed drew: {}",
            forged.len(),
            list.join(", ")
        );
    }
    for (prize, slot) in prizes.iter().zip(&won) {
        match slot {
            None => outln!(out, "  {:<13}not won yet", prize.name()),
            Some((first, serials)) => {
                let list: Vec<String> = serials.iter().map(ToString::to_string).collect();
                outln!(out, "  {:<13}won at {} by {}", prize.name(), call(&calls, *first), list.join(", "));
            }
        }
    }
    Ok(if forged.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! `housie winners`: who won each prize, and when, over the whole run.

use std::path::PathBuf;
use std::process::ExitCode;

use housie::audit::tickets::Tickets;
use housie::rules::pattern::calls_of;
use housie::rules::progress::ordinal;
use housie::rules::standings::place_calls;
use housie::{Error, Serial};

use super::call_args::{call, CallArgs};
use super::out::{outln, Out};

/// Who won each prize, and at which call, over the whole run.
///
/// For every prize and place, the call at which a ticket in play won it and every serial that
/// won it at that call (ties share the place). A prize opens as the set says: from the first
/// call (tambola), or when the prize before it has all its places won (uk). To settle disputes
/// after the game. With run.json present every book is re-drawn from the seed, and tickets
/// whose manifest numbers differ (forged rows, which `check` refuses) are left out and listed.
///
/// Exit status: 0 done, 1 the manifest holds forged rows (left out), 2 bad input.
///
/// In a run of booklets, --game G picks the game (each is called on its own), and --sold counts
/// booklets.
///
///   housie winners spring --calls-file calls.txt --sold 1-120
///
///   housie winners spring --calls "48* 39* 29 75* 5*" --prizes tambola
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    #[command(flatten)]
    calls: CallArgs,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let mut out = Out::new();
    let calls = args.calls.calls()?;
    let set = args.calls.prize_set()?;
    let tickets = Tickets::open(&args.dir)?;
    if let (Some(games), None) = (tickets.numbering.games(), args.calls.game) {
        return Err(Error::Usage(format!(
            "this run's booklets hold {games} games, each called on its own; say which with --game G"
        ))
        .into());
    }
    let books = args.calls.in_play(&args.dir, &tickets, args.calls.game)?;
    let at = |ticket: &housie::Ticket| calls_of(ticket, |n| calls.at(n).unwrap_or(0));
    // One pass over the manifest: the calls at which each prize was completed, who completed
    // it at each (by row, into `serials`), and the forged rows.
    let mut redrawer = tickets.redrawer();
    let mut completed = vec![0u128; set.prizes().len()];
    let mut by_call: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); 128]; set.prizes().len()];
    let mut serials: Vec<Serial> = Vec::new();
    let (mut counted, mut forged) = (0u64, Vec::new());
    // The manifest is read and parsed on a thread of its own while this one checks each row.
    housie::support::parallel::read_ahead(tickets.rows()?, |row| {
        let row = row?;
        if !books.contains(row.serial.book()) {
            return Ok::<(), Error>(());
        }
        if redrawer.as_mut().is_some_and(|r| !r.genuine(&row)) {
            forged.push(row.serial);
            return Ok(());
        }
        counted += 1;
        let at = at(&row.ticket);
        let mut index = None;
        for (i, prize) in set.prizes().iter().enumerate() {
            if let Some(k) = prize.pattern().rule(&row.ticket, prize.need()).completed_at(&at) {
                completed[i] |= 1 << k;
                let index = *index.get_or_insert_with(|| {
                    serials.push(row.serial);
                    (serials.len() - 1) as u32
                });
                by_call[i][usize::from(k)].push(index);
            }
        }
        Ok(())
    })?;
    let places = place_calls(&set, &completed);
    let winners: Vec<Vec<Vec<Serial>>> = places
        .iter()
        .enumerate()
        .map(|(i, calls)| {
            calls.iter().map(|&k| by_call[i][usize::from(k)].iter().map(|&r| serials[r as usize]).collect()).collect()
        })
        .collect();
    outln!(out, "{} calls over {counted} tickets ({})", calls.len(), set.name());
    if !forged.is_empty() {
        let list: Vec<String> = forged.iter().map(ToString::to_string).collect();
        outln!(
            out,
            "FORGED: left out {} ticket(s) whose manifest numbers are not the ones the seed drew: {}",
            forged.len(),
            list.join(", ")
        );
    }
    let width = set.prizes().iter().map(|p| p.name().chars().count() + 1).max().unwrap_or(0).max(13);
    for (i, prize) in set.prizes().iter().enumerate() {
        let parts: Vec<String> = (0..usize::from(prize.places()))
            .map(|place| {
                let which = if prize.places() > 1 { format!("{} ", ordinal(place + 1)) } else { String::new() };
                match (places[i].get(place), winners[i].get(place)) {
                    (Some(&k), Some(serials)) => {
                        let list: Vec<String> = serials.iter().map(ToString::to_string).collect();
                        format!("{which}won at {} by {}", call(&calls, usize::from(k)), list.join(", "))
                    }
                    _ => format!("{which}not won yet"),
                }
            })
            .collect();
        outln!(out, "  {:<width$}{}", prize.name(), parts.join("; "));
    }
    out.finish()?;
    Ok(if forged.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! `housie check`: settle a claim on the night.

use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::domain::Ticket;
use housie_core::rules::verdict::{in_play, judge_held, read_serial, Held, Refusal, SerialInput};
use housie_core::rules::{marked_grid, BookRanges, PrizeState, Sheet, Standing, Verdict};
use housie_core::Error;
use housie_night::audit::tickets::Tickets;

use super::call_args::{call, CallArgs};
use super::out::{outln, Out};

/// Settle a claim: a ticket's prizes after the calls so far.
///
/// Shows the ticket with the called numbers marked and, for each prize of the set, whether it
/// is complete, at which call, and whether a claim is valid now: a claim stands only if the
/// last number called completed it. Every prize is taken as still open (this command does not
/// know which were won already), and the last line is the verdict.
///
/// A mistyped serial is refused with the nearest valid serials; with --sold, a ticket from an
/// unsold book (booklet) is refused; with --game, a ticket from another game of a booklet. With
/// run.json present, the ticket is also re-drawn from the seed to catch a forged manifest row.
///
/// Exit status: 0 the claim stands now, 1 it does not (or the ticket is unsold, unknown or
/// forged), 2 the question could not be answered (bad serial, bad calls, unreadable run).
///
///   housie check spring --serial 000123-4-0 --calls "12 5 88 41"
///
///   housie check spring --serial 000123-4-0 --calls-file calls.txt --prizes tambola
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The serial read out by the claimant, e.g. 000123-4-0.
    #[arg(long, value_name = "S")]
    serial: String,
    #[command(flatten)]
    calls: CallArgs,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let mut out = Out::new();
    let tickets = Tickets::open(&args.dir)?;
    let calls = args.calls.calls(tickets.format.numbers())?;
    let set = args.calls.prize_set(&tickets)?;
    let serial =
        read_serial(tickets.numbering, tickets.format, &args.serial, |s| tickets.contains(s)).map_err(|e| match e {
            SerialInput::Malformed(m) => Error::Usage(m),
            SerialInput::Mistyped { message, .. } => Error::Usage(message),
        })?;
    let (row, books) = match admit(&args, &tickets, serial)? {
        Ok(admitted) => admitted,
        Err(refusal) => {
            outln!(out, "{serial}: {refusal}");
            out.finish()?;
            return Ok(ExitCode::from(1));
        }
    };
    describe(&mut out, &tickets, serial, &row);
    out.text(&marked_grid(&row.ticket, &calls));
    match calls.len() {
        0 => outln!(out, "no calls yet"),
        n => outln!(out, "{n} calls, the last {}", calls.number(n)),
    }
    // A prize won on a sheet: the paper in hand is the ticket's half sheet and its book, each
    // when every ticket of it is in play.
    let sheet = |s: Sheet| -> Result<Vec<Ticket>, super::failure::Failure> {
        let mut out = Vec::new();
        for t in s.of(serial.ticket()).filter(|&t| books.holds(serial.book(), t)) {
            let Some(other) = tickets.numbering.serial(serial.book(), t) else { continue };
            out.extend(tickets.find(other)?.map(|r| r.ticket));
        }
        Ok(if out.len() == s.tickets() { out } else { Vec::new() })
    };
    let (half, full) = if set.prizes().iter().any(|p| p.sheet().is_some()) {
        (sheet(Sheet::Half)?, sheet(Sheet::Full)?)
    } else {
        (Vec::new(), Vec::new())
    };
    let judged = judge_held(&row.ticket, Held::of(&half, &full), &calls, &set, None);
    let width = set.prizes().iter().map(|p| p.name().chars().count() + 1).max().unwrap_or(0).max(13);
    for p in &judged.prizes {
        debug_assert_eq!(p.standing, Standing::Open);
        outln!(out, "  {:<width$}{}", p.prize, state(&p.state, &calls));
    }
    outln!(out, "{}", judged.message);
    out.finish()?;
    Ok(if judged.verdict == Verdict::Stands { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The ticket's row when it may claim (in the run, in play, and as the seed drew it), with the
/// books in play; or why not, in words.
fn admit(
    args: &Args,
    tickets: &Tickets,
    serial: housie_core::domain::Serial,
) -> Result<Result<(housie_core::record::manifest::Row, BookRanges), String>, super::failure::Failure> {
    let not_here = || format!("NOT IN THIS RUN: no such ticket in {}", args.dir.join(housie_core::MANIFEST).display());
    if !tickets.contains(serial) {
        return Ok(Err(not_here()));
    }
    // A run of booklets without --game: the ticket's own game is the one played.
    let game = args.calls.game.or(tickets.numbering.games().map(|_| serial.game()));
    let books = args.calls.in_play(&args.dir, tickets, game)?;
    if let Err(refusal) = in_play(serial, &books, "this game", |g| tickets.colour_of(g)) {
        return Ok(Err(refusal.to_string()));
    }
    let Some(row) = tickets.find(serial)? else { return Ok(Err(not_here())) };
    if tickets.redrawer().is_some_and(|mut r| !r.genuine(&row)) {
        return Ok(Err(Refusal::Forged { serial }.to_string()));
    }
    Ok(Ok((row, books)))
}

/// Where the ticket is: its book (or booklet and game), its place, its file and page.
fn describe(
    out: &mut Out,
    tickets: &Tickets,
    serial: housie_core::domain::Serial,
    row: &housie_core::record::manifest::Row,
) {
    match tickets.numbering.games() {
        Some(_) => {
            let colour = tickets.colour_of(serial.game()).map(|c| format!(" ({c})")).unwrap_or_default();
            outln!(
                out,
                "{serial}: booklet {}, game {}{colour}, ticket {} (book {}; {}, page {})",
                serial.booklet(),
                serial.game(),
                serial.ticket(),
                serial.book(),
                tickets.file_of(row),
                row.page
            )
        }
        None => match tickets.format.face_number(serial.book(), serial.ticket()) {
            Some(face) => outln!(
                out,
                "{serial}: sheet {}, face {}, face number {face} ({}, page {})",
                serial.book(),
                serial.ticket(),
                tickets.file_of(row),
                row.page
            ),
            None => outln!(
                out,
                "{serial}: book {}, ticket {} ({}, page {})",
                serial.book(),
                serial.ticket(),
                tickets.file_of(row),
                row.page
            ),
        },
    }
}

/// A prize as this ticket finds it, in words.
fn state(state: &PrizeState, calls: &housie_core::rules::Calls) -> String {
    match state {
        PrizeState::Stands { call: k, .. } => {
            format!("complete at {}: VALID CLAIM (the last call completed it)", call(calls, *k))
        }
        PrizeState::Missed { call: k, .. } => {
            format!("complete at {}: claim not valid now (the last call is {})", call(calls, *k), calls.len())
        }
        PrizeState::Incomplete { needed, missing } => {
            let numbers: Vec<String> = missing.iter().map(u8::to_string).collect();
            let of = if usize::from(*needed) == missing.len() { ":" } else { " of" };
            format!("not complete: needs {needed} more{of} {}", numbers.join(" "))
        }
        PrizeState::Impossible => "cannot be completed on this ticket".to_string(),
    }
}

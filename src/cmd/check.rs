//! `housie check`: settle a claim on the night.

use std::path::PathBuf;
use std::process::ExitCode;

use housie::night::claims::{Sold, Tickets};
use housie::night::prizes::{marked_grid, statuses};
use housie::{Error, SerialError};

use super::calls::{call, CallArgs};
use super::out::{outln, Out};

/// Settle a claim: a ticket's prizes after the calls so far.
///
/// Shows the ticket with the called numbers marked and, for each prize,
/// whether it is complete, at which call, and whether a claim is valid now (a claim stands
/// only if the last number called completed it).
///
/// A mistyped serial is refused with the nearest valid serials; with --sold, a ticket from an
/// unsold book (booklet) is refused; with --game, a ticket from another game of a booklet. With run.json present, the ticket is also re-drawn from the seed to
/// catch a forged manifest row.
///
/// Exit status: 0 a claim is valid now, 1 no claim is valid (or the ticket is unsold, unknown
/// or forged), 2 the question could not be answered (bad serial, bad calls, unreadable run).
///
///   housie check spring --serial 000123-4-7 --calls "12 5 88 41"
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The serial read out by the claimant, e.g. 000123-4-7.
    #[arg(long, value_name = "S")]
    serial: String,
    #[command(flatten)]
    calls: CallArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let mut out = Out::new();
    let calls = args.calls.calls()?;
    let tickets = Tickets::open(&args.dir)?;
    let serial = match tickets.numbering.parse(&args.serial) {
        Ok(s) => s,
        Err(e @ SerialError::CheckDigit { .. }) => {
            let near: Vec<String> = tickets
                .numbering
                .suggestions(&args.serial)
                .into_iter()
                .filter(|s| tickets.contains(*s))
                .map(|s| s.to_string())
                .collect();
            let hint = if near.is_empty() { String::new() } else { format!("; did you mean {}?", near.join(" or ")) };
            return Err(Error::Usage(format!("{e}{hint}")));
        }
        Err(e) => return Err(Error::Usage(e.to_string())),
    };
    tickets.check_game(args.calls.game)?;
    let game_name = |game: u16| match tickets.colour_of(game) {
        Some(colour) => format!("game {game} ({colour})"),
        None => format!("game {game}"),
    };
    if let Some(sold) = args.calls.sold {
        if !sold.contains(serial) {
            let unit = Sold::unit(tickets.numbering);
            let (n, from, to) = (Sold::unit_of(serial), sold.from, sold.to);
            outln!(out, "{serial}: NOT SOLD: {unit} {n} is outside the {unit}s sold ({from}–{to})");
            return Ok(ExitCode::from(1));
        }
    }
    if let Some(game) = args.calls.game.filter(|&g| g != serial.game()) {
        let (theirs, ours) = (game_name(serial.game()), game_name(game));
        outln!(out, "{serial}: WRONG GAME: this ticket is for {theirs}; the game being played is {ours}");
        return Ok(ExitCode::from(1));
    }
    let Some(row) = tickets.find(serial)? else {
        outln!(out, "{serial}: NOT IN THIS RUN: no such ticket in {}", args.dir.join(housie::MANIFEST).display());
        return Ok(ExitCode::from(1));
    };
    if tickets.redrawer().is_some_and(|mut r| !r.genuine(&row)) {
        outln!(out, "{serial}: FORGED: the manifest's numbers for this ticket are not the ones the seed drew");
        return Ok(ExitCode::from(1));
    }
    match tickets.numbering.games() {
        Some(_) => outln!(
            out,
            "{serial}: booklet {}, {}, ticket {} (book {}; {}, page {})",
            serial.booklet(),
            game_name(serial.game()),
            serial.ticket(),
            serial.book(),
            row.file,
            row.page
        ),
        None => outln!(
            out,
            "{serial}: book {}, ticket {} ({}, page {})",
            serial.book(),
            serial.ticket(),
            row.file,
            row.page
        ),
    }
    out.text(&marked_grid(&row.ticket, &calls));
    match calls.len() {
        0 => outln!(out, "no calls yet"),
        n => outln!(out, "{n} calls, the last {}", calls.number(n)),
    }
    let mut any_valid = false;
    for s in statuses(&row.ticket, &calls, args.calls.prizes()) {
        let state = match s.completed_at {
            None => "not complete".to_string(),
            Some(k) if s.claim_valid => {
                any_valid = true;
                format!("complete at {}: VALID CLAIM (the last call completed it)", call(&calls, k))
            }
            Some(k) => {
                format!("complete at {}: claim not valid now (the last call is {})", call(&calls, k), calls.len())
            }
        };
        outln!(out, "  {:<13}{state}", s.prize.name());
    }
    Ok(if any_valid { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! `housie plan`: how many calls until each prize is won, on the real tickets in play.

use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::rules::planner::plan;
use housie_core::{Error, Seed};
use housie_night::audit::tickets::Tickets;

use super::out::Out;

/// Plan the prizes: at which call each is likely won, on the tickets in play.
///
/// Plays many uniformly random call orders over exactly the tickets of the books in play and
/// prints, per prize and place, the call at which it was won (median, 5th and 95th
/// percentiles) and the share of games in which two or more tickets won it at the same call,
/// so prize money can be set before the night. The games come from --seed, so a plan can be
/// repeated.
///
/// Exit status: 0 done, 2 bad input.
///
///   housie plan spring --books 1-480 --prizes tambola
///
///   housie plan spring --books all --prizes uk --games 5000 --json
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The books in play, e.g. 1-480 or "1-480, 501-560" (booklets in a run of booklets), or
    /// all [default: the books sold in the night's ledger, if the desk recorded sales; else all].
    #[arg(long, value_name = "RANGES")]
    books: Option<String>,
    /// The game of each booklet, in a run of booklets.
    #[arg(long, value_name = "G", value_parser = super::number::game)]
    game: Option<u16>,
    /// The prize set: uk, tambola, tambola-full, or a prize file.
    #[arg(long, value_name = "SET|FILE", default_value = "uk")]
    prizes: String,
    /// How many games to play.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = super::number::games_to_plan)]
    games: u32,
    /// The seed of the simulated games.
    #[arg(long, value_name = "S", default_value = "housie plan")]
    seed: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let set = housie_core::rules::PrizeSet::load(&args.prizes, &housie_files::read::Disk).map_err(Error::from)?;
    let tickets = Tickets::open(&args.dir)?;
    tickets.check_game(args.game).map_err(|e| super::call_args::flagged(e, "--books"))?;
    let asked = match &args.books {
        Some(books) => books.clone(),
        None => super::call_args::sold_at_the_night(&args.dir)?.unwrap_or_else(|| "all".to_string()),
    };
    let books = tickets.in_play(Some(&asked), args.game).map_err(|e| super::call_args::flagged(e, "--books"))?;
    let mut in_play = Vec::new();
    for row in tickets.rows()? {
        let row = row?;
        if books.holds(row.serial.book(), row.serial.ticket()) {
            in_play.push(row.ticket);
        }
    }
    if in_play.is_empty() {
        return Err(Error::Usage(format!("--books {asked}: no tickets of this run are in play")).into());
    }
    let plan = plan(&in_play, &set, args.games as usize, &Seed::from_text(&args.seed));
    let mut out = Out::new();
    if args.json {
        out.text(&format!("{}\n", serde_json::to_string_pretty(&plan).expect("a plan serialises")));
    } else {
        out.text(&plan.to_text());
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

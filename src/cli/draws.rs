//! `housie draws`: recompute the numbers housie drew from a revealed seed.

use std::process::ExitCode;

use housie_core::Error;
use housie_night::night::draw::{DrawSeed, Protocol};

use super::out::{outln, Out};

/// Recompute the order in which housie draws numbers from a game's revealed draw seed.
///
/// Before a game's first call the desk and the board show the SHA-256 of a secret seed; when
/// the game ends it reveals the seed. This prints that SHA-256 (to compare with the one shown)
/// and the 90 numbers (75 with --card 75-ball) in the order the seed draws them. A number the
/// caller typed by hand is skipped when housie draws, so the drawn calls are this order with
/// those numbers left out.
/// docs/draw-protocol.md says how the order follows from the seed, so anyone can recompute it
/// without housie; games of housie 0.2 used protocol 1 (`housie night` says which).
///
/// Exit status: 0 done, 2 a seed that is not 64 hex digits (protocol 2).
///
///   housie draws 3f1c…e9
///
///   printf %s 3f1c…e9 | sha256sum      # the same SHA-256, without housie
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The revealed seed: 64 hex digits.
    #[arg(value_name = "SEED")]
    seed: String,
    /// The draw protocol: 2 (housie 0.3 on), or 1 for a game of housie 0.2.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    protocol: u8,
    /// The game's card: 90-ball draws 1–90, 75-ball 1–75.
    #[arg(long, value_name = "CARD", default_value = "90-ball")]
    card: super::generate::CardArg,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let seed = match args.protocol {
        1 => DrawSeed::recorded(&args.seed, Protocol::V1),
        _ => DrawSeed::parse(&args.seed).map_err(|e| Error::Usage(e.to_string()))?,
    };
    let numbers = args.card.card().face().numbers();
    let order: Vec<String> = seed.order_of(numbers).iter().map(u8::to_string).collect();
    let mut out = Out::new();
    outln!(out, "sha256 {}", seed.commitment());
    outln!(out, "{}", order.join(" "));
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

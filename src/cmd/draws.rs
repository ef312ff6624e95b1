//! `housie draws`: recompute the numbers housie drew from a revealed seed.

use std::io::Write;
use std::process::ExitCode;

use housie::night::draw::DrawSeed;
use housie::Error;

/// Recompute the order in which housie draws numbers from a game's revealed draw seed.
///
/// Before a game's first call the desk shows the SHA-256 of a secret seed; when the game ends
/// it reveals the seed. This prints the 90 numbers in the order that seed draws them, and the
/// SHA-256 to compare with the one shown. A number the caller typed by hand is skipped when
/// housie draws, so the drawn calls are this order with those numbers left out.
///
///   housie draws 3f1c…e9
///
///   printf %s 3f1c…e9 | sha256sum      # the same SHA-256, without housie
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The revealed seed.
    #[arg(value_name = "SEED")]
    seed: String,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let seed = DrawSeed::from_text(&args.seed);
    let order: Vec<String> = seed.order().iter().map(u8::to_string).collect();
    let text = format!("sha256 {}\n{}\n", seed.commitment(), order.join(" "));
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(ExitCode::SUCCESS)
}

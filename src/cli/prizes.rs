//! `housie prizes`: the shipped prize sets, what each prize needs, and the prize file's form.

use std::process::ExitCode;

use housie_core::rules::prize::{listing, SHIPPED};
use housie_core::rules::PrizeSet;
use housie_core::Error;

use super::out::Out;

/// List the prize sets and what each prize needs.
///
/// Without a SET, every shipped set: uk (played in order), tambola and tambola-full (all open
/// from the first call), each prize with what it needs and a picture of the ticket's 15 numbers
/// (● counts). With a SET (a name or a prize file), that set; with --toml, as a prize file, to
/// start a custom set from.
///
/// A prize file names the set (`name`), when its prizes open (`opens = "together"` or
/// `"in order"`), and one `[[prize]]` table per prize: a `name`, exactly one pattern (`lines =
/// n`, `rows = [1, 3]`, `positions = ["1:1", "2:3"]` (row:place in the row), `values =
/// "1-30"`, `any = 5`, or `cells = ["1:1"]` (row:column)), optionally `need = k` (how many of the
/// pattern's numbers must be called) and `places = 3` (1st, 2nd, 3rd).
///
/// Exit status: 0 done, 2 an unknown set or a prize file with mistakes (each named with its line).
///
///   housie prizes
///
///   housie prizes tambola --toml > my-prizes.toml
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A prize set's name, or a prize file.
    #[arg(value_name = "SET|FILE")]
    set: Option<String>,
    /// Print the set as a prize file (TOML).
    #[arg(long, requires = "set")]
    toml: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sets: Vec<PrizeSet> = match &args.set {
        Some(name) => vec![PrizeSet::load(name, &housie_files::read::Disk)?],
        None => SHIPPED.iter().filter_map(|(n, _)| PrizeSet::shipped(n)).collect(),
    };
    let mut out = Out::new();
    if args.toml {
        out.text(&sets[0].to_toml());
    } else {
        out.text(&listing(&sets));
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

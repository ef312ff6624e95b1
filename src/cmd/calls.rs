//! Arguments shared by `check` and `winners`: the calls, the game and the sold range.

use std::path::PathBuf;

use housie::night::claims::Sold;
use housie::night::prizes::{Calls, PrizeSet};
use housie::Error;

#[derive(clap::Args, Debug)]
pub struct CallArgs {
    /// The numbers called so far, in order, separated by spaces or commas.
    #[arg(long, value_name = "NUMBERS", required_unless_present = "calls_file", conflicts_with = "calls_file")]
    calls: Option<String>,
    /// A file of calls in order, one or more per line.
    #[arg(long, value_name = "FILE")]
    calls_file: Option<PathBuf>,
    /// Which prizes: uk (one line, two lines, full house) or tambola (early five,
    /// top/middle/bottom line, four corners, full house), the words the night's API uses.
    #[arg(long, value_enum, default_value_t = PrizesArg::Uk)]
    pub prizes: PrizesArg,
    /// Books sold, e.g. 1-120 (booklets, in a run of booklets): tickets outside are refused
    /// as unsold.
    #[arg(long, value_name = "FROM-TO")]
    pub sold: Option<Sold>,
    /// The game being played, in a run of booklets: a ticket from another game is refused.
    #[arg(long, value_name = "G")]
    pub game: Option<u16>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum PrizesArg {
    Uk,
    Tambola,
}

impl CallArgs {
    pub fn calls(&self) -> Result<Calls, Error> {
        let calls = match (&self.calls, &self.calls_file) {
            (Some(text), _) => Calls::parse(text, "--calls"),
            (None, Some(path)) => {
                let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
                Calls::parse(&text, &path.display().to_string())
            }
            (None, None) => unreachable!("clap requires one"),
        };
        calls.map_err(|e| Error::Usage(e.to_string()))
    }

    pub fn prizes(&self) -> PrizeSet {
        match self.prizes {
            PrizesArg::Uk => PrizeSet::Uk,
            PrizesArg::Tambola => PrizeSet::Tambola,
        }
    }
}

/// "call 14 (45)"
pub fn call(calls: &Calls, k: usize) -> String {
    format!("call {k} ({})", calls.number(k))
}

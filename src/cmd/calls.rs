//! Arguments shared by `check` and `winners`: the calls, the prize set, the game and the books sold.

use std::path::PathBuf;

use housie::audit::claims::Tickets;
use housie::game::{BookRanges, Calls, PrizeSet};
use housie::Error;

/// The largest calls file read.
const CALLS_FILE_MAX: u64 = 64 * 1024;

#[derive(clap::Args, Debug)]
pub struct CallArgs {
    /// The numbers called so far, in order, separated by spaces or commas (`housie night`'s call
    /// line, with `*` after drawn numbers, reads as it is).
    #[arg(long, value_name = "NUMBERS", required_unless_present = "calls_file", conflicts_with = "calls_file")]
    calls: Option<String>,
    /// A file of calls in order, one or more per line.
    #[arg(long, value_name = "FILE")]
    calls_file: Option<PathBuf>,
    /// The prize set: uk (one line, two lines, full house, in order), tambola (early five,
    /// top/middle/bottom line, four corners, full house, all open at once), tambola-full, or a
    /// prize file (TOML; see `housie prizes`).
    #[arg(long, value_name = "SET|FILE", default_value = "uk")]
    pub prizes: String,
    /// Books sold (in play), e.g. 1-120 or "1-480, 501-560"; booklets, in a run of booklets.
    /// A ticket outside is refused.
    #[arg(long, value_name = "RANGES")]
    pub sold: Option<String>,
    /// The game being played, in a run of booklets: a ticket from another game is refused.
    #[arg(long, value_name = "G")]
    pub game: Option<u16>,
}

impl CallArgs {
    pub fn calls(&self) -> Result<Calls, Error> {
        let calls = match (&self.calls, &self.calls_file) {
            (Some(text), _) => Calls::parse(text, "--calls"),
            (None, Some(path)) => {
                let text = housie::files::read_text(path, CALLS_FILE_MAX)
                    .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
                Calls::parse(&text, &path.display().to_string())
            }
            (None, None) => unreachable!("clap requires one"),
        };
        calls.map_err(|e| Error::Usage(e.to_string()))
    }

    pub fn prize_set(&self) -> Result<PrizeSet, Error> {
        Ok(PrizeSet::load(&self.prizes)?)
    }

    /// The books in play in `tickets`' run, of game `game`'s page in a run of booklets.
    pub fn in_play(&self, tickets: &Tickets, game: Option<u16>) -> Result<BookRanges, Error> {
        tickets.check_game(self.game)?;
        tickets.in_play(self.sold.as_deref(), game)
    }
}

/// "call 14 (45)"
pub fn call(calls: &Calls, k: usize) -> String {
    format!("call {k} ({})", calls.number(k))
}

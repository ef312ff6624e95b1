//! Arguments shared by `check` and `winners`: the calls, the prize set, the game and the books sold.

use std::path::{Path, PathBuf};

use housie_core::domain::format::Card;
use housie_core::rules::{BookRanges, Calls, PrizeSet};
use housie_core::Error;
use housie_night::audit::tickets::Tickets;

use super::failure::Failure;

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
    /// top/middle/bottom line, four corners, full house, all open at once), tambola-full; for
    /// 75-ball, bingo (a line, then blackout), bingo-patterns or bingo-jackpot (blackout
    /// within 50 calls the jackpot, later its consolation); or a prize file (TOML; see
    /// `housie prizes`) [default: uk, or bingo for a 75-ball run].
    #[arg(long, value_name = "SET|FILE")]
    pub prizes: Option<String>,
    /// Books sold (in play), e.g. 1-120 or "1-480, 501-560"; booklets, in a run of booklets.
    /// A ticket outside is refused. Default: the books sold in the night's ledger, if the desk
    /// recorded sales; else every book.
    #[arg(long, value_name = "RANGES")]
    pub sold: Option<String>,
    /// The game being played, in a run of booklets: a ticket from another game is refused.
    #[arg(long, value_name = "G", value_parser = super::number::game)]
    pub game: Option<u16>,
}

impl CallArgs {
    /// The calls given, each 1 to `top` (the run's card's highest number).
    pub fn calls(&self, top: u8) -> Result<Calls, Error> {
        let calls = match (&self.calls, &self.calls_file) {
            (Some(text), _) => Calls::parse_of(text, "--calls", top),
            (None, Some(path)) => {
                let text = housie_files::read::read_text(path, CALLS_FILE_MAX)
                    .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
                Calls::parse_of(&text, &path.display().to_string(), top)
            }
            (None, None) => unreachable!("clap requires one"),
        };
        calls.map_err(|e| Error::Usage(e.to_string()))
    }

    /// The set asked for, or the card's own (`uk`, `bingo`), drawn on the run's `tickets`.
    pub fn prize_set(&self, tickets: &Tickets) -> Result<PrizeSet, Error> {
        let card = Card::of(tickets.format);
        let name = self.prizes.as_deref().unwrap_or(match card {
            Card::NinetyBall => "uk",
            Card::SeventyFiveBall => "bingo",
        });
        let set = PrizeSet::load(name, &housie_files::read::Disk)?;
        if set.card() != card {
            let (set, card) = (set.card().name(), card.name());
            return Err(Error::Usage(format!(
                "--prizes {name}: a set of {set} prizes, and this run is of {card} cards"
            )));
        }
        Ok(set)
    }

    /// The books in play in `tickets`' run (in `dir`), of game `game`'s page in a run of
    /// booklets: --sold, or what the night's ledger sold.
    pub fn in_play(&self, dir: &Path, tickets: &Tickets, game: Option<u16>) -> Result<BookRanges, Failure> {
        tickets.check_game(self.game).map_err(|e| flagged(e, "--sold"))?;
        let sold = match &self.sold {
            Some(sold) => Some(sold.clone()),
            None => sold_at_the_night(dir)?,
        };
        Ok(tickets.in_play(sold.as_deref(), game).map_err(|e| flagged(e, "--sold"))?)
    }
}

/// A choice of books or game refused, in the command line's words: `books: …` names
/// `sold_flag` (`--sold`, or `--books`), the game `--game`.
pub fn flagged(e: housie_core::rules::books::BooksError, sold_flag: &str) -> Error {
    use housie_core::rules::books::BooksError;
    Error::Usage(match e {
        BooksError::NotBooklets => "this run has no booklets of games; leave out --game".to_string(),
        BooksError::GameOutOfRange { game, games } => {
            format!("--game {game}: this run's booklets have games 1–{games}")
        }
        e => {
            let m = e.to_string();
            match m.strip_prefix("books: ") {
                Some(rest) => format!("{sold_flag}: {rest}"),
                None => format!("--{m}"),
            }
        }
    })
}

/// What the night's ledger in `dir` sold, said on stderr when it is used, so the answer is
/// never about books nobody bought without a word.
pub fn sold_at_the_night(dir: &Path) -> Result<Option<String>, Failure> {
    let sold = housie_night::night::reading::sold_in(dir)?;
    if let Some(sold) = &sold {
        super::out::note!(
            "housie: in play: {sold}, as sold in the night's ledger (--sold or --books to say otherwise)"
        );
    }
    Ok(sold)
}

/// "call 14 (45)"
pub fn call(calls: &Calls, k: usize) -> String {
    format!("call {k} ({})", calls.number(k))
}

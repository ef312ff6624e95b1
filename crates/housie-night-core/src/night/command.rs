//! Every change the desk and the phones make to a night, as one value: a [`Command`] handled by
//! [`Night::handle`], which answers what the desk shows. `housie serve` reads a command from
//! each request (the game from its path, the rest from its JSON body) and a page's night takes
//! the same JSON whole (`{"command": "call", "game": 1, "number": 7}`), so both doors change a
//! night by one path and answer it in the same words.

use serde::{Deserialize, Serialize};

use super::claim::ClaimView;
use super::error::{CommandError, Refused};
use super::event_log::EventLog;
use super::players::{Follower, RaisedView};
use super::state::{Night, PrizeChoice, Won};
use crate::ledger::{scanned, Cashup, Entry, Money, Payment, SoldAs};

/// A change to the night.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// A new game.
    StartGame(NewGame),
    /// A number the caller called.
    Call {
        /// The game.
        game: i64,
        /// The number.
        number: i64,
    },
    /// The next number of the game's committed draw.
    Draw {
        /// The game.
        game: i64,
    },
    /// The last call taken back.
    Undo {
        /// The game.
        game: i64,
    },
    /// A claim settled by serial.
    Claim {
        /// The game.
        game: i64,
        /// The serial, as typed or scanned.
        serial: String,
    },
    /// A winner the caller confirmed.
    Win {
        /// The game.
        game: i64,
        /// The winning ticket's serial.
        serial: String,
        /// The prizes it won, when not the one in play.
        #[serde(default)]
        prizes: Option<Vec<String>>,
    },
    /// Moving on from the prize in play (or `prize`) without a winner.
    NextPrize {
        /// The game.
        game: i64,
        /// The prize, when not the one in play.
        #[serde(default)]
        prize: Option<String>,
    },
    /// A prize closed by mistake opened again.
    Reopen {
        /// The game.
        game: i64,
        /// The prize, when not the last closed.
        #[serde(default)]
        prize: Option<String>,
    },
    /// The game ended: its draw seed revealed.
    End {
        /// The game.
        game: i64,
    },
    /// A ticket's bar under the bogey rule lifted.
    LiftBar {
        /// The game.
        game: i64,
        /// The barred ticket's serial.
        serial: String,
    },
    /// Paper handed to a seller.
    Issue(Issue),
    /// Paper sold.
    Sell(Sale),
    /// Issued paper given back.
    Return(Return),
    /// A sale or a prize paid taken back.
    Void(Void),
    /// A prize paid moved to the ticket that now holds its place.
    Move(Move),
    /// A prize paid.
    Pay(Payout),
    /// A claim raised from a player's phone, for the caller's queue.
    Raise {
        /// The ticket's serial, as the phone has it.
        serial: String,
        /// Which ticket of the booklet's page or book (from 1).
        ticket: u8,
        /// The code from the phone's link, proving it holds the ticket.
        #[serde(default)]
        code: Option<String>,
        /// Where it came from (`phone 10.0.0.7`), as the transport saw it.
        source: String,
    },
}

/// A new game: `{"name", "prizes"?, "books"?, "game"?, "bogey"?}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    name: String,
    #[serde(default)]
    prizes: Option<Prizes>,
    /// `all` (or nothing), or ranges of books.
    #[serde(default)]
    books: String,
    /// Which game of a booklet.
    #[serde(default)]
    game: Option<u16>,
    #[serde(default)]
    bogey: bool,
}

/// A prize set: a name (`uk`, `tambola`, or one the night was given), or a file's TOML.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum Prizes {
    Name(String),
    File { toml: String },
}

/// `{"seller", "books" | "booklets", "over_limit"?}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Issue {
    seller: String,
    books: Option<String>,
    booklets: Option<String>,
    #[serde(default)]
    over_limit: bool,
}

/// `{"books" | "booklets", "price", "as"?, "seller"?, "buyer"?, "how"?, "over_limit"?}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sale {
    books: Option<String>,
    booklets: Option<String>,
    price: Money,
    #[serde(default, rename = "as")]
    sold_as: SoldAs,
    seller: Option<String>,
    buyer: Option<String>,
    #[serde(default)]
    how: Payment,
    #[serde(default)]
    over_limit: bool,
}

/// `{"books" | "booklets", "damaged"?}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Return {
    books: Option<String>,
    booklets: Option<String>,
    #[serde(default)]
    damaged: bool,
}

/// `{"entry": 7, "reason"?}` (a sale or a prize paid), or `{"books": "25-26"}` (the range of one
/// sale that stands).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Void {
    entry: Option<usize>,
    books: Option<String>,
    booklets: Option<String>,
    reason: Option<String>,
}

/// `{"entry": 12, "serial"}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    entry: usize,
    serial: String,
}

/// `{"game", "serial", "prize", "amount", "how"?, "over_limit"?}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payout {
    /// The game (from the path, natively).
    #[serde(default)]
    pub game: i64,
    serial: String,
    prize: String,
    amount: Money,
    #[serde(default)]
    how: Payment,
    /// Record it though it passes the night's regime's limit.
    #[serde(default)]
    over_limit: bool,
}

/// What a change answers.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A game started.
    Started {
        /// Its number.
        id: i64,
    },
    /// A number called or drawn.
    Called {
        /// How many calls stand, this one included.
        index: usize,
        /// The number.
        number: u8,
    },
    /// A call taken back.
    Undone {
        /// Its number.
        undone: u8,
    },
    /// The prize now in play (`None`: the game's prizes are all closed).
    Prize {
        /// Its name.
        prize: Option<String>,
    },
    /// The prizes a confirmed winner took.
    Won {
        /// Each prize and place.
        won: Vec<Won>,
    },
    /// The prize opened again.
    Reopened {
        /// Its name.
        reopened: String,
    },
    /// A game ended.
    Ended {
        /// Its draw seed, revealed.
        seed: String,
    },
    /// A claim's verdict.
    Claim(Box<ClaimView>),
    /// A bar lifted.
    Lifted {
        /// The ticket's serial.
        lifted: String,
    },
    /// Money recorded: the cash-up as it now stands.
    Recorded(Box<Recorded>),
    /// A phone's claim queued for the caller.
    Raised(RaisedView),
}

/// What a change of the ledger answers: the cash-up as it now stands, and the paper the change
/// recorded as the ledger writes it (a scanned serial read as the book it stands for).
#[derive(Clone, Debug, Serialize)]
pub struct Recorded {
    #[serde(flatten)]
    cashup: Cashup,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
}

impl<L: EventLog> Night<L> {
    /// Makes the change `command` asks for, checked and logged as every change is, and answers
    /// what the desk shows of it; refused with why and nothing recorded.
    pub fn handle(&mut self, command: Command) -> Result<Answer, CommandError> {
        use Command as C;
        Ok(match command {
            C::StartGame(g) => {
                let prizes = match g.prizes {
                    None => PrizeChoice::Named("uk".into()),
                    Some(Prizes::Name(name)) => PrizeChoice::Named(name),
                    Some(Prizes::File { toml }) => PrizeChoice::Toml(toml),
                };
                Answer::Started { id: self.create_game(&g.name, &prizes, &g.books, g.game, g.bogey)? }
            }
            C::Call { game, number } => {
                self.call(game, number).map(|(index, number)| Answer::Called { index, number })?
            }
            C::Draw { game } => self.draw(game).map(|(index, number)| Answer::Called { index, number })?,
            C::Undo { game } => Answer::Undone { undone: self.undo(game)? },
            C::Claim { game, serial } => Answer::Claim(Box::new(self.claim(game, &serial)?)),
            C::Win { game, serial, prizes } => Answer::Won { won: self.win(game, &serial, prizes.as_deref())? },
            C::NextPrize { game, prize } => Answer::Prize { prize: self.next_prize(game, prize.as_deref())? },
            C::Reopen { game, prize } => Answer::Reopened { reopened: self.reopen(game, prize.as_deref())? },
            C::End { game } => Answer::Ended { seed: self.end(game)? },
            C::LiftBar { game, serial } => Answer::Lifted { lifted: self.lift_bar(game, &serial)? },
            C::Raise { serial, ticket, code, source } => {
                Answer::Raised(self.raise(&Follower { serial: &serial, code: code.as_deref() }, ticket, &source)?)
            }
            money => {
                let (entry, over_limit) = self.entry_of(money)?;
                self.record(entry, over_limit)?
            }
        })
    }

    /// The ledger entry a money command makes, and whether it is recorded past the regime's
    /// limit.
    fn entry_of(&self, command: Command) -> Result<(Entry, bool), CommandError> {
        let trim = |s: Option<String>| s.map(|s| s.trim().to_string());
        Ok(match command {
            Command::Issue(b) => {
                let units = self.units(b.books, b.booklets, SoldAs::Whole)?;
                (Entry::Issued { seller: b.seller.trim().to_string(), units }, b.over_limit)
            }
            Command::Sell(b) => {
                let units = self.units(b.books, b.booklets, b.sold_as)?;
                let (seller, buyer) = (trim(b.seller), trim(b.buyer));
                let sold =
                    Entry::Sold { units, price: b.price, sold_as: b.sold_as, seller, buyer, how: b.how, remote: false };
                (sold, b.over_limit)
            }
            Command::Return(b) => {
                (Entry::Returned { units: self.units(b.books, b.booklets, SoldAs::Whole)?, damaged: b.damaged }, false)
            }
            Command::Void(b) => {
                let entry = match (b.entry, b.books, b.booklets) {
                    (Some(entry), None, None) => entry,
                    (None, books, booklets) if books.is_some() || booklets.is_some() => {
                        let units = self.units(books, booklets, SoldAs::Whole)?;
                        let none = || invalid(&format!("no sale of exactly {units} stands"));
                        self.ledger.sale_of(&units).ok_or_else(none)?
                    }
                    _ => return Err(invalid("give the sale's or the payout's \"entry\", or the sale's \"books\"")),
                };
                (Entry::Voided { entry, reason: trim(b.reason).filter(|r| !r.is_empty()) }, false)
            }
            Command::Move(b) => (Entry::PayoutMoved { entry: b.entry, serial: b.serial.trim().to_string() }, false),
            Command::Pay(b) => {
                let game = b.game;
                let g = self.games.iter().find(|g| g.id == game);
                let g = g.ok_or_else(|| CommandError::new(Refused::NotFound, format!("there is no game {game}")))?;
                // The prize as the set names it, whichever language the caller named it in:
                // the ledger keeps one name a prize.
                let prize = g.set.find(&b.prize).map_or(b.prize, |i| g.set.prizes()[i].name().to_string());
                let serial = b.serial.trim().to_string();
                (Entry::PrizePaid { game, prize, serial, amount: b.amount, how: b.how }, b.over_limit)
            }
            _ => return Err(invalid("not a change of the night's paper or money")),
        })
    }

    /// Records `entry` and answers the cash-up as it now stands.
    fn record(&mut self, entry: Entry, over_limit: bool) -> Result<Answer, CommandError> {
        let recorded = match &entry {
            Entry::Issued { units, .. } | Entry::Sold { units, .. } | Entry::Returned { units, .. } => {
                Some(units.clone())
            }
            _ => None,
        };
        self.record_money(entry, over_limit)?;
        Ok(Answer::Recorded(Box::new(Recorded { cashup: self.ledger.cashup(), recorded })))
    }

    /// The paper a command names, as the ledger writes it: `books` in a plain run, `booklets` in
    /// a run of booklets, a scanned serial read as the unit it stands for.
    fn units(&self, books: Option<String>, booklets: Option<String>, sold_as: SoldAs) -> Result<String, CommandError> {
        match (books, booklets, self.numbering().games().is_some()) {
            (Some(units), None, false) | (None, Some(units), true) => {
                Ok(scanned(&units, self.numbering(), sold_as, self.run.per_book()))
            }
            (_, _, true) => Err(invalid("this run sells booklets: give \"booklets\", like \"1-50\"")),
            (_, _, false) => Err(invalid("give \"books\", like \"1-50\"")),
        }
    }
}

fn invalid(message: &str) -> CommandError {
    CommandError::new(Refused::Invalid, message)
}

//! The players' side of the night: a ticket followed from a phone, and a claim raised from it.
//! A printed serial is on paper in the hall, so following a paper ticket needs only its serial;
//! a book kept for phones ([`crate::night::event::Event::PhoneOnly`]) is followed and claimed
//! only with its code ([`super::play_code`]). An unknown serial and a phone-only serial with no
//! code or a wrong one get the same answer, so codes cannot be probed.
//!
//! A claim from a phone is a signal: it joins the caller's queue, and the caller settles it as
//! any other claim (for paper, by checking the paper). A claim that gives the ticket's code
//! (from a link or a phone-only book) is the holder's, bogey rule and all; one on a paper
//! serial without it is a *request*: anyone who read the serial could have sent it, so it
//! never bars the ticket, never keeps out the holder's proven claim, and has places of its own
//! in the queue.

use std::ops::RangeInclusive;

use serde::Serialize;

use super::claim::held;
use super::error::{CommandError, Refused};
use super::event::Event;
use super::event_log::EventLog;
use super::game::Game;
use super::play_code::CodeKey;
use super::state::Night;
use crate::ledger::Units;
use housie_core::domain::Serial;
use housie_core::rules::verdict::{read_serial, SerialInput};

/// What a player's page shows for a serial.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayView {
    /// The serial followed, as the run writes it.
    pub serial: String,
    /// Its book, or its booklet in a run of booklets.
    pub unit: u64,
    /// `book` or `booklet`.
    pub unit_name: &'static str,
    /// Kept for phones: followed and claimed with its code.
    pub phone_only: bool,
    /// The game on the desk, if one has been started.
    pub game: Option<PlayGame>,
    /// The book's six tickets in that game (before the first game, the serial's own book);
    /// empty when the book is not in play.
    pub tickets: Vec<PlayTicket>,
    /// Why no tickets are shown, or what to wait for.
    pub note: Option<String>,
    /// The same note as a message of the pages' catalogues (`note-no-game`, `note-other-page`,
    /// `note-not-in-play`) with its values, so a page shows it in its own language.
    pub note_message: Option<NoteMessage>,
}

/// A note as a catalogue message and the values its `{ $name }`s take.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NoteMessage {
    /// The message's id.
    pub id: &'static str,
    /// Each placeable's value.
    pub args: std::collections::BTreeMap<&'static str, String>,
}

/// The game a player's page follows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayGame {
    /// Its number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The colour of its pages in a run of booklets.
    pub colour: Option<String>,
    /// Over.
    pub ended: bool,
}

/// One ticket as a phone draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayTicket {
    /// Its serial.
    pub serial: String,
    /// Its place in the book, 1–6 (what a claim names).
    pub ticket: u8,
    /// Three rows of nine cells (five of five on a 75-ball face), `null` for a blank.
    pub grid: Vec<Vec<Option<u8>>>,
    /// On a 75-ball face: B I N G O, the free centre and the face number.
    #[serde(flatten)]
    pub face: Option<super::face::Face>,
}

/// The answer to a claim raised from a phone.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaisedView {
    /// The ticket claimed.
    pub serial: String,
    /// Its place in the caller's queue (1 for the next).
    pub position: usize,
    /// Sent without the ticket's code: a request the caller checks on the paper.
    pub unproven: bool,
    /// One sentence for the player.
    pub message: String,
}

/// Who is asking: the serial typed or linked, and the code when one was given.
pub struct Follower<'a> {
    /// The serial, as typed.
    pub serial: &'a str,
    /// The code from the link, if any.
    pub code: Option<&'a str>,
}

impl<L: EventLog> Night<L> {
    /// Keeps `units` (books, or booklets) for phones, recording it once; `false` when they
    /// already were.
    pub fn keep_for_phones(&mut self, units: &str) -> Result<bool, CommandError> {
        let units = Units::parse(units, self.ledger().run())
            .map_err(|e| CommandError::new(Refused::Invalid, format!("--phone-only: {e}")))?;
        if units.minus(self.ledger().phone_only()).is_empty() {
            return Ok(false);
        }
        self.commit(0, Event::PhoneOnly { units: units.to_string() })?;
        Ok(true)
    }

    /// What the page of `who` shows now.
    pub fn follow(&self, who: &Follower<'_>) -> Result<PlayView, CommandError> {
        let serial = self.admit(who)?;
        let numbering = self.numbering();
        let unit = serial.booklet();
        let unit_name = if numbering.games().is_some() { "booklet" } else { "book" };
        let phone_only = self.ledger().phone_only().contains(unit);
        let current = self.current();
        let game = current.map(|g| PlayGame {
            id: g.id,
            name: g.name.clone(),
            colour: g.books.game().and_then(|n| self.run.colour_of(n)).map(String::from),
            ended: g.ended(),
        });
        let message = |id: &'static str, args: &[(&'static str, String)]| NoteMessage {
            id,
            args: args.iter().cloned().collect(),
        };
        let (book, note, note_message) = match current {
            None => (
                Some(serial.book()),
                Some("No game has started yet: this page follows it when it does.".into()),
                Some(message("note-no-game", &[])),
            ),
            Some(g) => match book_in(g, serial) {
                // A booklet's serial from another game's page: that booklet's page for this game.
                Some(book) if book != serial.book() => {
                    let page = g
                        .books
                        .game()
                        .and_then(|n| self.run.colour_of(n))
                        .map_or(String::new(), |c| format!(", the {c} page"));
                    let note = format!(
                        "{} is on the page of game {} of your booklet; {} plays game {}{page}: its tickets are below.",
                        serial,
                        serial.game(),
                        capital(&g.name),
                        numbering.game(book),
                    );
                    let args = [
                        ("serial", serial.to_string()),
                        ("page", serial.game().to_string()),
                        ("name", capital(&g.name)),
                        ("game", numbering.game(book).to_string()),
                    ];
                    (Some(book), Some(note), Some(message("note-other-page", &args)))
                }
                Some(book) => (Some(book), None, None),
                // Its book is in play, sold in parts, and this ticket was not sold.
                None if numbering.games().is_none() && g.books.contains(serial.book()) => (
                    None,
                    Some(format!("{serial} was not sold, so it is not in play in {}.", capital(&g.name))),
                    Some(message(
                        "note-ticket-not-sold",
                        &[("serial", serial.to_string()), ("name", capital(&g.name))],
                    )),
                ),
                None => (
                    None,
                    Some(format!("{unit_name} {unit} is not in play in {}.", capital(&g.name))),
                    Some(message(
                        if unit_name == "booklet" { "note-booklet-not-in-play" } else { "note-book-not-in-play" },
                        &[("number", unit.to_string()), ("name", capital(&g.name))],
                    )),
                ),
            },
        };
        let tickets =
            book.map(|b| self.tickets_of(b, held(self.ledger(), serial, self.run.per_book()))).unwrap_or_default();
        Ok(PlayView { serial: serial.to_string(), unit, unit_name, phone_only, game, tickets, note, note_message })
    }

    /// Raises a claim for ticket `ticket` (1–6) of the followed book in the current game:
    /// it joins the caller's queue.
    pub fn raise(&mut self, who: &Follower<'_>, ticket: u8, source: &str) -> Result<RaisedView, CommandError> {
        let serial = self.admit(who)?;
        let unproven = who.code.is_none_or(|c| c.trim().is_empty());
        let Some(g) = self.current() else {
            return Err(CommandError::new(Refused::Conflict, "No game has started yet: there is nothing to claim."));
        };
        if g.ended() {
            return Err(CommandError::new(Refused::Conflict, format!("{} is over: claims are closed.", g.name)));
        }
        let Some(book) = book_in(g, serial) else {
            return Err(CommandError::new(
                Refused::Conflict,
                format!("This ticket is not in play in {}: it cannot claim.", g.name),
            ));
        };
        let claimed = self
            .numbering()
            .serial(book, ticket)
            .ok_or_else(|| CommandError::new(Refused::Invalid, "ticket: a book's tickets are 1–6"))?
            .to_string();
        // A half sheet's or a single ticket's holder claims for the tickets they hold alone.
        let held = held(self.ledger(), serial, self.run.per_book());
        if !held.contains(&u64::from(ticket)) {
            let (a, b) = (held.start(), held.end());
            let yours = if a == b { format!("ticket {a}") } else { format!("tickets {a}-{b}") };
            return Err(CommandError::new(
                Refused::Invalid,
                format!("ticket: you hold {yours} of this book, not ticket {ticket}"),
            ));
        }
        // The requests' places are shared: one address holds most of them at most, so a burst
        // from one cannot keep every other paper holder out. (A live rule, not the log's:
        // nights recorded before it still replay.)
        let from_here = g.raised.iter().filter(|r| r.unproven && r.source == source).count();
        if unproven && from_here >= super::game::UNPROVEN_PER_SOURCE {
            return Err(CommandError::new(
                Refused::Busy,
                format!("{from_here} requests from this address are waiting for the caller; claim again once they are checked"),
            ));
        }
        let id = g.id;
        self.commit(id, Event::Raised { serial: claimed.clone(), source: source.to_string(), unproven })?;
        // Its place in the order the desk takes claims (a proven claim goes before requests).
        let position = self.current().map_or(1, |g| {
            g.queue()
                .iter()
                .position(|r| r.serial == claimed && r.unproven == unproven)
                .map_or(g.raised.len(), |p| p + 1)
        });
        let mut message = match position {
            1 => format!("Your claim for {claimed} is with the caller: it is next."),
            n => format!("Your claim for {claimed} is with the caller: {} before it.", n - 1),
        };
        if unproven {
            message.push_str(" Hold up your ticket: the caller checks the paper.");
        }
        Ok(RaisedView { serial: claimed, position, unproven, message })
    }

    /// The serial `who` may follow: in the run, and for a phone-only book with its code; a code
    /// given for a paper serial must be its code too. Every other serial gets the one answer,
    /// whatever the reason.
    fn admit(&self, who: &Follower<'_>) -> Result<Serial, CommandError> {
        let run = &self.run;
        let phone_only = self.ledger().phone_only();
        let open = |s: Serial| run.index_of(s).is_some() && !phone_only.contains(s.booklet());
        let serial = match read_serial(self.numbering(), run.record.card_format, who.serial, open) {
            Ok(s) => s,
            Err(SerialInput::Malformed(m)) => return Err(CommandError::new(Refused::Invalid, m)),
            Err(SerialInput::Mistyped { message, suggestions }) => {
                return Err(CommandError {
                    kind: Refused::Invalid,
                    message,
                    suggestions: suggestions.iter().map(ToString::to_string).collect(),
                    said: None,
                }
                .said("serial-mistyped", []))
            }
        };
        let known = run.index_of(serial).is_some();
        let code = who.code.filter(|c| !c.trim().is_empty());
        let allowed = match code {
            Some(c) => CodeKey::of_seed(&run.record.seed).accepts(&serial, c),
            None => !phone_only.contains(serial.booklet()),
        };
        if known && allowed {
            Ok(serial)
        } else {
            Err(unknown(&serial.to_string()))
        }
    }

    /// The tickets (faces) of `book` its holder holds, as a phone draws them.
    fn tickets_of(&self, book: u64, held: RangeInclusive<u64>) -> Vec<PlayTicket> {
        let numbering = self.numbering();
        let format = self.run.record.card_format;
        (1..=format.book() as u8)
            .filter(|&t| held.contains(&u64::from(t)))
            .filter_map(|t| numbering.serial(book, t))
            .filter_map(|s| self.run.index_of(s).map(|i| (s, i)))
            .map(|(s, i)| {
                let ticket = self.run.ticket(i);
                let grid = super::face::rows(ticket, |n| n);
                PlayTicket { serial: s.to_string(), ticket: s.ticket(), grid, face: super::face::Face::of(format, s) }
            })
            .collect()
    }
}

/// The book of `serial`'s booklet that game `g` plays, if it is in play (and the ticket is,
/// when its book was sold in parts).
fn book_in(g: &Game, serial: Serial) -> Option<u64> {
    match g.books.game() {
        Some(n) => serial.numbering().book(serial.booklet(), n).filter(|&b| g.books.contains(b)),
        None => g.books.holds(serial.book(), serial.ticket()).then_some(serial.book()),
    }
}

/// The one answer for a serial not in the run and a phone-only serial without its code.
fn unknown(serial: &str) -> CommandError {
    CommandError::new(
        Refused::NotFound,
        format!(
            "There is no ticket {serial} to follow here: check the serial on your ticket, or the link you were sent."
        ),
    )
}

fn capital(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

//! Settling a claim: the ticket with its called numbers marked and, for every prize of the
//! game, whether it stands (completed by the last call), was missed (completed earlier, at call
//! k) or is not complete (and which numbers it still needs).

use serde::Serialize;

use super::event::Verdict;
use super::game::Game;
use super::run::NightRun;
use crate::domain::{Serial, COLS, ROWS};
use crate::night::prizes::{Calls, Prize};

/// One prize on the claimed ticket.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrizeStatus {
    pub prize: &'static str,
    /// `stands`, `missed` or `incomplete`.
    pub status: &'static str,
    /// The call that completed it (1-based), and its number.
    pub call: Option<usize>,
    pub number: Option<u8>,
    /// How many more numbers it needs, and which (see `Prize::missing`).
    pub needed: usize,
    pub missing: Vec<u8>,
}

/// One cell of the ticket as shown.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub n: u8,
    pub called: bool,
}

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimView {
    pub serial: String,
    pub book: u64,
    pub ticket: u8,
    pub game: i64,
    pub file: String,
    pub page: u64,
    pub calls: usize,
    pub last: Option<u8>,
    /// The prize being played when the claim was made.
    pub prize: Option<&'static str>,
    pub verdict: Verdict,
    /// One sentence for the caller.
    pub message: String,
    pub prizes: Vec<PrizeStatus>,
    /// Rows of nine cells, `null` for a blank; empty when the claim is refused.
    pub grid: Vec<Vec<Option<Cell>>>,
}

/// The verdict on `serial` (which is in the run) in `game`.
pub fn settle(run: &NightRun, game: &Game, serial: Serial) -> ClaimView {
    let index = run.index_of(serial).expect("the caller checked the serial is in the run");
    let book = serial.book();
    let (file, page) = run.page_of(serial);
    let calls = &game.calls;
    let last = calls.numbers().last().copied();
    let mut view = ClaimView {
        serial: serial.to_string(),
        book,
        ticket: serial.ticket(),
        game: game.id,
        file,
        page,
        calls: calls.len(),
        last,
        prize: game.prize().map(Prize::name),
        verdict: Verdict::Refused,
        message: String::new(),
        prizes: Vec::new(),
        grid: Vec::new(),
    };
    if !game.books.contains(book) {
        view.message = match game.books.game() {
            Some(g) if serial.game() != g => {
                format!("REFUSED: {serial} is for game {} of its booklet; {} plays game {g}", serial.game(), game.name)
            }
            Some(_) => format!(
                "REFUSED: booklet {} is not in play in {} ({})",
                serial.booklet(),
                game.name,
                game.books.describe()
            ),
            None => format!("REFUSED: book {book} is not in play in {} ({})", game.name, game.books.describe()),
        };
        return view;
    }
    if run.is_forged(serial) {
        view.message = format!(
            "REFUSED: forged: the manifest's numbers for {serial} are not the ones the seed drew; check the paper ticket"
        );
        return view;
    }
    let ticket = run.ticket(index);
    view.prizes = crate::night::prizes::Prize::of(game.prizes).iter().map(|&p| status(p, ticket, calls)).collect();
    view.grid = (0..ROWS)
        .map(|r| (0..COLS).map(|c| ticket.get(r, c).map(|n| Cell { n, called: calls.at(n).is_some() })).collect())
        .collect();
    let Some(prize) = game.prize() else {
        view.message = format!("REFUSED: every prize of {} has been won", game.name);
        return view;
    };
    let s = view.prizes.iter().find(|s| s.prize == prize.name()).expect("the prize is in the game's set").clone();
    (view.verdict, view.message) = match s.status {
        "stands" => (
            Verdict::Stands,
            format!("STANDS: {prize} completed by the last call (call {}, {})", calls.len(), last.unwrap_or(0)),
        ),
        "missed" => (
            Verdict::Missed,
            format!(
                "MISSED: {prize} was completed at call {} ({}); the last call is {}",
                s.call.unwrap_or(0),
                s.number.unwrap_or(0),
                calls.len()
            ),
        ),
        _ => (Verdict::Incomplete, format!("NOT COMPLETE: {prize} needs {}", needs(&s))),
    };
    view
}

fn needs(s: &PrizeStatus) -> String {
    let numbers: Vec<String> = s.missing.iter().map(u8::to_string).collect();
    if s.needed == s.missing.len() {
        format!("{} more: {}", s.needed, numbers.join(" "))
    } else {
        format!("{} more of {}", s.needed, numbers.join(" "))
    }
}

fn status(prize: Prize, ticket: &crate::Ticket, calls: &Calls) -> PrizeStatus {
    let at = prize.completed_at(ticket, calls);
    let (needed, missing) = prize.missing(ticket, calls);
    PrizeStatus {
        prize: prize.name(),
        status: match at {
            Some(k) if k == calls.len() => "stands",
            Some(_) => "missed",
            None => "incomplete",
        },
        call: at,
        number: at.map(|k| calls.number(k)),
        needed: if at.is_some() { 0 } else { needed },
        missing: if at.is_some() { Vec::new() } else { missing },
    }
}

//! The night's answer to a claim: the ticket with its called numbers marked and, for every
//! prize of the game, whether it stands, was missed or is not complete, with the verdict and
//! the places a confirmed win would take. The judging itself is [`housie_core::rules::verdict`], the
//! same path `housie check` takes.

use serde::Serialize;

use super::face::{rows, Face};
use super::game::Game;
use super::run::NightRun;
use crate::ledger::Ledger;
use housie_core::domain::{Serial, Ticket};
use housie_core::rules::verdict::{in_play, judge_held, Held, Refusal};
use housie_core::rules::Sheet;
use housie_core::rules::{PrizeCheck, Verdict};

/// One cell of the ticket as shown.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The number.
    pub n: u8,
    /// Whether it has been called.
    pub called: bool,
}

/// A prize the claim stands for, and the place a confirmed win takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandsFor {
    /// The prize's name.
    pub prize: String,
    /// The place it takes (1 for the first).
    pub place: usize,
    /// For a jackpot ("within N calls"): `true` won within them, `false` its consolation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<bool>,
}

/// Where a ticket of a run of booklets is, as its paper says: "Booklet 21 · Game 1", the
/// Lime page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookletPage {
    /// The booklet.
    pub booklet: u64,
    /// The game of the booklet (its page).
    pub game: u16,
    /// That page's colour, where the run has a palette.
    pub colour: Option<String>,
}

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimView {
    /// The serial, written as the run writes it.
    pub serial: String,
    /// The ticket's book.
    pub book: u64,
    /// In a run of booklets, the paper's own words: the booklet, its game (page) and that
    /// page's colour; `None` for plain books.
    pub booklet: Option<BookletPage>,
    /// Its place in the book (1–6).
    pub ticket: u8,
    /// The game's number.
    pub game: i64,
    /// The PDF file it is printed in.
    pub file: String,
    /// Its page there.
    pub page: u64,
    /// How many numbers had been called.
    pub calls: usize,
    /// The last call.
    pub last: Option<u8>,
    /// The prize being played, in a set played in order.
    pub prize: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// One sentence for the caller.
    pub message: String,
    /// Every prize of the set as this ticket finds it; empty when the claim is refused.
    pub prizes: Vec<PrizeCheck>,
    /// The prizes the claim stands for: the caller confirms them as won.
    pub stands: Vec<StandsFor>,
    /// Why the ticket cannot win in this game, when that is the verdict (for a page in
    /// another language; `message` says it in English).
    pub refusal: Option<Refusal>,
    /// Under the bogey rule, this false claim barred the ticket for the rest of the game.
    pub barred: bool,
    /// A false claim under the bogey rule that did not bar the ticket: it came from a phone that
    /// did not prove it holds the ticket.
    pub spared: bool,
    /// Rows of nine cells (five on a 75-ball face), `null` for a blank; empty when the claim is
    /// refused.
    pub grid: Vec<Vec<Option<Cell>>>,
    /// On a 75-ball face: B I N G O, the free centre and the face number.
    #[serde(flatten)]
    pub face: Option<Face>,
}

/// The sheets the holder of a ticket holds with it, for prizes won on a sheet: its half sheet
/// and its book, each when all its tickets are in play and were sold together (a book sold
/// whole, a half sheet sold as one; not three tickets sold one by one).
pub struct Sheets {
    half: Vec<Ticket>,
    full: Vec<Ticket>,
}

impl Sheets {
    /// The sheets of `serial` in `game`, as the ledger sold them.
    pub fn of(run: &NightRun, game: &Game, ledger: &Ledger, serial: Serial) -> Sheets {
        let numbering = serial.numbering();
        let (book, ticket) = (serial.book(), serial.ticket());
        let held = held(ledger, serial, run.per_book());
        let sheet = |s: Sheet| -> Vec<Ticket> {
            let places = s.of(ticket);
            let whole = held.contains(&u64::from(*places.start())) && held.contains(&u64::from(*places.end()));
            let tickets: Vec<Ticket> = places
                .filter(|&t| numbering.games().is_some() || game.books.holds(book, t))
                .filter_map(|t| run.index_of(numbering.serial(book, t)?))
                .map(|i| *run.ticket(i))
                .collect();
            if whole && tickets.len() == s.tickets() {
                tickets
            } else {
                Vec::new()
            }
        };
        Sheets { half: sheet(Sheet::Half), full: sheet(Sheet::Full) }
    }

    /// The sheets for [`judge_held`].
    pub fn held(&self) -> Held<'_> {
        Held::of(&self.half, &self.full)
    }
}

/// The places (1–6; 1–`per_book`) in its book of the tickets the holder of `serial` holds: the
/// whole book, but for a book the ledger sold by the half sheet or the ticket (booklets are sold
/// whole).
pub fn held(ledger: &Ledger, serial: Serial, per_book: usize) -> std::ops::RangeInclusive<u64> {
    match serial.numbering().games() {
        Some(_) => 1..=per_book as u64,
        None => ledger.held_with(serial.book(), u64::from(serial.ticket())),
    }
}

/// The verdict on `serial` (which is in the run) in `game`. A false claim bars the ticket under
/// the bogey rule only when `may_bar`: not when it came from a phone that did not prove it holds
/// the ticket, since anyone who read the serial could have sent it.
pub fn settle(run: &NightRun, game: &Game, ledger: &Ledger, serial: Serial, may_bar: bool) -> ClaimView {
    let index = run.index_of(serial).expect("the caller checked the serial is in the run");
    let (file, page) = run.page_of(serial);
    let calls = &game.calls;
    let mut view = ClaimView {
        serial: serial.to_string(),
        book: serial.book(),
        booklet: serial.numbering().games().map(|_| BookletPage {
            booklet: serial.booklet(),
            game: serial.game(),
            colour: run.colour_of(serial.game()).map(str::to_string),
        }),
        ticket: serial.ticket(),
        game: game.id,
        file,
        page,
        calls: calls.len(),
        last: calls.numbers().last().copied(),
        prize: game.prize_in_order().map(|i| game.set.prizes()[i].name().to_string()),
        verdict: Verdict::Refused,
        message: String::new(),
        prizes: Vec::new(),
        stands: Vec::new(),
        refusal: None,
        barred: false,
        spared: false,
        grid: Vec::new(),
        face: Face::of(run.record.card_format, serial),
    };
    let refusal = in_play(serial, &game.books, &game.name, |g| run.colour_of(g).map(str::to_string))
        .err()
        .or_else(|| run.is_forged(serial).then_some(Refusal::Forged { serial }))
        .or_else(|| game.barred.get(&serial.to_string()).map(|&call| Refusal::Barred { serial, call }));
    if let Some(refusal) = refusal {
        view.message = refusal.to_string();
        view.refusal = Some(refusal);
        return view;
    }
    let ticket = run.ticket(index);
    view.grid = rows(ticket, |n| Cell { n, called: calls.at(n).is_some() });
    let sheets = Sheets::of(run, game, ledger, serial);
    let judged = judge_held(ticket, sheets.held(), calls, &game.set, Some(&game.progress));
    view.verdict = judged.verdict;
    view.message = match judged.verdict {
        Verdict::Refused => format!("REFUSED: every prize of {} has been won", game.name),
        _ => judged.message,
    };
    view.stands = judged
        .stands
        .iter()
        .map(|&(i, place)| {
            let prize = &game.set.prizes()[i];
            StandsFor { prize: prize.name().to_string(), place, jackpot: prize.jackpot(calls.len()) }
        })
        .collect();
    view.prizes = judged.prizes;
    if game.bogey && view.verdict.is_false_claim() {
        if may_bar {
            view.barred = true;
            view.message
                .push_str(". BOGEY: a false claim; under the bogey rule this ticket can claim nothing more this game");
        } else {
            view.spared = true;
            view.message.push_str(
                ". Not barred: the claim came from a phone that did not give the ticket's code, so it may not be the holder's",
            );
        }
    }
    view
}

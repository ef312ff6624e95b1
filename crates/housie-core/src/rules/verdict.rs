//! Settling a claim: the one path that `housie check`, `housie winners` and the night share.
//! A serial is read (a slip is answered with "did you mean"), the ticket is refused if it
//! cannot win in this game (not in play, another game's page, forged, barred by a bogey), and
//! otherwise judged against every prize of the set: a claim stands for each open prize that
//! the last call completed, and the verdict names them all.

use serde::{Deserialize, Serialize};

use super::books::BookRanges;
use super::calls::Calls;
use super::pattern::{called_mask, calls_of, numbers_of};
use super::prize::{Prize, PrizeSet};
use super::progress::{ordinal, Progress, Standing};
use super::sheet::Sheet;
use crate::domain::{CardFormat, Numbering, Serial, SerialError, Ticket};

/// A claim's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The last call completed an open prize: the claim stands.
    Stands,
    /// An open prize was completed earlier: the claimant missed it.
    Missed,
    /// No open prize is complete.
    Incomplete,
    /// Not a ticket that can win this game now: not in play, another game's, forged, barred,
    /// or no prize left.
    Refused,
    /// A well-formed serial that is not in the run.
    Unknown,
    /// Not a serial, or its check digit fails.
    Malformed,
}

impl Verdict {
    /// A false claim, which the bogey rule punishes: a real ticket in play that stands for nothing.
    pub fn is_false_claim(self) -> bool {
        match self {
            Verdict::Missed | Verdict::Incomplete => true,
            Verdict::Stands | Verdict::Refused | Verdict::Unknown | Verdict::Malformed => false,
        }
    }
}

/// One prize on a claimed ticket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum PrizeState {
    /// Completed by the last call (call `call`, number `number`).
    Stands {
        /// The call that completed it (1-based).
        call: usize,
        /// The number that completed it.
        number: u8,
    },
    /// Completed earlier, at call `call`.
    Missed {
        /// The call that completed it (1-based), before the last.
        call: usize,
        /// The number that completed it.
        number: u8,
    },
    /// Not complete: `needed` more numbers, from `missing`.
    Incomplete {
        /// How many numbers it still needs.
        needed: u8,
        /// The numbers still needed.
        missing: Vec<u8>,
    },
    /// This ticket can never complete it (its layout lacks the numbers the pattern names).
    Impossible,
}

/// A prize as the claim finds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrizeCheck {
    /// The prize's name.
    pub prize: String,
    /// How the ticket stands on it.
    #[serde(flatten)]
    pub state: PrizeState,
    /// Whether the prize can be won now.
    pub standing: Standing,
    /// The place a claim that stands takes (1 for the first winner).
    pub place: Option<usize>,
}

/// The verdict on a ticket's numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Every prize of the set, as the ticket finds it.
    pub prizes: Vec<PrizeCheck>,
    /// The prizes the claim stands for (indices into the set), with the place each takes.
    pub stands: Vec<(usize, usize)>,
    /// One sentence for the caller.
    pub message: String,
}

/// Judges `ticket` after `calls` against every prize of `set`; `progress` says which prizes are
/// still open (`None`: every prize, as `housie check` assumes).
pub fn judge(ticket: &Ticket, calls: &Calls, set: &PrizeSet, progress: Option<&Progress>) -> Judgement {
    judge_held(ticket, Held::default(), calls, set, progress)
}

/// The sheets a claim's holder holds with its ticket, for the prizes won on a sheet: the
/// tickets of its half sheet and of its full sheet (its book), when they were sold together.
/// A sheet not held cannot win.
#[derive(Clone, Copy, Debug, Default)]
pub struct Held<'a> {
    /// The half sheet's three tickets, the claimed one among them.
    pub half: Option<&'a [Ticket]>,
    /// The book's six tickets.
    pub full: Option<&'a [Ticket]>,
}

impl<'a> Held<'a> {
    /// The half sheet and the book held, each empty when it is not.
    pub fn of(half: &'a [Ticket], full: &'a [Ticket]) -> Held<'a> {
        Held { half: (!half.is_empty()).then_some(half), full: (!full.is_empty()).then_some(full) }
    }
}

/// [`judge`], with the sheets the holder holds, for prizes won on a sheet.
pub fn judge_held(
    ticket: &Ticket,
    held: Held<'_>,
    calls: &Calls,
    set: &PrizeSet,
    progress: Option<&Progress>,
) -> Judgement {
    let last = calls.len();
    let mut prizes = Vec::with_capacity(set.prizes().len());
    let mut stands = Vec::new();
    for (i, prize) in set.prizes().iter().enumerate() {
        let state = match prize.sheet() {
            None => state_of(std::slice::from_ref(ticket), prize, calls),
            Some(Sheet::Half) => held.half.map_or(PrizeState::Impossible, |s| state_of(s, prize, calls)),
            Some(Sheet::Full) => held.full.map_or(PrizeState::Impossible, |s| state_of(s, prize, calls)),
        };
        let (standing, place) = match progress {
            Some(p) => (p.standing(set, i), p.place_for(set, i, last)),
            None => (Standing::Open, Some(1)),
        };
        let place = place.filter(|_| matches!(state, PrizeState::Stands { .. }));
        if let Some(place) = place {
            stands.push((i, place));
        }
        prizes.push(PrizeCheck { prize: prize.name().to_string(), state, standing, place });
    }
    let (verdict, message) = verdict(&prizes, &stands, (set, ticket.format()), calls);
    Judgement { verdict, prizes, stands, message }
}

/// Where `prize` stands on `tickets` together: complete at the call that completed it on the
/// last of them, or what every one still needs.
fn state_of(tickets: &[Ticket], prize: &Prize, calls: &Calls) -> PrizeState {
    let last = calls.len();
    let mut done = Some(0usize);
    let (mut needed, mut missing) = (0, Vec::new());
    for ticket in tickets {
        let rule = prize.pattern().rule(ticket, prize.need());
        let at = calls_of(ticket, |n| calls.at(n).unwrap_or(0));
        match rule.completed_at(&at).map(usize::from) {
            Some(k) => done = done.map(|d| d.max(k)),
            None => {
                done = None;
                match rule.nearest(called_mask(ticket, |n| calls.at(n).is_some())) {
                    Some((n, mask)) => {
                        needed += n;
                        missing.extend(numbers_of(ticket, mask));
                    }
                    None => return PrizeState::Impossible,
                }
            }
        }
    }
    match done {
        Some(k) if k == last => PrizeState::Stands { call: k, number: calls.number(k) },
        Some(k) => PrizeState::Missed { call: k, number: calls.number(k) },
        None => {
            missing.sort_unstable();
            PrizeState::Incomplete { needed, missing }
        }
    }
}

/// The verdict and its sentence, each call named as the card's caller says it ("G 49" on
/// 75-ball, "49" on 90-ball).
fn verdict(
    prizes: &[PrizeCheck],
    stands: &[(usize, usize)],
    (set, format): (&PrizeSet, &CardFormat),
    calls: &Calls,
) -> (Verdict, String) {
    let last = calls.len();
    if !stands.is_empty() {
        let names: Vec<String> = stands
            .iter()
            .map(|&(i, place)| {
                let prize = &set.prizes()[i];
                let name = match prize.places() {
                    1 => prize.name().to_string(),
                    _ => format!("{} ({} place)", prize.name(), ordinal(place)),
                };
                match (prize.jackpot(last), prize.within()) {
                    (Some(true), Some(n)) => format!("{name}, the JACKPOT (within {n} calls)"),
                    (Some(false), Some(n)) => {
                        format!("{name}, the consolation (the jackpot needed {n} calls or fewer)")
                    }
                    _ => name,
                }
            })
            .collect();
        let number = format.call(calls.number(last));
        return (
            Verdict::Stands,
            format!("STANDS: {} completed by the last call (call {last}, {number})", and(&names)),
        );
    }
    let open: Vec<&PrizeCheck> = prizes.iter().filter(|p| p.standing == Standing::Open).collect();
    if open.is_empty() {
        return (Verdict::Refused, "REFUSED: every prize has been won".into());
    }
    let missed: Vec<String> = open
        .iter()
        .filter_map(|p| match p.state {
            PrizeState::Missed { call, number } => {
                Some(format!("{} was completed at call {call} ({})", p.prize, format.call(number)))
            }
            _ => None,
        })
        .collect();
    if !missed.is_empty() {
        return (Verdict::Missed, format!("MISSED: {}; the last call is {last}", and(&missed)));
    }
    let nearest = open
        .iter()
        .filter_map(|p| match &p.state {
            PrizeState::Incomplete { needed, missing } => Some((p, *needed, missing)),
            _ => None,
        })
        .min_by_key(|(_, needed, _)| *needed);
    let message = match nearest {
        None => "NOT COMPLETE: this ticket cannot complete any open prize".to_string(),
        Some((p, needed, missing)) => {
            let numbers: Vec<String> = missing.iter().map(u8::to_string).collect();
            let needs = if usize::from(needed) == missing.len() {
                format!("{needed} more: {}", numbers.join(" "))
            } else {
                format!("{needed} more of {}", numbers.join(" "))
            };
            match open.len() {
                1 => format!("NOT COMPLETE: {} needs {needs}", p.prize),
                n => format!("NOT COMPLETE: the nearest of the {n} open prizes, {}, needs {needs}", p.prize),
            }
        }
    };
    (Verdict::Incomplete, message)
}

/// "a", "a and b", "a, b and c".
fn and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Why a ticket cannot win in a game, before its numbers are looked at. As JSON, `why` names
/// the variant (`not-in-play`, `wrong-game`, `forged`, `barred`) beside its fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Refusal {
    /// The ticket's book (or booklet) is not in play in this game.
    #[error("REFUSED: {unit} {number} is not in play in {game} ({books})")]
    NotInPlay {
        /// `book` or `booklet`.
        unit: &'static str,
        /// The book or booklet.
        number: u64,
        /// The game being played.
        game: String,
        /// The books in play.
        books: String,
    },
    /// The ticket's book is in play, but it was sold in parts and this ticket was not sold.
    #[error("REFUSED: {serial} was not sold, so it is not in play in {game}")]
    NotSold {
        /// The serial.
        #[serde(serialize_with = "as_text")]
        serial: Serial,
        /// The game being played.
        game: String,
    },
    /// The ticket is another game's page of its booklet.
    #[error("REFUSED: {serial} is for game {theirs} of its booklet{their_page}; {game} plays game {ours}{our_page}")]
    WrongGame {
        /// The serial.
        #[serde(serialize_with = "as_text")]
        serial: Serial,
        /// The game of the booklet's page it is on.
        theirs: u16,
        /// That game's page.
        their_page: String,
        /// The game on the desk.
        ours: u16,
        /// This game's page.
        our_page: String,
        /// The game being played.
        game: String,
    },
    #[error(
        "REFUSED: forged: the manifest's numbers for {serial} are not the ones the seed drew; check the paper ticket"
    )]
    /// The manifest's numbers for the serial are not the seed's.
    Forged {
        /// The serial.
        #[serde(serialize_with = "as_text")]
        serial: Serial,
    },
    /// A false claim under the bogey rule barred the ticket.
    #[error("REFUSED: {serial} made a false claim at call {call}, and under the bogey rule it can claim nothing more this game")]
    Barred {
        /// The serial.
        #[serde(serialize_with = "as_text")]
        serial: Serial,
        /// The call at which it was barred.
        call: usize,
    },
}

/// A serial as the run writes it.
fn as_text<S: serde::Serializer>(serial: &Serial, to: S) -> Result<S::Ok, S::Error> {
    to.collect_str(serial)
}

/// Whether `serial` is in play in a game with these books: its book is, and it was not left
/// out of a book sold in parts. `game` names the game for people, and `colour` gives a
/// booklet game's page colour ("the Lime page").
pub fn in_play(
    serial: Serial,
    books: &BookRanges,
    game: &str,
    colour: impl Fn(u16) -> Option<String>,
) -> Result<(), Refusal> {
    if books.contains(serial.book()) {
        if books.holds(serial.book(), serial.ticket()) {
            return Ok(());
        }
        return Err(Refusal::NotSold { serial, game: game.to_string() });
    }
    let page = |g: u16| colour(g).map(|c| format!(" (the {c} page)")).unwrap_or_default();
    match books.game() {
        Some(ours) if serial.game() != ours => Err(Refusal::WrongGame {
            serial,
            theirs: serial.game(),
            their_page: page(serial.game()),
            ours,
            our_page: page(ours),
            game: game.to_string(),
        }),
        Some(_) => Err(Refusal::NotInPlay {
            unit: "booklet",
            number: serial.booklet(),
            game: game.to_string(),
            books: books.describe(),
        }),
        None => Err(Refusal::NotInPlay {
            unit: "book",
            number: serial.book(),
            game: game.to_string(),
            books: books.describe(),
        }),
    }
}

/// Why text typed as a serial was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SerialInput {
    /// Not a serial at all (or one this run cannot have).
    #[error("{0}")]
    Malformed(String),
    /// A check digit that fails: a slip, with the run's serials one slip away.
    #[error("{message}")]
    Mistyped {
        /// What is wrong.
        message: String,
        /// Serials in the run one slip away.
        suggestions: Vec<Serial>,
    },
}

/// The most characters a serial may have when typed or scanned; a longer text is not echoed.
pub const SERIAL_MAX: usize = 40;

/// Reads a claimed serial: refuses text too long or with control characters without echoing it,
/// and answers a failing check digit with the serials of the run (`contains`) one slip away.
/// A ticket's link, as a 2D scanner types a QR code, is read as the serial in it; on a card
/// with face numbers (75-ball), digits alone are a face number, as printed in the free centre.
pub fn read_serial(
    numbering: Numbering,
    format: &CardFormat,
    text: &str,
    contains: impl Fn(Serial) -> bool,
) -> Result<Serial, SerialInput> {
    let text = crate::domain::player_url::serial_in(text).trim();
    let length = text.chars().count();
    if length > SERIAL_MAX {
        return Err(SerialInput::Malformed(format!(
            "a serial has at most {SERIAL_MAX} characters; this text has {length}"
        )));
    }
    if let Err(e) = crate::domain::text::check_plain(text) {
        return Err(SerialInput::Malformed(format!("the serial {e}")));
    }
    let face = text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse::<u64>().ok()).flatten();
    if let (Some(face), Some(_)) = (face, format.free()) {
        return format
            .of_face_number(face)
            .and_then(|(book, card)| numbering.serial(book, card))
            .filter(|s| contains(*s))
            .ok_or_else(|| SerialInput::Malformed(format!("{face} is not a face number of this run")));
    }
    match numbering.parse(text) {
        Ok(serial) => Ok(serial),
        Err(e @ SerialError::CheckDigit { .. }) => {
            let near: Vec<Serial> = numbering.suggestions(text).into_iter().filter(|s| contains(*s)).collect();
            let names: Vec<String> = near.iter().map(Serial::to_string).collect();
            let hint = if near.is_empty() { String::new() } else { format!("; did you mean {}?", names.join(" or ")) };
            Err(SerialInput::Mistyped { message: format!("{e}{hint}"), suggestions: near })
        }
        Err(e) => Err(SerialInput::Malformed(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket() -> Ticket {
        crate::rules::example_ticket()
    }

    fn calls(s: &str) -> Calls {
        Calls::parse(s, "--calls").unwrap()
    }

    /// A sheet bonus against brute force over 200 call orders: it completes at the call that
    /// gives the last of the sheet's tickets its second number; not before, and missed after.
    #[test]
    fn a_sheet_prize_completes_on_the_last_ticket_of_its_sheet() {
        use crate::generate::{Generator, Seed};
        use rand::seq::SliceRandom;
        let book = Generator::get().book(&Seed::from_text("sheets"), 1, 0);
        let text = include_str!("../../../../examples/prizes/sheet-bonus.toml");
        let set = PrizeSet::parse(text, "sheet-bonus.toml").unwrap();
        let (half, full) = (&book.tickets()[3..], book.tickets());
        let held = Held { half: Some(half), full: Some(full) };
        for game in 0..200 {
            let mut order: Vec<u8> = (1..=90).collect();
            order.shuffle(&mut Seed::from_text("orders").rng_for(game, 0));
            let second = |t: &Ticket| {
                let mut at: Vec<usize> =
                    t.numbers().iter().map(|n| order.iter().position(|m| m == n).unwrap() + 1).collect();
                at.sort_unstable();
                at[1]
            };
            for (i, sheet) in [(1, half), (2, full)] {
                let want = sheet.iter().map(second).max().unwrap();
                let after = |k: usize| {
                    let text: Vec<String> = order[..k].iter().map(u8::to_string).collect();
                    judge_held(&half[0], held, &calls(&text.join(" ")), &set, None).prizes[i].state.clone()
                };
                assert!(matches!(after(want - 1), PrizeState::Incomplete { .. }), "game {game}, prize {i}");
                assert_eq!(after(want), PrizeState::Stands { call: want, number: order[want - 1] }, "game {game}");
                if want < 90 {
                    assert_eq!(after(want + 1), PrizeState::Missed { call: want, number: order[want - 1] });
                }
            }
        }
        // The negative control: a ticket judged alone holds no sheet, and cannot win one.
        let all: Vec<String> = (1..=90).map(|n: u8| n.to_string()).collect();
        let alone = judge(&half[0], &calls(&all.join(" ")), &set, None);
        assert_eq!(
            (&alone.prizes[1].state, &alone.prizes[2].state),
            (&PrizeState::Impossible, &PrizeState::Impossible)
        );
    }

    #[test]
    fn tambola_prizes_are_all_open_and_a_claim_names_every_prize_it_stands_for() {
        let set = PrizeSet::shipped("tambola").unwrap();
        let progress = Progress::new(&set);
        let t = ticket();
        // Bottom line completes at call 5 while top line is unwon: it stands.
        let j = judge(&t, &calls("3 13 33 63 73"), &set, Some(&progress));
        assert_eq!(j.verdict, Verdict::Stands);
        assert_eq!(j.message, "STANDS: early five and bottom line completed by the last call (call 5, 73)");
        assert_eq!(j.stands, vec![(0, 1), (3, 1)]);
        // One call later it was missed.
        let j = judge(&t, &calls("3 13 33 63 73 90"), &set, Some(&progress));
        assert_eq!(j.verdict, Verdict::Missed);
        assert!(
            j.message.starts_with("MISSED: early five was completed at call 5 (73) and bottom line"),
            "{}",
            j.message
        );
        let j = judge(&t, &calls("1 21 41"), &set, Some(&progress));
        assert_eq!(
            j.message,
            "NOT COMPLETE: the nearest of the 6 open prizes, early five, needs 2 more of 3 12 13 32 33 52 61 63 72 73 81 82"
        );
    }

    #[test]
    fn a_uk_prize_waits_for_the_one_before() {
        let set = PrizeSet::shipped("uk").unwrap();
        let mut progress = Progress::new(&set);
        let t = ticket();
        let c = calls("1 21 41 61 81 3 13 33 63 73");
        // Two lines completed now, but one line is still being played (and was missed).
        let j = judge(&t, &c, &set, Some(&progress));
        assert_eq!(
            (j.verdict, j.message.as_str()),
            (Verdict::Missed, "MISSED: one line was completed at call 5 (81); the last call is 10")
        );
        progress.win(0, Some("x".into()), 9, "t");
        let j = judge(&t, &c, &set, Some(&progress));
        assert_eq!(j.message, "STANDS: two lines completed by the last call (call 10, 73)");
        let j = judge(&t, &calls("1 21 41 61"), &set, Some(&progress));
        assert_eq!(j.message, "NOT COMPLETE: two lines needs 6 more: 12 32 52 72 81 82");
    }

    #[test]
    fn places_and_ties() {
        let set = PrizeSet::shipped("tambola-full").unwrap();
        let mut progress = Progress::new(&set);
        let house = set.find("full house").unwrap();
        let order = "1 21 41 61 81 12 32 52 72 82 3 13 33 63 73";
        progress.win(house, Some("other".into()), 14, "t");
        let j = judge(&ticket(), &calls(order), &set, Some(&progress));
        // 73 completes the bottom line, both corner prizes and full house, which takes 2nd place.
        assert_eq!(j.stands, vec![(3, 1), (4, 1), (5, 1), (house, 2)]);
        assert_eq!(
            j.message,
            "STANDS: bottom line, four corners, corners and star and full house (2nd place) completed by the last call \
             (call 15, 73)"
        );
    }

    #[test]
    fn serials_are_read_once_for_every_path() {
        let n = Numbering::BOOKS;
        let good = Serial::new(12, 3).unwrap();
        let text = good.to_string();
        assert_eq!(read_serial(n, &crate::domain::NINETY_BALL, &text, |_| true), Ok(good));
        let mut typo = text.clone();
        let last = typo.pop().unwrap();
        typo.push(if last == '9' { '0' } else { (last as u8 + 1) as char });
        match read_serial(n, &crate::domain::NINETY_BALL, &typo, |_| true) {
            Err(SerialInput::Mistyped { suggestions, .. }) => assert_eq!(suggestions[0], good, "the likeliest first"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_serial(n, &crate::domain::NINETY_BALL, &"9".repeat(5000), |_| true).unwrap_err().to_string(),
            "a serial has at most 40 characters; this text has 5000"
        );
        assert_eq!(
            read_serial(n, &crate::domain::NINETY_BALL, "000012-3\u{202E}-4", |_| true).unwrap_err().to_string(),
            "the serial contains U+202E (a bidirectional control), which is not allowed"
        );
        // On 75-ball 3-on sheets digits alone are the face number in the free centre: face 8 is
        // sheet 3's second face; a face number past the run's is named, not read as a serial.
        let bingo = crate::domain::CardFormat::by_name("75-ball 3-on").unwrap();
        assert_eq!(read_serial(n, bingo, "8", |_| true), Ok(Serial::new(3, 2).unwrap()));
        assert_eq!(read_serial(n, bingo, &text, |_| true), Ok(good), "a serial is still a serial");
        let past = read_serial(n, bingo, "31", |s| s.book() <= 10).unwrap_err().to_string();
        assert_eq!(past, "31 is not a face number of this run");
        assert!(read_serial(n, &crate::domain::NINETY_BALL, "8", |_| true).is_err(), "90-ball has no face numbers");
    }
}

//! `housie winners`: who won each prize, and when, over the whole run.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::record::manifest::Row;
use housie_core::rules::pattern::calls_of;
use housie_core::rules::progress::ordinal;
use housie_core::rules::standings::place_calls;
use housie_core::rules::Sheet;
use housie_core::{Error, Serial};
use housie_night::audit::tickets::Tickets;

use super::call_args::{call, CallArgs};
use super::out::{outln, Out};

mod genuine;

/// Who won each prize, and at which call, over the whole run.
///
/// For every prize and place, the call at which a ticket in play won it and every serial that
/// won it at that call (ties share the place). A prize opens as the set says: from the first
/// call (tambola), or when the prize before it has all its places won (uk). To settle disputes
/// after the game. With run.json present every winning ticket is re-drawn from the seed, and one
/// whose manifest numbers differ (a forged row, which `check` refuses) is left out and listed,
/// the next tickets taking its place; `housie verify` checks every row.
///
/// Exit status: 0 done, 1 the manifest holds forged rows (left out), 2 bad input.
///
/// In a run of booklets, --game G picks the game (each is called on its own), and --sold counts
/// booklets.
///
///   housie winners spring --calls-file calls.txt --sold 1-120
///
///   housie winners spring --calls "48* 39* 29 75* 5*" --prizes tambola
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    #[command(flatten)]
    calls: CallArgs,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let mut out = Out::new();
    let tickets = Tickets::open(&args.dir)?;
    let calls = args.calls.calls(tickets.format.numbers())?;
    let set = args.calls.prize_set(&tickets)?;
    if let (Some(games), None) = (tickets.numbering.games(), args.calls.game) {
        return Err(Error::Usage(format!(
            "this run's booklets hold {games} games, each called on its own; say which with --game G"
        ))
        .into());
    }
    let books = args.calls.in_play(&args.dir, &tickets, args.calls.game)?;
    // One pass over the manifest, in pieces on all cores: the calls at which each prize was
    // completed, who completed it at each, and the forged rows.
    let start = || Tally {
        counted: 0,
        completed: vec![0; set.prizes().len()],
        by_call: vec![vec![Vec::new(); 128]; set.prizes().len()],
        sheets: vec![BTreeMap::new(); set.prizes().len()],
    };
    let add = |tally: &mut Tally, row: Row| {
        if !books.holds(row.serial.book(), row.serial.ticket()) {
            return;
        }
        tally.counted += 1;
        tally.add(&set, &row, &calls);
    };
    // Most tickets complete nothing in the calls: those are counted from their raw cells and
    // passed over, without the validation path or the patterns (`verify` checks every row).
    let called = called_table(&calls);
    let pass = |bytes: &[u8], fields: &[Range<usize>]| passes_over(bytes, fields, &tickets, &books, &set, &called);
    let passed = |tally: &mut Tally, n: u64| tally.counted += n;
    let mut tally = tickets.fold_rows(start, (&pass, passed), add, Tally::merge)?;
    tally.settle_sheets(&set, tickets.numbering);
    let Tally { counted, mut completed, mut by_call, .. } = tally;
    let forged = genuine::leave_out_forged(&tickets, &set, &mut completed, &mut by_call)?;
    let counted = counted - forged.len() as u64;
    let places = place_calls(&set, &completed);
    let winners: Vec<Vec<&[Serial]>> = places
        .iter()
        .enumerate()
        .map(|(i, calls)| calls.iter().map(|&k| &by_call[i][usize::from(k)][..]).collect())
        .collect();
    let tickets_word = if tickets.format.covers() { "tickets" } else { "faces" };
    outln!(out, "{} calls over {counted} {tickets_word} ({})", calls.len(), set.name());
    if !forged.is_empty() {
        let list: Vec<String> = forged.iter().map(ToString::to_string).collect();
        outln!(
            out,
            "FORGED: left out {} ticket(s) whose manifest numbers are not the ones the seed drew: {}",
            forged.len(),
            list.join(", ")
        );
    }
    let width = set.prizes().iter().map(|p| p.name().chars().count() + 1).max().unwrap_or(0).max(13);
    for (i, prize) in set.prizes().iter().enumerate() {
        let parts: Vec<String> = (0..usize::from(prize.places()))
            .map(|place| {
                let which = if prize.places() > 1 { format!("{} ", ordinal(place + 1)) } else { String::new() };
                match (places[i].get(place), winners[i].get(place)) {
                    (Some(&k), Some(serials)) => {
                        let list: Vec<String> = serials.iter().map(ToString::to_string).collect();
                        format!("{which}won at {} by {}", call(&calls, usize::from(k)), list.join(", "))
                    }
                    _ => format!("{which}not won yet"),
                }
            })
            .collect();
        outln!(out, "  {:<width$}{}", prize.name(), parts.join("; "));
    }
    out.finish()?;
    Ok(if forged.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Whether a manifest row can be passed over, from its raw bytes and fields: `Some(true)` a
/// ticket in play whose called numbers cannot complete any of the set's prizes, `Some(false)`
/// one not in play; `None` (read it whole) when it may complete one, or its serial or cells are
/// not as housie writes them (the validation path then says what is wrong).
fn passes_over(
    bytes: &[u8],
    fields: &[Range<usize>],
    tickets: &Tickets,
    books: &housie_core::rules::BookRanges,
    set: &housie_core::rules::PrizeSet,
    called: &[u8; 256],
) -> Option<bool> {
    let format = tickets.format;
    let serial = std::str::from_utf8(bytes.get(fields[0].clone())?).ok()?;
    let serial = tickets.numbering.parse(serial).ok()?;
    let mut rows = [(0u8, 0u8); housie_core::domain::format::MAX_CELLS];
    let mut bad = false;
    // Row by row, without a branch on a cell's length (blank, one digit or two, at random, is
    // what a branch predictor cannot learn): this runs for every cell of the manifest.
    let cells = fields.get(3..3 + format.cells())?;
    for (row, cells) in rows.iter_mut().zip(cells.chunks(format.cols())) {
        let (mut have, mut hits) = (0u8, 0u8);
        for cell in cells {
            let len = cell.end.wrapping_sub(cell.start);
            // A cell is followed by the row's later fields, so two bytes from its start exist.
            let (a, b) = (bytes.get(cell.start).copied()?, bytes.get(cell.start + 1).copied()?);
            let (a, b) = (a.wrapping_sub(b'0'), b.wrapping_sub(b'0'));
            let (some, two) = (u8::from(len != 0), u8::from(len == 2));
            // `a`, or `a` tens and `b` units: arithmetic, not a choice.
            let n = a.wrapping_mul(1 + 9 * two).wrapping_add(b & two.wrapping_neg());
            bad |= (len > 2) | (some == 1 && a.wrapping_sub(1) > 8) | (two == 1 && b > 9);
            have += some;
            hits += called[usize::from(n)] & some.wrapping_neg();
        }
        *row = (have, hits);
    }
    if bad {
        return None;
    }
    let rows = &rows[..format.rows()];
    if rows.iter().enumerate().any(|(r, &(have, _))| usize::from(have) != format.row_count(r)) {
        return None;
    }
    if !books.holds(serial.book(), serial.ticket()) {
        return Some(false);
    }
    let may = set.prizes().iter().any(|p| p.pattern().may_complete(format, rows, p.need()));
    (!may).then_some(true)
}

/// 1 for each number called, 0 for every other byte: a cell's number looked up without a
/// bound's branch.
fn called_table(calls: &housie_core::rules::Calls) -> [u8; 256] {
    std::array::from_fn(|n| u8::from(u8::try_from(n).is_ok_and(|n| calls.at(n).is_some())))
}

/// What a stretch of the manifest's rows shows; stretches merge in order.
struct Tally {
    /// Tickets in play and genuine.
    counted: u64,
    /// For each prize, a bit for each call at which a ticket completed it.
    completed: Vec<u128>,
    /// For each prize and call, the serials that completed it there, in manifest order.
    by_call: Vec<Vec<Vec<Serial>>>,
    /// For each prize won on a sheet, each sheet by its book and first ticket: how many of its
    /// tickets are in play, and the call that completed it on all of those (`None`: not yet).
    sheets: Vec<BTreeMap<(u64, u8), SheetSoFar>>,
}

/// A sheet's tickets in play so far, and the call that completed its prize on all of them
/// (`None`: not yet).
type SheetSoFar = (usize, Option<u8>);

impl Tally {
    /// Where `row`'s ticket completed each prize: a call for a prize won on one ticket, a
    /// sheet's so far for a prize won on a sheet.
    fn add(&mut self, set: &housie_core::rules::PrizeSet, row: &Row, calls: &housie_core::rules::Calls) {
        let at = calls_of(&row.ticket, |n| calls.at(n).unwrap_or(0));
        for (i, prize) in set.prizes().iter().enumerate() {
            let done = prize.pattern().rule(&row.ticket, prize.need()).completed_at(&at);
            if let Some(sheet) = prize.sheet() {
                // A sheet's tickets may fall in two stretches: kept by sheet, settled after.
                let first = *sheet.of(row.serial.ticket()).start();
                let (count, at) = self.sheets[i].entry((row.serial.book(), first)).or_insert((0, Some(0)));
                *count += 1;
                *at = Sheet::together(*at, done);
            } else if let Some(k) = done {
                self.completed[i] |= 1 << k;
                self.by_call[i][usize::from(k)].push(row.serial);
            }
        }
    }

    fn merge(&mut self, later: Tally) {
        self.counted += later.counted;
        for (mine, theirs) in self.completed.iter_mut().zip(later.completed) {
            *mine |= theirs;
        }
        for (mine, theirs) in self.by_call.iter_mut().flatten().zip(later.by_call.into_iter().flatten()) {
            mine.extend(theirs);
        }
        for (mine, theirs) in self.sheets.iter_mut().zip(later.sheets) {
            for (key, (count, at)) in theirs {
                let (c, a) = mine.entry(key).or_insert((0, Some(0)));
                *c += count;
                *a = Sheet::together(*a, at);
            }
        }
    }

    /// Counts each whole sheet in play as one winner of its prize, by its first ticket's serial,
    /// at the call that completed it on the last of its tickets.
    fn settle_sheets(&mut self, set: &housie_core::rules::PrizeSet, numbering: housie_core::domain::Numbering) {
        for (i, prize) in set.prizes().iter().enumerate() {
            let Some(sheet) = prize.sheet() else { continue };
            for (&(book, first), &(count, at)) in &self.sheets[i] {
                let (Some(k), true) = (at, count == sheet.tickets()) else { continue };
                if let Some(serial) = numbering.serial(book, first) {
                    self.completed[i] |= 1 << k;
                    self.by_call[i][usize::from(k)].push(serial);
                }
            }
        }
    }
}

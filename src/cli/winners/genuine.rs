//! The winners re-drawn from the seed, and only they: a forged row (numbers the seed did not
//! draw) can change who won only if it wins, so re-drawing the few tickets at each place's call
//! answers as re-drawing every book would, in a fraction of the time.

use std::collections::HashSet;

use housie_core::rules::standings::place_calls;
use housie_core::rules::{PrizeSet, Sheet};
use housie_core::{Error, Serial};
use housie_night::audit::tickets::{Redrawer, Tickets};

/// Leaves out of `completed` and `by_call` (for each prize, the calls at which a ticket
/// completed it, and who) every winner whose manifest row the seed did not draw, a sheet with
/// any such ticket on it, until every place is won by genuine tickets; returns the forged
/// tickets found, in serial order. Without a run record nothing can be re-drawn: none.
pub fn leave_out_forged(
    tickets: &Tickets,
    set: &PrizeSet,
    completed: &mut [u128],
    by_call: &mut [Vec<Vec<Serial>>],
) -> Result<Vec<Serial>, Error> {
    let Some(redrawer) = tickets.redrawer() else { return Ok(Vec::new()) };
    let mut judge = Judge { tickets, redrawer, genuine: HashSet::new(), forged: Vec::new() };
    loop {
        let found = judge.forged.len();
        for (i, calls) in place_calls(set, completed).iter().enumerate() {
            let sheet = set.prizes()[i].sheet();
            for k in calls.iter().map(|&k| usize::from(k)) {
                let mut kept = Vec::new();
                for serial in std::mem::take(&mut by_call[i][k]) {
                    if judge.genuine(serial, sheet)? {
                        kept.push(serial);
                    }
                }
                if kept.is_empty() {
                    completed[i] &= !(1u128 << k);
                }
                by_call[i][k] = kept;
            }
        }
        // A forged winner found moves its places to the next tickets: judge those too.
        if judge.forged.len() == found {
            let mut forged = judge.forged;
            forged.sort_by_key(|s| (s.book(), s.ticket()));
            return Ok(forged);
        }
    }
}

/// Re-draws each ticket once, remembering which were genuine and which forged.
struct Judge<'a> {
    tickets: &'a Tickets,
    redrawer: Redrawer,
    genuine: HashSet<Serial>,
    forged: Vec<Serial>,
}

impl Judge<'_> {
    /// Whether `serial` (and every ticket of its sheet, for a prize won on a sheet) is as the
    /// seed drew it.
    fn genuine(&mut self, serial: Serial, sheet: Option<Sheet>) -> Result<bool, Error> {
        let mut whole = true;
        for t in sheet.map_or(serial.ticket()..=serial.ticket(), |s| s.of(serial.ticket())) {
            let Some(ticket) = self.tickets.numbering.serial(serial.book(), t) else { continue };
            if self.forged.contains(&ticket) {
                whole = false;
            } else if !self.genuine.contains(&ticket) {
                match self.tickets.find(ticket)? {
                    Some(row) if !self.redrawer.genuine(&row) => {
                        self.forged.push(ticket);
                        whole = false;
                    }
                    _ => {
                        self.genuine.insert(ticket);
                    }
                }
            }
        }
        Ok(whole)
    }
}

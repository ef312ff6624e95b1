//! The winners re-drawn from the seed, and only they: a forged row (numbers the seed did not
//! draw) can change who won only if it wins, so re-drawing the few tickets at each place's call
//! answers as re-drawing every book would, in a fraction of the time.

use std::collections::HashSet;

use housie_core::rules::standings::place_calls;
use housie_core::rules::PrizeSet;
use housie_core::{Error, Serial};
use housie_night::audit::tickets::Tickets;

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
    let Some(mut redrawer) = tickets.redrawer() else { return Ok(Vec::new()) };
    let (mut genuine, mut forged) = (HashSet::new(), Vec::<Serial>::new());
    loop {
        let mut more = false;
        for (i, calls) in place_calls(set, completed).iter().enumerate() {
            let sheet = set.prizes()[i].sheet();
            for k in calls.iter().map(|&k| usize::from(k)) {
                let mut kept = Vec::new();
                for serial in std::mem::take(&mut by_call[i][k]) {
                    let on = sheet.map_or(serial.ticket()..=serial.ticket(), |s| s.of(serial.ticket()));
                    let mut whole = true;
                    for t in on {
                        let Some(ticket) = tickets.numbering.serial(serial.book(), t) else { continue };
                        if forged.contains(&ticket) {
                            whole = false;
                        } else if !genuine.contains(&ticket) {
                            match tickets.find(ticket)? {
                                Some(row) if !redrawer.genuine(&row) => {
                                    forged.push(ticket);
                                    (whole, more) = (false, true);
                                }
                                _ => {
                                    genuine.insert(ticket);
                                }
                            }
                        }
                    }
                    if whole {
                        kept.push(serial);
                    }
                }
                if kept.is_empty() {
                    completed[i] &= !(1u128 << k);
                }
                by_call[i][k] = kept;
            }
        }
        if !more {
            forged.sort_by_key(|s| (s.book(), s.ticket()));
            return Ok(forged);
        }
    }
}

//! Who wins which place of each prize, from the calls alone: the place calls of a prize are the
//! first distinct calls at which tickets completed it, once it is open (from the first call in a
//! set whose prizes open together; in a set played in order, from the call at which the prize
//! before it had all its places won, so a ticket completing it at that very call can still
//! claim). Tickets completing at the same call share the place. `housie winners` and the
//! planner both use this; the night instead records what the caller confirmed.

use super::prize::{Opens, PrizeSet};

/// Per prize, the calls at which its places were won (at most `places` of them), given for each
/// prize the set of calls at which some ticket completed it (bit k = call k).
pub fn place_calls(set: &PrizeSet, completed: &[u128]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(set.prizes().len());
    let mut opens_at = 0u8;
    for (i, prize) in set.prizes().iter().enumerate() {
        let from = match set.opens() {
            Opens::Together => 0,
            Opens::InOrder => opens_at,
        };
        let mut calls = completed[i] & (!0u128 << from);
        let mut places = Vec::with_capacity(usize::from(prize.places()));
        while calls != 0 && places.len() < usize::from(prize.places()) {
            places.push(calls.trailing_zeros() as u8);
            calls &= calls - 1;
        }
        // The next prize opens when this one has all its places; never, if it does not.
        opens_at = match places.len() == usize::from(prize.places()) {
            true => *places.last().unwrap_or(&0),
            false => 127,
        };
        out.push(places);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_opening_rule() {
        let bits = |calls: &[u8]| calls.iter().fold(0u128, |m, &c| m | 1 << c);
        let uk = PrizeSet::shipped("uk").unwrap();
        // One line first at 12; two lines completed at 11 (cannot be: not open) and 12 and 30.
        let got = place_calls(&uk, &[bits(&[12, 14]), bits(&[11, 12, 30]), bits(&[50])]);
        assert_eq!(got, vec![vec![12], vec![12], vec![50]]);
        let full = PrizeSet::shipped("tambola-full").unwrap();
        let mut completed = vec![0u128; 7];
        completed[6] = bits(&[60, 52, 52, 71, 80]);
        completed[0] = bits(&[9]);
        let got = place_calls(&full, &completed);
        assert_eq!(got[0], vec![9]);
        assert_eq!(got[6], vec![52, 60, 71]);
        assert!(got[1].is_empty());
    }
}

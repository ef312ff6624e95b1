//! Where a game's prizes stand: per prize, the places won so far, each with the call it was won
//! at and the serials the caller confirmed. From that: which prizes are open (all of them from
//! the first call in a Tambola set; in a UK set each when the one before is won), and which
//! place a win now would take. Winners at the same call share a place.

use serde::Serialize;

use super::prize::{Opens, PrizeSet};

/// One place of a prize, won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// How many calls stood when it was won.
    pub call: usize,
    /// The serials that won it, as confirmed by the caller; empty when the caller moved on
    /// without naming one.
    pub winners: Vec<String>,
    /// When it was recorded.
    pub at: String,
}

/// Whether a prize can be won now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// Open: a ticket that completes it with the last call may claim it.
    Open,
    /// Not open yet: the prize before it (in a set played in order) is still being played.
    Waiting,
    /// Every place has been won.
    Won,
}

/// The places won of each prize of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    places: Vec<Vec<Place>>,
}

impl Progress {
    /// Nothing won yet.
    pub fn new(set: &PrizeSet) -> Progress {
        Progress { places: vec![Vec::new(); set.prizes().len()] }
    }

    /// The places won of prize `i`.
    pub fn places(&self, i: usize) -> &[Place] {
        &self.places[i]
    }

    fn full(&self, set: &PrizeSet, i: usize) -> bool {
        self.places[i].len() >= usize::from(set.prizes()[i].places())
    }

    /// Whether prize `i` can be won now.
    pub fn standing(&self, set: &PrizeSet, i: usize) -> Standing {
        if self.full(set, i) {
            Standing::Won
        } else if set.opens() == Opens::InOrder && (0..i).any(|j| !self.full(set, j)) {
            Standing::Waiting
        } else {
            Standing::Open
        }
    }

    /// The place (1-based) that a ticket completing prize `i` with the last of `calls` calls
    /// would take: the next place, or the last one won if it was won at this very call (a tie
    /// shares it). `None` when the prize cannot be won now.
    pub fn place_for(&self, set: &PrizeSet, i: usize, calls: usize) -> Option<usize> {
        match self.places[i].last() {
            Some(last) if last.call == calls && calls > 0 => Some(self.places[i].len()),
            _ => (self.standing(set, i) == Standing::Open).then(|| self.places[i].len() + 1),
        }
    }

    /// The first open prize: the one being played, in a set played in order.
    pub fn current(&self, set: &PrizeSet) -> Option<usize> {
        (0..set.prizes().len()).find(|&i| self.standing(set, i) == Standing::Open)
    }

    /// Whether every place of every prize has been won.
    pub fn all_won(&self, set: &PrizeSet) -> bool {
        (0..set.prizes().len()).all(|i| self.full(set, i))
    }

    /// Whether a place was won at this call (then the call cannot be undone).
    pub fn won_at(&self, calls: usize) -> bool {
        self.places.iter().flatten().any(|p| p.call == calls)
    }

    /// Records a win of prize `i` at `calls` calls (checked first with [`Progress::place_for`]).
    pub fn win(&mut self, i: usize, serial: Option<String>, calls: usize, at: &str) {
        match self.places[i].last_mut() {
            Some(last) if last.call == calls && calls > 0 => last.winners.extend(serial),
            _ => self.places[i].push(Place { call: calls, winners: serial.into_iter().collect(), at: at.to_string() }),
        }
    }

    /// Whether the last win of prize `i` can be taken back at `calls` calls: only before the
    /// next call.
    pub fn can_take_back(&self, i: usize, calls: usize) -> bool {
        self.places[i].last().is_some_and(|p| p.call == calls)
    }

    /// Takes back the last win of prize `i`: its last winner, or the place if that was its only one.
    pub fn take_back(&mut self, i: usize) {
        if let Some(last) = self.places[i].last_mut() {
            if last.winners.len() > 1 {
                last.winners.pop();
            } else {
                self.places[i].pop();
            }
        }
    }
}

/// "1st", "2nd", "3rd", "4th", …
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_open_in_order_and_ties_share() {
        let uk = PrizeSet::shipped("uk").unwrap();
        let mut p = Progress::new(&uk);
        assert_eq!([0, 1, 2].map(|i| p.standing(&uk, i)), [Standing::Open, Standing::Waiting, Standing::Waiting]);
        assert_eq!(p.place_for(&uk, 1, 10), None);
        p.win(0, Some("a".into()), 10, "t");
        assert_eq!(p.standing(&uk, 0), Standing::Won);
        assert_eq!(p.current(&uk), Some(1));
        // A second ticket completing one line at the same call shares the place.
        assert_eq!(p.place_for(&uk, 0, 10), Some(1));
        p.win(0, Some("b".into()), 10, "t");
        assert_eq!(p.places(0)[0].winners, ["a", "b"]);
        assert_eq!(p.place_for(&uk, 0, 11), None);
        assert!(p.won_at(10) && !p.won_at(11));
        p.take_back(0);
        assert_eq!(p.places(0)[0].winners, ["a"]);

        let full = PrizeSet::shipped("tambola-full").unwrap();
        let mut p = Progress::new(&full);
        assert!((0..7).all(|i| p.standing(&full, i) == Standing::Open));
        let house = full.find("full house").unwrap();
        p.win(house, Some("x".into()), 50, "t");
        assert_eq!(p.place_for(&full, house, 52), Some(2));
        p.win(house, Some("y".into()), 52, "t");
        p.win(house, Some("z".into()), 60, "t");
        assert_eq!(p.standing(&full, house), Standing::Won);
        assert_eq!(ordinal(1) + &ordinal(2) + &ordinal(3) + &ordinal(11) + &ordinal(22), "1st2nd3rd11th22nd");
    }
}

//! The prize sets a new game can play, as the desk lists them: each set's name, whether its
//! prizes open together or in order, and each prize's needs and places.

use housie_core::rules::{Opens, PrizeSet};
use serde::Serialize;

/// `{"sets": [{"name", "opens", "prizes": [{"prize", "needs", "places"}]}]}`.
#[derive(Debug, Serialize)]
pub struct PrizeList {
    sets: Vec<SetView>,
}

#[derive(Debug, Serialize)]
struct SetView {
    name: String,
    opens: &'static str,
    prizes: Vec<PrizeView>,
}

#[derive(Debug, Serialize)]
struct PrizeView {
    prize: String,
    needs: String,
    places: u8,
}

impl PrizeList {
    /// The list of `sets`.
    pub fn of(sets: &[PrizeSet]) -> PrizeList {
        let sets = sets
            .iter()
            .map(|s| SetView {
                name: s.name().to_string(),
                opens: match s.opens() {
                    Opens::Together => "together",
                    Opens::InOrder => "in order",
                },
                prizes: s
                    .prizes()
                    .iter()
                    .map(|p| PrizeView { prize: p.name().to_string(), needs: p.describe(), places: p.places() })
                    .collect(),
            })
            .collect();
        PrizeList { sets }
    }
}

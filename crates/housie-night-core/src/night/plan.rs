//! A game's prizes planned before its first call: when each is likely won and how often it is
//! shared, from games played out on the game's own tickets. The desk shows it beside the
//! prizes; `housie serve` and a page's night answer it alike.

use housie_core::generate::Seed;
use housie_core::rules::planner::{self, Plan};
use housie_core::rules::{BookRanges, PrizeSet};

use super::error::CommandError;
use super::event_log::EventLog;
use super::run::NightRun;
use super::state::Night;

impl<L: EventLog> Night<L> {
    /// What game `id` plays, for [`plan`]: its books and its prize set (cloned, so a server can
    /// plan without holding the night).
    pub fn plan_inputs(&self, id: i64) -> Result<(BookRanges, PrizeSet), CommandError> {
        let game = self.game(id)?;
        Ok((game.books.clone(), game.set.clone()))
    }
}

/// The plan of game `id` playing `set` on the tickets of `books`: about a second of work on
/// two cores however many tickets (fewer games played out for more tickets), seeded by the
/// game's number so the same game always shows the same figures.
pub fn plan(run: &NightRun, id: i64, books: &BookRanges, set: &PrizeSet) -> Plan {
    let tickets = run.tickets_in(books);
    let games = (6_000_000 / tickets.len().max(1)).clamp(200, 2_000);
    planner::plan(&tickets, set, games, &Seed::from_text(&format!("plan of game {id}")))
}

//! The rules of play, shared by the night, `housie check`, `housie winners` and `housie plan`:
//! the calls, prizes as data (a pattern each, defined once in [`pattern`]), prize sets, which
//! prizes are open and who won which place, the books in play, and the one path that settles a
//! claim ([`verdict`]).

pub mod books;
pub mod calls;
pub mod number_set;
pub mod pattern;
pub mod planner;
pub mod prize;
pub mod progress;
pub mod sheet;
pub mod standings;
pub mod verdict;

pub use books::BookRanges;
pub use calls::{marked_grid, Calls, CallsError};
pub use number_set::NumberSet;
pub use prize::{Opens, Prize, PrizeSet, PrizeSetError};
pub use progress::{Progress, Standing};
pub use sheet::Sheet;
pub use verdict::{judge, judge_held, Held, Judgement, PrizeCheck, PrizeState, Refusal, Verdict};

/// The ticket the unit tests of this part share. Rows: [1 21 41 61 81], [12 32 52 72 82],
/// [3 13 33 63 73].
#[cfg(test)]
pub(crate) fn example_ticket() -> crate::domain::Ticket {
    crate::domain::Ticket::from_grid([
        [1, 0, 21, 0, 41, 0, 61, 0, 81],
        [0, 12, 0, 32, 0, 52, 0, 72, 82],
        [3, 13, 0, 33, 0, 0, 63, 73, 0],
    ])
    .unwrap()
}

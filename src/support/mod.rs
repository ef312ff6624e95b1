//! Leaf helpers that know no housie type: the message catalogues, dates, digests, files written
//! whole, the one reader of typed numbers, the parallel map the generator and the planner share,
//! and reading ahead on a thread of its own.

pub mod catalogue;
pub mod date;
pub mod digest;
pub mod files;
pub mod number;
pub mod parallel;

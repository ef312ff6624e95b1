//! Leaf helpers that know no housie type: the message catalogues, dates, digests, the one reader of typed numbers, and the parallel maps the generator, the planner and
//! `winners` share.

pub mod catalogue;
pub mod date;
pub mod digest;
pub mod number;
pub mod parallel;
pub mod said;

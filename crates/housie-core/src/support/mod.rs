//! Leaf helpers that know no housie type: the message catalogues, dates, digests, the one reader of typed numbers, the parallel maps the generator, the planner and
//! `winners` share, and a picture made smaller in whole numbers.

pub mod catalogue;
pub mod date;
pub mod digest;
pub mod number;
pub mod parallel;
pub mod resample;
pub mod said;

//! A message as the catalogues say it (`messages/*.ftl`): its id and placeables, carried beside
//! housie's English sentence so that a page shows it in its own language.

use std::collections::BTreeMap;

/// A catalogue message: its id and its placeables' values (strings, so a page shows them as
/// housie wrote them).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Said {
    /// The message's id, e.g. `refused-already-called`.
    pub id: &'static str,
    /// Its placeables' values.
    pub args: BTreeMap<&'static str, String>,
}

impl Said {
    /// Message `id` with these placeables.
    pub fn new<const N: usize>(id: &'static str, args: [(&'static str, String); N]) -> Said {
        Said { id, args: args.into_iter().collect() }
    }
}

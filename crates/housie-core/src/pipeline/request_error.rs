//! Why a request cannot be drawn as asked, in the settings' own words: a type of its own, so
//! that the library's [`crate::error::Error`] can gather it without naming the policy that
//! makes it.

/// A run's request that cannot be drawn as asked, in the settings' own words; the CLI names
/// its flags instead, the studio its fields.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// An empty seed.
    #[error("the seed is empty: give some text, or none for a seed nobody can guess")]
    EmptySeed,
    /// A continuation of booklets asked for plain books.
    #[error("the earlier run is booklets of {games} games; continue it with booklets")]
    ContinueWithBooklets {
        /// Its games per booklet.
        games: u16,
    },
    /// A continuation of plain books asked for booklets.
    #[error("the earlier run has no booklets; continue it with books")]
    ContinueWithBooks,
    /// A continuation asked for other games per booklet than its chain's.
    #[error("the earlier run's booklets have {earlier} games, not {asked}")]
    OtherGames {
        /// The chain's.
        earlier: u16,
        /// Asked for.
        asked: u16,
    },
    /// Booklets without games.
    #[error("booklets need a number of games")]
    NoGames,
    /// A look that prints another card than the one asked for.
    #[error("the look `{look}` prints {prints} cards, not {asked}; leave out the look for housie's own, or give one that prints {asked}")]
    OtherCard {
        /// The look.
        look: String,
        /// The card format it prints.
        prints: &'static str,
        /// The card asked for.
        asked: String,
    },
    /// `--on N` with no look of housie's for N faces a sheet, and no template given.
    #[error("housie ships no look of {on} 75-ball faces a sheet (its looks: bingo-1, bingo-2, bingo-3, bingo-4); give a template of your own whose [layout] says card = \"75-ball\" and has {on} slots")]
    NoLookFor {
        /// The faces a sheet asked for.
        on: usize,
    },
    /// `--strips` on a look whose sheets are not three 75-ball faces.
    #[error(
        "strips are sheets of three 75-ball faces, and this look prints {prints} cards; give --on 3 or a 3-on look"
    )]
    NoStrips {
        /// The card format the look prints.
        prints: &'static str,
    },
    /// More books than a number holds.
    #[error("{booklets} booklets of {games} games is too many books")]
    TooManyBooks {
        /// Booklets asked for.
        booklets: u64,
        /// Games each.
        games: u16,
    },
}

impl RequestError {
    /// The same as a catalogue message, in a form's words, for a page in its language.
    pub fn said(&self) -> crate::support::said::Said {
        use crate::support::said::Said;
        match self {
            RequestError::EmptySeed => Said::new("request-empty-seed", []),
            RequestError::ContinueWithBooklets { games } => {
                Said::new("request-continue-with-booklets", [("games", games.to_string())])
            }
            RequestError::ContinueWithBooks => Said::new("request-continue-with-books", []),
            RequestError::OtherGames { earlier, asked } => {
                Said::new("request-other-games", [("earlier", earlier.to_string()), ("asked", asked.to_string())])
            }
            RequestError::NoGames => Said::new("design-games", []),
            RequestError::OtherCard { look, prints, asked } => Said::new(
                "request-other-card",
                [("look", look.clone()), ("prints", prints.to_string()), ("asked", asked.clone())],
            ),
            RequestError::NoLookFor { on } => Said::new("request-no-look", [("on", on.to_string())]),
            RequestError::NoStrips { prints } => Said::new("request-no-strips", [("prints", prints.to_string())]),
            RequestError::TooManyBooks { booklets, games } => {
                Said::new("request-too-many-books", [("booklets", booklets.to_string()), ("games", games.to_string())])
            }
        }
    }
}

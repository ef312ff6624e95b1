//! The placeholders a template's texts hold (`{title}`, `{book}` …), and filling them for a page.

/// Placeholders the header and footer text may use.
pub const PLACEHOLDERS: [&str; 9] =
    ["{title}", "{book}", "{page}", "{pages}", "{booklet}", "{game}", "{colour}", "{part}", "{parts}"];

/// Values for the placeholders on one page.
pub struct Fill<'a> {
    /// The event's title (`--title`).
    pub title: &'a str,
    /// The book's number (`12–13` on a page of two).
    pub book: String,
    /// The page's number within its file.
    pub page: u64,
    /// Pages in the file.
    pub pages: u64,
    /// The book's booklet and game (its own number and 1 without booklets), and the game's
    /// colour name.
    pub booklet: String,
    /// The book's game in its booklet.
    pub game: u16,
    /// The game's colour name.
    pub colour: &'a str,
    /// Which page of its book this is, of how many (1 of 1 unless large print).
    pub part: usize,
    /// Pages one book takes.
    pub parts: usize,
}

/// Replaces the placeholders in `text`.
pub fn fill(text: &str, f: &Fill) -> String {
    text.replace("{title}", f.title)
        .replace("{book}", &f.book)
        .replace("{parts}", &f.parts.to_string())
        .replace("{part}", &f.part.to_string())
        .replace("{pages}", &f.pages.to_string())
        .replace("{page}", &f.page.to_string())
        .replace("{booklet}", &f.booklet)
        .replace("{game}", &f.game.to_string())
        .replace("{colour}", f.colour)
}

//! A run's settings: every option that shapes its files besides the seed. One type with one
//! `Default`: the CLI's defaults come from it, run.json embeds it, and `verify` rebuilds the
//! run from it. Adding an option is a field here and its use.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::domain::Numbering;
use crate::print::pages::VolumePlan;
use crate::support::said::Said;

/// The largest book number: twelve digits, so every serial reads back (a serial's number has
/// at most 19 digits, and people read twelve aloud more easily).
pub const MAX_BOOK_NUMBER: u64 = 999_999_999_999;

/// A run's settings: every option that shapes its files besides the seed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Books in the run (one book = six tickets = one page).
    pub books: u64,
    /// The first book's number.
    pub first_book: u64,
    /// Let two tickets share a line (by default no line repeats in a run).
    pub allow_duplicate_lines: bool,
    /// Keep lines unique within blocks of this many books rather than across the whole run
    /// (`--unique-lines-per`): a plain run larger than 10,000 books chooses this or duplicate
    /// lines. `None` (not written): unique across the run, as every run before housie 0.6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_lines_per: Option<u64>,
    /// Pages per PDF file when the run is split into volumes (`books-0001.pdf`, …); `None`
    /// (the default) writes one `books.pdf` however large the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub books_per_file: Option<u64>,
    /// Games per booklet: the run is `books / games` booklets, book `k` being game
    /// `(k − 1) mod games + 1` of its booklet; `None` for plain books.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u16>,
    /// How pages are ordered into files (booklets only).
    #[serde(default, skip_serializing_if = "Order::is_default")]
    pub order: Order,
    /// Two pages a sheet for cutting and stacking (`None`: a page a sheet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impose: Option<Impose>,
    /// The event's name, for the page header.
    pub title: String,
    /// A shipped template's name, or a TOML file's path.
    pub template: String,
    /// A TrueType font file (absolute once resolved); `None` for the bundled font.
    pub font: Option<PathBuf>,
    /// Bleed around the trim, mm.
    pub bleed_mm: f32,
    /// Crop marks outside the bleed.
    pub crop_marks: bool,
    /// A line printed in place of the template's footer (`--subtitle`, the studio's subtitle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// The language of the paper's own words (`--lang hi`): the serials' `No.`, the shipped
    /// templates' texts (`Book {book}`, `Booklet {booklet} · Game {game} · {colour}` …) and
    /// the shipped colours' names, from that catalogue; `None` (every run before 0.13), English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// A logo on every page (`--logo`, a template's `[logo]`, or the studio's upload).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<LogoSettings>,
    /// Where phones reach the player page on the night (`--player-url`): a template whose QR
    /// codes hold a link prints `{player_url}/p/{serial}` on each ticket. `None` (not written)
    /// for none, as every run before housie 0.12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_url: Option<crate::domain::PlayerUrl>,
    /// The prize set the night plays (`tambola`), as the studio or the page designed it: the
    /// desk's first choice when `housie serve` opens the run. `None` (not written) for the UK
    /// set, the desk's own default, and for every run before housie 0.14.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prizes: Option<String>,
    /// The night's money (`INR`), as designed: what `housie serve` keeps the ledger in unless
    /// told otherwise. `None` (not written) for pounds, and for every run before housie 0.14.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// 75-ball strips (`--strips`): a sheet's three faces share no number. `false` (not
    /// written) for faces drawn each on its own, and for every run before housie 0.16.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strips: bool,
}

/// A logo on every page: which image, how high and where.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LogoSettings {
    /// The PNG or JPEG file (absolute once resolved, so `verify` finds it from any folder).
    pub file: PathBuf,
    /// SHA-256 of the file: an image changed since the run is noticed.
    #[serde(default)]
    pub sha256: String,
    /// Printed height, mm (its width follows the image's proportions).
    pub height_mm: f32,
    /// Where on the page it goes.
    #[serde(default)]
    pub position: crate::print::logo::LogoPosition,
}

/// The shortest and tallest logo, mm.
pub const LOGO_HEIGHT_MM: std::ops::RangeInclusive<f32> = 3.0..=60.0;

impl Settings {
    /// What the drawer needs of these settings, drawing with `generator`: one place for
    /// generate, the studio and verify's check of the manifest's lines.
    pub fn run_options(&self, generator: crate::generate::GeneratorVersion) -> crate::generate::RunOptions {
        crate::generate::RunOptions {
            books: self.books,
            first_book: self.first_book,
            allow_duplicate_lines: self.allow_duplicate_lines,
            unique_lines_per: self.unique_lines_per,
            games: self.games,
            generator,
            format: &crate::domain::NINETY_BALL,
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            books: 1,
            first_book: 1,
            allow_duplicate_lines: false,
            unique_lines_per: None,
            books_per_file: None,
            games: None,
            order: Order::Booklets,
            impose: None,
            title: "Bingo".to_string(),
            template: "classic".to_string(),
            font: None,
            bleed_mm: 0.0,
            crop_marks: false,
            subtitle: None,
            lang: None,
            logo: None,
            player_url: None,
            prizes: None,
            currency: None,
            strips: false,
        }
    }
}

/// How a run of booklets is printed.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Booklet 1's pages in game order, then booklet 2's, …: ready to staple, each game in its
    /// colour.
    #[default]
    Booklets,
    /// One file per game (`game-01.pdf`, …), pages in booklet order, in black only, for
    /// printing each game on its own coloured paper.
    Games,
}

impl Order {
    fn is_default(&self) -> bool {
        *self == Order::Booklets
    }

    /// Whether booklets printed in this order on a look of `books_per_page` would put games of
    /// different colours on one sheet (refused: the design says so, and so does the engine).
    pub fn mixes_games(self, booklets: bool, books_per_page: usize) -> bool {
        booklets && self == Order::Booklets && books_per_page > 1
    }
}

/// How pages are imposed on sheets.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impose {
    /// Two pages side by side (A4 pages on A3, or SRA3 with bleed and marks), in cut-and-stack
    /// order: sheet k holds page k and page S + k of S sheets.
    #[serde(rename = "2up")]
    TwoUp,
}

/// A setting out of range, worded in the settings' own names (`books_per_file must be at
/// least 1`); the CLI names the flag instead, the studio the form's field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field} {problem}")]
pub struct SettingsError {
    /// The field of [`Settings`].
    pub field: Setting,
    /// What is wrong with it, as the command line says it after its flag.
    pub problem: String,
    /// The same as a catalogue message, in a form's words (no flag), for the studio and the
    /// page in their language.
    pub said: Said,
}

/// A field of [`Settings`] that can be out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Setting {
    /// `books`.
    Books,
    /// `first_book`.
    FirstBook,
    /// `books_per_file`.
    BooksPerFile,
    /// `games`.
    Games,
    /// `order`.
    Order,
    /// `logo` (its height).
    Logo,
    /// `bleed_mm`.
    BleedMm,
    /// `lang`.
    Lang,
    /// `impose`.
    Impose,
    /// `prizes`.
    Prizes,
    /// `currency`.
    Currency,
}

impl std::fmt::Display for Setting {
    /// As run.json names it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Setting::Books => "books",
            Setting::FirstBook => "first_book",
            Setting::BooksPerFile => "books_per_file",
            Setting::Games => "games",
            Setting::Order => "order",
            Setting::Logo => "logo",
            Setting::BleedMm => "bleed_mm",
            Setting::Lang => "lang",
            Setting::Impose => "impose",
            Setting::Prizes => "prizes",
            Setting::Currency => "currency",
        })
    }
}

/// Most games a booklet holds (the serial's game stays two digits at most).
pub const MAX_GAMES: u16 = 99;

/// Most bleed a page takes, mm.
pub const MAX_BLEED_MM: f32 = 20.0;

impl Settings {
    /// How serials are written: by booklet and game, or by book.
    pub fn numbering(&self) -> Numbering {
        self.games.and_then(Numbering::booklets).unwrap_or(Numbering::BOOKS)
    }

    /// The pages' order into files.
    /// How the run's books go into files and pages, on the template's `layout`.
    pub fn pages(&self, layout: &crate::print::template::LayoutSpec) -> VolumePlan {
        VolumePlan {
            tickets_per_page: layout.tickets_per_page(),
            tickets_per_book: layout.tickets_per_book(),
            books: self.books,
            per_file: self.per_file(),
            numbering: self.numbering(),
            by_game: self.order == Order::Games && self.games.is_some(),
        }
    }

    /// Pages in each PDF file but the last.
    pub fn per_file(&self) -> u64 {
        self.books_per_file.unwrap_or(self.books).max(1)
    }

    /// Checks every field on its own (the run's size against what can be drawn is the
    /// drawer's to check).
    pub fn check(&self) -> Result<(), SettingsError> {
        let bad = |field, problem: String, said: Said| Err(SettingsError { field, problem, said });
        if self.books == 0 {
            return bad(Setting::Books, "must be at least 1".into(), Said::new("design-one-book", []));
        }
        if self.first_book == 0 {
            return bad(Setting::FirstBook, "must be at least 1".into(), Said::new("settings-first-book", []));
        }
        match self.first_book.checked_add(self.books - 1) {
            Some(last) if last <= MAX_BOOK_NUMBER => {}
            _ => {
                return bad(
                    Setting::Books,
                    format!("would number books past {MAX_BOOK_NUMBER}, the largest a serial holds"),
                    Said::new("settings-past-largest", [("max", MAX_BOOK_NUMBER.to_string())]),
                )
            }
        }
        if let Some(lang) = &self.lang {
            if crate::support::catalogue::Catalogue::of(lang).is_none() {
                let have: Vec<&str> = crate::support::catalogue::catalogues().iter().map(|c| c.lang.as_str()).collect();
                let lang = crate::domain::text::clip(lang, 20);
                return bad(
                    Setting::Lang,
                    format!("is `{lang}`, a language housie has no words in; it has {}", have.join(", ")),
                    Said::new("settings-lang", [("lang", lang), ("have", have.join(", "))]),
                );
            }
        }
        if self.books_per_file == Some(0) {
            return bad(Setting::BooksPerFile, "must be at least 1".into(), Said::new("settings-books-per-file", []));
        }
        self.check_games()?;
        self.check_print()?;
        self.check_night()
    }

    /// What the night plays and counts in: a prize set housie has, a currency's code.
    fn check_night(&self) -> Result<(), SettingsError> {
        let bad = |field, problem: String, said: Said| Err(SettingsError { field, problem, said });
        if let Some(prizes) = self.prizes.as_deref().filter(|p| crate::rules::PrizeSet::shipped(p).is_none()) {
            let names: Vec<&str> = crate::rules::prize::SHIPPED.iter().map(|(n, _)| *n).collect();
            let names = names.join(", ");
            let prizes = crate::domain::text::clip(prizes, 30);
            return bad(
                Setting::Prizes,
                format!("is `{prizes}`, a prize set housie does not have; it has {names}"),
                Said::new("settings-prizes", [("prizes", prizes), ("names", names)]),
            );
        }
        if let Some(code) =
            self.currency.as_deref().filter(|c| c.len() != 3 || !c.bytes().all(|b| b.is_ascii_uppercase()))
        {
            let code = crate::domain::text::clip(code, 12);
            return bad(
                Setting::Currency,
                format!("is `{code}`; give the currency's three-letter code: GBP, INR, EUR, USD…"),
                Said::new("settings-currency", [("currency", code)]),
            );
        }
        Ok(())
    }

    /// The games of a booklet, and what they ask of the count, the numbering and the order.
    fn check_games(&self) -> Result<(), SettingsError> {
        let bad = |field, problem: String, said: Said| Err(SettingsError { field, problem, said });
        if let Some(games) = self.games {
            if games == 0 || games > MAX_GAMES {
                return bad(
                    Setting::Games,
                    format!("is {games}; a booklet holds 1 to {MAX_GAMES} games"),
                    Said::new("settings-games", [("games", games.to_string()), ("max", MAX_GAMES.to_string())]),
                );
            }
            let g = u64::from(games);
            if !self.books.is_multiple_of(g) {
                return bad(
                    Setting::Books,
                    format!("is {}, not a whole number of booklets of {games} games", self.books),
                    Said::new("settings-whole-booklets", [("books", self.books.to_string()), ("games", g.to_string())]),
                );
            }
            if !(self.first_book - 1).is_multiple_of(g) {
                let (first, second, third) =
                    (self.first_book.to_string(), (g + 1).to_string(), (2 * g + 1).to_string());
                return bad(
                    Setting::FirstBook,
                    format!("is {first}; with {games} games a booklet starts at book 1, {second}, {third}, …"),
                    Said::new(
                        "settings-booklet-start",
                        [("first", first), ("games", g.to_string()), ("second", second), ("third", third)],
                    ),
                );
            }
            if self.order == Order::Games && self.books_per_file.is_some() {
                return bad(
                    Setting::BooksPerFile,
                    "cannot split files when each game has its own file".into(),
                    Said::new("settings-split-games", []),
                );
            }
        } else if self.order == Order::Games {
            return bad(
                Setting::Order,
                "is `games`, which needs booklets of games".into(),
                Said::new("settings-order-needs-booklets", []),
            );
        }
        Ok(())
    }

    /// The logo's height and the bleed.
    fn check_print(&self) -> Result<(), SettingsError> {
        let bad = |field, problem: String, said: Said| Err(SettingsError { field, problem, said });
        if let Some(logo) = &self.logo {
            if !LOGO_HEIGHT_MM.contains(&logo.height_mm) {
                let (min, max) = (LOGO_HEIGHT_MM.start(), LOGO_HEIGHT_MM.end());
                return bad(
                    Setting::Logo,
                    format!("is {} mm high; a logo is {min} to {max} mm high", logo.height_mm),
                    Said::new(
                        "settings-logo-height",
                        [("height", logo.height_mm.to_string()), ("min", min.to_string()), ("max", max.to_string())],
                    ),
                );
            }
        }
        if !(0.0..=MAX_BLEED_MM).contains(&self.bleed_mm) {
            return bad(
                Setting::BleedMm,
                format!("is {} mm; it must be between 0 and {MAX_BLEED_MM}", self.bleed_mm),
                Said::new("settings-bleed", [("bleed", self.bleed_mm.to_string()), ("max", MAX_BLEED_MM.to_string())]),
            );
        }
        Ok(())
    }
}

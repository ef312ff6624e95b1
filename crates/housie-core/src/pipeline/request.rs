//! What someone asks to print, however they asked — the CLI's flags, the studio's design, a
//! page's form — and the one place housie decides what they left unsaid: the seed (theirs, or
//! one nobody can guess; a continuation's is its chain's), how a continuation looks (as the
//! run it continues, unless told), the bleed a page whose colour reaches its edge gets, where
//! a logo placed by no one goes, and what the organiser should be told before printing
//! ([`Note`]). No front door decides any of these itself.

use std::path::PathBuf;

use crate::domain::format::Card;
use crate::domain::PlayerUrl;
use crate::error::Error;
use crate::export::pdf::StyleError;
use crate::generate::{Seed, SeedKind, UNIFORM_UNIQUE_LINE_BOOKS};
use crate::print::layout::SAFE_MM;
use crate::print::logo::{LogoPosition, GOOD_PPI};
use crate::record::continuation::Continuation;
use crate::support::date::RunDate;
use crate::world::World;

use super::request_error::RequestError;
use super::{GeneratePlan, Impose, LogoSettings, Order, Settings};

/// The bleed a page whose colour reaches the trim gets unless told otherwise, mm.
pub const DEFAULT_BLEED_MM: f32 = 3.0;

/// A logo's height unless told, mm.
pub const DEFAULT_LOGO_MM: f32 = 12.0;

/// How many books a run holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Plain books.
    Books(u64),
    /// Booklets, each one book per game (a continuation takes its games from its chain).
    Booklets {
        /// How many booklets.
        booklets: u64,
        /// Games per booklet.
        games: Option<u16>,
    },
}

/// Where a run's seed comes from (a continuation draws with its chain's, whatever is asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedChoice {
    /// Text the organiser chose: anyone who guesses it can recompute every ticket.
    Text(String),
    /// 256 bits of entropy (the operating system's, or the browser's): nobody can guess it.
    Random([u8; 32]),
}

/// How a plain run keeps its lines apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// No line repeats in the run (the default; up to 10,000 books).
    Unique,
    /// No line repeats within each block of this many books.
    UniquePer(u64),
    /// Lines may repeat: every book independent and uniform.
    Repeat,
}

/// A logo asked for: its file, and how high and where, if said.
#[derive(Clone, Debug, PartialEq)]
pub struct LogoAsked {
    /// The PNG or JPEG file.
    pub file: PathBuf,
    /// Its printed height, mm (unsaid: 12, or less where it first fits).
    pub height_mm: Option<f32>,
    /// Where it goes (unsaid: the header's middle, or where it first fits).
    pub position: Option<LogoPosition>,
}

/// A run asked for. Every `None` is decided by [`Request::plan`]: a continuation's as the
/// run it continues has it, anything else as a new run's default.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// How many books.
    pub size: Size,
    /// The seed.
    pub seed: SeedChoice,
    /// The first book's number (a continuation's follows its chain).
    pub first_book: Option<u64>,
    /// How lines are kept apart (a continuation's as its chain's).
    pub lines: Option<Lines>,
    /// How a run of booklets goes into files.
    pub order: Order,
    /// Pages per PDF file (one file when unsaid).
    pub books_per_file: Option<u64>,
    /// Two pages a sheet.
    pub impose: Option<Impose>,
    /// The event's name.
    pub title: Option<String>,
    /// A line in place of the template's footer (an empty one: none).
    pub subtitle: Option<String>,
    /// The language of the paper's own words (`None`: English).
    pub lang: Option<String>,
    /// A shipped template's name, or a TOML file's path.
    pub template: Option<String>,
    /// The card asked for (`--card 75-ball --on 3`): with no template, the shipped look that
    /// prints it; with one, a look that prints it. `None`: the template's card.
    pub card: Option<CardAsked>,
    /// A TrueType or OpenType font file.
    pub font: Option<PathBuf>,
    /// A logo on every page.
    pub logo: Option<LogoAsked>,
    /// Bleed around the trim, mm.
    pub bleed_mm: Option<f32>,
    /// Crop marks outside the bleed (a continuation's too when its run had them).
    pub crop_marks: bool,
    /// Where phones reach the player page on the night.
    pub player_url: Option<PlayerUrl>,
    /// The prize set the night plays, when not the UK set.
    pub prizes: Option<String>,
    /// The night's money, when not pounds.
    pub currency: Option<String>,
    /// The run's date (the PDFs' CreationDate), taken once by whoever starts it.
    pub date: RunDate,
}

/// The card a run is asked to print: a kind, and for 75-ball how many faces a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardAsked {
    /// 90-ball or 75-ball.
    pub card: Card,
    /// Faces a sheet (75-ball's "ON"); `None`: the look's, or 3 with no look.
    pub on: Option<usize>,
    /// Strips: the sheet's three faces share no number (3-on only).
    pub strips: bool,
}

impl CardAsked {
    /// The shipped look that prints it on A4: `classic`, or `bingo-3` for 75-ball 3-on.
    pub fn look(self) -> String {
        match self.card {
            Card::NinetyBall => "classic".to_string(),
            Card::SeventyFiveBall => format!("bingo-{}", self.on.unwrap_or(3)),
        }
    }
}

impl Request {
    /// A request for `size` with `seed` and nothing else said.
    pub fn new(size: Size, seed: SeedChoice) -> Request {
        Request {
            size,
            seed,
            first_book: None,
            lines: None,
            order: Order::Booklets,
            books_per_file: None,
            impose: None,
            title: None,
            subtitle: None,
            lang: None,
            template: None,
            card: None,
            font: None,
            logo: None,
            bleed_mm: None,
            crop_marks: false,
            player_url: None,
            prizes: None,
            currency: None,
            date: RunDate::EPOCH,
        }
    }
}

/// What the organiser should know before printing, decided with the plan; each front door
/// says it in its own words.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A continuation looks as the run it continues, whose title and template these are; the
    /// template as that run's record holds it when its file is not there (`recorded`).
    LooksAsEarlier {
        /// The earlier run's folder.
        dir: PathBuf,
        /// Its title.
        title: String,
        /// Its template.
        template: String,
        /// Whether the template is read from the record, its file being gone.
        recorded: bool,
    },
    /// The seed is text the organiser chose: anyone who guesses it can recompute every ticket.
    GuessableSeed,
    /// The logo was placed where it fits, at this height.
    LogoPlaced {
        /// Where it went.
        position: LogoPosition,
        /// How high, mm.
        height_mm: f32,
    },
    /// The page's colour runs to the trim, so it bleeds [`DEFAULT_BLEED_MM`] past it.
    DefaultBleed,
    /// The page's colour runs to the trim with no bleed: a print shop wants 3 mm.
    ColourToTrim,
    /// Tickets come close to their cuts.
    CutTooClose {
        /// How near, mm.
        nearest_mm: f32,
        /// The room to leave between tickets, mm.
        gap_mm: f32,
    },
    /// The logo prints less sharp than it could.
    LogoResolution {
        /// Pixels per inch at its printed height.
        ppi: f32,
        /// Its printed height, mm.
        height_mm: f32,
    },
    /// A chain that kept every line unique goes on past the uniform limit in blocks of it.
    ContinuedInBlocks,
    /// The logo prints lower than asked: its place leaves it less room, keeping clear of the
    /// cuts.
    LogoLower {
        /// Asked, mm.
        asked_mm: f32,
        /// Printed, mm.
        printed_mm: f32,
    },
}

/// A note in the words of a form (the studio's, the page's): the command line says its own,
/// naming its flags.
impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::LooksAsEarlier { title, template, .. } => {
                write!(f, "the pages look as the run it continues does (title “{title}”, template {template})")
            }
            Note::GuessableSeed => {
                f.write_str("the seed is text you chose: anyone who guesses it can recompute every ticket")
            }
            Note::LogoPlaced { position, height_mm } => {
                write!(f, "the logo goes at the {position}, {height_mm} mm high, where it fits")
            }
            Note::DefaultBleed => f.write_str("the page's colour runs to the trim edge, so it bleeds 3 mm past it"),
            Note::ColourToTrim => {
                f.write_str("the page's colour runs to the trim edge with no bleed: a print shop wants 3 mm")
            }
            Note::CutTooClose { nearest_mm, gap_mm } => write!(
                f,
                "the tickets come within {nearest_mm:.1} mm of the cuts between them, where a print shop keeps \
                 {SAFE_MM} mm clear; leave {gap_mm:.1} mm between tickets (shorter grids, or ticket.gap)"
            ),
            Note::LogoResolution { ppi, height_mm } => write!(
                f,
                "the logo is {ppi:.0} pixels per inch at {height_mm} mm high; {GOOD_PPI:.0} prints sharper"
            ),
            Note::LogoLower { asked_mm, printed_mm } => write!(
                f,
                "the logo prints {printed_mm:.1} mm high, not the {asked_mm} mm asked: its place has no more room clear of \
                 the cuts (choose another place, or a smaller height)"
            ),
            Note::ContinuedInBlocks => f.write_str(
                "the event passes 10,000 books, so its lines are kept unique within blocks of 10,000 books: the books \
                 so far are the first block, and a line may repeat between blocks",
            ),
        }
    }
}

impl Note {
    /// Whether it warns of something to mend (else it only tells what was decided).
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Note::ColourToTrim | Note::CutTooClose { .. } | Note::LogoResolution { .. } | Note::LogoLower { .. }
        )
    }

    /// A warning as a problem beside the field it is about, a catalogue message for a form in
    /// its language; `None` for a note that only tells what was decided.
    pub fn warning(&self) -> Option<super::problem::Problem> {
        use super::form_field::FormField;
        use crate::support::said::Said;
        let mm = |v: f32| format!("{v:.1}");
        let (field, said) = match self {
            Note::ColourToTrim => (FormField::BleedMm, Said::new("note-colour-to-trim", [])),
            Note::CutTooClose { nearest_mm, gap_mm } => (
                FormField::Look,
                Said::new(
                    "note-cut-too-close",
                    [("nearest", mm(*nearest_mm)), ("gap", mm(*gap_mm)), ("safe", SAFE_MM.to_string())],
                ),
            ),
            Note::LogoResolution { ppi, height_mm } => (
                FormField::Logo,
                Said::new(
                    "note-logo-resolution",
                    [
                        ("ppi", format!("{ppi:.0}")),
                        ("height", height_mm.to_string()),
                        ("good", format!("{GOOD_PPI:.0}")),
                    ],
                ),
            ),
            Note::LogoLower { asked_mm, printed_mm } => (
                FormField::Logo,
                Said::new("note-logo-lower", [("asked", asked_mm.to_string()), ("printed", mm(*printed_mm))]),
            ),
            _ => return None,
        };
        Some(super::problem::Problem::catalogued(field, said))
    }
}

/// A plan, and what the organiser should know of it.
#[derive(Clone, Debug)]
pub struct Planned {
    /// The plan.
    pub plan: GeneratePlan,
    /// What to tell, in order.
    pub notes: Vec<Note>,
}

impl Request {
    /// The plan this request makes, continuing `after` if given, with the files its settings
    /// name read from `world`; every decision housie takes on the asker's behalf is made
    /// here, and the notes say what the organiser should know.
    pub fn plan(&self, after: Option<Continuation>, world: &dyn World) -> Result<Planned, Error> {
        let (seed, seed_kind) = self.seed(after.as_ref())?;
        let (books, games) = self.books(after.as_ref())?;
        let look = after.as_ref().map_or_else(Settings::default, |c| c.latest().settings.clone());
        let mut notes = Vec::new();
        if let Some(earlier) = after.as_ref().filter(|_| self.title.is_none() || self.template.is_none()) {
            let recorded = self.template.is_none()
                && !crate::print::template::is_shipped(&look.template)
                && world
                    .read(std::path::Path::new(&look.template), 0)
                    .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound);
            let (title, template) = (look.title.clone(), look.template.clone());
            notes.push(Note::LooksAsEarlier { dir: earlier.dir().to_path_buf(), title, template, recorded });
        }
        if seed_kind == Some(SeedKind::Text) && after.is_none() {
            notes.push(Note::GuessableSeed);
        }
        let settings = self.settings(books, games, after.as_ref(), &look);
        if let Some(on) = self.card.filter(|_| self.template.is_none()).and_then(|c| c.on) {
            if !crate::print::template::is_shipped(&settings.template) {
                return Err(RequestError::NoLookFor { on }.into());
            }
        }
        if after.as_ref().is_some_and(|c| c.unique_lines_per().is_none()) && settings.unique_lines_per.is_some() {
            notes.push(Note::ContinuedInBlocks);
        }
        // A logo whose height or place is unsaid goes where it first fits.
        let fit = self.logo.as_ref().filter(|l| l.height_mm.is_none() || l.position.is_none());
        let mut plan = match GeneratePlan::resolve(seed.clone(), settings.clone(), after.clone(), self.date, world) {
            // A logo placed by no one goes where it first fits.
            Err(Error::Style(StyleError::Logo { .. })) if fit.is_some() => {
                let fixed = fit.map(|l| (l.height_mm, l.position)).expect("a logo to fit");
                let mut plan = GeneratePlan::resolve_unchecked(seed, settings, after, self.date, world)?;
                if plan.fit_logo(fixed) {
                    let l = plan.settings.logo.as_ref().expect("fit_logo keeps the logo");
                    notes.push(Note::LogoPlaced { position: l.position, height_mm: l.height_mm });
                }
                plan.check_design()?;
                plan
            }
            other => other?,
        };
        self.check_card(&plan)?;
        if plan.settings.strips && !plan.card_format().disjoint() {
            return Err(RequestError::NoStrips { prints: plan.card_format().name() }.into());
        }
        plan.seed_kind = seed_kind;
        // Colour cut at the trim leaves white slivers, so a page whose colour reaches the edge
        // gets the usual bleed unless the organiser said otherwise.
        if self.bleed_mm.is_none() && plan.after.is_none() && plan.style().colour_reaches_trim() {
            plan.settings.bleed_mm = DEFAULT_BLEED_MM;
            notes.push(Note::DefaultBleed);
        }
        if plan.style().colour_reaches_trim() {
            notes.push(Note::ColourToTrim);
        }
        let cut = plan.style().cut_too_close();
        notes.extend(cut.map(|(nearest_mm, gap_mm)| Note::CutTooClose { nearest_mm, gap_mm }));
        if let Some((logo, l)) = plan.logo.as_ref().zip(plan.settings.logo.as_ref()) {
            let height_mm = l.height_mm;
            notes.extend(
                logo.check_resolution(height_mm).ok().flatten().map(|ppi| Note::LogoResolution { ppi, height_mm }),
            );
            // Said only of a height the organiser asked for: one left to the plan is printed as
            // high as its place allows, which is what was asked.
            let asked = self.logo.as_ref().and_then(|l| l.height_mm);
            if let Some(printed_mm) = plan.logo_printed_lower().filter(|_| asked.is_some()) {
                notes.push(Note::LogoLower { asked_mm: l.height_mm, printed_mm });
            }
        }
        plan.fit_logo_pixels();
        Ok(Planned { plan, notes })
    }

    /// Refuses a look that does not print the card asked for.
    fn check_card(&self, plan: &GeneratePlan) -> Result<(), RequestError> {
        let Some(asked) = self.card else { return Ok(()) };
        let prints = plan.card_format();
        let same = match asked.card {
            Card::NinetyBall => prints.covers(),
            Card::SeventyFiveBall => !prints.covers() && asked.on.is_none_or(|on| prints.book() == on),
        };
        if same {
            return Ok(());
        }
        let asked = match (asked.card, asked.on) {
            (Card::SeventyFiveBall, Some(on)) => format!("{} {on}-on", asked.card.name()),
            (card, _) => card.name().to_string(),
        };
        Err(RequestError::OtherCard { look: plan.settings.template.clone(), prints: prints.name(), asked })
    }

    /// The seed and how it came about: a continuation's is its chain's.
    fn seed(&self, after: Option<&Continuation>) -> Result<(Seed, Option<SeedKind>), Error> {
        Ok(match (after, &self.seed) {
            (Some(c), _) => (c.seed(), c.seed_kind()),
            (None, SeedChoice::Text(text)) if text.trim().is_empty() => return Err(RequestError::EmptySeed.into()),
            (None, SeedChoice::Text(text)) => (Seed::from_text(text), Some(SeedKind::Text)),
            (None, SeedChoice::Random(bytes)) => (Seed::from_entropy(*bytes), Some(SeedKind::Random)),
        })
    }

    /// How many books, and the games of each booklet (`None`: plain books); a continuation
    /// numbers its books as its chain does.
    fn books(&self, after: Option<&Continuation>) -> Result<(u64, Option<u16>), Error> {
        let asked = match self.size {
            Size::Books(_) => None,
            Size::Booklets { games, .. } => Some(games),
        };
        let earlier = after.map(Continuation::games);
        match (earlier, asked) {
            (Some(Some(games)), None) => return Err(RequestError::ContinueWithBooklets { games }.into()),
            (Some(None), Some(_)) => return Err(RequestError::ContinueWithBooks.into()),
            (Some(Some(earlier)), Some(Some(asked))) if earlier != asked => {
                return Err(RequestError::OtherGames { earlier, asked }.into())
            }
            _ => {}
        }
        match self.size {
            Size::Books(books) => Ok((books, None)),
            Size::Booklets { booklets, games } => {
                let games = games.or(earlier.flatten()).ok_or(RequestError::NoGames)?;
                let books =
                    booklets.checked_mul(u64::from(games)).ok_or(RequestError::TooManyBooks { booklets, games })?;
                Ok((books, Some(games)))
            }
        }
    }

    /// The settings asked for, what was left unsaid taken from `look` (a continuation's run's
    /// settings, else the defaults).
    fn settings(&self, books: u64, games: Option<u16>, after: Option<&Continuation>, look: &Settings) -> Settings {
        let (first_book, allow_duplicate_lines, unique_lines_per) = match after {
            // A chain that kept every line unique goes on past the uniform limit in blocks of
            // it: its books so far are block 1 (the default run is a blocks run's first block,
            // book for book), and no seed is ever reused to start again.
            Some(c) => {
                let blocks = c.unique_lines_per().or_else(|| {
                    let past = c.books().saturating_add(books) > crate::generate::UNIFORM_UNIQUE_LINE_BOOKS;
                    (past && !c.allow_duplicate_lines() && games.is_none())
                        .then_some(crate::generate::UNIFORM_UNIQUE_LINE_BOOKS)
                });
                (c.next_book(), c.allow_duplicate_lines(), blocks)
            }
            None => match self.lines.unwrap_or(Lines::Unique) {
                Lines::Unique => (self.first_book.unwrap_or(look.first_book), false, None),
                Lines::UniquePer(n) => (self.first_book.unwrap_or(look.first_book), false, Some(n)),
                Lines::Repeat => (self.first_book.unwrap_or(look.first_book), true, None),
            },
        };
        // A continuation's logo and font are the earlier run's files, which a run of housie 0.14
        // on names beside its record.
        let beside = |file: &std::path::Path| match after {
            Some(c) if file.is_relative() => c.dir().join(file),
            _ => file.to_path_buf(),
        };
        Settings {
            impose: self.impose,
            books,
            games,
            order: self.order,
            first_book,
            allow_duplicate_lines,
            unique_lines_per,
            books_per_file: self.books_per_file,
            title: self.title.clone().unwrap_or_else(|| look.title.clone()),
            template: self
                .template
                .clone()
                .or_else(|| self.card.map(CardAsked::look))
                .unwrap_or_else(|| look.template.clone()),
            font: self.font.clone().or_else(|| look.font.as_deref().map(beside)),
            bleed_mm: self.bleed_mm.unwrap_or(look.bleed_mm),
            crop_marks: self.crop_marks || look.crop_marks,
            subtitle: match &self.subtitle {
                Some(s) if s.trim().is_empty() => None,
                Some(s) => Some(s.clone()),
                None => look.subtitle.clone(),
            },
            lang: self.lang.clone().or_else(|| look.lang.clone()),
            logo: match &self.logo {
                Some(l) => Some(LogoSettings {
                    file: l.file.clone(),
                    sha256: String::new(),
                    height_mm: l.height_mm.unwrap_or(DEFAULT_LOGO_MM),
                    position: l.position.unwrap_or_default(),
                }),
                None => look.logo.clone().map(|l| LogoSettings { file: beside(&l.file), ..l }),
            },
            player_url: self.player_url.clone().or_else(|| look.player_url.clone()),
            // The night's choices, recorded where they are not the defaults (the UK set, pounds),
            // so a request that leaves them or says the default gives the same record.
            prizes: self.prizes.clone().or_else(|| look.prizes.clone()).filter(|p| p != "uk"),
            currency: self.currency.clone().or_else(|| look.currency.clone()).filter(|c| !c.is_empty() && c != "GBP"),
            // A top-up of strips is strips, as its chain is.
            strips: self.card.is_some_and(|c| c.strips) || look.strips,
        }
    }
}

/// The blocks of unique lines the studio's "No line repeats within each 10,000 books" means.
pub const BLOCKS: Lines = Lines::UniquePer(UNIFORM_UNIQUE_LINE_BOOKS);

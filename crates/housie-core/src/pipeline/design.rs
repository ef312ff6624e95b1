//! An event's design as the organiser fills it in, in the studio or the page: title, look,
//! paper, books or booklets × games, bleed and marks, a logo. It becomes the [`Request`] the
//! command line's flags become too, and is checked by the same checks, each problem named by
//! the form's field that causes it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::domain::{PlayerUrl, PlayerUrlError};
use crate::print::logo::LogoPosition;
use crate::record::continuation::Continuation;
use crate::support::date::RunDate;
use crate::world::World;

use super::form_field::FormField;
use super::problem::{problem_of, Problem};
use super::request::{LogoAsked, Planned, Request, SeedChoice, Size, BLOCKS};
use super::Order;
use crate::support::said::Said;

/// The most books the studio makes in one run: more is a print works' job, for `housie
/// generate`, which streams any size.
pub const STUDIO_MAX_BOOKS: u64 = 100_000;
/// The longest title.
pub const TITLE_MAX: usize = 120;
/// The games a form offers a booklet first: a night's usual six.
pub const NEW_GAMES: u16 = 6;
/// The file in an event's folder holding its own template, when one was uploaded.
pub const OWN_TEMPLATE: &str = "template.toml";
/// The longest subtitle.
pub const SUBTITLE_MAX: usize = 120;
/// The look that means the event's own template.
pub const OWN_LOOK: &str = "own";

/// The seed of a plan only looked at (a preview, a check): the preview draws sample books of its
/// own, and a run draws a seed nobody can guess when it is generated.
pub const SAMPLE: SeedChoice = SeedChoice::Random([0; 32]);

/// The paper size: every shipped look comes in A4, all but `twenty-four` in Letter too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    /// A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

/// What the organiser chose.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Design {
    /// The event's title, printed in every header.
    pub title: String,
    /// A line printed in place of the template's footer (empty: the template's own).
    pub subtitle: String,
    /// A shipped look (`classic`, `festival`, `large-print`, `twelve`, `twenty-four`, …), or `own` for the
    /// template uploaded to the event.
    pub look: String,
    /// The paper size (an uploaded template says its own).
    pub paper: Paper,
    /// Plain books (one book a game), or `None` for booklets (a design that says neither, as
    /// `{"booklets": 20, "games": 6}` does not, asks for booklets).
    #[serde(default)]
    pub books: Option<u64>,
    /// Booklets (a book per game each).
    pub booklets: Option<u64>,
    /// Games per booklet.
    pub games: Option<u16>,
    /// A run of booklets printed booklet by booklet (in colour) or game by game (in black).
    pub order: Order,
    /// Bleed beyond the trim, mm; unsaid, the plan decides (3 where the look's colour reaches
    /// the trim, else none), as it does for `housie generate` without `--bleed`.
    #[serde(default)]
    pub bleed_mm: Option<f32>,
    /// Crop marks.
    pub crop_marks: bool,
    /// The prizes the night plays (a shipped set: `uk`, `tambola`, `tambola-full`): the desk
    /// offers it first for each game.
    pub prizes: String,
    /// A logo on every page, uploaded to the event.
    pub logo: Option<DesignLogo>,
    /// The event's own font (a file uploaded to the event, named by
    /// [`super::design_font::font_name`]), for a title in a script housie's fonts lack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font: Option<String>,
    /// How lines are kept apart (plain books; a top-up follows its run).
    pub lines: Lines,
    /// Where phones reach the player page on the night (`--player-url`), for a look whose QR
    /// codes open each ticket (`phone`); empty for none.
    #[serde(default)]
    pub player_url: String,
    /// The night's money (ISO 4217: `GBP`, `INR`, `EUR`, `USD`…); empty for pounds. Not printed:
    /// the desk opened from the studio keeps its ledger in it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub currency: String,
    /// The language of the paper's own words (`hi`; `--lang`); empty for English. The studio
    /// gives a new event the language its page is shown in.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
}

/// How a plain run keeps its lines apart: the organiser's choice past 10,000 books.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lines {
    /// No line repeats in the run (up to 10,000 books).
    #[default]
    Unique,
    /// No line repeats within each block of 10,000 books.
    Blocks,
    /// Lines may repeat: every book independent and uniform.
    Repeat,
}

/// The event's logo: its file in the event's folder, and how it is printed; what is unsaid the
/// plan decides each time (where it first fits, as high as the room allows up to 12 mm), as
/// for `--logo` without `--logo-height` or `--logo-position`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignLogo {
    /// `logo.png` or `logo.jpg`, in the event's folder.
    pub file: String,
    /// Printed height, mm.
    #[serde(default)]
    pub height_mm: Option<f32>,
    /// Where it goes.
    #[serde(default)]
    pub position: Option<LogoPosition>,
}

/// The names an uploaded logo is kept under.
pub const LOGO_FILES: [&str; 2] = ["logo.png", "logo.jpg"];

impl Default for Design {
    fn default() -> Design {
        Design {
            title: "Bingo".into(),
            subtitle: String::new(),
            look: "classic".into(),
            paper: Paper::A4,
            books: Some(50),
            booklets: None,
            games: None,
            order: Order::Booklets,
            bleed_mm: None,
            crop_marks: false,
            prizes: "uk".into(),
            logo: None,
            font: None,
            lines: Lines::Unique,
            player_url: String::new(),
            currency: String::new(),
            lang: String::new(),
        }
    }
}

impl Design {
    /// Every problem with the fields themselves, before any template or font is read.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        let title = self.title.trim();
        if title.is_empty() {
            problems.push(Problem::said(FormField::Title, "give the event a title", "design-give-title", []));
        } else if title.chars().count() > TITLE_MAX {
            let max = ("max", TITLE_MAX.to_string());
            problems.push(Problem::said(
                FormField::Title,
                format!("is longer than {TITLE_MAX} characters"),
                "design-too-long",
                [max],
            ));
        }
        if self.subtitle.chars().count() > SUBTITLE_MAX {
            let max = ("max", SUBTITLE_MAX.to_string());
            let message = format!("is longer than {SUBTITLE_MAX} characters");
            problems.push(Problem::said(FormField::Subtitle, message, "design-too-long", [max]));
        }
        if !crate::print::template::looks().any(|l| l == self.look) && self.look != OWN_LOOK {
            let message = format!("`{}` is not a look housie has", self.look);
            problems.push(Problem::said(FormField::Look, message, "design-no-look", [("look", self.look.clone())]));
        } else if self.paper == Paper::Letter
            && self.look != OWN_LOOK
            && !crate::print::template::has_letter(&self.look)
        {
            let message = format!("the `{}` look is printed on A4 only: choose A4", self.look);
            problems.push(Problem::said(FormField::Paper, message, "design-a4-only", [("look", self.look.clone())]));
        }
        problems.extend(self.order_problem());
        if let Err(e) = self.player_url() {
            problems.push(Problem::catalogued(FormField::PlayerUrl, e.said()));
        }
        if !self.lang.is_empty() && crate::support::catalogue::Catalogue::of(&self.lang).is_none() {
            // The settings' own check, which a run made from the design meets.
            let settings = crate::record::settings::Settings { lang: Some(self.lang.clone()), ..Default::default() };
            if let Err(e) = settings.check() {
                problems.push(Problem::catalogued(FormField::Lang, e.said));
            }
        }
        let code = self.currency.as_bytes();
        if !(code.is_empty() || code.len() == 3 && code.iter().all(u8::is_ascii_uppercase)) {
            let message = "choose a currency by its three-letter code: GBP, INR, EUR, USD…";
            problems.push(Problem::said(FormField::Currency, message, "design-currency", []));
        }
        problems.extend(self.size_problem());
        if crate::rules::PrizeSet::shipped(&self.prizes).is_none() {
            let names: Vec<&str> = crate::rules::prize::SHIPPED.iter().map(|(n, _)| *n).collect();
            problems.push(Problem::said(
                FormField::Prizes,
                format!("`{}` is not a prize set housie has ({})", self.prizes, names.join(", ")),
                "design-no-prizes",
                [("prizes", self.prizes.clone()), ("names", names.join(", "))],
            ));
        }
        let look = crate::print::template::Template::shipped(&self.look);
        let off_card =
            // `uk` is the night's default, as the request takes it (written as none): the desk of a
            // 75-ball run offers its own card's sets.
            look.and_then(|t| {
                let said = Some(self.prizes.as_str()).filter(|p| *p != "uk");
                super::generate_plan::prizes_off_card(said, t.card_format(), &self.look)
            });
        problems.extend(off_card.map(|said| Problem::catalogued(FormField::Prizes, said)));
        if let Some(logo) = &self.logo {
            if !LOGO_FILES.contains(&logo.file.as_str()) {
                let message = "upload the logo to the event (it is kept as logo.png or logo.jpg)";
                problems.push(Problem::said(FormField::Logo, message, "design-upload-logo", []));
            }
        }
        if self.font.as_deref().is_some_and(|f| !super::design_font::is_font_file(f)) {
            let message = "upload the font to the event (a TrueType or OpenType file)";
            problems.push(Problem::said(FormField::Font, message, "design-upload-font", []));
        }
        if self.books.is_some() && self.games.is_some() {
            let message = "games go with booklets (a booklet is one book per game)";
            problems.push(Problem::said(FormField::Games, message, "design-games-with-booklets", []));
        }
        problems
    }

    /// Booklets printed booklet by booklet on a shipped look of more than one book a page
    /// ([`Order::mixes_games`], which the engine refuses too), said before it is planned.
    fn order_problem(&self) -> Option<Problem> {
        let per_page = crate::print::template::Template::shipped(&self.look)?.layout().books_per_page();
        self.order.mixes_games(self.booklets.is_some(), per_page).then(|| {
            Problem::said(
                FormField::Order,
                format!(
                    "the `{}` look puts {per_page} books on a page, which would be games of different colours: \
                     choose “game by game, in black, for coloured paper”, or a look of one book a page",
                    self.look
                ),
                "design-order-pages",
                [("look", self.look.clone()), ("books", per_page.to_string())],
            )
        })
    }

    /// What is wrong with how many books or booklets the design asks for, if anything (a
    /// top-up's count is held to it too).
    pub fn size_problem(&self) -> Option<Problem> {
        match (self.books, self.booklets, self.games) {
            (Some(_), Some(_), _) => {
                Some(Problem::said(FormField::Books, "give books or booklets, not both", "design-both", []))
            }
            (Some(0), None, _) => Some(Problem::said(FormField::Books, "make at least 1 book", "design-one-book", [])),
            (Some(b), None, _) if b > STUDIO_MAX_BOOKS => Some(Problem::catalogued(
                FormField::Books,
                Said::new("design-too-many-books", [("max", STUDIO_MAX_BOOKS.to_string())]),
            )),
            (None, Some(0), _) => {
                Some(Problem::said(FormField::Booklets, "make at least 1 booklet", "design-one-booklet", []))
            }
            (None, Some(_), None) => {
                Some(Problem::said(FormField::Games, "say how many games a booklet holds", "design-games", []))
            }
            (None, Some(_), Some(g)) if g == 0 || g > super::MAX_GAMES => Some(Problem::catalogued(
                FormField::Games,
                Said::new("settings-games", [("games", g.to_string()), ("max", super::MAX_GAMES.to_string())]),
            )),
            (None, Some(b), Some(g)) if u64::from(g).saturating_mul(b) > STUDIO_MAX_BOOKS => {
                let books = u64::from(g).saturating_mul(b);
                Some(Problem::catalogued(
                    FormField::Booklets,
                    Said::new(
                        "design-too-many-booklets",
                        [
                            ("booklets", b.to_string()),
                            ("games", g.to_string()),
                            ("books", books.to_string()),
                            ("max", STUDIO_MAX_BOOKS.to_string()),
                        ],
                    ),
                ))
            }
            (None, None, _) => {
                Some(Problem::said(FormField::Books, "say how many books or booklets", "design-how-many", []))
            }
            _ => None,
        }
    }

    /// The player page's address, if one is given.
    pub fn player_url(&self) -> Result<Option<PlayerUrl>, PlayerUrlError> {
        let text = self.player_url.trim();
        (!text.is_empty()).then(|| PlayerUrl::parse(text)).transpose()
    }

    /// The template the design names: a shipped one on its paper, or the event's own file.
    pub fn template(&self, event: &Path) -> String {
        if self.look == OWN_LOOK {
            return event.join(OWN_TEMPLATE).display().to_string();
        }
        match self.paper {
            Paper::A4 => self.look.clone(),
            Paper::Letter => format!("{}-letter", self.look),
        }
    }

    /// What the design asks `housie generate` for, with `seed` (a top-up draws with its
    /// chain's whatever is given) on `date`: the policy that decides what the design leaves
    /// unsaid is the one every front door uses ([`Request::plan`]).
    pub fn request(&self, event: &Path, seed: SeedChoice, date: RunDate) -> Request {
        let size = match (self.books, self.booklets) {
            (Some(books), _) => Size::Books(books),
            (None, booklets) => Size::Booklets { booklets: booklets.unwrap_or(0), games: self.games },
        };
        let mut request = Request::new(size, seed);
        request.lines = self.books.map(|_| match self.lines {
            Lines::Unique => super::Lines::Unique,
            Lines::Blocks => BLOCKS,
            Lines::Repeat => super::Lines::Repeat,
        });
        request.order = self.order;
        request.title = Some(self.title.trim().to_string());
        request.subtitle = Some(self.subtitle.trim().to_string());
        request.lang = Some(self.lang.clone()).filter(|l| !l.is_empty());
        request.template = Some(self.template(event));
        request.bleed_mm = self.bleed_mm;
        request.crop_marks = self.crop_marks;
        request.player_url = self.player_url().ok().flatten();
        // The night's choices, as the command line's --prizes and --currency say them.
        request.prizes = Some(self.prizes.clone());
        request.currency = Some(self.currency.clone());
        request.logo = self.logo.as_ref().map(|l| LogoAsked {
            file: event.join(&l.file),
            height_mm: l.height_mm,
            position: l.position,
        });
        request.font = self.font.as_ref().map(|f| event.join(f));
        request.date = date;
        request
    }

    /// The plan to generate the design into `event` (with `seed` on `date`; a top-up
    /// continues `after`), its files read from `world`, or every problem with it, each beside
    /// its field.
    pub fn plan(
        &self,
        event: &Path,
        seed: SeedChoice,
        date: RunDate,
        after: Option<Continuation>,
        world: &dyn World,
    ) -> Result<Planned, Vec<Problem>> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(problems);
        }
        // The design alone: the folder (a night in it, a run continuing it) is for generating
        // to judge, so the preview of a frozen event still shows its paper.
        self.request(event, seed, date).plan(after, world).map_err(|e| vec![problem_of(e)])
    }
}

/// The name an uploaded logo is kept under (`logo.png` or `logo.jpg`, by what its bytes are,
/// whatever it was called), once it is checked as `--logo` checks it.
pub fn logo_name(bytes: &[u8]) -> Result<&'static str, Problem> {
    let logo = crate::print::logo::Logo::from_bytes(bytes, "the uploaded image")
        .map_err(|e| super::problem::problem_of(e.into()))?;
    Ok(logo.file_name())
}

impl Design {
    /// The design's logo once the image `name` is uploaded: the old one's height and place
    /// kept where they were said, else left for the plan to decide.
    pub fn placed_logo(&self, name: &str) -> DesignLogo {
        match &self.logo {
            Some(l) => DesignLogo { file: name.to_string(), ..l.clone() },
            None => DesignLogo { file: name.to_string(), height_mm: None, position: None },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_named_by_its_field() {
        let d =
            Design { title: " ".into(), look: "../etc".into(), books: Some(0), games: Some(3), ..Design::default() };
        let fields: Vec<&str> = d.problems().iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["title", "look", "books", "games"]);
        let unknown = Design { lang: "zz".into(), ..Design::default() };
        let said: Vec<String> = unknown.problems().iter().map(|p| format!("{}: {}", p.field, p.message)).collect();
        assert_eq!(said, ["lang: `zz` is a language housie has no words in; it has en, hi"]);
        let huge = Design { books: Some(1_000_000_000), ..Design::default() };
        assert!(huge.problems()[0].message.contains("up to 100000 books"), "{:?}", huge.problems());
        // No flag of the command line in what the studio says.
        let twelve =
            Design { books: None, booklets: Some(4), games: Some(2), look: "twelve".into(), ..Design::default() };
        let world = crate::world::Files::default();
        let said = twelve.plan(Path::new("/e"), SeedChoice::Random([0; 32]), RunDate::EPOCH, None, &world);
        let message = &said.unwrap_err()[0].message;
        assert!(message.contains("choose “game by game") && !message.contains("--"), "{message}");
        let booklets = Design { books: None, booklets: Some(20), games: Some(6), ..Design::default() };
        assert!(booklets.problems().is_empty());
        let r = booklets.request(Path::new("/tmp/e"), SeedChoice::Random([0; 32]), RunDate::EPOCH);
        assert_eq!(r.size, Size::Booklets { booklets: 20, games: Some(6) });
        assert_eq!(Design { paper: Paper::Letter, ..Design::default() }.template(Path::new("/e")), "classic-letter");
        // twenty-four has no Letter version: said beside the paper, not as a missing template.
        let letter = Design { paper: Paper::Letter, look: "twenty-four".into(), ..Design::default() };
        let said: Vec<String> = letter.problems().iter().map(|p| format!("{}: {}", p.field, p.message)).collect();
        assert_eq!(said, ["paper: the `twenty-four` look is printed on A4 only: choose A4"]);
        assert!(Design { look: "twenty-four".into(), ..Design::default() }.problems().is_empty());
    }

    /// Each of the design's own problems is a catalogue message whose English is its sentence
    /// word for word, in Hindi too (ending in a danda): the studio and the page show them in
    /// their language. Every `design-` message is met here.
    #[test]
    fn every_design_problem_is_said_in_each_language() {
        use crate::support::catalogue::Catalogue;
        let logo =
            DesignLogo { file: "club.gif".into(), height_mm: Some(10.0), position: Some(LogoPosition::HeaderCentre) };
        let designs = [
            Design { title: " ".into(), subtitle: "s".repeat(SUBTITLE_MAX + 1), ..Design::default() },
            Design {
                title: "t".repeat(TITLE_MAX + 1),
                look: "nope".into(),
                currency: "rupees".into(),
                ..Design::default()
            },
            Design { paper: Paper::Letter, look: "twenty-four".into(), prizes: "nope".into(), ..Design::default() },
            Design {
                books: Some(1),
                booklets: Some(1),
                logo: Some(logo),
                font: Some("../f.ttf".into()),
                ..Design::default()
            },
            Design { books: Some(0), games: Some(2), ..Design::default() },
            Design { books: Some(STUDIO_MAX_BOOKS + 1), ..Design::default() },
            Design { books: None, booklets: Some(0), ..Design::default() },
            Design { books: None, booklets: Some(3), games: None, ..Design::default() },
            Design { books: None, booklets: Some(STUDIO_MAX_BOOKS), games: Some(2), ..Design::default() },
            Design { books: None, booklets: None, ..Design::default() },
            Design { books: None, booklets: Some(2), games: Some(2), look: "twelve".into(), ..Design::default() },
            Design { look: "bingo-3".into(), prizes: "tambola".into(), ..Design::default() },
        ];
        let (english, hindi) = (Catalogue::english(), Catalogue::of("hi").unwrap());
        let mut met = std::collections::BTreeSet::new();
        // And what a design sent as JSON can be that is no design at all.
        let read =
            ["[1]", r#"{"colour": "red"}"#, r#"{"books": "fifty"}"#, r#"{"bleed_mm": "3 mm"}"#, r#"{"title": 5}"#]
                .map(|json| Design::from_json(json).expect_err(json));
        let fields: Vec<&str> = read.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["event", "event", "books", "bleed_mm", "title"]);
        // A count that is no count says the bounds, as the form's own check would.
        let negative = Design::from_json(r#"{"books": -3}"#).unwrap_err();
        let bounds = format!("give a whole number from 1 to {STUDIO_MAX_BOOKS}");
        assert_eq!((negative.field.as_str(), negative.message.as_str()), ("books", bounds.as_str()));
        for problem in designs.iter().flat_map(Design::problems).chain(read) {
            let Some(said) = &problem.said else { continue };
            let args: Vec<(&str, &str)> = said.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            assert_eq!(english.say(said.id, &args), problem.message, "{}", said.id);
            let words = hindi.say(said.id, &args);
            assert!(hindi.messages.contains_key(said.id) && !words.contains('{') && words.ends_with('।'), "{words}");
            met.insert(said.id);
        }
        let all: Vec<&String> = english.messages.keys().filter(|id| id.starts_with("design-")).collect();
        assert_eq!(all.len(), met.len(), "met {met:?} of {all:?}");
    }
}

//! The design form as data: each field with its kind, its bounds and its choices, and a new
//! event's design, read off the engine's own constants, templates, prize sets and catalogues.
//! The studio (`GET /api/schema`) and the page (`housie.schema()`) draw their one form from
//! it, so a bound, a look or a language is decided here once and never again in HTML or JS.

use serde::Serialize;

use super::design::{Design, Lines, Paper, NEW_GAMES, OWN_LOOK, STUDIO_MAX_BOOKS, SUBTITLE_MAX, TITLE_MAX};
use super::form_field::FormField;
use super::Order;
use crate::domain::player_url::MAX_LEN as PLAYER_URL_MAX;
use crate::print::font::MAX_FONT_FILE;
use crate::print::logo::{LogoPosition, LOGO_FILE_MAX};
use crate::print::template::{self, Template};
use crate::record::settings::{LOGO_HEIGHT_MM, MAX_BLEED_MM, MAX_GAMES};
use crate::rules::prize::SHIPPED as PRIZE_SETS;
use crate::support::catalogue::catalogues;

/// The currencies a form offers for the night's money, the first (pounds) written as none;
/// the engine takes any ISO 4217 code, as `--currency` does.
pub const CURRENCIES: [&str; 8] = ["GBP", "INR", "EUR", "USD", "CAD", "AUD", "NZD", "ZAR"];

/// The design form, as the forms draw it.
#[derive(Clone, Debug, Serialize)]
pub struct DesignSchema {
    /// A new event's design: every field as housie's default.
    pub new: Design,
    /// Each field of the form, in the order the form shows them.
    pub fields: Vec<FieldSchema>,
}

/// One field (or part of one: the logo's height and place) of the form.
#[derive(Clone, Debug, Serialize)]
pub struct FieldSchema {
    /// The design's field a problem with it is said beside.
    pub field: FormField,
    /// The part of the field (`height_mm` of the logo), when it is not the whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<&'static str>,
    /// What it holds.
    pub kind: Kind,
    /// Its catalogue label.
    pub label: &'static str,
    /// The smallest number it takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The largest number it takes, or the most characters of text, or the most bytes of a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// The step a number moves by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// The number a form offers first where the new design says none (a booklet's games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offered: Option<f64>,
    /// Its choices, the first the default.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
}

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Text, at most `max` characters.
    Text,
    /// A number from `min` to `max`.
    Number,
    /// One of `choices`.
    Choice,
    /// Yes or no.
    Flag,
    /// An uploaded file, at most `max` bytes.
    File,
}

/// One choice of a field.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// Its value in the design (empty: what the design writes as none).
    pub value: String,
    /// Its label: a catalogue message id, or (a language) its own name.
    pub label: String,
    /// Whether the label is the words themselves rather than a message id.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub literal: bool,
    /// A look's description from its template's own first comment (English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    /// Whether a look comes on US Letter too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letter: Option<bool>,
    /// Whether a look prints a QR code for each ticket (it asks the player page's address);
    /// an uploaded template may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qr: Option<bool>,
}

impl Choice {
    /// A choice labelled by catalogue message `label`.
    fn said(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice { value: value.into(), label: label.into(), literal: false, about: None, letter: None, qr: None }
    }
}

impl FieldSchema {
    fn new(field: FormField, kind: Kind, label: &'static str) -> FieldSchema {
        FieldSchema {
            field,
            part: None,
            kind,
            label,
            min: None,
            max: None,
            step: None,
            offered: None,
            choices: Vec::new(),
        }
    }

    fn bounded(mut self, min: f64, max: f64, step: f64) -> FieldSchema {
        (self.min, self.max, self.step) = (Some(min), Some(max), Some(step));
        self
    }

    fn at_most(mut self, max: u64) -> FieldSchema {
        self.max = Some(max as f64);
        self
    }

    fn choosing(mut self, choices: Vec<Choice>) -> FieldSchema {
        self.choices = choices;
        self
    }
}

impl DesignSchema {
    /// The form; `own_template` when the door lets an event upload its own template (the
    /// studio), which adds the `own` look.
    pub fn new(own_template: bool) -> DesignSchema {
        use FormField as F;
        let mut looks: Vec<Choice> = template::looks().map(look).collect();
        if own_template {
            looks.push(Choice { qr: None, ..Choice::said(OWN_LOOK, "studio-look-own") });
        }
        let fields = vec![
            FieldSchema::new(F::Title, Kind::Text, "studio-title").at_most(TITLE_MAX as u64),
            FieldSchema::new(F::Subtitle, Kind::Text, "studio-subtitle").at_most(SUBTITLE_MAX as u64),
            FieldSchema::new(F::Look, Kind::Choice, "studio-look").choosing(looks),
            FieldSchema::new(F::PlayerUrl, Kind::Text, "studio-player-url").at_most(PLAYER_URL_MAX as u64),
            FieldSchema::new(F::Paper, Kind::Choice, "studio-paper-size").choosing(vec![
                Choice::said(name(Paper::A4), "form-paper-a4"),
                Choice::said(name(Paper::Letter), "form-paper-letter"),
            ]),
            FieldSchema::new(F::Books, Kind::Number, "studio-how-many-books").bounded(
                1.0,
                STUDIO_MAX_BOOKS as f64,
                1.0,
            ),
            FieldSchema::new(F::Booklets, Kind::Number, "studio-how-many-booklets").bounded(
                1.0,
                STUDIO_MAX_BOOKS as f64,
                1.0,
            ),
            FieldSchema::new(F::Lines, Kind::Choice, "studio-lines").choosing(
                [Lines::Unique, Lines::Blocks, Lines::Repeat]
                    .map(|l| Choice::said(name(l), format!("studio-lines-{}", name(l))))
                    .to_vec(),
            ),
            FieldSchema {
                offered: Some(f64::from(NEW_GAMES)),
                ..FieldSchema::new(F::Games, Kind::Number, "studio-games")
            }
            .bounded(1.0, f64::from(MAX_GAMES), 1.0),
            FieldSchema::new(F::Order, Kind::Choice, "studio-order").choosing(
                [Order::Booklets, Order::Games]
                    .map(|o| Choice::said(name(o), format!("studio-order-{}", name(o))))
                    .to_vec(),
            ),
            FieldSchema::new(F::Prizes, Kind::Choice, "studio-prizes")
                .choosing(PRIZE_SETS.iter().map(|(n, _)| Choice::said(*n, format!("studio-prizes-{n}"))).collect()),
            FieldSchema::new(F::Lang, Kind::Choice, "form-paper-lang").choosing(languages()),
            FieldSchema::new(F::Currency, Kind::Choice, "studio-currency").choosing(currencies()),
            FieldSchema::new(F::BleedMm, Kind::Number, "studio-bleed").bounded(0.0, f64::from(MAX_BLEED_MM), 0.5),
            FieldSchema::new(F::CropMarks, Kind::Flag, "studio-crop"),
            FieldSchema::new(F::Logo, Kind::File, "studio-logo-file").at_most(LOGO_FILE_MAX),
            logo_height(),
            logo_place(),
            FieldSchema::new(F::Font, Kind::File, "studio-font-file").at_most(MAX_FONT_FILE),
        ];
        DesignSchema { new: Design::default(), fields }
    }

    /// The field (or its `part`) of the form.
    pub fn field(&self, field: FormField, part: Option<&str>) -> Option<&FieldSchema> {
        self.fields.iter().find(|f| f.field == field && f.part == part)
    }
}

/// The logo's height, within the settings' own bounds.
fn logo_height() -> FieldSchema {
    let (min, max) = (f64::from(*LOGO_HEIGHT_MM.start()), f64::from(*LOGO_HEIGHT_MM.end()));
    let height = FieldSchema::new(FormField::Logo, Kind::Number, "studio-logo-height").bounded(min, max, 0.5);
    FieldSchema { part: Some("height_mm"), ..height }
}

/// The logo's place: where it first fits (none said), or one of the places.
fn logo_place() -> FieldSchema {
    let places = LogoPosition::ALL.map(|p| Choice::said(p.name(), format!("studio-logo-{}", p.name())));
    let choices = std::iter::once(Choice::said("", "form-logo-fits")).chain(places).collect();
    FieldSchema {
        part: Some("position"),
        ..FieldSchema::new(FormField::Logo, Kind::Choice, "studio-logo-where").choosing(choices)
    }
}

/// The paper's languages: every catalogue, by its own name, English written as none.
fn languages() -> Vec<Choice> {
    let name = |c: &crate::support::catalogue::Catalogue| if c.lang == "en" { String::new() } else { c.lang.clone() };
    catalogues().iter().map(|c| Choice { literal: true, ..Choice::said(name(c), c.name.clone()) }).collect()
}

/// The night's money: the offered currencies, pounds written as none.
fn currencies() -> Vec<Choice> {
    let value = |c: &str| if c == "GBP" { String::new() } else { c.to_string() };
    CURRENCIES.iter().map(|c| Choice::said(value(c), format!("studio-currency-{}", c.to_ascii_lowercase()))).collect()
}

/// A shipped look as a choice: its label, its template's description, its paper, its codes.
fn look(name: &'static str) -> Choice {
    let template = Template::shipped(name).expect("a shipped look");
    let source = template::BUILTIN.iter().find(|(n, _)| *n == name).map_or("", |(_, text)| *text);
    Choice {
        about: Some(template::shipped_summary(source)),
        letter: Some(template::has_letter(name)),
        qr: Some(template.prints_qr()),
        ..Choice::said(name, format!("studio-look-{name}"))
    }
}

/// A choice's value as the design writes it in JSON.
fn name(value: impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every label the form shows is a message in every catalogue, every choice a value the
    /// design takes, and every field one the design has.
    #[test]
    fn the_form_is_the_designs_own() {
        let schema = DesignSchema::new(true);
        for lang in catalogues() {
            for f in &schema.fields {
                assert!(lang.messages.contains_key(f.label), "{}: {}", lang.lang, f.label);
                for c in f.choices.iter().filter(|c| !c.literal) {
                    assert!(lang.messages.contains_key(&c.label), "{}: {}", lang.lang, c.label);
                }
            }
        }
        for f in &schema.fields {
            assert!(FormField::DESIGN.contains(&f.field), "{}", f.field);
            for c in &f.choices {
                let mut design = serde_json::to_value(&schema.new).unwrap();
                let value = serde_json::Value::String(c.value.clone());
                match (f.field, f.part) {
                    (FormField::Logo, Some(part)) if !c.value.is_empty() => {
                        design["logo"] = serde_json::json!({ "file": "logo.png", part: value })
                    }
                    (FormField::Logo, _) => continue,
                    (field, _) => design[field.as_str()] = value,
                }
                // A 75-ball set is chosen with a look that prints 75-ball cards.
                if f.field == FormField::Prizes
                    && crate::rules::PrizeSet::shipped(&c.value).is_some_and(|s| !s.card().is_ninety())
                {
                    design["look"] = serde_json::Value::String("bingo-3".into());
                }
                let design = Design::from_json(&design.to_string()).expect(&c.value);
                let problems: Vec<_> = design.problems().into_iter().filter(|p| p.field == f.field).collect();
                assert!(problems.is_empty(), "{}={}: {problems:?}", f.field, c.value);
            }
        }
        // The page has no upload of a template; the studio does.
        let looks = |s: &DesignSchema| s.field(FormField::Look, None).unwrap().choices.len();
        assert_eq!(looks(&schema), looks(&DesignSchema::new(false)) + 1);
    }

    /// The bounds are the checks' own: one past each is refused, each end taken.
    #[test]
    fn each_bound_is_where_the_checks_refuse() {
        let schema = DesignSchema::new(false);
        let max = |f, part| schema.field(f, part).unwrap().max.unwrap();
        let books = max(FormField::Books, None) as u64;
        assert!(Design { books: Some(books), ..Design::default() }.problems().is_empty());
        assert!(!Design { books: Some(books + 1), ..Design::default() }.problems().is_empty());
        let games = max(FormField::Games, None) as u16;
        let booklets = |games| Design { books: None, booklets: Some(1), games: Some(games), ..Design::default() };
        assert!(booklets(games).problems().is_empty() && !booklets(games + 1).problems().is_empty());
        let title = max(FormField::Title, None) as usize;
        assert!(Design { title: "t".repeat(title), ..Design::default() }.problems().is_empty());
        assert!(!Design { title: "t".repeat(title + 1), ..Design::default() }.problems().is_empty());
        assert_eq!(max(FormField::Logo, None), 20.0 * 1024.0 * 1024.0);
        assert_eq!(
            (schema.field(FormField::Logo, Some("height_mm")).unwrap().min, max(FormField::Logo, Some("height_mm"))),
            (Some(3.0), 60.0)
        );
        // What the page shows of a look: phone prints QR codes, twenty-four A4 only.
        let looks = &schema.field(FormField::Look, None).unwrap().choices;
        let phone = looks.iter().find(|c| c.value == "phone").unwrap();
        let four = looks.iter().find(|c| c.value == "twenty-four").unwrap();
        assert_eq!((phone.qr, four.qr, four.letter), (Some(true), Some(false), Some(false)));
        assert!(phone.about.as_deref().is_some_and(|a| a.contains("QR")), "{:?}", phone.about);
    }
}

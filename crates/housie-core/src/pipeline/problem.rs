//! A problem of a design, named by the form's field it belongs beside: the design's own checks
//! ([`super::design::Design::problems`]) and what the engine refuses while it plans or prints,
//! in the studio's words rather than the command line's. What the organiser's own text, font or
//! size causes is a catalogue message too, so a page in Hindi says it in Hindi.

use serde::Serialize;

use crate::error::Error;
use crate::export::pdf::{LogoMisfit, StyleError};
use crate::generate::RunError;
use crate::print::font::FontError;
use crate::print::layout::SAFE_MM;
use crate::print::page_text::PageText;
use crate::support::catalogue::Catalogue;
use crate::support::said::Said;

use super::form_field::FormField;
use super::request_error::RequestError;
use super::Setting;

/// One thing wrong with a design, and the field it belongs beside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The form's field (`title`, `look`, `books`, …).
    pub field: FormField,
    /// What is wrong, in the organiser's words.
    pub message: String,
    /// The same as a catalogue message, for a page in another language (what the engine
    /// refuses of the template's own words or the machine is said in English only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
}

impl Problem {
    /// A problem in English only.
    pub fn new(field: FormField, message: impl Into<String>) -> Problem {
        Problem { field, message: message.into(), said: None }
    }

    /// A problem that is catalogue message `id` with `args`, whose English is `message`.
    pub(crate) fn said<const N: usize>(
        field: FormField,
        message: impl Into<String>,
        id: &'static str,
        args: [(&'static str, String); N],
    ) -> Problem {
        Problem { field, message: message.into(), said: Some(Said::new(id, args)) }
    }

    /// A problem that is catalogue message `said`, its English from the English catalogue.
    pub fn catalogued(field: FormField, said: Said) -> Problem {
        let args: Vec<(&str, &str)> = said.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Problem { field, message: Catalogue::english().say(said.id, &args), said: Some(said) }
    }
}

/// The field an error from the pipeline belongs beside, as a catalogue message in a form's
/// words where the organiser's choices caused it; what only a template's own words or the
/// machine cause keeps its English sentence.
pub fn problem_of(e: Error) -> Problem {
    let field = field_of(&e);
    match said_of(&e) {
        Some(said) => Problem::catalogued(field, said),
        None => Problem::new(field, e.to_string()),
    }
}

/// The design's field an error belongs beside.
fn field_of(e: &Error) -> FormField {
    match e {
        Error::Run(RunError::LinesUndecided { .. }) => FormField::Lines,
        Error::Settings(s) => match s.field {
            Setting::BleedMm => FormField::BleedMm,
            Setting::Games => FormField::Games,
            Setting::Order => FormField::Order,
            Setting::Logo => FormField::Logo,
            Setting::Lang => FormField::Lang,
            Setting::Prizes => FormField::Prizes,
            Setting::Currency => FormField::Currency,
            _ => FormField::Books,
        },
        Error::Logo(_) | Error::Style(StyleError::Logo { .. }) => FormField::Logo,
        Error::Style(StyleError::OutsideSafeZone { what: PageText::Logo, .. }) => FormField::Logo,
        Error::Font(f) | Error::Style(StyleError::Font(f)) if font_file(f) => FormField::Font,
        Error::Request(RequestError::EmptySeed) => FormField::Seed,
        Error::Run(_) | Error::Request(_) => FormField::Books,
        Error::Template(_) => FormField::Look,
        Error::Style(StyleError::PlayerUrlMissing { .. } | StyleError::PlayerUrlTooLong { .. }) => FormField::PlayerUrl,
        e => match page_text(e) {
            Some(PageText::Title) => FormField::Title,
            Some(PageText::Subtitle | PageText::Footer) => FormField::Subtitle,
            _ if matches!(e, Error::Style(_) | Error::Font(_)) => FormField::Look,
            _ => FormField::Event,
        },
    }
}

/// The catalogue message for what the organiser's own choices cause: the size, the settings,
/// the logo, the player page's address, the title or subtitle (their script, a letter, their
/// width), the lines, the font file.
fn said_of(e: &Error) -> Option<Said> {
    let mm = |v: f32| format!("{v:.1}");
    let style = match e {
        Error::Run(RunError::LinesUndecided { books }) => {
            return Some(Said::new("print-lines-undecided", [("books", books.to_string())]))
        }
        Error::Settings(s) => return Some(s.said.clone()),
        Error::Request(r) => return Some(r.said()),
        Error::Logo(l) => return Some(l.said()),
        Error::Font(f) | Error::Style(StyleError::Font(f)) => return font_said(f),
        Error::Style(s) => s,
        _ => return None,
    };
    match style {
        StyleError::HeaderOverlap { what: PageText::Title, right, left_mm, need_mm, width_mm, .. } => {
            // The room the title has: the header less the right text and the gap between.
            let room = width_mm - (need_mm - left_mm);
            let args = [("width", mm(*left_mm)), ("room", mm(room.max(0.0))), ("right", right.clone())];
            Some(Said::new("print-title-too-wide", args))
        }
        StyleError::LabelTooWide { what: PageText::Title, label, width_mm, room_mm } => Some(Said::new(
            "print-label-too-wide",
            [("label", label.clone()), ("width", mm(*width_mm)), ("room", mm(*room_mm))],
        )),
        StyleError::FooterOnCut { what: PageText::Subtitle } => Some(Said::new("print-subtitle-on-cut", [])),
        StyleError::OutsideSafeZone { what: PageText::Footer, distance_mm, .. } => {
            Some(Said::new("print-subtitle-near-edge", [("distance", mm(*distance_mm)), ("safe", SAFE_MM.to_string())]))
        }
        StyleError::OutsideSafeZone { what: PageText::Logo, distance_mm, .. } => {
            Some(Said::new("print-logo-near-edge", [("distance", mm(*distance_mm)), ("safe", SAFE_MM.to_string())]))
        }
        StyleError::RightToLeft { what, ch, .. } => {
            own_text(*what).map(|what| Said::new("print-right-to-left", [("what", what), ("ch", ch.to_string())]))
        }
        StyleError::Unprintable { what, code, .. } => own_text(*what)
            .map(|what| Said::new("print-unprintable", [("what", what), ("code", format!("U+{code:04X}"))])),
        StyleError::Logo { misfit } => Some(match misfit {
            LogoMisfit::TooHigh { asked, header, area } => Said::new(
                "print-logo-too-high",
                [("asked", asked.to_string()), ("area", area.to_string()), ("band", band(*header))],
            ),
            LogoMisfit::Overlaps { width_mm, text, .. } => {
                Said::new("print-logo-overlaps", [("width", mm(*width_mm)), ("text", text.clone())])
            }
            LogoMisfit::OnCut => Said::new("print-logo-on-cut", []),
        }),
        StyleError::PlayerUrlMissing { template } => {
            Some(Said::new("print-player-url-missing", [("look", template.clone())]))
        }
        StyleError::PlayerUrlTooLong { link, chars, .. } => {
            Some(Said::new("print-player-url-too-long", [("link", link.clone()), ("chars", chars.to_string())]))
        }
        _ => None,
    }
}

/// A band's name, as the catalogue's selectors name it.
fn band(header: bool) -> String {
    if header { "header" } else { "footer" }.to_string()
}

/// The catalogue message for a font's refusal: of the title's letters, or of the file.
fn font_said(f: &FontError) -> Option<Said> {
    match f {
        // The font by name only: a form may be on any system, or in a browser.
        FontError::Script { what, script, ch, .. } => own_text(*what).map(|what| {
            let args = [
                ("what", what),
                ("script", script.clone()),
                ("ch", ch.to_string()),
                ("suggestion", crate::print::font::suggested_font(script)),
            ];
            Said::new("print-script", args)
        }),
        FontError::MissingGlyph { what, ch, code, font } => own_text(*what).map(|what| {
            let args =
                [("what", what), ("ch", ch.to_string()), ("code", format!("U+{code:04X}")), ("font", font.clone())];
            Said::new("print-missing-glyph", args)
        }),
        FontError::Unreadable { .. } => Some(Said::new("print-font-unreadable", [])),
        FontError::Broken { reason, .. } => Some(Said::new("print-font-broken", [("reason", reason.clone())])),
        FontError::CidKeyed { .. } => Some(Said::new("print-font-cid-keyed", [])),
        _ => None,
    }
}

/// The organiser's own text a problem is about, as the catalogue's selectors name it.
fn own_text(what: PageText) -> Option<String> {
    match what {
        PageText::Title => Some("title".into()),
        PageText::Subtitle => Some("subtitle".into()),
        _ => None,
    }
}

/// Whether a font's refusal is about the file itself rather than the text it prints.
fn font_file(e: &FontError) -> bool {
    !matches!(e, FontError::MissingGlyph { .. } | FontError::Script { .. })
}

/// The text of the page an error is about, if it is about one.
fn page_text(e: &Error) -> Option<PageText> {
    match e {
        Error::Style(StyleError::RightToLeft { what, .. } | StyleError::Unprintable { what, .. })
        | Error::Style(StyleError::Font(FontError::MissingGlyph { what, .. } | FontError::Script { what, .. }))
        | Error::Font(FontError::MissingGlyph { what, .. } | FontError::Script { what, .. }) => Some(*what),
        Error::Style(StyleError::OutsideSafeZone { what: PageText::Footer, .. }) => Some(PageText::Footer),
        Error::Style(
            StyleError::FooterOnCut { what }
            | StyleError::LabelTooWide { what, .. }
            | StyleError::HeaderOverlap { what: what @ PageText::Title, .. },
        ) => Some(*what),
        _ => None,
    }
}

impl crate::domain::player_url::PlayerUrlError {
    /// The refusal as a catalogue message.
    pub fn said(&self) -> Said {
        let max = crate::domain::player_url::MAX_LEN.to_string();
        Said::new(self.id, [("given", self.given.clone()), ("max", max)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every engine refusal the organiser's own choices cause is a catalogue message, its
    /// English the studio's sentence, its Hindi whole (a danda at its end, nothing unfilled),
    /// beside the field that causes it. Every `print-` message is met here.
    #[test]
    fn what_the_organisers_choices_cause_is_said_in_each_language() {
        let style = |s: StyleError| Error::Style(s);
        let (english, hindi) = (Catalogue::english(), Catalogue::of("hi").unwrap());
        let mut met = std::collections::BTreeSet::new();
        for (error, field) in cases() {
            let problem = problem_of(error);
            assert_eq!(problem.field.as_str(), field, "{}", problem.message);
            let said = problem.said.expect("a catalogue message");
            let args: Vec<(&str, &str)> = said.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            assert!(!problem.message.contains('{') && !problem.message.starts_with("print-"), "{}", problem.message);
            let words = hindi.say(said.id, &args);
            assert!(hindi.messages.contains_key(said.id) && !words.contains('{') && words.ends_with('।'), "{words}");
            assert_ne!(words, english.say(said.id, &args));
            met.insert(said.id);
        }
        let all: Vec<&String> = english.messages.keys().filter(|id| id.starts_with("print-")).collect();
        assert_eq!(all.len(), met.len(), "met {met:?} of {all:?}");
        // The choice the command line makes with a flag is named as the form names it.
        let lines = problem_of(Error::Run(RunError::LinesUndecided { books: 10_001 })).message;
        assert!(lines.starts_with("10001 books with no line repeated") && lines.ends_with("or “Lines may repeat”"));
        // What the template's own words cause is said in English only, beside the look.
        let own = problem_of(style(StyleError::FooterOnCut { what: PageText::FooterText }));
        assert_eq!((own.field, own.said), (FormField::Look, None));
    }

    /// Every refusal of the organiser's choices, with the field it belongs beside.
    fn cases() -> Vec<(Error, &'static str)> {
        let title = PageText::Title;
        let subtitle = PageText::Subtitle;
        let style = |s: StyleError| Error::Style(s);
        vec![
            (Error::Run(RunError::LinesUndecided { books: 10_001 }), "lines"),
            (
                style(StyleError::HeaderOverlap {
                    what: title,
                    book: 1,
                    left: "दिवाली".into(),
                    right: "किताब 1".into(),
                    left_mm: 290.5,
                    right_mm: 18.8,
                    need_mm: 312.3,
                    width_mm: 186.0,
                }),
                "title",
            ),
            (
                style(StyleError::LabelTooWide {
                    what: title, label: "दिवाली".into(), width_mm: 181.6, room_mm: 93.5
                }),
                "title",
            ),
            (style(StyleError::FooterOnCut { what: subtitle }), "subtitle"),
            (style(StyleError::OutsideSafeZone { what: PageText::Footer, book: 1, distance_mm: 2.5 }), "subtitle"),
            (style(StyleError::RightToLeft { what: subtitle, ch: 'ع', code: 0x639 }), "subtitle"),
            (style(StyleError::Unprintable { what: title, code: 0x7, why: "a control character" }), "title"),
            (
                Error::Font(FontError::Script {
                    suggestion: crate::print::font::suggestion("Bengali"),
                    what: title,
                    script: "Bengali".into(),
                    ch: 'দ',
                    code: 0x09A6,
                    font: "LiberationSans-Bold".into(),
                }),
                "title",
            ),
            (
                style(StyleError::Font(FontError::MissingGlyph {
                    what: title,
                    ch: '€',
                    code: 0x20AC,
                    font: "X".into(),
                })),
                "title",
            ),
            (Error::Font(FontError::Unreadable { file: "f".into() }), "font"),
            (Error::Font(FontError::Broken { file: "f".into(), reason: "no cmap".into() }), "font"),
            (Error::Font(FontError::CidKeyed { file: "f".into() }), "font"),
            (style(StyleError::Logo { misfit: LogoMisfit::TooHigh { asked: 20.0, header: true, area: 14.0 } }), "logo"),
            (
                style(StyleError::Logo {
                    misfit: LogoMisfit::Overlaps { width_mm: 60.0, text: "दिवाली".into(), book: 1 },
                }),
                "logo",
            ),
            (style(StyleError::Logo { misfit: LogoMisfit::OnCut }), "logo"),
            (style(StyleError::OutsideSafeZone { what: PageText::Logo, book: 1, distance_mm: 1.5 }), "logo"),
            (style(StyleError::PlayerUrlMissing { template: "phone".into() }), "player_url"),
            (
                style(StyleError::PlayerUrlTooLong {
                    link: "http://example.com/t/X".into(),
                    chars: 90,
                    version: 3,
                    template: "phone".into(),
                }),
                "player_url",
            ),
        ]
    }
}

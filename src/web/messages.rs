//! The night's pages in the people's languages: one Fluent catalogue per language
//! (`src/web/messages/{lang}.ftl`; build.rs compiles in every file there, so a new language is
//! a new file and no code), served to the pages as JSON. Each message is text with `{ $name }`
//! placeables the page fills in. English is the reference: every other catalogue has exactly
//! its messages, which a test checks, naming any missing or extra.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use super::error::ApiError;

/// Each catalogue's language tag and text, as build.rs found them.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// One language's messages.
#[derive(Clone, Debug, Serialize)]
pub struct Catalogue {
    /// The language's tag (`en`, `hi`), the file's name.
    pub lang: String,
    /// The language's name in itself (`English`, `हिन्दी`): its `language-name` message.
    pub name: String,
    /// Each message's id and its text, placeables written `{$name}`.
    pub messages: BTreeMap<String, String>,
}

/// Reads a catalogue: Fluent messages whose values are text and variable placeables; anything
/// else (a term, a selector, a syntax error) is refused with its place.
pub fn parse(lang: &str, text: &str) -> Result<Catalogue, String> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| {
        let e = &errors[0];
        let line = text[..e.pos.start.min(text.len())].lines().count().max(1);
        format!("{lang}.ftl:{line}: {:?}", e.kind)
    })?;
    let mut messages = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let id = m.id.name.to_string();
                let pattern = m.value.ok_or_else(|| format!("{lang}.ftl: `{id}` has no text"))?;
                let mut value = String::new();
                for element in pattern.elements {
                    match element {
                        PatternElement::TextElement { value: text } => value.push_str(text),
                        PatternElement::Placeable {
                            expression: Expression::Inline(InlineExpression::VariableReference { id: var }),
                        } => value.push_str(&format!("{{${}}}", var.name)),
                        PatternElement::Placeable {
                            expression: Expression::Inline(InlineExpression::StringLiteral { value: text }),
                        } => value.push_str(text),
                        _ => return Err(format!("{lang}.ftl: `{id}`: only text and {{ $name }} are used here")),
                    }
                }
                if messages.insert(id.clone(), value).is_some() {
                    return Err(format!("{lang}.ftl: `{id}` is there twice"));
                }
            }
            Entry::Comment(_) | Entry::GroupComment(_) | Entry::ResourceComment(_) => {}
            Entry::Term(t) => return Err(format!("{lang}.ftl: the term `-{}` is not used here", t.id.name)),
            Entry::Junk { content } => {
                return Err(format!("{lang}.ftl: cannot read `{}`", crate::domain::text::clip(content.trim(), 40)))
            }
        }
    }
    let name = messages.get("language-name").cloned().ok_or_else(|| format!("{lang}.ftl: no `language-name`"))?;
    Ok(Catalogue { lang: lang.to_string(), name, messages })
}

/// Every catalogue compiled in, English first. A catalogue that does not read is left out
/// (the tests read each one and fail on it).
pub fn catalogues() -> &'static [Catalogue] {
    static ALL: OnceLock<Vec<Catalogue>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Catalogue> = FILES.iter().filter_map(|(lang, text)| parse(lang, text).ok()).collect();
        all.sort_by_key(|c| (c.lang != "en", c.lang.clone()));
        all
    })
}

/// A language the pages can be shown in.
#[derive(Serialize)]
pub struct Language {
    /// Its tag.
    pub lang: String,
    /// Its name in itself.
    pub name: String,
}

/// `GET /api/languages` → every language the pages speak, English first.
pub async fn languages() -> Json<Vec<Language>> {
    Json(catalogues().iter().map(|c| Language { lang: c.lang.clone(), name: c.name.clone() }).collect())
}

/// `GET /api/messages/{lang}` → that language's catalogue; 404 for one housie does not have.
pub async fn messages(Path(lang): Path<String>) -> Response {
    match catalogues().iter().find(|c| c.lang == lang) {
        Some(c) => Json(c).into_response(),
        None => ApiError::not_found(format!(
            "housie has no messages in `{}`; it has {}",
            crate::domain::text::clip(&lang, 20),
            catalogues().iter().map(|c| c.lang.as_str()).collect::<Vec<_>>().join(", ")
        ))
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_reads_and_has_exactly_the_english_messages() {
        let english = parse("en", FILES.iter().find(|(l, _)| *l == "en").unwrap().1).unwrap();
        assert!(FILES.len() >= 2, "English and Hindi at least");
        for (lang, text) in FILES {
            let c = parse(lang, text).unwrap_or_else(|e| panic!("{e}"));
            let missing: Vec<_> = english.messages.keys().filter(|k| !c.messages.contains_key(*k)).collect();
            let extra: Vec<_> = c.messages.keys().filter(|k| !english.messages.contains_key(*k)).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{lang}.ftl: missing {missing:?}, extra {extra:?}");
            // The same placeables in each message: a page fills in what English names.
            for (id, text) in &c.messages {
                let vars = |t: &str| {
                    let mut v: Vec<String> =
                        t.split("{$").skip(1).map(|s| s.split('}').next().unwrap().to_string()).collect();
                    v.sort();
                    v
                };
                assert_eq!(vars(text), vars(&english.messages[id]), "{lang}.ftl: `{id}`");
            }
        }
        assert_eq!(catalogues()[0].lang, "en");
    }

    #[test]
    fn a_broken_catalogue_is_refused_with_its_place() {
        let err = parse("xx", "language-name = X\nbad line here\n").unwrap_err();
        assert!(err.starts_with("xx.ftl:2: "), "{err}");
        assert!(parse("xx", "a = { -term }\n").is_err());
        assert!(parse("xx", "a = b\n").unwrap_err().contains("no `language-name`"));
        let c = parse("xx", "language-name = X\ncalls = { $count } calls\n").unwrap();
        assert_eq!(c.messages["calls"], "{$count} calls");
    }
}

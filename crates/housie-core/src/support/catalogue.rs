//! housie's words in the people's languages: one Fluent catalogue per language
//! (`messages/{lang}.ftl`; build.rs compiles in every file there, so a new language is a new
//! file and no code). The night's pages are served them as JSON (`web::messages`); the
//! cash-up's text and sheet are written from them. Each message is text with `{ $name }`
//! placeables filled in by whoever shows it. English is the reference: every other catalogue
//! has exactly its messages, which a test checks, naming any missing or extra.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Serialize;

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

impl Catalogue {
    /// The catalogue of language `lang`, if housie has it.
    pub fn of(lang: &str) -> Option<&'static Catalogue> {
        catalogues().iter().find(|c| c.lang == lang)
    }

    /// English, the reference every other catalogue follows.
    pub fn english() -> &'static Catalogue {
        Catalogue::of("en").expect("the English catalogue is compiled in and reads")
    }

    /// A prize by its name in the prize set, in this language where the catalogue has it
    /// (`prize-early-five`), else as the set names it.
    pub fn prize(&self, name: &str) -> String {
        let slug: String = name
            .trim()
            .to_lowercase()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        self.messages.get(&format!("prize-{slug}")).cloned().unwrap_or_else(|| name.to_string())
    }

    /// Message `id` with its `{$name}`s filled from `args`; a message the catalogue lacks is
    /// taken from English (the tests keep every catalogue complete), else shown as its id.
    pub fn say(&self, id: &str, args: &[(&str, &str)]) -> String {
        let text = self.messages.get(id).or_else(|| Catalogue::english().messages.get(id));
        let Some(text) = text else { return id.to_string() };
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find("{$") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            let end = after.find('}').unwrap_or(after.len());
            let name = &after[..end];
            out.push_str(args.iter().find(|(k, _)| *k == name).map_or("", |(_, v)| v));
            rest = after.get(end + 1..).unwrap_or("");
        }
        out.push_str(rest);
        out
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
        assert_eq!(c.say("calls", &[("count", "3")]), "3 calls");
        assert_eq!(Catalogue::english().say("desk-called", &[("index", "2"), ("number", "17")]), "Call 2: 17");
    }
}

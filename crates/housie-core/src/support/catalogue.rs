//! housie's words in the people's languages: one Fluent catalogue per language
//! (`messages/{lang}.ftl`; build.rs compiles in every file there, so a new language is a new
//! file and no code). The night's pages are served them as JSON (`web::messages`); the
//! cash-up's text and sheet are written from them. English is the reference: every other
//! catalogue has exactly its messages, which a test checks, naming any missing or extra.
//!
//! Messages are read with full Fluent (`fluent-bundle`): a message may choose its words by a
//! number (`{ $count -> [one] … *[other] … }`), by the language's own plural rules (CLDR: in
//! Hindi 0 and 1 are both `one`). Rust resolves them through the bundle; the pages get each
//! variant's text and choose with the browser's `Intl.PluralRules`, the rules Fluent uses.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
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
    /// Each message's id and its words, placeables written `{$name}`.
    pub messages: BTreeMap<String, Message>,
    /// The same file as Fluent resolves it, for the words Rust writes.
    #[serde(skip)]
    bundle: Bundle,
}

/// A message as the pages get it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Message {
    /// Text with `{$name}` placeables.
    Text(String),
    /// Words chosen by a number.
    Select {
        /// The variable whose number chooses.
        select: String,
        /// Each variant's whole text by its key: a plural category (`one`, `few`, `other`) or
        /// an exact number (`0`).
        variants: BTreeMap<String, String>,
        /// The key of the variant taken when no other fits.
        default: String,
    },
}

impl Message {
    /// The names of its placeables, sorted, each once (those of every variant, and the
    /// selector's).
    pub fn variables(&self) -> Vec<String> {
        let mut names = Vec::new();
        let mut scan =
            |t: &str| names.extend(t.split("{$").skip(1).map(|s| s.split('}').next().unwrap_or("").to_string()));
        match self {
            Message::Text(t) => scan(t),
            Message::Select { select, variants, .. } => {
                variants.values().for_each(|t| scan(t));
                names.push(select.clone());
            }
        }
        names.sort();
        names.dedup();
        names
    }
}

/// A value for a placeable: text as it is, or a number, which Fluent can choose words by.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Text, shown as it is.
    Text(&'a str),
    /// A count, which a plural chooses by.
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(s)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u32, u64, usize, i64);

/// A language's Fluent bundle, shared by the clones of its catalogue.
#[derive(Clone)]
struct Bundle(Arc<FluentBundle<FluentResource>>);

impl std::fmt::Debug for Bundle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bundle")
    }
}

/// Reads a catalogue: Fluent messages of text, `{ $name }` placeables and at most one
/// selector on a variable (a plural); anything else (a term, a nested selector, a syntax
/// error) is refused with its place, since the pages get every message as plain text.
pub fn parse(lang: &str, text: &str) -> Result<Catalogue, String> {
    use fluent_syntax::ast::Entry;
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
                let message = flatten(&pattern).map_err(|what| format!("{lang}.ftl: `{id}`: {what}"))?;
                if messages.insert(id.clone(), message).is_some() {
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
    let name = match messages.get("language-name") {
        Some(Message::Text(name)) => name.clone(),
        _ => return Err(format!("{lang}.ftl: no `language-name`")),
    };
    Ok(Catalogue { lang: lang.to_string(), name, messages, bundle: bundle(lang, text)? })
}

/// A message's pattern as the pages get it: its text, or each variant's whole text with what
/// stands before and after the selector.
fn flatten(pattern: &fluent_syntax::ast::Pattern<&str>) -> Result<Message, String> {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement, VariantKey};
    let mut before = String::new();
    let mut after = String::new();
    // The selector's variable, and each variant's key, text and whether it is the default.
    type Variant = (String, String, bool);
    let mut select: Option<(String, Vec<Variant>)> = None;
    for element in &pattern.elements {
        let piece = match element {
            PatternElement::TextElement { value } => value.to_string(),
            PatternElement::Placeable { expression: Expression::Inline(e) } => inline(e)?,
            PatternElement::Placeable { expression: Expression::Select { selector, variants } } => {
                let InlineExpression::VariableReference { id } = selector else {
                    return Err("a selector chooses by a { $variable } only".into());
                };
                if select.is_some() {
                    return Err("one selector a message".into());
                }
                let mut chosen = Vec::new();
                for v in variants {
                    let key = match &v.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    };
                    let mut text = String::new();
                    for e in &v.value.elements {
                        match e {
                            PatternElement::TextElement { value } => text.push_str(value),
                            PatternElement::Placeable { expression: Expression::Inline(e) } => {
                                text.push_str(&inline(e)?)
                            }
                            PatternElement::Placeable { .. } => return Err("a selector inside a selector".into()),
                        }
                    }
                    chosen.push((key, text, v.default));
                }
                select = Some((id.name.to_string(), chosen));
                continue;
            }
        };
        if select.is_some() { &mut after } else { &mut before }.push_str(&piece);
    }
    Ok(match select {
        None => Message::Text(before),
        Some((select, chosen)) => Message::Select {
            select,
            default: chosen.iter().find(|(_, _, d)| *d).map(|(k, _, _)| k.clone()).unwrap_or_default(),
            variants: chosen.into_iter().map(|(k, text, _)| (k, format!("{before}{text}{after}"))).collect(),
        },
    })
}

/// A placeable's text: `{$name}` for a variable, a literal as itself.
fn inline(e: &fluent_syntax::ast::InlineExpression<&str>) -> Result<String, String> {
    use fluent_syntax::ast::InlineExpression;
    match e {
        InlineExpression::VariableReference { id } => Ok(format!("{{${}}}", id.name)),
        InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => Ok(value.to_string()),
        _ => Err("only text, { $name } and plurals are used here".into()),
    }
}

/// The file as Fluent resolves it, in its language's plural rules; placeables are not
/// wrapped in Unicode isolation marks (the words go into PDF text and plain-text cash-ups).
fn bundle(lang: &str, text: &str) -> Result<Bundle, String> {
    let tag: unic_langid::LanguageIdentifier =
        lang.parse().map_err(|_| format!("{lang}.ftl: `{lang}` is not a language tag"))?;
    let resource = FluentResource::try_new(text.to_string())
        .map_err(|(_, e)| format!("{lang}.ftl: Fluent cannot read it: {e:?}"))?;
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).map_err(|e| format!("{lang}.ftl: {e:?}"))?;
    Ok(Bundle(Arc::new(bundle)))
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

/// A prize's name as a message id's tail: lower case, runs of other characters one hyphen
/// (`Early Five!` → `early-five`), as the pages' `slug` makes it.
fn slug(name: &str) -> String {
    let name = name.trim().to_lowercase();
    let words: Vec<&str> = name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.join("-")
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
        match self.messages.get(&format!("prize-{}", slug(name))) {
            Some(Message::Text(text)) => text.clone(),
            _ => name.to_string(),
        }
    }

    /// Message `id` with its `{$name}`s filled with text from `args`; a message the catalogue
    /// lacks is taken from English (the tests keep every catalogue complete), else shown as
    /// its id.
    pub fn say(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, Arg)> = args.iter().map(|&(k, v)| (k, Arg::Text(v))).collect();
        self.say_with(id, &args)
    }

    /// Message `id` with its placeables filled from `args`, text or numbers: a number chooses
    /// a plural's words by this language's rules.
    pub fn say_with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let found = [self, Catalogue::english()]
            .into_iter()
            .find_map(|c| c.bundle.0.get_message(id).and_then(|m| m.value()).map(|p| (c, p)));
        let Some((c, pattern)) = found else { return id.to_string() };
        let mut values = FluentArgs::new();
        for &(k, v) in args {
            values.set(
                k,
                match v {
                    Arg::Text(t) => FluentValue::from(t),
                    Arg::Number(n) => FluentValue::from(n),
                },
            );
        }
        let mut errors = Vec::new();
        c.bundle.0.format_pattern(pattern, Some(&values), &mut errors).into_owned()
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
            for (id, message) in &c.messages {
                assert_eq!(message.variables(), english.messages[id].variables(), "{lang}.ftl: `{id}`");
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
        assert_eq!(c.messages["calls"], Message::Text("{$count} calls".into()));
        assert_eq!(c.say("calls", &[("count", "3")]), "3 calls");
        assert_eq!(Catalogue::english().say("desk-called", &[("index", "2"), ("number", "17")]), "Call 2: 17");
    }

    #[test]
    fn plurals_are_chosen_by_each_languages_rules() {
        let (en, hi) = (Catalogue::english(), Catalogue::of("hi").unwrap());
        let calls = |c: &Catalogue, n: u64| c.say_with("calls", &[("count", n.into())]);
        assert_eq!([calls(en, 0), calls(en, 1), calls(en, 2)], ["0 calls", "1 call", "2 calls"]);
        // Hindi's `one` holds 0 as well as 1 (CLDR), and its verb agrees: बुलाया गया / बुलाए गए.
        assert_eq!([calls(hi, 0), calls(hi, 1), calls(hi, 2)], ["0 नंबर बुलाया गया", "1 नंबर बुलाया गया", "2 नंबर बुलाए गए"]);
        // The cash-up's seal line: घटना, one event; घटनाएँ, more.
        let seal = |c: &Catalogue, n: u64| c.say_with("cashup-seal", &[("events", n.into()), ("seal", "ab12".into())]);
        assert!(seal(en, 1).starts_with("Night's log: 1 event, seal ab12 "), "{}", seal(en, 1));
        assert!(seal(en, 2).starts_with("Night's log: 2 events, seal ab12 "), "{}", seal(en, 2));
        assert!(seal(hi, 1).starts_with("रात का लॉग: 1 घटना, सील ab12 "), "{}", seal(hi, 1));
        assert!(seal(hi, 2).starts_with("रात का लॉग: 2 घटनाएँ, सील ab12 "), "{}", seal(hi, 2));
        // The pages get each variant whole, the selector's variable and the default.
        let Message::Select { select, variants, default } = &hi.messages["calls"] else { panic!("a plural") };
        assert_eq!((select.as_str(), default.as_str()), ("count", "other"));
        assert_eq!(variants["one"], "{$count} नंबर बुलाया गया");
        let json = serde_json::to_value(&hi.messages["calls"]).unwrap();
        assert_eq!(json["variants"]["other"], "{$count} नंबर बुलाए गए");
        // Text around the selector goes into every variant; an exact number beats a category.
        let c = parse("xx", "language-name = X\nn = Seen { $n ->\n [0] no numbers\n [one] one number\n *[other] { $n } numbers\n} tonight\n").unwrap();
        let Message::Select { variants, .. } = &c.messages["n"] else { panic!("a plural") };
        assert_eq!(variants["0"], "Seen no numbers tonight");
        assert_eq!(c.say_with("n", &[("n", 0u64.into())]), "Seen no numbers tonight");
        assert_eq!(c.say_with("n", &[("n", 7u64.into())]), "Seen 7 numbers tonight");
        // A selector on anything but a variable, or inside another, is refused.
        assert!(parse("xx", "language-name = X\nn = { $a ->\n *[x] { $b ->\n *[y] z\n }\n}\n").is_err());
    }

    /// The Hindi words docs/night.md's glossary fixes: each English term's one Hindi word, and
    /// the variants once used beside it, which no Hindi message may use.
    const GLOSSARY: &[(&str, &str, &[&str])] = &[
        ("seed", "सीड", &["बीज"]),
        ("star", "तारा", &["सितारा"]),
        ("page (printed or on screen)", "पन्ना", &["पेज", "पृष्ठ"]),
        ("book", "किताब", &["बुक ", "पुस्तिका"]),
        ("prize", "इनाम", &["पुरस्कार"]),
        ("game", "खेल", &["गेम"]),
        ("serial", "सीरियल", &["क्रमांक"]),
    ];

    #[test]
    fn hindi_uses_the_glossarys_words() {
        let hi = Catalogue::of("hi").unwrap();
        let text = |m: &Message| match m {
            Message::Text(t) => t.clone(),
            Message::Select { variants, .. } => variants.values().cloned().collect::<Vec<_>>().join(" "),
        };
        for (term, word, not) in GLOSSARY {
            assert!(hi.messages.values().any(|m| text(m).contains(word)), "{term}: {word} is used nowhere");
            for (id, m) in &hi.messages {
                let t = format!("{} ", text(m));
                for wrong in *not {
                    assert!(!t.contains(wrong), "hi.ftl `{id}` says {wrong} for {term}; the glossary's word is {word}");
                }
            }
        }
        // Hindi sentences end in a danda, not an English full stop (an abbreviation keeps its dot).
        for (id, m) in &hi.messages {
            let t = text(m);
            let chars: Vec<char> = t.chars().collect();
            for w in chars.windows(3) {
                let devanagari = ('\u{0900}'..='\u{097F}').contains(&w[0]);
                assert!(!(devanagari && w[1] == '.' && w[2] == ' ') || id == "paper-no", "hi.ftl `{id}`: {t}");
            }
        }
    }

    /// Every refusal, warning and verdict a page or the studio can show is said in Hindi in
    /// Hindi's own letters: a message that came out Latin-only (English left in place) fails
    /// here, by its id. The families are those the engine's `Said`s and the page's own
    /// refusals use; `verify-detail` alone carries an auditor's English detail whole.
    #[test]
    fn every_refusal_a_page_can_show_is_in_hindi_letters() {
        const FAMILIES: [&str; 13] = [
            "design-",
            "print-",
            "settings-",
            "request-",
            "logo-",
            "player-url-",
            "note-",
            "verify-",
            "zip-",
            "page-",
            "file-",
            "site-",
            "form-",
        ];
        let hi = Catalogue::of("hi").unwrap();
        let en = Catalogue::english();
        let text = |m: &Message| match m {
            Message::Text(t) => t.clone(),
            Message::Select { variants, .. } => variants.values().cloned().collect::<Vec<_>>().join(" "),
        };
        let mut met = 0;
        for id in en.messages.keys().filter(|id| FAMILIES.iter().any(|f| id.starts_with(f))) {
            if id == "verify-detail" {
                continue;
            }
            let words = hi.messages.get(id).map(text).unwrap_or_default();
            // Placeholders and code (`housie verify`) aside, some word is Devanagari.
            let own: String = words.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            assert!(
                own.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)),
                "hi.ftl `{id}` is not in Hindi: {words}"
            );
            met += 1;
        }
        assert!(met > 150, "only {met} messages met");
    }
}

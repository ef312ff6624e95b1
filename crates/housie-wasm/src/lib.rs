#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's engine in a web page: what the page calls, in JavaScript's terms (strings, byte
//! arrays), over the same `housie-core` the command line and the studio run. Nothing here
//! decides anything: a design becomes a plan through the core's policy, a run's files are the
//! core's, byte for byte the ones `housie generate` writes for the same design and seed, and a
//! dropped run is verified by the core's `verify`, as `housie verify` does.
//!
//! `site/housie.js` wraps these in the documented module (docs/browser.md); a problem is thrown
//! as JSON, `{"field": …, "message": …}`, so the page can put it beside its field.

mod archive;
mod design;
mod desk_api;
mod dropped;
mod files;
mod night;
mod progress;
mod run;
mod zip_names;

use housie_core::pipeline::form_field::FormField;
use std::path::Path;

use housie_core::world::Files;
use wasm_bindgen::prelude::*;

pub use design::{check, generate, preview};
pub use dropped::DroppedRun;
pub use night::PageNight;
pub use run::Run;

/// The folder a page's event is made in: its files (a logo, a template) are named from here,
/// and a run records them so, beside its own files (`housie verify` looks there first).
const EVENT: &str = "";

/// housie's version, as run.json records it.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The files the organiser gave the page (a logo, a template), by name: the engine's world.
#[wasm_bindgen]
#[derive(Clone, Default)]
pub struct World {
    files: Files,
    names: Vec<(String, usize)>,
}

#[wasm_bindgen]
impl World {
    /// No files yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> World {
        World::default()
    }

    /// `bytes` as the event's file `name` (`logo.png`, `logo.jpg`, `template.toml`).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) {
        let files = std::mem::take(&mut self.files);
        self.names.retain(|(n, _)| n != name);
        self.names.push((name.to_string(), bytes.len()));
        self.files = files.with(Path::new(EVENT).join(name), bytes);
    }
}

/// SHA-256 of what the engine's C libraries give for fixed inputs, hex: every sRGB colour
/// through Little CMS to FOGRA39's CMYK (`colours`), and a run's page deflated by libdeflate
/// (`deflate`). The page can show them; tests hold them to the native build's.
#[wasm_bindgen]
pub fn self_check() -> String {
    let checks = housie_core::self_check::self_check();
    serde_json::json!({ "colours": checks.colours, "deflate": checks.deflate }).to_string()
}

/// A problem for the page, beside `field`.
fn problem(field: FormField, message: &str) -> JsError {
    design_problem(&housie_core::pipeline::problem::Problem::new(field, message))
}

/// A problem for the page beside `field` that is catalogue message `id` with `args`.
fn said_problem<const N: usize>(field: FormField, id: &'static str, args: [(&'static str, String); N]) -> JsError {
    design_problem(&housie_core::pipeline::problem::Problem::catalogued(
        field,
        housie_core::support::said::Said::new(id, args),
    ))
}

/// A problem for the page beside `field` that is the catalogue message `said`.
fn said_problem_of(field: FormField, said: housie_core::support::said::Said) -> JsError {
    design_problem(&housie_core::pipeline::problem::Problem::catalogued(field, said))
}

/// A design's problem for the page, beside its field, with its catalogue message when it has
/// one (the page says it in its own language).
fn design_problem(p: &housie_core::pipeline::problem::Problem) -> JsError {
    JsError::new(&serde_json::to_string(p).expect("a problem serialises"))
}

/// The id of a new event called `title` (its letters in any script, lower case, hyphens
/// between words, as the studio names its folder), the first not among `taken` (a JSON list of
/// the browser's events' ids).
#[wasm_bindgen]
pub fn event_id(title: &str, taken: &str) -> Result<String, JsError> {
    let taken: Vec<String> = serde_json::from_str(taken).map_err(|e| problem(FormField::Event, &e.to_string()))?;
    Ok(housie_core::domain::event_id::free(title, |id| taken.iter().any(|t| t == id)))
}

/// A new event's design called `title`, its paper in `lang` (empty for English), as JSON: what
/// the studio gives a new event, every other field as housie's default.
#[wasm_bindgen]
pub fn new_design(title: &str, lang: &str) -> String {
    let design = housie_core::pipeline::design::Design {
        title: title.trim().to_string(),
        lang: lang.to_string(),
        ..Default::default()
    };
    serde_json::to_string(&design).expect("a design serialises")
}

/// The design form as data (its fields, their bounds and choices, a new event's design), as
/// JSON: the page draws its form from it, as the studio does from `GET /api/schema`. The page
/// has no upload of a template, so no `own` look.
#[wasm_bindgen]
pub fn schema() -> String {
    serde_json::to_string(&housie_core::pipeline::design_schema::DesignSchema::new(false)).expect("a schema serialises")
}

/// The languages housie's words come in, English first: `[{lang, name}]` as JSON.
#[wasm_bindgen]
pub fn languages() -> String {
    let all = housie_core::support::catalogue::catalogues();
    let list: Vec<_> = all.iter().map(|c| serde_json::json!({ "lang": c.lang, "name": c.name })).collect();
    serde_json::to_string(&list).expect("names serialise")
}

/// The catalogue of `lang` (`{lang, name, messages}`) as JSON; English for a language housie
/// does not have.
#[wasm_bindgen]
pub fn catalogue(lang: &str) -> String {
    use housie_core::support::catalogue::Catalogue;
    serde_json::to_string(Catalogue::of(lang).unwrap_or_else(Catalogue::english)).expect("a catalogue serialises")
}

/// Message `id` in language `lang` (English where it has none), its arguments from `args`, a
/// JSON object of texts and whole numbers (a number chooses a plural's words by the language's
/// rules): how a page says a refusal's `said` with the engine's own Fluent.
#[wasm_bindgen]
pub fn say(lang: &str, id: &str, args: &str) -> Result<String, JsError> {
    use housie_core::support::catalogue::{Arg, Catalogue};
    let args: serde_json::Map<String, serde_json::Value> = serde_json::from_str(args)
        .map_err(|e| problem(FormField::Event, &format!("the arguments are not a JSON object: {e}")))?;
    let values: Vec<(&str, Arg)> = args
        .iter()
        .map(|(k, v)| match v {
            serde_json::Value::Number(n) if n.is_i64() => (k.as_str(), Arg::Number(n.as_i64().unwrap_or(0))),
            serde_json::Value::String(t) => (k.as_str(), Arg::Text(t)),
            _ => (k.as_str(), Arg::Text("")),
        })
        .collect();
    Ok(Catalogue::of(lang).unwrap_or_else(Catalogue::english).say_with(id, &values))
}

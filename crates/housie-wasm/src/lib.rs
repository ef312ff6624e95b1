#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! housie's engine in a web page: what the page calls, in JavaScript's terms (strings, byte
//! arrays), over the same `housie-core` the command line and the studio run. Nothing here
//! decides anything: a design becomes a plan through the core's policy, and a run's files are
//! the core's, byte for byte the ones `housie generate` writes for the same design and seed.

use std::path::Path;

use housie_core::export::MemoryFiles;
use housie_core::pipeline::design::Design;
use housie_core::pipeline::{write_run, SeedChoice, Watch};
use housie_core::support::date::RunDate;
use housie_core::world::Files;
use wasm_bindgen::prelude::*;

/// The folder a page's event is made in: its files (a logo, a template) are named from here.
const EVENT: &str = "event";

/// housie's version, as run.json records it.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The files the organiser gave the page (a logo, a template), by name: the engine's world.
#[wasm_bindgen]
#[derive(Default)]
pub struct World {
    files: Files,
}

#[wasm_bindgen]
impl World {
    /// No files yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> World {
        World::default()
    }

    /// `bytes` as the event's file `name` (`logo.png`, `template.toml`).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) {
        let files = std::mem::take(&mut self.files);
        self.files = files.with(Path::new(EVENT).join(name), bytes);
    }
}

/// A run made in the page: its files, in the order they were written.
#[wasm_bindgen]
pub struct Run {
    files: MemoryFiles,
}

#[wasm_bindgen]
impl Run {
    /// The files' names: the PDF volumes, `manifest.csv`, `run.json`.
    pub fn names(&self) -> Vec<String> {
        self.files.files().iter().map(|(name, _)| name.clone()).collect()
    }

    /// The bytes of file `name`.
    pub fn file(&self, name: &str) -> Option<Vec<u8>> {
        self.files.get(name).map(<[u8]>::to_vec)
    }
}

/// The design (the studio's event JSON) drawn and written: from `seed` when given (text anyone
/// can recompute), else from `entropy` (32 bytes from the browser's `crypto.getRandomValues`),
/// dated `date` (seconds since 1970), its logo and template read from `world`. A problem is
/// thrown as JSON: `{"field": …, "message": …}`.
#[wasm_bindgen]
pub fn generate(
    design: &str,
    seed: Option<String>,
    entropy: Option<Vec<u8>>,
    date: f64,
    world: &World,
) -> Result<Run, JsError> {
    let design: Design = serde_json::from_str(design).map_err(|e| problem("event", &e.to_string()))?;
    let seed = match (seed, entropy) {
        (Some(text), _) => SeedChoice::Text(text),
        (None, Some(bytes)) => SeedChoice::Random(
            bytes.try_into().map_err(|_| problem("event", "the entropy is 32 bytes from the browser"))?,
        ),
        (None, None) => return Err(problem("event", "give a seed, or 32 bytes of entropy")),
    };
    let date = RunDate::from_unix(date as i64).ok_or_else(|| problem("event", "the date is out of range"))?;
    let planned = design
        .plan(Path::new(EVENT), seed, date, None, &world.files)
        .map_err(|problems| problem(problems[0].field, &problems[0].message))?;
    let mut files = MemoryFiles::default();
    write_run(&planned.plan, &mut files, Watch::none()).map_err(|e| problem("event", &e.to_string()))?;
    Ok(Run { files })
}

/// SHA-256 of what the engine's C libraries give for fixed inputs, hex: every sRGB colour
/// through Little CMS to FOGRA39's CMYK (`colours`), and a run's page deflated by libdeflate
/// (`deflate`). The page can show them; tests hold them to the native build's.
#[wasm_bindgen]
pub fn self_check() -> String {
    let checks = housie_core::self_check::self_check();
    serde_json::json!({ "colours": checks.colours, "deflate": checks.deflate }).to_string()
}

fn problem(field: &str, message: &str) -> JsError {
    JsError::new(&serde_json::json!({ "field": field, "message": message }).to_string())
}

//! An event's design in the page: its problems, its preview, and its run, each through the
//! core's policy exactly as the studio's server does it.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use housie_core::export::MemoryFiles;
use housie_core::pipeline::design::{logo_name, warnings, Design, SAMPLE};
use housie_core::pipeline::{prepare, Planned, SeedChoice, Watch};
use housie_core::record::continuation::Continuation;
use housie_core::support::date::RunDate;
use wasm_bindgen::prelude::*;

use crate::run::Run;
use crate::{design_problem, problem, progress, World, EVENT};

/// The design's problems (each `{field, message}`), its warnings and how many pages it
/// prints, as JSON: what the studio's event page shows after each edit.
#[wasm_bindgen]
pub fn check(design: &str, world: &World) -> Result<String, JsError> {
    let design = parse(design)?;
    let (problems, warnings, pages) = match planned(&design, SAMPLE, RunDate::EPOCH, None, world) {
        Ok(planned) => (Vec::new(), warnings(&planned.notes), planned.plan.page_count()),
        Err(problems) => (problems, Vec::new(), 0),
    };
    Ok(serde_json::json!({ "problems": problems, "warnings": warnings, "pages": pages }).to_string())
}

/// Page `page` (from 1) of the design as SVG with sample numbers: the print's own page.
#[wasm_bindgen]
pub fn preview(design: &str, page: u32, world: &World) -> Result<String, JsError> {
    let design = parse(design)?;
    let planned =
        planned(&design, SAMPLE, RunDate::EPOCH, None, world).map_err(|problems| design_problem(&problems[0]))?;
    housie_core::pipeline::preview(&planned.plan, u64::from(page))
        .map_err(|e| design_problem(&housie_core::pipeline::problem::problem_of(e)))
}

/// The name (`logo.png` or `logo.jpg`) an image is kept under, once it is checked as `--logo`
/// checks it (its size, its kind, its pixels).
#[wasm_bindgen]
pub fn logo_file(bytes: &[u8]) -> Result<String, JsError> {
    logo_name(bytes).map(str::to_string).map_err(|p| design_problem(&p))
}

/// The name a font is kept under (its PostScript name, `.ttf`, `.otf` or `.ttc`), once it is
/// checked as `--font` checks a file.
#[wasm_bindgen]
pub fn font_file(bytes: &[u8]) -> Result<String, JsError> {
    housie_core::pipeline::design_font::font_name(bytes)
        .map_err(|e| design_problem(&housie_core::pipeline::problem::problem_of(e.into())))
}

/// The design's logo once the image `name` is in `world`, as JSON: the old one's height and
/// place kept, else where a new one first fits.
#[wasm_bindgen]
pub fn placed_logo(design: &str, name: &str, world: &World) -> Result<String, JsError> {
    let design = parse(design)?;
    let logo = design.placed_logo(Path::new(EVENT), name, &world.files);
    Ok(serde_json::to_string(&logo).expect("a logo serialises"))
}

/// The design drawn and written: from `seed` when given (text anyone can recompute), else from
/// `entropy` (32 bytes from the browser's `crypto.getRandomValues`), dated `date` (seconds
/// since 1970), its logo and template read from `world`; `progress(done, total)` told after
/// each page.
#[wasm_bindgen]
pub fn generate(
    design: &str,
    seed: Option<String>,
    entropy: Option<Vec<u8>>,
    date: f64,
    world: &World,
    progress: Option<js_sys::Function>,
) -> Result<Run, JsError> {
    run(design, seed, entropy, date, world, None, progress)
}

/// What [`generate`] and a top-up share: `after`, the run a top-up continues.
pub(crate) fn run(
    design: &str,
    seed: Option<String>,
    entropy: Option<Vec<u8>>,
    date: f64,
    world: &World,
    after: Option<Continuation>,
    listener: Option<js_sys::Function>,
) -> Result<Run, JsError> {
    let design = parse(design)?;
    let seed = match (seed, entropy) {
        (Some(text), _) => SeedChoice::Text(text),
        (None, Some(bytes)) => SeedChoice::Random(
            bytes.try_into().map_err(|_| problem("event", "the entropy is 32 bytes from the browser"))?,
        ),
        (None, None) => return Err(problem("event", "give a seed, or 32 bytes of entropy")),
    };
    let date = RunDate::from_unix(date as i64).ok_or_else(|| problem("event", "the date is out of range"))?;
    let planned = planned(&design, seed, date, after, world).map_err(|problems| design_problem(&problems[0]))?;
    let failed = |e: housie_core::Error| design_problem(&housie_core::pipeline::problem::problem_of(e));
    let prepared = prepare(&planned.plan).map_err(failed)?;
    let total = planned.plan.page_count();
    let mut files = MemoryFiles::default();
    static NEVER: AtomicBool = AtomicBool::new(false);
    let record = progress::with_listener(listener, total, || {
        prepared.write(&mut files, Watch { progress: &progress::tell, stop: &NEVER })
    })
    .map_err(failed)?;
    Ok(Run::new(planned.plan, record, files))
}

fn planned(
    design: &Design,
    seed: SeedChoice,
    date: RunDate,
    after: Option<Continuation>,
    world: &World,
) -> Result<Planned, Vec<housie_core::pipeline::problem::Problem>> {
    design.plan(Path::new(EVENT), seed, date, after, &world.files)
}

fn parse(design: &str) -> Result<Design, JsError> {
    serde_json::from_str(design).map_err(|e| problem("event", &format!("the event is not a design housie reads: {e}")))
}

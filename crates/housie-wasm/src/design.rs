//! An event's design in the page: its problems, its preview, and its run, each through the
//! core's policy exactly as the studio's server does it.

use housie_core::pipeline::form_field::FormField;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use housie_core::export::MemoryFiles;
use housie_core::pipeline::checked::Checked;
use housie_core::pipeline::design::{logo_name, Design, SAMPLE};
use housie_core::pipeline::{prepare, Planned, SeedChoice, Watch};
use housie_core::record::continuation::Continuation;
use housie_core::support::date::RunDate;
use wasm_bindgen::prelude::*;

use crate::run::Run;
use crate::{design_problem, problem, progress, said_problem, World, EVENT};

/// The design's problems (each `{field, message}`), its warnings and how many pages it
/// prints, as JSON: what the studio's event page shows after each edit.
#[wasm_bindgen]
pub fn check(design: &str, world: &World) -> Result<String, JsError> {
    let design = parse(design)?;
    let checked = Checked::of(planned(&design, SAMPLE, RunDate::EPOCH, None, world));
    Ok(serde_json::to_string(&checked).expect("a check serialises"))
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

/// The design's logo once the image `name` is uploaded, as JSON: the old one's height and
/// place kept where said, else left for the plan to decide.
#[wasm_bindgen]
pub fn placed_logo(design: &str, name: &str) -> Result<String, JsError> {
    let design = parse(design)?;
    let logo = design.placed_logo(name);
    Ok(serde_json::to_string(&logo).expect("a logo serialises"))
}

/// The request drawn and written: the design with `seed` (optional text anyone can recompute;
/// without one, `entropy`: 32 bytes from the browser's `crypto.getRandomValues`) and `date`
/// (optional seconds since 1970; without one, `now`), each field checked for its kind; its
/// logo and font read from `world`; `progress(done, total)` told after each page.
#[wasm_bindgen]
pub fn generate(
    request: &str,
    entropy: Vec<u8>,
    now: f64,
    world: &World,
    progress: Option<js_sys::Function>,
) -> Result<Run, JsError> {
    let mut fields: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(request).map_err(|_| said_problem(FormField::Event, "design-not-read", []))?;
    let seed = match fields.remove("seed") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(text)) => Some(text),
        Some(_) => return Err(said_problem(FormField::Seed, "page-seed-text", [])),
    };
    let date = take_date(&mut fields, now)?;
    let design = Design::from_json(&serde_json::Value::Object(fields).to_string()).map_err(|p| design_problem(&p))?;
    let seed = match seed {
        Some(text) => SeedChoice::Text(text),
        None => SeedChoice::Random(
            entropy.try_into().map_err(|_| problem(FormField::Event, "the entropy is 32 bytes from the browser"))?,
        ),
    };
    let planned = planned(&design, seed, date, None, world).map_err(|problems| design_problem(&problems[0]))?;
    make(planned, progress)
}

/// A request's `date` (seconds since 1970), taken out of its `fields`: `now` when it has none,
/// refused beside `date` when it is not a whole number of seconds a run can be dated.
pub(crate) fn take_date(fields: &mut serde_json::Map<String, serde_json::Value>, now: f64) -> Result<RunDate, JsError> {
    let seconds = match fields.remove("date") {
        None | Some(serde_json::Value::Null) => Some(now as i64),
        Some(serde_json::Value::Number(n)) => n.as_i64(),
        Some(_) => None,
    };
    seconds
        .filter(|&s| s >= 0)
        .and_then(RunDate::from_unix)
        .ok_or_else(|| said_problem(FormField::Date, "page-date-seconds", []))
}

/// The run `planned` drawn and written into the page's memory, `listener(done, total)` told
/// after each page: what a new run and a top-up share.
pub(crate) fn make(planned: Planned, listener: Option<js_sys::Function>) -> Result<Run, JsError> {
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
    Design::from_json(design).map_err(|p| design_problem(&p))
}

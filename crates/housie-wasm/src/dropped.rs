//! A run the visitor dropped into the page (a zip, or a folder's files): verified as `housie
//! verify` verifies it, its booklets pictured, or topped up — each from its own files, which
//! never leave the page.

use housie_core::pipeline::form_field::FormField;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use housie_core::pipeline::design::Design;
use housie_core::pipeline::{GeneratePlan, Request, SeedChoice, Size};
use housie_core::record::continuation::Continuation;
use housie_core::record::{AfterRecord, RunRecord, MAX_RECORD, RUN_RECORD};
use housie_core::world::World as _;
use wasm_bindgen::prelude::*;

use crate::files::{Files, Manifest};
use crate::run::{Run, PICTURE_DPI};
use crate::{archive, problem, progress};

/// How many more a top-up asks for.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct More {
    books: Option<u64>,
    booklets: Option<u64>,
}

/// A run dropped into the page.
#[wasm_bindgen]
pub struct DroppedRun {
    folder: String,
    files: Arc<Files>,
}

#[wasm_bindgen]
impl DroppedRun {
    /// A run in the folder `folder` (its name), no files yet.
    #[wasm_bindgen(constructor)]
    pub fn new(folder: &str) -> DroppedRun {
        DroppedRun { folder: folder.to_string(), files: Arc::new(Files::default()) }
    }

    /// The run in a dropped zip: one folder, no name outside it, within a run's size.
    pub fn from_zip(bytes: &[u8]) -> Result<DroppedRun, JsError> {
        let (folder, files) = archive::read(bytes).map_err(|said| crate::said_problem_of(FormField::Run, said))?;
        Ok(DroppedRun { folder, files: Arc::new(Files(files)) })
    }

    /// `bytes` as the run's file `name` (a name in the folder, not a path).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        if name.is_empty() || name.contains(['/', '\\', ':', '\0']) || name == "." || name == ".." {
            let name = housie_core::domain::text::clip(name, 60);
            return Err(crate::said_problem(FormField::Run, "page-not-a-run-file", [("name", name)]));
        }
        Arc::make_mut(&mut self.files).0.insert(name.to_string(), bytes);
        Ok(())
    }

    /// The run's folder's name.
    pub fn folder(&self) -> String {
        self.folder.clone()
    }

    /// The files' names.
    pub fn names(&self) -> Vec<String> {
        self.files.0.keys().cloned().collect()
    }

    /// The bytes of the file `name`.
    pub fn file(&self, name: &str) -> Option<Vec<u8>> {
        self.files.0.get(name).cloned()
    }

    /// Verifies the run as `housie verify` does, telling `progress(done, total)` the pages
    /// regenerated: `{ok, problems, notes, summary}` as JSON. Thrown when the question cannot
    /// be answered (no run.json, a run that tops up another).
    pub fn verify(&self, listener: Option<js_sys::Function>) -> Result<String, JsError> {
        let record = self.record()?;
        if record.after.is_some() {
            return Err(crate::said_problem(FormField::Run, "page-verify-after", []));
        }
        // What the regeneration counts to, from the record alone (verify reads the font and logo).
        let total = record.pages().page_count();
        let report = progress::with_listener(listener, total, || {
            housie_core::verify::verify_run(&*self.files, &record, Ok(None), &*self.files, &progress::tell)
        })
        .map_err(|e| problem(FormField::Run, &e.to_string()))?;
        // Each problem as the page shows an engine's refusal: its English and its catalogue message.
        let problems: Vec<_> =
            report.problems.iter().map(|p| serde_json::json!({"message": p.text, "said": p.said})).collect();
        Ok(serde_json::json!({
            "ok": report.is_valid(), "problems": problems, "notes": report.notes,
            "summary": report.summary, "summary_said": report.summary_said
        })
        .to_string())
    }

    /// Booklet (or book) `unit` of the run as a PNG picture, drawn again from its record.
    pub fn picture(&self, unit: u32) -> Result<Vec<u8>, JsError> {
        let record = self.record()?;
        let plan = GeneratePlan::from_record(&record, None, &*self.files)
            .map_err(|e| problem(FormField::Run, &e.to_string()))?;
        housie_core::pipeline::booklets::booklet_picture(
            &plan,
            record.books(),
            &record.attempts(),
            u64::from(unit),
            PICTURE_DPI,
        )
        .map_err(|e| problem(FormField::Picture, &e.to_string()))
    }

    /// More books after this run, `more` saying how many (`{"books": N}` or `{"booklets": N}`,
    /// and its `date` if not `now`),
    /// drawn as one larger run would have drawn them: numbered on, tickets and lines unique
    /// across both, and looking as this run looks (its title, look, paper, logo and font, as
    /// `housie generate --after` decides). Its run.json names this run's folder as
    /// `../FOLDER`: keep the two side by side.
    pub fn top_up(
        &self,
        more: &str,
        entropy: Vec<u8>,
        now: f64,
        listener: Option<js_sys::Function>,
    ) -> Result<Run, JsError> {
        let record = self.record()?;
        if record.after.is_some() {
            return Err(crate::said_problem(FormField::Run, "page-top-up-after", []));
        }
        let mut fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(more).map_err(|_| crate::said_problem(FormField::Books, "page-how-many-more", []))?;
        let date = crate::design::take_date(&mut fields, now)?;
        let more: More = serde_json::from_value(serde_json::Value::Object(fields))
            .map_err(|_| crate::said_problem(FormField::Books, "page-how-many-more", []))?;
        let games = record.settings.games;
        let asked =
            Design { books: more.books, booklets: more.booklets, games: more.booklets.and(games), ..Design::default() };
        if let Some(p) = asked.size_problem() {
            return Err(crate::design_problem(&p));
        }
        let size = match (more.books, more.booklets) {
            (Some(books), None) => Size::Books(books),
            (None, Some(booklets)) => Size::Booklets { booklets, games: None },
            _ => return Err(crate::said_problem(FormField::Books, "page-how-many-more", [])),
        };
        let entropy: [u8; 32] =
            entropy.try_into().map_err(|_| problem(FormField::Event, "the entropy is 32 bytes from the browser"))?;
        let mut request = Request::new(size, SeedChoice::Random(entropy));
        request.date = date;
        // The logo and font the run carries, where a top-up looks for them: beside its record.
        let mut world = housie_core::world::Files::default();
        let s = &record.settings;
        for name in s.logo.iter().map(|l| &l.file).chain(&s.font) {
            let name = name.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if let Some(bytes) = self.files.0.get(&name) {
                world = world.with(PathBuf::from(&self.folder).join(&name), bytes.clone());
            }
        }
        let text = &self.files.0[RUN_RECORD];
        let after = AfterRecord {
            dir: PathBuf::from("..").join(&self.folder),
            absolute: None,
            run_sha256: housie_core::support::digest::sha256_hex(text),
            books: record.settings.books,
        };
        let runs = vec![(PathBuf::from(&self.folder), record)];
        let continuation = Continuation::new(runs, after, Arc::new(Manifest(Arc::clone(&self.files))));
        let planned = request
            .plan(Some(continuation), &world)
            .map_err(|e| crate::design_problem(&housie_core::pipeline::problem::problem_of(e)))?;
        crate::design::make(planned, listener)
    }

    /// The run's night, played in the page on the night's own rules: carried on from `log`
    /// (the bytes of a `night.jsonl` the page kept, or one `housie night --log` wrote), or new.
    /// Refused, saying why, for a run that tops up another (its night is the whole event's) or
    /// a log that is not this run's night as housie wrote it.
    pub fn open_night(&self, log: Option<Vec<u8>>) -> Result<crate::night::PageNight, JsError> {
        crate::night::PageNight::open(&self.folder, &self.files, self.record()?, log.as_deref())
    }

    fn record(&self) -> Result<RunRecord, JsError> {
        let bytes = self.files.read(Path::new(RUN_RECORD), MAX_RECORD).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => crate::said_problem(FormField::Run, "page-no-record", []),
            _ => crate::said_problem(FormField::Run, "page-record-unreadable", [("detail", e.to_string())]),
        })?;
        RunRecord::from_bytes(bytes, Path::new(RUN_RECORD))
            .map(|(record, _)| record)
            .map_err(|e| crate::said_problem(FormField::Run, "page-record-unreadable", [("detail", e.to_string())]))
    }
}

//! The night in a page: a dropped or made run's night on the night's own core, its log held in
//! memory and handed to the page as `night.jsonl` to keep (the page keeps it in IndexedDB),
//! every change through the core's one [`Night::handle`] — the rules, the verdicts and the
//! lines `housie serve` has, with nothing installed.

use std::path::PathBuf;

use housie_core::pipeline::form_field::FormField;
use housie_core::record::chain::{Chain, Part};
use housie_core::record::manifest::max_size;
use housie_core::record::{RunRecord, MANIFEST, RUN_RECORD};
use housie_core::verify::RunFiles;
use housie_night_core::night::event_log::MemoryLog;
use housie_night_core::night::seal::Seal;
use housie_night_core::night::view::StateView;
use housie_night_core::night::{
    log_file, Answer, Command, CommandError, Night, NightRecord, NightRun, OpenError, Refused,
};
use wasm_bindgen::prelude::*;

use crate::files::Files;

/// A night played in the page.
#[wasm_bindgen]
pub struct PageNight {
    night: Night<MemoryLog>,
    /// The SHA-256 the log's chain starts from: the run's record's.
    run_sha256: String,
}

impl PageNight {
    /// The night of the run whose files are `files` (in the folder `folder`), carried on from
    /// `log` (a `night.jsonl`) or new.
    pub(crate) fn open(
        folder: &str,
        files: &Files,
        record: RunRecord,
        log: Option<&[u8]>,
    ) -> Result<PageNight, JsError> {
        if record.after.is_some() {
            return Err(crate::said_problem(FormField::Run, "page-night-after", []));
        }
        let text = std::str::from_utf8(&files.0[RUN_RECORD]).unwrap_or_default().to_string();
        let books = record.settings.books;
        let chain = Chain::of_parts(vec![Part { dir: PathBuf::from(folder), record }]);
        let run = NightRun::of_chain(chain, &text, PathBuf::new(), Box::new(()), &mut |_| {
            files
                .open(MANIFEST, max_size(Some(books)))
                .map_err(|source| OpenError::Io { path: MANIFEST.into(), source })
        })
        .map_err(|e| crate::problem(FormField::Run, &e.to_string()))?;
        let clock = || js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default();
        let (run_sha256, log) = match log {
            None => (run.id.content.clone(), MemoryLog::new(&run.id.content, clock)),
            Some(bytes) => carried_on(&run, bytes, clock)?,
        };
        // Each game's seed comes with the command that starts it (`handle`'s `entropy`).
        let night =
            Night::over(run, log, Box::new(|| [0; 32])).map_err(|e| crate::problem(FormField::Run, &e.to_string()))?;
        Ok(PageNight { night, run_sha256 })
    }
}

impl PageNight {
    /// The night, for the desk's reads.
    pub(crate) fn night(&self) -> &Night<MemoryLog> {
        &self.night
    }

    /// Makes the change `command` asks for; a new game's draw is seeded by `entropy`, which
    /// it needs (32 bytes of the browser's), never a fixed seed.
    pub(crate) fn apply(&mut self, command: Command, entropy: Option<Vec<u8>>) -> Result<Answer, CommandError> {
        if matches!(command, Command::StartGame(_)) && entropy.is_none() {
            return Err(CommandError::new(Refused::Invalid, "a new game needs 32 bytes of entropy"));
        }
        if let Some(bytes) = entropy {
            let bytes: [u8; 32] =
                bytes.try_into().map_err(|_| CommandError::new(Refused::Invalid, "the entropy is 32 bytes"))?;
            self.night.set_entropy(Box::new(move || bytes));
        }
        let answer = self.night.handle(command);
        self.night.set_entropy(Box::new(|| [0; 32]));
        answer
    }
}

/// The log `bytes` (a `night.jsonl`) of the night of `run`, checked line by line.
fn carried_on(
    run: &NightRun,
    bytes: &[u8],
    clock: impl FnMut() -> String + Send + 'static,
) -> Result<(String, MemoryLog), JsError> {
    let refused =
        |message: String| crate::said_problem(FormField::Run, "page-night-log-refused", [("detail", message)]);
    if bytes.len() as u64 > log_file::MAX_BYTES {
        return Err(refused(format!("larger than {}", housie_core::world::size(log_file::MAX_BYTES))));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| refused("not text".into()))?;
    let (head, rows, _) = log_file::read(text).map_err(|e| refused(e.to_string()))?;
    if head.run_sha256 != run.id.content && head.run_sha256 != run.id.bytes {
        return Err(refused(format!("the night of another run ({})", head.run_sha256)));
    }
    let log = MemoryLog::of_rows(&head.run_sha256, rows, clock)
        .map_err(|(seq, message)| refused(format!("event {seq}: {message}")))?;
    Ok((head.run_sha256, log))
}

#[wasm_bindgen]
impl PageNight {
    /// Makes the change `command` asks for (JSON, `{"command": "call", "game": 1, "number":
    /// 7}`: the commands of docs/browser.md) and answers it as JSON; a refusal is thrown as
    /// JSON, `{"kind", "message", "said"?, "suggestions"}`, nothing recorded but a claim's
    /// verdict. `entropy` (32 bytes from `crypto.getRandomValues`) seeds a new game's draw.
    pub fn handle(&mut self, command: &str, entropy: Option<Vec<u8>>) -> Result<String, JsError> {
        let command: Command = serde_json::from_str(command)
            .map_err(|e| refusal(&CommandError::new(Refused::Invalid, format!("not a command: {e}"))))?;
        let answer = self.apply(command, entropy).map_err(|e| refusal(&e))?;
        Ok(serde_json::to_string(&answer).expect("an answer serialises"))
    }

    /// The night as the desk sees it (`caller`) or the board does, as JSON: what `housie
    /// serve`'s `/api/state` sends.
    pub fn state(&self, caller: bool) -> String {
        serde_json::to_string(&StateView::of(&self.night, caller)).expect("a view serialises")
    }

    /// The night's record, as `housie night --json` prints it: every game, its calls, its
    /// claims with their verdicts, the money.
    pub fn record(&self) -> String {
        // The games and ledger the night holds are its log replayed already.
        let mut record = NightRecord::of(self.night.games(), self.night.ledger());
        record.seal = Seal::of(self.night.log().rows(), None);
        record.to_json()
    }

    /// The night's log as `night.jsonl`: what the page keeps, and what `housie night`,
    /// `cashup`, `verify` and `serve` read beside the run's files.
    pub fn log(&self) -> Vec<u8> {
        log_file::write(&self.run_sha256, self.night.log().rows()).into_bytes()
    }

    /// What opening the run noticed, as `housie serve` prints it at start (tickets that differ
    /// from the seed's draw, rows missing from the manifest), as a JSON list of sentences.
    pub fn warnings(&self) -> String {
        serde_json::to_string(&self.night.run.warnings).expect("sentences serialise")
    }

    /// How many events the log holds: the state's version.
    pub fn version(&self) -> f64 {
        self.night.version() as f64
    }
}

/// A refusal as the page takes it.
fn refusal(e: &CommandError) -> JsError {
    let kind = match e.kind {
        Refused::NotFound => "not_found",
        Refused::Conflict => "conflict",
        Refused::Invalid => "invalid",
        Refused::Busy => "busy",
        Refused::Storage => "storage",
        Refused::Unavailable => "unavailable",
    };
    let json = serde_json::json!({ "kind": kind, "message": e.message, "said": e.said, "suggestions": e.suggestions });
    JsError::new(&json.to_string())
}

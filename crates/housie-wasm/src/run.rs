//! A run made in the page: its files as `housie generate` writes them, and what the studio
//! offers of a run (the proof, a booklet's picture, everything in one zip).

use housie_core::export::MemoryFiles;
use housie_core::pipeline::booklets;
use housie_core::pipeline::form_field::FormField;
use housie_core::pipeline::GeneratePlan;
use housie_core::record::RunRecord;
use wasm_bindgen::prelude::*;

use crate::{archive, problem};

pub use housie_core::record::file_role::PROOF;
/// A booklet's picture: sharp on a phone, small enough to message (the studio's too).
pub const PICTURE_DPI: u32 = 110;

/// A run made in the page: its files, in the order they were written.
#[wasm_bindgen]
pub struct Run {
    plan: GeneratePlan,
    record: RunRecord,
    files: MemoryFiles,
    /// The proof, made at its first asking (the zip holds it, and the studio shows it).
    proof: std::cell::OnceCell<Vec<u8>>,
}

impl Run {
    pub(crate) fn new(plan: GeneratePlan, record: RunRecord, files: MemoryFiles) -> Run {
        Run { plan, record, files, proof: Default::default() }
    }

    /// The proof's bytes, made once.
    fn proof_bytes(&self) -> Result<&[u8], JsError> {
        if let Some(proof) = self.proof.get() {
            return Ok(proof);
        }
        let made = booklets::proof(&self.plan).map_err(|e| problem(FormField::Event, &e.to_string()))?;
        Ok(self.proof.get_or_init(|| made))
    }
}

#[wasm_bindgen]
impl Run {
    /// The files' names: the PDF volumes, `manifest.csv`, `run.json`.
    pub fn names(&self) -> Vec<String> {
        self.files.files().iter().map(|(name, _)| name.clone()).collect()
    }

    /// The files' sizes in bytes, in the order of [`Run::names`]: a page lists a run without
    /// copying every file out of the engine.
    pub fn sizes(&self) -> Vec<f64> {
        self.files.files().iter().map(|(_, bytes)| bytes.len() as f64).collect()
    }

    /// What each file is for, in the order of [`Run::names`]: a catalogue message's id
    /// (`file-print` for what goes to the print shop, `file-record` for what stays private).
    pub fn roles(&self) -> Vec<String> {
        use housie_core::record::file_role::FileRole;
        self.files.files().iter().map(|(name, _)| FileRole::of(name).said_id().to_string()).collect()
    }

    /// The run's code (`4821-0937`), as the studio and the desk show it: its downloads are
    /// named with it.
    pub fn code(&self) -> String {
        housie_core::record::run_code(&self.record.to_json())
    }

    /// The bytes of file `name`.
    pub fn file(&self, name: &str) -> Option<Vec<u8>> {
        self.files.get(name).map(<[u8]>::to_vec)
    }

    /// The first books as the print file has them, to check before printing the lot.
    pub fn proof(&self) -> Result<Vec<u8>, JsError> {
        self.proof_bytes().map(<[u8]>::to_vec)
    }

    /// Booklet (or book) `unit` as a PNG picture, to send to a player.
    pub fn picture(&self, unit: u32) -> Result<Vec<u8>, JsError> {
        let attempts = self.record.attempts();
        booklets::booklet_picture(&self.plan, self.record.books(), &attempts, u64::from(unit), PICTURE_DPI)
            .map_err(|e| problem(FormField::Picture, &e.to_string()))
    }

    /// The run as one zip, its files in the folder `folder`: the run's files (the logo and
    /// font it carries among them) and the proof.
    pub fn zip(&self, folder: &str) -> Result<Vec<u8>, JsError> {
        let proof = self.proof_bytes()?;
        let mut files: Vec<(String, &[u8])> =
            self.files.files().iter().map(|(n, b)| (n.clone(), b.as_slice())).collect();
        files.push((PROOF.to_string(), proof));
        archive::write(folder, &files).map_err(|e| problem(FormField::Event, &e))
    }
}

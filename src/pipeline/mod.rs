//! The generate pipeline: seed → books ([`crate::generate`]) → pages ([`crate::print::pages`]) →
//! outputs ([`crate::export`]) and the run record. [`generate_run`] drives it for `housie
//! generate` and, writing nothing, for `housie verify`.

mod plan;
mod settings;

use std::fs;
use std::path::{Path, PathBuf};

pub use plan::GeneratePlan;
pub use settings::{Settings, SettingsError, MAX_BLEED_MM};

use crate::domain::TICKETS_PER_BOOK;
use crate::export::csv::ManifestWriter;
use crate::export::pdf::PdfVolume;
use crate::export::{self, Export, FinishedFile, OutputFile};
use crate::generate::{Redraw, RunDrawer};
use crate::print::pages::{PlacedBook, VolumePlan};
use crate::record::{FileRecord, FontRecord, RunRecord, TemplateRecord, RUN_RECORD};
use crate::{Error, MANIFEST};

/// What a finished run wrote.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Paths of the files, in the order written (PDF volumes, manifest, run record).
    pub files: Vec<PathBuf>,
    pub record: RunRecord,
    /// With `compare_only`: each file's name and the line where the existing file first differs.
    pub differences: Vec<(String, Option<u64>)>,
}

pub fn generate_run(plan: &GeneratePlan, progress: &(dyn Fn(u64) + Sync)) -> Result<Outcome, Error> {
    plan.check()?;
    let dir = &plan.out_dir;
    let compare = plan.compare_only;
    let _lock = if compare {
        None
    } else {
        fs::create_dir_all(dir).map_err(Error::io(dir))?;
        // One run at a time in a folder; under the lock, a killed run's temporaries are ours to clear.
        let lock = export::lock_folder(dir).map_err(Error::io(dir))?.ok_or_else(|| Error::Busy(dir.clone()))?;
        export::remove_temporaries(dir).map_err(Error::io(dir))?;
        // Another run may have written here before the lock was ours.
        plan.check_folder()?;
        Some(lock)
    };
    let mut drawer = RunDrawer::new(plan.seed.clone(), plan.run_options())?;
    if let Some(after) = &plan.after {
        after.prime(&mut drawer);
    }
    let volumes = plan.volumes();
    let manifest_file = if compare { OutputFile::compare(dir, MANIFEST) } else { OutputFile::create(dir, MANIFEST) }
        .map_err(Error::io(dir.join(MANIFEST)))?;
    let mut manifest = ManifestWriter::new(manifest_file).map_err(Error::io(dir.join(MANIFEST)))?;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);

    let (jobs, inbox) = std::sync::mpsc::sync_channel::<(u64, Vec<PlacedBook>)>(1);
    let inbox = std::sync::Mutex::new(inbox);
    let pages_done = std::sync::atomic::AtomicU64::new(0);
    let page_done = || progress(pages_done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
    let mut pdfs: Vec<(u64, FinishedFile)> = std::thread::scope(|s| -> Result<_, Error> {
        let (report, results) = std::sync::mpsc::channel::<Result<(u64, u64, FinishedFile), Error>>();
        for _ in 0..workers {
            let (inbox, report, page_done) = (&inbox, report.clone(), &page_done);
            s.spawn(move || loop {
                let job = inbox.lock().expect("no worker panics holding the lock").recv();
                let Ok((v, placed)) = job else { break };
                let books = placed.len() as u64;
                let done = render_volume(plan, &volumes, v, &placed, page_done).map(|f| (v, books, f));
                if report.send(done).is_err() {
                    break;
                }
            });
        }
        drop(report);
        let mut finished = Vec::new();
        let mut collect = |r: Result<(u64, u64, FinishedFile), Error>| -> Result<(), Error> {
            let (v, _, file) = r?;
            finished.push((v, file));
            Ok(())
        };
        for v in 1..=volumes.volumes() {
            let batch = drawer.next_batch(volumes.len(v))?;
            let placed = volumes.place(v, batch);
            manifest.write_books(&placed).map_err(Error::io(dir.join(MANIFEST)))?;
            if jobs.send((v, placed)).is_err() {
                break;
            }
            while let Ok(r) = results.try_recv() {
                collect(r)?;
            }
        }
        drop(jobs);
        for r in results {
            collect(r)?;
        }
        Ok(finished)
    })?;
    pdfs.sort_by_key(|(v, _)| *v);

    let manifest = manifest.into_inner().and_then(OutputFile::finish).map_err(Error::io(dir.join(MANIFEST)))?;
    let mut finished: Vec<FinishedFile> = pdfs.into_iter().map(|(_, f)| f).collect();
    finished.push(manifest);
    let record = plan.record(&finished, drawer.redraws().to_vec());
    let record_file =
        export::write_file(dir, RUN_RECORD, record.to_json().as_bytes(), compare).map_err(Error::io(dir))?;
    if compare {
        let mut differences: Vec<(String, Option<u64>)> =
            finished.iter().map(|f| (f.name().to_string(), f.first_difference())).collect();
        differences.push((RUN_RECORD.to_string(), record_file.first_difference()));
        return Ok(Outcome { files: Vec::new(), record, differences });
    }

    // Publication: run.json is the mark of a complete run. It goes first and comes back last, so
    // a run interrupted in between has none and `verify` calls the folder incomplete.
    match fs::remove_file(dir.join(RUN_RECORD)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(Error::io(dir.join(RUN_RECORD))(e)),
        _ => {}
    }
    let mut files = Vec::new();
    for f in finished {
        let name = dir.join(f.name());
        files.push(f.commit().map_err(Error::io(name))?);
    }
    if plan.force {
        remove_stale_volumes(dir, &files)?;
    }
    files.push(record_file.commit().map_err(Error::io(dir.join(RUN_RECORD)))?);
    Ok(Outcome { files, record, differences: Vec::new() })
}

impl GeneratePlan {
    fn volumes(&self) -> VolumePlan {
        VolumePlan { books: self.settings.books, per_file: self.settings.books_per_file }
    }

    fn record(&self, files: &[FinishedFile], redraws: Vec<Redraw>) -> RunRecord {
        let style = self.style();
        RunRecord {
            housie: env!("CARGO_PKG_VERSION").to_string(),
            seed: self.seed.text().to_string(),
            created: self.date.rfc3339(),
            settings: self.settings.clone(),
            template: TemplateRecord {
                name: style.template.name.clone(),
                sha256: style.template.sha256(),
                toml: style.template.source.clone(),
            },
            font: FontRecord { name: style.font.name().to_string(), sha256: style.font.sha256().to_string() },
            tickets: self.settings.books * TICKETS_PER_BOOK as u64,
            redraws,
            files: files
                .iter()
                .map(|f| FileRecord { name: f.name().to_string(), bytes: f.bytes(), sha256: f.sha256().to_string() })
                .collect(),
            after: self.after.as_ref().map(crate::record::continuation::Continuation::record),
        }
    }
}

/// With `--force`, PDF volumes of an earlier, larger run would linger and mislead: remove them.
fn remove_stale_volumes(dir: &Path, kept: &[PathBuf]) -> Result<(), Error> {
    for entry in fs::read_dir(dir).map_err(Error::io(dir))?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_volume_name(&name) && !kept.contains(&entry.path()) {
            fs::remove_file(entry.path()).map_err(Error::io(entry.path()))?;
        }
    }
    Ok(())
}

/// `books.pdf`, or a volume `books-NNNN.pdf` with four or more digits (volume 10,000 has five).
pub fn is_volume_name(name: &str) -> bool {
    let digits = name.strip_prefix("books-").and_then(|n| n.strip_suffix(".pdf"));
    name == "books.pdf" || digits.is_some_and(|d| d.len() >= 4 && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Renders one volume to a finished (not yet published) file.
fn render_volume(
    plan: &GeneratePlan,
    volumes: &VolumePlan,
    v: u64,
    placed: &[PlacedBook],
    page_done: &(dyn Fn() + Sync),
) -> Result<FinishedFile, Error> {
    let name = volumes.file_name(v);
    let path = plan.out_dir.join(&name);
    let style = plan.style();
    let mut pdf = PdfVolume::new(&style, volumes.len(v));
    for page in placed.chunks(1) {
        pdf.write_books(page).map_err(Error::io(&path))?;
        page_done();
    }
    let bytes = pdf.finish().map_err(Error::io(&path))?;
    export::write_file(&plan.out_dir, &name, &bytes, plan.compare_only).map_err(Error::io(&path))
}

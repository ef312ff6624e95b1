//! The generate pipeline: seed → books ([`crate::generate`]) → pages ([`crate::print::pages`]) →
//! outputs ([`crate::export`]) and the run record. [`generate_run`] drives it for `housie
//! generate` and, writing nothing, for `housie verify`.

pub mod booklets;
mod generate_plan;
mod preview;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

pub use crate::record::settings::{Impose, LogoSettings, Order, Settings, SettingsError, MAX_BLEED_MM, MAX_GAMES};
pub use generate_plan::GeneratePlan;
pub use preview::{preview, PREVIEW_SEED};

use crate::domain::TICKETS_PER_BOOK;
use crate::error::Error;
use crate::export::csv::ManifestWriter;
use crate::export::pdf::{PdfFile, PdfStyle, RenderedPage, Shared};
use crate::export::{self, FinishedFile, OutputFile};
use crate::generate::{Redraw, RunDrawer};
use crate::print::pages::{Page, PageBuilder, PlacedBook, VolumePlan};
use crate::record::{is_volume_name, MANIFEST};
use crate::record::{FileRecord, FontRecord, RunRecord, TemplateRecord, RUN_RECORD};

/// What a finished run wrote.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Paths of the files, in the order written (PDF volumes, manifest, run record).
    pub files: Vec<PathBuf>,
    /// The run.json written.
    pub record: RunRecord,
    /// With `compare_only`: each file's name and the line where the existing file first differs.
    pub differences: Vec<(String, Option<u64>)>,
}

/// Draws the run and writes its files: the one call that makes a print run.
pub fn generate_run(plan: &GeneratePlan, progress: &(dyn Fn(u64) + Sync)) -> Result<Outcome, Error> {
    generate_run_until(plan, progress, &AtomicBool::new(false))
}

/// As [`generate_run`], stopping with [`Error::Stopped`] soon after `stop` is set (the studio's
/// Cancel, or a browser gone): what was begun is taken away, as after any failure.
pub fn generate_run_until(
    plan: &GeneratePlan,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Outcome, Error> {
    plan.check()?;
    let dir = &plan.out_dir;
    let compare = plan.compare_only;
    // The earlier runs are re-drawn and compared with their files before anything is written.
    let mut drawer = RunDrawer::new(plan.seed.clone(), plan.run_options())?;
    if let Some(after) = &plan.after {
        after.prime(&mut drawer)?;
    }
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
    let volumes = plan.volumes();
    let manifest_file = if compare { OutputFile::compare(dir, MANIFEST) } else { OutputFile::create(dir, MANIFEST) }
        .map_err(Error::io(dir.join(MANIFEST)))?;
    let mut manifest = ManifestWriter::new(manifest_file).map_err(Error::io(dir.join(MANIFEST)))?;
    let style = plan.style();
    let shared = Shared::new(&style).map_err(Error::io(dir.join(volumes.file_name(1))))?;
    let pdfs = render_pages(
        plan,
        &style,
        &shared,
        &volumes,
        Watch { progress, stop },
        |placed| manifest.write_books(placed).map_err(Error::io(dir.join(MANIFEST))),
        &mut drawer,
    )?;

    let manifest = manifest.into_inner().and_then(OutputFile::finish).map_err(Error::io(dir.join(MANIFEST)))?;
    let mut finished = pdfs;
    finished.push(manifest);
    let record = plan.record(&finished, drawer.redraws().to_vec());
    let record_json = record.to_json();
    let record_file =
        export::write_private_file(dir, RUN_RECORD, record_json.as_bytes(), compare).map_err(Error::io(dir))?;
    if compare {
        let mut differences: Vec<(String, Option<u64>)> =
            finished.iter().map(|f| (f.name().to_string(), f.first_difference())).collect();
        differences.push((RUN_RECORD.to_string(), record_file.first_difference()));
        return Ok(Outcome { files: Vec::new(), record, differences });
    }

    // Publication: run.json is the mark of a complete run. It goes first and comes back last, so
    // a run interrupted in between has none and `verify` calls the folder incomplete.
    // A run replaced on request keeps its record (its seed above all) beside the new one, so the
    // tickets it made can still be regenerated and verified.
    let old = dir.join(RUN_RECORD);
    match fs::read(&old) {
        Ok(bytes) if bytes != record_json.as_bytes() => {
            let kept = (1..).map(|n| dir.join(format!("run-replaced-{n}.json"))).find(|p| !p.exists());
            let kept = kept.expect("a free name");
            fs::rename(&old, &kept).map_err(Error::io(&old))?;
        }
        Ok(_) => fs::remove_file(&old).map_err(Error::io(&old))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io(old)(e)),
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
    pub(crate) fn volumes(&self) -> VolumePlan {
        self.settings.pages(self.template.layout.tickets_per_page())
    }

    /// Pages the run prints, over all its files (what `generate_run`'s progress counts to).
    pub fn page_count(&self) -> u64 {
        let volumes = self.volumes();
        (1..=volumes.files()).map(|f| volumes.len(f)).sum()
    }

    fn record(&self, files: &[FinishedFile], redraws: Vec<Redraw>) -> RunRecord {
        let style = self.style();
        RunRecord {
            housie: self.housie.clone(),
            seed: self.seed.text().to_string(),
            generator: self.seed.generator(),
            seed_kind: self.seed_kind,
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
            after: self.after.as_ref().map(|a| a.record(&self.out_dir)),
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

/// Books drawn per batch (drawn in parallel by the generator).
const DRAW_BATCH: u64 = 1024;
/// Pages per rendering job, and jobs in flight: what bounds memory whatever the file's size.
const JOB_PAGES: usize = 16;
const JOBS_IN_FLIGHT: usize = 8;

/// Who follows a run: told of each page drawn, and able to stop it.
struct Watch<'a> {
    progress: &'a (dyn Fn(u64) + Sync),
    stop: &'a AtomicBool,
}

/// Pages to be drawn by a worker.
struct Job {
    seq: u64,
    pages: Vec<Page>,
}

/// Draws the books in order, hands each batch to `rows` (the manifest), has the worker threads
/// draw and compress the pages, and streams them in order into their files.
fn render_pages(
    plan: &GeneratePlan,
    style: &PdfStyle<'_>,
    shared: &Shared,
    volumes: &VolumePlan,
    watch: Watch<'_>,
    mut rows: impl FnMut(&[PlacedBook]) -> Result<(), Error>,
    drawer: &mut RunDrawer,
) -> Result<Vec<FinishedFile>, Error> {
    let Watch { progress, stop } = watch;
    let workers = crate::support::parallel::threads();
    let pages_done = std::sync::atomic::AtomicU64::new(0);
    let page_done = || progress(pages_done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
    let (jobs, inbox) = std::sync::mpsc::sync_channel::<Job>(JOBS_IN_FLIGHT);
    let inbox = std::sync::Mutex::new(inbox);
    std::thread::scope(|s| -> Result<Vec<FinishedFile>, Error> {
        let (report, results) = std::sync::mpsc::channel::<(u64, Vec<RenderedPage>)>();
        for _ in 0..workers {
            let (inbox, report, page_done) = (&inbox, report.clone(), &page_done);
            s.spawn(move || loop {
                let job = inbox.lock().expect("no worker panics holding the lock").recv();
                let Ok(job) = job else { break };
                let pages = job
                    .pages
                    .into_iter()
                    .map(|page| {
                        let total = volumes.len(page.file_index);
                        let page = RenderedPage::new(style, page, total);
                        page_done();
                        page
                    })
                    .collect();
                if report.send((job.seq, pages)).is_err() {
                    break;
                }
            });
        }
        drop(report);
        let mut writer = InOrder::new(plan, style, shared, volumes);
        let (mut in_flight, mut seq, mut drawn) = (0, 0, 0);
        let mut builder = PageBuilder::default();
        while drawn < plan.settings.books {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(Error::Stopped);
            }
            let batch = drawer.next_batch(DRAW_BATCH.min(plan.settings.books - drawn))?;
            assert!(!batch.is_empty(), "the drawer stopped short of the run");
            let placed = volumes.place(drawn, batch);
            drawn += placed.len() as u64;
            rows(&placed)?;
            let pages: Vec<Page> = placed.into_iter().flat_map(|p| builder.add(volumes, p)).collect();
            let mut pages = pages.into_iter().peekable();
            while pages.peek().is_some() {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Error::Stopped);
                }
                let chunk: Vec<Page> = pages.by_ref().take(JOB_PAGES).collect();
                while in_flight >= JOBS_IN_FLIGHT {
                    let done = results.recv().expect("the workers outlive the jobs");
                    in_flight -= 1;
                    writer.take(done)?;
                }
                jobs.send(Job { seq, pages: chunk }).expect("the workers outlive the jobs");
                seq += 1;
                in_flight += 1;
            }
        }
        drop(jobs);
        debug_assert!(builder.is_empty(), "every page was handed out");
        for done in results {
            writer.take(done)?;
        }
        writer.finish()
    })
}

/// Puts rendered jobs back in order and writes each page into its file, opening a file at its
/// first page and finishing it at its last.
struct InOrder<'a> {
    plan: &'a GeneratePlan,
    style: &'a PdfStyle<'a>,
    shared: &'a Shared,
    volumes: &'a VolumePlan,
    next: u64,
    waiting: std::collections::BTreeMap<u64, Vec<RenderedPage>>,
    open: std::collections::BTreeMap<u64, (PdfFile<'a, OutputFile>, u64)>,
    finished: Vec<(u64, FinishedFile)>,
}

impl<'a> InOrder<'a> {
    fn new(plan: &'a GeneratePlan, style: &'a PdfStyle<'a>, shared: &'a Shared, volumes: &'a VolumePlan) -> Self {
        let (waiting, open) = Default::default();
        InOrder { plan, style, shared, volumes, next: 0, waiting, open, finished: Vec::new() }
    }

    fn take(&mut self, (seq, pages): (u64, Vec<RenderedPage>)) -> Result<(), Error> {
        self.waiting.insert(seq, pages);
        while let Some(pages) = self.waiting.remove(&self.next) {
            self.next += 1;
            for page in pages {
                self.write(&page)?;
            }
        }
        Ok(())
    }

    fn write(&mut self, page: &RenderedPage) -> Result<(), Error> {
        let f = page.page.file_index;
        let path = self.plan.out_dir.join(&page.page.file);
        if !self.open.contains_key(&f) {
            let (dir, name) = (&self.plan.out_dir, &page.page.file);
            let out =
                if self.plan.compare_only { OutputFile::compare(dir, name) } else { OutputFile::create(dir, name) };
            let out = out.map_err(Error::io(&path))?;
            let file = PdfFile::new(self.style, self.shared, out).map_err(Error::io(&path))?;
            self.open.insert(f, (file, 0));
        }
        let (file, written) = self.open.get_mut(&f).expect("opened above");
        file.push(page).map_err(Error::io(&path))?;
        *written += 1;
        if *written == self.volumes.len(f) {
            let (file, _) = self.open.remove(&f).expect("opened above");
            self.finished.push((f, file.finish().and_then(OutputFile::finish).map_err(Error::io(&path))?));
        }
        Ok(())
    }

    /// The files, in file order.
    fn finish(mut self) -> Result<Vec<FinishedFile>, Error> {
        debug_assert!(self.open.is_empty() && self.waiting.is_empty());
        self.finished.sort_by_key(|(f, _)| *f);
        Ok(self.finished.into_iter().map(|(_, file)| file).collect())
    }
}

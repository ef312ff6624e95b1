//! The generate pipeline: seed → books ([`crate::generate`]) → pages ([`crate::print::pages`]) →
//! outputs ([`crate::export`]) and the run record. [`write_run`] drives it into any
//! [`Outputs`]: files on a disk (`housie-files`, for `housie generate` and, comparing instead
//! of writing, `housie verify`), or memory in a page.

pub mod booklets;
pub mod checked;
pub mod design;
pub mod design_font;
mod design_json;
pub mod design_schema;
pub mod form_field;
mod generate_plan;
mod preview;
pub mod problem;
mod request;
pub mod request_error;

use std::sync::atomic::{AtomicBool, Ordering};

pub use crate::record::settings::{
    Impose, LogoSettings, Order, Setting, Settings, SettingsError, MAX_BLEED_MM, MAX_GAMES,
};
pub use generate_plan::GeneratePlan;
pub use preview::{preview, PREVIEW_SEED};
pub use request::{
    CardAsked, Lines, LogoAsked, Note, Planned, Request, SeedChoice, Size, BLOCKS, DEFAULT_BLEED_MM, DEFAULT_LOGO_MM,
};
pub use request_error::RequestError;

use crate::error::Error;
use crate::export::csv::ManifestWriter;
use crate::export::pdf::{PdfFile, PdfStyle, RenderedPage, Shared};
use crate::export::{Counted, Outputs};
use crate::generate::{Redraw, RunDrawer};
use crate::print::pages::{Page, PageBuilder, PlacedBook, VolumePlan};
use crate::record::MANIFEST;
use crate::record::{FileRecord, FontRecord, RunRecord, TemplateRecord, RUN_RECORD};

/// Who follows a run: told of each page drawn, and able to stop it.
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// Told the pages drawn so far, after each.
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Set to stop the run soon after (the studio's Cancel, or a browser gone): it ends with
    /// [`Error::Stopped`].
    pub stop: &'a AtomicBool,
}

impl Watch<'_> {
    /// No one follows the run.
    pub fn none() -> Watch<'static> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        Watch { progress: &|_| {}, stop: &NEVER }
    }
}

/// Draws the run and writes its files into `outputs`: the PDF volumes, `manifest.csv`, then
/// `run.json`, whose record is returned. The one call that makes a print run.
pub fn write_run<O: Outputs>(plan: &GeneratePlan, outputs: &mut O, watch: Watch<'_>) -> Result<RunRecord, Error> {
    prepare(plan)?.write(outputs, watch)
}

/// A run ready to be written: its design checked, and the books of the runs it continues
/// re-drawn and compared with their manifests, so that what would refuse the run has refused
/// it before its caller makes a folder for it.
pub struct Prepared<'p> {
    plan: &'p GeneratePlan,
    drawer: RunDrawer<'static>,
}

/// Checks `plan` and re-draws what it continues (see [`Prepared`]).
pub fn prepare(plan: &GeneratePlan) -> Result<Prepared<'_>, Error> {
    plan.check_design()?;
    let mut drawer = RunDrawer::new(plan.seed.clone(), plan.run_options())?;
    if let Some(after) = &plan.after {
        after.prime(&mut drawer)?;
    }
    Ok(Prepared { plan, drawer })
}

impl Prepared<'_> {
    /// Draws the run and writes its files into `outputs` (see [`write_run`]).
    pub fn write<O: Outputs>(mut self, outputs: &mut O, watch: Watch<'_>) -> Result<RunRecord, Error> {
        let plan = self.plan;
        let io = |name: &str| Error::io(name.to_string());
        let file = outputs.create(MANIFEST, false).map_err(io(MANIFEST))?;
        let mut manifest =
            ManifestWriter::new(Counted::new(MANIFEST, file), plan.card_format()).map_err(io(MANIFEST))?;
        let style = plan.style();
        let volumes = plan.volumes();
        let shared = Shared::new(&style).map_err(io(&volumes.file_name(1)))?;
        let mut files = render_pages(
            plan,
            Drawing { style: &style, shared: &shared, volumes: &volumes },
            watch,
            |placed| manifest.write_books(placed).map_err(io(MANIFEST)),
            &mut self.drawer,
            outputs,
        )?;
        let (record, file) = manifest.into_inner().map_err(io(MANIFEST))?.finish();
        outputs.close(MANIFEST, file).map_err(io(MANIFEST))?;
        files.push(record);
        for (name, bytes) in plan.carried() {
            let mut file = outputs.create(&name, false).map_err(io(&name))?;
            std::io::Write::write_all(&mut file, bytes).map_err(io(&name))?;
            outputs.close(&name, file).map_err(io(&name))?;
        }
        let record = plan.record(files, self.drawer.redraws().to_vec());
        let mut file = outputs.create(RUN_RECORD, true).map_err(io(RUN_RECORD))?;
        std::io::Write::write_all(&mut file, record.to_json().as_bytes()).map_err(io(RUN_RECORD))?;
        outputs.close(RUN_RECORD, file).map_err(io(RUN_RECORD))?;
        Ok(record)
    }
}

impl GeneratePlan {
    pub(crate) fn volumes(&self) -> VolumePlan {
        self.settings.pages(self.template.layout())
    }

    /// Pages the run prints, over all its files (what [`write_run`]'s progress counts to).
    pub fn page_count(&self) -> u64 {
        self.volumes().page_count()
    }

    fn record(&self, files: Vec<FileRecord>, redraws: Vec<Redraw>) -> RunRecord {
        let style = self.style();
        RunRecord {
            housie: self.housie.clone(),
            seed: self.seed.text().to_string(),
            generator: self.seed.generator(),
            seed_kind: self.seed_kind,
            created: self.date.rfc3339(),
            card_format: self.card_format,
            settings: self.settings.clone(),
            template: TemplateRecord {
                name: style.template.name().to_string(),
                sha256: style.template.sha256(),
                toml: style.template.source().to_string(),
            },
            font: FontRecord { name: style.font.name().to_string(), sha256: style.font.sha256().to_string() },
            tickets: self.settings.books * self.card_format.book() as u64,
            redraws,
            files,
            after: self.after.as_ref().map(|a| a.record().clone()),
        }
    }
}

/// Books drawn per batch (drawn in parallel by the generator).
const DRAW_BATCH: u64 = 1024;
/// Pages per rendering job, and jobs in flight: what bounds memory whatever the file's size.
const JOB_PAGES: usize = 16;
const JOBS_IN_FLIGHT: usize = 8;

/// How every page is drawn: the look, what files share, and how books go into files.
#[derive(Clone, Copy)]
struct Drawing<'a> {
    style: &'a PdfStyle<'a>,
    shared: &'a Shared,
    volumes: &'a VolumePlan,
}

/// Draws the books in order, hands each batch to `rows` (the manifest), has the pages drawn
/// and compressed on every core ([`crate::support::parallel::pipeline`]), and streams them in
/// order into their files. Returns what the run record says of each PDF file, in file order.
fn render_pages<O: Outputs>(
    plan: &GeneratePlan,
    drawing: Drawing<'_>,
    watch: Watch<'_>,
    mut rows: impl FnMut(&[PlacedBook]) -> Result<(), Error>,
    drawer: &mut RunDrawer,
    outputs: &mut O,
) -> Result<Vec<FileRecord>, Error> {
    let pages_done = std::sync::atomic::AtomicU64::new(0);
    let mut writer = Volumes::new(drawing, outputs);
    let (mut drawn, mut builder) = (0, PageBuilder::default());
    let mut ready: std::collections::VecDeque<Page> = std::collections::VecDeque::new();
    // The next job: up to JOB_PAGES pages, drawing books as the pages run out.
    let next = || -> Result<Option<Vec<Page>>, Error> {
        while ready.len() < JOB_PAGES && drawn < plan.settings.books {
            if watch.stop.load(Ordering::Relaxed) {
                return Err(Error::Stopped);
            }
            let batch = drawer.next_batch(DRAW_BATCH.min(plan.settings.books - drawn))?;
            assert!(!batch.is_empty(), "the drawer stopped short of the run");
            let placed = drawing.volumes.place(drawn, batch);
            drawn += placed.len() as u64;
            rows(&placed)?;
            ready.extend(placed.into_iter().flat_map(|p| builder.add(drawing.volumes, p)));
        }
        if watch.stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped);
        }
        let take = ready.len().min(JOB_PAGES);
        Ok((take > 0).then(|| ready.drain(..take).collect()))
    };
    let render = |pages: Vec<Page>| -> Vec<RenderedPage> {
        pages
            .into_iter()
            .map(|page| {
                let total = drawing.volumes.len(page.file_index);
                let page = RenderedPage::new(drawing.style, page, total);
                (watch.progress)(pages_done.fetch_add(1, Ordering::Relaxed) + 1);
                page
            })
            .collect()
    };
    crate::support::parallel::pipeline(JOBS_IN_FLIGHT, next, render, |pages| {
        pages.iter().try_for_each(|page| writer.write(page))
    })?;
    writer.finish()
}

/// A PDF volume being written, and how many pages it has so far.
type OpenVolume<'a, W> = (PdfFile<'a, Counted<W>>, u64);

/// Writes each page into its file in order, opening a file at its first page and closing it
/// at its last.
struct Volumes<'a, 'o, O: Outputs> {
    drawing: Drawing<'a>,
    outputs: &'o mut O,
    open: std::collections::BTreeMap<u64, OpenVolume<'a, O::File>>,
    finished: Vec<(u64, FileRecord)>,
}

impl<'a, 'o, O: Outputs> Volumes<'a, 'o, O> {
    fn new(drawing: Drawing<'a>, outputs: &'o mut O) -> Self {
        Volumes { drawing, outputs, open: Default::default(), finished: Vec::new() }
    }

    fn write(&mut self, page: &RenderedPage) -> Result<(), Error> {
        let f = page.page.file_index;
        let name = &page.page.file;
        let io = || Error::io(name.as_str());
        if !self.open.contains_key(&f) {
            let out = Counted::new(name, self.outputs.create(name, false).map_err(io())?);
            let file = PdfFile::new(self.drawing.style, self.drawing.shared, out).map_err(io())?;
            self.open.insert(f, (file, 0));
        }
        let (file, written) = self.open.get_mut(&f).expect("opened above");
        file.push(page).map_err(io())?;
        *written += 1;
        if *written == self.drawing.volumes.len(f) {
            let (file, _) = self.open.remove(&f).expect("opened above");
            let (record, out) = file.finish().map_err(io())?.finish();
            self.outputs.close(name, out).map_err(io())?;
            self.finished.push((f, record));
        }
        Ok(())
    }

    /// What the run record says of each file, in file order.
    fn finish(mut self) -> Result<Vec<FileRecord>, Error> {
        debug_assert!(self.open.is_empty());
        self.finished.sort_by_key(|(f, _)| *f);
        Ok(self.finished.into_iter().map(|(_, file)| file).collect())
    }
}

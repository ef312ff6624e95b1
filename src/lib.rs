//! housie: printable books of 90-ball bingo tickets, drawn so that every valid book is equally
//! likely, with a manifest, a print-ready PDF, a run record and tools to settle claims.
//!
//! The pipeline runs one way: seed → books ([`generate`]) → pages ([`pages`]) → outputs
//! ([`export`]). [`generate_run`] drives it for the CLI's `housie generate`.

pub mod claims;
pub mod continuation;
pub mod domain;
pub mod error;
pub mod export;
pub mod font;
pub mod generate;
pub mod manifest;
pub mod night;
pub mod pages;
pub mod prizes;
pub mod record;
pub mod template;
pub mod verify;

use std::fs;
use std::path::{Path, PathBuf};

pub use domain::{Book, Serial, SerialError, Ticket};
pub use error::Error;
pub use generate::{Generator, RunOptions, Seed};

use domain::TICKETS_PER_BOOK;
use export::csv::ManifestWriter;
use export::pdf::{PdfStyle, PdfVolume};
use export::{Export, FinishedFile, OutputFile};
use generate::{Redraw, RunDrawer, RunError};
use pages::{PlacedBook, VolumePlan};
use record::{FileRecord, FontRecord, RunRecord, TemplateRecord, RUN_RECORD};

/// Name of the manifest inside the output folder.
pub const MANIFEST: &str = "manifest.csv";

/// Everything `generate` needs, resolved and checked by the caller (the CLI).
#[derive(Clone, Debug)]
pub struct GeneratePlan {
    pub seed: Seed,
    pub run: RunOptions,
    pub out_dir: PathBuf,
    pub force: bool,
    pub books_per_file: u64,
    pub style: PdfStyle,
    /// Write nothing: compare every output with the file of that name already in `out_dir`
    /// (how `verify` regenerates a run without needing disk space or leaving anything behind).
    pub compare_only: bool,
    /// The earlier runs this one continues (`generate --after`).
    pub after: Option<continuation::Continuation>,
}

/// What a finished run wrote.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Paths of the files, in the order written (PDF volumes, manifest, run record).
    pub files: Vec<PathBuf>,
    pub record: RunRecord,
    /// With `compare_only`: each file's name and the line where the existing file first differs.
    pub differences: Vec<(String, Option<u64>)>,
}

impl GeneratePlan {
    /// A plan with the defaults `housie generate` uses: the classic template, the bundled font,
    /// title "Bingo", no bleed or crop marks, 1,000 books per file, unique lines.
    pub fn new(seed: Seed, books: u64, out_dir: PathBuf) -> GeneratePlan {
        GeneratePlan {
            seed,
            run: RunOptions { books, first_book: 1, allow_duplicate_lines: false },
            out_dir,
            force: false,
            books_per_file: 1000,
            compare_only: false,
            after: None,
            style: PdfStyle {
                template: template::Template::load("classic").expect("the built-in template is valid"),
                font: font::Font::bundled(),
                title: "Bingo".to_string(),
                bleed_mm: 0.0,
                crop_marks: false,
            },
        }
    }

    /// Refuses, before anything is written, what would fail or overwrite without `--force`.
    pub fn check(&self) -> Result<(), Error> {
        RunDrawer::new(self.seed.clone(), self.run.clone())?;
        if let Some(after) = &self.after {
            let total = after.books().saturating_add(self.run.books);
            if !self.run.allow_duplicate_lines && total > generate::MAX_UNIQUE_LINE_BOOKS {
                return Err(RunError::LinesInfeasible { books: total }.into());
            }
        }
        if self.books_per_file == 0 {
            return Err(Error::NoBooksPerFile);
        }
        self.style.check()?;
        if self.compare_only {
            return Ok(());
        }
        let dir = &self.out_dir;
        if dir.exists() && !dir.is_dir() {
            return Err(Error::NotADir(dir.clone()));
        }
        if !self.force && export::is_non_empty_dir(dir) {
            return Err(Error::NotEmpty(dir.clone()));
        }
        Ok(())
    }

    /// The plan a run record describes, to regenerate that run into `out_dir`.
    pub fn from_record(record: &RunRecord, out_dir: PathBuf) -> Result<GeneratePlan, Error> {
        let template = template::Template::parse(&record.template.toml, "run.json's template")?;
        let font = match &record.font.file {
            None => font::Font::bundled(),
            Some(path) => font::Font::from_file(path)?,
        };
        Ok(GeneratePlan {
            seed: Seed::from_text(&record.seed),
            run: RunOptions {
                books: record.books,
                first_book: record.first_book,
                allow_duplicate_lines: record.allow_duplicate_lines,
            },
            out_dir,
            force: false,
            books_per_file: record.books_per_file,
            compare_only: false,
            after: record.after.as_ref().map(continuation::Continuation::read_recorded).transpose()?,
            style: PdfStyle {
                template,
                font,
                title: record.title.clone(),
                bleed_mm: record.bleed_mm,
                crop_marks: record.crop_marks,
            },
        })
    }

    fn volumes(&self) -> VolumePlan {
        VolumePlan { books: self.run.books, per_file: self.books_per_file }
    }
}

/// Draws the run and writes its files, publishing them only once all are complete.
/// `progress` hears the number of pages drawn so far, after every page, from the threads that
/// draw them.
///
/// Volumes are drawn and written to the manifest in order on this thread; their PDFs are
/// rendered on worker threads, at most one volume waiting, so memory stays bounded.
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
        plan.check()?;
        Some(lock)
    };
    let mut drawer = RunDrawer::new(plan.seed.clone(), plan.run.clone())?;
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
    fn record(&self, files: &[FinishedFile], redraws: Vec<Redraw>) -> RunRecord {
        let style = &self.style;
        RunRecord {
            housie: env!("CARGO_PKG_VERSION").to_string(),
            seed: self.seed.text().to_string(),
            books: self.run.books,
            first_book: self.run.first_book,
            allow_duplicate_lines: self.run.allow_duplicate_lines,
            books_per_file: self.books_per_file,
            title: style.title.clone(),
            template: TemplateRecord {
                name: style.template.name.clone(),
                sha256: style.template.sha256(),
                toml: style.template.source.clone(),
            },
            font: FontRecord {
                name: style.font.name().to_string(),
                file: style.font.file().map(Path::to_path_buf),
                sha256: style.font.sha256().to_string(),
            },
            bleed_mm: style.bleed_mm,
            crop_marks: style.crop_marks,
            tickets: self.run.books * TICKETS_PER_BOOK as u64,
            redraws,
            after: self.after.as_ref().map(continuation::Continuation::record),
            files: files
                .iter()
                .map(|f| FileRecord { name: f.name().to_string(), bytes: f.bytes(), sha256: f.sha256().to_string() })
                .collect(),
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
    let mut pdf = PdfVolume::new(&plan.style, volumes.len(v));
    for page in placed.chunks(1) {
        pdf.write_books(page).map_err(Error::io(&path))?;
        page_done();
    }
    let bytes = pdf.finish().map_err(Error::io(&path))?;
    export::write_file(&plan.out_dir, &name, &bytes, plan.compare_only).map_err(Error::io(&path))
}

//! Booklets as files of their own, for players who are not in the hall (`housie export`): each
//! booklet's books, drawn again from the seed, on pages that look as the print file's do, one
//! small PDF a booklet (`booklet-000101.pdf`), opening on its first game, or a picture of its
//! pages (`booklet-000101.png`) to send by message.

use std::ops::RangeInclusive;

use super::GeneratePlan;
use crate::error::Error;
use crate::export::pdf::{PdfFile, RenderedPage, Shared};
use crate::export::{MemoryFiles, Outputs};
use crate::generate::DrawnBook;
use crate::print::pages::{Page, PageBuilder, VolumePlan};
use crate::record::Attempts;

/// How an exported booklet is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookletFormat {
    /// A plain PDF for a home printer (no colour profile).
    Pdf,
    /// PDF/X, as the print file.
    PdfX,
    /// One PNG picture, its pages one under the other, at this many dots per inch: to send by
    /// message.
    Png(u32),
}

/// The file name of booklet (or book) `unit`.
pub fn booklet_file_name(unit: u64, format: BookletFormat) -> String {
    match format {
        BookletFormat::Png(_) => format!("booklet-{unit:06}.png"),
        _ => format!("booklet-{unit:06}.pdf"),
    }
}

/// Writes one file for each of `units` (booklets, or books in a plain run) into `outputs`, in
/// the look `plan` describes, each with the books `draw` gives for it. PDF/X is declared as
/// the print file is (with its colour profile, about half a megabyte); a plain PDF is for a
/// home printer; a PNG is the same pages drawn as a picture. `codes`: the codes of tickets
/// kept for phones, which their QR links carry. Returns the files' names, in the order of
/// `units`.
pub fn write_booklets<O: Outputs>(
    plan: &GeneratePlan,
    units: &[u64],
    outputs: &mut O,
    format: BookletFormat,
    draw: &(dyn Fn(u64) -> DrawnBook + Sync),
    codes: Option<crate::export::pdf::QrCodes<'_>>,
) -> Result<Vec<String>, Error> {
    let mut style = plan.style();
    style.qr_codes = codes;
    style.only_filled = true;
    if format != BookletFormat::PdfX {
        home(&mut style);
    }
    let shared = Shared::new(&style).map_err(Error::io("booklets"))?;
    let mut written = Vec::with_capacity(units.len());
    for &unit in units {
        let name = booklet_file_name(unit, format);
        let io = || Error::io(name.as_str());
        let pages = booklet_pages(plan, unit, &name, draw);
        let total = pages.len() as u64;
        let mut file = outputs.create(&name, false).map_err(io())?;
        if let BookletFormat::Png(dpi) = format {
            crate::picture::png::write_pages(&style, &pages, total, dpi, &mut file)?;
        } else {
            let mut pdf = PdfFile::new(&style, &shared, file).map_err(io())?;
            for page in pages {
                pdf.push(&RenderedPage::new(&style, page, total)).map_err(io())?;
            }
            file = pdf.finish().map_err(io())?;
        }
        outputs.close(&name, file).map_err(io())?;
        written.push(name);
    }
    Ok(written)
}

/// The pages of booklet (or book) `unit`, as a file of their own named `name`.
fn booklet_pages(plan: &GeneratePlan, unit: u64, name: &str, draw: &(dyn Fn(u64) -> DrawnBook + Sync)) -> Vec<Page> {
    let numbering = plan.settings.numbering();
    let games = u64::from(numbering.games().unwrap_or(1));
    let volumes = VolumePlan {
        books: games,
        per_file: games,
        numbering,
        by_game: false,
        tickets_per_page: plan.template.layout().tickets_per_page(),
        tickets_per_book: plan.template.layout().tickets_per_book(),
    };
    let books: Vec<DrawnBook> = (1..=games as u16).filter_map(|g| numbering.book(unit, g)).map(draw).collect();
    let mut builder = PageBuilder::default();
    volumes
        .place(0, books)
        .into_iter()
        .map(|mut placed| {
            placed.file = name.to_string();
            placed
        })
        .flat_map(|placed| builder.add(&volumes, placed))
        .collect()
}

/// Booklet (or book) `unit` of a run as one PNG picture at `dpi`, drawn again from the run's
/// record (its seed, and `attempts`: the re-draws over the run's whole chain, whose books are
/// `books`): what `export --png` writes, for the studio to hand out without writing a file.
pub fn booklet_picture(
    plan: &GeneratePlan,
    books: RangeInclusive<u64>,
    attempts: &Attempts,
    unit: u64,
    dpi: u32,
) -> Result<Vec<u8>, Error> {
    let numbering = plan.settings.numbering();
    let games = numbering.games().unwrap_or(1);
    let first = numbering.book(unit, 1).filter(|b| books.contains(b));
    let last = numbering.book(unit, games).filter(|b| books.contains(b));
    if first.is_none() || last.is_none() {
        return Err(Error::NotInRun { unit });
    }
    let seed = plan.seed.clone();
    let draw = |book: u64| {
        let attempt = attempts.of(book);
        let book_of = crate::generate::Generator::get().book_of(plan.card_format, &seed, book, attempt);
        DrawnBook { number: book, attempt, book: book_of }
    };
    let mut style = plan.style();
    home(&mut style);
    style.only_filled = true;
    let pages = booklet_pages(plan, unit, &booklet_file_name(unit, BookletFormat::Png(dpi)), &draw);
    Ok(crate::picture::png::pages(&style, &pages, pages.len() as u64, dpi)?)
}

/// A booklet for a player's own printer: not PDF/X, and the page the paper's size, with no
/// bleed and no crop marks (an A4 printer would shrink or clip a 216 × 303 mm page).
fn home(style: &mut crate::export::pdf::PdfStyle<'_>) {
    style.for_home = true;
    style.bleed_mm = 0.0;
    style.crop_marks = false;
}

/// Books in a proof: a first look at the run's paper, for the organiser and the print shop.
pub const PROOF_BOOKS: u64 = 12;

/// The first [`PROOF_BOOKS`] books of a run (whole booklets, at least one) as the print file
/// has them: drawn again from the run's record, byte for byte its first pages (a run's first
/// books are those any larger run draws), in memory. `plan` is the record's
/// ([`GeneratePlan::from_record`]).
pub fn proof(plan: &GeneratePlan) -> Result<Vec<u8>, Error> {
    let mut plan = plan.clone();
    let games = u64::from(plan.settings.games.unwrap_or(1));
    plan.settings.books = plan.settings.books.min((PROOF_BOOKS / games).max(1) * games);
    plan.settings.books_per_file = None;
    let mut files = MemoryFiles::default();
    super::write_run(&plan, &mut files, super::Watch::none())?;
    let pdf = files.files().iter().find(|(name, _)| name.ends_with(".pdf")).expect("a run writes a PDF");
    Ok(pdf.1.clone())
}

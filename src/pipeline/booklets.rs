//! Booklets as files of their own, for players who are not in the hall (`housie export`): each
//! booklet's books, drawn again from the seed, on pages that look as the print file's do, one
//! small PDF a booklet (`booklet-000101.pdf`), opening on its first game, or a picture of its
//! pages (`booklet-000101.png`) to send by message.

use std::path::{Path, PathBuf};

use super::GeneratePlan;
use crate::error::Error;
use crate::export::pdf::{PdfFile, RenderedPage, Shared};
use crate::export::OutputFile;
use crate::generate::DrawnBook;
use crate::print::pages::{PageBuilder, VolumePlan};

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

/// Writes one PDF for each of `units` (booklets, or books in a plain run) into `out`, in the
/// look `plan` describes, each with the books `draw` gives for it; a file is written under a
/// temporary name and renamed only when complete. PDF/X is declared as the print file is (with
/// its colour profile, about half a megabyte); a plain PDF is for a home printer; a PNG is the
/// same pages drawn as a picture. Returns the paths, in the order of `units`.
pub fn write_booklets(
    plan: &GeneratePlan,
    units: &[u64],
    out: &Path,
    format: BookletFormat,
    draw: &(dyn Fn(u64) -> DrawnBook + Sync),
) -> Result<Vec<PathBuf>, Error> {
    let mut style = plan.style();
    style.for_home = format != BookletFormat::PdfX;
    let numbering = plan.settings.numbering();
    let games = u64::from(numbering.games().unwrap_or(1));
    let volumes = VolumePlan {
        books: games,
        per_file: games,
        numbering,
        by_game: false,
        tickets_per_page: plan.template.layout.tickets_per_page(),
    };
    let shared = Shared::new(&style).map_err(Error::io(out))?;
    let mut written = Vec::with_capacity(units.len());
    for &unit in units {
        let name = booklet_file_name(unit, format);
        let path = out.join(&name);
        let books: Vec<DrawnBook> = (1..=games as u16).filter_map(|g| numbering.book(unit, g)).map(draw).collect();
        let mut builder = PageBuilder::default();
        let pages: Vec<_> = volumes
            .place(0, books)
            .into_iter()
            .map(|mut placed| {
                placed.file.clone_from(&name);
                placed
            })
            .flat_map(|placed| builder.add(&volumes, placed))
            .collect();
        let total = pages.len() as u64;
        if let BookletFormat::Png(dpi) = format {
            let png = crate::export::png::pages(&style, &pages, total, dpi)
                .map_err(|e| Error::io(&path)(std::io::Error::other(e.to_string())))?;
            let mut file = OutputFile::create(out, &name).map_err(Error::io(&path))?;
            std::io::Write::write_all(&mut file, &png).map_err(Error::io(&path))?;
            written.push(file.finish().and_then(|f| f.commit()).map_err(Error::io(&path))?);
            continue;
        }
        let file = OutputFile::create(out, &name).map_err(Error::io(&path))?;
        let mut pdf = PdfFile::new(&style, &shared, file).map_err(Error::io(&path))?;
        for page in pages {
            pdf.push(&RenderedPage::new(&style, page, total)).map_err(Error::io(&path))?;
        }
        let finished = pdf.finish().and_then(OutputFile::finish).map_err(Error::io(&path))?;
        written.push(finished.commit().map_err(Error::io(&path))?);
    }
    Ok(written)
}

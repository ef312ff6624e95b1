//! The studio's live preview: one page of the run as SVG, drawn by the PDF page writer itself
//! ([`crate::picture::svg`]) from sample books, so it shows exactly what the print will.

use crate::error::Error;
use crate::generate::{RunDrawer, Seed};
use crate::picture::svg;
use crate::print::pages::PageBuilder;

use super::GeneratePlan;

/// The seed of the sample books a preview shows: never a run's own, which is drawn when the
/// run is generated (and kept private).
pub const PREVIEW_SEED: &str = "housie preview";

/// Page `page` (1-based, clamped to the file's pages) of the run's first file as SVG, with
/// sample numbers. The design is checked first, as `generate` checks it, so a preview is
/// refused for exactly what a run would be.
pub fn preview(plan: &GeneratePlan, page: u64) -> Result<String, Error> {
    plan.check_design()?;
    let volumes = plan.volumes();
    let pages = volumes.len(1);
    let page = page.clamp(1, pages);
    // The books on that page lie within the first pages × games books (by game, a file holds
    // every G-th book).
    let games = u64::from(plan.settings.games.unwrap_or(1));
    let bound = plan.settings.books.min((page + 1) * volumes.books_per_page() * games);
    let on_page: Vec<u64> = (0..bound)
        .filter(|&i| {
            let (f, p, _) = volumes.position(i);
            f == 1 && (p..p + volumes.pages_per_book()).contains(&page)
        })
        .collect();
    let Some(&last) = on_page.last() else {
        return Err(Error::NoSuchPage(page));
    };
    let mut options = plan.run_options();
    options.books = last + 1;
    let mut drawer = RunDrawer::new(Seed::from_text(PREVIEW_SEED), options)?;
    let books = drawer.next_batch(last + 1)?;
    let mut builder = PageBuilder::default();
    let placed = volumes.place(0, books);
    let found = on_page
        .iter()
        .flat_map(|&i| builder.add(&volumes, placed[i as usize].clone()))
        .find(|p| p.page == page)
        .ok_or(Error::NoSuchPage(page))?;
    let label = format!("Preview of page {page} of {pages}, with sample numbers");
    Ok(svg::page(&plan.style(), &found, pages, &label))
}

//! `housie generate`: draw a run of books and write its files.

use std::path::PathBuf;
use std::process::ExitCode;

use housie::continuation::Continuation;
use housie::export::pdf::PdfStyle;
use housie::font::Font;
use housie::template::Template;
use housie::{generate_run, Error, GeneratePlan, RunOptions, Seed};

/// Draw a run of books and write its PDF, manifest and run record.
///
/// Draws N books (every valid book equally likely) and writes to DIR the print-ready PDF
/// (`books.pdf`, or volumes `books-0001.pdf`, … of --books-per-file pages), `manifest.csv`
/// (every ticket) and `run.json` (the seed, the options and every file's SHA-256: keep it
/// private, since the seed regenerates every ticket).
///
/// No two tickets in the run hold the same 15 numbers, and by default no two share a line.
/// The same seed and options always give byte-identical files; without --seed a seed is drawn
/// from the operating system and printed. Example:
///
///   housie generate --books 500 --seed "spring fair 2026" --title "Spring Fair" --out spring
///
/// To sell more books for the same event, continue the run: `--after spring --books 200 --out
/// spring-more` draws books 501–700 exactly as a 700-book run would have, keeping tickets and
/// lines unique across both.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of books (one book = six tickets = one page).
    #[arg(long, value_name = "N")]
    books: u64,
    /// Seed: any text or number. The same seed and options reproduce the run exactly.
    #[arg(long, value_name = "S", conflicts_with = "after")]
    seed: Option<String>,
    /// Number of the first book. This only numbers the books: it does not continue an earlier
    /// run (its tickets and lines may repeat); use --after for that.
    #[arg(long, value_name = "K", default_value_t = 1, conflicts_with = "after")]
    first_book: u64,
    /// Continue the run in DIR: its seed, the next book number, and tickets and lines unique
    /// across both runs (the books are those a larger run would have drawn).
    #[arg(long, value_name = "DIR")]
    after: Option<PathBuf>,
    /// Allow two tickets to share a line (the same five numbers in a row).
    #[arg(long, conflicts_with = "after")]
    allow_duplicate_lines: bool,
    /// Output folder (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace housie's files in a folder that is not empty.
    #[arg(long)]
    force: bool,
    /// Books per PDF volume (memory stays bounded for any run size).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    books_per_file: u64,
    /// Event name for the page header.
    #[arg(long, value_name = "TEXT", default_value = "Bingo")]
    title: String,
    /// Look of the page: a shipped template (classic, festival) or a TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
    template: String,
    /// A TrueType font file to use instead of the bundled Liberation Sans Bold.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,
    /// Bleed in millimetres (3 is usual): background colour runs this far past the trim.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    bleed: f32,
    /// Draw crop marks outside the bleed.
    #[arg(long)]
    crop_marks: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let template = Template::load(&args.template)?;
    let font = match &args.font {
        Some(path) => Font::from_file(path)?,
        None => Font::bundled(),
    };
    let after = args.after.as_deref().map(Continuation::read).transpose()?;
    let (seed, first_book, allow_duplicate_lines) = match &after {
        Some(c) => (Seed::from_text(c.seed()), c.next_book(), c.allow_duplicate_lines()),
        None => (
            args.seed.as_deref().map_or_else(Seed::from_os, Seed::from_text),
            args.first_book,
            args.allow_duplicate_lines,
        ),
    };
    let plan = GeneratePlan {
        seed,
        run: RunOptions { books: args.books, first_book, allow_duplicate_lines },
        after,
        out_dir: args.out,
        force: args.force,
        books_per_file: args.books_per_file,
        compare_only: false,
        style: PdfStyle { template, font, title: args.title, bleed_mm: args.bleed, crop_marks: args.crop_marks },
    };
    plan.check()?;
    // Ctrl-C or SIGTERM: take this run's temporary files away before going (kill -9 cannot be
    // caught; the next run into the folder clears those).
    let dir = plan.out_dir.clone();
    let _ = ctrlc::set_handler(move || {
        let _ = housie::export::remove_temporaries(&dir);
        std::process::exit(130);
    });
    let bar = super::progress::bar(args.books, args.quiet, "pages");
    let outcome = generate_run(&plan, &|pages| bar.set_position(pages))?;
    bar.finish_and_clear();
    if args.seed.is_none() && plan.after.is_none() {
        eprintln!("housie: seed {} (keep it to regenerate this run)", plan.seed.text());
    }
    if !args.quiet {
        eprintln!(
            "housie: {} books, {} tickets ({} re-drawn to keep tickets and lines unique) in {}",
            args.books,
            outcome.record.tickets,
            outcome.record.redraws.len(),
            plan.out_dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

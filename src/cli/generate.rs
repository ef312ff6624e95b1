//! `housie generate`: draw a run of books and write its files.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::LazyLock;

use housie_core::domain::PlayerUrl;
use housie_core::export::pdf::StyleError;
use housie_core::generate::{RunError, SeedKind};
use housie_core::pipeline::{Impose, Order};
use housie_core::print::font::FontError;
use housie_core::print::logo::LogoPosition;
use housie_core::record::continuation::Continuation;
use housie_core::{generate_run, Error, GeneratePlan, Seed, Settings};

use super::out::note;

/// A logo's height unless told, mm.
const DEFAULT_LOGO_MM: f32 = 12.0;

/// The bleed a page whose colour reaches the trim gets unless told otherwise, mm.
const DEFAULT_BLEED_MM: f32 = 3.0;

/// Draw a run of books and write its PDF, manifest and run record.
///
/// Draws N books (every valid book equally likely) and writes to DIR the print-ready PDF
/// (`books.pdf`, or volumes `books-0001.pdf`, … of --books-per-file pages), `manifest.csv`
/// (every ticket) and `run.json` (the seed, the options and every file's SHA-256: keep it
/// private, since the seed regenerates every ticket).
///
/// For a night of several games, `--booklets 500 --games 8` draws 500 booklets of 8 books, one
/// per game, each game's page in its own colour; serials then read BOOKLET-GAME-TICKET-CHECK.
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
///
/// Exit status: 0 written, 2 not: bad options, a folder that is not empty (without --force) or
/// in use, an earlier run (--after) that changed, a file that cannot be read or written. Nothing
/// is ever left half-written under a final name.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of books (one book = six tickets = one page).
    #[arg(
        long,
        value_name = "N",
        required_unless_present = "booklets",
        conflicts_with = "booklets",
        allow_negative_numbers = true,
        value_parser = super::number::count
    )]
    books: Option<u64>,
    /// Number of booklets, each one book per game (with --games, which --after takes from the
    /// earlier run).
    #[arg(long, value_name = "B", value_parser = super::number::positive)]
    booklets: Option<u64>,
    /// Games per booklet (up to 99; a palette of 10 colours repeats after game 10).
    #[arg(long, value_name = "G", requires = "booklets", value_parser = super::number::game)]
    games: Option<u16>,
    /// Page order of a run of booklets: `booklets` (each booklet's games in order, ready to
    /// staple, in colour) or `games` (one file per game in booklet order, in black, for printing
    /// each game on its own coloured paper).
    #[arg(long, value_enum, default_value_t = OrderArg::Booklets, requires = "booklets")]
    order: OrderArg,
    /// Seed: any text or number. The same seed and options reproduce the run exactly.
    #[arg(long, value_name = "S", conflicts_with = "after")]
    seed: Option<String>,
    /// Number of the first book. This only numbers the books: it does not continue an earlier
    /// run (its tickets and lines may repeat); use --after for that.
    #[arg(long, value_name = "K", default_value_t = DEFAULTS.first_book, conflicts_with = "after", value_parser = super::number::count)]
    first_book: u64,
    /// Continue the run in DIR: its seed, the next book number, and tickets and lines unique
    /// across both runs (the books are those a larger run would have drawn).
    #[arg(long, value_name = "DIR")]
    after: Option<PathBuf>,
    /// Allow two tickets to share a line (the same five numbers in a row): every book
    /// independent and uniform, at any size.
    #[arg(long, conflicts_with_all = ["after", "unique_lines_per"])]
    allow_duplicate_lines: bool,
    /// Keep lines unique within each block of N books (1–10,000), not across the whole run: a
    /// plain run of more than 10,000 books chooses this or --allow-duplicate-lines, since
    /// unique lines across more books drift from the uniform law. A hall plays a block at most.
    #[arg(long, value_name = "N", conflicts_with = "after", value_parser = super::number::count)]
    unique_lines_per: Option<u64>,
    /// Output folder (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace housie's files in a folder that is not empty.
    #[arg(long)]
    force: bool,
    /// Split the PDF into volumes of N pages (books-0001.pdf, …); by default one books.pdf
    /// however large the run (memory stays bounded either way).
    #[arg(long, value_name = "N", value_parser = super::number::count)]
    books_per_file: Option<u64>,
    /// Event name for the page header [default: "Bingo"; with --after, the earlier run's].
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    #[arg(long, value_name = "NAME|FILE", help = TEMPLATE_HELP.as_str())]
    template: Option<String>,
    /// A TrueType font file to use instead of the bundled Liberation Sans Bold (with --after,
    /// the earlier run's unless given).
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,
    /// A line printed in place of the template's footer: where and when, the charity, the
    /// prizes (with --after, the earlier run's unless given).
    #[arg(long, value_name = "TEXT")]
    subtitle: Option<String>,
    /// A PNG or JPEG logo on every page (a club's or a sponsor's), converted to print colours
    /// (with --after, the earlier run's unless given; a template may name one in `[logo]`).
    #[arg(long, value_name = "FILE")]
    logo: Option<PathBuf>,
    /// The logo's printed height in millimetres [default: 12, or less where it first fits].
    #[arg(long, value_name = "MM", requires = "logo")]
    logo_height: Option<f32>,
    /// Where the logo goes [default: the header's middle, or where it first fits].
    #[arg(long, value_name = "WHERE", requires = "logo", value_parser = logo_position())]
    logo_position: Option<LogoPosition>,
    /// Bleed in millimetres (3 is usual): background colour runs this far past the trim
    /// [default: 3 when the template's colour reaches the trim, else 0; with --after, the
    /// earlier run's].
    #[arg(long, value_name = "MM")]
    bleed: Option<f32>,
    /// Draw crop marks outside the bleed (with --after, as the earlier run did).
    #[arg(long)]
    crop_marks: bool,
    /// Print two pages a sheet for cutting and stacking (A4 pages on A3, or on SRA3 with
    /// --bleed 3 --crop-marks): cut the printed stack in half, put the right pile under the left.
    #[arg(long, value_enum, value_name = "HOW")]
    impose: Option<ImposeArg>,
    /// Where phones will reach `housie serve` on the night, e.g. http://192.168.1.20:8080:
    /// a template whose QR codes open each ticket on a phone (`phone`) prints
    /// URL/p/SERIAL on every ticket (with --after, the earlier run's unless given).
    #[arg(long, value_name = "URL", value_parser = player_url)]
    player_url: Option<PlayerUrl>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// `--logo-position`: the library's places, listed in `--help` and read as templates read them.
fn logo_position() -> impl clap::builder::TypedValueParser<Value = LogoPosition> {
    use clap::builder::TypedValueParser;
    let places = LogoPosition::ALL.map(|p| clap::builder::PossibleValue::new(p.name()).help(p.description()));
    clap::builder::PossibleValuesParser::new(places).map(|name| name.parse().expect("one of the names listed"))
}

/// `--player-url`, read as the library reads it.
fn player_url(text: &str) -> Result<PlayerUrl, String> {
    PlayerUrl::parse(text).map_err(|e| e.to_string())
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum ImposeArg {
    #[value(name = "2up")]
    TwoUp,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum OrderArg {
    Booklets,
    Games,
}

/// `--template`'s help, listing the shipped templates from the one list.
static TEMPLATE_HELP: LazyLock<String> = LazyLock::new(|| {
    format!(
        "Look of the page: a shipped template ({}) or a TOML file [default: {}; with --after, the earlier run's]",
        housie_core::print::template::shipped_names(),
        DEFAULTS.template
    )
});

/// The library's defaults, which clap shows and uses.
static DEFAULTS: LazyLock<Settings> = LazyLock::new(Settings::default);

pub fn run(args: Args) -> Result<ExitCode, Error> {
    generate(&args).map_err(in_flags)
}

fn generate(args: &Args) -> Result<ExitCode, Error> {
    // clap drops `requires` when the required flag conflicts with one given (--books).
    if let (Some(_), Some(_)) = (args.books, args.games) {
        return Err(Error::Usage(
            "--games goes with --booklets (a booklet is one book per game); a run of --books has no games".into(),
        ));
    }
    let after = args.after.as_deref().map(Continuation::read).transpose()?;
    if args.seed.as_deref().is_some_and(|s| s.trim().is_empty()) {
        return Err(Error::Usage("--seed: give some text, or leave --seed out for a seed nobody can guess".into()));
    }
    let (seed, seed_kind, first_book, allow_duplicate_lines, unique_lines_per) = match &after {
        Some(c) => (c.seed(), c.seed_kind(), c.next_book(), c.allow_duplicate_lines(), c.unique_lines_per()),
        None => {
            let (seed, kind) = match args.seed.as_deref() {
                Some(text) => (Seed::from_text(text), Some(SeedKind::Text)),
                None => (Seed::random(), Some(SeedKind::Random)),
            };
            (seed, kind, args.first_book, args.allow_duplicate_lines, args.unique_lines_per)
        }
    };
    let (books, games) = book_count(args, after.as_ref())?;
    // A continuation looks like the run it continues unless told otherwise.
    let look = after.as_ref().map_or_else(|| DEFAULTS.clone(), |c| c.latest().settings.clone());
    let order = match args.order {
        OrderArg::Booklets => Order::Booklets,
        OrderArg::Games => Order::Games,
    };
    let settings = Settings {
        impose: args.impose.map(|ImposeArg::TwoUp| Impose::TwoUp),
        books,
        games,
        order,
        first_book,
        allow_duplicate_lines,
        unique_lines_per,
        books_per_file: args.books_per_file,
        title: args.title.clone().unwrap_or_else(|| look.title.clone()),
        template: args.template.clone().unwrap_or_else(|| look.template.clone()),
        font: args.font.clone().or_else(|| look.font.clone()),
        bleed_mm: args.bleed.unwrap_or(look.bleed_mm),
        crop_marks: args.crop_marks || look.crop_marks,
        subtitle: args.subtitle.clone().filter(|s| !s.trim().is_empty()).or_else(|| look.subtitle.clone()),
        logo: match &args.logo {
            Some(file) => Some(housie_core::pipeline::LogoSettings {
                file: file.clone(),
                sha256: String::new(),
                height_mm: args.logo_height.unwrap_or(DEFAULT_LOGO_MM),
                position: args.logo_position.unwrap_or_default(),
            }),
            None => look.logo.clone(),
        },
        player_url: args.player_url.clone().or_else(|| look.player_url.clone()),
    };

    let mut plan =
        match GeneratePlan::resolve(seed.clone(), settings.clone(), args.out.clone(), args.force, after.clone()) {
            // A logo placed by neither flag goes where it first fits.
            Err(Error::Style(StyleError::Logo { .. }))
                if args.logo_height.is_none() && args.logo_position.is_none() =>
            {
                let mut plan = GeneratePlan::resolve_unchecked(seed, settings, args.out.clone(), args.force, after)?;
                if plan.fit_logo() {
                    let l = plan.settings.logo.as_ref().expect("fit_logo keeps the logo");
                    note!(
                        "housie: the logo goes at the {}, {} mm high, where it fits (--logo-position, --logo-height)",
                        l.position,
                        l.height_mm
                    );
                }
                plan.check()?;
                plan
            }
            other => other?,
        };
    plan.seed_kind = seed_kind;
    say_how_it_looks(&mut plan, args, &look);
    // Ctrl-C or SIGTERM: take this run's temporary files away before going (kill -9 cannot be
    // caught; the next run into the folder clears those).
    let dir = plan.out_dir.clone();
    let _ = ctrlc::set_handler(move || {
        let _ = housie_core::export::remove_temporaries(&dir);
        std::process::exit(130);
    });
    let bar = super::progress::bar(plan.page_count(), args.quiet, "pages");
    let outcome = generate_run(&plan, &|pages| bar.set_position(pages))?;
    bar.finish_and_clear();
    if args.seed.is_none() && plan.after.is_none() {
        note!("housie: seed {} (keep it to regenerate this run)", plan.seed.text());
    }
    if !args.quiet {
        note!(
            "housie: {} books, {} tickets ({} re-drawn to keep tickets and lines unique) in {}",
            books,
            outcome.record.tickets,
            outcome.record.redraws.len(),
            plan.out_dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// How many books the run draws, and the games of each booklet (`None`: plain books), from
/// --books, or --booklets and --games; a continuation numbers its books as the run it
/// continues does.
fn book_count(args: &Args, after: Option<&Continuation>) -> Result<(u64, Option<u16>), Error> {
    if let Some(earlier) = after {
        match (earlier.games(), args.booklets, args.games) {
            (Some(g), None, _) => {
                return Err(Error::Usage(format!(
                    "--after: the earlier run is booklets of {g} games; continue it with --booklets B"
                )))
            }
            (None, Some(_), _) => {
                return Err(Error::Usage("--after: the earlier run has no booklets; continue it with --books N".into()))
            }
            (Some(g), Some(_), Some(given)) if given != g => {
                return Err(Error::Usage(format!(
                    "--after: the earlier run's booklets have {g} games, not {given}; leave out --games"
                )))
            }
            _ => {}
        }
    }
    let games = args.games.or(after.and_then(Continuation::games));
    let books = match (args.books, args.booklets, games) {
        (Some(books), _, _) => books,
        (None, Some(booklets), Some(games)) => booklets
            .checked_mul(u64::from(games))
            .ok_or_else(|| Error::Usage(format!("--booklets {booklets} of {games} games is too many books")))?,
        (None, Some(_), None) => return Err(Error::Usage("--booklets needs --games G (games per booklet)".into())),
        _ => return Err(Error::Usage("give --books N, or --booklets B with --games G".into())),
    };
    Ok((books, args.booklets.and(games)))
}

/// What housie tells the organiser of the pages before drawing them: a continuation's look,
/// a seed anyone could guess, and the bleed a page whose colour reaches its edge gets.
fn say_how_it_looks(plan: &mut GeneratePlan, args: &Args, look: &Settings) {
    let seed_kind = plan.seed_kind;
    if let Some(earlier) = plan.after.as_ref().filter(|_| args.title.is_none() || args.template.is_none()) {
        let recorded = args.template.is_none()
            && !housie_core::print::template::is_shipped(&look.template)
            && !std::path::Path::new(&look.template).exists();
        note!(
            "housie: the pages look as {}'s do (title \"{}\", template {}{}); give --title or --template to change it",
            earlier.dir.display(),
            look.title,
            look.template,
            if recorded { ", which is not there: as its run.json records it" } else { "" }
        );
    }
    if seed_kind == Some(SeedKind::Text) && plan.after.is_none() {
        note!(
            "housie: note: the seed is text you chose, so anyone who guesses it can recompute every ticket of \
             this run; leave out --seed for a seed drawn by the operating system that nobody can guess"
        );
    }
    // Colour cut at the trim leaves white slivers, so a page whose colour reaches the edge gets
    // the usual bleed unless the organiser asked otherwise.
    if args.bleed.is_none() && plan.after.is_none() && plan.style().colour_reaches_trim() {
        plan.settings.bleed_mm = DEFAULT_BLEED_MM;
        note!("housie: the page's colour runs to the trim edge, so it bleeds 3 mm past it (--bleed 0 for none)");
    }
    if plan.style().colour_reaches_trim() {
        note!("housie: warning: the page's colour runs to the trim edge with no bleed; use --bleed 3 for a print shop");
    }
    if let Some(warning) = plan.style().cut_too_close() {
        note!("housie: warning: {warning}");
    }
    if let Some((logo, l)) = plan.logo.as_ref().zip(plan.settings.logo.as_ref()) {
        if let Ok(Some(warning)) = logo.check_resolution(l.height_mm) {
            note!("housie: warning: {warning}");
        }
    }
}

/// The flag a setting comes from.
fn flag(field: &str) -> String {
    match field {
        "bleed_mm" => "--bleed".to_string(),
        // From --logo-height or a template's [logo]: the message names the logo itself.
        "logo" => "the logo".to_string(),
        f => format!("--{}", f.replace('_', "-")),
    }
}

/// The library speaks of settings; here the user gave flags, so the message names them.
fn in_flags(e: Error) -> Error {
    let hint = "use --allow-duplicate-lines, or split the event with --after";
    match e {
        Error::Settings(s) => Error::Usage(format!("{} {}", flag(s.field), s.problem)),
        Error::Run(RunError::NoBooks) => Error::Usage("--books must be at least 1".into()),
        Error::Run(RunError::FirstBookZero) => Error::Usage("--first-book must be at least 1".into()),
        Error::Run(r @ (RunError::LinesInfeasible { .. } | RunError::LinesExhausted { .. })) => {
            Error::Usage(format!("{r}; {hint}"))
        }
        Error::NotEmpty(dir) => {
            Error::Usage(format!("{} is not empty; pass --force to replace housie's files in it", dir.display()))
        }
        Error::Style(StyleError::Font(FontError::MissingGlyph { what, ch, code, font })) => {
            let what = if what == "the title" { "--title".to_string() } else { what };
            let e = FontError::MissingGlyph { what, ch, code, font };
            Error::Usage(format!("{e} (--font FILE)"))
        }
        Error::Style(StyleError::Font(FontError::Script { what, script, ch, code, font })) => {
            let what = if what == "the title" { "--title".to_string() } else { what };
            Error::Usage(FontError::Script { what, script, ch, code, font }.to_string())
        }
        Error::Style(StyleError::PlayerUrl(problem)) => Error::Usage(format!("--player-url: {problem}")),
        Error::Style(StyleError::RightToLeft { what, ch, code }) => {
            let what = if what == "the title" { "--title".to_string() } else { what };
            Error::Style(StyleError::RightToLeft { what, ch, code })
        }
        Error::Style(StyleError::Unprintable { what, code, why }) => {
            let what = if what == "the title" { "--title".to_string() } else { what };
            Error::Style(StyleError::Unprintable { what, code, why })
        }
        e => e,
    }
}

//! `housie generate`: draw a run of books and write its files.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::LazyLock;

use housie_core::domain::format::Card;
use housie_core::domain::PlayerUrl;
use housie_core::export::pdf::StyleError;
use housie_core::generate::RunError;
use housie_core::pipeline::{
    CardAsked, Impose, Lines, LogoAsked, Note, Order, Request, RequestError, SeedChoice, Setting, Size, Watch,
};
use housie_core::print::font::FontError;
use housie_core::print::logo::LogoPosition;
use housie_core::print::page_text::PageText;
use housie_core::{Error, Settings};
use housie_files::read::Disk;
use housie_files::run::generate_run;

use super::out::note;

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
    /// The card: 90-ball tickets in strips of six, or 75-ball faces (5 × 5, B I N G O, a free
    /// centre with the face's number) in sheets of --on faces [default: the template's; without
    /// one, 90-ball].
    #[arg(long, value_name = "CARD")]
    card: Option<CardArg>,
    /// Faces a 75-ball sheet (a book): 1, 2, 3 or 4 on housie's looks (4 on a page on its
    /// side); 6 with a template of your own [default: 3, or the template's].
    #[arg(long, value_name = "N", value_parser = faces_a_sheet, requires = "card")]
    on: Option<usize>,
    /// 75-ball strips: each sheet's three faces share no number, so a sheet holds every B, I,
    /// G and O number once and 12 of the 15 N numbers (--on 3 only).
    #[arg(long, requires = "card")]
    strips: bool,
    /// A TrueType or OpenType (.otf) font file to use instead of the bundled Liberation Sans Bold (with --after,
    /// the earlier run's unless given).
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,
    /// A line printed in place of the template's footer: where and when, the charity, the
    /// prizes (with --after, the earlier run's unless given).
    #[arg(long, value_name = "TEXT")]
    subtitle: Option<String>,
    /// The language of the paper's own words: `hi` prints क्र. for No., the shipped templates'
    /// book, booklet and game words and the colours' names in Hindi (recorded in run.json;
    /// with --after, the earlier run's unless given). Unsaid: English.
    #[arg(long, value_name = "TAG")]
    lang: Option<String>,
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
    /// The prize set the night plays (`uk`, `tambola`, `tambola-full`), recorded in run.json:
    /// `housie serve` offers it first on the desk (with --after, the earlier run's unless
    /// given) [default: uk].
    #[arg(long, value_name = "SET")]
    prizes: Option<String>,
    /// The night's money, as its three-letter code (GBP, INR, EUR, USD…), recorded in
    /// run.json: `housie serve` keeps the ledger in it (with --after, the earlier run's unless
    /// given) [default: GBP].
    #[arg(long, value_name = "CODE")]
    currency: Option<String>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// `--on`: the sheets housie prints.
fn faces_a_sheet(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n @ (1 | 2 | 3 | 4 | 6)) => Ok(n),
        _ => Err("a 75-ball sheet holds 1, 2, 3, 4 or 6 faces".to_string()),
    }
}

/// `--card` (here and in `housie draws`).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(super) enum CardArg {
    /// 90-ball (Housie, Tambola): 3 × 9 tickets in strips of six.
    #[value(name = "90-ball")]
    NinetyBall,
    /// 75-ball (US and Canada): 5 × 5 faces in sheets of --on.
    #[value(name = "75-ball")]
    SeventyFiveBall,
}

impl CardArg {
    /// The engine's kind of card.
    pub(super) fn card(self) -> Card {
        match self {
            CardArg::NinetyBall => Card::NinetyBall,
            CardArg::SeventyFiveBall => Card::SeventyFiveBall,
        }
    }
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
    let after = args.after.as_deref().map(|dir| housie_files::continuation::read(dir, &args.out)).transpose()?;
    let planned = request(args)?.plan(after, &Disk)?;
    let plan = planned.plan;
    for n in &planned.notes {
        tell(n);
    }
    // Ctrl-C or SIGTERM: take this run's temporary files away before going (kill -9 cannot be
    // caught; the next run into the folder clears those).
    let dir = args.out.clone();
    let _ = ctrlc::set_handler(move || {
        let _ = housie_files::lock::remove_temporaries(&dir);
        std::process::exit(130);
    });
    let bar = super::progress::bar(plan.page_count(), args.quiet, "pages");
    let watch = Watch { progress: &|pages| bar.set_position(pages), ..Watch::none() };
    let outcome = generate_run(&plan, &args.out, args.force, watch)?;
    bar.finish_and_clear();
    if args.seed.is_none() && plan.after().is_none() {
        note!("housie: seed {} (keep it to regenerate this run)", plan.seed().text());
    }
    if !args.quiet {
        // A 75-ball book is a sheet of faces, as the trade says.
        let (books, tickets) = if plan.card_format().covers() { ("books", "tickets") } else { ("sheets", "faces") };
        note!(
            "housie: {} {books}, {} {tickets} ({} re-drawn to keep {tickets} and lines unique) in {}",
            plan.settings().books,
            outcome.record.tickets,
            outcome.record.redraws.len(),
            args.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The flags as the request every front door makes: what they leave unsaid is the policy's.
fn request(args: &Args) -> Result<Request, Error> {
    let size = match (args.books, args.booklets) {
        (Some(books), _) => Size::Books(books),
        (None, Some(booklets)) => Size::Booklets { booklets, games: args.games },
        (None, None) => return Err(Error::Usage("give --books N, or --booklets B with --games G".into())),
    };
    let seed = match &args.seed {
        Some(text) => SeedChoice::Text(text.clone()),
        None => SeedChoice::Random(housie_files::start::entropy()),
    };
    let mut request = Request::new(size, seed);
    request.first_book = Some(args.first_book).filter(|_| args.after.is_none());
    request.lines = match (args.allow_duplicate_lines, args.unique_lines_per) {
        (true, _) => Some(Lines::Repeat),
        (false, Some(n)) => Some(Lines::UniquePer(n)),
        (false, None) => None,
    };
    request.order = match args.order {
        OrderArg::Booklets => Order::Booklets,
        OrderArg::Games => Order::Games,
    };
    request.books_per_file = args.books_per_file;
    request.impose = args.impose.map(|ImposeArg::TwoUp| Impose::TwoUp);
    request.title.clone_from(&args.title);
    request.subtitle = args.subtitle.clone().filter(|s| !s.trim().is_empty());
    request.lang.clone_from(&args.lang);
    request.template.clone_from(&args.template);
    request.card = args.card.map(|card| CardAsked { card: card.card(), on: args.on, strips: args.strips });
    request.font.clone_from(&args.font);
    request.logo = args.logo.as_ref().map(|file| LogoAsked {
        file: file.clone(),
        height_mm: args.logo_height,
        position: args.logo_position,
    });
    request.bleed_mm = args.bleed;
    request.crop_marks = args.crop_marks;
    request.player_url.clone_from(&args.player_url);
    request.prizes.clone_from(&args.prizes);
    request.currency.clone_from(&args.currency);
    request.date = housie_files::start::run_date()?;
    Ok(request)
}

/// What housie tells the organiser of the pages before drawing them, in the command line's
/// words (naming the flags that change it).
fn tell(n: &Note) {
    match n {
        Note::LooksAsEarlier { dir, title, template, recorded } => note!(
            "housie: the pages look as {}'s do (title \"{title}\", template {template}{}); give --title or --template to change it",
            dir.display(),
            if *recorded { ", which is not there: as its run.json records it" } else { "" }
        ),
        Note::GuessableSeed => note!(
            "housie: note: the seed is text you chose, so anyone who guesses it can recompute every ticket of \
             this run; leave out --seed for a seed drawn by the operating system that nobody can guess"
        ),
        Note::LogoPlaced { position, height_mm } => note!(
            "housie: the logo goes at the {position}, {height_mm} mm high, where it fits (--logo-position, --logo-height)"
        ),
        Note::DefaultBleed => {
            note!("housie: the page's colour runs to the trim edge, so it bleeds 3 mm past it (--bleed 0 for none)")
        }
        Note::ColourToTrim => note!(
            "housie: warning: the page's colour runs to the trim edge with no bleed; use --bleed 3 for a print shop"
        ),
        Note::CutTooClose { .. } | Note::LogoResolution { .. } => note!("housie: warning: {n}"),
        Note::ContinuedInBlocks => note!("housie: {n} (docs/manual.md, --unique-lines-per)"),
        Note::LogoLower { .. } => note!("housie: warning: {n} (--logo-position, --logo-height)"),
    }
}

/// The flag a setting comes from.
fn flag(field: Setting) -> String {
    match field {
        Setting::BleedMm => "--bleed".to_string(),
        // From --logo-height or a template's [logo]: the message names the logo itself.
        Setting::Logo => "the logo".to_string(),
        f => format!("--{}", f.to_string().replace('_', "-")),
    }
}

/// A message about the title, naming the flag it came from: the library's messages about a text
/// of the page begin with the text's name.
fn of_title(what: PageText, message: String) -> String {
    match what {
        PageText::Title => format!("--title{}", message.strip_prefix(&PageText::Title.to_string()).unwrap_or(&message)),
        _ => message,
    }
}

/// The library speaks of settings; here the user gave flags, so the message names them.
fn in_flags(e: Error) -> Error {
    let hint = "use --unique-lines-per 10000 (a plain run) or --allow-duplicate-lines";
    match e {
        Error::Settings(s) => Error::Usage(format!("{} {}", flag(s.field), s.problem)),
        Error::Request(r) => Error::Usage(match r {
            RequestError::EmptySeed => "--seed: give some text, or leave --seed out for a seed nobody can guess".into(),
            RequestError::ContinueWithBooklets { games } => {
                format!("--after: the earlier run is booklets of {games} games; continue it with --booklets B")
            }
            RequestError::ContinueWithBooks => {
                "--after: the earlier run has no booklets; continue it with --books N".into()
            }
            RequestError::OtherGames { earlier, asked } => {
                format!("--after: the earlier run's booklets have {earlier} games, not {asked}; leave out --games")
            }
            RequestError::NoGames => "--booklets needs --games G (games per booklet)".into(),
            RequestError::TooManyBooks { booklets, games } => {
                format!("--booklets {booklets} of {games} games is too many books")
            }
            other => other.to_string(),
        }),
        Error::Run(RunError::NoBooks) => Error::Usage("--books must be at least 1".into()),
        Error::Run(RunError::FirstBookZero) => Error::Usage("--first-book must be at least 1".into()),
        Error::Run(r @ (RunError::LinesInfeasible { .. } | RunError::LinesExhausted { .. })) => {
            Error::Usage(format!("{r}; {hint}"))
        }
        Error::NotEmpty(dir) => {
            Error::Usage(format!("{} is not empty; pass --force to replace housie's files in it", dir.display()))
        }
        Error::Style(StyleError::Font(e @ FontError::MissingGlyph { what, .. })) => {
            Error::Usage(format!("{} (--font FILE)", of_title(what, e.to_string())))
        }
        Error::Style(StyleError::Font(e @ FontError::Script { what, .. })) => {
            Error::Usage(of_title(what, e.to_string()))
        }
        Error::Style(e @ (StyleError::PlayerUrlMissing { .. } | StyleError::PlayerUrlTooLong { .. })) => {
            Error::Usage(format!("--player-url: {e}"))
        }
        Error::Style(
            e @ (StyleError::RightToLeft { what, .. }
            | StyleError::Unprintable { what, .. }
            | StyleError::LabelTooWide { what, .. }),
        ) => Error::Usage(of_title(what, e.to_string())),
        e => e,
    }
}

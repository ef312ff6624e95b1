//! `housie export`: booklets as files of their own, for players who are not in the hall.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use housie_core::domain::{Numbering, Serial};
use housie_core::pipeline::booklets::{booklet_file_name, BookletFormat};
use housie_core::Error;
use housie_files::booklets::write_booklets;
use housie_night::ledger::{Currency, Entry, Money, Payment, Regime, Units};
use housie_night::night::game::Log;
use housie_night::night::play_code::CodeKey;
use housie_night::night::{OpenOptions, Served, ServedNight};

use super::out::{note, Out};

/// Write booklets as PDFs of their own, with links, for players who are not in the hall.
///
/// Each booklet (each book, in a run of books) becomes OUT/booklet-NNNNNN.pdf: its pages as the
/// print file has them, opening on its first game, small enough to mail or message (a plain PDF
/// for a home printer, some 30 KB a page; --pdfx for PDF/X as the print file).
/// OUT/links.csv lists every file with the link that follows it on a phone (columns booklet,
/// file, phone_only, serial, code and link); a later export into the same folder adds its rows. A phone-only booklet's link carries its code (8 characters, from the run's seed:
/// only the organiser can make one); without the code a phone cannot follow or claim it.
///
/// The booklets go into play in the same step: the night (night.sqlite, made if there is none)
/// records them as given to --seller and as given free, or, with --price, as sold: to --buyer
/// in one sale, or each booklet as a sale of its own, so that a regime's limit per player
/// counts each remote player on their own. Games with "all" then include them. Booklets already sold
/// (a lost file sent again) are left as they are. --phone-only keeps them for phones (as
/// `serve --phone-only` does). Stop `housie serve` first: the night's database is locked while
/// it is served.
///
/// Exit status: 0 written, 2 a bad range, a file that exists (without --force), a sale the
/// ledger refuses or would warn of (without --over-limit), or a night being served.
///
///   housie export spring --booklets 491-500 --out remote
///
///   housie export spring --booklets 491-500 --price 2.50 --phone-only --url http://192.168.1.20:8090 --out remote
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Which booklets (books, in a run of books), e.g. `491-500, 512`.
    #[arg(long, visible_alias = "books", value_name = "RANGES")]
    booklets: String,
    /// The folder to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Keep these booklets for phones: followed and claimed only with the code in their link.
    #[arg(long)]
    phone_only: bool,
    /// The address phones reach `housie serve` at (it prints it as `players:`), for the links;
    /// without it the links are paths (`/play?s=…`) to put after the address.
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// Who the booklets are recorded as given to.
    #[arg(long, value_name = "NAME", default_value = housie_night::ledger::REMOTE)]
    seller: String,
    /// The price of each booklet (book, in a run of books), when the remote players paid:
    /// recorded as sold at it. Without it they are recorded as given free.
    #[arg(long, value_name = "AMOUNT", value_parser = Money::parse)]
    price: Option<Money>,
    /// Who bought them all, when one player did: one sale, counted against a regime's limit
    /// per player. Without it each booklet is a sale of its own. Without --price, who they
    /// were given to, named in the cash-up.
    #[arg(long, value_name = "NAME")]
    buyer: Option<String>,
    /// The price was paid in cash, into the cash box (not by transfer or card).
    #[arg(long, requires = "price")]
    cash: bool,
    /// Record a sale past a regime's limit per player (or a buyer's name like another's) that
    /// would otherwise be refused.
    #[arg(long)]
    over_limit: bool,
    /// The currency of the night's money, when this export is its first money (as `serve
    /// --currency`) [default: GBP].
    #[arg(long, value_name = "CODE")]
    currency: Option<Currency>,
    /// The rules the night's money is held to, when this export is its first money (as `serve
    /// --regime`).
    #[arg(long, value_name = "NAME")]
    regime: Option<Regime>,
    /// Write each file as the print file is, declared PDF/X with its colour profile (about half
    /// a megabyte more a file), for a print shop rather than a home printer.
    #[arg(long)]
    pdfx: bool,
    /// Write each booklet as one PNG picture of its pages (one under the other), to send by
    /// message, instead of a PDF.
    #[arg(long, conflicts_with = "pdfx")]
    png: bool,
    /// The pictures' resolution, dots per inch (30 to 600).
    #[arg(long, value_name = "DPI", default_value_t = 110, requires = "png", value_parser = clap::value_parser!(u32).range(30..=600))]
    dpi: u32,
    /// Replace booklet files that exist.
    #[arg(long)]
    force: bool,
}

/// How the booklets are written.
fn format(args: &Args) -> BookletFormat {
    match (args.png, args.pdfx) {
        (true, _) => BookletFormat::Png(args.dpi),
        (false, true) => BookletFormat::PdfX,
        (false, false) => BookletFormat::Pdf,
    }
}

/// The links file, and its columns.
const LINKS: &str = "links.csv";
const HEADER: [&str; 6] = ["booklet", "file", "phone_only", "serial", "code", "link"];

/// The row of links.csv for booklet (or book) `unit`: its file, and the link that follows its
/// first ticket with its code, so that a claim from the link proves the ticket (a claim
/// without it is only a request the caller checks on paper the remote player does not bring).
fn link_row(unit: u64, file: String, numbering: Numbering, key: &CodeKey, kept: bool, base: &str) -> [String; 6] {
    let serial: Serial =
        numbering.book(unit, 1).and_then(|b| numbering.serial(b, 1)).expect("a booklet in the run has a first ticket");
    let code = key.code(&serial);
    let query = format!("s={serial}&c={code}");
    let link = format!("{base}/play?{query}");
    [unit.to_string(), file, kept.to_string(), serial.to_string(), code, link]
}

/// The rows of a links.csv an earlier export wrote, by booklet; anything else is refused,
/// naming the file and line, before anything is written.
fn read_links(path: &Path) -> Result<BTreeMap<u64, [String; 6]>, Error> {
    let text = housie_files::read::read_text(path, 64 << 20).map_err(Error::io(path))?;
    let bad = |line: u64, why: &str| {
        Error::Usage(format!("{}:{line}: {why}; move it away to start a new one", path.display()))
    };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    let mut rows = BTreeMap::new();
    for (i, record) in reader.records().enumerate() {
        let line = i as u64 + 1;
        let record = record.map_err(|e| bad(line, &e.to_string()))?;
        let fields: Vec<String> = record.iter().map(str::to_string).collect();
        if i == 0 {
            if fields != HEADER {
                return Err(bad(1, "not a links.csv housie wrote (its header differs)"));
            }
            continue;
        }
        let row: [String; 6] = fields.try_into().map_err(|_| bad(line, "a row of links.csv has 6 fields"))?;
        let unit = row[0].parse::<u64>().map_err(|_| bad(line, "booklet: not a number"))?;
        rows.insert(unit, row);
    }
    Ok(rows)
}

/// What goes before each link: the address phones reach `serve` at, without a trailing `/` or
/// `/play`; empty for links that are paths.
fn link_base(url: Option<&str>) -> Result<String, Error> {
    match url {
        Some(url) if !(url.starts_with("http://") || url.starts_with("https://")) => {
            Err(Error::Usage(format!("--url: `{url}` is not an http:// or https:// address")))
        }
        Some(url) => Ok(url.trim_end_matches('/').trim_end_matches("/play").to_string()),
        None => Ok(String::new()),
    }
}

/// Writes `out/links.csv` whole, owner-only (its codes are secrets), in booklet order.
fn write_links(out: &Path, links: &BTreeMap<u64, [String; 6]>) -> Result<(), Error> {
    let links_path = out.join(LINKS);
    let mut csv = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| Error::Usage(format!("{}: {e}", links_path.display()));
    csv.write_record(HEADER).map_err(io)?;
    for row in links.values() {
        csv.write_record(row).map_err(io)?;
    }
    let bytes = csv.into_inner().map_err(|e| Error::Usage(format!("{}: {e}", links_path.display())))?;
    housie_files::output::write_private_file(out, LINKS, &bytes)
        .and_then(housie_files::output::FinishedFile::commit)
        .map_err(Error::io(&links_path))?;
    Ok(())
}

/// The money's currency and regime, when this export is the night's first money (`paid`: it
/// sells at a price); refused when they differ from the night's.
fn opening(ledger: &housie_night::ledger::Ledger, args: &Args, paid: bool) -> Result<Option<Entry>, Error> {
    let currency = args.currency.or(args.regime.map(Regime::currency));
    match (ledger.currency(), currency) {
        (Some(set), Some(asked)) if set != asked => {
            Err(Error::Usage(format!("--currency: the night's money is already in {set}, not {asked}")))
        }
        (Some(_), _) if args.regime.is_some() && ledger.regime() != args.regime => {
            Err(Error::Usage("--regime: the night's money is already held to other rules".into()))
        }
        (None, _) if currency.is_some() || paid => {
            Ok(Some(Entry::Opened { currency: currency.unwrap_or(Currency::GBP), regime: args.regime }))
        }
        _ => Ok(None),
    }
}

/// The night learns what left, in one step: the units kept for phones (with --phone-only),
/// those never given out as given to --seller, and those not yet in play as sold at --price or
/// given free. Every entry is tried on a copy of the ledger before the first is written; with
/// `commit` false, nothing more. Says what went into play, if anything did.
fn record_export(night: &mut ServedNight, args: &Args, units: &Units, commit: bool) -> Result<Option<String>, Error> {
    let ledger = night.ledger();
    let price = args.price.unwrap_or(Money::ZERO);
    // The ledger counts tickets (a book may be sold by the half sheet): a book any ticket of
    // which is sold, or given to a seller, is not exported as new.
    let paper = ledger.paper();
    let to_play = units.minus(&paper.units_of(ledger.sold()));
    // Each entry with the flags its refusal and its warning are about.
    let mut entries: Vec<(&str, &str, Entry)> = Vec::new();
    if let Some(opened) = opening(ledger, args, price != Money::ZERO && !to_play.is_empty())? {
        entries.push(("--currency", "--currency", opened));
    }
    let fresh = units.minus(&paper.units_of(&ledger.issued_units()));
    if !fresh.is_empty() {
        let issued = Entry::Issued { seller: args.seller.clone(), units: fresh.to_string() };
        entries.push(("--seller", "--seller", issued));
    }
    let how = if args.cash { Payment::Cash } else { Payment::Other };
    let sale = |units: &Units| Entry::Sold {
        sold_as: Default::default(),
        units: units.to_string(),
        price,
        seller: None,
        buyer: args.buyer.clone(),
        how,
        remote: true,
    };
    // The buyer's name first, so that what it causes is said of --buyer: a sale is then
    // refused for its booklets (sold, or in a game being called) and warned of for its price.
    if let (Some(buyer), false) = (&args.buyer, to_play.is_empty()) {
        let warning = ledger.check_name("buyer", buyer).map_err(|e| Error::Usage(format!("--buyer: {e}")))?;
        if let (Some(why), false) = (warning, args.over_limit) {
            return Err(Error::Usage(format!("--buyer: {why}; give --over-limit to record it anyway")));
        }
    }
    // One sale to a named buyer (or of paper given free); else a sale a booklet, each a player.
    match (&args.buyer, price == Money::ZERO) {
        _ if to_play.is_empty() => {}
        (Some(_), _) | (None, true) => entries.push(("--booklets", "--price", sale(&to_play))),
        (None, false) => {
            for unit in to_play.ranges().iter().flat_map(|r| r.clone()) {
                entries.push(("--booklets", "--price", sale(&Units::of_sorted([unit..=unit]))));
            }
        }
    }
    // Every entry checked as the night would record it, before the first is written.
    let warnings = night.try_money(&entries.iter().map(|(_, _, e)| e.clone()).collect::<Vec<_>>());
    let warnings = warnings.map_err(|(i, e)| Error::Usage(format!("{}: {}", entries[i].0, e.message)))?;
    if let (false, Some((i, why))) =
        (args.over_limit, warnings.iter().enumerate().find_map(|(i, w)| Some((i, w.as_ref()?))))
    {
        return Err(Error::Usage(format!("{}: {why}; give --over-limit to record it anyway", entries[i].1)));
    }
    if !commit {
        // Tried, not recorded: the files are written first (see `run`).
        return Ok(None);
    }
    if args.phone_only {
        night.keep_for_phones(&units.to_string()).map_err(|e| Error::Usage(format!("--phone-only: {}", e.message)))?;
    }
    for (flag, _, entry) in entries {
        night.record_money(entry, true).map_err(|e| Error::Usage(format!("{flag}: {}", e.message)))?;
    }
    if to_play.is_empty() {
        return Ok(None);
    }
    let what = match (price == Money::ZERO, &args.buyer) {
        (false, Some(buyer)) => format!("sold to {buyer} at {price} each"),
        (false, None) => format!("sold at {price} each, each to a player of its own"),
        (true, Some(buyer)) => format!("given free to {buyer}"),
        (true, None) => "given free".to_string(),
    };
    Ok(Some(format!("{} {to_play} {what}: in play in every game of \"all\"", night.ledger().unit())))
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let run = housie_night::night::run_folder::open(&args.dir)?;
    let log = Log::of(&run);
    let units = Units::parse(&args.booklets, log.units()).map_err(|e| Error::Usage(format!("--booklets: {e}")))?;
    let list: Vec<u64> = units.ranges().iter().flat_map(|r| r.clone()).collect();
    if list.len() > 10_000 {
        return Err(
            Error::Usage(format!("--booklets: {} at once is more than 10,000; export in parts", list.len())).into()
        );
    }
    let base = link_base(args.url.as_deref())?;
    let _lock = open_out(&args, &list)?;
    // links.csv gathers every export into this folder: this one's rows replace theirs.
    let links_path = args.out.join(LINKS);
    let mut links = if links_path.exists() { read_links(&links_path)? } else { BTreeMap::new() };
    let numbering = run.record.settings.numbering();
    let key = CodeKey::of_seed(&run.record.seed);
    let plan = housie_files::booklets::plan_of(&args.dir, &run.record)?;
    // The night (made if there is none) tries what left before the files are written, so a
    // refused sale writes nothing; it records it once they are all written, so a booklet is
    // never recorded as given that was not (a full disk, a kill). The night is held all along:
    // nothing is recorded in between. An export tried again finds the booklets in play.
    let (mut night, notes) = ServedNight::open(run, OpenOptions::default())?;
    let tried = record_export(&mut night, &args, &units, false);
    let in_play = match tried {
        Ok(in_play) => in_play,
        Err(e) => {
            // A night made by this export goes with its refusal: left behind, empty, it would
            // keep the run folder from being generated again.
            night.remove_if_new_and_empty();
            return Err(e.into());
        }
    };
    for n in notes {
        note!("housie: {n}");
    }
    let phone_only = match args.phone_only {
        true => night.ledger().phone_only().or(&units),
        false => night.ledger().phone_only().clone(),
    };
    let run = std::sync::Arc::clone(&night.run);
    // A phone-only ticket's QR link carries its code, as its line of links.csv does.
    let code = |serial: &Serial| phone_only.contains(serial.booklet()).then(|| key.code(serial));
    let codes = housie_core::export::pdf::QrCodes(&code);
    let files = match write_booklets(&plan, &list, &args.out, format(&args), &|book| run.drawn(book), Some(codes)) {
        Ok(files) => files,
        Err(e) => {
            night.remove_if_new_and_empty();
            return Err(e.into());
        }
    };
    for &unit in &list {
        let file = booklet_file_name(unit, format(&args));
        links.insert(unit, link_row(unit, file, numbering, &key, phone_only.contains(unit), &base));
    }
    write_links(&args.out, &links)?;
    let in_play = record_export(&mut night, &args, &units, true)?.or(in_play);
    let mut out = Out::new();
    out.text(&format!(
        "wrote {} booklet file{} and links.csv to {}\n",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        args.out.display()
    ));
    if let Some(in_play) = in_play {
        out.text(&format!("{in_play}\n"));
    }
    out.finish()?;
    if !phone_only.and(&units).is_empty() {
        warn_of_links(&run, &base);
    }
    Ok(ExitCode::SUCCESS)
}

/// The output folder made and held (one export at a time into a folder; under its lock, a
/// killed export's temporaries go), with no booklet file of `list` in it unless --force.
fn open_out(args: &Args, list: &[u64]) -> Result<housie_files::lock::FolderLock, Error> {
    std::fs::create_dir_all(&args.out).map_err(Error::io(&args.out))?;
    let lock = housie_files::lock::lock_folder(&args.out)
        .map_err(Error::io(&args.out))?
        .ok_or_else(|| Error::Busy(args.out.clone()))?;
    housie_files::lock::remove_temporaries(&args.out).map_err(Error::io(&args.out))?;
    if !args.force {
        let names = list.iter().map(|&u| booklet_file_name(u, format(args)));
        if let Some(there) = names.into_iter().find(|n| args.out.join(n).exists()) {
            return Err(Error::Usage(format!("{} exists; give --force to replace it", args.out.join(there).display())));
        }
    }
    Ok(lock)
}

/// What the organiser should know of phone-only links: a guessable seed, and paths with no address.
fn warn_of_links(run: &housie_night::night::NightRun, base: &str) {
    if run.record.seed_kind == Some(housie_core::generate::SeedKind::Text) {
        note!(
            "housie: warning: the run's seed is text you chose, so anyone who guesses it can work out the codes; \
             phone-only books are safest in a run with a drawn seed"
        );
    }
    if base.is_empty() {
        note!("housie: the links are paths: put the address phones reach housie serve at before them, or give --url");
    }
}

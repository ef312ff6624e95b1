//! `housie cashup`: the night's money, reconciled.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use housie_core::support::catalogue::Catalogue;
use housie_core::Error;

use super::night::NightArgs;
use super::out::Out;

/// Print the cash-up of the night played on a run.
///
/// From the ledger the desk kept in night.sqlite (paper issued to sellers, sales, returns,
/// voids, prizes paid): the paper sold and the takings, the prizes paid, the balance and the
/// cash the box should hold; per seller what they were given, sold and gave back, and what is
/// missing, by range; and every prize paid. Every entry is checked as it is replayed, so an
/// edited ledger is refused, naming the entry. The JSON has `sold_books`, `takings`,
/// `prizes_paid`, `balance` and `expected_cash` at the top.
///
/// Exit status: 0 done, 2 no night was played here, or its log cannot be read (edited or
/// damaged; the event and the reason are printed).
///
///   housie cashup spring
///
///   housie cashup spring --json > cashup.json
///
///   housie cashup spring --pdf cashup.pdf
///
///   housie cashup spring --lang hi --pdf हिसाब.pdf
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    night: NightArgs,
    /// Also write the cash-up as a PDF to sign and keep with the banking.
    #[arg(long, value_name = "FILE")]
    pdf: Option<PathBuf>,
    /// Replace the --pdf file if it exists.
    #[arg(long)]
    force: bool,
    /// The language of the text and the sheet: a catalogue housie has (`en`, `hi`). The
    /// figures and the JSON are the same in every language. Windows' own console cannot show
    /// Devanagari, so there the text is printed in English (Windows Terminal shows Hindi; the
    /// PDF and text sent to a file keep the language asked for).
    #[arg(long, value_name = "TAG", default_value = "en")]
    lang: String,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let NightArgs { dir, json } = args.night;
    let words = Catalogue::of(&args.lang).ok_or_else(|| {
        let have: Vec<&str> = housie_core::support::catalogue::catalogues().iter().map(|c| c.lang.as_str()).collect();
        Error::Usage(format!(
            "--lang: housie has no words in `{}`; it has {}",
            housie_core::domain::text::clip(&args.lang, 20),
            have.join(", ")
        ))
    })?;
    let record = housie_night::night::reading::read(&dir)?;
    let text = match (&record.money, json) {
        (Some(money), true) => {
            let mut s = serde_json::to_string_pretty(money).expect("a cash-up serialises");
            s.push('\n');
            s
        }
        (Some(money), false) => {
            let text = housie_night::night::transcript::cashup_text(money, record.seal.as_ref(), words);
            if shown_as_boxes(&text) {
                eprintln!(
                    "note: this console cannot show `{}` text (Windows Terminal can); the cash-up is printed in English{}",
                    words.lang,
                    if args.pdf.is_some() { ", the PDF is in the language asked for" } else { "" }
                );
                housie_night::night::transcript::cashup_text(money, record.seal.as_ref(), Catalogue::english())
            } else {
                text
            }
        }
        (None, true) => "{}\n".to_string(),
        (None, false) => "no money recorded yet: the desk's ledger is empty\n".to_string(),
    };
    match (&args.pdf, &record.money) {
        (Some(path), Some(money)) => {
            let seal: Vec<String> =
                record.seal.iter().map(|s| housie_night::night::transcript::seal_line_in(s, words)).collect();
            write_pdf(path, money, &seal, &dir, args.force, words)?
        }
        (Some(path), None) => {
            return Err(
                Error::Usage(format!("{}: no money recorded yet, so no cash-up to print", path.display())).into()
            )
        }
        (None, _) => {}
    }
    let mut out = Out::new();
    out.text(&text);
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Whether `text` would come out as boxes where it is shown: it holds letters beyond the Latin
/// ones (Devanagari's) and the console cannot show them (Windows' own console).
fn shown_as_boxes(text: &str) -> bool {
    text.chars().any(|c| c > '\u{024F}' && c.is_alphabetic()) && !housie_desktop::terminal_shows_every_script()
}

/// Writes the sheet whole (see [`super::out::write_whole`]).
fn write_pdf(
    path: &Path,
    money: &housie_night::ledger::Cashup,
    more: &[String],
    dir: &Path,
    force: bool,
    words: &Catalogue,
) -> Result<(), Error> {
    let title = housie_files::record::read_record(dir).map_or_else(|_| "housie".to_string(), |(r, _)| r.settings.title);
    let font = housie_core::print::font::Font::bundled();
    super::out::refuse_to_replace(path, force, "PDF")?;
    let bytes = housie_night::ledger::cashup_pdf(money, more, &title, &font, words);
    super::out::write_whole(path, &bytes)
}

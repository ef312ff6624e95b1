//! `housie cashup`: the night's money, reconciled.

use std::process::ExitCode;

use housie::night::NightRecord;
use housie::Error;

use super::night::Night;
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
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    night: Night,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let Night { dir, json } = args.night;
    let record = NightRecord::read(&dir)?;
    let text = match (&record.money, json) {
        (Some(money), true) => {
            let mut s = serde_json::to_string_pretty(money).expect("a cash-up serialises");
            s.push('\n');
            s
        }
        (Some(money), false) => money.to_text(),
        (None, true) => "{}\n".to_string(),
        (None, false) => "no money recorded yet: the desk's ledger is empty\n".to_string(),
    };
    let mut out = Out::new();
    out.text(&text);
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

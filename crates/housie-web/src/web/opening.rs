//! Opening an event's night for serving, the one way `housie serve` and the studio's desk both
//! do it: the chain's one night (a top-up joins it), the flags' new night, token or rescue,
//! prize sets, books kept for phones, and the money's currency and regime.

use std::path::{Path, PathBuf};

use housie_core::domain::PlayerUrl;
use housie_core::rules::PrizeSet;
use housie_night::ledger::{Currency, Regime};
use housie_night::night::{OpenError, OpenOptions, Served, ServedNight};

/// How a night is opened, beyond its run folder.
#[derive(Clone, Debug, Default)]
pub struct NightSettings {
    /// Start a new night, keeping the old one under a dated name.
    pub new_night: bool,
    /// Give the caller a new token.
    pub new_token: bool,
    /// Carry on from this rescue copy.
    pub from_rescue: Option<PathBuf>,
    /// The currency a first money entry sets (the regime's, when only a regime is given).
    pub currency: Option<Currency>,
    /// The rules the money is held to.
    pub regime: Option<Regime>,
    /// Prize sets the desk offers besides the shipped ones.
    pub prize_sets: Vec<PrizeSet>,
    /// Books (booklets) kept for players with no paper, as ranges.
    pub phone_only: Option<String>,
}

/// A night opened for serving, with what the person starting it should be told.
pub struct Opened {
    /// The night.
    pub night: ServedNight,
    /// Lines for the person running the server (a new night, a kept file, books kept).
    pub notes: Vec<String>,
    /// Warnings (a manifest that differs, a currency ignored).
    pub warnings: Vec<String>,
    /// How the run is described when it is one of a chain (`, books 1-600 from 2 runs of one event`).
    pub event: String,
    /// Where the run's tickets send phones.
    pub player_url: Option<PlayerUrl>,
    /// The prize set the run was designed to play (run.json's `prizes`), for the desk's link.
    pub prizes: Option<String>,
}

/// Why a night could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// The run or its night.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// A setting that cannot be used: which (`regime`, `phone_only`) and why.
    #[error("{field}: {message}")]
    Setting {
        /// The setting.
        field: &'static str,
        /// Why it cannot be used.
        message: String,
    },
}

/// Opens the night of the run in `dir` (any run of its chain) for serving.
pub fn open_night(dir: &Path, settings: NightSettings) -> Result<Opened, OpeningError> {
    // The ledger's own rule: a regime's figures are in its one currency.
    let currency = settings.currency.or(settings.regime.map(Regime::currency));
    if let (Some(regime), Some(currency)) = (settings.regime, currency) {
        regime
            .check_currency(currency)
            .map_err(|e| OpeningError::Setting { field: "regime", message: e.to_string() })?;
    }
    let run = housie_night::night::run_folder::open(dir)?;
    let player_url = run.record.settings.player_url.clone();
    // Only a set housie ships: a record edited by hand cannot put anything else in a link.
    let prizes = run.record.settings.prizes.clone().filter(|p| PrizeSet::shipped(p).is_some());
    // The money as the run was designed, when serve is not told otherwise (a run of the page).
    let recorded = run.record.settings.currency.as_deref().and_then(|c| Currency::parse(c).ok());
    let currency = currency.or(recorded);
    let books = run.books();
    let event = match run.runs() {
        1 => String::new(),
        n => format!(", books {}-{} from {n} runs of one event", books.start(), books.end()),
    };
    let mut warnings = run.warnings.clone();
    let options = OpenOptions {
        new_night: settings.new_night,
        new_token: settings.new_token,
        from_rescue: settings.from_rescue.clone(),
    };
    let (mut night, mut notes) = ServedNight::open(run, options)?;
    for set in settings.prize_sets {
        night.add_prize_set(set);
    }
    if let Some(units) = &settings.phone_only {
        match night.keep_for_phones(units) {
            Ok(true) => notes.push(format!("{} {units} kept for phones", night.ledger().unit())),
            Ok(false) => {}
            Err(e) => return Err(OpeningError::Setting { field: "phone_only", message: e.message }),
        }
    }
    match (night.ledger().currency(), currency) {
        (Some(set), Some(asked)) if set != asked => {
            warnings.push(format!("the night's money is already in {set}; {asked} is ignored"))
        }
        (_, asked) => night.set_money(asked.unwrap_or(Currency::GBP), settings.regime),
    }
    Ok(Opened { night, notes, warnings, event, player_url, prizes })
}

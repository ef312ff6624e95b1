//! What a run starts from on this machine, taken once and recorded: its date
//! (`SOURCE_DATE_EPOCH` when set, reproducible builds' convention, else the clock) and, for a
//! seed nobody can guess, 256 bits from the operating system.

use housie_core::generate::Seed;
use housie_core::support::date::{DateError, RunDate};

/// `SOURCE_DATE_EPOCH` if set, else now.
pub fn run_date() -> Result<RunDate, DateError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(text) => text.trim().parse::<i64>().ok().and_then(RunDate::from_unix).ok_or(DateError::Epoch(text)),
        // The one wall-clock read for a run; it is recorded in run.json.
        #[allow(clippy::disallowed_methods)]
        Err(_) => Ok(RunDate::from_time(time::OffsetDateTime::now_utc())),
    }
}

/// 256 bits from the operating system, for a seed nobody can guess.
pub fn entropy() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    // The one place housie asks for entropy for a run; everything after flows from the seed.
    #[allow(clippy::disallowed_methods)]
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    bytes
}

/// A fresh seed: 256 bits from the operating system.
pub fn random_seed() -> Seed {
    Seed::from_entropy(entropy())
}

//! The run's date: PDF/X wants a creation date in every file, and the same run must give the
//! same bytes. So the date is an input, given by whoever starts the run (`SOURCE_DATE_EPOCH`
//! when set, reproducible builds' convention, else the clock once at the start; the page's
//! clock in a browser) and recorded in run.json for `verify` to regenerate the same bytes.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// A run's date, to the second, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunDate(OffsetDateTime);

/// Why a date could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DateError {
    /// SOURCE_DATE_EPOCH is not a usable number of seconds.
    #[error("SOURCE_DATE_EPOCH is `{0}`, not a number of seconds since 1970 in range")]
    Epoch(String),
    /// run.json's `created` is not a date.
    #[error("created: `{0}` is not an RFC 3339 date like 2026-11-22T19:30:00Z")]
    Recorded(String),
}

impl RunDate {
    /// 1970-01-01T00:00:00Z: the library's default, so a plan made in code is reproducible.
    pub const EPOCH: RunDate = RunDate(OffsetDateTime::UNIX_EPOCH);

    /// Seconds since 1970 (what `SOURCE_DATE_EPOCH` holds).
    pub fn from_unix(seconds: i64) -> Option<RunDate> {
        OffsetDateTime::from_unix_timestamp(seconds).ok().map(RunDate)
    }

    /// A moment, to the second (a run's date is taken once, by whoever starts it).
    pub fn from_time(time: OffsetDateTime) -> RunDate {
        RunDate(time.replace_nanosecond(0).expect("0 is a valid nanosecond"))
    }

    /// As recorded in run.json.
    pub fn parse(text: &str) -> Result<RunDate, DateError> {
        OffsetDateTime::parse(text, &Rfc3339).map(RunDate).map_err(|_| DateError::Recorded(text.to_string()))
    }

    /// `2026-11-22T19:30:00Z`, as run.json records it.
    pub fn rfc3339(&self) -> String {
        self.0.format(&Rfc3339).expect("a UTC date formats")
    }

    /// `D:20261122193000Z`, as a PDF's CreationDate and ModDate.
    pub fn pdf(&self) -> String {
        let d = self.0;
        format!(
            "D:{:04}{:02}{:02}{:02}{:02}{:02}Z",
            d.year(),
            u8::from(d.month()),
            d.day(),
            d.hour(),
            d.minute(),
            d.second()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_and_write_both_ways() {
        let d = RunDate::parse("2026-11-22T19:30:05Z").unwrap();
        assert_eq!((d.rfc3339().as_str(), d.pdf().as_str()), ("2026-11-22T19:30:05Z", "D:20261122193005Z"));
        assert_eq!(RunDate::EPOCH.pdf(), "D:19700101000000Z");
        assert_eq!(
            RunDate::parse("yesterday").unwrap_err().to_string(),
            "created: `yesterday` is not an RFC 3339 date like 2026-11-22T19:30:00Z"
        );
    }
}

//! Prizes won on a sheet of tickets rather than one: Tambola's half-sheet bonus (tickets 1–3
//! or 4–6 of a book, sold together) and full-sheet bonus (the book's six). The prize's pattern
//! is then needed on every ticket of the sheet, and the sheet wins at the call that completes
//! it on the last of them.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

/// Which sheet a prize is won on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sheet {
    /// Three tickets: 1–3 or 4–6 of a book.
    Half,
    /// A book's six tickets.
    Full,
}

impl Sheet {
    /// `half` or `full`, as a prize file writes it.
    pub fn parse(text: &str) -> Result<Sheet, String> {
        match text.trim() {
            "half" => Ok(Sheet::Half),
            "full" => Ok(Sheet::Full),
            other => Err(format!(
                "`{}` is not a sheet: half (tickets 1-3 or 4-6 of a book) or full (its six)",
                crate::domain::text::clip(other, 20)
            )),
        }
    }

    /// `half` or `full`.
    pub fn name(&self) -> &'static str {
        match self {
            Sheet::Half => "half",
            Sheet::Full => "full",
        }
    }

    /// The places in its book (from 1) of the tickets of the sheet that holds place `ticket`.
    pub fn of(&self, ticket: u8) -> RangeInclusive<u8> {
        match self {
            Sheet::Half if ticket <= 3 => 1..=3,
            Sheet::Half => 4..=6,
            Sheet::Full => 1..=6,
        }
    }

    /// How many tickets a sheet has.
    pub fn tickets(&self) -> usize {
        match self {
            Sheet::Half => 3,
            Sheet::Full => 6,
        }
    }

    /// When a sheet's prize is complete, from when it was on two of its parts (a ticket, or
    /// the tickets so far): at the later of the two, and not while either is not.
    pub fn together(a: Option<u8>, b: Option<u8>) -> Option<u8> {
        a.zip(b).map(|(a, b)| a.max(b))
    }

    /// `on every ticket of a half sheet`.
    pub fn describe(&self) -> &'static str {
        match self {
            Sheet::Half => "on every ticket of a half sheet (tickets 1-3 or 4-6 of a book)",
            Sheet::Full => "on every ticket of a full sheet (a book's six)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_is_read_by_its_name_and_holds_its_tickets() {
        assert_eq!((Sheet::parse("half"), Sheet::parse(" full ")), (Ok(Sheet::Half), Ok(Sheet::Full)));
        assert!(Sheet::parse("quarter").unwrap_err().starts_with("`quarter` is not a sheet"));
        assert_eq!([1, 3, 4, 6].map(|t| Sheet::Half.of(t)), [1..=3, 1..=3, 4..=6, 4..=6]);
        assert_eq!((Sheet::Full.of(5), Sheet::Half.tickets(), Sheet::Full.tickets()), (1..=6, 3, 6));
        assert_eq!(
            [(Some(4), Some(9)), (Some(9), None), (None, Some(4))].map(|(a, b)| Sheet::together(a, b)),
            [Some(9), None, None]
        );
    }
}

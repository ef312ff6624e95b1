//! `housie prizes`: every set, each prize with what it needs and a picture.

use std::fmt::Write as _;

use super::{Opens, PrizeSet};

/// Every shipped set as text for `housie prizes`: each prize with what it needs and a picture.
pub fn listing(sets: &[PrizeSet]) -> String {
    let mut out = String::new();
    for set in sets {
        let opens = match set.opens {
            Opens::Together => "all open from the first call",
            Opens::InOrder => "played in order, each when the one before is won",
        };
        let _ = writeln!(out, "{} ({opens})", set.name);
        // Names padded to a column by the width a terminal gives them, not by characters:
        // a Devanagari name's vowel signs and viramas take no column of their own.
        let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
        let column = set.prizes.iter().map(|p| width(&p.name) + 2).max().unwrap_or(0).max(18);
        for p in &set.prizes {
            let pad = " ".repeat(column - width(&p.name));
            let _ = writeln!(out, "  {}{pad}{}", p.name, p.describe());
            if let Some(rows) = p.picture() {
                for row in rows {
                    let _ = writeln!(out, "  {:column$}  {row}", "");
                }
            }
        }
        out.push('\n');
    }
    out
}

//! Prizes and prize sets as data. A prize is a name, a [`Pattern`] (which numbers of a ticket
//! count), how many of them must be called, and how many places it has (1st, 2nd, 3rd full
//! house are one prize with three places). A set says whether its prizes are all open from the
//! first call (Tambola) or each opens when the one before it is won (UK). Sets ship as TOML
//! (`prizes/`), and a custom set is a TOML file of the same form, refused with the line and key
//! of every mistake.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::number_set::NumberSet;
use super::pattern::{Pattern, CORNERS, STAR};
use super::sheet::Sheet;
use crate::domain::format::Card;
use crate::domain::text::check_plain;

/// One prize of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
///
/// A `Prize` that exists passed [`PrizeSet::from_spec`]'s checks: its fields are private, so
/// places are 1–10 and `need` fits its pattern.
pub struct Prize {
    name: String,
    pattern: Pattern,
    need: Option<u8>,
    places: u8,
    /// Won on a sheet of tickets, the pattern on each (`None`: on one ticket).
    sheet: Option<Sheet>,
    /// The card it is played on.
    card: Card,
    /// A jackpot: won within this many calls it is the jackpot, later its consolation.
    within: Option<u8>,
}

/// When a set's prizes can be won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opens {
    /// Every prize is open from the first call (Tambola).
    #[serde(rename = "together")]
    Together,
    /// Each prize opens when the one before it has been won, every place of it (UK halls).
    #[serde(rename = "in order")]
    InOrder,
}

/// The prizes of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
///
/// A `PrizeSet` that exists passed [`PrizeSet::from_spec`]'s checks (1–24 prizes, unique
/// names): it is built only there, and the night finds prizes by name.
pub struct PrizeSet {
    name: String,
    opens: Opens,
    card: Card,
    prizes: Vec<Prize>,
}

/// A prize set as written (TOML file, or JSON in the night's log), before it is checked.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetSpec {
    /// The set's name.
    pub name: String,
    /// `together` or `in order`.
    pub opens: Opens,
    /// The card its patterns are drawn on (`"75-ball"`); 90-ball when unsaid, as every set
    /// before housie 0.16.
    #[serde(default, skip_serializing_if = "Card::is_ninety")]
    pub card: Card,
    /// The `[[prize]]` tables.
    #[serde(rename = "prize", default)]
    pub prizes: Vec<PrizeSpec>,
}

/// A prize as written. Exactly one pattern key; numbers are 1-based (rows 1–3, places in a row
/// 1–5, columns 1–9). Integers are read wide so a wrong one is named, not a parse error.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct PrizeSpec {
    /// The prize's name.
    pub name: String,
    /// Any n whole rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<i64>,
    /// Every number of these rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<i64>>,
    /// Numbers by place, `"row:place"`: `"1:1"` is the first number of the top row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<String>>,
    /// Every number of the ticket in a range of values, `"1-30"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<String>,
    /// Any k of the ticket's numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any: Option<i64>,
    /// Cells of the 3 × 9 grid, `"row:column"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// Every number of the ticket in a set: `"odd"`, `"even"`, or `"7, 11, 21-30"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbers: Option<String>,
    /// How many of the pattern's numbers must be called (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need: Option<i64>,
    /// Places: 1 (default), or 3 for 1st, 2nd and 3rd.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<i64>,
    /// Won on a sheet, the pattern on every ticket of it: `"half"` or `"full"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// A jackpot: the prize won within this many calls is the jackpot; won later, its
    /// consolation (a blackout "in 50 numbers or less").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<i64>,
}

/// One mistake in a prize set: which prize (by index) and key, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeProblem {
    /// The prize (by index), or `None` for the set itself.
    pub prize: Option<usize>,
    /// The key at fault.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

/// A prize set that could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PrizeSetError {
    /// No shipped set has this name, and no file has this path.
    #[error("`{0}` is not a prize set: the shipped sets are {list}, or give a TOML file", list = SHIPPED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "))]
    Unknown(String),
    /// The file could not be read.
    #[error("{file}: {message}")]
    Read {
        /// The file, as named.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// Mistakes, each with its line.
    #[error("{}", .problems.iter().map(|(line, p)| format!("{file}:{line}: {p}")).collect::<Vec<_>>().join("\n"))]
    Invalid {
        /// The file, as named.
        file: String,
        /// Every mistake.
        problems: Vec<(usize, String)>,
    },
}

/// The shipped sets, by name.
pub const SHIPPED: &[(&str, &str)] = &[
    ("uk", include_str!("../../prizes/uk.toml")),
    ("tambola", include_str!("../../prizes/tambola.toml")),
    ("tambola-full", include_str!("../../prizes/tambola-full.toml")),
    ("bingo", include_str!("../../prizes/bingo.toml")),
    ("bingo-patterns", include_str!("../../prizes/bingo-patterns.toml")),
    ("bingo-jackpot", include_str!("../../prizes/bingo-jackpot.toml")),
];

/// The largest prize file read, and the most prizes and places a set may have.
pub const MAX_FILE: u64 = 64 * 1024;
const MAX_PRIZES: usize = 24;
const MAX_PLACES: i64 = 10;

impl std::fmt::Display for PrizeProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl PrizeSet {
    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The card it is played on.
    pub fn card(&self) -> Card {
        self.card
    }

    /// When its prizes can be won.
    pub fn opens(&self) -> Opens {
        self.opens
    }

    /// Its prizes, in order.
    pub fn prizes(&self) -> &[Prize] {
        &self.prizes
    }

    /// A shipped set by name, or a TOML file of `world` by path.
    pub fn load(name_or_path: &str, world: &dyn crate::world::World) -> Result<PrizeSet, PrizeSetError> {
        if let Some(set) = PrizeSet::shipped(name_or_path) {
            return Ok(set);
        }
        let text = match crate::world::read_text(world, Path::new(name_or_path), MAX_FILE) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(PrizeSetError::Unknown(name_or_path.to_string()))
            }
            Err(e) => return Err(PrizeSetError::Read { file: name_or_path.to_string(), message: e.to_string() }),
        };
        PrizeSet::parse(&text, name_or_path)
    }

    /// A shipped set by name.
    pub fn shipped(name: &str) -> Option<PrizeSet> {
        let (_, text) = SHIPPED.iter().find(|(n, _)| *n == name)?;
        Some(PrizeSet::parse(text, name).expect("the shipped prize sets are valid"))
    }

    /// The set a night recorded before prizes were data (housie 0.2): `uk`, or `tambola`,
    /// which housie 0.2 played one prize at a time.
    pub fn legacy(name: &str) -> Option<PrizeSet> {
        let mut set = PrizeSet::shipped(name)?;
        set.opens = Opens::InOrder;
        Some(set)
    }

    /// Parses and checks a TOML prize set; `file` names it in errors, and every mistake is
    /// given with its line and key.
    pub fn parse(text: &str, file: &str) -> Result<PrizeSet, PrizeSetError> {
        let spec: SetSpec = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            PrizeSetError::Invalid { file: file.to_string(), problems: vec![(line, e.message().trim().to_string())] }
        })?;
        PrizeSet::from_spec(&spec).map_err(|problems| {
            let mut problems: Vec<(usize, String)> =
                problems.iter().map(|p| (line_of(text, p.prize, &p.key), describe_problem(&spec, p))).collect();
            problems.sort_by_key(|(line, _)| *line);
            PrizeSetError::Invalid { file: file.to_string(), problems }
        })
    }

    /// Checks a written set; every mistake is listed.
    pub fn from_spec(spec: &SetSpec) -> Result<PrizeSet, Vec<PrizeProblem>> {
        let mut problems = Vec::new();
        let mut top =
            |key: &str, message: String| problems.push(PrizeProblem { prize: None, key: key.into(), message });
        if let Err(e) = check_plain(&spec.name) {
            top("name", format!("the set's name {e}"));
        }
        if spec.name.trim().is_empty() || spec.name.chars().count() > 40 {
            top("name", "a set needs a name of 1–40 characters".into());
        }
        if spec.prizes.is_empty() {
            top("prize", "a set needs at least one [[prize]]".into());
        }
        if spec.prizes.len() > MAX_PRIZES {
            top("prize", format!("a set has at most {MAX_PRIZES} prizes, this one {}", spec.prizes.len()));
        }
        let mut prizes = Vec::new();
        for (i, p) in spec.prizes.iter().enumerate() {
            match check::prize(p, (i, &spec.prizes[..i]), spec.card.face()) {
                Ok(prize) => prizes.push(prize),
                Err(mut more) => problems.append(&mut more),
            }
        }
        if problems.is_empty() {
            Ok(PrizeSet { name: spec.name.clone(), opens: spec.opens, card: spec.card, prizes })
        } else {
            Err(problems)
        }
    }

    /// The set as written, to keep in the night's log.
    pub fn spec(&self) -> SetSpec {
        let prizes = self.prizes.iter().map(Prize::spec).collect();
        SetSpec { name: self.name.clone(), opens: self.opens, card: self.card, prizes }
    }

    /// The set as a TOML file (a start for a custom one).
    pub fn to_toml(&self) -> String {
        toml::to_string(&self.spec()).expect("a prize set serialises")
    }

    /// The index of the prize called `name`: as the set names it (any case), or as any of
    /// housie's catalogues shows it (`जल्दी फ़ाइव` for early five), so the caller can say the
    /// name their desk shows.
    pub fn find(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        let lower = name.to_lowercase();
        let shown = |p: &Prize| {
            crate::support::catalogue::catalogues().iter().any(|c| c.prize(&p.name).to_lowercase() == lower)
        };
        self.prizes
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .or_else(|| self.prizes.iter().position(shown))
    }
}

/// "prize `pyramid`: need: …", for people.
fn describe_problem(spec: &SetSpec, p: &PrizeProblem) -> String {
    match p.prize {
        Some(i) => {
            let name = spec.prizes.get(i).map(|x| x.name.trim()).filter(|n| !n.is_empty());
            match name {
                Some(n) => format!("prize `{}`: {}: {}", crate::domain::text::clip(n, 40), p.key, p.message),
                None => format!("prize {}: {}: {}", i + 1, p.key, p.message),
            }
        }
        None => format!("{}: {}", p.key, p.message),
    }
}

/// The line of `key` in the `index`-th prize (or at the top), else of that prize's table: read
/// from the parser's spans, so quoted keys (`"need" = 3`) and inline tables are found too.
fn line_of(text: &str, index: Option<usize>, key: &str) -> usize {
    use toml_edit::{Item, Value};
    let Ok(doc) = toml_edit::ImDocument::parse(text) else { return 1 };
    let root = doc.as_table();
    let span = match index {
        None => root.get_key_value(key).and_then(|(k, _)| k.span()),
        Some(i) => match root.get("prize") {
            Some(Item::ArrayOfTables(tables)) => {
                tables.get(i).and_then(|t| t.get_key_value(key).and_then(|(k, _)| k.span()).or_else(|| t.span()))
            }
            Some(Item::Value(Value::Array(items))) => items
                .get(i)
                .and_then(Value::as_inline_table)
                .and_then(|t| t.get_key_value(key).and_then(|(k, _)| k.span()).or_else(|| t.span())),
            _ => None,
        },
    };
    span.map_or(1, |s| text[..s.start.min(text.len())].matches('\n').count() + 1)
}

impl Prize {
    /// The prize's name, as the caller says it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Which numbers of a ticket count.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// How many of the pattern's numbers must be called; `None`: all of them.
    pub fn need(&self) -> Option<u8> {
        self.need
    }

    /// How many winners in turn: 1st, 2nd, … (ties at the same call share a place).
    pub fn places(&self) -> u8 {
        self.places
    }

    /// The prize as written.
    pub fn spec(&self) -> PrizeSpec {
        let one = |pairs: &[(u8, u8)]| pairs.iter().map(|(r, x)| format!("{}:{}", r + 1, x + 1)).collect();
        let mut s = PrizeSpec { name: self.name.clone(), ..PrizeSpec::default() };
        match &self.pattern {
            Pattern::Lines(n) => s.lines = Some(i64::from(*n)),
            Pattern::Rows(rows) => s.rows = Some(rows.iter().map(|r| i64::from(*r) + 1).collect()),
            Pattern::Positions(p) => s.positions = Some(one(p)),
            Pattern::Cells(c) => s.cells = Some(one(c)),
            Pattern::Any(k) => s.any = Some(i64::from(*k)),
            Pattern::Values(a, b) => s.values = Some(format!("{a}-{b}")),
            Pattern::Numbers(set) => s.numbers = Some(set.to_string()),
        }
        s.need = self.need.map(i64::from);
        s.places = (self.places != 1).then_some(i64::from(self.places));
        s.sheet = self.sheet.map(|sheet| sheet.name().to_string());
        s.within = self.within.map(i64::from);
        s
    }

    /// The calls within which it is a jackpot; `None`: not a jackpot.
    pub fn within(&self) -> Option<u8> {
        self.within
    }

    /// For a jackpot won at call `call`: `Some(true)` the jackpot, `Some(false)` its
    /// consolation; `None` for a prize that is not a jackpot.
    pub fn jackpot(&self, call: usize) -> Option<bool> {
        self.within.map(|n| call <= usize::from(n))
    }

    /// The sheet it is won on, the pattern on each of its tickets; `None`: one ticket.
    pub fn sheet(&self) -> Option<Sheet> {
        self.sheet
    }

    /// What the prize needs, in words: "every number of the top row".
    pub fn describe(&self) -> String {
        const ROW: [&str; 3] = ["top", "middle", "bottom"];
        let full = !self.card.face().covers();
        let what = match &self.pattern {
            Pattern::Lines(1) if full => {
                "any one line: a row, a column or a diagonal (the free centre counts)".to_string()
            }
            Pattern::Lines(n) if full => {
                format!("any {n} lines of rows, columns and diagonals (the free centre counts)")
            }
            Pattern::Any(k) if full && usize::from(*k) == self.card.face().per_card() => {
                format!("every number on the card (all {k}; the free centre counts)")
            }
            Pattern::Lines(1) => "any one whole row".to_string(),
            Pattern::Lines(n) => format!("any {n} whole rows"),
            Pattern::Rows(rows) if rows.len() == 3 => "all 15 numbers".to_string(),
            Pattern::Rows(rows) => {
                let names: Vec<&str> = rows.iter().map(|&r| ROW[usize::from(r)]).collect();
                format!("every number of the {} row{}", names.join(" and "), if rows.len() > 1 { "s" } else { "" })
            }
            Pattern::Positions(p) if same(p, &CORNERS) => {
                "the four corners (first and last numbers of the top and bottom rows)".to_string()
            }
            Pattern::Positions(p) if p.len() == 5 && same(&p[..], &[&CORNERS[..], &[STAR]].concat()) => {
                "the four corners and the star (the middle number of the middle row)".to_string()
            }
            Pattern::Positions(p) => {
                let mut parts = Vec::new();
                for r in 0..3u8 {
                    let mut places: Vec<u8> = p.iter().filter(|(row, _)| *row == r).map(|(_, i)| i + 1).collect();
                    places.sort_unstable();
                    if !places.is_empty() {
                        let list: Vec<String> = places.iter().map(u8::to_string).collect();
                        parts.push(format!("{} of the {} row", list.join(", "), ROW[usize::from(r)]));
                    }
                }
                format!("the numbers in places {}", parts.join("; "))
            }
            Pattern::Values(a, b) => format!("every number from {a} to {b} on the ticket"),
            Pattern::Numbers(NumberSet::ODD) => "every odd number on the ticket".to_string(),
            Pattern::Numbers(NumberSet::EVEN) => "every even number on the ticket".to_string(),
            Pattern::Numbers(set) => format!("every number on the ticket that is one of {set}"),
            Pattern::Any(k) => format!("any {k} numbers"),
            Pattern::Cells(c) => {
                let list: Vec<String> = c.iter().map(|(r, x)| format!("{}:{}", r + 1, x + 1)).collect();
                format!("the numbers in cells {} (row:column; a blank counts for nothing)", list.join(" "))
            }
        };
        let what = match self.need {
            Some(k) => format!("{k} of {what}"),
            None => what,
        };
        let what = match self.sheet {
            Some(sheet) => format!("{what}, {}", sheet.describe()),
            None => what,
        };
        let what = match self.places {
            1 => what,
            n => format!("{what}; {n} places"),
        };
        match self.within {
            Some(n) => format!("{what}; the jackpot within {n} calls, else the consolation"),
            None => what,
        }
    }

    /// A picture of the pattern over the ticket: three rows of five places (● counts, · not),
    /// or the 3 × 9 grid for cells; `None` when the numbers that count depend on the ticket.
    pub fn picture(&self) -> Option<Vec<String>> {
        let f = self.card.face();
        let widest = (0..f.rows()).map(|r| f.row_count(r)).max().unwrap_or(0);
        // A free cell is had from the start: drawn as a star.
        let free = |r: u8, x: u8| f.free() == Some((usize::from(r), usize::from(x)));
        let draw = |width: usize, on: &dyn Fn(u8, u8) -> bool| {
            let mark = |r, i| {
                if free(r, i) {
                    "★"
                } else if on(r, i) {
                    "●"
                } else {
                    "·"
                }
            };
            (0..f.rows() as u8).map(|r| (0..width as u8).map(|i| mark(r, i)).collect::<Vec<_>>().join(" ")).collect()
        };
        match &self.pattern {
            Pattern::Rows(rows) => Some(draw(widest, &|r, _| rows.contains(&r))),
            Pattern::Positions(p) => Some(draw(widest, &|r, i| p.contains(&(r, i)))),
            Pattern::Cells(c) => Some(draw(f.cols(), &|r, x| c.contains(&(r, x)))),
            Pattern::Lines(_) | Pattern::Values(..) | Pattern::Any(_) | Pattern::Numbers(_) => None,
        }
    }
}

fn same(a: &[(u8, u8)], b: &[(u8, u8)]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

mod check;
mod listing;
pub use listing::listing;

#[cfg(test)]
mod tests;

//! One prize of a set as written, checked against the card it is played on: the numbers,
//! rows, columns and places its pattern names must be the card's.

use super::{Pattern, Prize, PrizeProblem, PrizeSpec, Sheet, MAX_PLACES};
use crate::domain::format::CardFormat;
use crate::domain::text::check_plain;
use crate::rules::number_set::NumberSet;

/// How many lines a card has: a strip's rows; a full card's rows, columns and, square, its two
/// diagonals.
fn lines_of(format: &CardFormat) -> i64 {
    let square = if format.rows() == format.cols() { 2 } else { 0 };
    match format.covers() {
        true => format.rows() as i64,
        false => (format.rows() + format.cols() + square) as i64,
    }
}

/// Checks one prize; `before` are the prizes above it (for unique names).
pub(super) fn prize(
    p: &PrizeSpec,
    (index, before): (usize, &[PrizeSpec]),
    format: &CardFormat,
) -> Result<Prize, Vec<PrizeProblem>> {
    let mut problems = Vec::new();
    let mut bad =
        |key: &str, message: String| problems.push(PrizeProblem { prize: Some(index), key: key.into(), message });
    let name = p.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 40 {
        bad("name", "a prize needs a name of 1–40 characters".into());
    }
    if let Err(e) = check_plain(&name) {
        bad("name", e);
    }
    if before.iter().any(|b| b.name.trim().eq_ignore_ascii_case(&name)) {
        bad("name", "another prize of the set has this name".into());
    }
    let keys: Vec<&str> = [
        ("lines", p.lines.is_some()),
        ("rows", p.rows.is_some()),
        ("positions", p.positions.is_some()),
        ("values", p.values.is_some()),
        ("any", p.any.is_some()),
        ("cells", p.cells.is_some()),
        ("numbers", p.numbers.is_some()),
    ]
    .into_iter()
    .filter_map(|(k, on)| on.then_some(k))
    .collect();
    let pattern = match keys.as_slice() {
        [] => {
            bad("name", "give the prize one pattern: lines, rows, positions, values, any, cells or numbers".into());
            None
        }
        [_, second, ..] => {
            bad(second, format!("give one pattern, not {}", keys.join(" and ")));
            None
        }
        [key] => match pattern(p, format) {
            Ok(pattern) => Some(pattern),
            Err(message) => {
                bad(key, message);
                None
            }
        },
    };
    let places = p.places.unwrap_or(1);
    if !(1..=MAX_PLACES).contains(&places) {
        bad("places", format!("{places} places: a prize has 1 to {MAX_PLACES} (1st, 2nd, …)"));
    }
    let mut need = None;
    if let Some(k) = p.need {
        match &pattern {
            Some(Pattern::Lines(_)) | Some(Pattern::Any(_)) => {
                bad("need", "lines and any say how many already; leave need out".into())
            }
            Some(pat) if k < 1 || k > i64::from(pat.capacity(format)) => {
                let capacity = pat.capacity(format);
                bad("need", format!("{k} is not 1 to the {capacity} numbers its pattern can hold on a ticket"))
            }
            Some(_) => need = Some(k as u8),
            None => {}
        }
    }
    let within = p.within.map(|n| within(n, format)).transpose().map_err(|m| bad("within", m)).ok().flatten();
    let sheet = p.sheet.as_deref().map(Sheet::parse).transpose().map_err(|m| bad("sheet", m)).ok().flatten();
    match (pattern, problems.is_empty()) {
        (Some(pattern), true) => {
            let card = crate::domain::format::Card::of(format);
            Ok(Prize { name, pattern, need, places: places as u8, sheet, card, within })
        }
        _ => Err(problems),
    }
}

/// A jackpot's calls, `within`: 1 to the card's numbers.
fn within(n: i64, format: &CardFormat) -> Result<u8, String> {
    let most = format.numbers();
    (1..=i64::from(most))
        .contains(&n)
        .then_some(n as u8)
        .ok_or_else(|| format!("{n} calls: a jackpot is won within 1 to {most} calls"))
}

/// The one pattern key of a prize, checked.
fn pattern(p: &PrizeSpec, format: &CardFormat) -> Result<Pattern, String> {
    let (rows_of, lines_of) = (format.rows() as i64, lines_of(format));
    if let Some(n) = p.lines {
        return match n {
            1.. if n <= lines_of => Ok(Pattern::Lines(n as u8)),
            _ if format.covers() => Err(format!("{n} lines: a ticket has {rows_of} rows, so 1 to {rows_of}")),
            _ => Err(format!("{n} lines: a card has {lines_of} (its rows, columns and diagonals), so 1 to {lines_of}")),
        };
    }
    if let Some(rows) = &p.rows {
        if rows.is_empty() {
            return Err(format!("an empty pattern: name at least one row (1–{rows_of})"));
        }
        let mut out = Vec::new();
        for &r in rows {
            if !(1..=rows_of).contains(&r) {
                return Err(format!("row {r} is outside the ticket's rows 1–{rows_of}"));
            }
            if out.contains(&((r - 1) as u8)) {
                return Err(format!("row {r} is named twice"));
            }
            out.push((r - 1) as u8);
        }
        out.sort_unstable();
        return Ok(Pattern::Rows(out));
    }
    let widest = (0..format.rows()).map(|r| format.row_count(r)).max().unwrap_or(0) as u8;
    if let Some(places) = &p.positions {
        return pairs(places, (format.rows() as u8, widest), "place in its row").map(Pattern::Positions);
    }
    if let Some(cells) = &p.cells {
        let cells = pairs(cells, (format.rows() as u8, format.cols() as u8), "column")?;
        if format.free().is_some_and(|free| cells.iter().all(|&(r, c)| (usize::from(r), usize::from(c)) == free)) {
            return Err("the free cell alone is no pattern: every card has it".into());
        }
        return Ok(Pattern::Cells(cells));
    }
    if let Some(k) = p.any {
        let all = format.per_card() as i64;
        return match k {
            1.. if k <= all => Ok(Pattern::Any(k as u8)),
            _ => Err(format!("any {k}: a ticket has {all} numbers, so 1 to {all}")),
        };
    }
    if let Some(text) = &p.values {
        let bad = || format!("`{text}` is not a range of values like \"1-30\"");
        let (a, b) = text.split_once('-').ok_or_else(bad)?;
        let (a, b): (i64, i64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        let top = i64::from(format.numbers());
        if !(1..=top).contains(&a) || !(1..=top).contains(&b) {
            return Err(format!("{a}-{b} is outside the numbers 1–{top}"));
        }
        if a > b {
            return Err(format!("{a}-{b} runs backwards"));
        }
        return Ok(Pattern::Values(a as u8, b as u8));
    }
    if let Some(text) = &p.numbers {
        return NumberSet::parse(text).map(Pattern::Numbers);
    }
    Err("no pattern".into())
}

/// `"row:x"` pairs, 1-based in, 0-based out: rows 1 to `rows`, `x` 1 to `max`.
fn pairs(items: &[String], (rows, max): (u8, u8), what: &str) -> Result<Vec<(u8, u8)>, String> {
    if items.is_empty() {
        return Err("an empty pattern: name at least one".into());
    }
    let mut out = Vec::new();
    for item in items {
        let bad = || format!("`{item}` is not row:{} like \"1:2\"", what.split(' ').next().unwrap_or(what));
        let (r, x) = item.split_once(':').ok_or_else(bad)?;
        let (r, x): (i64, i64) = (r.trim().parse().map_err(|_| bad())?, x.trim().parse().map_err(|_| bad())?);
        if !(1..=i64::from(rows)).contains(&r) || !(1..=i64::from(max)).contains(&x) {
            return Err(format!("`{item}` is outside the ticket: rows 1–{rows}, {what} 1–{max}"));
        }
        let pair = ((r - 1) as u8, (x - 1) as u8);
        if out.contains(&pair) {
            return Err(format!("`{item}` is named twice"));
        }
        out.push(pair);
    }
    Ok(out)
}

//! The cash-up on paper: an A4 sheet (or more) to sign and keep with the banking, set by the
//! core's sheet writer from the cash-up's own lines, its sellers and prizes paid as tables.

use housie_core::export::sheet::{sheet_pdf, Column, Sheet, SheetLine, MARGIN};
use housie_core::print::font::Font;
use housie_core::support::catalogue::Catalogue;

use super::cashup::{Cashup, Line};

/// A table: each column's head (a catalogue id) and its place.
type Table = [(&'static str, Column)];

/// The sellers' table, each column under its head: seller, issued, sold, how many, takings,
/// returned, missing.
const SELLER_TABLE: [(&str, Column); 7] = [
    ("cashup-col-seller", Column::text(MARGIN + 4.0, 30.0)),
    ("cashup-col-issued", Column::text(53.0, 28.0)),
    ("cashup-col-sold", Column::text(82.0, 28.0)),
    ("cashup-col-count", Column::figure(124.0, 12.0)),
    ("cashup-col-takings", Column::figure(150.0, 24.0)),
    ("cashup-col-returned", Column::text(153.0, 19.0)),
    ("cashup-col-missing", Column::text(173.0, 19.0)),
];
/// The prizes' table: entry, game, prize, place, ticket, amount, how paid.
const PAYOUT_TABLE: [(&str, Column); 7] = [
    ("cashup-col-entry", Column::figure(MARGIN + 9.0, 9.0)),
    ("cashup-col-game", Column::figure(39.0, 10.0)),
    ("cashup-col-prize", Column::text(42.0, 42.0)),
    ("cashup-col-place", Column::text(85.0, 15.0)),
    ("cashup-col-serial", Column::text(101.0, 30.0)),
    ("cashup-col-amount", Column::figure(158.0, 26.0)),
    ("cashup-col-how", Column::text(161.0, 31.0)),
];

/// A row of `table`: each cell at its column.
fn row(cells: impl IntoIterator<Item = String>, table: &Table, otherwise: String) -> SheetLine {
    SheetLine::Row { cells: cells.into_iter().zip(table.iter().map(|(_, c)| *c)).collect(), otherwise }
}

/// The cash-up as PDF bytes, in the words of `words`: the title, the cash-up line by line, then
/// `more` (the night's log seal), and the signature lines at the foot of the last page. Text
/// in Hindi (a seller's name, the title) and the rupee sign are shaped as the books' text is.
pub fn cashup_pdf(cashup: &Cashup, more: &[String], title: &str, font: &Font, words: &Catalogue) -> Vec<u8> {
    let heads = |table: &Table| row(table.iter().map(|(id, _)| words.say(id, &[])), table, String::new());
    let mut lines = Vec::new();
    let (mut sellers, mut payouts) = (false, false);
    for line in cashup.lines_in(words) {
        match line {
            Line::Title(text) => lines.push(SheetLine::Text(text)),
            Line::Total(label, figure) => lines.push(SheetLine::Figure(format!("{label}:"), figure)),
            Line::Text(text) => lines.push(SheetLine::Text(text)),
            Line::Indented(text) => lines.push(SheetLine::Text(format!("  {text}"))),
            Line::Seller { cells, text } => {
                if !std::mem::replace(&mut sellers, true) {
                    lines.push(heads(&SELLER_TABLE));
                }
                lines.push(row(cells, &SELLER_TABLE, format!("  {text}")));
            }
            Line::Payout { mut cells, after, text } => {
                if !std::mem::replace(&mut payouts, true) {
                    lines.push(heads(&PAYOUT_TABLE));
                }
                cells[0].insert(0, '#');
                lines.push(row(cells, &PAYOUT_TABLE, format!("  {text}")));
                if !after.is_empty() {
                    lines.push(SheetLine::Text(format!("    {after}")));
                }
            }
        }
    }
    lines.extend(more.iter().map(|m| SheetLine::Text(m.clone())));
    let heading = |page: usize, pages: usize| {
        let mut head = words.say("cashup-sheet-title", &[("title", title)]);
        if pages > 1 {
            head.push(' ');
            head.push_str(
                &words.say("cashup-sheet-page", &[("page", &page.to_string()), ("pages", &pages.to_string())]),
            );
        }
        head
    };
    let sheet = Sheet {
        title: format!("Cash-up: {title}"),
        heading: &heading,
        lines,
        signatures: vec![words.say("cashup-counted-by", &[]), words.say("cashup-checked-by", &[])],
        signed: words.say("cashup-signed", &[]),
        date: words.say("cashup-date", &[]),
    };
    sheet_pdf(&sheet, font)
}

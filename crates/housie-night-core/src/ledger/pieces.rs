//! How much paper sales sold, counted as it was priced: whole books (booklets), half sheets
//! and single tickets.

use serde::Serialize;

use housie_core::support::catalogue::Catalogue;

use super::SoldAs;

/// How many pieces sales sold, by what a piece is. Serialised as the number of whole units
/// alone when nothing was sold by the half sheet or the ticket, as before there were.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pieces {
    /// Whole units (books, or booklets in a run of booklets).
    pub units: u64,
    /// Half sheets.
    pub half_sheets: u64,
    /// Single tickets.
    pub tickets: u64,
}

impl Pieces {
    /// What `sales` sold.
    pub(super) fn of<'a>(sales: impl Iterator<Item = &'a super::Sale>) -> Pieces {
        sales.fold(Pieces::default(), |mut p, s| {
            *match s.sold_as {
                SoldAs::Whole => &mut p.units,
                SoldAs::HalfSheets => &mut p.half_sheets,
                SoldAs::Tickets => &mut p.tickets,
            } += s.pieces;
            p
        })
    }

    /// Whether anything was sold in parts of a book.
    pub fn in_parts(&self) -> bool {
        self.half_sheets + self.tickets > 0
    }

    /// `12 books, 3 half sheets, 5 tickets` in the words of `words` (`units_id` names the
    /// units), leaving out the parts none was sold of.
    pub fn say(&self, words: &Catalogue, units_id: &str) -> String {
        let part = |n: u64, id: &str| format!("{n} {}", words.say_with(id, &[("count", n.into())]));
        let mut parts = vec![part(self.units, units_id)];
        if self.half_sheets > 0 {
            parts.push(part(self.half_sheets, "units-half-sheets"));
        }
        if self.tickets > 0 {
            parts.push(part(self.tickets, "units-tickets"));
        }
        parts.join(", ")
    }
}

impl Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        if !self.in_parts() {
            return to.serialize_u64(self.units);
        }
        let mut s = to.serialize_struct("Pieces", 3)?;
        s.serialize_field("units", &self.units)?;
        s.serialize_field("half_sheets", &self.half_sheets)?;
        s.serialize_field("tickets", &self.tickets)?;
        s.end()
    }
}

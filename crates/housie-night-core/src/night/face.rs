//! What a grid needs besides its numbers on a card that has more than numbers: 75-ball's
//! B I N G O over the columns, the free centre and the face number printed there. The desk,
//! the board and the phones draw it from here, so the card's shape is the engine's, not the
//! page's.

use serde::Serialize;

use housie_core::domain::{CardFormat, Serial};

/// A face's extras; `None` (nothing in the JSON) on a 90-ball ticket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Face {
    /// What is printed over each column (B I N G O).
    pub heads: Vec<&'static str>,
    /// The free cell, `[row, column]` from 0: always marked.
    pub free: [usize; 2],
    /// The face number printed in it, unique in the run: a claim may give it for the serial.
    pub face: u64,
}

impl Face {
    /// The extras of the card `serial` names, on a card of `format`.
    pub fn of(format: &CardFormat, serial: Serial) -> Option<Face> {
        let (row, col) = format.free()?;
        let face = format.face_number(serial.book(), serial.ticket())?;
        Some(Face { heads: format.heads().to_vec(), free: [row, col], face })
    }
}

/// A ticket's rows, each cell's number or `None` for a blank (and the free centre).
pub fn rows<T>(ticket: &housie_core::domain::Ticket, cell: impl Fn(u8) -> T) -> Vec<Vec<Option<T>>> {
    let f = ticket.format();
    (0..f.rows()).map(|r| (0..f.cols()).map(|c| ticket.get(r, c).map(&cell)).collect()).collect()
}

/// A row of the board on a card with heads: the head and the numbers it calls (B 1–15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardRow {
    /// The letter called with them ("B 12").
    pub head: &'static str,
    /// The first number.
    pub from: u8,
    /// The last number.
    pub to: u8,
}

/// The board's rows for `format`: one per head (B I N G O); empty on a card without heads,
/// whose board is the numbers in tens.
pub fn board_rows(format: &CardFormat) -> Vec<BoardRow> {
    let heads = format.heads();
    (0..heads.len())
        .map(|c| {
            let (from, to) = format.column_range(c);
            BoardRow { head: heads[c], from, to }
        })
        .collect()
}

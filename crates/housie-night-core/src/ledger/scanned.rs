//! A serial scanned (or typed) where the desk asks for paper: a scanner types a ticket's serial
//! wherever the cursor is, so the paper box of a sale, an issue or a return takes one and reads
//! it as the paper it stands for, by the run's own serials (check digit included) rather than a
//! pattern in the page.

use housie_core::domain::Numbering;

use super::paper::SoldAs;

/// `text` (a list of units, `1-50, 12/4`) with each part that is one of the run's serials
/// (`000001-1-7`) read as the paper it stands for: its book (its booklet in a run of booklets)
/// sold whole, its half sheet (of a book of `per_book`) sold as half sheets, the ticket itself
/// sold as tickets. Every other part is kept as written, for the ledger to read or refuse.
pub fn scanned(text: &str, numbering: Numbering, sold_as: SoldAs, per_book: usize) -> String {
    let half = (per_book as u8 / 2).max(1);
    let paper = |part: &str| match numbering.parse(part) {
        Err(_) => part.to_string(),
        Ok(serial) => match sold_as {
            SoldAs::Whole => serial.booklet().to_string(),
            SoldAs::HalfSheets if serial.ticket() <= half => format!("{}/1-{half}", serial.book()),
            SoldAs::HalfSheets => format!("{}/{}-{}", serial.book(), half + 1, 2 * half),
            SoldAs::Tickets => format!("{}/{}", serial.book(), serial.ticket()),
        },
    };
    text.split(',').map(str::trim).filter(|p| !p.is_empty()).map(paper).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_serial_stands_for_its_paper_and_anything_else_is_kept() {
        let serial = |book, ticket| Numbering::BOOKS.serial(book, ticket).unwrap().to_string();
        let (s, t) = (serial(12, 4), serial(3, 2));
        let books = Numbering::BOOKS;
        assert_eq!(scanned(&format!("1-5, {s} ,{t}"), books, SoldAs::Whole, 6), "1-5, 12, 3");
        assert_eq!(scanned(&format!("{s}, {t}"), books, SoldAs::HalfSheets, 6), "12/4-6, 3/1-3");
        assert_eq!(scanned(&s, books, SoldAs::Tickets, 6), "12/4");
        // A serial whose check digit is wrong is no serial: kept, for the ledger to refuse.
        let wrong = format!("{}{}", &s[..s.len() - 1], (s.as_bytes()[s.len() - 1] - b'0' + 1) % 10);
        assert_eq!(scanned(&wrong, books, SoldAs::Whole, 6), wrong);
        // In a run of booklets, a ticket's serial stands for its booklet.
        let booklets = Numbering::booklets(6).unwrap();
        let page = booklets.serial(booklets.book(7, 3).unwrap(), 5).unwrap().to_string();
        assert_eq!(scanned(&page, booklets, SoldAs::Whole, 6), "7");
    }
}

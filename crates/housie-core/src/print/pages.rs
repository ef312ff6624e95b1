//! Pages: where each book lands on paper. A page holds one book (a strip of six), or several
//! (12 to view: two), or a part of one (large print: three tickets, a book on two pages). The
//! pages go into one `books.pdf`, or volumes of `per_file` books (`books-0001.pdf`, …), or for
//! booklets printed by game, one file per game (`game-01.pdf`, …) in booklet order.

use crate::domain::Numbering;
use crate::generate::DrawnBook;

/// A drawn book with its place in the printed output.
#[derive(Clone, Debug)]
pub struct PlacedBook {
    /// The book as drawn.
    pub drawn: DrawnBook,
    /// How the run writes its serials (and which booklet and game this book is).
    pub numbering: Numbering,
    /// The PDF file's name inside the output folder, and its 1-based number among the run's files.
    pub file: String,
    /// The file's 1-based number among the run's files.
    pub file_index: u64,
    /// 1-based page within that file (the first, when the book takes several).
    pub page: u64,
    /// The slot of its first ticket on that page (0, or 6 for the second book of 12 to view).
    pub slot: usize,
    /// Tickets a page holds.
    pub tickets_per_page: usize,
    /// Tickets the book holds.
    pub tickets_per_book: usize,
}

impl PlacedBook {
    /// The page ticket `t` (0-based) is printed on.
    pub fn ticket_page(&self, t: usize) -> u64 {
        self.page + (t / self.tickets_per_page.min(self.tickets_per_book)) as u64
    }
}

/// One printed page: the books on it in slot order (two for 12 to view), or a part of one.
#[derive(Clone, Debug)]
pub struct Page {
    /// The PDF file's name.
    pub file: String,
    /// Its 1-based number among the run's files.
    pub file_index: u64,
    /// The page's 1-based number within it.
    pub page: u64,
    /// The books on the page, in slot order.
    pub books: Vec<PlacedBook>,
    /// The tickets of each book on this page: `first_ticket..first_ticket + tickets` (0-based).
    pub first_ticket: usize,
    /// How many tickets of each book are on this page.
    pub tickets: usize,
    /// 1-based part of the book this page is, and how many parts a book has (1 of 1 unless
    /// large print spreads a book over pages).
    pub part: usize,
    /// How many pages a book takes.
    pub parts: usize,
}

/// Gathers placed books, as they are drawn, into pages: a page is ready once all its books
/// are in (with --order games the two books of a 12-to-view page are a booklet apart).
#[derive(Default)]
pub struct PageBuilder {
    waiting: std::collections::BTreeMap<(u64, u64), Vec<PlacedBook>>,
}

impl PageBuilder {
    /// Takes the next book; returns the pages it completes, in order.
    pub fn add(&mut self, plan: &VolumePlan, placed: PlacedBook) -> Vec<Page> {
        let parts = plan.pages_per_book() as usize;
        if parts > 1 {
            let tickets = placed.tickets_per_book / parts;
            return (0..parts)
                .map(|part| Page {
                    file: placed.file.clone(),
                    file_index: placed.file_index,
                    page: placed.page + part as u64,
                    books: vec![placed.clone()],
                    first_ticket: part * tickets,
                    tickets,
                    part: part + 1,
                    parts,
                })
                .collect();
        }
        let key = (placed.file_index, placed.page);
        let books = self.waiting.entry(key).or_default();
        books.push(placed);
        if (books.len() as u64) < plan.books_on(key.0, key.1) {
            return Vec::new();
        }
        let mut books = self.waiting.remove(&key).expect("just added");
        books.sort_by_key(|b| b.slot);
        let first = &books[0];
        let (file, file_index, page) = (first.file.clone(), first.file_index, first.page);
        let tickets = first.tickets_per_book;
        vec![Page { file, file_index, page, books, first_ticket: 0, tickets, part: 1, parts: 1 }]
    }

    /// Whether every page begun has been handed out.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// How a run's books are ordered into files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolumePlan {
    /// Books in the run.
    pub books: u64,
    /// Pages per volume (when not by game).
    pub per_file: u64,
    /// How the run writes its serials.
    pub numbering: Numbering,
    /// One file per game, each in booklet order.
    pub by_game: bool,
    /// Tickets a page holds: 6 (a book a page), 12 (two books), 3 (a book on two pages).
    pub tickets_per_page: usize,
    /// Tickets a book holds: a strip's six, or a 75-ball sheet's faces.
    pub tickets_per_book: usize,
}

impl VolumePlan {
    /// Books in one game's file: one per booklet.
    fn booklets(&self) -> u64 {
        self.books / u64::from(self.numbering.games().unwrap_or(1))
    }

    /// The number of files.
    pub fn files(&self) -> u64 {
        match (self.by_game, self.numbering.games()) {
            (true, Some(g)) => u64::from(g),
            _ => self.books.div_ceil(self.per_file),
        }
    }

    /// File name of 1-based file `f`.
    pub fn file_name(&self, f: u64) -> String {
        if self.by_game {
            format!("game-{f:02}.pdf")
        } else if self.files() == 1 {
            "books.pdf".to_string()
        } else {
            format!("books-{f:04}.pdf")
        }
    }

    /// Books on one page, and pages one book takes.
    pub fn books_per_page(&self) -> u64 {
        (self.tickets_per_page / self.tickets_per_book.max(1)).max(1) as u64
    }

    /// Pages one book takes.
    pub fn pages_per_book(&self) -> u64 {
        (self.tickets_per_book / self.tickets_per_page.max(1)).max(1) as u64
    }

    /// Number of books in 1-based file `f`.
    pub fn books_in(&self, f: u64) -> u64 {
        if self.by_game {
            self.booklets()
        } else {
            self.per_file.min(self.books - (f - 1) * self.per_file)
        }
    }

    /// Number of pages in 1-based file `f`.
    pub fn len(&self, f: u64) -> u64 {
        self.books_in(f).div_ceil(self.books_per_page()) * self.pages_per_book()
    }

    /// Pages over all the files (what a run's progress counts to).
    pub fn page_count(&self) -> u64 {
        (1..=self.files()).map(|f| self.len(f)).sum()
    }

    /// Books on 1-based page `page` of file `f` (a part of one counts as one).
    pub fn books_on(&self, f: u64, page: u64) -> u64 {
        let first = (page - 1) / self.pages_per_book() * self.books_per_page();
        self.books_per_page().min(self.books_in(f) - first)
    }

    /// The 1-based file, first page and first slot of the run's book at 0-based position `i`.
    pub fn position(&self, i: u64) -> (u64, u64, usize) {
        let (f, j) = match (self.by_game, self.numbering.games()) {
            (true, Some(g)) => (i % u64::from(g) + 1, i / u64::from(g)),
            _ => (i / self.per_file + 1, i % self.per_file),
        };
        let (per, pages) = (self.books_per_page(), self.pages_per_book());
        (f, j / per * pages + 1, (j % per) as usize * self.tickets_per_book)
    }

    /// The file name and first page of the run's book at 0-based position `i`.
    pub fn locate(&self, i: u64) -> (String, u64) {
        let (f, page, _) = self.position(i);
        (self.file_name(f), page)
    }

    /// Places books drawn in run order, the first at 0-based position `first`.
    pub fn place(&self, first: u64, books: Vec<DrawnBook>) -> Vec<PlacedBook> {
        books
            .into_iter()
            .enumerate()
            .map(|(i, drawn)| {
                let (file_index, page, slot) = self.position(first + i as u64);
                let file = self.file_name(file_index);
                let (tickets_per_page, tickets_per_book) = (self.tickets_per_page, self.tickets_per_book);
                PlacedBook {
                    drawn,
                    numbering: self.numbering,
                    file,
                    file_index,
                    page,
                    slot,
                    tickets_per_page,
                    tickets_per_book,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(books: u64, per_file: u64) -> VolumePlan {
        VolumePlan {
            books,
            per_file,
            numbering: Numbering::BOOKS,
            by_game: false,
            tickets_per_page: 6,
            tickets_per_book: 6,
        }
    }

    #[test]
    fn splits_into_volumes() {
        let one = plan(500, 500);
        assert_eq!((one.files(), one.file_name(1).as_str(), one.len(1)), (1, "books.pdf", 500));
        let many = plan(2500, 1000);
        assert_eq!(many.files(), 3);
        assert_eq!(many.file_name(3), "books-0003.pdf");
        assert_eq!((many.len(1), many.len(3)), (1000, 500));
        assert_eq!(many.locate(0), ("books-0001.pdf".to_string(), 1));
        assert_eq!(many.locate(2499), ("books-0003.pdf".to_string(), 500));
    }

    #[test]
    fn by_game_each_game_has_a_file_in_booklet_order() {
        let p = VolumePlan {
            books: 40,
            per_file: 40,
            numbering: Numbering::booklets(8).unwrap(),
            by_game: true,
            tickets_per_page: 6,
            tickets_per_book: 6,
        };
        assert_eq!((p.files(), p.len(1), p.file_name(8).as_str()), (8, 5, "game-08.pdf"));
        // Book 11 is game 3 of booklet 2: page 2 of game 3's file.
        assert_eq!(p.locate(10), ("game-03.pdf".to_string(), 2));
        assert_eq!(p.locate(39), ("game-08.pdf".to_string(), 5));
    }

    #[test]
    fn twelve_to_view_puts_two_books_on_a_page_and_large_print_a_book_on_two() {
        let twelve = VolumePlan { tickets_per_page: 12, ..plan(5, 5) };
        assert_eq!((twelve.len(1), twelve.books_on(1, 3)), (3, 1));
        assert_eq!([0, 1, 2, 4].map(|i| twelve.position(i)), [(1, 1, 0), (1, 1, 6), (1, 2, 0), (1, 3, 0)]);
        let large = VolumePlan { tickets_per_page: 3, ..plan(5, 5) };
        assert_eq!((large.len(1), large.books_on(1, 10)), (10, 1));
        assert_eq!([0, 1, 4].map(|i| large.position(i)), [(1, 1, 0), (1, 3, 0), (1, 9, 0)]);
    }
}

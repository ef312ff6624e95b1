//! Pages: where each book lands on paper. One book is one page. The pages go into one
//! `books.pdf`, or volumes of `per_file` pages (`books-0001.pdf`, …), or for booklets printed
//! by game, one file per game (`game-01.pdf`, …) in booklet order.

use crate::domain::Numbering;
use crate::generate::DrawnBook;

/// A drawn book with its place in the printed output.
#[derive(Clone, Debug)]
pub struct PlacedBook {
    pub drawn: DrawnBook,
    /// How the run writes its serials (and which booklet and game this book is).
    pub numbering: Numbering,
    /// The PDF file's name inside the output folder, and its 1-based number among the run's files.
    pub file: String,
    pub file_index: u64,
    /// 1-based page within that file.
    pub page: u64,
}

/// How a run's books are ordered into files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolumePlan {
    pub books: u64,
    /// Pages per volume (when not by game).
    pub per_file: u64,
    pub numbering: Numbering,
    /// One file per game, each in booklet order.
    pub by_game: bool,
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

    /// Number of pages in 1-based file `f`.
    pub fn len(&self, f: u64) -> u64 {
        if self.by_game {
            self.booklets()
        } else {
            self.per_file.min(self.books - (f - 1) * self.per_file)
        }
    }

    /// The 1-based file and page of the run's book at 0-based position `i`.
    pub fn position(&self, i: u64) -> (u64, u64) {
        match (self.by_game, self.numbering.games()) {
            (true, Some(g)) => (i % u64::from(g) + 1, i / u64::from(g) + 1),
            _ => (i / self.per_file + 1, i % self.per_file + 1),
        }
    }

    /// The file name and 1-based page of the run's book at 0-based position `i`.
    pub fn locate(&self, i: u64) -> (String, u64) {
        let (f, page) = self.position(i);
        (self.file_name(f), page)
    }

    /// Places books drawn in run order, the first at 0-based position `first`.
    pub fn place(&self, first: u64, books: Vec<DrawnBook>) -> Vec<PlacedBook> {
        books
            .into_iter()
            .enumerate()
            .map(|(i, drawn)| {
                let (file_index, page) = self.position(first + i as u64);
                PlacedBook { drawn, numbering: self.numbering, file: self.file_name(file_index), file_index, page }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(books: u64, per_file: u64) -> VolumePlan {
        VolumePlan { books, per_file, numbering: Numbering::BOOKS, by_game: false }
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
        let p = VolumePlan { books: 40, per_file: 40, numbering: Numbering::booklets(8).unwrap(), by_game: true };
        assert_eq!((p.files(), p.len(1), p.file_name(8).as_str()), (8, 5, "game-08.pdf"));
        // Book 11 is game 3 of booklet 2: page 2 of game 3's file.
        assert_eq!(p.locate(10), ("game-03.pdf".to_string(), 2));
        assert_eq!(p.locate(39), ("game-08.pdf".to_string(), 5));
    }
}

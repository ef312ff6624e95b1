//! Pages: where each book lands on paper. One book is one page; `books_per_file` pages make a
//! volume (`books.pdf` when one volume holds the run, else `books-0001.pdf`, …).

use crate::generate::DrawnBook;

/// A drawn book with its place in the printed output.
#[derive(Clone, Debug)]
pub struct PlacedBook {
    pub drawn: DrawnBook,
    /// The PDF file's name inside the output folder.
    pub file: String,
    /// 1-based page within that file.
    pub page: u64,
}

/// How a run of `books` books splits into volumes of at most `per_file` pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolumePlan {
    pub books: u64,
    pub per_file: u64,
}

impl VolumePlan {
    pub fn volumes(&self) -> u64 {
        self.books.div_ceil(self.per_file)
    }

    /// File name of 1-based volume `v`.
    pub fn file_name(&self, v: u64) -> String {
        if self.volumes() == 1 {
            "books.pdf".to_string()
        } else {
            format!("books-{v:04}.pdf")
        }
    }

    /// Number of books in 1-based volume `v`.
    pub fn len(&self, v: u64) -> u64 {
        self.per_file.min(self.books - (v - 1) * self.per_file)
    }

    /// The file and 1-based page of the run's book at 0-based position `i`.
    pub fn locate(&self, i: u64) -> (String, u64) {
        (self.file_name(i / self.per_file + 1), i % self.per_file + 1)
    }

    /// Places books of volume `v` on consecutive pages from `first_page` (1-based).
    pub fn place(&self, v: u64, first_page: u64, books: Vec<DrawnBook>) -> Vec<PlacedBook> {
        let file = self.file_name(v);
        books
            .into_iter()
            .enumerate()
            .map(|(i, drawn)| PlacedBook { drawn, file: file.clone(), page: first_page + i as u64 })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_into_volumes() {
        let one = VolumePlan { books: 500, per_file: 1000 };
        assert_eq!((one.volumes(), one.file_name(1).as_str(), one.len(1)), (1, "books.pdf", 500));
        let many = VolumePlan { books: 2500, per_file: 1000 };
        assert_eq!(many.volumes(), 3);
        assert_eq!(many.file_name(3), "books-0003.pdf");
        assert_eq!((many.len(1), many.len(3)), (1000, 500));
        assert_eq!(many.locate(0), ("books-0001.pdf".to_string(), 1));
        assert_eq!(many.locate(2499), ("books-0003.pdf".to_string(), 500));
    }
}

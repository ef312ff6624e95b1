//! Draws one book from a seed, prints it, and shows the validation path rejecting a bad ticket.
//!
//!     cargo run -p housie-core --example draw_a_book

use housie_core::{Book, Generator, Seed, Serial, Ticket};

fn main() {
    let seed = Seed::from_text("village hall, 21 November");
    let book: Book = Generator::get().book(&seed, 1, 0);
    for (t, ticket) in book.tickets().iter().enumerate() {
        println!("{}\n{ticket}", Serial::new(1, t as u8 + 1).expect("valid serial"));
    }

    // Untrusted tickets go through one validation path that reports every broken rule.
    let typed = [[1, 0, 21, 0, 41, 0, 61, 0, 81], [0, 12, 0, 32, 0, 52, 0, 72, 82], [3, 13, 0, 33, 0, 0, 63, 73, 95]];
    match Ticket::from_grid(typed) {
        Ok(t) => println!("valid:\n{t}"),
        Err(e) => println!("refused: {e}"),
    }
}

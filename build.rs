//! Builds the generator's tables at compile time with the library's own code
//! (`src/generate/layouts.rs` and `counts.rs`, included here): the 735,210 layouts and the
//! completion-count table, so a run starts by copying ~5 MB of bytes instead of enumerating
//! 2 million row triples and searching ~1,200 states. The tests check the embedded tables equal
//! the ones this code builds at run time.

#![allow(dead_code)]

/// The few domain constants the table code names, as `crate::domain` gives them.
mod domain {
    pub const ROWS: usize = 3;
    pub const COLS: usize = 9;
    pub const TICKETS_PER_BOOK: usize = 6;
    pub const NUMBERS_PER_ROW: usize = 5;
    pub const COLUMN_SIZES: [u8; COLS] = [9, 10, 10, 10, 10, 10, 10, 10, 11];
}

#[path = "src/generate/counts.rs"]
mod counts;
#[path = "src/generate/layouts.rs"]
mod layouts;
#[path = "src/generate/rng.rs"]
mod rng;

fn main() {
    for file in ["src/generate/counts.rs", "src/generate/layouts.rs", "src/generate/rng.rs", "build.rs"] {
        println!("cargo:rerun-if-changed={file}");
    }
    let layouts = layouts::Layouts::build();
    let table = counts::Counts::build(&layouts).to_bytes();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("counts.bin"), table).expect("OUT_DIR is writable");
    std::fs::write(out.join("layouts.bin"), layouts.to_bytes()).expect("OUT_DIR is writable");
}

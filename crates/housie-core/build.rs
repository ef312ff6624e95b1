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
    deflate_profile(&out);
    list_catalogues(&out);
}

/// housie's message catalogues, one file per language in `messages/`: every `.ftl`
/// file there is compiled in, so a new language is a new file, with no code.
fn list_catalogues(out: &std::path::Path) {
    let dir = std::path::Path::new("messages");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("messages/ holds the catalogues")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let mut list = String::from("&[\n");
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let lang = file.file_stem().and_then(|s| s.to_str()).expect("a catalogue is named by its language");
        let path = std::fs::canonicalize(&file).expect("the catalogue exists");
        list.push_str(&format!("    ({lang:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    list.push_str("]\n");
    std::fs::write(out.join("catalogues.rs"), list).expect("OUT_DIR is writable");
}

/// The PDF/X OutputIntent's profile (654 KB), deflated once here rather than in every run: the
/// same bytes, with the same library and level, as compressing it at run time gave.
fn deflate_profile(out: &std::path::Path) {
    use std::io::Write;
    println!("cargo:rerun-if-changed=icc/CoatedFOGRA39.icc");
    let profile = std::fs::read("icc/CoatedFOGRA39.icc").expect("the profile ships in icc/");
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&profile).expect("writing to memory");
    std::fs::write(out.join("CoatedFOGRA39.icc.zlib"), z.finish().expect("writing to memory"))
        .expect("OUT_DIR is writable");
}

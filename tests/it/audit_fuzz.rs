//! Property test: any mutation of a real manifest or run record — a cell changed, a line
//! dropped or duplicated, a byte flipped, a file truncated — is flagged by `verify`, which never
//! panics. Runs in-process (the library's `verify_dir`) to afford many cases.

use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;

/// A clean 3-book run to copy and mutate.
fn original() -> &'static (tempfile::TempDir, Vec<u8>, Vec<u8>) {
    static RUN: OnceLock<(tempfile::TempDir, Vec<u8>, Vec<u8>)> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        // Two volumes, so mutations meet a multi-file run.
        let settings = housie_core::Settings { books_per_file: Some(2), title: "Fuzz".into(), ..crate::util::books(3) };
        crate::util::generate(&crate::util::plan("fuzz", settings), &dir.path().join("o"), &|_| {}).unwrap();
        let manifest = fs::read(dir.path().join("o/manifest.csv")).unwrap();
        let record = fs::read(dir.path().join("o/run.json")).unwrap();
        assert!(housie_night::audit::verify::verify_dir(&dir.path().join("o")).unwrap().is_valid());
        (dir, manifest, record)
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    FlipBit { at: usize, bit: u8 },
    SetCell { row: usize, cell: usize, value: u8 },
    DropLine { line: usize },
    DuplicateLine { line: usize },
    Truncate { keep: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        (any::<usize>(), 0usize..27, 0u8..=91).prop_map(|(row, cell, value)| Mutation::SetCell { row, cell, value }),
        any::<usize>().prop_map(|line| Mutation::DropLine { line }),
        any::<usize>().prop_map(|line| Mutation::DuplicateLine { line }),
        any::<usize>().prop_map(|keep| Mutation::Truncate { keep }),
    ]
}

/// Applies a mutation; `None` when it would leave the bytes unchanged.
fn apply(bytes: &[u8], m: &Mutation, is_manifest: bool) -> Option<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = bytes.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let out = match *m {
        Mutation::FlipBit { at, bit } => {
            let mut b = bytes.to_vec();
            let i = at % b.len();
            b[i] ^= 1 << bit;
            b
        }
        Mutation::SetCell { row, cell, value } if is_manifest => {
            let i = 1 + row % (lines.len() - 1);
            let text = String::from_utf8(lines[i].clone()).unwrap();
            let mut fields: Vec<String> = text.trim_end().split(',').map(String::from).collect();
            fields[3 + cell] = if value == 0 { String::new() } else { value.to_string() };
            lines[i] = (fields.join(",") + "\n").into_bytes();
            lines.concat()
        }
        Mutation::SetCell { row, value, .. } => {
            // In run.json, change a digit on some line.
            let i = row % lines.len();
            let pos = lines[i].iter().position(u8::is_ascii_digit)?;
            lines[i][pos] = b'0' + (lines[i][pos] - b'0' + 1 + value % 9) % 10;
            lines.concat()
        }
        Mutation::DropLine { line } => {
            lines.remove(line % lines.len());
            lines.concat()
        }
        Mutation::DuplicateLine { line } => {
            let i = line % lines.len();
            lines.insert(i, lines[i].clone());
            lines.concat()
        }
        Mutation::Truncate { keep } => bytes[..keep % bytes.len()].to_vec(),
    };
    (out != bytes).then_some(out)
}

fn flagged(dir: &Path) -> bool {
    match housie_night::audit::verify::verify_dir(dir) {
        Ok(report) => !report.is_valid(),
        Err(_) => true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, rng_seed: proptest::test_runner::RngSeed::Fixed(2026), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn verify_flags_every_mutation_and_never_panics(m in mutation(), which in 0usize..3) {
        let (dir, manifest, record) = original();
        let scratch = tempfile::tempdir().unwrap();
        let o = scratch.path().join("o");
        fs::create_dir(&o).unwrap();
        for entry in fs::read_dir(dir.path().join("o")).unwrap().flatten() {
            fs::copy(entry.path(), o.join(entry.file_name())).unwrap();
        }
        let (name, bytes, is_manifest) = match which {
            0 | 1 => ("manifest.csv", manifest, true),
            _ => ("run.json", record, false),
        };
        if let Some(mutated) = apply(bytes, &m, is_manifest) {
            fs::write(o.join(name), &mutated).unwrap();
            prop_assert!(flagged(&o), "{name} mutated by {m:?} passed verify");
        }
    }
}

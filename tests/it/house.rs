//! The house in order (see docs/architecture.md): no two parts of the library (folders of
//! `src/`) reach into each other, so data flows one way; no two files of a part reach into each
//! other either; no part holds more than a quarter of the code; nothing in the crate imports
//! through the facade in `lib.rs`; and no unsafe code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every file below `src/` (assets included), relative to it.
fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![src()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(src()).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// Every `.rs` file below `src/`, with its text, comment lines dropped.
fn sources() -> Vec<(PathBuf, String)> {
    files()
        .into_iter()
        .filter(|rel| rel.extension().is_some_and(|e| e == "rs"))
        .map(|rel| {
            let text = std::fs::read_to_string(src().join(&rel)).unwrap();
            let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            (rel, code.join("\n"))
        })
        .collect()
}

/// The part a file belongs to: its top folder, or its own name at the top.
fn part_of(rel: &Path) -> String {
    rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string()
}

/// The parts `main.rs`, `lib.rs`, the CLI and the library's `Error` (which gathers the parts'
/// own errors) stand aside: they may name every part.
const ASIDE: [&str; 4] = ["main", "cli", "lib", "error"];

/// The part (folder, or top-level file) each `crate::part` path in `src/` names, by part.
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let sources = sources();
    let parts: BTreeSet<String> = sources.iter().map(|(rel, _)| part_of(rel)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, code) in &sources {
        let part = part_of(rel);
        if ASIDE.contains(&part.as_str()) {
            continue;
        }
        for (i, _) in code.match_indices("crate::") {
            let name: String = code[i + 7..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
            if name != part && parts.contains(&name) && !ASIDE.contains(&name.as_str()) {
                edges.entry(part.clone()).or_default().insert(name);
            }
        }
    }
    edges
}

/// The first cycle found in `edges`, as a path from a node back to itself.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    for start in edges.keys() {
        let mut todo: Vec<Vec<String>> = vec![vec![start.clone()]];
        let mut seen = BTreeSet::new();
        while let Some(path) = todo.pop() {
            for next in edges.get(path.last().unwrap()).into_iter().flatten() {
                let mut longer = path.clone();
                longer.push(next.clone());
                if next == start {
                    return Some(longer);
                }
                if seen.insert(next.clone()) {
                    todo.push(longer);
                }
            }
        }
    }
    None
}

#[test]
fn no_two_parts_reach_into_each_other() {
    let edges = edges();
    assert_eq!(cycle(&edges), None, "a cycle between folders ({edges:?})");
    assert!(edges["night"].contains("rules") && !edges.get("rules").is_some_and(|g| g.contains("night")));
    assert!(edges["web"].contains("night") && !edges["night"].contains("web"), "the night knows nothing of HTTP");
    assert!(!edges.get("ledger").is_some_and(|l| l.contains("night")), "the ledger is the night's, not of it");
}

/// Within a part, a file names a sibling as `super::name` or `crate::part::name`; files that
/// name each other (through any others) are one file in two. A folder's `mod.rs` is the room
/// itself, so its children may name it and it may name them.
#[test]
fn no_two_files_reach_into_each_other() {
    let sources = sources();
    let module = |rel: &Path| -> String {
        let s = rel.with_extension("").to_string_lossy().replace('/', "::");
        s.strip_suffix("::mod").unwrap_or(&s).to_string()
    };
    let modules: BTreeSet<String> = sources.iter().map(|(rel, _)| module(rel)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, code) in &sources {
        if rel.ends_with("mod.rs") {
            continue;
        }
        let me = module(rel);
        let parent = me.rsplit_once("::").map_or("", |(p, _)| p).to_string();
        let words = |prefix: &str, base: &str| -> Vec<String> {
            code.match_indices(prefix)
                .map(|(i, _)| {
                    let tail: String = code[i + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':')
                        .collect();
                    let mut path = base.to_string();
                    for word in tail.split("::").filter(|w| !w.is_empty()) {
                        let longer = if path.is_empty() { word.to_string() } else { format!("{path}::{word}") };
                        if !modules.contains(&longer) {
                            break;
                        }
                        path = longer;
                    }
                    path
                })
                .collect()
        };
        for target in words("super::", &parent).into_iter().chain(words("crate::", "")) {
            let is_folder = sources.iter().any(|(r, _)| r.ends_with("mod.rs") && module(r) == target);
            if target != me && !target.is_empty() && !is_folder {
                edges.entry(me.clone()).or_default().insert(target);
            }
        }
    }
    assert_eq!(cycle(&edges), None, "files that name each other");
}

/// No part holds more than a quarter of the library's lines (assets included).
#[test]
fn no_part_holds_a_quarter() {
    let mut lines: BTreeMap<String, usize> = BTreeMap::new();
    for rel in files() {
        let n = std::fs::read_to_string(src().join(&rel)).map_or(0, |t| t.lines().count());
        *lines.entry(part_of(&rel)).or_default() += n;
    }
    let total: usize = lines.values().sum();
    for (part, n) in &lines {
        assert!(n * 4 <= total, "{part} holds {n} of {total} lines, over a quarter: split it ({lines:?})");
    }
}

/// `lib.rs` re-exports for users; inside the crate every path names where a thing lives.
#[test]
fn nothing_imports_through_the_facade() {
    for (rel, code) in sources() {
        if ASIDE[..3].contains(&part_of(&rel).as_str()) {
            continue;
        }
        for (i, _) in code.match_indices("crate::") {
            let next = code[i + 7..].chars().next().unwrap_or(' ');
            assert!(next.is_ascii_lowercase(), "{}: crate::{next}… goes through lib.rs", rel.display());
        }
    }
}

#[test]
fn no_unsafe_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["src/lib.rs", "src/main.rs"] {
        assert!(std::fs::read_to_string(root.join(file)).unwrap().contains("#![forbid(unsafe_code)]"), "{file}");
    }
}

//! The house in order: no two parts of the library (folders of `src/`) reach into each other,
//! so data flows one way; and no unsafe code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The part (folder, or top-level file) each `crate::part` path in `src/` names, by part.
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let parts: BTreeSet<String> = std::fs::read_dir(&src)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap();
            let part =
                rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
            if ["main", "cmd", "lib"].contains(&part.as_str()) || path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for (i, _) in line.match_indices("crate::") {
                    let name: String =
                        line[i + 7..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                    if name != part && parts.contains(&name) {
                        edges.entry(part.clone()).or_default().insert(name);
                    }
                }
            }
        }
    }
    edges
}

#[test]
fn no_two_parts_reach_into_each_other() {
    let edges = edges();
    // Every part reachable from each part; a part that reaches itself is in a cycle.
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<&String> = edges[start].iter().collect();
        while let Some(p) = todo.pop() {
            assert_ne!(p, start, "{start} reaches itself through {seen:?}: a cycle between folders ({edges:?})");
            if seen.insert(p.clone()) {
                todo.extend(edges.get(p).into_iter().flatten());
            }
        }
    }
    assert!(edges["night"].contains("game") && !edges.get("game").is_some_and(|g| g.contains("night")));
}

#[test]
fn no_unsafe_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["src/lib.rs", "src/main.rs"] {
        assert!(std::fs::read_to_string(root.join(file)).unwrap().contains("#![forbid(unsafe_code)]"), "{file}");
    }
}

//! The house in order (see docs/architecture.md). The crates stand in one order, each using
//! only those below it, and the engine's holds no crate of machines and servers; the engine
//! touches no file, socket or process and starts threads in one place only; inside each crate
//! no two parts (folders) reach into each other and no two files either, `mod.rs` and
//! `error.rs` included; no part holds more than a quarter of its crate; nothing imports
//! through a crate's re-exports; no function runs over 80 lines and no file over 600 without
//! a note at its head saying why; and no unsafe code but the bindings to Little CMS.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's name and its `src/`: the workspace's crates and the binary at the root.
fn crates() -> Vec<(String, PathBuf)> {
    let mut out = vec![("housie".to_string(), root().join("src"))];
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        out.push((entry.file_name().to_string_lossy().into_owned(), entry.path().join("src")));
    }
    out.sort();
    out
}

/// Every file below `src`, relative to it.
fn files(src: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(src).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// Every `.rs` file below `src`, with its text, comment lines dropped and its test module (at
/// its end, by the house's habit) left out: tests are not the house's structure.
fn sources(src: &Path) -> Vec<(PathBuf, String)> {
    files(src)
        .into_iter()
        .filter(|rel| rel.extension().is_some_and(|e| e == "rs"))
        .map(|rel| {
            let text = std::fs::read_to_string(src.join(&rel)).unwrap();
            let text = text.split("\n#[cfg(test)]\nmod tests {").next().unwrap_or(&text);
            let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            (rel, code.join("\n"))
        })
        .collect()
}

/// The part a file belongs to: its top folder, or its own name at the top.
fn part_of(rel: &Path) -> String {
    rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string()
}

/// Every set of nodes that reach each other (Tarjan's strongly connected components of more
/// than one node), to name every circle at once.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let mut out = Vec::new();
    let nodes: BTreeSet<&String> = edges.keys().chain(edges.values().flatten()).collect();
    for &start in &nodes {
        if out.iter().any(|c: &BTreeSet<String>| c.contains(start)) {
            continue;
        }
        let reach = |from: &String| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from.clone()];
            while let Some(n) = todo.pop() {
                for next in edges.get(&n).into_iter().flatten() {
                    if seen.insert(next.clone()) {
                        todo.push(next.clone());
                    }
                }
            }
            seen
        };
        let forward = reach(start);
        let circle: BTreeSet<String> =
            forward.iter().filter(|n| reach(n).contains(start)).cloned().chain([start.clone()]).collect();
        if circle.len() > 1 {
            out.push(circle);
        }
    }
    out
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

/// The housie crates each crate's Cargo.toml depends on (normal dependencies).
fn crate_edges() -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (name, src) in crates() {
        let manifest = std::fs::read_to_string(src.parent().unwrap().join("Cargo.toml")).unwrap();
        let deps = manifest.split("\n[dependencies]\n").nth(1).unwrap_or("").split("\n[").next().unwrap_or("");
        let used: BTreeSet<String> = deps
            .lines()
            .filter_map(|l| l.split(['.', ' ', '=']).next())
            .filter(|d| d.starts_with("housie-"))
            .map(str::to_string)
            .collect();
        out.insert(name, used);
    }
    out
}

/// The crates stand in one order: each uses only those below it.
#[test]
fn the_crates_stand_in_one_order() {
    let order = [
        "housie-lcms",
        "housie-desktop",
        "housie-core",
        "housie-files",
        "housie-night-core",
        "housie-night",
        "housie-web",
        "housie-wasm",
        "housie",
    ];
    let edges = crate_edges();
    assert_eq!(
        edges.keys().collect::<BTreeSet<_>>(),
        order.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>().iter().collect()
    );
    for (name, used) in &edges {
        let at = order.iter().position(|o| o == name).unwrap();
        for u in used {
            let below = order.iter().position(|o| o == u).unwrap();
            assert!(below < at, "{name} uses {u}, which stands above it");
        }
    }
    assert!(!edges["housie-wasm"].contains("housie-files"), "a page has no disk");
    assert_eq!(edges["housie-core"], BTreeSet::from(["housie-lcms".to_string()]));
    // The night's rules stand on the engine alone: no disk under them, so a page plays them.
    assert_eq!(edges["housie-night-core"], BTreeSet::from(["housie-core".to_string()]));
    // The desktop's two questions stand alone; only the binary asks them.
    assert!(edges["housie-desktop"].is_empty());
    assert!(edges.iter().all(|(name, used)| name == "housie" || !used.contains("housie-desktop")));
}

/// The normal dependencies of crate `name`, by crate name.
fn dependency_tree(name: &str) -> BTreeSet<String> {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "-p", name, "-e", "normal", "--prefix", "none", "--offline"])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8(out.stdout).unwrap();
    tree.lines().filter_map(|l| l.split(' ').next()).map(str::to_string).collect()
}

/// The crates of machines, servers and terminals: none is in the engine's tree or the night's
/// core's, which run in a browser tab as they run natively.
const MACHINE_CRATES: [&str; 13] = [
    "tokio",
    "axum",
    "hyper",
    "rusqlite",
    "indicatif",
    "ctrlc",
    "open",
    "tempfile",
    "rlimit",
    "housie-files",
    "housie-night",
    "housie-desktop",
    "dirs",
];

/// The engine's dependency tree, and the night's core's, hold none of the crates of machines
/// and servers.
#[test]
fn the_engine_and_the_nights_core_depend_on_no_server_disk_or_terminal_crate() {
    for name in ["housie-core", "housie-night-core"] {
        let names = dependency_tree(name);
        for banned in MACHINE_CRATES {
            assert!(!names.contains(banned), "{name} depends on {banned}");
        }
        assert!(names.contains("printpdf") && names.contains("housie-lcms"), "{names:?}");
    }
}

/// The engine and the night's core touch no file, socket or process, and start threads only in
/// the engine's one parallel seam.
#[test]
fn the_engine_and_the_nights_core_touch_no_machine() {
    let mut found = Vec::new();
    let engine = root().join("crates/housie-core/src");
    let night = root().join("crates/housie-night-core/src");
    for (rel, code) in sources(&engine).into_iter().chain(sources(&night)) {
        let seam = rel == Path::new("support/parallel.rs");
        for word in [
            "std::fs",
            "rand::rng",
            "thread_rng",
            "fs::",
            "std::net",
            "std::process",
            "File::",
            "tempfile",
            "std::env",
            "env::var",
        ] {
            // The word itself, not the end of another (`PdfFile::`).
            let alone =
                code.match_indices(word).any(|(i, _)| !code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_'));
            if alone {
                found.push(format!("{}: {word}", rel.display()));
            }
        }
        if !seam && (code.contains("thread::spawn") || code.contains("thread::scope")) {
            found.push(format!("{}: a thread outside support/parallel.rs", rel.display()));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The part (folder, or top-level file) each `crate::part` path of a crate's files names, by
/// part; `lib.rs` and `main.rs` declare the parts, and `error.rs` gathers their errors (its
/// files' edges are held by [`no_two_files_reach_into_each_other`]): they stand aside.
const ASIDE: [&str; 3] = ["lib", "main", "error"];

fn part_edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let sources = sources(src);
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

#[test]
fn no_two_parts_reach_into_each_other() {
    for (name, src) in crates() {
        let edges = part_edges(&src);
        assert_eq!(cycle(&edges), None, "{name}: a cycle between parts ({edges:?})");
    }
    let core = part_edges(&root().join("crates/housie-core/src"));
    assert!(core["pipeline"].contains("print") && !core.get("print").is_some_and(|p| p.contains("pipeline")));
    let night = part_edges(&root().join("crates/housie-night/src"));
    assert!(!night.get("ledger").is_some_and(|l| l.contains("night")), "the ledger is the night's, not of it");
}

/// The module a file is (`a::b` for `a/b.rs`, `a` for `a/mod.rs`).
fn module(rel: &Path) -> String {
    let s = rel.with_extension("").to_string_lossy().replace('/', "::");
    let s = s.strip_suffix("::mod").unwrap_or(&s).to_string();
    if s == "lib" || s == "main" {
        String::new()
    } else {
        s
    }
}

/// The modules a file's paths name: each `crate::`, `super::` and `self::` path followed as far
/// as it names modules, braces included (`super::{a, b::c}`).
fn named_modules(rel: &Path, code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let me = module(rel);
    let parent = me.rsplit_once("::").map_or("", |(p, _)| p).to_string();
    let mut out = BTreeSet::new();
    // A folder's file names its children by their bare names too (`files::make_way`): those
    // count, but for re-exporting them (`pub use files::X`), which is the folder's face.
    if rel.ends_with("mod.rs") {
        for line in code.lines().map(str::trim_start).filter(|l| !l.starts_with("pub use ")) {
            for child in modules.iter().filter_map(|m| m.strip_prefix(&format!("{me}::"))).filter(|c| !c.contains("::"))
            {
                let named = line
                    .match_indices(&format!("{child}::"))
                    .any(|(i, _)| !line[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':'));
                if named {
                    out.insert(format!("{me}::{child}"));
                }
            }
        }
    }
    for (prefix, base) in [("crate::", String::new()), ("super::", parent), ("self::", me.clone())] {
        for (i, _) in code.match_indices(prefix) {
            if i > 0 && code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let tail = &code[i + prefix.len()..];
            let paths: Vec<String> = if let Some(inner) = tail.strip_prefix('{') {
                let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
                inner.split(',').map(|p| p.trim().to_string()).collect()
            } else {
                vec![tail.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect()]
            };
            for p in paths {
                let mut path = base.clone();
                let mut words = p.split("::").filter(|w| !w.is_empty()).peekable();
                // `super::super::x` climbs once more for each `super`.
                while prefix == "super::" && words.peek() == Some(&"super") {
                    words.next();
                    path = path.rsplit_once("::").map_or(String::new(), |(p, _)| p.to_string());
                }
                for word in words {
                    let longer = if path.is_empty() { word.to_string() } else { format!("{path}::{word}") };
                    if !modules.contains(&longer) {
                        break;
                    }
                    path = longer;
                }
                if !path.is_empty() && path != me {
                    out.insert(path);
                }
            }
        }
    }
    out
}

/// Files that name each other (through any others) are one file in two. Every file counts,
/// a folder's `mod.rs` and the crate's `error.rs` too; `lib.rs` and `main.rs` only declare.
#[test]
fn no_two_files_reach_into_each_other() {
    let mut failures = Vec::new();
    for (name, src) in crates() {
        let sources = sources(&src);
        let modules: BTreeSet<String> = sources.iter().map(|(rel, _)| module(rel)).collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (rel, code) in &sources {
            if module(rel).is_empty() {
                continue;
            }
            // A folder's mod.rs declares its children (`mod a;`), which is no use of them.
            let used: String = code
                .lines()
                .filter(|l| !l.trim_start().starts_with("mod ") && !l.trim_start().starts_with("pub mod "))
                .collect::<Vec<_>>()
                .join("\n");
            edges.insert(module(rel), named_modules(rel, &used, &modules));
        }
        let found = circles(&edges);
        let detail: Vec<String> = found
            .iter()
            .flatten()
            .map(|n| {
                format!(
                    "{n} -> {:?}",
                    edges.get(n).map(|e| e
                        .iter()
                        .filter(|m| found.iter().any(|c| c.contains(*m) && c.contains(n)))
                        .collect::<Vec<_>>())
                )
            })
            .collect();
        if !found.is_empty() {
            failures.push(format!("{name}: files that name each other:\n{}", detail.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// No part holds more than a quarter of its crate's lines (assets included), in the crates of
/// several parts.
#[test]
fn no_part_holds_a_quarter() {
    for (name, src) in crates() {
        let mut lines: BTreeMap<String, usize> = BTreeMap::new();
        for rel in files(&src) {
            let n = std::fs::read_to_string(src.join(&rel)).map_or(0, |t| t.lines().count());
            *lines.entry(part_of(&rel)).or_default() += n;
        }
        if lines.len() < 6 {
            continue;
        }
        let total: usize = lines.values().sum();
        for (part, n) in &lines {
            assert!(n * 4 <= total, "{name}: {part} holds {n} of {total} lines, over a quarter: split it ({lines:?})");
        }
    }
}

/// A crate's `lib.rs` re-exports for its users; inside the crate every path names where a thing
/// lives.
#[test]
fn nothing_imports_through_the_facade() {
    for (name, src) in crates() {
        for (rel, code) in sources(&src) {
            if part_of(&rel) == "lib" || part_of(&rel) == "main" {
                continue;
            }
            for (i, _) in code.match_indices("crate::") {
                let next = code[i + 7..].chars().next().unwrap_or(' ');
                assert!(
                    next.is_ascii_lowercase() || next == '{',
                    "{name}/{}: crate::{next}… goes through lib.rs",
                    rel.display()
                );
            }
        }
    }
}

/// What a file's head says of its length (a line of its `//!` comment starting `Long:`), if
/// anything.
fn says_why_long(text: &str) -> bool {
    text.lines().take_while(|l| l.starts_with("//!") || l.trim().is_empty()).any(|l| l.starts_with("//! Long:"))
}

/// Each function of `text` longer than `most` lines: (its name, first line, lines), unless the
/// comment over it has a line starting `Long:`.
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let words: Vec<&str> = trimmed.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else { continue };
        if !words[..at]
            .iter()
            .all(|w| ["pub", "pub(crate)", "pub(super)", "async", "const", "unsafe", "extern", "\"C\""].contains(w))
        {
            continue;
        }
        // A declaration, or a function on one line.
        if trimmed.ends_with(';') || trimmed.ends_with('}') {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let Some(len) = lines[i..].iter().position(|l| *l == format!("{indent}}}")) else { continue };
        let said = lines[..i]
            .iter()
            .rev()
            .take_while(|l| l.trim_start().starts_with("///") || l.trim_start().starts_with("#["))
            .any(|l| l.trim_start().starts_with("/// Long:"));
        if len + 1 > most && !said {
            let name = words.get(at + 1).map_or("", |w| w.split(['(', '<']).next().unwrap_or(""));
            out.push((name.to_string(), i + 1, len + 1));
        }
    }
    out
}

#[test]
fn no_function_over_80_lines_and_no_file_over_600_without_a_reason() {
    let mut found = Vec::new();
    for (name, src) in crates() {
        for rel in files(&src).into_iter().filter(|r| r.extension().is_some_and(|e| e == "rs")) {
            let text = std::fs::read_to_string(src.join(&rel)).unwrap();
            let lines = text.lines().count();
            if lines > 600 && !says_why_long(&text) {
                found.push(format!("{name}/{}: {lines} lines", rel.display()));
            }
            for (f, at, len) in long_functions(&text, 80) {
                found.push(format!("{name}/{}:{at}: fn {f} is {len} lines", rel.display()));
            }
        }
    }
    assert!(found.is_empty(), "split these, or say at their head why not:\n{}", found.join("\n"));
    // Control: the counter finds a long function and lets a short one be.
    let long = format!("fn a() {{\n{}}}\nfn b() {{\n}}\n", "    x;\n".repeat(85));
    assert_eq!(long_functions(&long, 80), vec![("a".to_string(), 1, 87)]);
}

#[test]
fn no_unsafe_code_but_little_cms_and_the_windows_console_question() {
    for (name, src) in crates() {
        let head = if name == "housie" { "main.rs" } else { "lib.rs" };
        let text = std::fs::read_to_string(src.join(head)).unwrap();
        if name == "housie-lcms" {
            assert!(!text.contains("#![forbid(unsafe_code)]"));
            continue;
        }
        if name == "housie-desktop" {
            // Denied, but for the one call into Windows that tells a double-click from a terminal.
            assert!(text.contains("#![deny(unsafe_code)]"), "{name}/{head}");
            assert_eq!(text.matches("#[allow(unsafe_code)]").count(), 1, "{name}/{head}");
            assert_eq!(text.matches("unsafe {").count(), 1, "{name}/{head}");
            continue;
        }
        assert!(text.contains("#![forbid(unsafe_code)]"), "{name}/{head}");
    }
}

/// The 90-ball strip's shape (`ROWS`, `COLS`, `TICKETS_PER_BOOK`) is named only where 90-ball
/// is all there is: its definition, the strip generator, the 90-ball print forms and the
/// tests of the shape itself. Everything else (the night, the audit, the manifest, claims) reads
/// the run's card format, so a 75-ball face is not played as a 3 × 9 strip.
#[test]
fn the_ninety_ball_strips_shape_is_named_only_by_the_strip_generator() {
    let allowed = [
        "housie-core/domain/mod.rs",
        "housie-core/domain/book.rs",
        "housie-core/generate/mod.rs",
        "housie-core/generate/counts.rs",
        "housie-core/generate/layouts.rs",
        "housie-core/export/pdf/forms.rs",
        "housie-core/export/pdf/page.rs",
    ];
    let word = |code: &str, w: &str| {
        code.match_indices(w).any(|(i, _)| {
            let before = code[..i].chars().next_back().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let after = code[i + w.len()..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            before && after
        })
    };
    let mut named = Vec::new();
    for (name, src) in crates() {
        for (rel, code) in sources(&src) {
            let at = format!("{name}/{}", rel.display());
            if ["ROWS", "COLS", "TICKETS_PER_BOOK"].iter().any(|w| word(&code, w)) && !allowed.contains(&at.as_str()) {
                named.push(at);
            }
        }
    }
    assert!(named.is_empty(), "these name the 90-ball strip's shape; read the run's card format instead: {named:?}");
}

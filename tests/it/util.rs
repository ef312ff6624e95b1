//! Test harness: runs the binary in a scratch folder and explains failures.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// A scratch folder, removed when dropped.
pub struct Dir {
    pub tmp: tempfile::TempDir,
}

impl Dir {
    pub fn new() -> Dir {
        Dir { tmp: tempfile::tempdir().expect("temp dir") }
    }

    pub fn path(&self) -> &Path {
        self.tmp.path()
    }

    pub fn join(&self, p: &str) -> PathBuf {
        self.tmp.path().join(p)
    }

    /// Runs `housie ARGS` with the scratch folder as working directory.
    pub fn run(&self, args: &[&str]) -> Run {
        let output = Command::cargo_bin("housie").unwrap().current_dir(self.path()).args(args).output().unwrap();
        Run { args: args.iter().map(|s| s.to_string()).collect(), output, dir: self.path().to_path_buf() }
    }

    pub fn read(&self, p: &str) -> String {
        std::fs::read_to_string(self.join(p)).unwrap_or_else(|e| panic!("{p}: {e}\n{}", listing(self.path())))
    }
}

pub struct Run {
    pub args: Vec<String>,
    pub output: Output,
    pub dir: PathBuf,
}

impl Run {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    pub fn code(&self) -> i32 {
        self.output.status.code().unwrap_or(-1)
    }

    fn explain(&self) -> String {
        format!(
            "housie {}\nexit: {:?}\n--- stdout\n{}\n--- stderr\n{}\n--- folder\n{}",
            self.args.join(" "),
            self.output.status.code(),
            self.stdout(),
            self.stderr(),
            listing(&self.dir)
        )
    }

    /// Asserts the exit code, printing everything useful when it differs.
    pub fn expect_code(self, code: i32) -> Run {
        assert_eq!(self.code(), code, "{}", self.explain());
        self
    }

    pub fn success(self) -> Run {
        self.expect_code(0)
    }
}

/// Every file under a folder, with sizes.
pub fn listing(dir: &Path) -> String {
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<String>) {
        if let Ok(rd) = std::fs::read_dir(dir) {
            let mut entries: Vec<_> = rd.flatten().collect();
            entries.sort_by_key(|e| e.path());
            for e in entries {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(format!("{} ({} bytes)", p.display(), e.metadata().map(|m| m.len()).unwrap_or(0)));
                }
            }
        }
    }
    walk(dir, &mut out);
    out.join("\n")
}

/// Files in a folder, by name.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

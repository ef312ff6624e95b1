//! Windows, under Wine: how housie tells a double-click from a terminal. Explorer starts a
//! console program in a console window of its own; `cmd /c start` does the same, which is how
//! this test double-clicks. The decision (housie-desktop) is built for Windows with mingw-w64
//! and run both ways: from a terminal (its console shared) it says terminal, started alone it
//! says double-click, and housie then opens the studio instead of printing its usage.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{package_file, tool, Dir};

const TARGET: &str = "x86_64-pc-windows-gnu";

/// The `started` example of housie-desktop built for Windows, in a target folder of its own.
fn started_exe() -> Option<PathBuf> {
    tool("x86_64-w64-mingw32-gcc")?;
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output().ok()?;
    if !String::from_utf8_lossy(&installed.stdout).lines().any(|l| l == TARGET) {
        let why = format!("the Rust target {TARGET} is not installed (rustup target add {TARGET})");
        if std::env::var("HOUSIE_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
            panic!("{why} and HOUSIE_REQUIRE_TOOLS=1");
        }
        eprintln!("skipping: {why}");
        return None;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target_dir = root.join("target").join("windows-check");
    let built = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--target", TARGET, "-p", "housie-desktop", "--example", "started"])
        .env("CARGO_TARGET_DIR", &target_dir)
        .current_dir(root)
        .status()
        .unwrap();
    assert!(built.success(), "housie-desktop's example did not build for {TARGET}");
    Some(target_dir.join(TARGET).join("debug").join("examples").join("started.exe"))
}

/// Wine with a prefix of its own in `d`, and the stand-in for the DLL Wine 8 lacks beside `exe`.
fn wine(d: &Dir, exe: &Path) -> Option<Command> {
    let wine = package_file("/usr/lib/wine/wine64", "wine64")?;
    let dll = exe.with_file_name("bcryptprimitives.dll");
    if !dll.is_file() {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/windows/bcryptprimitives.c");
        let built = Command::new("x86_64-w64-mingw32-gcc")
            .args(["-shared", "-O2", "-o"])
            .arg(&dll)
            .arg(source)
            .arg("-ladvapi32")
            .status()
            .unwrap();
        assert!(built.success());
    }
    let mut c = Command::new(wine);
    c.env("WINEPREFIX", d.join("wine")).env("WINEDEBUG", "-all").current_dir(exe.parent().unwrap());
    Some(c)
}

#[test]
#[cfg_attr(
    any(housie_missing_x86_64_w64_mingw32_gcc, housie_missing_wine),
    ignore = "needs mingw-w64, wine64 and the Rust target x86_64-pc-windows-gnu"
)]
fn a_double_click_is_told_from_a_terminal_on_windows() {
    let Some(exe) = started_exe() else { return };
    let d = Dir::new();
    let Some(mut boot) = wine(&d, &exe) else { return };
    let _ = boot.args(["wineboot", "-i"]).output();
    // From a terminal: the console is shared with what started it.
    let out = wine(&d, &exe).unwrap().arg("started.exe").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "terminal");
    // Started as Explorer starts it, in a console of its own: it writes what it decided.
    let said = d.join("said.txt");
    let z = format!("Z:{}", said.display()).replace('/', "\\");
    let status = wine(&d, &exe).unwrap().args(["cmd", "/c", "start", "/wait", "started.exe", &z]).status().unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&said).unwrap(), "double-click");
    // Wine's server, done with the prefix before its folder goes.
    let _ = Command::new("/usr/lib/wine/wineserver").arg("-w").env("WINEPREFIX", d.join("wine")).status();
}

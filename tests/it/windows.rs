//! Windows, under Wine: housie built for `x86_64-pc-windows-gnu` with mingw-w64 and run as a
//! Windows user runs it. It writes the Linux build's bytes (a colour logo and all); it tells a
//! double-click from a terminal (Explorer starts a console program in a console window of its
//! own, and so does `cmd /c start`, which is how these tests double-click); double-clicked, it
//! opens the studio over Documents\housie and stops at the studio's Quit; a second `serve` of a
//! night is refused while the first holds it; a generate killed halfway leaves nothing behind.
//!
//! Wine is a test harness, not Windows: docs/development.md says what is not checked here.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::serving::{exchange, free_port, wait_for_port, Process};
use crate::util::{package_file, tool, Dir};

const TARGET: &str = "x86_64-pc-windows-gnu";

/// `what` of the workspace built for Windows (`cargo build ARGS`), in a target folder of its
/// own; the path of `exe` in it. None (the test skips, saying why) without mingw-w64 or the
/// Rust target.
fn built(args: &[&str], profile: &str, exe: &str) -> Option<PathBuf> {
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
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--target", TARGET])
        .args(args)
        .env("CARGO_TARGET_DIR", &target_dir)
        .current_dir(root)
        .status()
        .unwrap();
    assert!(status.success(), "cargo build {args:?} failed for {TARGET}");
    let exe = target_dir.join(TARGET).join(profile).join(exe);
    // Wine 8 lacks a DLL Rust's standard library asks for: a stand-in beside the exe, for tests only.
    let dll = exe.with_file_name("bcryptprimitives.dll");
    if !dll.is_file() {
        let source = root.join("tests/windows/bcryptprimitives.c");
        let status = Command::new("x86_64-w64-mingw32-gcc")
            .args(["-shared", "-O2", "-o"])
            .arg(&dll)
            .arg(source)
            .arg("-ladvapi32")
            .status()
            .unwrap();
        assert!(status.success());
    }
    Some(exe)
}

/// housie.exe in release under a Wine of its own, and a folder for the test (its fields in
/// the order they are dropped: Wine's server is done with the prefix before the folder goes).
struct Windows {
    wine: Wine,
    d: Dir,
}

fn housie_under_wine() -> Option<Windows> {
    let exe = built(&["--release", "-p", "housie"], "release", "housie.exe")?;
    let d = Dir::new();
    let wine = Wine::new(&d, exe)?;
    Some(Windows { wine, d })
}

/// A Wine of its own (its prefix in `d`) running from `exe`'s folder; it opens no browser.
struct Wine {
    prefix: PathBuf,
    exe: PathBuf,
}

impl Wine {
    fn new(d: &Dir, exe: PathBuf) -> Option<Wine> {
        package_file("/usr/lib/wine/wine64", "wine64")?;
        let wine = Wine { prefix: d.join("wine"), exe };
        let _ = wine.command().args(["wineboot", "-i"]).output();
        Some(wine)
    }

    fn command(&self) -> Command {
        let mut c = Command::new("/usr/lib/wine/wine64");
        c.env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("BROWSER", "true")
            .current_dir(self.exe.parent().unwrap());
        c
    }

    /// The program run as from a terminal, with `args`.
    fn run(&self, args: &[&str]) -> Command {
        let mut c = self.command();
        c.arg(self.exe.file_name().unwrap()).args(args);
        c
    }

    /// The program started as Explorer starts it: a console window of its own.
    fn double_click(&self, args: &[&str]) -> Command {
        let mut c = self.command();
        c.args(["cmd", "/c", "start", "/wait"]).arg(self.exe.file_name().unwrap()).args(args);
        c
    }
}

impl Drop for Wine {
    fn drop(&mut self) {
        // Wine's server, done with the prefix before its folder goes.
        let _ = Command::new("/usr/lib/wine/wineserver").arg("-k").env("WINEPREFIX", &self.prefix).status();
    }
}

/// `path` as Windows under Wine names it.
fn z(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

#[test]
#[cfg_attr(
    any(housie_missing_x86_64_w64_mingw32_gcc, housie_missing_wine),
    ignore = "needs mingw-w64, wine64 and the Rust target x86_64-pc-windows-gnu"
)]
fn a_double_click_is_told_from_a_terminal_on_windows() {
    let Some(exe) = built(&["-p", "housie-desktop", "--example", "started"], "debug/examples", "started.exe") else {
        return;
    };
    let d = Dir::new();
    let Some(wine) = Wine::new(&d, exe) else { return };
    let out = wine.run(&[]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "terminal");
    let said = d.join("said.txt");
    assert!(wine.double_click(&[&z(&said)]).status().unwrap().success());
    assert_eq!(std::fs::read_to_string(&said).unwrap(), "double-click");
}

#[test]
#[cfg_attr(
    any(housie_missing_x86_64_w64_mingw32_gcc, housie_missing_wine),
    ignore = "needs mingw-w64, wine64 and the Rust target x86_64-pc-windows-gnu"
)]
fn windows_writes_the_linux_builds_bytes_and_a_double_click_opens_the_studio() {
    let Some(windows) = housie_under_wine() else { return };
    let (wine, d) = (&windows.wine, &windows.d);
    // The same run, a colour logo and all, byte for byte, with no path of the machine in it.
    crate::logo::logo_png(&d.join("club.png"), 600, 300);
    let args = |out: &str, logo: &str| {
        ["generate", "--books", "4", "--seed", "windows", "--logo", logo, "--out", out].map(String::from)
    };
    let linux = Command::new(env!("CARGO_BIN_EXE_housie"))
        .args(args(d.join("linux").to_str().unwrap(), d.join("club.png").to_str().unwrap()))
        .env("SOURCE_DATE_EPOCH", "1795000000")
        .output()
        .unwrap();
    assert!(linux.status.success());
    let windows = wine
        .run(&[])
        .args(args(&z(&d.join("windows")), &z(&d.join("club.png"))))
        .env("SOURCE_DATE_EPOCH", "1795000000")
        .output()
        .unwrap();
    assert!(windows.status.success(), "{}", String::from_utf8_lossy(&windows.stderr));
    for name in ["books.pdf", "manifest.csv", "run.json", "logo.png"] {
        assert!(
            std::fs::read(d.join("linux").join(name)).unwrap() == std::fs::read(d.join("windows").join(name)).unwrap(),
            "{name} differs on Windows"
        );
    }

    // Moved, the Windows run verifies on Linux; housie.exe verifies it too, and says its version.
    std::fs::rename(d.join("windows"), d.join("moved")).unwrap();
    let verified = Command::new(env!("CARGO_BIN_EXE_housie"))
        .args(["verify", d.join("moved").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stdout));
    assert!(wine.run(&["verify", &z(&d.join("moved"))]).output().unwrap().status.success());
    let version = wine.run(&["--version"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&version.stdout).trim(), format!("housie {}", env!("CARGO_PKG_VERSION")));

    // Double-clicked: the studio over Documents\housie, stopped by its Quit.
    let _ports = crate::serving::DEFAULT_PORTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut studio = Process(wine.double_click(&[]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap());
    let start = Instant::now();
    let port = loop {
        let found = (8080..=8099).find(|&p| {
            std::net::TcpStream::connect(("127.0.0.1", p)).is_ok()
                && exchange(p, "GET", "/api/schema", "", "").0.contains("200")
        });
        if let Some(port) = found {
            break port;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "no studio listened on 8080 to 8099");
        std::thread::sleep(Duration::from_millis(200));
    };
    let documents = std::fs::read_dir(wine.prefix.join("drive_c/users"))
        .unwrap()
        .flatten()
        .map(|u| u.path().join("Documents/housie"));
    assert!(documents.into_iter().any(|p| p.is_dir()), "no Documents\\housie folder was made");
    let (status, body, _) = exchange(port, "POST", "/api/quit", "", "");
    assert!(status.contains("200"), "{status} {body}");
    studio.ends_within(20, "housie.exe, told to Quit,");
}

#[test]
#[cfg_attr(
    any(housie_missing_x86_64_w64_mingw32_gcc, housie_missing_wine),
    ignore = "needs mingw-w64, wine64 and the Rust target x86_64-pc-windows-gnu"
)]
fn on_windows_a_second_serve_is_refused_and_a_killed_generate_leaves_nothing() {
    let Some(windows) = housie_under_wine() else { return };
    let (wine, d) = (&windows.wine, &windows.d);
    crate::night_api::make_run(&d.join("run"), 4);
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let first = Process(
        wine.run(&["serve", &z(&d.join("run")), "--listen", &listen])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "housie.exe serve");
    let (status, state, _) = exchange(port, "GET", "/api/state", "", "");
    assert!(status.contains("200") && state.get("games").is_some(), "{status} {state}");
    let second =
        wine.run(&["serve", &z(&d.join("run")), "--listen", &format!("127.0.0.1:{}", free_port())]).output().unwrap();
    assert!(!second.status.success(), "a second serve of the same night ran");
    // Refused as a night in use, never with advice to move the night away.
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("use that desk, or stop it first") && !said.contains("move it away"), "{said}");
    drop(first);

    // A large generate killed halfway: no folder, no half-written file.
    let mut big = Process(
        wine.run(&["generate", "--books", "200000", "--out", &z(&d.join("big"))])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    std::thread::sleep(Duration::from_secs(3));
    let _ = big.0.kill();
    let _ = big.0.wait();
    assert!(!d.join("big").exists(), "a killed generate left {}", d.join("big").display());
}

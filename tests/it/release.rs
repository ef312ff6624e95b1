//! The downloads: the release workflow builds the five systems issue 64 names, each archive as
//! the installers expect it, and the shell installer, served a release from a folder, checks the
//! archive's SHA-256, installs a housie that runs, and refuses a tampered archive leaving
//! nothing behind.

use std::path::Path;
use std::process::Command;

use crate::util::{tool, Dir};

const WORKFLOW: &str = include_str!("../../.github/workflows/release.yml");
const INSTALL_SH: &str = include_str!("../../scripts/install.sh");
const INSTALL_PS1: &str = include_str!("../../scripts/install.ps1");

#[test]
fn the_release_builds_every_system_and_names_archives_as_the_installers_fetch_them() {
    for target in [
        "x86_64-pc-windows-msvc",
        "aarch64-apple-darwin",
        "x86_64-apple-darwin",
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
    ] {
        assert!(WORKFLOW.contains(&format!("target: {target},")), "release.yml does not build {target}");
    }
    // The archives' names, as the workflow makes them and the installers fetch them.
    assert!(WORKFLOW.contains(r#"name="housie-$VERSION-${{ matrix.target }}""#));
    assert!(WORKFLOW.contains(r#""$name.tar.gz""#) && WORKFLOW.contains(r#""$name.zip""#));
    assert!(INSTALL_SH.contains(r#"archive="housie-$version-$target.tar.gz""#));
    assert!(INSTALL_PS1.contains(r#"$archive = "housie-$version-$target.zip""#));
    // The markers the workflow writes the address and version into, in both installers.
    for script in [INSTALL_SH, INSTALL_PS1] {
        assert!(script.contains("\"@REPOSITORY@\"") && script.contains("\"@VERSION@\""));
    }
    assert!(
        WORKFLOW.contains("s|@REPOSITORY@|${{ github.repository }}|") && WORKFLOW.contains("s|@VERSION@|$version|")
    );
    // Built with the lean profile the workspace defines.
    assert!(WORKFLOW.contains("--profile dist"));
    let manifest = include_str!("../../Cargo.toml");
    assert!(manifest.contains("[profile.dist]"), "Cargo.toml has no dist profile");
}

/// A release of this build's housie for this computer, as the workflow lays one out, in `dir`.
fn release(dir: &Path, version: &str, target: &str) {
    let name = format!("housie-{version}-{target}");
    std::fs::create_dir_all(dir.join(&name)).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_housie"), dir.join(&name).join("housie")).unwrap();
    let archive = format!("{name}.tar.gz");
    let tar = Command::new("tar").arg("-czf").arg(&archive).arg(&name).current_dir(dir).status().unwrap();
    assert!(tar.success());
    let bytes = std::fs::read(dir.join(&archive)).unwrap();
    let sha = housie_core::support::digest::hex(&<sha2::Sha256 as sha2::Digest>::digest(&bytes));
    std::fs::write(dir.join(format!("{archive}.sha256")), format!("{sha}  {archive}\n")).unwrap();
}

#[test]
#[cfg_attr(housie_missing_curl, ignore = "needs curl (apt-get install curl)")]
fn the_shell_installer_checks_the_archive_and_installs_housie() {
    if tool("curl").is_none() || tool("tar").is_none() {
        return;
    }
    let arch = String::from_utf8(Command::new("uname").arg("-m").output().unwrap().stdout).unwrap();
    if !cfg!(target_os = "linux") || arch.trim() != "x86_64" {
        eprintln!("skipping: the installer test plays an x86-64 Linux release");
        return;
    }
    let d = Dir::new();
    let version = env!("CARGO_PKG_VERSION");
    release(&d.join("release"), version, "x86_64-unknown-linux-gnu");
    let script = INSTALL_SH.replace("@REPOSITORY@", "example/housie").replace("@VERSION@", version);
    std::fs::write(d.join("housie-installer.sh"), script).unwrap();
    let install = |into: &str| {
        Command::new("sh")
            .arg(d.join("housie-installer.sh"))
            .env("HOUSIE_DOWNLOAD_URL", format!("file://{}", d.join("release").display()))
            .env("HOUSIE_INSTALL_DIR", d.join(into))
            .output()
            .unwrap()
    };
    let out = install("bin");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!("installed housie {version}")), "{said}");
    let installed = Command::new(d.join("bin/housie")).arg("--version").output().unwrap();
    assert!(String::from_utf8_lossy(&installed.stdout).contains(version));

    // An archive that is not the one released: refused, nothing installed.
    let archive = d.join(&format!("release/housie-{version}-x86_64-unknown-linux-gnu.tar.gz"));
    let mut bytes = std::fs::read(&archive).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    std::fs::write(&archive, bytes).unwrap();
    let out = install("elsewhere");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is not the file released") && said.contains("nothing was installed"), "{said}");
    assert!(!d.join("elsewhere").exists(), "a refused archive left a folder behind");
}

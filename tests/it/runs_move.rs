//! A run's folder is the whole of the run: its logo and font are carried in it under names of
//! their own and its record names them so, never by a path of the machine that made it. A run
//! made with `--logo` and `--font` from the organiser's own folders verifies after its folder
//! moves and those files are gone, natively and in the page; a logo's pixels are pinned by hash
//! for several kinds of image, so any platform (or the page) that resamples or converts them
//! differently fails.

use std::path::Path;

use housie_core::print::logo::{Logo, Resampling};

use crate::util::{names, Dir};

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

const FONT: &str = "NotoSansDevanagari-Bold.ttf";

#[test]
fn a_run_with_a_logo_and_a_font_verifies_after_its_folder_moves() {
    let d = Dir::new();
    std::fs::create_dir_all(d.join("pictures")).unwrap();
    std::fs::create_dir_all(d.join("my fonts")).unwrap();
    std::fs::copy(data("logos/colour.png"), d.join("pictures/club logo.png")).unwrap();
    let fonts = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/housie-core/fonts");
    std::fs::copy(fonts.join(FONT), d.join("my fonts/deva.ttf")).unwrap();
    let logo = d.join("pictures/club logo.png");
    let font = d.join("my fonts/deva.ttf");
    d.run(&[
        "generate",
        "--books",
        "3",
        "--seed",
        "moves",
        "--title",
        "दिवाली",
        "--template",
        "festival",
        "--logo",
        logo.to_str().unwrap(),
        "--font",
        font.to_str().unwrap(),
        "--out",
        "spring",
        "-q",
    ])
    .success();
    // The record names its files as they are in its folder; nothing of this machine.
    let text = d.read("spring/run.json");
    assert!(!text.contains(d.path().to_str().unwrap()) && !text.contains("pictures"), "{text}");
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["settings"]["logo"]["file"], "logo.png");
    assert_eq!(record["settings"]["font"], FONT, "kept under its PostScript name, whatever it was called");
    assert_eq!(record["font"]["name"], "NotoSansDevanagari-Bold");
    assert_eq!(names(&d.join("spring")), [FONT, "books.pdf", "logo.png", "manifest.csv", "run.json"]);
    assert_eq!(std::fs::read(d.join("spring/logo.png")).unwrap(), std::fs::read(&logo).unwrap());
    // Moved, with the organiser's files gone: still the run.
    std::fs::rename(d.join("spring"), d.join("kept")).unwrap();
    std::fs::remove_dir_all(d.join("pictures")).unwrap();
    std::fs::remove_dir_all(d.join("my fonts")).unwrap();
    let out = d.run(&["verify", "kept"]).success().stdout();
    assert!(out.starts_with("valid: 3 books"), "{out}");
    // And topped up from where it now is: the top-up carries its own copies.
    d.run(&["generate", "--after", "kept", "--books", "2", "--out", "more", "-q"]).success();
    assert!(d.join("more/logo.png").is_file() && d.join("more").join(FONT).is_file());
    d.run(&["verify", "more"]).success();
    // Control: a logo changed in the folder is not the run's.
    std::fs::copy(data("logos/grey.png"), d.join("kept/logo.png")).unwrap();
    let out = d.run(&["verify", "kept"]).expect_code(1).stdout();
    assert!(out.contains("not the logo the run was made with"), "{out}");
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn a_moved_logo_run_verifies_in_the_page() {
    let d = Dir::new();
    std::fs::copy(data("logos/photo.jpg"), d.join("photo.jpg")).unwrap();
    d.run(&["generate", "--books", "2", "--seed", "page", "--logo", "photo.jpg", "--out", "run", "-q"]).success();
    std::fs::remove_file(d.join("photo.jpg")).unwrap();
    std::fs::rename(d.join("run"), d.join("elsewhere")).unwrap();
    let cases = serde_json::json!([{ "name": "moved", "dir": d.join("elsewhere") }]);
    let out = crate::wasm::node(&d, "verify", &cases);
    let answer: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("verify.json")).unwrap()).unwrap();
    assert_eq!(answer["moved"]["ok"], true, "{answer}");
}

/// Each logo (the colour one at the ink cap, a photo as JPEG, a grey image, one on
/// transparency) read, converted to the print's colours and fitted to 12 mm (400 pixels per
/// inch: each is resampled) as this version prints it: SHA-256 of its print pixels, pinned.
/// The page makes the same run bytes (tests/it/wasm.rs), and the Windows build the same files
/// (scripts/check-windows), so every platform is held to these.
#[test]
fn a_logos_print_pixels_are_the_same_everywhere() {
    let pinned = [
        ("colour.png", (567, 189), "2dda429b62a1966a8f563cfa0eff4a3805665dcbaecebd90d17415629e893088"),
        ("photo.jpg", (135, 189), "0f3b05aa35315916258bd939279d0e7d891d40b2beca12c5570fd86b9364f592"),
        ("grey.png", (135, 189), "98928db546d08d6e42bc6ba2b9561a8acbc85bac035bf05dc577d24624eece7c"),
        ("alpha.png", (265, 189), "f1501d8fdba8a47b5f70a64c884ed8021670804377250278d80c57c1c443c254"),
    ];
    let mut seen = Vec::new();
    for (name, _, _) in pinned {
        let logo = Logo::from_bytes(&std::fs::read(data("logos").join(name)).unwrap(), name).unwrap();
        let fitted = logo.fitted(12.0, Resampling::Exact);
        let hash = housie_core::support::digest::sha256_hex(&fitted.print);
        seen.push((name, (fitted.width, fitted.height), hash));
    }
    let seen: Vec<(&str, (u32, u32), &str)> = seen.iter().map(|(n, s, h)| (*n, *s, h.as_str())).collect();
    assert_eq!(seen, pinned);
    // Control: 0.13's floating-point resampling is another picture (and followed the platform).
    let logo = Logo::from_bytes(&std::fs::read(data("logos/colour.png")).unwrap(), "colour.png").unwrap();
    assert_ne!(logo.fitted(12.0, Resampling::Float).print, logo.fitted(12.0, Resampling::Exact).print);
}

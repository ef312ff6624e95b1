//! The engine in a page is the engine: housie-core built for WebAssembly (scripts/build-wasm)
//! and run by Node as a browser runs it makes the same runs, byte for byte, as the native
//! build makes of the same designs — plain books, booklets in colour on Letter with bleed,
//! marks, a Hindi subtitle and a logo converted to CMYK, a phone look with QR links, two books
//! a page — and its C libraries give the native build's figures for every sRGB colour and for
//! deflate. A page's run verifies with `housie verify`.

use std::path::{Path, PathBuf};

use housie_core::export::MemoryFiles;
use housie_core::pipeline::design::Design;
use housie_core::pipeline::{write_run, SeedChoice, Watch};
use housie_core::support::date::RunDate;
use housie_core::world::Files;

use crate::util::Dir;

const DATE: i64 = 1_795_000_000;

/// The built engine for the web: `HOUSIE_WASM_PKG`, else `target/wasm-pkg`.
fn pkg() -> PathBuf {
    std::env::var_os("HOUSIE_WASM_PKG")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/wasm-pkg"), PathBuf::from)
}

fn logo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/logo-example.png")
}

/// Each case: its name, the design (the studio's event JSON) and the seed.
fn cases() -> Vec<(&'static str, serde_json::Value, &'static str)> {
    vec![
        ("plain", serde_json::json!({ "title": "Spring Fair", "books": 20 }), "spring"),
        (
            "booklets",
            serde_json::json!({
                "title": "Golden", "look": "festival", "paper": "letter", "books": null, "booklets": 2, "games": 2,
                "subtitle": "दिवाली तम्बोला · Hall B", "bleed_mm": 3.0, "crop_marks": true,
                "logo": { "file": "logo.png", "height_mm": 7.0, "position": "footer-left" }
            }),
            "golden",
        ),
        (
            "phone",
            serde_json::json!({ "title": "Phones", "look": "phone", "books": 2, "player_url": "http://192.168.1.20:8080" }),
            "phones",
        ),
        (
            "twelve",
            serde_json::json!({ "title": "Two a page", "look": "twelve", "books": 5, "lines": "repeat" }),
            "twelve",
        ),
    ]
}

/// The same design's run, made natively through the same path a page takes.
fn native(design: &serde_json::Value, seed: &str) -> MemoryFiles {
    let design: Design = serde_json::from_value(design.clone()).unwrap();
    let world = Files::default().with("event/logo.png", std::fs::read(logo()).unwrap());
    let date = RunDate::from_unix(DATE).unwrap();
    let planned = design.plan(Path::new("event"), SeedChoice::Text(seed.into()), date, None, &world).unwrap();
    let mut files = MemoryFiles::default();
    write_run(&planned.plan, &mut files, Watch::none()).unwrap();
    files
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(
    housie_missing_wasm,
    ignore = "needs the engine built for WebAssembly (scripts/build-wasm, then HOUSIE_WASM_PKG=target/wasm-pkg)"
)]
fn the_engine_in_a_page_makes_the_native_engines_bytes() {
    let d = Dir::new();
    let list: Vec<serde_json::Value> = cases()
        .into_iter()
        .map(|(name, design, seed)| {
            let files = serde_json::json!({ "logo.png": logo() });
            serde_json::json!({ "name": name, "design": design, "seed": seed, "date": DATE, "files": files })
        })
        .collect();
    std::fs::write(d.join("cases.json"), serde_json::to_string(&list).unwrap()).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/wasm_run.mjs");
    let out = std::process::Command::new("node")
        .arg(script)
        .arg(pkg())
        .arg(d.join("cases.json"))
        .arg(d.join("out"))
        .output()
        .unwrap();
    assert!(out.status.success(), "node: {}", String::from_utf8_lossy(&out.stderr));
    for (name, design, seed) in cases() {
        let native = native(&design, seed);
        assert_eq!(native.files().len(), 3, "{name}");
        for (file, bytes) in native.files() {
            let page = std::fs::read(d.join(&format!("out/{name}/{file}"))).unwrap();
            assert!(page == *bytes, "{name}/{file}: the page's bytes differ from the native ones");
        }
    }
    // The C libraries, on inputs that cover every logo and every page.
    let check: serde_json::Value = serde_json::from_str(&d.read("out/self_check.json")).unwrap();
    let native = housie_core::self_check::self_check();
    assert_eq!(
        (check["colours"].as_str(), check["deflate"].as_str()),
        (Some(&*native.colours), Some(&*native.deflate))
    );
    // A page's run is a run: `housie verify` regenerates it byte for byte (its logo is where
    // the page's world named it, relative to where verify runs).
    std::fs::create_dir_all(d.join("event")).unwrap();
    std::fs::copy(logo(), d.join("event/logo.png")).unwrap();
    for name in ["plain", "booklets"] {
        d.run(&["verify", &format!("out/{name}")]).success();
    }
    // Control: a changed byte is caught.
    let mut pdf = std::fs::read(d.join("out/plain/books.pdf")).unwrap();
    let at = pdf.len() / 2;
    pdf[at] ^= 1;
    std::fs::write(d.join("out/plain/books.pdf"), pdf).unwrap();
    d.run(&["verify", "out/plain"]).expect_code(1);
}

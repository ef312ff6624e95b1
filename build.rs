//! The external tools some tests use: a test whose tool is missing is marked ignored, with the
//! reason, so the test run counts it as such instead of as a pass.

/// With HOUSIE_REQUIRE_TOOLS=1 (CI) nothing is marked: the tests run and fail without their tools.
const TOOLS: &[&str] = &[
    "pdftotext",
    "pdftoppm",
    "pdfinfo",
    "pdffonts",
    "qpdf",
    "gs",
    "zbarimg",
    "chromium",
    "chromedriver",
    "node",
    "python3",
    "dieharder",
    "hb-shape",
    "tesseract",
    "pdfimages",
    "curl",
    "x86_64-w64-mingw32-gcc",
];

/// Files packages install that some tests read: (flag, path).
const FILES: &[(&str, &str)] = &[
    ("dejavu", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    ("noto", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf"),
    ("tesseract_hin", "/usr/share/tesseract-ocr/5/tessdata/hin.traineddata"),
    ("urw", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf"),
    ("wine", "/usr/lib/wine/wine64"),
];

fn probe_tools() {
    println!("cargo:rerun-if-env-changed=PATH");
    println!("cargo:rerun-if-env-changed=HOUSIE_REQUIRE_TOOLS");
    println!("cargo:rerun-if-env-changed=HOUSIE_A11Y_TOOLS");
    let mut flags: Vec<String> = TOOLS.iter().map(|t| format!("housie_missing_{}", t.replace('-', "_"))).collect();
    flags.extend(FILES.iter().map(|(flag, _)| format!("housie_missing_{flag}")));
    flags.push("housie_missing_a11y".into());
    flags.push("housie_missing_site".into());
    for flag in &flags {
        println!("cargo:rustc-check-cfg=cfg({flag})");
    }
    if std::env::var("HOUSIE_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        return;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for tool in TOOLS {
        if !std::env::split_paths(&path).any(|p| p.join(tool).is_file()) {
            println!("cargo:rustc-cfg=housie_missing_{}", tool.replace('-', "_"));
        }
    }
    for (flag, file) in FILES {
        if !std::path::Path::new(file).is_file() {
            println!("cargo:rustc-cfg=housie_missing_{flag}");
        }
    }
    // The site, with the engine built for WebAssembly (scripts/build-site), where HOUSIE_SITE says.
    println!("cargo:rerun-if-env-changed=HOUSIE_SITE");
    let site = std::env::var_os("HOUSIE_SITE").map(std::path::PathBuf::from);
    if !site.is_some_and(|d| d.join("pkg/housie_wasm_bg.wasm").is_file()) {
        println!("cargo:rustc-cfg=housie_missing_site");
    }
    let a11y = std::env::var_os("HOUSIE_A11Y_TOOLS").map(std::path::PathBuf::from);
    if !a11y.is_some_and(|d| d.join("node_modules/lighthouse/cli/index.js").is_file()) {
        println!("cargo:rustc-cfg=housie_missing_a11y");
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    probe_tools();
}

//! Builds Little CMS 2.19 from `vendor/` (as lcms2-sys 4.0.7 ships it, unmodified), the same
//! files with the same defines lcms2-sys compiled, so logos converted by earlier housies keep
//! their bytes. For WebAssembly in a page (wasm32-unknown-unknown) it is built with clang
//! against wasi-libc's headers, without threads, with `wasm_libc.c` for the few C library
//! functions no Rust crate supplies there; `.cargo/config.toml` names the compiler.

/// The C library's transcendental functions Little CMS calls (the rest it calls, `sqrt`,
/// `floor`, `ceil` and `fabs`, IEEE 754 fixes to the bit).
const MATHS: [&str; 8] = ["pow", "exp", "log", "log10", "sin", "cos", "atan", "atan2"];

fn main() {
    const FILES: [&str; 26] = [
        "cmsalpha",
        "cmscam02",
        "cmscgats",
        "cmscnvrt",
        "cmserr",
        "cmsgamma",
        "cmsgmt",
        "cmshalf",
        "cmsintrp",
        "cmsio0",
        "cmsio1",
        "cmslut",
        "cmsmd5",
        "cmsmtrx",
        "cmsnamed",
        "cmsopt",
        "cmspack",
        "cmspcs",
        "cmsplugin",
        "cmsps2",
        "cmssamp",
        "cmssm",
        "cmstypes",
        "cmsvirt",
        "cmswtpnt",
        "cmsxform",
    ];
    println!("cargo:rerun-if-changed=vendor");
    println!("cargo:rerun-if-changed=src/wasm_libc.c");
    println!("cargo:rerun-if-changed=build.rs");
    let mut cc = cc::Build::new();
    cc.include("vendor/include").warnings(false);
    for file in FILES {
        cc.file(format!("vendor/src/{file}.c"));
    }
    if std::env::var_os("CARGO_CFG_TARGET_ENDIAN").as_deref() == Some("big".as_ref()) {
        cc.define("CMS_USE_BIG_ENDIAN", Some("1"));
    }
    if std::env::var_os("DEBUG").as_deref() != Some("true".as_ref()) {
        cc.define("NDEBUG", Some("1"));
    }
    // Every platform's C library computes pow, exp, log and the angles to its own last bit, and
    // Little CMS builds its transforms with them: each goes to the same pure-Rust routine on
    // every target instead (src/math.rs), and no multiply-add is fused (aarch64 compilers do by
    // default), so a logo's colours are the same bytes on Linux, Windows, macOS and in a page.
    // A header read before each file: <math.h> as it is, then the names renamed.
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let header = out.join("housie_maths.h");
    let mut text = String::from("#include <math.h>\n");
    for f in MATHS {
        let args = if f == "pow" || f == "atan2" { "double, double" } else { "double" };
        text.push_str(&format!("double housie_lcms_{f}({args});\n#define {f} housie_lcms_{f}\n"));
    }
    std::fs::write(&header, text).expect("OUT_DIR is writable");
    if cc.get_compiler().is_like_msvc() {
        cc.flag(format!("/FI{}", header.display()));
    } else {
        cc.flag("-include").flag(header.display().to_string()).flag("-ffp-contract=off");
    }
    if std::env::var("CARGO_CFG_TARGET_FAMILY").is_ok_and(|f| f == "wasm") {
        cc.define("CMS_NO_PTHREADS", Some("1")).define("__wasi__", None).file("src/wasm_libc.c");
    }
    cc.compile("housie_lcms2");
}

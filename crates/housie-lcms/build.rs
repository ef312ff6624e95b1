//! Builds Little CMS 2.19 from `vendor/` (as lcms2-sys 4.0.7 ships it, unmodified), the same
//! files with the same defines lcms2-sys compiled, so logos converted by earlier housies keep
//! their bytes. For WebAssembly in a page (wasm32-unknown-unknown) it is built with clang
//! against wasi-libc's headers, without threads, with `wasm_libc.c` for the few C library
//! functions no Rust crate supplies there; `.cargo/config.toml` names the compiler.

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
    if std::env::var("CARGO_CFG_TARGET_FAMILY").is_ok_and(|f| f == "wasm") {
        cc.define("CMS_NO_PTHREADS", Some("1")).define("__wasi__", None).file("src/wasm_libc.c");
    }
    cc.compile("housie_lcms2");
}

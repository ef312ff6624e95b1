//! The transcendental functions Little CMS calls, from one pure-Rust library on every target
//! (build.rs renames the C calls to these): glibc, Windows' C runtime, Apple's libm and the
//! page's compiler builtins each round `pow` and its kin their own way in the last bit, and a
//! transform built on them may then put a pixel on the other side of a rounding step. Basic
//! arithmetic and `sqrt` are exact in IEEE 754 everywhere, so these are all that differ.

#[no_mangle]
extern "C" fn housie_lcms_pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[no_mangle]
extern "C" fn housie_lcms_exp(x: f64) -> f64 {
    libm::exp(x)
}

#[no_mangle]
extern "C" fn housie_lcms_log(x: f64) -> f64 {
    libm::log(x)
}

#[no_mangle]
extern "C" fn housie_lcms_log10(x: f64) -> f64 {
    libm::log10(x)
}

#[no_mangle]
extern "C" fn housie_lcms_sin(x: f64) -> f64 {
    libm::sin(x)
}

#[no_mangle]
extern "C" fn housie_lcms_cos(x: f64) -> f64 {
    libm::cos(x)
}

#[no_mangle]
extern "C" fn housie_lcms_atan(x: f64) -> f64 {
    libm::atan(x)
}

#[no_mangle]
extern "C" fn housie_lcms_atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

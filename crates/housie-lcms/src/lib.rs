//! The Little CMS calls housie makes, and nothing else: a logo's sRGB pixels to the print
//! profile's CMYK ([`RgbToCmyk`]), CMYK to CIELAB as a sheet would measure it ([`CmykToLab`]),
//! and how far apart two colours look ([`delta_e_2000`]). The library is built from its own
//! sources (`vendor/`, Little CMS 2.19) for every target, so a logo converted natively and in
//! a page is the same bytes; the `lcms2` crate's bindings do not build for WebAssembly in a
//! page, and these few calls need no more than this file.

use std::ffi::c_void;
use std::os::raw::{c_int, c_uint};

mod math;
#[cfg(target_family = "wasm")]
mod wasm;

type Profile = *mut c_void;
type Transform = *mut c_void;

#[repr(C)]
struct CieXyY {
    x: f64,
    y: f64,
    big_y: f64,
}

#[repr(C)]
struct CieLab {
    l: f64,
    a: f64,
    b: f64,
}

// Little CMS's pixel formats, as lcms2.h builds them.
const fn colour_space(s: c_uint) -> c_uint {
    s << 16
}
const fn channels(c: c_uint) -> c_uint {
    c << 3
}
const FLOAT: c_uint = 1 << 22;
const TYPE_RGB_8: c_uint = colour_space(4) | channels(3) | 1;
const TYPE_CMYK_8: c_uint = colour_space(6) | channels(4) | 1;
const TYPE_CMYK_DBL: c_uint = FLOAT | colour_space(6) | channels(4);
const TYPE_LAB_DBL: c_uint = FLOAT | colour_space(10) | channels(3);
const INTENT_PERCEPTUAL: c_uint = 0;
const INTENT_ABSOLUTE_COLORIMETRIC: c_uint = 3;

extern "C" {
    fn cmsOpenProfileFromMemTHR(context: *mut c_void, data: *const c_void, size: c_uint) -> Profile;
    fn cmsCreate_sRGBProfileTHR(context: *mut c_void) -> Profile;
    fn cmsCreateLab4ProfileTHR(context: *mut c_void, white: *const CieXyY) -> Profile;
    fn cmsCloseProfile(profile: Profile) -> c_int;
    fn cmsCreateTransformTHR(
        context: *mut c_void,
        input: Profile,
        in_format: c_uint,
        output: Profile,
        out_format: c_uint,
        intent: c_uint,
        flags: c_uint,
    ) -> Transform;
    fn cmsDeleteTransform(transform: Transform);
    fn cmsDoTransform(transform: Transform, input: *const c_void, output: *mut c_void, pixels: c_uint);
    fn cmsCIE2000DeltaE(a: *const CieLab, b: *const CieLab, kl: f64, kc: f64, kh: f64) -> f64;
}

/// Why a transform could not be made: the profile does not read, or Little CMS refused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourError(&'static str);

impl std::fmt::Display for ColourError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for ColourError {}

/// A profile, closed when dropped.
struct Opened(Profile);

impl Opened {
    fn new(profile: Profile, what: &'static str) -> Result<Opened, ColourError> {
        if profile.is_null() {
            Err(ColourError(what))
        } else {
            Ok(Opened(profile))
        }
    }

    fn icc(bytes: &[u8]) -> Result<Opened, ColourError> {
        let size = c_uint::try_from(bytes.len()).map_err(|_| ColourError("the profile is too large"))?;
        // SAFETY: Little CMS reads `size` bytes at `bytes` and copies what it keeps.
        Opened::new(
            unsafe { cmsOpenProfileFromMemTHR(std::ptr::null_mut(), bytes.as_ptr().cast(), size) },
            "the profile does not read",
        )
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        // SAFETY: a profile Little CMS opened, closed once.
        unsafe { cmsCloseProfile(self.0) };
    }
}

/// A transform, deleted when dropped; the profiles it was made from may go before it.
struct Made(Transform);

impl Made {
    fn new(
        input: &Opened,
        in_format: c_uint,
        output: &Opened,
        out_format: c_uint,
        intent: c_uint,
    ) -> Result<Made, ColourError> {
        // SAFETY: two open profiles; Little CMS keeps what it needs of them in the transform.
        // Flags 0: the default of the `lcms2` crate housie used before, so the same bytes.
        let t =
            unsafe { cmsCreateTransformTHR(std::ptr::null_mut(), input.0, in_format, output.0, out_format, intent, 0) };
        if t.is_null() {
            Err(ColourError("Little CMS could not make the transform"))
        } else {
            Ok(Made(t))
        }
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        // SAFETY: a transform Little CMS made, deleted once.
        unsafe { cmsDeleteTransform(self.0) };
    }
}

// SAFETY: a transform made without cmsFLAGS_NOCACHE keeps a cache that one call at a time may
// use: it may move between threads, and `&mut self` keeps calls one at a time.
unsafe impl Send for Made {}

/// sRGB, 8 bits a channel, to a CMYK profile's 8-bit CMYK, perceptual intent: a logo's colours
/// for print.
pub struct RgbToCmyk(Made);

impl RgbToCmyk {
    /// Through the CMYK profile `icc` (an ICC file's bytes).
    pub fn new(icc: &[u8]) -> Result<RgbToCmyk, ColourError> {
        // SAFETY: Little CMS's own sRGB profile, with the global context.
        let srgb = Opened::new(unsafe { cmsCreate_sRGBProfileTHR(std::ptr::null_mut()) }, "no sRGB profile")?;
        let cmyk = Opened::icc(icc)?;
        Ok(RgbToCmyk(Made::new(&srgb, TYPE_RGB_8, &cmyk, TYPE_CMYK_8, INTENT_PERCEPTUAL)?))
    }

    /// `rgb`'s pixels into `cmyk` (as many pixels as `rgb` has).
    pub fn convert(&mut self, rgb: &[[u8; 3]], cmyk: &mut [[u8; 4]]) {
        assert_eq!(rgb.len(), cmyk.len(), "a CMYK pixel for each RGB one");
        for (input, output) in rgb.chunks(1 << 20).zip(cmyk.chunks_mut(1 << 20)) {
            // SAFETY: `input` holds that many 3-byte pixels, `output` room for 4-byte ones.
            unsafe {
                cmsDoTransform(self.0 .0, input.as_ptr().cast(), output.as_mut_ptr().cast(), input.len() as c_uint)
            };
        }
    }
}

/// CMYK (0–100 each) through a CMYK profile to CIELAB (D50), absolute colorimetric: a colour
/// as a spectrophotometer would read it off the sheet.
pub struct CmykToLab(Made);

impl CmykToLab {
    /// Through the CMYK profile `icc`.
    pub fn new(icc: &[u8]) -> Result<CmykToLab, ColourError> {
        let cmyk = Opened::icc(icc)?;
        let d50 = CieXyY { x: 0.3457, y: 0.3585, big_y: 1.0 };
        // SAFETY: a Lab profile of that white point, with the global context.
        let lab = Opened::new(unsafe { cmsCreateLab4ProfileTHR(std::ptr::null_mut(), &d50) }, "no Lab profile")?;
        Ok(CmykToLab(Made::new(&cmyk, TYPE_CMYK_DBL, &lab, TYPE_LAB_DBL, INTENT_ABSOLUTE_COLORIMETRIC)?))
    }

    /// `cmyk` in CIELAB: L*, a*, b*.
    pub fn lab(&mut self, cmyk: [f64; 4]) -> [f64; 3] {
        let mut out = [0.0f64; 3];
        // SAFETY: one pixel of four doubles in, room for three out.
        unsafe { cmsDoTransform(self.0 .0, cmyk.as_ptr().cast(), out.as_mut_ptr().cast(), 1) };
        out
    }
}

/// How far apart two CIELAB colours look: CIEDE2000 with the usual weights (1, 1, 1).
pub fn delta_e_2000(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (a, b) = (CieLab { l: a[0], a: a[1], b: a[2] }, CieLab { l: b[0], a: b[1], b: b[2] });
    // SAFETY: two colours, read only.
    unsafe { cmsCIE2000DeltaE(&a, &b, 1.0, 1.0, 1.0) }
}

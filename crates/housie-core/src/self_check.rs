//! The engine's C libraries give the bytes they should, wherever the engine runs: SHA-256 of
//! what Little CMS and libdeflate make of fixed inputs. Every sRGB colour converted for print
//! covers any logo; a page of text deflated at each level housie uses covers the PDFs. The
//! tests hold both to the native build's figures, and the page can show them.

use sha2::{Digest, Sha256};

use crate::export::pdf::file::deflate_page;
use crate::export::pdf::PdfFormat;

/// What the C libraries gave, as SHA-256 in hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfCheck {
    /// Every sRGB colour (red slowest, blue fastest) through the print profile to CMYK.
    pub colours: String,
    /// A fixed text, deflated as the PDFs of housie 0.10 and of 0.11 on deflate pages.
    pub deflate: String,
}

/// Runs both checks (about a second natively).
pub fn self_check() -> SelfCheck {
    let mut convert =
        housie_lcms::RgbToCmyk::new(crate::print::profile::icc_profile()).expect("the bundled profile reads");
    let mut hash = Sha256::new();
    let mut rgb = vec![[0u8; 3]; 1 << 16];
    let mut cmyk = vec![[0u8; 4]; 1 << 16];
    for r in 0..=255u8 {
        for (i, p) in rgb.iter_mut().enumerate() {
            *p = [r, (i >> 8) as u8, i as u8];
        }
        convert.convert(&rgb, &mut cmyk);
        cmyk.iter().for_each(|p| hash.update(p));
    }
    let colours = crate::support::digest::hex(&hash.finalize());
    // A page's worth of what pages hold: operators and numbers, repeating with variations.
    let text: String =
        (0..4000u32).map(|i| format!("q 1 0 0 1 {} {} cm /n{} Do Q\n", i % 97, i % 89, i % 90)).collect();
    let mut hash = Sha256::new();
    for format in [PdfFormat::Ground, PdfFormat::Symbols] {
        hash.update(deflate_page(format, text.as_bytes()));
    }
    SelfCheck { colours, deflate: crate::support::digest::hex(&hash.finalize()) }
}

#[cfg(test)]
mod tests {
    /// Pinned from the `lcms2` crate's Little CMS (the colours) and libdeflate 1.26 natively:
    /// the WebAssembly build must give the same (tests/it/wasm.rs).
    #[test]
    fn the_c_libraries_give_what_they_gave() {
        let check = super::self_check();
        assert_eq!(check.colours, "57ac8aa95f7747f224e95eb11d2bd6f732fd8eff56fc98760a36889ed9d36e79");
        assert_eq!(check.deflate, "318a5a2d31d9e0f37d512f2ad717e9c17865258e4f9af7e8fdb54259683b65f6");
    }
}

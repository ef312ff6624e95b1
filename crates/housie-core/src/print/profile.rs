//! The print condition's colour profile, Coated FOGRA39 (`icc/`, bundled unmodified under
//! Adobe's Color Profile Bundling Agreement): the PDF/X files declare it, and a logo's colours
//! are converted through it.
//!
//! The engine holds it once, deflated by `build.rs` (489 KB of its 654): that is the stream
//! every PDF's OutputIntent carries as it is, and the profile is inflated from it only when a
//! colour is first converted (a logo, the proof). A page's visitors download it once,
//! compressed, not beside a second, plain copy.

use std::sync::OnceLock;

/// The profile's ICC description string, by which the licence asks it to be referenced.
pub const ICC_DESCRIPTION: &str = "Coated FOGRA39 (ISO 12647-2:2004)";

/// The profile deflated (zlib), as `build.rs` wrote it.
pub fn deflated_profile() -> &'static [u8] {
    include_bytes!(concat!(env!("OUT_DIR"), "/CoatedFOGRA39.icc.zlib"))
}

/// The profile as published, inflated once (a few milliseconds) at its first use.
pub fn icc_profile() -> &'static [u8] {
    static PROFILE: OnceLock<Vec<u8>> = OnceLock::new();
    PROFILE.get_or_init(|| {
        use std::io::Read;
        let mut profile = Vec::with_capacity(654_352);
        flate2::read::ZlibDecoder::new(deflated_profile()).read_to_end(&mut profile).expect("build.rs deflated it");
        profile
    })
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    #[test]
    fn the_profile_is_the_one_published() {
        let profile = super::icc_profile();
        assert_eq!(profile, include_bytes!("../../icc/CoatedFOGRA39.icc"));
        assert_eq!(&profile[36..40], b"acsp");
        // Control: a byte changed is seen.
        let mut other = profile.to_vec();
        other[100] ^= 1;
        assert_ne!(Sha256::digest(&other), Sha256::digest(profile));
    }
}

//! The print condition's colour profile, Coated FOGRA39 (`icc/`, bundled unmodified under
//! Adobe's Color Profile Bundling Agreement): the PDF/X files declare it, and a logo's colours
//! are converted through it.

/// The output condition's profile, as published.
pub static ICC_PROFILE: &[u8] = include_bytes!("../../icc/CoatedFOGRA39.icc");
/// The profile's ICC description string, by which the licence asks it to be referenced.
pub const ICC_DESCRIPTION: &str = "Coated FOGRA39 (ISO 12647-2:2004)";

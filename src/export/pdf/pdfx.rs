//! PDF/X-1a:2001, declared and met: the Info keys (`GTS_PDFXVersion`, `GTS_PDFXConformance`,
//! `Trapped`, the run's dates) and an OutputIntent (`/S /GTS_PDFX`) carrying the Coated FOGRA39
//! CMYK profile (`icc/`, bundled unmodified under Adobe's Color Profile Bundling Agreement,
//! shipped beside it). The pages' content is CMYK or grey only, with no transparency, fonts
//! embedded and TrimBox (and BleedBox) set: the rest of the PDF code keeps those.

use std::io::Write;
use std::sync::OnceLock;

use lopdf::{dictionary, Document, Object, Stream, StringFormat};

use crate::date::RunDate;

/// The output condition's profile, as published.
pub const ICC_PROFILE: &[u8] = include_bytes!("../../../icc/CoatedFOGRA39.icc");
/// The profile's ICC description string, by which the licence asks it to be referenced.
pub const ICC_DESCRIPTION: &str = "Coated FOGRA39 (ISO 12647-2:2004)";

/// The profile deflated, once per process (it is 654 KB).
fn compressed_profile() -> &'static [u8] {
    static DEFLATED: OnceLock<Vec<u8>> = OnceLock::new();
    DEFLATED.get_or_init(|| {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(ICC_PROFILE).expect("writing to memory");
        z.finish().expect("writing to memory")
    })
}

fn text(s: &str) -> Object {
    Object::String(s.as_bytes().to_vec(), StringFormat::Literal)
}

/// Adds the declaration to a serialised volume's document, and the run's seal (see
/// [`super::PdfStyle::seal`]) when it has one.
pub fn declare(doc: &mut Document, date: &RunDate, seal: Option<&str>) -> lopdf::Result<()> {
    let mut profile = Stream::new(dictionary! { "N" => 4, "Filter" => "FlateDecode" }, compressed_profile().to_vec());
    profile.allows_compression = false;
    let profile_id = doc.add_object(profile);
    let intent = doc.add_object(dictionary! {
        "Type" => "OutputIntent",
        "S" => "GTS_PDFX",
        "OutputConditionIdentifier" => text("FOGRA39"),
        "OutputCondition" => text(ICC_DESCRIPTION),
        "RegistryName" => text("http://www.color.org"),
        "Info" => text(ICC_DESCRIPTION),
        "DestOutputProfile" => profile_id,
    });
    let catalog = doc.catalog_mut()?;
    catalog.set("OutputIntents", vec![Object::Reference(intent)]);
    let info_id = doc.trailer.get(b"Info").and_then(Object::as_reference)?;
    let info = doc.get_object_mut(info_id).and_then(Object::as_dict_mut)?;
    for key in [&b"Identifier"[..], b"Keywords", b"Subject", b"Author"] {
        info.remove(key);
    }
    info.set("GTS_PDFXVersion", text("PDF/X-1:2001"));
    info.set("GTS_PDFXConformance", text("PDF/X-1a:2001"));
    info.set("Trapped", Object::Name(b"False".to_vec()));
    info.set("CreationDate", text(&date.pdf()));
    info.set("ModDate", text(&date.pdf()));
    if let Some(seal) = seal {
        info.set("HousieRun", text(seal));
    }
    Ok(())
}

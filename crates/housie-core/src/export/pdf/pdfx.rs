//! PDF/X-1a:2001, declared and met: the Info keys (`GTS_PDFXVersion`, `GTS_PDFXConformance`,
//! `Trapped`, the run's dates) and an OutputIntent (`/S /GTS_PDFX`) carrying the Coated FOGRA39
//! CMYK profile (`icc/`, bundled unmodified under Adobe's Color Profile Bundling Agreement,
//! shipped beside it). The pages' content is CMYK or grey only, with no transparency, fonts
//! embedded and TrimBox (and BleedBox) set: the rest of the PDF code keeps those.

use lopdf::{dictionary, Document, Object, Stream, StringFormat};

use crate::support::date::RunDate;

use crate::print::profile::deflated_profile;
pub use crate::print::profile::ICC_DESCRIPTION;

fn text(s: &str) -> Object {
    Object::String(s.as_bytes().to_vec(), StringFormat::Literal)
}

/// Adds the declaration to a serialised volume's document, with [`dates`].
pub fn declare(doc: &mut Document, date: &RunDate, seal: Option<&str>) -> lopdf::Result<()> {
    let mut profile = Stream::new(dictionary! { "N" => 4, "Filter" => "FlateDecode" }, deflated_profile().to_vec());
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
    let info = info(doc)?;
    info.set("GTS_PDFXVersion", text("PDF/X-1:2001"));
    info.set("GTS_PDFXConformance", text("PDF/X-1a:2001"));
    info.set("Trapped", Object::Name(b"False".to_vec()));
    dates(doc, date, seal)
}

/// Marks a file that is not PDF/X (a 2-up sheet): printpdf's empty `GTS_PDFXVersion` goes, so
/// no reader takes the file for PDF/X; the dates and seal are set as [`dates`] does.
pub fn undeclared(doc: &mut Document, date: &RunDate, seal: Option<&str>) -> lopdf::Result<()> {
    info(doc)?.remove(b"GTS_PDFXVersion");
    dates(doc, date, seal)
}

/// Sets the Info dictionary's dates from the run (never the clock) and the run's seal (see
/// [`super::PdfStyle::seal`]) when it has one: every file has these, PDF/X or not.
pub fn dates(doc: &mut Document, date: &RunDate, seal: Option<&str>) -> lopdf::Result<()> {
    let info = info(doc)?;
    info.set("CreationDate", text(&date.pdf()));
    info.set("ModDate", text(&date.pdf()));
    if let Some(seal) = seal {
        info.set("HousieRun", text(seal));
    }
    Ok(())
}

/// The Info dictionary, without the keys printpdf adds that housie does not fill.
fn info(doc: &mut Document) -> lopdf::Result<&mut lopdf::Dictionary> {
    let info_id = doc.trailer.get(b"Info").and_then(Object::as_reference)?;
    let info = doc.get_object_mut(info_id).and_then(Object::as_dict_mut)?;
    for key in [&b"Identifier"[..], b"Keywords", b"Subject", b"Author"] {
        info.remove(key);
    }
    Ok(info)
}

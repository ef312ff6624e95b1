//! The fonts shaped text is drawn in ([`crate::print::typeset`]), written by housie itself:
//! a shaper's glyphs (conjuncts, half forms, vowel signs moved before their consonant) are not
//! reachable from the font's character map, so printpdf, which embeds a font for the
//! characters it is given, cannot describe them. Each is a Type 0 font naming glyphs by their
//! ids in the whole font (`Identity-H`), cut down to the glyphs the run's shaped text uses,
//! with a `CIDToGIDMap` into the subset, every glyph's width, and a `ToUnicode` map for each
//! glyph that spells a cluster alone (the pages mark every shaped run with `/ActualText` too).

use std::collections::{BTreeMap, BTreeSet};
use std::io;

use lopdf::{dictionary, Dictionary, Object, ObjectId, Stream};

use super::style::{PdfStyle, SHAPED_FONT_IDS};
use crate::print::font::Font;
use crate::print::typeset::{Shaped, Typesetter};

/// The shaped fonts the run's pages use, added to `doc`: each resource name with its font.
pub fn add(doc: &mut lopdf::Document, style: &PdfStyle<'_>) -> io::Result<Vec<(&'static str, ObjectId)>> {
    add_fonts(doc, &style.shaped_runs(), &style.typesetter())
}

/// The fonts `runs` are shaped in, each cut down to the glyphs they use, added to `doc`: each
/// resource name ([`SHAPED_FONT_IDS`]) with its font.
pub fn add_fonts(
    doc: &mut lopdf::Document,
    runs: &[Shaped],
    typesetter: &Typesetter<'_>,
) -> io::Result<Vec<(&'static str, ObjectId)>> {
    if runs.is_empty() {
        return Ok(Vec::new());
    }
    // Per font: the glyphs, and the text of each glyph that is a cluster on its own.
    let mut used: BTreeMap<usize, (BTreeSet<u16>, BTreeMap<u16, String>)> = BTreeMap::new();
    for run in runs {
        let (glyphs, unicode) = used.entry(run.font).or_default();
        let starts: BTreeSet<usize> = run.glyphs.iter().map(|g| g.cluster as usize).collect();
        for g in &run.glyphs {
            glyphs.insert(g.id);
            let start = g.cluster as usize;
            let end = starts.range(start + 1..).next().copied().unwrap_or(run.text.len());
            let alone = run.glyphs.iter().filter(|o| o.cluster == g.cluster).count() == 1;
            if alone {
                if let Some(text) = run.text.get(start..end) {
                    unicode.entry(g.id).or_insert_with(|| text.to_string());
                }
            }
        }
    }
    let mut fonts = Vec::new();
    for (index, (mut glyphs, unicode)) in used {
        let font = typesetter.font(index);
        // Digits may come between two words of a shaped script (`{book}` in a header).
        glyphs.extend(font.glyphs("0123456789-–"));
        fonts.push((SHAPED_FONT_IDS[index], type0(doc, font, &glyphs, &unicode)?));
    }
    Ok(fonts)
}

/// One Type 0 font of `font` cut down to `glyphs`.
fn type0(
    doc: &mut lopdf::Document,
    font: &Font,
    glyphs: &BTreeSet<u16>,
    unicode: &BTreeMap<u16, String>,
) -> io::Result<ObjectId> {
    let subset = font.subset(glyphs).map_err(io::Error::other)?;
    let face = ttf_parser::Face::parse(font.bytes(), 0).map_err(io::Error::other)?;
    let units = f64::from(face.units_per_em());
    let thousandths = |v: f64| (v * 1000.0 / units).round() as i64;

    let (map, tag) = cid_to_gid(&subset);
    let name = format!("{tag}+{}", font.name());
    // A CFF CIDFont has no CIDToGIDMap: its charset maps each CID (see `print::cff`).
    let map_id = (!subset.cff).then(|| doc.add_object(Stream::new(dictionary! {}, map)));

    let widths: Vec<Object> = subset
        .glyph_ids
        .keys()
        .flat_map(|&cid| [Object::Integer(i64::from(cid)), Object::Array(vec![font.pdf_glyph_width(cid).into()])])
        .collect();
    let bbox = face.global_bounding_box();
    let (dict, subtype, key) = program_kind(&subset);
    let mut file = Stream::new(dict, subset.bytes);
    file.allows_compression = true;
    let file_id = doc.add_object(file);
    let mut descriptor = dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => Object::Name(name.clone().into_bytes()),
        "Flags" => 4,
        "FontBBox" => vec![
            thousandths(f64::from(bbox.x_min)).into(), thousandths(f64::from(bbox.y_min)).into(),
            thousandths(f64::from(bbox.x_max)).into(), thousandths(f64::from(bbox.y_max)).into(),
        ],
        "ItalicAngle" => 0,
        "Ascent" => thousandths(f64::from(face.ascender())),
        "Descent" => thousandths(f64::from(face.descender())),
        "CapHeight" => font.cap_height().unwrap_or_else(|| thousandths(f64::from(face.ascender()))),
        "StemV" => 120,
    };
    descriptor.set(key, file_id);
    let descriptor = doc.add_object(descriptor);
    let mut cid_font = dictionary! {
        "Type" => "Font",
        "Subtype" => subtype,
        "BaseFont" => Object::Name(name.clone().into_bytes()),
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "DW" => 0,
        "W" => widths,
    };
    if let Some(map_id) = map_id {
        cid_font.set("CIDToGIDMap", map_id);
    }
    let cid_font = doc.add_object(cid_font);
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, cmap(unicode).into_bytes()));
    Ok(doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => Object::Name(name.into_bytes()),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![cid_font.into()],
        "ToUnicode" => to_unicode,
    }))
}

/// What a subset's font program is in PDF: its stream's dictionary, the CIDFont's subtype and
/// the descriptor's key. TrueType is `/FontFile2` of a `CIDFontType2`; a CID-keyed CFF program
/// is `/FontFile3 /CIDFontType0C` of a `CIDFontType0` (both PDF 1.3).
pub(super) fn program_kind(subset: &crate::print::font::Subset) -> (Dictionary, &'static str, &'static str) {
    if subset.cff {
        (dictionary! { "Subtype" => "CIDFontType0C" }, "CIDFontType0", "FontFile3")
    } else {
        (dictionary! { "Length1" => subset.bytes.len() as i64 }, "CIDFontType2", "FontFile2")
    }
}

/// A subset's `CIDToGIDMap` (each glyph id in the whole font, as the pages name it, to its id
/// in the subset), and the six capitals PDF's subset tags are, from it: the same glyphs, the
/// same tag.
pub(super) fn cid_to_gid(subset: &crate::print::font::Subset) -> (Vec<u8>, String) {
    let highest = subset.glyph_ids.keys().next_back().copied().unwrap_or(0);
    let mut map = vec![0u8; 2 * (usize::from(highest) + 1)];
    for (&cid, &gid) in &subset.glyph_ids {
        map[2 * usize::from(cid)..2 * usize::from(cid) + 2].copy_from_slice(&gid.to_be_bytes());
    }
    let digest = crate::support::digest::sha256_hex(map.as_slice());
    let tag = digest.bytes().take(6).map(|b| char::from(b'A' + b % 26)).collect();
    (map, tag)
}

/// A ToUnicode CMap taking each glyph to its text.
pub(super) fn cmap(unicode: &BTreeMap<u16, String>) -> String {
    cmap_of(unicode, 2)
}

/// As [`cmap`], for codes of `bytes` bytes (1 or 2): housie 0.16's barcode font names its
/// glyphs by one byte.
pub(super) fn cmap_of(unicode: &BTreeMap<u16, String>, bytes: usize) -> String {
    let digits = 2 * bytes;
    let mut s = format!(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<{:0digits$X}> <{:X}>\nendcodespacerange\n",
        0,
        (1u32 << (8 * bytes)) - 1
    );
    let entries: Vec<_> = unicode.iter().collect();
    for block in entries.chunks(100) {
        s.push_str(&format!("{} beginbfchar\n", block.len()));
        for (glyph, text) in block {
            let units: String = text.encode_utf16().map(|u| format!("{u:04X}")).collect();
            s.push_str(&format!("<{glyph:0digits$X}> <{units}>\n"));
        }
        s.push_str("endbfchar\n");
    }
    s.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    s
}

//! The part of every PDF file that is not a page, built once per run: the document itself,
//! the embedded font, the PDF/X OutputIntent, the graphics states and the furniture forms.
//!
//! printpdf remains the library of record for the document and the font: it writes a one-page
//! document whose only text uses every character the run can print, so the font's widths and
//! ToUnicode map cover every page. lopdf then removes that page, adds the rest, compresses the
//! font once, and serialises. The body up to its cross-reference table becomes the head of each
//! file, with its objects' offsets; [`super::file`] streams the pages after it.

use std::io;

use lopdf::{dictionary, Dictionary, Object, ObjectId, Stream};
use printpdf::{
    FontId, Mm, Op, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, TextItem, TextMatrix,
};

use super::content::PT_PER_MM;
use super::furniture;
use super::style::{PdfStyle, BARCODE_FONT_ID, FONT_ID, KNOCKOUT, OVERPRINT};
use crate::print::barcode;
use crate::print::template::Barcode;

/// The serialised head of a file and what the pages need to refer to.
pub struct Shared {
    /// `%PDF-1.3` and every shared object, ready to be followed by pages.
    pub head: Vec<u8>,
    /// Byte offset of each object in `head`, indexed by object number (0 and the page tree's
    /// number are unused).
    pub offsets: Vec<u64>,
    /// The page tree's object number: written after the pages, which name it as their parent.
    pub pages_id: u32,
    /// The catalog's object number.
    pub catalog_id: u32,
    /// The Info dictionary's object number.
    pub info_id: u32,
    /// The shared resources' object number.
    pub resources_id: u32,
    /// `/MediaBox [..] /CropBox [..]` for the page tree (inherited) and `/TrimBox [..] /BleedBox
    /// [..]` for each page (not inheritable).
    pub tree_boxes: String,
    /// `/TrimBox` and `/BleedBox` of each page.
    pub page_boxes: String,
    /// One page's media box, and its width in points (with 2-up, a sheet holds two).
    pub page_media: String,
    /// One page's width, pt.
    pub page_width_pt: f32,
}

impl Shared {
    /// Builds the head for a run with this look.
    pub fn new(style: &PdfStyle<'_>) -> io::Result<Shared> {
        let mut doc = skeleton(style);
        let pages_id = doc.catalog().and_then(|c| c.get(b"Pages")).and_then(Object::as_reference).map_err(other)?;
        let (_, page_id) = doc.get_pages().into_iter().next().ok_or_else(|| other("printpdf wrote no page"))?;
        let font = font_of(&doc, page_id)?;
        if style.format.compact() {
            embed_subset(&mut doc, &font, style)?;
        }
        // The page was only there to carry the font's text; its tree is written per file.
        doc.delete_object(page_id);

        let shaped = if style.format.compact() { super::shaped_font::add(&mut doc, style)? } else { Vec::new() };
        let resources = resources(&mut doc, style, font, &shaped);
        // A stand-in for the tree, which keeps the resources (and shared boxes) referenced
        // through the renumbering.
        let mut stand_in = dictionary! { "Type" => "Pages", "Resources" => resources };
        let boxes = PageBoxes::of(style);
        let shared_boxes = style.format.symbol_font() && style.declares_pdfx();
        if shared_boxes {
            // From housie 0.11 each page names one array for its trim box (and one for its
            // bleed box), twelve bytes a page fewer than writing them out.
            let number = |v: f32| Object::Real((f64::from(v) * 100.0).round() as f32 / 100.0);
            let array = |r: [f32; 4]| Object::Array(r.iter().map(|&v| number(v)).collect());
            stand_in.set("TrimBox", doc.add_object(array(boxes.trim)));
            if let Some(bleed) = boxes.bleed {
                stand_in.set("BleedBox", doc.add_object(array(bleed)));
            }
        }
        doc.objects.insert(pages_id, Object::Dictionary(stand_in));
        let seal = style.seal.map(|s| crate::support::digest::hex(&s));
        if style.declares_pdfx() {
            super::pdfx::declare(&mut doc, &style.date, seal.as_deref()).map_err(other)?;
        } else {
            super::pdfx::undeclared(&mut doc, &style.date, seal.as_deref()).map_err(other)?;
        }

        doc.prune_objects();
        doc.renumber_objects();
        // Renumbering moved the ids: find the tree, the resources, the catalog and Info again.
        let catalog_id = doc.trailer.get(b"Root").and_then(Object::as_reference).map_err(other)?;
        let info_id = doc.trailer.get(b"Info").and_then(Object::as_reference).map_err(other)?;
        let pages_id = doc.catalog().and_then(|c| c.get(b"Pages")).and_then(Object::as_reference).map_err(other)?;
        let stand_in = doc.objects.remove(&pages_id).ok_or_else(|| other("the page tree went missing"))?;
        let resources_id =
            stand_in.as_dict().and_then(|d| d.get(b"Resources")).and_then(Object::as_reference).map_err(other)?;
        let shared_box = |key: &[u8]| stand_in.as_dict().ok().and_then(|d| d.get(key).ok()?.as_reference().ok());
        let (trim_id, bleed_id) = (shared_box(b"TrimBox"), shared_box(b"BleedBox"));
        doc.compress();
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes)?;
        let (head, offsets) = split_head(bytes)?;
        if offsets.iter().enumerate().skip(1).any(|(id, &o)| (o == 0) != (id == pages_id.0 as usize)) {
            return Err(other("the shared objects are not numbered densely"));
        }

        let (mw, mh) = style.media_mm();
        let pt = |r: [f32; 4]| r.map(|v| v * PT_PER_MM);
        let page_media = written(pt([0.0, 0.0, mw, mh]));
        // With 2-up, a sheet is two pages side by side.
        let sheet_w = if style.two_up { 2.0 * mw } else { mw };
        let media = written(pt([0.0, 0.0, sheet_w, mh]));
        Ok(Shared {
            page_media,
            page_width_pt: style.media_width_h() as f32 / 100.0,
            head,
            offsets,
            pages_id: pages_id.0,
            catalog_id: catalog_id.0,
            info_id: info_id.0,
            resources_id: resources_id.0,
            tree_boxes: format!("/MediaBox{media}/CropBox{media}"),
            page_boxes: page_boxes(style, &boxes, shared_boxes.then_some((trim_id, bleed_id))),
        })
    }
}

/// What each page says of its trim and bleed. A 2-up sheet has no one finished size: only a
/// PDF/X file (and the 2-up of housie 0.2 and 0.3, kept as it was) says where to cut. Without a
/// bleed the bleed box is the trim box, which is what a reader takes when there is none: the
/// lean format leaves it out. `shared`: the ids of the boxes every page names (housie 0.11 on).
fn page_boxes(style: &PdfStyle<'_>, boxes: &PageBoxes, shared: Option<(Option<ObjectId>, Option<ObjectId>)>) -> String {
    if let Some((Some(trim), bleed)) = shared {
        match bleed {
            Some(bleed) => format!("/TrimBox {} 0 R/BleedBox {} 0 R", trim.0, bleed.0),
            None => format!("/TrimBox {} 0 R", trim.0),
        }
    } else if style.declares_pdfx() && boxes.bleed.is_none() && style.format.forms() {
        format!("/TrimBox{}", written(boxes.trim))
    } else if style.declares_pdfx() {
        format!("/TrimBox{}/BleedBox{}", written(boxes.trim), written(boxes.bleed.unwrap_or(boxes.trim)))
    } else {
        String::new()
    }
}

/// A box as a page or the page tree writes it out: `[x0 y0 x1 y1]`, points to hundredths.
fn written(r: [f32; 4]) -> String {
    let [x0, y0, x1, y1] = r.map(|v| (f64::from(v) * 100.0).round() / 100.0);
    format!("[{x0} {y0} {x1} {y1}]")
}

/// A page's trim box and, with a bleed, its bleed box: points, from the media box's corner.
struct PageBoxes {
    trim: [f32; 4],
    bleed: Option<[f32; 4]>,
}

impl PageBoxes {
    fn of(style: &PdfStyle<'_>) -> PageBoxes {
        let (mw, _) = style.media_mm();
        let (w, h) = style.page_mm();
        let (o, b) = (style.offset_mm(), style.bleed_mm);
        // With 2-up, a sheet is two pages side by side: its trim and bleed span both pages'.
        let right = if style.two_up { mw } else { 0.0 };
        let pt = |r: [f32; 4]| r.map(|v| v * PT_PER_MM);
        PageBoxes {
            trim: pt([o, o, right + o + w, o + h]),
            bleed: (b != 0.0).then(|| pt([o - b, o - b, right + o + w + b, o + h + b])),
        }
    }
}

/// The resources every page shares, added to `doc`: the overprint and knockout states, the
/// furniture drawn under and over each page as forms, and the fonts (the barcode font too in
/// the compact format).
fn resources(
    doc: &mut lopdf::Document,
    style: &PdfStyle<'_>,
    font: Object,
    shaped: &[(&str, ObjectId)],
) -> lopdf::ObjectId {
    let overprint = doc.add_object(dictionary! { "Type" => "ExtGState", "OP" => true, "op" => true, "OPM" => 1 });
    let knockout = doc.add_object(dictionary! { "Type" => "ExtGState", "OP" => false, "op" => false });
    let states = dictionary! { OVERPRINT => overprint, KNOCKOUT => knockout };
    let (mw, mh) = style.media_mm();
    let bbox = || Object::Array(vec![0.into(), 0.into(), real(mw * PT_PER_MM), real(mh * PT_PER_MM)]);
    let form = |content: Vec<u8>| {
        let dict = dictionary! {
            "Type" => "XObject", "Subtype" => "Form", "BBox" => bbox(),
            "Resources" => dictionary! { "ExtGState" => states.clone() },
        };
        Stream::new(dict, content)
    };
    let mut forms = Dictionary::new();
    if let Some(under) = furniture::under(style) {
        forms.set(furniture::UNDER, doc.add_object(form(under)));
    }
    forms.set(furniture::OVER, doc.add_object(form(furniture::over(style))));
    if let Some((logo, _)) = style.logo {
        // One image for every page of the file: DeviceCMYK (or DeviceGray), 8 bits, deflated.
        let dict = dictionary! {
            "Type" => "XObject", "Subtype" => "Image",
            "Width" => i64::from(logo.width), "Height" => i64::from(logo.height),
            "ColorSpace" => if logo.gray { "DeviceGray" } else { "DeviceCMYK" },
            "BitsPerComponent" => 8, "Filter" => "FlateDecode",
        };
        let mut image = Stream::new(dict, super::deflate(&logo.print));
        image.allows_compression = false;
        forms.set(super::LOGO_ID, doc.add_object(image));
    }
    let mut fonts = dictionary! { FONT_ID => font.clone() };
    for &(name, id) in shaped {
        fonts.set(name, id);
    }
    if let Some(texts) = super::page::still_texts(style) {
        let dict = dictionary! {
            "Type" => "XObject", "Subtype" => "Form", "BBox" => bbox(),
            "Resources" => dictionary! { "Font" => fonts.clone(), "ExtGState" => states.clone() },
        };
        forms.set(super::forms::TEXTS, doc.add_object(Stream::new(dict, texts)));
    }
    if style.format.forms() {
        // Numbers need the font and the overprint state; shapes need nothing. Each form is a
        // few dozen bytes, which deflate would not shorten.
        let text = doc.add_object(dictionary! {
            "Font" => dictionary! { FONT_ID => font.clone() },
            "ExtGState" => dictionary! { OVERPRINT => overprint },
        });
        for f in super::forms::all(style, super::codes::symbol_forms(style)) {
            let mut dict = dictionary! {
                "Type" => "XObject", "Subtype" => "Form",
                "BBox" => f.bbox.iter().map(|&v| real(v)).collect::<Vec<_>>(),
            };
            if f.text {
                dict.set("Resources", text);
            }
            let mut stream = Stream::new(dict, f.content);
            stream.allows_compression = false;
            forms.set(f.name.as_bytes(), doc.add_object(stream));
        }
    }

    if style.template.ticket().barcode == Barcode::Code128 {
        if style.format.barcode_font() {
            fonts.set(BARCODE_FONT_ID, barcode_font(doc));
        } else if style.format.barcode_glyphs() || style.format.grid_glyphs() {
            fonts.set(BARCODE_FONT_ID, super::symbol_font::add(doc, style.format.grid_glyphs()));
        }
    }
    doc.add_object(dictionary! {
        "Font" => fonts,
        "ExtGState" => states.clone(),
        "XObject" => forms,
    })
}

fn other<E: Into<Box<dyn std::error::Error + Send + Sync>>>(e: E) -> io::Error {
    io::Error::other(e)
}

fn real(v: f32) -> Object {
    Object::Real((v * 100.0).round() / 100.0)
}

/// printpdf's document with the font and one page whose text uses every character the run can
/// print ([`PdfStyle::printed_chars`]).
fn skeleton(style: &PdfStyle<'_>) -> lopdf::Document {
    let every = style.printed_chars();
    let mut doc = PdfDocument::new(style.title);
    let producer = format!("housie {}", style.housie);
    doc.metadata.info.producer = producer.clone();
    doc.metadata.info.creator = producer;
    doc.resources.fonts.map.insert(FontId(FONT_ID.into()), PdfFont::new(style.font.parsed().clone()));
    let ops = vec![
        Op::StartTextSection,
        Op::SetFont { font: PdfFontHandle::External(FontId(FONT_ID.into())), size: Pt(10.0) },
        Op::SetTextMatrix { matrix: TextMatrix::Translate(Pt(0.0), Pt(0.0)) },
        Op::ShowText { items: vec![TextItem::Text(every)] },
        Op::EndTextSection,
    ];
    let (w, h) = style.page_mm();
    doc.with_pages(vec![PdfPage::new(Mm(w), Mm(h), ops)]);
    let opts = PdfSaveOptions { optimize: true, subset_fonts: false, secure: true, image_optimization: None };
    doc.to_lopdf_document(&opts, &mut Vec::new())
}

/// Replaces the whole font printpdf embedded with the glyphs the run prints. The content
/// streams keep naming glyphs by their ids in the whole font (CIDs), so the widths and the
/// ToUnicode map printpdf wrote stay as they are; a CIDToGIDMap takes each CID to its glyph in
/// the subset. The name gets the subset tag PDF asks for, and the descriptor the font's real
/// cap height (printpdf writes its ascent there).
fn embed_subset(doc: &mut lopdf::Document, font: &Object, style: &PdfStyle<'_>) -> io::Result<()> {
    let glyphs = style.font.glyphs(&style.printed_chars()).collect();
    embed_subset_of(doc, font, style.font, &glyphs)
}

/// Replaces printpdf's whole embedded font `font` (its Type 0 font object) with `fonts`'s
/// glyphs `glyphs` only, tagged, each CID mapped to its glyph in the subset.
pub(crate) fn embed_subset_of(
    doc: &mut lopdf::Document,
    font: &Object,
    fonts: &crate::print::font::Font,
    glyphs: &std::collections::BTreeSet<u16>,
) -> io::Result<()> {
    let subset = fonts.subset(glyphs).map_err(other)?;
    let (map, tag) = super::shaped_font::cid_to_gid(&subset);
    let map_id = (!subset.cff).then(|| doc.add_object(Stream::new(Dictionary::new(), map)));
    let (cff_dict, subtype, key) = super::shaped_font::program_kind(&subset);

    let type0_id = font.as_reference().map_err(other)?;
    let type0 = doc.get_dictionary_mut(type0_id).map_err(other)?;
    let name =
        format!("{tag}+{}", String::from_utf8_lossy(type0.get(b"BaseFont").and_then(Object::as_name).map_err(other)?));
    type0.set("BaseFont", Object::Name(name.clone().into_bytes()));
    let descendant = match type0.get(b"DescendantFonts").and_then(Object::as_array).map_err(other)?.first() {
        Some(Object::Reference(id)) => Some(*id),
        _ => None,
    };
    let cid_font = match descendant {
        Some(id) => doc.get_dictionary_mut(id).map_err(other)?,
        None => doc
            .get_dictionary_mut(type0_id)
            .and_then(|t| t.get_mut(b"DescendantFonts"))
            .and_then(Object::as_array_mut)
            .map_err(other)?
            .first_mut()
            .ok_or_else(|| other("the font has no descendant"))?
            .as_dict_mut()
            .map_err(other)?,
    };
    cid_font.set("BaseFont", Object::Name(name.clone().into_bytes()));
    cid_font.set("Subtype", subtype);
    match map_id {
        Some(map_id) => cid_font.set("CIDToGIDMap", map_id),
        None => drop(cid_font.remove(b"CIDToGIDMap")),
    }
    let descriptor_id = cid_font.get(b"FontDescriptor").and_then(Object::as_reference).map_err(other)?;
    let descriptor = doc.get_dictionary_mut(descriptor_id).map_err(other)?;
    descriptor.set("FontName", Object::Name(name.into_bytes()));
    if let Some(cap) = fonts.cap_height() {
        descriptor.set("CapHeight", cap);
    }
    // printpdf's whole font program gives way to the subset in its place (TrueType; or CFF,
    // re-keyed), so a run's objects keep their numbers.
    let printed = if descriptor.has(b"FontFile2") { &b"FontFile2"[..] } else { b"FontFile3" };
    let file_id = descriptor.get(printed).and_then(Object::as_reference).map_err(other)?;
    if printed != key.as_bytes() {
        descriptor.remove(printed);
        descriptor.set(key, file_id);
    }
    let file = doc.get_object_mut(file_id).and_then(Object::as_stream_mut).map_err(other)?;
    if subset.cff {
        file.dict = cff_dict; // printpdf's Length1 belongs to TrueType only
    } else {
        file.dict.set("Length1", subset.bytes.len() as i64);
    }
    file.set_content(subset.bytes);
    Ok(())
}

/// A Type 3 font whose glyphs are Code 128's symbols, so that a page draws each barcode as one
/// short string instead of forty-odd rectangles. Glyph space is one module wide by one bar
/// high (a page scales it with its text matrix); each glyph is a handful of rectangles in
/// 100 % K. The glyphs set their own colour (`d0`), so readers draw them as paths rather than
/// from a bitmap cache that would round each symbol to whole pixels. Every code reads as a
/// space to text extraction, so a page's text is its serials and numbers only.
fn barcode_font(doc: &mut lopdf::Document) -> ObjectId {
    let patterns = barcode::code128_patterns();
    let mut procs = Dictionary::new();
    let mut differences = vec![Object::Integer(0)];
    let mut widths = Vec::new();
    for (value, pattern) in patterns.iter().enumerate() {
        let name = format!("s{value}");
        let width = pattern.len().max(11);
        let mut glyph = format!("{width} 0 d0\n0 0 0 1 k\n");
        let mut start = None;
        for (i, &m) in pattern.iter().chain(std::iter::once(&0)).enumerate() {
            match (m, start) {
                (1, None) => start = Some(i),
                (0, Some(s)) => {
                    glyph.push_str(&format!("{s} 0 {} 1 re\n", i - s));
                    start = None;
                }
                _ => {}
            }
        }
        glyph.push_str("f\n");
        procs.set(name.as_bytes(), doc.add_object(Stream::new(Dictionary::new(), glyph.into_bytes())));
        differences.push(Object::Name(name.into_bytes()));
        widths.push(Object::Integer(width as i64));
    }
    let last = (patterns.len() - 1) as i64;
    // Each code to a space (a bfrange would count up from it); at most 100 entries a block.
    let mut spaces = String::new();
    for block in (0..patterns.len()).collect::<Vec<_>>().chunks(100) {
        spaces.push_str(&format!("{} beginbfchar\n", block.len()));
        for code in block {
            spaces.push_str(&format!("<{code:02X}> <0020>\n"));
        }
        spaces.push_str("endbfchar\n");
    }
    let to_unicode = format!(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) \
         /Ordering (UCS) /Supplement 0 >> def\n/CMapName /HousieBarcode def\n/CMapType 2 def\n1 \
         begincodespacerange\n<00> <FF>\nendcodespacerange\n{spaces}endcmap\nCMapName currentdict /CMap \
         defineresource pop\nend\nend\n"
    );
    let to_unicode = doc.add_object(Stream::new(Dictionary::new(), to_unicode.into_bytes()));
    doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type3",
        "FontBBox" => vec![0.into(), 0.into(), 13.into(), 1.into()],
        "FontMatrix" => vec![1.into(), 0.into(), 0.into(), 1.into(), 0.into(), 0.into()],
        "CharProcs" => procs,
        "Encoding" => dictionary! { "Type" => "Encoding", "Differences" => differences },
        "FirstChar" => 0,
        "LastChar" => last,
        "Widths" => widths,
        "Resources" => Dictionary::new(),
        "ToUnicode" => to_unicode,
    })
}

/// The font printpdf registered for the page, by reference.
pub(crate) fn font_of(doc: &lopdf::Document, page: ObjectId) -> io::Result<Object> {
    let page = doc.get_dictionary(page).map_err(other)?;
    let resources = match page.get(b"Resources").map_err(other)? {
        Object::Reference(id) => doc.get_dictionary(*id).map_err(other)?,
        o => o.as_dict().map_err(other)?,
    };
    let fonts = match resources.get(b"Font").map_err(other)? {
        Object::Reference(id) => doc.get_dictionary(*id).map_err(other)?,
        o => o.as_dict().map_err(other)?,
    };
    fonts.get(FONT_ID.as_bytes()).cloned().map_err(other)
}

/// Cuts a saved document at its cross-reference table, returning the body and each object's
/// offset as that table gives it.
fn split_head(mut bytes: Vec<u8>) -> io::Result<(Vec<u8>, Vec<u64>)> {
    let bad = || other("lopdf's cross-reference table did not read back");
    let at = find_last(&bytes, b"startxref").ok_or_else(bad)?;
    let start: usize = std::str::from_utf8(&bytes[at + 9..])
        .map_err(|_| bad())?
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(bad)?;
    let table = std::str::from_utf8(&bytes[start..at]).map_err(|_| bad())?;
    let mut words = table.split_whitespace();
    if words.next() != Some("xref") {
        return Err(bad());
    }
    let mut offsets = Vec::new();
    let mut words = words.peekable();
    while let Some(w) = words.next() {
        if w == "trailer" {
            break;
        }
        let first: usize = w.parse().map_err(|_| bad())?;
        let count: usize = words.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
        for id in first..first + count {
            let offset: u64 = words.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
            let _generation = words.next();
            let kind = words.next().ok_or_else(bad)?;
            if offsets.len() <= id {
                offsets.resize(id + 1, 0);
            }
            if kind == "n" {
                offsets[id] = offset;
            }
        }
    }
    bytes.truncate(start);
    Ok((bytes, offsets))
}

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

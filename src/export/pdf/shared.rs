//! The part of every PDF file that is not a page, built once per run: the document itself,
//! the embedded font, the PDF/X OutputIntent, the graphics states and the furniture forms.
//!
//! printpdf remains the library of record for the document and the font: it writes a one-page
//! document whose only text uses every character the run can print, so the font's widths and
//! ToUnicode map cover every page. lopdf then removes that page, adds the rest, compresses the
//! font once, and serialises. The body up to its cross-reference table becomes the head of each
//! file, with its objects' offsets; [`super::file`] streams the pages after it.

use std::collections::BTreeSet;
use std::io;

use lopdf::{dictionary, Dictionary, Object, ObjectId, Stream};
use printpdf::{
    FontId, Mm, Op, PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, TextItem, TextMatrix,
};

use super::content::PT_PER_MM;
use super::{furniture, PdfStyle, FONT_ID, KNOCKOUT, OVERPRINT};

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
        // The page was only there to carry the font's text; its tree is written per file.
        doc.delete_object(page_id);

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
        let resources = doc.add_object(dictionary! {
            "Font" => dictionary! { FONT_ID => font },
            "ExtGState" => states.clone(),
            "XObject" => forms,
        });
        // A stand-in for the tree, which keeps the resources referenced through the renumbering.
        doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Resources" => resources }));
        super::pdfx::declare(&mut doc, &style.date, style.seal.map(|s| crate::digest::hex(&s)).as_deref())
            .map_err(other)?;

        doc.prune_objects();
        doc.renumber_objects();
        // Renumbering moved the ids: find the tree, the resources, the catalog and Info again.
        let catalog_id = doc.trailer.get(b"Root").and_then(Object::as_reference).map_err(other)?;
        let info_id = doc.trailer.get(b"Info").and_then(Object::as_reference).map_err(other)?;
        let pages_id = doc.catalog().and_then(|c| c.get(b"Pages")).and_then(Object::as_reference).map_err(other)?;
        let stand_in = doc.objects.remove(&pages_id).ok_or_else(|| other("the page tree went missing"))?;
        let resources_id =
            stand_in.as_dict().and_then(|d| d.get(b"Resources")).and_then(Object::as_reference).map_err(other)?;
        doc.compress();
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes)?;
        let (head, offsets) = split_head(bytes)?;
        if offsets.iter().enumerate().skip(1).any(|(id, &o)| (o == 0) != (id == pages_id.0 as usize)) {
            return Err(other("the shared objects are not numbered densely"));
        }

        let (w, h) = style.page_mm();
        let o = style.offset_mm();
        let b = style.bleed_mm;
        let rect = |x0: f32, y0: f32, x1: f32, y1: f32| {
            let [x0, y0, x1, y1] = [x0, y0, x1, y1].map(|v| (f64::from(v * PT_PER_MM) * 100.0).round() / 100.0);
            format!("[{x0} {y0} {x1} {y1}]")
        };
        let media = rect(0.0, 0.0, mw, mh);
        let page_media = media.clone();
        // With 2-up, a sheet is two pages side by side: its trim and bleed span both pages'.
        let (sheet_w, right) = if style.two_up { (2.0 * mw, mw) } else { (mw, 0.0) };
        let media = rect(0.0, 0.0, sheet_w, mh);
        Ok(Shared {
            page_media,
            page_width_pt: (mw * PT_PER_MM * 100.0).round() / 100.0,
            head,
            offsets,
            pages_id: pages_id.0,
            catalog_id: catalog_id.0,
            info_id: info_id.0,
            resources_id: resources_id.0,
            tree_boxes: format!("/MediaBox{media}/CropBox{media}"),
            page_boxes: format!(
                "/TrimBox{}/BleedBox{}",
                rect(o, o, right + o + w, o + h),
                rect(o - b, o - b, right + o + w + b, o + h + b)
            ),
        })
    }
}

fn other<E: Into<Box<dyn std::error::Error + Send + Sync>>>(e: E) -> io::Error {
    io::Error::other(e)
}

fn real(v: f32) -> Object {
    Object::Real((v * 100.0).round() / 100.0)
}

/// printpdf's document with the font and one page whose text uses every character the run can
/// print: the template's texts, the title, digits, and the serials' `No. ` and hyphen.
fn skeleton(style: &PdfStyle<'_>) -> lopdf::Document {
    let t = style.template;
    let mut chars: BTreeSet<char> = "0123456789No. -".chars().collect();
    if t.layout.books_per_page() > 1 {
        chars.insert('–'); // "Book 1–2" on a page of two
    }
    let mut texts = vec![style.title, &t.header.left, &t.header.right, &t.footer.text];
    if style.numbering.games().is_some() {
        texts.push(&t.header.booklet);
        texts.extend(t.palette.iter().map(|p| p.name.as_str()));
    }
    for text in texts {
        chars.extend(text.chars().filter(|c| !c.is_control()));
    }
    let every: String = chars.into_iter().filter(|&c| style.font.glyphs(&c.to_string()).next().is_some()).collect();
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

/// The font printpdf registered for the page, by reference.
fn font_of(doc: &lopdf::Document, page: ObjectId) -> io::Result<Object> {
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

//! The barcode font of housie 0.11 on: a TrueType font whose glyphs are Code 128's symbols, so
//! that a page draws a barcode as one string instead of a form call and a move for each of its
//! dozen symbols. A glyph is its symbol's bars as plain rectangles in 100 % K (the page's
//! fill), one module a thousand units wide and one bar a thousand units high; the page scales
//! them with its text matrix (module width, bar height). Unlike housie 0.4's Type 3 font, it
//! is a font every RIP and preflight profile takes: outlines in an embedded TrueType program,
//! as in any barcode font.
//!
//! Glyph `v + 1` is symbol value `v` (glyph 0 is `.notdef`, empty), and the Type 0 font names
//! glyphs by their ids (`Identity-H`, `CIDToGIDMap /Identity`). The program is built with
//! write-fonts, pinned, since its bytes are part of every file's bytes.

use std::sync::OnceLock;

use kurbo::BezPath;
use lopdf::{dictionary, Object, ObjectId, Stream};
use write_fonts::tables::cmap::Cmap;
use write_fonts::tables::glyf::{GlyfLocaBuilder, Glyph, SimpleGlyph};
use write_fonts::tables::head::Head;
use write_fonts::tables::hhea::Hhea;
use write_fonts::tables::hmtx::{Hmtx, LongMetric};
use write_fonts::tables::maxp::Maxp;
use write_fonts::tables::name::{Name, NameRecord};
use write_fonts::tables::post::Post;
use write_fonts::types::{FWord, GlyphId, NameId, UfWord};
use write_fonts::{FontBuilder, OffsetMarker};

use crate::print::barcode;

/// Font units in a module and in a bar's height (the em).
const UNIT: i64 = 1000;

/// The font's PostScript name.
const NAME: &str = "HousieCode128";

/// The glyph id of symbol value `v`.
pub fn glyph(v: u8) -> u16 {
    u16::from(v) + 1
}

/// How much narrower than its modules housie 0.16's font draws each bar at each edge, font
/// units (a module is [`UNIT`]): a tenth of a module, a fifth in all (0.093 mm at the grid's
/// 1.32 pt module; print's ink gain widens bars by a few hundredths of a millimetre, and a
/// scanner measures a symbol from a bar's edge to the next bar's same edge, which narrowing
/// does not move). Ghostscript's rasterizer without anti-aliasing puts a glyph's edges on
/// pixels by its own rule, and at 120 dpi (2.2 pixels a module) some widths lose symbols, by
/// no order one could predict: measured on every page of 20 books of `classic` and of a bled
/// and marked `classic-letter` (120 symbols each) and on page 1 of 20 runs of five looks, plain
/// and as a blurred JPEG (168), its 120 dpi render read every symbol with bars a tenth of a
/// module narrower at each edge or exactly their modules, but 164 of 168 as a JPEG exactly;
/// 119, 117 and 113 of 120 with bars a fortieth and a twentieth narrower and a twentieth
/// wider; and none of 168 a tenth wider. Poppler, and both at 150 dpi, read every one at each.
const NARROWED: i64 = 100;

/// The TrueType program: built once, the same bytes for every run. `narrowed`: housie 0.16's,
/// each bar [`NARROWED`] in from each of its modules' edges; else 0.11's, each bar its modules.
pub fn program(narrowed: bool) -> &'static [u8] {
    static EXACT: OnceLock<Vec<u8>> = OnceLock::new();
    static NARROW: OnceLock<Vec<u8>> = OnceLock::new();
    let (cell, shave) = if narrowed { (&NARROW, NARROWED) } else { (&EXACT, 0) };
    cell.get_or_init(|| build(shave).expect("the Code 128 font is well formed"))
}

fn build(shave: i64) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let patterns = barcode::code128_all_patterns();
    let mut glyf = GlyfLocaBuilder::new();
    glyf.add_glyph(&Glyph::Empty)?;
    let mut metrics = vec![LongMetric::new(0, 0)];
    let (mut max_points, mut max_contours, mut widest) = (0u16, 0u16, 0i64);
    for pattern in patterns {
        let (bars, _) = barcode::bars_of(pattern);
        if bars.is_empty() {
            glyf.add_glyph(&Glyph::Empty)?;
        } else {
            let mut path = BezPath::new();
            for &(start, n) in &bars {
                let (x0, x1) = ((start as i64 * UNIT + shave) as f64, ((start + n) as i64 * UNIT - shave) as f64);
                // Clockwise, as TrueType's outer contours go.
                path.move_to((x0, 0.0));
                path.line_to((x0, UNIT as f64));
                path.line_to((x1, UNIT as f64));
                path.line_to((x1, 0.0));
                path.close_path();
            }
            glyf.add_glyph(&SimpleGlyph::from_bezpath(&path).map_err(|e| format!("{e:?}"))?)?;
        }
        let contours = u16::try_from(bars.len())?;
        max_contours = max_contours.max(contours);
        max_points = max_points.max(4 * contours);
        let width = pattern.len() as i64 * UNIT;
        widest = widest.max(width);
        metrics.push(LongMetric::new(u16::try_from(width)?, 0));
    }
    let widest16 = i16::try_from(widest)?;
    let (glyf, loca, format) = glyf.build();
    let glyphs = u16::try_from(metrics.len())?;
    let head = Head {
        units_per_em: UNIT as u16,
        x_max: widest16,
        y_max: UNIT as i16,
        index_to_loc_format: format as i16,
        ..Default::default()
    };
    let hhea = Hhea {
        ascender: FWord::new(UNIT as i16),
        advance_width_max: UfWord::new(widest16 as u16),
        x_max_extent: FWord::new(widest16),
        caret_slope_rise: 1,
        number_of_h_metrics: glyphs,
        ..Default::default()
    };
    let maxp = maxp(glyphs, max_points, max_contours);
    // A PDF reaches glyphs by id; the private-use map is for any tool that opens the font alone.
    let cmap = Cmap::from_mappings((0..patterns.len() as u8).map(|v| {
        (char::from_u32(0xE000 + u32::from(v)).expect("a private-use character"), GlyphId::new(glyph(v).into()))
    }))?;
    let name = Name::new(
        [
            (NameId::FAMILY_NAME, "Housie Code 128"),
            (NameId::SUBFAMILY_NAME, "Regular"),
            (NameId::POSTSCRIPT_NAME, NAME),
        ]
        .into_iter()
        .map(|(id, s)| NameRecord::new(3, 1, 0x409, id, OffsetMarker::new(s.to_string())))
        .collect(),
    );
    Ok(FontBuilder::new()
        .add_table(&head)?
        .add_table(&hhea)?
        .add_table(&maxp)?
        .add_table(&Hmtx::new(metrics, Vec::new()))?
        .add_table(&cmap)?
        .add_table(&loca)?
        .add_table(&glyf)?
        .add_table(&name)?
        .add_table(&Post::default())?
        .build())
}

/// The maximum profile of a font of simple glyphs without instructions.
fn maxp(num_glyphs: u16, max_points: u16, max_contours: u16) -> Maxp {
    Maxp {
        num_glyphs,
        max_points: Some(max_points),
        max_contours: Some(max_contours),
        max_composite_points: Some(0),
        max_composite_contours: Some(0),
        max_zones: Some(1),
        max_twilight_points: Some(0),
        max_storage: Some(0),
        max_function_defs: Some(0),
        max_instruction_defs: Some(0),
        max_stack_elements: Some(0),
        max_size_of_instructions: Some(0),
        max_component_elements: Some(0),
        max_component_depth: Some(0),
    }
}

/// The font as a Type 0 font added to `doc`. Its widths are the symbols' (eleven modules, the
/// stop thirteen), and every glyph reads as a space to text extraction, so a page's text is
/// its serials and numbers only. `one_byte` (housie 0.16 on): a string names each glyph by
/// one byte, its id, through a CMap of its own ([`ONE_BYTE_CMAP`]), not two (`Identity-H`),
/// and the bars are [`NARROWED`].
pub fn add(doc: &mut lopdf::Document, one_byte: bool) -> ObjectId {
    let patterns = barcode::code128_all_patterns();
    let widths: Vec<Object> = patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| p.len() != 11)
        .flat_map(|(v, p)| {
            [Object::Integer(glyph(v as u8).into()), Object::Array(vec![Object::Integer(p.len() as i64 * UNIT)])]
        })
        .collect();
    let program = program(one_byte);
    let mut file = Stream::new(dictionary! { "Length1" => program.len() as i64 }, program.to_vec());
    file.allows_compression = true;
    let file = doc.add_object(file);
    let widest = patterns.iter().map(Vec::len).max().unwrap_or(0) as i64 * UNIT;
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => NAME,
        "Flags" => 4,
        "FontBBox" => vec![0.into(), 0.into(), widest.into(), UNIT.into()],
        "ItalicAngle" => 0,
        "Ascent" => UNIT,
        "Descent" => 0,
        "CapHeight" => UNIT,
        "StemV" => UNIT,
        "FontFile2" => file,
    });
    let cid_font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => NAME,
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "DW" => 11 * UNIT,
        "W" => widths,
        "CIDToGIDMap" => "Identity",
    });
    // Every glyph reads as a space; from 0.16 each named by one byte.
    let spaces = (0..patterns.len() as u8).map(|v| (glyph(v), " ".to_string())).collect();
    let to_unicode = super::shaped_font::cmap_of(&spaces, if one_byte { 1 } else { 2 });
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, to_unicode.into_bytes()));
    let encoding: Object = match one_byte {
        true => doc
            .add_object(Stream::new(
                dictionary! {
                    "Type" => "CMap",
                    "CMapName" => "HousieCode128-H",
                    "CIDSystemInfo" => dictionary! {
                        "Registry" => Object::string_literal("Adobe"),
                        "Ordering" => Object::string_literal("Identity"),
                        "Supplement" => 0,
                    },
                },
                ONE_BYTE_CMAP.as_bytes().to_vec(),
            ))
            .into(),
        false => "Identity-H".into(),
    };
    doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => NAME,
        "Encoding" => encoding,
        "DescendantFonts" => vec![cid_font.into()],
        "ToUnicode" => to_unicode,
    })
}

/// The encoding of housie 0.16's barcode font: each byte is the glyph id it names (CID and
/// glyph ids are the same, `CIDToGIDMap /Identity`), so a barcode of a dozen symbols is a
/// dozen bytes.
const ONE_BYTE_CMAP: &str = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> def\n\
/CMapName /HousieCode128-H def\n/CMapType 1 def\n\
1 begincodespacerange\n<00> <FF>\nendcodespacerange\n\
1 begincidrange\n<00> <FF> 0\nendcidrange\n\
endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";

#[cfg(test)]
mod tests {
    use super::*;

    /// Each program reads back (with ttf-parser, not the crate that wrote it) as Code 128: each
    /// symbol's glyph as wide as its modules, its outline spanning its first bar to its last
    /// (0.16's a twentieth of a module in at each end), one bar high.
    #[test]
    fn every_symbol_reads_back_from_the_font() {
        for narrowed in [false, true] {
            symbols_read_back(narrowed);
        }
        assert_ne!(program(false), program(true));
    }

    fn symbols_read_back(narrowed: bool) {
        let shave = if narrowed { NARROWED as i16 } else { 0 };
        let face = ttf_parser::Face::parse(program(narrowed), 0).unwrap();
        let patterns = barcode::code128_all_patterns();
        assert_eq!((face.number_of_glyphs(), face.units_per_em()), (patterns.len() as u16 + 1, 1000));
        for (v, pattern) in patterns.iter().enumerate() {
            let id = ttf_parser::GlyphId(glyph(v as u8));
            assert_eq!(face.glyph_hor_advance(id), Some(pattern.len() as u16 * 1000), "symbol {v}");
            let (bars, _) = barcode::bars_of(pattern);
            match (bars.first(), bars.last()) {
                (Some(&(first, _)), Some(&(start, n))) => {
                    let b = face.glyph_bounding_box(id).unwrap();
                    assert_eq!(
                        (b.x_min, b.x_max, b.y_min, b.y_max),
                        (first as i16 * 1000 + shave, (start + n) as i16 * 1000 - shave, 0, 1000)
                    );
                }
                _ => assert!(face.glyph_bounding_box(id).is_none(), "symbol {v} has no bars"),
            }
        }
        // The stop symbol, two bars wider than the rest.
        assert_eq!(face.glyph_hor_advance(ttf_parser::GlyphId(glyph(106))), Some(13_000));
    }
}

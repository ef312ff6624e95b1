//! An OpenType font with CFF outlines, cut down for a PDF: a bare CID-keyed CFF program
//! (`/FontFile3 /CIDFontType0C`, PDF 1.3) in which each kept glyph's CID is its glyph id in the
//! whole font. The pages name glyphs by those ids under `Identity-H` whatever the font's
//! outlines, as they do for TrueType (whose `CIDToGIDMap` maps them into the subset); a CFF
//! CIDFont has no such map, so the program's own charset does it. A name-keyed (Type 1) CFF
//! becomes CID-keyed on the way, with one font DICT, as PDF asks of `CIDFontType0C`.
//!
//! allsorts reads, subsets and writes the CFF; housie rewrites the Top DICT (new ROS,
//! `CIDCount`, the CID-keyed offsets) and the charset, and builds the two INDEXes allsorts
//! cannot grow (the strings, with `Adobe` and `Identity`; the one font DICT).

use allsorts::binary::read::{ReadArrayCow, ReadScope};
use allsorts::binary::write::{WriteBinary, WriteBinaryDep, WriteBuffer};
use allsorts::cff::{
    CFFVariant, CIDData, Charset, CustomCharset, DictDelta, FDSelect, IndexU16, MaybeOwnedIndex, Range, TopDict, CFF,
    MAX_OPERANDS,
};
use allsorts::font_data::FontData;
use allsorts::tables::FontTableProvider;
use allsorts::tag;

/// The strings CFF defines itself: a font's own strings are numbered after them.
const STANDARD_STRINGS: usize = 391;

/// Top DICT operators the rewritten DICT sets itself: ROS, CIDCount, FDArray, FDSelect (two
/// bytes, `12 n`), and Encoding, charset, CharStrings, Private.
const REWRITTEN: [u16; 8] = [0x0c00 | 30, 0x0c00 | 34, 0x0c00 | 36, 0x0c00 | 37, 16, 15, 17, 18];

/// The CFF table of `bytes`' first face (a font file, or a collection), if it has one.
fn cff_table(bytes: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let data = ReadScope::new(bytes).read::<FontData<'_>>().map_err(|e| e.to_string())?;
    let provider = data.table_provider(0).map_err(|e| e.to_string())?;
    if !provider.has_table(tag::CFF) {
        return Ok(None);
    }
    provider.read_table_data(tag::CFF).map(|t| Some(t.into_owned())).map_err(|e| e.to_string())
}

/// Whether `bytes` (a font file; a collection's first face) has CFF outlines.
pub fn has_cff(bytes: &[u8]) -> bool {
    matches!(cff_table(bytes), Ok(Some(_)))
}

/// Whether `bytes` (a font file; a collection's first face) has CID-keyed CFF outlines, whose
/// CIDs are not its glyph ids: housie does not print those ([`crate::print::font::FontError::CidKeyed`]).
pub fn is_cid_keyed(bytes: &[u8]) -> bool {
    let Ok(Some(table)) = cff_table(bytes) else { return false };
    ReadScope::new(&table).read::<CFF<'_>>().ok().and_then(|cff| Some(cff.fonts.first()?.is_cid_keyed())) == Some(true)
}

/// The CFF program of `bytes`' first face cut down to `ids` (glyph 0 first, each once), CID-keyed
/// with each glyph's CID its id in the whole font.
pub fn cid_keyed_subset(bytes: &[u8], ids: &[u16]) -> Result<Vec<u8>, String> {
    let table = cff_table(bytes)?.ok_or("no CFF table")?;
    let cff = ReadScope::new(&table).read::<CFF<'_>>().map_err(|e| e.to_string())?;
    if cff.name_index.len() != 1 || cff.fonts.len() != 1 {
        return Err("a CFF table holding more than one font".into());
    }
    // The strings, with the two a CID-keyed ROS names.
    let mut strings: Vec<Vec<u8>> = cff.string_index.iter().map(<[u8]>::to_vec).collect();
    strings.extend([b"Adobe".to_vec(), b"Identity".to_vec()]);
    let sids = (STANDARD_STRINGS + strings.len() - 2, STANDARD_STRINGS + strings.len() - 1);
    let string_bytes = index(&strings)?;
    // The one font DICT: Private, whose size and offset allsorts fills in as it writes.
    let font_dict_bytes = index(&[[&offset(0)[..], &offset(0), &[18]].concat()])?;

    let mut sub: CFF<'_> = cff.subset(ids, false).map_err(|e| format!("{e:?}"))?.into();
    let highest = ids.iter().copied().max().unwrap_or(0);
    let mut top = WriteBuffer::new();
    TopDict::write_dep(&mut top, &sub.fonts[0].top_dict, DictDelta::new()).map_err(|e| format!("{e:?}"))?;
    let top_bytes = rekeyed_top_dict(top.bytes(), sids, u32::from(highest) + 1)?;
    let font = &mut sub.fonts[0];
    font.top_dict = ReadScope::new(&top_bytes).read_dep::<TopDict>(MAX_OPERANDS).map_err(|e| e.to_string())?;
    sub.string_index = read_index(&string_bytes)?;
    if let CFFVariant::Type1(type1) = &font.data {
        let glyphs = u16::try_from(ids.len()).map_err(|e| e.to_string())?;
        font.data = CFFVariant::CID(CIDData {
            font_dict_index: read_index(&font_dict_bytes)?,
            private_dicts: vec![type1.private_dict.clone()],
            local_subr_indices: vec![type1.local_subr_index.clone()],
            fd_select: FDSelect::Format3 {
                ranges: ReadArrayCow::Owned(vec![Range { first: 0, n_left: 0 }]),
                sentinel: glyphs,
            },
        });
    }
    // Glyph 0 has no charset entry; each other glyph's CID is its id in the whole font.
    let cids = ids.iter().skip(1).copied().collect();
    font.charset = Charset::Custom(CustomCharset::Format0 { glyphs: ReadArrayCow::Owned(cids) });
    let mut out = WriteBuffer::new();
    CFF::write(&mut out, &sub).map_err(|e| format!("{e:?}"))?;
    Ok(out.into_inner())
}

/// A Top DICT (as bytes) made CID-keyed: `ROS Adobe Identity 0` first, its own entries but
/// those [`REWRITTEN`], `CIDCount`, and placeholders for the offsets allsorts writes.
fn rekeyed_top_dict(dict: &[u8], (adobe, identity): (usize, usize), cid_count: u32) -> Result<Vec<u8>, String> {
    let int = |v: usize| i32::try_from(v).map(integer).map_err(|e| e.to_string());
    let mut out = [int(adobe)?, int(identity)?, integer(0), vec![12, 30]].concat();
    for (operator, operands) in entries(dict)? {
        if !REWRITTEN.contains(&operator) {
            out.extend_from_slice(operands);
            out.extend(if operator > 0xff { vec![12, operator as u8] } else { vec![operator as u8] });
        }
    }
    out.extend([int(cid_count as usize)?, vec![12, 34]].concat());
    // Placeholders, not 0: allsorts sizes the DICT leaving out what equals its default (a
    // charset at 0 is ISOAdobe), then writes every offset it fills in.
    for operator in [&[15][..], &[17], &[12, 36], &[12, 37]] {
        out.extend(offset(1));
        out.extend_from_slice(operator);
    }
    Ok(out)
}

/// A DICT's entries: each operator (`12 n` as `0x0c00 | n`) with its operands' bytes.
fn entries(dict: &[u8]) -> Result<Vec<(u16, &[u8])>, String> {
    let mut found = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < dict.len() {
        let b0 = dict[at];
        let len = match b0 {
            0..=21 => {
                let (operator, len) = if b0 == 12 {
                    (0x0c00 | u16::from(*dict.get(at + 1).ok_or("a cut DICT")?), 2)
                } else {
                    (u16::from(b0), 1)
                };
                found.push((operator, &dict[start..at]));
                start = at + len;
                len
            }
            28 => 3,
            29 => 5,
            // A real: nibbles up to the one that ends it (0xf).
            30 => 1 + dict[at + 1..].iter().position(|b| b & 0x0f == 0x0f || b >> 4 == 0x0f).ok_or("a cut real")? + 1,
            32..=246 => 1,
            247..=254 => 2,
            _ => return Err(format!("byte {b0} in a DICT")),
        };
        at += len;
    }
    Ok(found)
}

/// An integer operand, as short as CFF writes it.
fn integer(v: i32) -> Vec<u8> {
    match v {
        -107..=107 => vec![(v + 139) as u8],
        108..=1131 => {
            let w = v - 108;
            vec![(w / 256 + 247) as u8, (w % 256) as u8]
        }
        -1131..=-108 => {
            let w = -v - 108;
            vec![(w / 256 + 251) as u8, (w % 256) as u8]
        }
        -32768..=32767 => [&[28][..], &(v as i16).to_be_bytes()].concat(),
        _ => [&[29][..], &v.to_be_bytes()].concat(),
    }
}

/// An offset operand: always five bytes, so the DICT's size does not change when it is filled.
fn offset(v: i32) -> Vec<u8> {
    [&[29][..], &v.to_be_bytes()].concat()
}

/// `objects` as a CFF INDEX.
fn index(objects: &[Vec<u8>]) -> Result<Vec<u8>, String> {
    let count = u16::try_from(objects.len()).map_err(|e| e.to_string())?;
    let mut out = count.to_be_bytes().to_vec();
    if objects.is_empty() {
        return Ok(out);
    }
    out.push(4);
    let mut end = 1u32;
    out.extend(end.to_be_bytes());
    for object in objects {
        end += u32::try_from(object.len()).map_err(|e| e.to_string())?;
        out.extend(end.to_be_bytes());
    }
    objects.iter().for_each(|o| out.extend_from_slice(o));
    Ok(out)
}

/// An INDEX's bytes as allsorts holds one.
fn read_index(bytes: &[u8]) -> Result<MaybeOwnedIndex<'_>, String> {
    ReadScope::new(bytes).read::<IndexU16>().map(MaybeOwnedIndex::Borrowed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_dicts_read_back_as_cff_writes_them() {
        for (v, bytes) in [(0, vec![139]), (-107, vec![32]), (108, vec![247, 0]), (1131, vec![250, 255])] {
            assert_eq!(integer(v), bytes, "{v}");
        }
        assert_eq!(integer(-1131), vec![254, 255]);
        assert_eq!(integer(2000), vec![28, 7, 208]);
        assert_eq!(integer(70_000), vec![29, 0, 1, 17, 112]);
        // FontBBox -10 20 1131 -1131, a real (-2.25: 1e a2 5f) and CharStrings at an offset.
        let dict =
            [vec![129, 159], integer(1131), integer(-1131), vec![5, 30, 0xe2, 0xa2, 0x5f, 12, 20], offset(9), vec![17]]
                .concat();
        let found = entries(&dict).unwrap();
        let operators: Vec<u16> = found.iter().map(|(o, _)| *o).collect();
        assert_eq!(operators, [5, 0x0c00 | 20, 17]);
        assert_eq!(found[1].1, [30, 0xe2, 0xa2, 0x5f]);
        let rekeyed = rekeyed_top_dict(&dict, (400, 401), 900).unwrap();
        let operators: Vec<u16> = entries(&rekeyed).unwrap().iter().map(|(o, _)| *o).collect();
        assert_eq!(operators, [0x0c00 | 30, 5, 0x0c00 | 20, 0x0c00 | 34, 15, 17, 0x0c00 | 36, 0x0c00 | 37]);
        assert!(ReadScope::new(&rekeyed).read_dep::<TopDict>(MAX_OPERANDS).is_ok());
        assert!(entries(&[30, 0x12]).is_err(), "a real that never ends");
    }
}

//! The font: Liberation Sans Bold (SIL OFL, `fonts/`) compiled in, or any TrueType file.
//! Text is checked glyph by glyph, so a character the font lacks is refused, never a blank box.

use std::path::Path;

/// The largest font file read (the largest TrueType fonts, with every script, are near 20 MB).
pub const MAX_FONT_FILE: u64 = 64 << 20;

use printpdf::{ParsedFont, PdfFontParseWarning};

static BUNDLED: &[u8] = include_bytes!("../../fonts/LiberationSans-Bold.ttf");
/// SHA-256 of [`BUNDLED`], hex: known when housie is built, so a start need not hash 414 KB
/// (a test holds it to the file's).
const BUNDLED_SHA256: &str = "ba0e0dc3f7aca5b0afbc31e800531ee43be3aa79ae35b2ef1f6470a9547765c4";

/// A parsed font with what the run record says about it.
#[derive(Clone)]
pub struct Font {
    /// Shared: a run clones its font into each of the places that draw with it, and a deep
    /// copy of every glyph table was a twentieth of a one-book run.
    parsed: std::sync::Arc<ParsedFont>,
    /// The file's bytes, to cut a subset from: a bundled font's where they are compiled in.
    bytes: std::sync::Arc<std::borrow::Cow<'static, [u8]>>,
    /// Glyph id and advance width of each ASCII character (digits and serials are drawn by the
    /// thousand): looked up once.
    ascii: [Option<(u16, u16)>; 128],
    name: String,
    sha256: String,
    /// The file it came from; `None` for the bundled font.
    file: Option<std::path::PathBuf>,
}

/// Why a font was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FontError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Read {
        /// The file, as named.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// Not a font ttf-parser can read.
    #[error("{file}: not a TrueType/OpenType font housie can read")]
    Unreadable {
        /// The file, as named.
        file: String,
    },
    /// A font whose tables are damaged or missing.
    #[error("{file}: a broken font: {reason}")]
    Broken {
        /// The file, as named.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    #[error(
        "{what} contains {ch:?} (U+{code:04X}), which the font {font} has no glyph for; choose a font that has it"
    )]
    /// A text needs a character the font has no glyph for.
    MissingGlyph {
        /// Which text.
        what: crate::print::page_text::PageText,
        /// The character.
        ch: char,
        /// Its code point.
        code: u32,
        /// The font.
        font: String,
    },
    /// Text in a script neither the run's font nor housie's own fonts print.
    #[error(
        "{what} is in {script} script ({ch:?}, U+{code:04X}), which neither the font {font} nor housie's own fonts print ({suggestion} does); choose a font for it with --font"
    )]
    Script {
        /// A font that prints the script, and where to get it.
        suggestion: String,
        /// Which text.
        what: crate::print::page_text::PageText,
        /// The script's name.
        script: String,
        /// Its first character no font has.
        ch: char,
        /// Its code point.
        code: u32,
        /// The run's font.
        font: String,
    },
    /// The font a run was made with is neither where it was nor beside the run.
    #[error(
        "{file}: the font this run was made with is not there; put {name} (SHA-256 {sha256}) back there, or in the run's folder or the folder holding it, and try again"
    )]
    Moved {
        /// The file, as the run recorded it.
        file: String,
        /// Its file name, to look for.
        name: String,
        /// Its SHA-256, as the run recorded it.
        sha256: String,
    },
    /// An OpenType font whose CFF outlines are CID-keyed (as Chinese, Japanese and Korean
    /// OpenType fonts are): its own CIDs would have to replace the glyph ids every page names.
    #[error(
        "{file}: an OpenType font with CID-keyed CFF outlines (as Chinese, Japanese and Korean OpenType fonts are), which housie does not print; choose a TrueType font (.ttf), such as WenQuanYi Zen Hei (in Debian's fonts-wqy-zenhei)"
    )]
    CidKeyed {
        /// The file, as named.
        file: String,
    },
    /// The font cannot be cut down to the glyphs a run prints.
    #[error("the font {font} cannot be cut down to the glyphs the run prints ({reason}); choose another font")]
    Subset {
        /// The font.
        font: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// A font that prints `script` (its Unicode name, spaces for underscores) and the Debian package
/// that has it: Noto Sans, bold, in fonts-noto-core for the scripts of India and most others,
/// fonts-wqy-zenhei (TrueType) for Chinese, Japanese and Korean, whose Noto fonts are CID-keyed
/// CFF ([`FontError::CidKeyed`]).
/// A font that prints `script`, by its name alone: what a form shows, since a path on a Debian
/// machine means nothing to someone on Windows or in a browser.
pub fn suggested_font(script: &str) -> String {
    match script {
        "Han" | "Hiragana" | "Katakana" | "Hangul" | "Bopomofo" => "WenQuanYi Zen Hei".to_string(),
        _ => format!("Noto Sans {script} Bold"),
    }
}

/// A font that prints `script`, with where a Debian machine has it: what the command line says.
pub fn suggestion(script: &str) -> String {
    let file: String = script.split_whitespace().collect();
    match script {
        "Han" | "Hiragana" | "Katakana" | "Hangul" | "Bopomofo" => {
            "WenQuanYi Zen Hei (/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc, in Debian's fonts-wqy-zenhei)".to_string()
        }
        _ => format!("Noto Sans {script} Bold (/usr/share/fonts/truetype/noto/NotoSans{file}-Bold.ttf, in Debian's fonts-noto-core)"),
    }
}

/// A font cut down to the glyphs a run prints: only those are embedded in its PDFs.
#[derive(Clone, Debug)]
pub struct Subset {
    /// The subset font program: a TrueType file, or a bare CID-keyed CFF ([`Subset::cff`]).
    pub bytes: Vec<u8>,
    /// Each kept glyph's id in the subset, by its id in the whole font.
    pub glyph_ids: std::collections::BTreeMap<u16, u16>,
    /// Whether `bytes` is a CFF program whose CIDs are the glyphs' ids in the whole font
    /// ([`crate::print::cff`]), embedded as `/FontFile3` of a `CIDFontType0`, with no
    /// `CIDToGIDMap`; else a TrueType file, `/FontFile2` of a `CIDFontType2`.
    pub cff: bool,
}

impl Font {
    /// The font compiled in (Liberation Sans Bold): parsed and hashed once a process, then
    /// cloned (a page makes run after run; each parsed and hashed its 414 KB again, 3.6 % of
    /// a 500-book run in the page).
    pub fn bundled() -> Font {
        static PARSED: std::sync::OnceLock<Font> = std::sync::OnceLock::new();
        PARSED
            .get_or_init(|| {
                Font::from_static(BUNDLED, BUNDLED_SHA256, "LiberationSans-Bold").expect("the bundled font parses")
            })
            .clone()
    }

    /// A TrueType file of `world`, checked table by table.
    pub fn from_file(path: &Path, world: &dyn crate::world::World) -> Result<Font, FontError> {
        let file = path.display().to_string();
        let bytes = world
            .read(path, MAX_FONT_FILE)
            .map_err(|e| FontError::Read { file: file.clone(), message: e.to_string() })?;
        let stem = path.file_stem().map_or("font".into(), |s| s.to_string_lossy().into_owned());
        let mut font = Font::checked(&bytes, &file, &stem)?;
        // Absolute, so `housie verify` finds it from any folder.
        font.file = Some(world.canonical(path));
        Ok(font)
    }

    /// A font file's bytes (`file` names it in messages), checked table by table as `--font`
    /// checks a file, and named `name` in the PDF (PostScript names allow no spaces or
    /// delimiters, so only letters, digits and `-` are kept).
    pub fn checked(bytes: &[u8], file: &str, name: &str) -> Result<Font, FontError> {
        validate(bytes).map_err(|reason| match reason {
            None => FontError::Unreadable { file: file.to_string() },
            Some(reason) => FontError::Broken { file: file.to_string(), reason },
        })?;
        if crate::print::cff::is_cid_keyed(bytes) {
            return Err(FontError::CidKeyed { file: file.to_string() });
        }
        let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        let sha256 = crate::support::digest::sha256_hex(bytes);
        Font::from_bytes(bytes.to_vec().into(), sha256, &name).ok_or(FontError::Unreadable { file: file.to_string() })
    }

    /// The font's own PostScript name (its `name` table's ID 6), if it gives one housie can
    /// use as a file name: letters, digits and `-`, at most 63 of them.
    pub fn postscript_name(&self) -> Option<String> {
        let face = ttf_parser::Face::parse(&self.bytes, 0).ok()?;
        let name = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())?;
        let ok = !name.is_empty() && name.len() <= 63;
        (ok && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !name.starts_with('-')).then_some(name)
    }

    /// The name a run keeps the font under in its folder, whatever the file was called: its
    /// PostScript name (else `font`) and `.ttf`, `.otf` or `.ttc` by what its bytes are. The
    /// studio's and the page's upload keep it so too.
    pub fn file_name(&self) -> String {
        let extension = match self.bytes.get(..4) {
            Some(b"OTTO") => "otf",
            Some(b"ttcf") => "ttc",
            _ => "ttf",
        };
        format!("{}.{extension}", self.postscript_name().unwrap_or_else(|| "font".to_string()))
    }

    /// The font as a run of housie 0.14 on keeps it: named in its PDFs as the stem of its
    /// [`Font::file_name`], which is what regenerating from that file names it too.
    pub fn carried(mut self) -> (Font, String) {
        let file = self.file_name();
        let name = file.rsplit_once('.').map_or(file.as_str(), |(stem, _)| stem).to_string();
        std::sync::Arc::make_mut(&mut self.parsed).font_name = Some(name.clone());
        self.name = name;
        (self, file)
    }

    /// The font a run was made with: the file at its recorded `path`, or, where that is gone or
    /// no longer the same, a file of the same name and SHA-256 in one of `folders` (the run's
    /// own and the one holding it, where `world` reads a relative path in the run's folder
    /// first), so a font
    /// moved beside its run still regenerates it. A font that is there but changed is given
    /// back as it is: regenerating then shows what differs.
    pub fn recorded(
        path: &Path,
        sha256: &str,
        folders: &[&Path],
        world: &dyn crate::world::World,
    ) -> Result<Font, FontError> {
        let at = Font::from_file(path, world);
        if matches!(&at, Ok(f) if f.sha256 == sha256) {
            return at;
        }
        let name = path.file_name().map(Path::new).unwrap_or(path);
        for beside in folders.iter().map(|folder| folder.join(name)) {
            match Font::from_file(&beside, world) {
                Ok(f) if f.sha256 == sha256 => return Ok(f),
                _ => {}
            }
        }
        match at {
            Err(FontError::Read { file, .. }) => {
                Err(FontError::Moved { file, name: name.display().to_string(), sha256: sha256.to_string() })
            }
            other => other,
        }
    }

    /// A font compiled into housie, with its file's SHA-256 (hex), which is known when housie
    /// is built.
    pub(crate) fn from_static(bytes: &'static [u8], sha256: &str, name: &str) -> Option<Font> {
        Font::from_bytes(bytes.into(), sha256.to_string(), name)
    }

    fn from_bytes(bytes: std::borrow::Cow<'static, [u8]>, sha256: String, name: &str) -> Option<Font> {
        let mut warnings: Vec<PdfFontParseWarning> = Vec::new();
        let mut parsed = ParsedFont::from_bytes(&bytes, 0, &mut warnings)?;
        // Digits are the whole point: a font without them is no use here.
        if "0123456789".chars().any(|c| parsed.lookup_glyph_index(c as u32).is_none()) || parsed.units_per_em == 0 {
            return None;
        }
        parsed.font_name = Some(name.to_string());
        let ascii = std::array::from_fn(|c| {
            let glyph = parsed.lookup_glyph_index(c as u32)?;
            Some((glyph, parsed.get_glyph_width(glyph).unwrap_or(0)))
        });
        Some(Font { parsed: parsed.into(), bytes: bytes.into(), ascii, name: name.to_string(), sha256, file: None })
    }

    /// The parsed font, for printpdf.
    pub fn parsed(&self) -> &ParsedFont {
        &self.parsed
    }

    /// The font's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file the font came from (`None`: bundled).
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The font file, for the shaper.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Whether the font has a glyph for `c`.
    pub fn has(&self, c: char) -> bool {
        self.glyph(c).is_some()
    }

    /// SHA-256 of the font file, hex.
    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    /// Refuses text with a character the font has no glyph for; `what` names the text.
    pub fn check(&self, what: crate::print::page_text::PageText, text: &str) -> Result<(), FontError> {
        match text.chars().find(|&c| self.parsed.lookup_glyph_index(c as u32).is_none()) {
            None => Ok(()),
            Some(ch) => Err(FontError::MissingGlyph { what, ch, code: ch as u32, font: self.name.clone() }),
        }
    }

    /// The glyph ids that draw `text` (characters without a glyph are refused earlier, by
    /// [`Font::check`], and skipped here).
    pub fn glyphs<'a>(&'a self, text: &'a str) -> impl Iterator<Item = u16> + 'a {
        text.chars().filter_map(|c| self.glyph(c).map(|(g, _)| g))
    }

    /// A character's glyph id and advance width.
    fn glyph(&self, c: char) -> Option<(u16, u16)> {
        match self.ascii.get(c as usize) {
            Some(known) => *known,
            None => {
                let glyph = self.parsed.lookup_glyph_index(c as u32)?;
                Some((glyph, self.parsed.get_glyph_width(glyph).unwrap_or(0)))
            }
        }
    }

    /// A character's advance width as the PDF's `/W` array gives it (printpdf writes the width
    /// scaled to 1000 units and truncated), which is how far a reader moves the pen after it.
    pub fn pdf_width(&self, c: char) -> i64 {
        let units = self.glyph(c).map_or(0, |(_, w)| w);
        (f32::from(units) * (1000.0 / f32::from(self.parsed.units_per_em))) as i64
    }

    /// The font cut down to `glyphs` (and the glyphs they are built from): glyph 0, which
    /// readers draw for a missing glyph, comes first; the others follow in order.
    pub fn subset(&self, glyphs: &std::collections::BTreeSet<u16>) -> Result<Subset, FontError> {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::subset::{subset, CmapTarget, SubsetProfile};
        let refused = |reason: String| FontError::Subset { font: self.name.clone(), reason };
        let ids: Vec<u16> = std::iter::once(0).chain(glyphs.iter().copied().filter(|&g| g != 0)).collect();
        if crate::print::cff::has_cff(&self.bytes) {
            let bytes = crate::print::cff::cid_keyed_subset(&self.bytes, &ids).map_err(refused)?;
            let glyph_ids = ids.iter().enumerate().map(|(new, &old)| (old, new as u16)).collect();
            return Ok(Subset { bytes, glyph_ids, cff: true });
        }
        let data = ReadScope::new(&self.bytes).read::<FontData<'_>>().map_err(|e| refused(e.to_string()))?;
        let provider = data.table_provider(0).map_err(|e| refused(e.to_string()))?;
        let bytes =
            subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode).map_err(|e| refused(e.to_string()))?;
        // allsorts numbers the glyphs asked for by their place in `ids`.
        let glyph_ids = ids.iter().enumerate().map(|(new, &old)| (old, new as u16)).collect();
        Ok(Subset { bytes, glyph_ids, cff: false })
    }

    /// The height of the capital letters, in thousandths of the em (the font's OS/2 table;
    /// `None` when it does not say).
    pub fn cap_height(&self) -> Option<i64> {
        let face = ttf_parser::Face::parse(&self.bytes, 0).ok()?;
        let cap = face.capital_height().filter(|&h| h > 0)?;
        Some((i64::from(cap) * 1000 + i64::from(face.units_per_em()) / 2) / i64::from(face.units_per_em()))
    }

    /// Advance width of `text` at `size_pt`, in points (no kerning is applied when drawing either).
    pub fn width(&self, text: &str, size_pt: f32) -> f32 {
        let units: u32 = text.chars().filter_map(|c| self.glyph(c)).map(|(_, w)| u32::from(w)).sum();
        units as f32 * size_pt / f32::from(self.parsed.units_per_em)
    }
}

impl Font {
    /// Units per em: glyph outlines and advances are in these units.
    pub fn units_per_em(&self) -> u16 {
        self.parsed.units_per_em
    }

    /// A glyph's advance as the PDF's `/W` array gives it (thousandths of the em, truncated),
    /// which is how far a reader moves the pen after it.
    pub fn pdf_glyph_width(&self, glyph: u16) -> i64 {
        let units = self.parsed.get_glyph_width(glyph).unwrap_or(0);
        (f32::from(units) * (1000.0 / f32::from(self.parsed.units_per_em))) as i64
    }

    /// A glyph's outline as SVG path data in font units (y up), for the preview, which draws
    /// the very glyphs the PDF embeds; `None` for a glyph without one (a space).
    pub fn outline(&self, glyph: u16) -> Option<String> {
        let face = ttf_parser::Face::parse(&self.bytes, 0).ok()?;
        let mut path = SvgPath(String::new());
        face.outline_glyph(ttf_parser::GlyphId(glyph), &mut path)?;
        Some(path.0)
    }
}

/// An outline sink writing SVG path data.
struct SvgPath(String);

impl ttf_parser::OutlineBuilder for SvgPath {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = std::fmt::Write::write_fmt(&mut self.0, format_args!("M{x} {y}"));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let _ = std::fmt::Write::write_fmt(&mut self.0, format_args!("L{x} {y}"));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = std::fmt::Write::write_fmt(&mut self.0, format_args!("Q{x1} {y1} {x} {y}"));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = std::fmt::Write::write_fmt(&mut self.0, format_args!("C{x1} {y1} {x2} {y2} {x} {y}"));
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Font({}, sha256 {})", self.name, self.sha256)
    }
}

/// Checks what printpdf's parser lets through: every table lies inside the file (a truncated
/// file once printed no text at all), the required tables parse, and the digits have outlines.
/// `Err(None)`: not a font file at all; `Err(Some(reason))`: a font, but broken.
fn validate(bytes: &[u8]) -> Result<(), Option<String>> {
    let raw = ttf_parser::RawFace::parse(bytes, 0).map_err(|_| None)?;
    for record in raw.table_records {
        let end = u64::from(record.offset) + u64::from(record.length);
        if end > bytes.len() as u64 {
            return Err(Some(format!(
                "table `{}` ends at byte {end}, past the end of the {}-byte file (truncated?)",
                String::from_utf8_lossy(&record.tag.to_bytes()),
                bytes.len()
            )));
        }
    }
    let face = ttf_parser::Face::parse(bytes, 0).map_err(|e| Some(e.to_string()))?;
    for digit in '0'..='9' {
        let glyph = face.glyph_index(digit).ok_or_else(|| Some(format!("no glyph for {digit:?}")))?;
        face.outline_glyph(glyph, &mut Ignore)
            .ok_or_else(|| Some(format!("the glyph for {digit:?} has no outline")))?;
    }
    Ok(())
}

/// An outline sink that keeps nothing: [`validate`] only asks whether an outline exists.
struct Ignore;

impl ttf_parser::OutlineBuilder for Ignore {
    fn move_to(&mut self, _: f32, _: f32) {}
    fn line_to(&mut self, _: f32, _: f32) {}
    fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {}
    fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
    fn close(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash known at build time is the file's: the run record names the font by it.
    #[test]
    fn the_bundled_fonts_pinned_hash_is_its_files() {
        assert_eq!(crate::support::digest::sha256_hex(BUNDLED), BUNDLED_SHA256);
        assert_eq!(Font::bundled().sha256(), BUNDLED_SHA256);
    }

    #[test]
    fn bundled_font_covers_latin_and_refuses_what_it_lacks() {
        let f = Font::bundled();
        assert!(f.check(crate::print::page_text::PageText::Title, "Church Hall Bingo — Café Night £5").is_ok());
        let err = f.check(crate::print::page_text::PageText::Title, "ビンゴ").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the title contains 'ビ' (U+30D3), which the font LiberationSans-Bold has no glyph for; choose a font that has it"
        );
        assert!(f.width("88", 20.0) > 15.0 && f.width("88", 20.0) < 30.0);
    }

    #[test]
    fn a_subset_keeps_the_glyphs_asked_for_and_is_small() {
        let f = Font::bundled();
        let glyphs: std::collections::BTreeSet<u16> = f.glyphs("No. 0123456789-Bingo").collect();
        let s = f.subset(&glyphs).unwrap();
        assert!(s.bytes.len() < 40_000, "{} bytes", s.bytes.len());
        assert_eq!(s.glyph_ids.len(), glyphs.len() + 1, "glyph 0 and each glyph asked for");
        assert_eq!(s.glyph_ids[&0], 0);
        // The subset draws each glyph as the whole font does: same advance widths.
        let sub = ttf_parser::Face::parse(&s.bytes, 0).unwrap();
        let whole = ttf_parser::Face::parse(BUNDLED, 0).unwrap();
        for (&old, &new) in &s.glyph_ids {
            assert_eq!(
                sub.glyph_hor_advance(ttf_parser::GlyphId(new)),
                whole.glyph_hor_advance(ttf_parser::GlyphId(old))
            );
        }
        // Liberation Sans Bold's capitals are 1409 of its 2048 units.
        assert_eq!(f.cap_height(), Some(688));
    }
}

//! Text as glyphs. Latin (and Greek, Cyrillic, digits and punctuation) in the run's font is
//! drawn character by character, as housie always has, so every earlier run prints byte for
//! byte as it did. A run in a script whose letters change shape and order — Devanagari,
//! Bengali, Gurmukhi, Gujarati, Tamil, Telugu, Kannada, Malayalam … — is shaped by rustybuzz
//! (HarfBuzz's shaper in Rust) in the first font that has every character of it: the run's
//! font, then housie's own Liberation Sans Bold and Noto Sans Devanagari Bold. Text no font can
//! print is refused by name, never printed wrong.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use unicode_script::{Script, UnicodeScript};

use super::font::{Font, FontError};
use crate::print::page_text::PageText;

static DEVANAGARI: &[u8] = include_bytes!("../../fonts/NotoSansDevanagari-Bold.ttf");
/// SHA-256 of [`DEVANAGARI`], hex, known when housie is built (a test holds it to the file's).
const DEVANAGARI_SHA256: &str = "77ad688cfe1dc55185bf4edb4db3c614202c65dd23a1463ad0e23fc52bcc9a5c";

/// housie's own Devanagari font (Noto Sans Devanagari Bold, SIL OFL, `fonts/`).
pub fn devanagari() -> &'static Font {
    static FONT: OnceLock<Font> = OnceLock::new();
    FONT.get_or_init(|| {
        Font::from_static(DEVANAGARI, DEVANAGARI_SHA256, "NotoSansDevanagari-Bold").expect("the bundled font parses")
    })
}

/// housie's own Latin font, as a fallback for a run's font that lacks Latin letters.
fn latin() -> &'static Font {
    static FONT: OnceLock<Font> = OnceLock::new();
    FONT.get_or_init(Font::bundled)
}

/// How many shaped texts are kept: a run's texts are a handful (its title, headers, colours).
const SHAPED_KEPT: usize = 1024;

/// Texts shaped already, by font (SHA-256) and text: shaping is a pure function of the two.
type ShapedBefore = Mutex<HashMap<(String, String), Vec<Glyph>>>;

/// The texts shaped already in this process.
fn shaped_before() -> &'static ShapedBefore {
    static KEPT: OnceLock<ShapedBefore> = OnceLock::new();
    KEPT.get_or_init(Mutex::default)
}

/// One glyph placed by the shaper, in the font's units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The glyph's id in the whole font.
    pub id: u16,
    /// The byte offset in the run's text of the cluster the glyph belongs to.
    pub cluster: u32,
    /// How far the pen moves after it.
    pub x_advance: i32,
    /// Where it sits, from the pen.
    pub x_offset: i32,
    /// How far above the baseline it sits.
    pub y_offset: i32,
}

/// A run of text in one script, shaped in one font.
#[derive(Clone, Debug, PartialEq)]
pub struct Shaped {
    /// Which of the [`Typesetter`]'s fonts: 0 is the run's own.
    pub font: usize,
    /// The text, as written.
    pub text: String,
    /// The glyphs, in the order they are drawn (left to right).
    pub glyphs: Vec<Glyph>,
}

/// A piece of a line of text.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// Drawn character by character in the run's font.
    Plain(String),
    /// Shaped.
    Shaped(Shaped),
}

/// The run's font and the fonts text falls back to.
pub struct Typesetter<'a> {
    /// The run's own font: most text (every Latin header, every serial) needs no other.
    font: &'a Font,
    /// The fonts after it, listed when a text first needs them: housie's Devanagari font is
    /// parsed and hashed (1.4 ms, a fourteenth of a one-book run) only by a run that shapes.
    fallbacks: OnceLock<Vec<&'static Font>>,
    /// Whether runs in scripts that need it are shaped (housie 0.5 on); earlier runs drew
    /// every character as it came, and are regenerated so.
    shaping: bool,
}

/// Scripts drawn one character at a time: their letters do not change with their
/// neighbours (combining marks aside, which a font draws as their own glyphs).
fn plain_script(s: Script) -> bool {
    matches!(s, Script::Latin | Script::Common | Script::Greek | Script::Cyrillic)
}

/// A character shaping never needs a glyph for: joiners and variation selectors.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}')
}

impl<'a> Typesetter<'a> {
    /// Text in `font`, falling back to housie's own fonts; `shaping` as the run's housie did.
    pub fn new(font: &'a Font, shaping: bool) -> Typesetter<'a> {
        Typesetter { font, fallbacks: OnceLock::new(), shaping }
    }

    /// The fonts after the run's own, listed once a text needs them.
    fn fallbacks(&self) -> &[&'static Font] {
        self.fallbacks.get_or_init(|| {
            let mut fonts = Vec::with_capacity(2);
            if self.font.sha256() != latin().sha256() {
                fonts.push(latin());
            }
            fonts.push(devanagari());
            fonts
        })
    }

    /// The fonts shaped runs may be in: 0 is the run's own.
    pub fn fonts(&self) -> Vec<&'a Font> {
        self.each_font().collect()
    }

    /// [`Typesetter::fonts`], in order, without a list made for them.
    fn each_font(&self) -> impl Iterator<Item = &'a Font> + '_ {
        std::iter::once(self.font).chain(self.fallbacks().iter().copied())
    }

    /// Font `index` of [`Typesetter::fonts`] (a [`Shaped`] run's).
    pub fn font(&self, index: usize) -> &'a Font {
        match index {
            0 => self.font,
            _ => self.fallbacks()[index - 1],
        }
    }

    /// Whether runs are shaped at all.
    pub fn shaping(&self) -> bool {
        self.shaping
    }

    /// `text` in pieces: plain runs in the run's font, the rest shaped. `what` names the text
    /// in a refusal.
    pub fn lay_out(&self, what: PageText, text: &str) -> Result<Vec<Piece>, FontError> {
        let primary = self.font;
        if !self.shaping {
            primary.check(what, text)?;
            return Ok(if text.is_empty() { Vec::new() } else { vec![Piece::Plain(text.to_string())] });
        }
        // Most text (every Latin header, every serial) is one plain piece: no run to find. ASCII is
        // Latin or Common, so only the rest is looked up.
        if text.chars().all(|c| (c.is_ascii() || plain_script(c.script())) && primary.has(c)) {
            return Ok(if text.is_empty() { Vec::new() } else { vec![Piece::Plain(text.to_string())] });
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        // Each character's run: `None` plain, else the script it is shaped as.
        let mut runs: Vec<Option<Script>> = Vec::with_capacity(chars.len());
        for (i, &(_, c)) in chars.iter().enumerate() {
            let script = c.script();
            let previous = runs.last().copied().flatten();
            let run = match script {
                // A mark or a joiner belongs to what it follows.
                Script::Inherited => runs.last().copied().flatten(),
                Script::Common if invisible(c) => previous,
                Script::Common => {
                    // Spaces, digits and ASCII punctuation between two letters of one shaped
                    // script are shaped with them (a script's font has those); another symbol
                    // there (£, ₹) is plain when the run's font has it, since the script's
                    // font may not; elsewhere plain, unless the run's font lacks them.
                    let next = chars[i + 1..]
                        .iter()
                        .map(|&(_, c)| c.script())
                        .find(|s| !matches!(s, Script::Common | Script::Inherited));
                    match previous {
                        Some(p) if next == Some(p) && (c.is_ascii() || !primary.has(c)) => Some(p),
                        Some(p) if !primary.has(c) => Some(p),
                        _ if !primary.has(c) => Some(Script::Common),
                        _ => None,
                    }
                }
                s if plain_script(s) && primary.has(c) => None,
                s => Some(s),
            };
            runs.push(run);
        }
        let mut pieces = Vec::new();
        let mut start = 0;
        while start < chars.len() {
            let run = runs[start];
            let end = (start..chars.len()).find(|&i| runs[i] != run).unwrap_or(chars.len());
            let (from, to) = (chars[start].0, chars.get(end).map_or(text.len(), |&(at, _)| at));
            let part = &text[from..to];
            pieces.push(match run {
                None => Piece::Plain(part.to_string()),
                Some(script) => Piece::Shaped(self.shape(what, part, script)?),
            });
            start = end;
        }
        Ok(pieces)
    }

    /// Shapes one run in the first font that has all of it.
    fn shape(&self, what: PageText, text: &str, script: Script) -> Result<Shaped, FontError> {
        let needs = |f: &Font| text.chars().all(|c| invisible(c) || f.has(c));
        let Some(index) = self.each_font().position(needs) else {
            let ch = text.chars().find(|&c| !invisible(c) && !self.font.has(c)).unwrap_or(' ');
            let (code, font) = (ch as u32, self.font.name().to_string());
            // A symbol belongs to no script: the font lacks it, as before shaping.
            if script == Script::Common {
                return Err(FontError::MissingGlyph { what, ch, code, font });
            }
            let script = script.full_name().replace('_', " ");
            let suggestion = super::font::suggestion(&script);
            return Err(FontError::Script { what, script, ch, code, font, suggestion });
        };
        let font = self.font(index);
        // Every page draws the same title: shaped once (a shaper's face costs ~0.1 ms to build).
        let key = (font.sha256().to_string(), text.to_string());
        if let Some(glyphs) = shaped_before().lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return Ok(Shaped { font: index, text: text.to_string(), glyphs: glyphs.clone() });
        }
        let face = rustybuzz::Face::from_slice(font.bytes(), 0).ok_or_else(|| FontError::Subset {
            font: font.name().to_string(),
            reason: "the shaper cannot read it".into(),
        })?;
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        buffer.set_direction(rustybuzz::Direction::LeftToRight);
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let glyphs: Vec<Glyph> = shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, pos)| Glyph {
                id: info.glyph_id as u16,
                cluster: info.cluster,
                x_advance: pos.x_advance,
                x_offset: pos.x_offset,
                y_offset: pos.y_offset,
            })
            .collect();
        if glyphs.iter().any(|g| g.id == 0) {
            let ch = text.chars().next().unwrap_or(' ');
            return Err(FontError::MissingGlyph { what, ch, code: ch as u32, font: font.name().to_string() });
        }
        let mut cache = shaped_before().lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= SHAPED_KEPT {
            cache.clear();
        }
        cache.insert(key, glyphs.clone());
        Ok(Shaped { font: index, text: text.to_string(), glyphs })
    }

    /// The advance of `text` at `size_pt`, points.
    pub fn width(&self, pieces: &[Piece], size_pt: f32) -> f32 {
        pieces
            .iter()
            .map(|p| match p {
                Piece::Plain(s) => self.font.width(s, size_pt),
                Piece::Shaped(s) => self.shaped_width(s, size_pt),
            })
            .sum()
    }

    /// The advance of a shaped run at `size_pt`, points.
    pub fn shaped_width(&self, s: &Shaped, size_pt: f32) -> f32 {
        let units: i64 = s.glyphs.iter().map(|g| i64::from(g.x_advance)).sum();
        units as f32 * size_pt / f32::from(self.font(s.font).units_per_em())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash known at build time is the file's: the run record names the font by it.
    #[test]
    fn the_devanagari_fonts_pinned_hash_is_its_files() {
        assert_eq!(crate::support::digest::sha256_hex(DEVANAGARI), DEVANAGARI_SHA256);
    }

    fn pieces(text: &str) -> Vec<Piece> {
        Typesetter::new(&Font::bundled(), true).lay_out(PageText::Title, text).unwrap()
    }

    #[test]
    fn latin_stays_one_plain_piece() {
        assert_eq!(pieces("Church Hall Bingo — Café £5"), [Piece::Plain("Church Hall Bingo — Café £5".into())]);
    }

    #[test]
    fn devanagari_is_shaped_in_housies_own_font_with_the_vowel_sign_first() {
        let p = pieces("Diwali दिवाली बिंगो 2026");
        assert_eq!(p.len(), 3, "{p:?}");
        assert_eq!(p[0], Piece::Plain("Diwali ".into()));
        assert_eq!(p[2], Piece::Plain(" 2026".into()));
        let Piece::Shaped(s) = &p[1] else { panic!("{p:?}") };
        assert_eq!(s.text, "दिवाली बिंगो", "the space between two Devanagari words is shaped with them");
        assert_eq!(s.font, 1, "Noto Sans Devanagari, after the run's font");
        // ि (cluster 0, with द) is drawn before द.
        assert_eq!((s.glyphs[0].cluster, s.glyphs[1].cluster), (0, 0));
        let face = ttf_parser::Face::parse(DEVANAGARI, 0).unwrap();
        let da = face.glyph_index('द').unwrap().0;
        assert_eq!(s.glyphs[1].id, da, "{:?}", s.glyphs);
    }

    /// A symbol between Devanagari words that housie's Devanagari font lacks (£) is set plain
    /// in the run's font, not joined to a run no font can print (it used to refuse the whole
    /// line, and the cash-up sheet printed a Hindi seller's line as question marks).
    #[test]
    fn a_symbol_between_devanagari_words_is_set_plain() {
        let p = pieces("आमदनी £40.00; लौटे");
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(matches!(&p[0], Piece::Shaped(s) if s.text == "आमदनी "), "{p:?}");
        assert_eq!(p[1], Piece::Plain("£40.00; ".into()));
        assert!(matches!(&p[2], Piece::Shaped(s) if s.text == "लौटे"), "{p:?}");
        // Without the symbol the words and what is between them stay one shaped run.
        assert_eq!(pieces("आमदनी 40.00; लौटे").len(), 1);
    }

    #[test]
    fn shaping_is_off_for_runs_of_earlier_housies() {
        let f = Font::bundled();
        let t = Typesetter::new(&f, false);
        assert_eq!(t.lay_out(PageText::Title, "Bingo").unwrap(), [Piece::Plain("Bingo".into())]);
        assert!(t.lay_out(PageText::Title, "दिवाली").is_err(), "refused, as that housie refused it");
    }

    #[test]
    fn a_script_no_font_has_is_refused_by_name() {
        let err = Typesetter::new(&Font::bundled(), true).lay_out(PageText::Title, "বিঙ্গো").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the title is in Bengali script ('ব', U+09AC), which neither the font LiberationSans-Bold nor housie's own fonts \
             print (Noto Sans Bengali Bold (/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf, in Debian's \
             fonts-noto-core) does); choose a font for it with --font"
        );
    }
}

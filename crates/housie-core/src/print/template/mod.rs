//! Templates: a TOML file describing the look of a page. `templates/classic.toml` is compiled in
//! and is the default; the others shipped are listed in [`BUILTIN`]; any file can be given
//! instead. The template's parts are in `parts.rs`, the rules it is checked by in `checks.rs`,
//! the placeholders its texts hold in `fill.rs`.
//!
//! Lengths are millimetres, font sizes and line widths points, colours CMYK percentages
//! `[c, m, y, k]`. Numbers, serials, grid lines, cut guides and crop marks have no colour key:
//! they are always 100 % K, as a print shop wants black.

use std::path::Path;

use crate::world::World;

use serde::Deserialize;

pub use super::colour::Cmyk;
use super::palette::{default_palette, PaletteColour};

mod checks;
mod fill;
mod parts;
mod words;

pub use words::serial_word;

pub use fill::{fill, Fill, PLACEHOLDERS};
pub use parts::{
    Barcode, FooterSpec, HeaderSpec, LayoutSpec, Orientation, PageSize, PageSpec, QrHolds, QrPlace, QrSpec,
    TemplateLogo, TicketSpec, SERIAL_BASE_MM,
};

/// The shipped templates, by name.
pub const BUILTIN: [(&str, &str); 21] = [
    ("classic", include_str!("../../../templates/classic.toml")),
    ("festival", include_str!("../../../templates/festival.toml")),
    ("classic-letter", include_str!("../../../templates/classic-letter.toml")),
    ("festival-letter", include_str!("../../../templates/festival-letter.toml")),
    ("twelve", include_str!("../../../templates/twelve.toml")),
    ("twelve-letter", include_str!("../../../templates/twelve-letter.toml")),
    ("large-print", include_str!("../../../templates/large-print.toml")),
    ("large-print-letter", include_str!("../../../templates/large-print-letter.toml")),
    ("phone", include_str!("../../../templates/phone.toml")),
    ("phone-letter", include_str!("../../../templates/phone-letter.toml")),
    ("twenty-four", include_str!("../../../templates/twenty-four.toml")),
    ("slips", include_str!("../../../templates/slips.toml")),
    ("slips-letter", include_str!("../../../templates/slips-letter.toml")),
    ("bingo-1", include_str!("../../../templates/bingo-1.toml")),
    ("bingo-1-letter", include_str!("../../../templates/bingo-1-letter.toml")),
    ("bingo-2", include_str!("../../../templates/bingo-2.toml")),
    ("bingo-2-letter", include_str!("../../../templates/bingo-2-letter.toml")),
    ("bingo-3", include_str!("../../../templates/bingo-3.toml")),
    ("bingo-3-letter", include_str!("../../../templates/bingo-3-letter.toml")),
    ("bingo-4", include_str!("../../../templates/bingo-4.toml")),
    ("bingo-4-letter", include_str!("../../../templates/bingo-4-letter.toml")),
];

/// Nothing but colour may come closer than this to a cut (the trim, and the cuts between
/// tickets): cutting wanders.
pub const SAFE_MM: f32 = 3.0;

/// The shipped templates' names, as `--template`'s help and errors list them.
pub fn shipped_names() -> String {
    BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The looks housie ships, in A4 and most in Letter too (`classic` and `classic-letter`):
/// what the studio and the page offer, read off the shipped templates.
pub fn looks() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n).filter(|n| !n.ends_with("-letter"))
}

/// Whether a shipped look has a US Letter version (`twenty-four` does not: its four strips
/// do not fit across Letter).
pub fn has_letter(look: &str) -> bool {
    is_shipped(&format!("{look}-letter"))
}

/// Whether `name` is a shipped template's name (not a file).
pub fn is_shipped(name: &str) -> bool {
    BUILTIN.iter().any(|(n, _)| *n == name)
}

/// What a shipped template looks like, in a sentence: its file's first comment, without the
/// name it starts with.
pub fn shipped_summary(text: &str) -> String {
    let mut summary = String::new();
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let line = line.trim_start_matches('#').trim();
        summary.push_str(if summary.is_empty() { line.split_once(": ").map_or(line, |(_, rest)| rest) } else { line });
        summary.push(' ');
    }
    summary.trim_end().to_string()
}

/// The manual's table of shipped templates (a test keeps docs/manual.md's copy the same).
pub fn shipped_table() -> String {
    let mut table = String::from("| template | look |\n|---|---|\n");
    for (name, text) in BUILTIN {
        table.push_str(&format!("| `{name}` | {} |\n", shipped_summary(text)));
    }
    table
}

/// The largest template file read.
pub const MAX_FILE: u64 = 1 << 20;

/// Smallest number size players in dim halls can read.
pub const MIN_NUMBER_PT: f32 = 16.0;
/// Smallest serial text: it is read aloud to settle a claim.
pub const MIN_SERIAL_PT: f32 = 7.0;
/// Most total ink (C + M + Y + K) a print shop accepts.
pub const MAX_INK: f32 = 300.0;
/// Least contrast for large text (the header) against what is behind it (WCAG's 3:1).
pub const MIN_CONTRAST: f32 = 3.0;
/// Least contrast for small text (serials, footer) against the page (WCAG's 4.5:1).
pub const MIN_CONTRAST_SMALL: f32 = 4.5;

/// Thinnest line a print shop reproduces reliably.
pub const MIN_LINE_PT: f32 = 0.25;

/// A page's look, read from TOML and checked to fit: see docs/manual.md's table of keys. Its
/// parts can be read, not changed: a template that exists is the text run.json records, checked.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Shown in the run record.
    name: String,
    /// The TOML text it was read from, kept in the run record so the run can be regenerated.
    #[serde(skip)]
    source: String,
    /// Page size, margins and background.
    page: PageSpec,
    /// The header line: texts, size, colours.
    header: HeaderSpec,
    /// The optional footer line.
    #[serde(default)]
    footer: FooterSpec,
    /// The ticket grid and its serial line.
    ticket: TicketSpec,
    /// How many tickets a page holds, in how many columns.
    #[serde(default)]
    layout: LayoutSpec,
    /// One colour per game of a run of booklets (`[[palette]]` tables of `name` and `colour`);
    /// game g takes colour g, round again after the last.
    #[serde(default = "default_palette")]
    palette: Vec<PaletteColour>,
    /// A logo on every page: `[logo]` with `file` (PNG or JPEG, relative to the template's
    /// own file), `height` in mm and `position`.
    #[serde(default)]
    logo: Option<TemplateLogo>,
}

/// Why a template was refused: a located parse error, or every measurement that does not fit.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TemplateError {
    /// The TOML could not be read (with its line).
    #[error("{file}:{line}: {message}")]
    Parse {
        /// The file, as named.
        file: String,
        /// The line, 1-based.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Measurements that do not add up, each with its figures.
    #[error("{file}: {}", .problems.join("; "))]
    Invalid {
        /// The file, as named.
        file: String,
        /// Every mistake.
        problems: Vec<String>,
    },
    #[error("no template named `{0}` (shipped: {list}) and no such file", list = shipped_names())]
    /// No shipped template has this name, and no file has this path.
    Unknown(String),
    /// The file could not be read.
    #[error("{file}: {message}")]
    Read {
        /// The file, as named.
        file: String,
        /// What is wrong.
        message: String,
    },
}

impl Template {
    /// Its name, as the run record shows it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The TOML text it was read from, kept in the run record so the run can be regenerated.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Page size, margins and background.
    pub fn page(&self) -> &PageSpec {
        &self.page
    }

    /// The header line.
    pub fn header(&self) -> &HeaderSpec {
        &self.header
    }

    /// The footer line.
    pub fn footer(&self) -> &FooterSpec {
        &self.footer
    }

    /// The ticket grid and its serial line.
    pub fn ticket(&self) -> &TicketSpec {
        &self.ticket
    }

    /// Whether each ticket carries a QR code (which opens it on a phone, so the run needs
    /// the player page's address).
    pub fn prints_qr(&self) -> bool {
        self.ticket.barcode == Barcode::Qr
    }

    /// How many tickets a page holds, in how many columns.
    pub fn layout(&self) -> &LayoutSpec {
        &self.layout
    }

    /// The card format its pages print (90-ball for a look whose 75-ball sheet housie does not
    /// print, which its checks refuse).
    pub fn card_format(&self) -> &'static crate::domain::CardFormat {
        self.layout.card_format().unwrap_or(&crate::domain::NINETY_BALL)
    }

    /// A cell's width and height, mm: the ticket's width over its columns, its height over its
    /// rows and, on a card with heads over its columns (B I N G O), a row of heads as tall.
    pub fn cell_mm(&self) -> (f32, f32) {
        let f = self.card_format();
        let bands = f.rows() + usize::from(!f.heads().is_empty());
        (self.ticket.width / f.cols() as f32, self.ticket.height / bands as f32)
    }

    /// One colour per game of a run of booklets.
    pub fn palette(&self) -> &[PaletteColour] {
        &self.palette
    }

    /// Its `[logo]`, if any.
    pub fn logo(&self) -> Option<&TemplateLogo> {
        self.logo.as_ref()
    }

    /// A shipped template by name, or a TOML file of `world` by path.
    pub fn load(name_or_path: &str, world: &dyn World) -> Result<Template, TemplateError> {
        if let Some(template) = Template::shipped(name_or_path) {
            return Ok(template);
        }
        let text = match crate::world::read_text(world, Path::new(name_or_path), MAX_FILE) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(TemplateError::Unknown(name_or_path.to_string()))
            }
            Err(e) => return Err(TemplateError::Read { file: name_or_path.to_string(), message: e.to_string() }),
        };
        Template::parse(&text, name_or_path)
    }

    /// A shipped template by name.
    pub fn shipped(name: &str) -> Option<Template> {
        let (name, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        Some(Template::parse(text, &format!("{name} (built in)")).expect("the shipped templates are valid"))
    }

    /// Parses and checks a template; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Template, TemplateError> {
        Template::refuse_non_finite(text, file)?;
        let mut template: Template = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            TemplateError::Parse { file: file.to_string(), line, message: e.message().trim().to_string() }
        })?;
        template.source = text.to_string();
        let problems = template.problems();
        if problems.is_empty() {
            Ok(template)
        } else {
            Err(TemplateError::Invalid { file: file.to_string(), problems })
        }
    }

    /// The palette colour of game `game` (1-based), round again after the last.
    pub fn game_colour(&self, game: u16) -> &PaletteColour {
        &self.palette[(usize::from(game.max(1)) - 1) % self.palette.len()]
    }

    /// SHA-256 of the TOML text, hex.
    pub fn sha256(&self) -> String {
        crate::support::digest::sha256_hex(self.source.as_bytes())
    }

    /// Height of a column of tickets with their serial lines and the gaps between them, mm.
    pub fn tickets_height(&self) -> f32 {
        let t = &self.ticket;
        // Equal slips, each a serial line and grid with at least `gap` shared above and below.
        self.layout.rows as f32 * (t.serial_height + t.height + t.gap)
    }

    /// What a new run refuses beyond [`Template::parse`]'s rules: keys set that change nothing,
    /// which the organiser set for a reason. Not a rule of every template, so that a run whose
    /// recorded template has them still verifies.
    pub fn new_run_problems(&self) -> Vec<String> {
        let t = &self.ticket;
        if t.barcode != Barcode::Qr && t.qr != QrSpec::default() {
            let barcode = if t.barcode == Barcode::None { "none" } else { "code128" };
            return vec![format!(
                "[ticket.qr] is set but ticket.barcode is \"{barcode}\", so it would change nothing; set \
                 ticket.barcode = \"qr\" or take out [ticket.qr]"
            )];
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::colour::contrast;

    #[test]
    fn shipped_templates_parse_and_fit() {
        for (name, text) in BUILTIN {
            let t = Template::parse(text, name).unwrap();
            assert_eq!(t.name, name);
        }
    }

    #[test]
    fn contrast_is_wcag_like() {
        let white = Cmyk([0.0; 4]);
        assert!((contrast(Cmyk::BLACK, white) - 21.0).abs() < 0.01);
        assert!(contrast(Cmyk([0.0, 0.0, 100.0, 0.0]), white) < 1.2, "yellow on white");
        assert!(contrast(white, Cmyk([0.0, 85.0, 40.0, 0.0])) > 3.0, "white on festival's band");
    }

    #[test]
    fn fill_replaces_placeholders() {
        let f = Fill {
            title: "Spring Fair",
            book: "12".into(),
            page: 3,
            pages: 40,
            booklet: "12".into(),
            game: 1,
            colour: "Blue",
            part: 1,
            parts: 1,
        };
        assert_eq!(fill("{title} · Book {book} · {page}/{pages}", &f), "Spring Fair · Book 12 · 3/40");
    }
}

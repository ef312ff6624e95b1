//! Templates: a TOML file describing the look of a page. `templates/classic.toml` is compiled in
//! and is the default; `festival` is the other shipped one; any file can be given instead.
//!
//! Lengths are millimetres, font sizes and line widths points, colours CMYK percentages
//! `[c, m, y, k]`. Numbers, serials, grid lines, cut guides and crop marks have no colour key:
//! they are always 100 % K, as a print shop wants black.

use std::path::Path;

use crate::world::World;

use serde::Deserialize;

use super::colour::contrast;
pub use super::colour::Cmyk;
use super::palette::{default_palette, PaletteColour};

/// The shipped templates, by name.
pub const BUILTIN: [(&str, &str); 10] = [
    ("classic", include_str!("../../templates/classic.toml")),
    ("festival", include_str!("../../templates/festival.toml")),
    ("classic-letter", include_str!("../../templates/classic-letter.toml")),
    ("festival-letter", include_str!("../../templates/festival-letter.toml")),
    ("twelve", include_str!("../../templates/twelve.toml")),
    ("twelve-letter", include_str!("../../templates/twelve-letter.toml")),
    ("large-print", include_str!("../../templates/large-print.toml")),
    ("large-print-letter", include_str!("../../templates/large-print-letter.toml")),
    ("phone", include_str!("../../templates/phone.toml")),
    ("phone-letter", include_str!("../../templates/phone-letter.toml")),
];

/// Nothing but colour may come closer than this to a cut (the trim, and the cuts between
/// tickets): cutting wanders.
pub const SAFE_MM: f32 = 3.0;

/// The shipped templates' names, as `--template`'s help and errors list them.
pub fn shipped_names() -> String {
    BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The looks housie ships, each in A4 and Letter (`classic` and `classic-letter`): what the
/// studio and the page offer, read off the shipped templates.
pub fn looks() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n).filter(|n| !n.ends_with("-letter") && is_shipped(&format!("{n}-letter")))
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

/// Placeholders the header and footer text may use.
pub const PLACEHOLDERS: [&str; 9] =
    ["{title}", "{book}", "{page}", "{pages}", "{booklet}", "{game}", "{colour}", "{part}", "{parts}"];

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

/// A page's look, read from TOML and checked to fit: see docs/manual.md's table of keys.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Shown in the run record.
    pub name: String,
    /// The TOML text it was read from, kept in the run record so the run can be regenerated.
    #[serde(skip)]
    pub source: String,
    /// Page size, margins and background.
    pub page: PageSpec,
    /// The header line: texts, size, colours.
    pub header: HeaderSpec,
    /// The optional footer line.
    #[serde(default)]
    pub footer: FooterSpec,
    /// The ticket grid and its serial line.
    pub ticket: TicketSpec,
    /// How many tickets a page holds, in how many columns.
    #[serde(default)]
    pub layout: LayoutSpec,
    /// One colour per game of a run of booklets (`[[palette]]` tables of `name` and `colour`);
    /// game g takes colour g, round again after the last.
    #[serde(default = "default_palette")]
    pub palette: Vec<PaletteColour>,
    /// A logo on every page: `[logo]` with `file` (PNG or JPEG, relative to the template's
    /// own file), `height` in mm and `position`.
    #[serde(default)]
    pub logo: Option<TemplateLogo>,
}

/// A template's `[logo]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateLogo {
    /// The image, relative to the template file.
    pub file: String,
    /// Printed height, mm.
    #[serde(default = "default_logo_height")]
    pub height: f32,
    /// Where it goes: `header-left`, `header-centre` (the default), `header-right`, or the
    /// same in the footer.
    #[serde(default)]
    pub position: super::logo::LogoPosition,
}

fn default_logo_height() -> f32 {
    12.0
}

/// Tickets on a page: `columns` columns of `rows` tickets, filled down the first column first.
/// A page holds a whole number of books (6: a strip; 12: two strips, "12 to view"), or a book
/// spreads over a whole number of pages (3: large print, a book on two pages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutSpec {
    /// Tickets across the page.
    pub columns: usize,
    /// Tickets down the page.
    pub rows: usize,
}

impl Default for LayoutSpec {
    fn default() -> LayoutSpec {
        LayoutSpec { columns: 1, rows: 6 }
    }
}

impl LayoutSpec {
    /// Tickets a page holds.
    pub fn tickets_per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// Books on one page (at least 1; a book over several pages is still on "one").
    pub fn books_per_page(&self) -> usize {
        (self.tickets_per_page() / 6).max(1)
    }

    /// Pages one book takes (1 unless the page holds fewer than six tickets).
    pub fn pages_per_book(&self) -> usize {
        (6 / self.tickets_per_page().max(1)).max(1)
    }

    /// Whether books and pages line up: a page holds whole books, or a book whole pages.
    pub fn fits_books(&self) -> bool {
        let n = self.tickets_per_page();
        n > 0 && (n.is_multiple_of(6) || 6usize.is_multiple_of(n))
    }
}

/// The paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageSize {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl PageSize {
    /// Width and height in millimetres.
    pub fn mm(self) -> (f32, f32) {
        match self {
            PageSize::A4 => (210.0, 297.0),
            PageSize::Letter => (215.9, 279.4),
        }
    }
}

/// The page: size, margins (mm) and an optional background.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageSpec {
    /// A4 (default) or Letter.
    #[serde(default = "a4")]
    pub size: PageSize,
    /// Top margin, mm.
    pub margin_top: f32,
    /// Bottom margin, mm.
    pub margin_bottom: f32,
    /// Left margin, mm.
    pub margin_left: f32,
    /// Right margin, mm.
    pub margin_right: f32,
    /// Fill of the whole page, extended into the bleed.
    #[serde(default)]
    pub background: Option<Cmyk>,
}

fn a4() -> PageSize {
    PageSize::A4
}

/// The header line at the top of each page.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderSpec {
    /// Text at the left of the header, e.g. `"{title}"`.
    pub left: String,
    /// Text at the right of the header, e.g. `"Book {book}"`.
    pub right: String,
    /// Font size, pt.
    pub size: f32,
    /// Height reserved for the header, mm.
    pub height: f32,
    /// Header text colour (default 100 % K).
    #[serde(default)]
    pub colour: Option<Cmyk>,
    /// A band behind the header, running to the top and side edges (and into the bleed).
    #[serde(default)]
    pub band: Option<Cmyk>,
    /// In a run of booklets, the header's right text instead of `right`.
    #[serde(default = "booklet_header")]
    pub booklet: String,
}

fn booklet_header() -> String {
    "Booklet {booklet} · Game {game} · {colour}".to_string()
}

/// The footer line at the foot of each page.
#[derive(Clone, Debug, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct FooterSpec {
    /// Centred line at the foot of the page; empty for none.
    #[serde(default)]
    pub text: String,
    /// In a run of booklets, the footer instead of `text` (which may name the drawn book where
    /// the paper says booklet).
    #[serde(default)]
    pub booklet: Option<String>,
    /// Font size, pt.
    #[serde(default)]
    pub size: f32,
    /// Height reserved for the footer, mm (0 with no footer).
    #[serde(default)]
    pub height: f32,
}

/// The ticket grid, its serial line and the space around it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicketSpec {
    /// Grid width and height, mm.
    pub width: f32,
    /// Grid height, mm.
    pub height: f32,
    /// Space for the serial line above each grid, mm.
    pub serial_height: f32,
    /// Space between one ticket's grid and the next ticket's serial line, mm.
    pub gap: f32,
    /// Number size, pt (at least 16).
    pub number_size: f32,
    /// Serial text size, pt.
    pub serial_size: f32,
    /// Inner grid lines and outer border, pt (at least 0.25).
    pub line_width: f32,
    /// The outer border's width, pt.
    pub border_width: f32,
    /// Shading of blank cells.
    #[serde(default)]
    pub blank_shade: Option<Cmyk>,
    /// Dashed cut guides between tickets.
    #[serde(default)]
    pub cut_guides: bool,
    /// The serial as a barcode at the right end of the serial line, for scanning claims.
    #[serde(default)]
    pub barcode: Barcode,
    /// With `barcode = "qr"`: the QR code's size, place and content (`[ticket.qr]`).
    #[serde(default)]
    pub qr: QrSpec,
}

impl TicketSpec {
    /// The width a QR code beside the grid takes, quiet zones included (0 for none there).
    pub fn qr_room(&self) -> f32 {
        match self.barcode {
            Barcode::Qr => self.qr.room_beside(),
            _ => 0.0,
        }
    }
}

/// A QR code's size, place and content (`[ticket.qr]`). The defaults are housie 0.7's: a
/// version-1 symbol of 0.3 mm modules holding the serial, at the serial line's right end.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QrSpec {
    /// A module's side, mm: about three pixels of a 120 dpi scan (0.64) for a phone's camera
    /// or a cheap imager to read it blurred and tilted.
    pub module: f32,
    /// The symbol's version, 1–10 (21 + 4 × (version − 1) modules a side): every ticket's
    /// symbol is the same size, and a link too long for it is refused at generate.
    pub version: u8,
    /// Where it goes.
    pub place: QrPlace,
    /// What it holds.
    pub holds: QrHolds,
    /// How far the dark area's outline is drawn inside the modules, mm (0: each row's dark
    /// modules as rectangles, as housie 0.7 drew them): room for ink that spreads, and for a
    /// renderer that fills every pixel a shape touches.
    pub shave: f32,
}

impl Default for QrSpec {
    fn default() -> QrSpec {
        QrSpec {
            module: crate::print::barcode::QR_MODULE_MM,
            version: 1,
            place: QrPlace::Serial,
            holds: QrHolds::Serial,
            shave: 0.0,
        }
    }
}

impl QrSpec {
    /// Modules a side.
    pub fn modules(&self) -> usize {
        17 + 4 * usize::from(self.version)
    }

    /// The symbol's side, mm.
    pub fn side(&self) -> f32 {
        self.modules() as f32 * self.module
    }

    /// The width the symbol takes beside the grid with its quiet zone either side, mm (0 on
    /// the serial line).
    pub fn room_beside(&self) -> f32 {
        match self.place {
            QrPlace::Serial => 0.0,
            QrPlace::Beside => (self.modules() + 2 * crate::print::barcode::QR_QUIET_MODULES) as f32 * self.module,
        }
    }
}

/// Where a ticket's QR code goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QrPlace {
    /// At the right end of the serial line, above the grid (the serial line must be tall enough).
    #[default]
    Serial,
    /// To the right of the grid, centred on it (the grid and the symbol share the column).
    Beside,
}

/// What a ticket's QR code holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QrHolds {
    /// The serial: what a 2D imager at the desk types.
    #[default]
    Serial,
    /// The link to the ticket on the player page, `{player_url}/p/{serial}`: a phone's camera
    /// opens it, and the desk reads the serial out of it. Needs the run's `--player-url`.
    Link,
}

/// How a ticket's serial is printed for a scanner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Barcode {
    /// Code 128 (character set B): what a USB handheld scanner reads and types, with Enter.
    #[default]
    Code128,
    /// A QR code (version 1, 0.3 mm modules, 6.3 mm square): what phones and 2D imagers read.
    /// Needs a serial line of at least 8 mm.
    Qr,
    /// No barcode.
    None,
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

/// TOML allows `nan` and `inf`; no length, size or colour of a template may be either (a `nan`
/// size once drew grids with no numbers). Names the first such key and its line.
fn refuse_non_finite(text: &str, file: &str) -> Result<(), TemplateError> {
    // A syntax error is the typed parse's to report, with its own line.
    let Ok(table) = text.parse::<toml::Table>() else { return Ok(()) };
    let mut found = Vec::new();
    non_finite(&table, "", &mut found);
    let Some((key, value)) = found.into_iter().next() else { return Ok(()) };
    let (section, name) = key.rsplit_once('.').unwrap_or(("", key.as_str()));
    let mut current = String::new();
    let mut tables: std::collections::BTreeMap<String, usize> = Default::default();
    let mut line = 1;
    for (i, l) in text.lines().enumerate() {
        let t = l.trim();
        if t.starts_with('[') {
            let table = t.trim_matches(|c| c == '[' || c == ']').trim().to_string();
            current = if t.starts_with("[[") {
                // The n-th `[[table]]` is `table.n` in the key.
                let n = tables.entry(table.clone()).or_default();
                *n += 1;
                format!("{table}.{n}")
            } else {
                table
            };
        } else if current == section && t.split('=').next().map(str::trim) == Some(name) {
            line = i + 1;
            break;
        }
    }
    let spelled = if value.is_nan() {
        "nan"
    } else if value > 0.0 {
        "inf"
    } else {
        "-inf"
    };
    Err(TemplateError::Parse {
        file: file.to_string(),
        line,
        message: format!("{key}: {spelled} is not a finite number"),
    })
}

fn non_finite(table: &toml::Table, prefix: &str, found: &mut Vec<(String, f64)>) {
    for (k, v) in table {
        let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
        match v {
            toml::Value::Float(f) if !f.is_finite() => found.push((key, *f)),
            toml::Value::Array(items) => {
                if let Some(f) = items.iter().filter_map(toml::Value::as_float).find(|f| !f.is_finite()) {
                    found.push((key.clone(), f));
                }
                for (i, table) in items.iter().filter_map(toml::Value::as_table).enumerate() {
                    non_finite(table, &format!("{key}.{}", i + 1), found);
                }
            }
            toml::Value::Table(t) => non_finite(t, &key, found),
            _ => {}
        }
    }
}

/// Page geometry shared by the renderer and the fit check.
impl Template {
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
        refuse_non_finite(text, file)?;
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

    /// Every measurement that does not add up, each with its figures: one check per concern.
    fn problems(&self) -> Vec<String> {
        let checks: [fn(&Template) -> Vec<String>; 9] = [
            Template::fits_the_page,
            Template::layout_problems,
            Template::barcode_problems,
            Template::length_problems,
            Template::type_problems,
            Template::line_problems,
            Template::colour_problems,
            Template::palette_problems,
            Template::placeholder_problems,
        ];
        checks.iter().flat_map(|check| check(self)).collect()
    }

    /// The parts add up to no more than the page, down and across.
    fn fits_the_page(&self) -> Vec<String> {
        let mut out = Vec::new();
        let (pw, ph) = self.page.size.mm();
        let (p, h, f, t, l) = (&self.page, &self.header, &self.footer, &self.ticket, &self.layout);
        let needed_h = p.margin_top + h.height + self.tickets_height() + f.height + p.margin_bottom;
        if needed_h > ph + 0.01 {
            out.push(format!(
                "parts are {needed_h:.1} mm tall but the page is {ph} mm: top margin {} + header {} + {} × (serial {} + ticket {} + gap {}) + footer {} + bottom margin {}",
                p.margin_top, h.height, l.rows, t.serial_height, t.height, t.gap, f.height, p.margin_bottom
            ));
        }
        let columns = l.columns.max(1) as f32;
        // Columns side by side need room for a cut between them: a gap like the one between rows.
        let between = (columns - 1.0) * t.gap;
        let qr = t.qr_room();
        let needed_w = p.margin_left + columns * (t.width + qr) + between + p.margin_right;
        if needed_w > pw + 0.01 {
            let ticket =
                if qr > 0.0 { format!("ticket {} + QR code {qr:.1}", t.width) } else { format!("ticket {}", t.width) };
            let what = if l.columns > 1 {
                format!("{} × ({ticket}) + {} × gap {}", l.columns, l.columns - 1, t.gap)
            } else {
                ticket
            };
            out.push(format!(
                "parts are {needed_w:.1} mm wide but the page is {pw} mm: left margin {} + {what} + right margin {}",
                p.margin_left, p.margin_right
            ));
        }
        out
    }

    /// A page holds whole books, or a book whole pages.
    fn layout_problems(&self) -> Vec<String> {
        let l = &self.layout;
        if l.columns == 0 || l.rows == 0 || l.columns > 4 || !l.fits_books() {
            return vec![format!(
                "layout is {} × {} = {} tickets a page; a page must hold whole books (6, 12, 18, 24) or a book whole \
                 pages (1, 2, 3), in 1 to 4 columns",
                l.columns,
                l.rows,
                l.tickets_per_page()
            )];
        }
        Vec::new()
    }

    /// The barcode chosen fits its serial line.
    fn barcode_problems(&self) -> Vec<String> {
        let t = &self.ticket;
        match t.barcode {
            Barcode::Code128 => {
                // A booklet's serial (`000123-10-4-3`, 13 characters) is 35 + 13 × 11 = 178 modules;
                // with its quiet zone and room for the serial text.
                let bars = (178 + crate::print::barcode::QUIET_MODULES) as f32 * crate::print::barcode::MODULE_MM;
                if t.width < bars + 35.0 || t.serial_height < 4.0 {
                    return vec![format!(
                        "ticket.barcode needs a ticket.width of at least {:.1} mm and a ticket.serial_height of at least \
                         4 mm (they are {} and {}); set ticket.barcode = \"none\" for none",
                        bars + 35.0,
                        t.width,
                        t.serial_height
                    )];
                }
            }
            Barcode::Qr => return self.qr_problems(),
            Barcode::None => {}
        }
        Vec::new()
    }

    /// The QR code's size fits where it goes, and scans.
    fn qr_problems(&self) -> Vec<String> {
        use crate::print::barcode::QR_QUIET_MODULES;
        let (t, q) = (&self.ticket, &self.ticket.qr);
        let mut out = Vec::new();
        if !(1..=10).contains(&q.version) {
            out.push(format!("ticket.qr.version is {}; housie prints versions 1 to 10", q.version));
            return out;
        }
        if !(0.0..=q.module * 0.25).contains(&q.shave) {
            out.push(format!(
                "ticket.qr.shave is {} mm; it may take up to a quarter of a module ({:.2} mm)",
                q.shave,
                q.module * 0.25
            ));
        }
        if !(0.2..=2.0).contains(&q.module) {
            out.push(format!("ticket.qr.module is {} mm; a module is 0.2 to 2 mm", q.module));
            return out;
        }
        match q.place {
            QrPlace::Serial => {
                let side = (q.modules() + QR_QUIET_MODULES) as f32 * q.module;
                if t.serial_height < side - 0.01 {
                    out.push(format!(
                        "ticket.barcode = \"qr\" needs a ticket.serial_height of at least {side:.1} mm ({} modules \
                         of {} mm and a quiet zone of {QR_QUIET_MODULES} under them); it is {}",
                        q.modules(),
                        q.module,
                        t.serial_height
                    ));
                }
            }
            QrPlace::Beside => {
                // Centred on the grid, a symbol taller than it reaches into the gap below, which
                // it shares with the cut: it stays the safe zone clear of the cut.
                let over = (q.side() - t.height) / 2.0;
                let room = t.gap / 2.0 - SAFE_MM;
                if over > room.max(0.0) + 0.01 {
                    out.push(format!(
                        "ticket.qr.place = \"beside\" needs a ticket.height of at least {:.1} mm for a symbol of {} \
                         modules of {} mm ({:.1} mm) centred on the grid, {} mm clear of the cut; it is {}",
                        q.side() - 2.0 * room.max(0.0),
                        q.modules(),
                        q.module,
                        q.side(),
                        SAFE_MM,
                        t.height
                    ));
                }
            }
        }
        out
    }

    /// Lengths are not negative, and the ticket has a size.
    fn length_problems(&self) -> Vec<String> {
        let (p, h, f, t) = (&self.page, &self.header, &self.footer, &self.ticket);
        let mut out = Vec::new();
        let lengths = [
            ("page.margin_top", p.margin_top),
            ("page.margin_bottom", p.margin_bottom),
            ("page.margin_left", p.margin_left),
            ("page.margin_right", p.margin_right),
            ("header.height", h.height),
            ("footer.height", f.height),
            ("ticket.gap", t.gap),
        ];
        for (key, v) in lengths {
            if !(v >= 0.0 && v.is_finite()) {
                out.push(format!("{key} is {v}, must be 0 or more"));
            }
        }
        for (key, v) in
            [("ticket.width", t.width), ("ticket.height", t.height), ("ticket.serial_height", t.serial_height)]
        {
            if !(v > 0.0 && v.is_finite()) {
                out.push(format!("{key} is {v}, must be more than 0"));
            }
        }
        out
    }

    /// Type large enough to read, and small enough to fit its place.
    fn type_problems(&self) -> Vec<String> {
        let (h, f, t) = (&self.header, &self.footer, &self.ticket);
        let mut out = Vec::new();
        if t.number_size < MIN_NUMBER_PT {
            out.push(format!(
                "ticket.number_size is {} pt, at least {MIN_NUMBER_PT} pt is needed to read in a dim hall",
                t.number_size
            ));
        }
        let pt = 25.4 / 72.0;
        // Digits are about 0.72 em tall; a number must fit its row with a little air.
        let row_mm = t.height / 3.0;
        if t.number_size * 0.72 * pt > row_mm * 0.85 {
            out.push(format!(
                "ticket.number_size {} pt needs rows of {:.1} mm, but ticket.height {} mm gives rows of {row_mm:.1} mm",
                t.number_size,
                t.number_size * 0.72 * pt / 0.85,
                t.height
            ));
        }
        let cell_mm = t.width / 9.0;
        if t.number_size * 1.2 * pt > cell_mm {
            out.push(format!(
                "ticket.number_size {} pt needs columns of {:.1} mm, but ticket.width {} mm gives columns of {cell_mm:.1} mm",
                t.number_size,
                t.number_size * 1.2 * pt,
                t.width
            ));
        }
        if t.serial_size <= 0.0 || t.serial_size * pt > t.serial_height {
            out.push(format!(
                "ticket.serial_size {} pt does not fit ticket.serial_height {} mm",
                t.serial_size, t.serial_height
            ));
        }
        if t.serial_size < MIN_SERIAL_PT {
            out.push(format!(
                "ticket.serial_size is {} pt; a serial read aloud from the paper needs at least {MIN_SERIAL_PT} pt",
                t.serial_size
            ));
        }
        if h.size <= 0.0 || h.size * pt > h.height.max(0.0) {
            out.push(format!("header.size {} pt does not fit header.height {} mm", h.size, h.height));
        }
        if !f.text.is_empty() && (f.size <= 0.0 || f.size * pt > f.height) {
            out.push(format!("footer.size {} pt does not fit footer.height {} mm", f.size, f.height));
        }
        out
    }

    /// Lines thick enough to print, and thin enough to leave every number clear: a line is
    /// drawn on a cell's edge, so half of it falls inside each cell it bounds (the border's
    /// half on the outer cells), and what is left must still hold a number as large as the
    /// template sets it, with the same air the type checks ask for.
    fn line_problems(&self) -> Vec<String> {
        let t = &self.ticket;
        let mut out: Vec<String> = [("ticket.line_width", t.line_width), ("ticket.border_width", t.border_width)]
            .into_iter()
            .filter(|&(_, v)| v < MIN_LINE_PT)
            .map(|(key, v)| format!("{key} is {v} pt, at least {MIN_LINE_PT} pt is needed to print"))
            .collect();
        let pt = 25.4 / 72.0;
        let (cell_mm, row_mm) = (t.width / 9.0, t.height / 3.0);
        let (number_w, number_h) = (t.number_size * 1.2 * pt, t.number_size * 0.72 * pt / 0.85);
        for (key, width) in [("ticket.line_width", t.line_width), ("ticket.border_width", t.border_width)] {
            // An inner cell loses half a line on each side; an outer one half a line and half
            // the border.
            let eaten = match key {
                "ticket.line_width" => width * pt,
                _ if out.iter().any(|p| p.starts_with("ticket.line_width")) => continue,
                _ => (width + t.line_width) * pt / 2.0,
            };
            let (clear_w, clear_h) = (cell_mm - eaten, row_mm - eaten);
            if clear_w < number_w || clear_h < number_h {
                out.push(format!(
                    "{key} is {width} pt and leaves {:.1} × {:.1} mm of a {cell_mm:.1} × {row_mm:.1} mm cell clear; \
                     the numbers need {number_w:.1} × {number_h:.1} mm",
                    clear_w.max(0.0),
                    clear_h.max(0.0)
                ));
            }
        }
        out
    }

    /// Colours in range, within the ink limit, and text that stands out from what is behind it.
    fn colour_problems(&self) -> Vec<String> {
        let (p, h, t) = (&self.page, &self.header, &self.ticket);
        let mut out = Vec::new();
        let colours = [
            ("page.background", p.background),
            ("header.colour", h.colour),
            ("header.band", h.band),
            ("ticket.blank_shade", t.blank_shade),
        ];
        for (key, c) in colours {
            let Some(Cmyk(v)) = c else { continue };
            let ink: f32 = v.iter().sum();
            if v.iter().any(|x| !(0.0..=100.0).contains(x)) {
                out.push(format!("{key} is {v:?}, each of c, m, y, k must be 0–100"));
            } else if ink > MAX_INK {
                out.push(format!("{key} is {v:?}, {ink} % ink in all; a print shop takes at most {MAX_INK} %"));
            }
        }
        // The header over its band (or the page's background), and the 100 % K serials,
        // numbers and footer over the background.
        let paper = p.background.unwrap_or(Cmyk([0.0; 4]));
        let ratio = contrast(h.colour.unwrap_or(Cmyk::BLACK), h.band.unwrap_or(paper));
        if ratio < MIN_CONTRAST {
            out.push(format!(
                "header.colour on {} has a contrast of {ratio:.1}:1; at least {MIN_CONTRAST}:1 is needed to read it",
                if h.band.is_some() { "header.band" } else { "the page" }
            ));
        }
        let ratio = contrast(Cmyk::BLACK, paper);
        if ratio < MIN_CONTRAST_SMALL {
            out.push(format!(
                "black text on page.background has a contrast of {ratio:.1}:1; serials need at least \
                 {MIN_CONTRAST_SMALL}:1"
            ));
        }
        out
    }

    /// A palette with a name and a printable colour for each game.
    fn palette_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.palette.is_empty() {
            out.push(
                "palette is empty; give each game a [[palette]] colour, or leave it out for the shipped ten".into(),
            );
        }
        for (i, entry) in self.palette.iter().enumerate() {
            let Cmyk(v) = entry.colour;
            if entry.name.trim().is_empty() {
                out.push(format!("palette {}: the name is empty; the caller says it (\"the blue page\")", i + 1));
            }
            if let Some(Cmyk(t)) = entry.tint {
                if t.iter().any(|x| !(0.0..=100.0).contains(x)) {
                    out.push(format!(
                        "palette {} ({}): its tint is {t:?}, each of c, m, y, k must be 0–100",
                        i + 1,
                        entry.name
                    ));
                }
            }
            let ink: f32 = v.iter().sum();
            if v.iter().any(|x| !(0.0..=100.0).contains(x)) {
                out.push(format!("palette {} ({}) is {v:?}, each of c, m, y, k must be 0–100", i + 1, entry.name));
            } else if ink > MAX_INK {
                out.push(format!(
                    "palette {} ({}) is {v:?}, {ink} % ink in all; a print shop takes at most {MAX_INK} %",
                    i + 1,
                    entry.name
                ));
            }
        }
        out
    }

    /// Header and footer texts use only the placeholders there are.
    fn placeholder_problems(&self) -> Vec<String> {
        let (h, f) = (&self.header, &self.footer);
        let booklet = f.booklet.clone().unwrap_or_default();
        [
            ("header.left", &h.left),
            ("header.right", &h.right),
            ("header.booklet", &h.booklet),
            ("footer.text", &f.text),
            ("footer.booklet", &booklet),
        ]
        .into_iter()
        .filter_map(|(key, text)| unknown_placeholder(text).map(|bad| (key, bad)))
        .map(|(key, bad)| format!("{key} uses {bad}; placeholders are {}", PLACEHOLDERS.join(", ")))
        .collect()
    }
}

fn unknown_placeholder(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').map_or(rest.len(), |e| start + e + 1);
        let found = &rest[start..end];
        if !PLACEHOLDERS.contains(&found) {
            return Some(found.to_string());
        }
        rest = &rest[end..];
    }
    None
}

/// Values for the placeholders on one page.
pub struct Fill<'a> {
    /// The event's title (`--title`).
    pub title: &'a str,
    /// The book's number (`12–13` on a page of two).
    pub book: String,
    /// The page's number within its file.
    pub page: u64,
    /// Pages in the file.
    pub pages: u64,
    /// The book's booklet and game (its own number and 1 without booklets), and the game's
    /// colour name.
    pub booklet: String,
    /// The book's game in its booklet.
    pub game: u16,
    /// The game's colour name.
    pub colour: &'a str,
    /// Which page of its book this is, of how many (1 of 1 unless large print).
    pub part: usize,
    /// Pages one book takes.
    pub parts: usize,
}

/// Replaces the placeholders in `text`.
pub fn fill(text: &str, f: &Fill) -> String {
    text.replace("{title}", f.title)
        .replace("{book}", &f.book)
        .replace("{parts}", &f.parts.to_string())
        .replace("{part}", &f.part.to_string())
        .replace("{pages}", &f.pages.to_string())
        .replace("{page}", &f.page.to_string())
        .replace("{booklet}", &f.booklet)
        .replace("{game}", &f.game.to_string())
        .replace("{colour}", f.colour)
}

#[cfg(test)]
mod tests {
    use super::*;

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

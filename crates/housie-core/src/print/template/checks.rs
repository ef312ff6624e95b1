//! The rules a template is checked by when it is read: every measurement must add up (it fits
//! its page, its type is large enough, its lines thick enough, its colours print and stand
//! apart), with every problem named and its figures; and no number may be `nan` or `inf`.

use super::super::colour::contrast;
use super::{Barcode, Cmyk, QrPlace, Template, TemplateError, PLACEHOLDERS};
use super::{MAX_INK, MIN_CONTRAST, MIN_CONTRAST_SMALL, MIN_LINE_PT, MIN_NUMBER_PT, MIN_SERIAL_PT, SAFE_MM};
use crate::domain::format::Card;

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

impl Template {
    /// TOML allows `nan` and `inf`; no length, size or colour of a template may be either (a `nan`
    /// size once drew grids with no numbers). Names the first such key and its line.
    pub(super) fn refuse_non_finite(text: &str, file: &str) -> Result<(), TemplateError> {
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

    /// Every measurement that does not add up, each with its figures: one check per concern.
    pub(super) fn problems(&self) -> Vec<String> {
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
        let (pw, ph) = self.page.mm();
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
        if l.card == Card::SeventyFiveBall && (l.columns == 0 || l.columns > 4 || l.card_format().is_none()) {
            return vec![format!(
                "layout is {} × {} = {} faces a sheet; a 75-ball sheet holds 1, 2, 3, 4 or 6 faces, in 1 to 4 columns",
                l.columns,
                l.rows,
                l.tickets_per_page()
            )];
        }
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
        let (cell_mm, row_mm) = self.cell_mm();
        if t.number_size * 0.72 * pt > row_mm * 0.85 {
            out.push(format!(
                "ticket.number_size {} pt needs rows of {:.1} mm, but ticket.height {} mm gives rows of {row_mm:.1} mm",
                t.number_size,
                t.number_size * 0.72 * pt / 0.85,
                t.height
            ));
        }
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
        if !t.label.is_empty() {
            if t.label_size < MIN_SERIAL_PT {
                out.push(format!("ticket.label_size is {} pt; at least {MIN_SERIAL_PT} pt is needed", t.label_size));
            }
            if t.label_top() > t.serial_height {
                out.push(format!(
                    "ticket.label at {} pt over a serial of {} pt needs a ticket.serial_height of at least {:.1} mm; \
                     it is {}",
                    t.label_size,
                    t.serial_size,
                    t.label_top(),
                    t.serial_height
                ));
            }
            if t.barcode == Barcode::Code128 {
                out.push(
                    "ticket.label needs ticket.barcode = \"qr\" or \"none\": a Code 128 symbol fills the serial line"
                        .to_string(),
                );
            }
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
        let (cell_mm, row_mm) = self.cell_mm();
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
        .chain(label_placeholder(&self.ticket.label))
        .collect()
    }
}

/// A slip's label is filled with the title alone (it is the same on every ticket): any other
/// placeholder, even one the header knows, would print as written.
fn label_placeholder(label: &str) -> Option<String> {
    let rest = label.replace("{title}", "");
    let start = rest.find('{')?;
    let end = rest[start..].find('}').map_or(rest.len(), |e| start + e + 1);
    Some(format!("ticket.label uses {}; its only placeholder is {{title}}", &rest[start..end]))
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

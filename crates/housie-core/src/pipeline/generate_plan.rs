//! A run resolved and ready: the settings with the template read, the font loaded and checked.
//! The CLI parses flags into [`Settings`], resolves them here once, and the pipeline only ever
//! sees the plan. Where the run is written is the caller's (see [`super::write_run`]).

use std::path::Path;

use sha2::Digest;

use crate::domain::CardFormat;
use crate::error::Error;
use crate::export::pdf::{Colours, PdfStyle};
use crate::generate::{RunOptions, Seed, SeedKind};
use crate::pipeline::{Impose, Order};
use crate::print::font::Font;
use crate::print::logo::{Logo, LogoPosition};
use crate::print::template::{Orientation, Template, TemplateError};
use crate::record::continuation::Continuation;
use crate::record::settings::{LogoSettings, Settings};
use crate::record::RunRecord;
use crate::support::catalogue::Catalogue;
use crate::support::date::RunDate;
use crate::support::said::Said;
use crate::world::World;

/// Where a regenerated run's logo and font are looked for when their recorded paths are gone:
/// its own folder, then the one holding it.
fn beside() -> [&'static Path; 2] {
    [Path::new(""), Path::new("..")]
}

/// Everything `generate` needs, resolved and checked. Made by [`super::Request::plan`] (a
/// new run) or [`GeneratePlan::from_record`] (a run regenerated); its parts can be read, not
/// changed, so a plan that exists is the one its checks passed.
#[derive(Clone, Debug)]
pub struct GeneratePlan {
    /// The run's seed.
    pub(super) seed: Seed,
    /// The run's settings.
    pub(super) settings: Settings,
    /// What a card is.
    pub(super) card_format: &'static CardFormat,
    /// A run regenerated from its record (to verify it, or export its booklets): what it chose
    /// is not judged again.
    pub(super) regenerating: bool,
    /// The earlier runs this one continues (`generate --after`).
    pub(super) after: Option<Continuation>,
    /// The settings' template, read and checked.
    pub(super) template: Template,
    /// The settings' font, loaded and checked.
    pub(super) font: Font,
    /// The run's date (the PDFs' CreationDate and ModDate), recorded in run.json.
    pub(super) date: RunDate,
    /// The housie version the run is written as (run.json's `housie`, the PDF's Producer): this
    /// one, or the recorded one when a run of an earlier version is regenerated.
    pub(super) housie: String,
    /// How the seed came about, recorded in run.json (`None` for a run of housie 0.2).
    pub(super) seed_kind: Option<SeedKind>,
    /// The settings' logo, decoded and converted.
    pub(super) logo: Option<Logo>,
    /// The template with its words in the paper's language (`settings.lang`), and the word
    /// before each serial: what the pages print.
    pub(super) paper: (Template, String),
}

impl GeneratePlan {
    /// The run's seed.
    pub fn seed(&self) -> &Seed {
        &self.seed
    }

    /// The run's settings, as run.json records them.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// What a card of the run is.
    pub fn card_format(&self) -> &'static CardFormat {
        self.card_format
    }

    /// The earlier runs this one continues.
    pub fn after(&self) -> Option<&Continuation> {
        self.after.as_ref()
    }

    /// The template, read and checked.
    pub fn template(&self) -> &Template {
        &self.template
    }

    /// The font, loaded and checked.
    pub fn font(&self) -> &Font {
        &self.font
    }

    /// The logo, decoded and converted.
    pub fn logo(&self) -> Option<&Logo> {
        self.logo.as_ref()
    }

    /// How the seed came about.
    pub fn seed_kind(&self) -> Option<SeedKind> {
        self.seed_kind
    }

    /// The run's date.
    pub fn date(&self) -> RunDate {
        self.date
    }

    /// The files a run carries in its folder beside its own, by name: the logo and the font
    /// it was made with, as its record names them (housie 0.14 on; an earlier run named them
    /// where they were on the organiser's machine).
    pub fn carried(&self) -> Vec<(String, &[u8])> {
        if !crate::export::pdf::PdfFormat::of(&self.housie).exact_resampling() {
            return Vec::new();
        }
        let logo = self.logo.as_ref().zip(self.settings.logo.as_ref());
        let logo = logo.map(|(logo, l)| (l.file.display().to_string(), &logo.bytes[..]));
        let font = self.settings.font.as_ref().map(|f| (f.display().to_string(), self.font.bytes()));
        logo.into_iter().chain(font).collect()
    }
}

impl GeneratePlan {
    /// Reads the template and font the settings name from `world`, once, and checks the whole
    /// plan. `after`: the earlier runs this one continues, if any; `date`: the run's.
    pub fn resolve(
        seed: Seed,
        settings: Settings,
        after: Option<Continuation>,
        date: RunDate,
        world: &dyn World,
    ) -> Result<GeneratePlan, Error> {
        let plan = GeneratePlan::resolve_unchecked(seed, settings, after, date, world)?;
        plan.check_design()?;
        Ok(plan)
    }

    /// As [`GeneratePlan::resolve`], with the template, font and logo read but the whole plan
    /// not checked yet (to adjust it first, as [`GeneratePlan::fit_logo`] does).
    pub(super) fn resolve_unchecked(
        seed: Seed,
        mut settings: Settings,
        after: Option<Continuation>,
        date: RunDate,
        world: &dyn World,
    ) -> Result<GeneratePlan, Error> {
        settings.check()?;
        let template = match after.as_ref().map(Continuation::latest) {
            // A continuation looks as its run does: a template file since moved or gone (or
            // named from another folder) is read as that run recorded it.
            Some(earlier)
                if earlier.settings.template == settings.template
                    && !crate::print::template::is_shipped(&settings.template)
                    && matches!(Template::load(&settings.template, world), Err(TemplateError::Unknown(_))) =>
            {
                Template::parse(&earlier.template.toml, "the earlier run's template (its run.json)")?
            }
            _ => {
                let template = Template::load(&settings.template, world)?;
                let problems = template.new_run_problems();
                if !problems.is_empty() {
                    let file = settings.template.clone();
                    return Err(TemplateError::Invalid { file, problems }.into());
                }
                template
            }
        };
        // The font and the logo are carried in the run's folder under names of their own, and
        // recorded so: no path of the organiser's machine, and a folder that moves verifies.
        // A continuation's own are the earlier run's files: found as verifying that run would
        // find them, beside it where its record's path is gone.
        let earlier = after.as_ref().map(|c| (c.dir(), c.latest()));
        let inherited_font = earlier.and_then(|(dir, r)| {
            let path = r.settings.font.as_ref().map(|f| dir.join(f));
            (path.is_some() && path == settings.font).then_some((dir, &r.font.sha256))
        });
        let font = match &settings.font {
            Some(path) => {
                let font = match inherited_font {
                    Some((dir, sha256)) => Font::recorded(path, sha256, &[dir], world)?,
                    None => Font::from_file(path, world)?,
                };
                let (font, name) = font.carried();
                settings.font = Some(name.into());
                font
            }
            None => Font::bundled(),
        };
        if let (None, Some(own)) = (&settings.logo, &template.logo()) {
            // A template's logo is named relative to the template's own file.
            let folder = Path::new(&settings.template).parent().unwrap_or(Path::new("."));
            settings.logo = Some(LogoSettings {
                file: folder.join(&own.file),
                sha256: String::new(),
                height_mm: own.height,
                position: own.position,
            });
        }
        let logo = match &mut settings.logo {
            Some(l) => {
                // An inherited logo keeps its recorded SHA-256 (an asked one has none yet).
                let logo = match earlier.filter(|_| !l.sha256.is_empty()) {
                    Some((dir, _)) => Logo::recorded(&l.file, &l.sha256, false, &[dir], world)?,
                    None => Logo::load(&l.file, world)?,
                };
                l.file = logo.file_name().into();
                l.sha256.clone_from(&logo.sha256);
                Some(logo)
            }
            None => None,
        };
        let mut plan = GeneratePlan::with_style(seed, settings, template, font);
        plan.logo = logo;
        plan.after = after;
        plan.date = date;
        Ok(plan)
    }

    /// A plan with the default settings for `books` books.
    pub fn new(seed: Seed, books: u64) -> GeneratePlan {
        let settings = Settings { books, ..Settings::default() };
        let template = Template::shipped(&settings.template).expect("the default template is shipped");
        GeneratePlan::with_style(seed, settings, template, Font::bundled())
    }

    fn with_style(seed: Seed, settings: Settings, template: Template, font: Font) -> Self {
        let paper = paper_in_words(&settings, &template, true);
        // The look says what card it holds (a 75-ball look: a sheet of its slots' faces);
        // strips are its sheets whose faces share no number, where the look has them.
        let card_format = match settings.strips {
            true => template.card_format().strips().unwrap_or(template.card_format()),
            false => template.card_format(),
        };
        GeneratePlan {
            paper,
            seed,
            settings,
            card_format,
            regenerating: false,
            after: None,
            template,
            font,
            date: RunDate::EPOCH,
            housie: env!("CARGO_PKG_VERSION").to_string(),
            seed_kind: Some(SeedKind::Text),
            logo: None,
        }
    }

    /// The look of every page: the template and font with the settings' title, bleed and marks.
    pub fn style(&self) -> PdfStyle<'_> {
        PdfStyle {
            template: &self.paper.0,
            serial_word: &self.paper.1,
            font: &self.font,
            title: &self.settings.title,
            bleed_mm: self.settings.bleed_mm,
            crop_marks: self.settings.crop_marks,
            date: self.date,
            numbering: self.settings.numbering(),
            last_book: self.settings.first_book.saturating_add(self.settings.books.saturating_sub(1)),
            two_up: self.settings.impose == Some(Impose::TwoUp),
            housie: &self.housie,
            seal: self.seal(),
            format: crate::export::pdf::PdfFormat::of(&self.housie),
            colours: match (self.settings.games, self.settings.order) {
                (None, _) => Colours::Template,
                (Some(_), Order::Booklets) => Colours::PerGame,
                (Some(_), Order::Games) => Colours::BlackOnly,
            },
            for_home: false,
            only_filled: false,
            logo: self.logo.as_ref().zip(self.settings.logo.as_ref()),
            subtitle: self.settings.subtitle.as_deref(),
            player_url: self.settings.player_url.as_ref(),
            qr_codes: None,
        }
    }

    /// The plan a run record describes (its template as recorded, its font and logo read from
    /// the recorded files in `world`), to regenerate that run; `after`: the runs it continues,
    /// read and checked by the caller.
    pub fn from_record(
        record: &RunRecord,
        after: Option<Continuation>,
        world: &dyn World,
    ) -> Result<GeneratePlan, Error> {
        record.settings.check()?;
        let template = Template::parse(&record.template.toml, "run.json's template")?;
        let font = match &record.settings.font {
            None => Font::bundled(),
            Some(path) => Font::recorded(path, &record.font.sha256, &beside(), world)?,
        };
        let mut plan = GeneratePlan::with_style(record.seed(), record.settings.clone(), template, font);
        if let Some(l) = &record.settings.logo {
            // Before 0.13 a logo printed with every pixel it had.
            let whole = !crate::export::pdf::PdfFormat::of(&record.housie).fitted_logo();
            plan.logo = Some(Logo::recorded(&l.file, &l.sha256, whole, &beside(), world)?);
        }
        plan.regenerating = true;
        if !plan.card_format.is(record.card_format) {
            return Err(Error::Usage(format!(
                "run.json's card format is {}, but its template prints {}",
                record.card_format, plan.card_format
            )));
        }
        plan.after = after;
        plan.date = RunDate::parse(&record.created)?;
        plan.housie = record.housie.clone();
        let booklet_footer = crate::export::pdf::PdfFormat::of(&record.housie).translated_booklet_footer();
        plan.paper = paper_in_words(&plan.settings, &plan.template, booklet_footer);
        plan.seed_kind = record.seed_kind;
        plan.fit_logo_pixels();
        Ok(plan)
    }

    /// The logo at no more pixels than its print shows (housie 0.13 on; earlier runs printed
    /// it as it came, and regenerate so).
    pub(crate) fn fit_logo_pixels(&mut self) {
        let format = crate::export::pdf::PdfFormat::of(&self.housie);
        if !format.fitted_logo() {
            return;
        }
        let how = match format.exact_resampling() {
            true => crate::print::logo::Resampling::Exact,
            false => crate::print::logo::Resampling::Float,
        };
        if let (Some(logo), Some(l)) = (&self.logo, &self.settings.logo) {
            // At the height it prints, which its band's safe zone may make lower than asked.
            let g = crate::print::layout::Geometry::of(&self.template);
            self.logo = Some(logo.fitted(g.safe_logo_height(&self.template, l.position, l.height_mm), how));
        }
    }

    /// What the PDFs carry of the record's rules (see [`crate::export::pdf::PdfStyle::seal`]):
    /// SHA-256 of its settings, seed kind, generator and version. Runs of housie 0.2 had none.
    pub fn seal(&self) -> Option<[u8; 32]> {
        (!self.housie.starts_with("0.2.")).then(|| {
            let rules = serde_json::json!({
                "settings": &self.settings,
                "seed_kind": self.seed_kind,
                "generator": self.seed.generator(),
                "housie": &self.housie,
            });
            sha2::Sha256::digest(rules.to_string().as_bytes()).into()
        })
    }

    /// What the drawer needs.
    pub fn run_options(&self) -> RunOptions {
        RunOptions { format: self.card_format, ..self.settings.run_options(self.seed.generator()) }
    }

    /// The night's prize set is drawn on the card the look prints ([`prizes_off_card`]).
    fn check_prizes_card(&self) -> Result<(), Error> {
        let said = prizes_off_card(self.settings.prizes.as_deref(), self.card_format, self.template.name());
        match said {
            None => Ok(()),
            Some(said) => {
                let arg = |k: &str| said.args.get(k).map_or("", String::as_str);
                let problem = format!(
                    "is `{}`, a set of {} prizes, but the look `{}` prints {} cards",
                    arg("prizes"),
                    arg("set"),
                    arg("look"),
                    arg("card")
                );
                Err(crate::pipeline::SettingsError { field: crate::record::settings::Setting::Prizes, problem, said }
                    .into())
            }
        }
    }

    /// Refuses settings, a look and texts that cannot be printed, before anything is written
    /// (what the studio's preview checks as the organiser types, too).
    pub fn check_design(&self) -> Result<(), Error> {
        self.settings.check()?;
        if let Some((logo, l)) = self.logo.as_ref().zip(self.settings.logo.as_ref()) {
            logo.check_resolution(l.height_mm)?;
        }
        self.run_options().check()?;
        // A new run (not one being regenerated to verify it) makes its choice of line scope
        // when unique lines across all its books would drift from the uniform law.
        if !self.regenerating {
            self.run_options().check_choice(self.after.as_ref().map_or(0, Continuation::books))?;
        }
        self.style().check()?;
        self.check_prizes_card()?;
        let per_page = self.template.layout().books_per_page();
        if self.settings.order.mixes_games(self.settings.games.is_some(), per_page) {
            let look = self.template.name().to_string();
            return Err(crate::pipeline::SettingsError {
                field: crate::record::settings::Setting::Order,
                problem: format!(
                    "is `booklets`, but template `{look}` puts {per_page} books on a page, which would be games of \
                     different colours; use --order games (each game on its own paper) or a template of one book a page"
                ),
                said: Said::new("design-order-pages", [("look", look), ("books", per_page.to_string())]),
            }
            .into());
        }
        if self.settings.impose.is_some() && self.template.page().orientation == Orientation::Landscape {
            let look = self.template.name().to_string();
            return Err(crate::pipeline::SettingsError {
                field: crate::record::settings::Setting::Impose,
                problem: format!(
                    "is `2up`, which sets two upright pages side by side on one sheet, but template `{look}` is \
                     landscape: print its pages as they are"
                ),
                said: Said::new("settings-impose-landscape", [("look", look)]),
            }
            .into());
        }
        let s = &self.settings;
        self.style().check_fit(s.first_book.saturating_add(s.books - 1), s.pages(self.template.layout()).len(1))?;
        Ok(())
    }

    /// Moves the logo to where it first fits when it does not fit where it is: of the places
    /// not said (the header's middle, else the footer's ends, else the header's), at the
    /// height said or as high as the room allows up to it (`fixed`: the height and the place
    /// the organiser said, each `None` when unsaid). Returns whether it moved; the design is
    /// then checked as before.
    pub(super) fn fit_logo(&mut self, fixed: (Option<f32>, Option<LogoPosition>)) -> bool {
        use crate::print::logo::LogoPosition::*;
        let Some(asked) = self.settings.logo.clone() else { return false };
        let logo_refused = |plan: &GeneratePlan| {
            matches!(plan.check_design(), Err(Error::Style(crate::export::pdf::StyleError::Logo { .. })))
        };
        if !logo_refused(self) {
            return false;
        }
        let heights: Vec<f32> = match fixed.0 {
            Some(h) => vec![h],
            None => [asked.height_mm, 10.0, 8.0, 6.0, 5.0, 4.0].into_iter().filter(|&h| h <= asked.height_mm).collect(),
        };
        let positions = match fixed.1 {
            Some(p) => vec![p],
            None => vec![HeaderCentre, FooterLeft, FooterRight, HeaderLeft, HeaderRight, FooterCentre],
        };
        for position in positions {
            for height_mm in heights.iter().copied() {
                self.settings.logo = Some(LogoSettings { position, height_mm, ..asked.clone() });
                if !logo_refused(self) {
                    return true;
                }
            }
        }
        self.settings.logo = Some(asked);
        false
    }

    /// The height the logo prints at, mm, where its band's safe zone makes it lower than the
    /// settings ask (housie 0.13 on); `None` when it prints as asked or there is none.
    pub fn logo_printed_lower(&self) -> Option<f32> {
        let l = self.settings.logo.as_ref()?;
        if !crate::export::pdf::PdfFormat::of(&self.housie).fitted_logo() {
            return None;
        }
        let g = crate::print::layout::Geometry::of(&self.template);
        let printed = g.safe_logo_height(&self.template, l.position, l.height_mm);
        (printed < l.height_mm - 0.05).then_some(printed)
    }
}

/// The template in the paper's language, and the word before each serial.
fn paper_in_words(settings: &Settings, template: &Template, booklet_footer: bool) -> (Template, String) {
    match settings.lang.as_deref().and_then(Catalogue::of) {
        Some(words) => (template.in_words(words, booklet_footer), crate::print::template::serial_word(words)),
        None => (template.clone(), "No.".to_string()),
    }
}

/// Why the shipped prize set `prizes` cannot be played on the cards `format` of the look
/// `look` (a 75-ball set's columns and diagonals mean nothing on a strip, nor a strip's rows on
/// a face), or `None`: the one rule the engine and the design's form both say.
pub(crate) fn prizes_off_card(prizes: Option<&str>, format: &CardFormat, look: &str) -> Option<Said> {
    let set = prizes.and_then(crate::rules::PrizeSet::shipped)?;
    let card = crate::domain::format::Card::of(format);
    (set.card() != card).then(|| {
        Said::new(
            "design-prizes-card",
            [
                ("prizes", set.name().to_string()),
                ("set", set.card().name().to_string()),
                ("look", look.to_string()),
                ("card", card.name().to_string()),
            ],
        )
    })
}

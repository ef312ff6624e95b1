//! A run resolved and ready: the settings with the template read, the font loaded and checked,
//! the output folder judged. The CLI parses flags into [`Settings`], resolves them here once,
//! and the pipeline only ever sees the plan.

use std::path::{Path, PathBuf};

use sha2::Digest;

use crate::error::Error;
use crate::export;
use crate::export::pdf::{Colours, PdfStyle};
use crate::generate::{RunOptions, Seed, SeedKind};
use crate::pipeline::{Impose, Order};
use crate::print::font::Font;
use crate::print::logo::{Logo, LogoError};
use crate::print::template::Template;
use crate::record::continuation::Continuation;
use crate::record::settings::{LogoSettings, Settings};
use crate::record::RunRecord;
use crate::support::date::RunDate;

/// Everything `generate` needs, resolved and checked.
#[derive(Clone, Debug)]
pub struct GeneratePlan {
    /// The run's seed.
    pub seed: Seed,
    /// The run's settings.
    pub settings: Settings,
    /// The run folder.
    pub out_dir: PathBuf,
    /// Replace housie's files in a folder that is not empty.
    pub force: bool,
    /// Write nothing: compare every output with the file of that name already in `out_dir`
    /// (how `verify` regenerates a run without needing disk space or leaving anything behind).
    pub compare_only: bool,
    /// The earlier runs this one continues (`generate --after`).
    pub after: Option<Continuation>,
    /// The settings' template, read and checked.
    pub template: Template,
    /// The settings' font, loaded and checked.
    pub font: Font,
    /// The run's date (the PDFs' CreationDate and ModDate), recorded in run.json.
    pub date: RunDate,
    /// The housie version the run is written as (run.json's `housie`, the PDF's Producer): this
    /// one, or the recorded one when `verify` regenerates a run of an earlier version.
    pub housie: String,
    /// How the seed came about, recorded in run.json (`None` for a run of housie 0.2).
    pub seed_kind: Option<SeedKind>,
    /// The settings' logo, decoded and converted.
    pub logo: Option<Logo>,
}

impl GeneratePlan {
    /// Reads the template and font the settings name, once, and checks the whole plan.
    /// `after`: the earlier runs this one continues, if any.
    pub fn resolve(
        seed: Seed,
        settings: Settings,
        out_dir: PathBuf,
        force: bool,
        after: Option<Continuation>,
    ) -> Result<GeneratePlan, Error> {
        let plan = GeneratePlan::resolve_unchecked(seed, settings, out_dir, force, after)?;
        plan.check()?;
        Ok(plan)
    }

    /// As [`GeneratePlan::resolve`], with the template, font and logo read but the whole plan
    /// not checked yet (to adjust it first, as [`GeneratePlan::fit_logo`] does).
    pub fn resolve_unchecked(
        seed: Seed,
        mut settings: Settings,
        out_dir: PathBuf,
        force: bool,
        after: Option<Continuation>,
    ) -> Result<GeneratePlan, Error> {
        settings.check()?;
        let template = match after.as_ref().map(Continuation::latest) {
            // A continuation looks as its run does: a template file since moved or gone (or
            // named from another folder) is read as that run recorded it.
            Some(earlier)
                if earlier.settings.template == settings.template
                    && !crate::print::template::is_shipped(&settings.template)
                    && !Path::new(&settings.template).exists() =>
            {
                Template::parse(&earlier.template.toml, "the earlier run's template (its run.json)")?
            }
            _ => {
                let template = Template::load(&settings.template)?;
                let problems = template.new_run_problems();
                if !problems.is_empty() {
                    let file = settings.template.clone();
                    return Err(crate::print::template::TemplateError::Invalid { file, problems }.into());
                }
                template
            }
        };
        let font = match &settings.font {
            Some(path) => Font::from_file(path)?,
            None => Font::bundled(),
        };
        // Absolute, so `housie verify` finds it from any folder.
        settings.font = font.file().map(Path::to_path_buf);
        if let (None, Some(own)) = (&settings.logo, &template.logo) {
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
                let logo = Logo::load(&l.file)?;
                l.file = std::fs::canonicalize(&l.file).unwrap_or_else(|_| l.file.clone());
                l.sha256.clone_from(&logo.sha256);
                Some(logo)
            }
            None => None,
        };
        let mut plan = GeneratePlan::with_style(seed, settings, out_dir, force, template, font);
        plan.logo = logo;
        plan.after = after;
        plan.date = RunDate::from_env_or_now()?;
        Ok(plan)
    }

    /// A plan with the default settings for `books` books.
    pub fn new(seed: Seed, books: u64, out_dir: PathBuf) -> GeneratePlan {
        let settings = Settings { books, ..Settings::default() };
        let template = Template::load(&settings.template).expect("the built-in template is valid");
        GeneratePlan::with_style(seed, settings, out_dir, false, template, Font::bundled())
    }

    fn with_style(
        seed: Seed,
        settings: Settings,
        out_dir: PathBuf,
        force: bool,
        template: Template,
        font: Font,
    ) -> Self {
        GeneratePlan {
            seed,
            settings,
            out_dir,
            force,
            compare_only: false,
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
            template: &self.template,
            font: &self.font,
            title: &self.settings.title,
            bleed_mm: self.settings.bleed_mm,
            crop_marks: self.settings.crop_marks,
            date: self.date,
            numbering: self.settings.numbering(),
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
            logo: self.logo.as_ref().zip(self.settings.logo.as_ref()),
            subtitle: self.settings.subtitle.as_deref(),
            player_url: self.settings.player_url.as_ref(),
        }
    }

    /// The plan a run record describes (its template as recorded, its font from the recorded
    /// file), to regenerate that run.
    pub fn from_record(record: &RunRecord, out_dir: PathBuf) -> Result<GeneratePlan, Error> {
        let after = record.after.as_ref().map(|a| Continuation::read_recorded(a, &out_dir)).transpose()?;
        GeneratePlan::from_record_after(record, out_dir, after)
    }

    /// As [`GeneratePlan::from_record`], with the runs it continues already read and checked
    /// (a chain verified run by run reads each run once, not once for every run after it).
    pub fn from_record_after(
        record: &RunRecord,
        out_dir: PathBuf,
        after: Option<Continuation>,
    ) -> Result<GeneratePlan, Error> {
        record.settings.check()?;
        let template = Template::parse(&record.template.toml, "run.json's template")?;
        let font = match &record.settings.font {
            None => Font::bundled(),
            Some(path) => Font::from_file(path)?,
        };
        let mut plan = GeneratePlan::with_style(record.seed(), record.settings.clone(), out_dir, false, template, font);
        if let Some(l) = &record.settings.logo {
            let logo = Logo::load(&l.file)?;
            if logo.sha256 != l.sha256 {
                return Err(LogoError::Changed { file: l.file.display().to_string() }.into());
            }
            plan.logo = Some(logo);
        }
        plan.after = after;
        plan.date = RunDate::parse(&record.created)?;
        plan.housie = record.housie.clone();
        plan.seed_kind = record.seed_kind;
        Ok(plan)
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
        self.settings.run_options(self.seed.generator())
    }

    /// Refuses, before anything is written, what would fail or overwrite without `force`.
    pub fn check(&self) -> Result<(), Error> {
        self.check_design()?;
        self.check_folder()
    }

    /// Refuses settings, a look and texts that cannot be printed: everything [`Self::check`]
    /// refuses but the folder (what the studio's preview checks as the organiser types).
    pub fn check_design(&self) -> Result<(), Error> {
        self.settings.check()?;
        if let Some((logo, l)) = self.logo.as_ref().zip(self.settings.logo.as_ref()) {
            logo.check_resolution(l.height_mm)?;
        }
        self.run_options().check()?;
        // A new run (not one being regenerated to verify it) makes its choice of line scope
        // when unique lines across all its books would drift from the uniform law.
        if !self.compare_only {
            self.run_options().check_choice(self.after.as_ref().map_or(0, Continuation::books))?;
        }
        self.style().check()?;
        if self.template.layout.books_per_page() > 1
            && self.settings.games.is_some()
            && self.settings.order == Order::Booklets
        {
            return Err(crate::pipeline::SettingsError {
                field: "order",
                problem: format!(
                    "is `booklets`, but template `{}` puts {} books on a page, which would be games of different \
                     colours; use --order games (each game on its own paper) or a template of one book a page",
                    self.template.name,
                    self.template.layout.books_per_page()
                ),
            }
            .into());
        }
        let s = &self.settings;
        self.style().check_fit(
            s.first_book.saturating_add(s.books - 1),
            s.pages(self.template.layout.tickets_per_page()).len(1),
        )?;
        Ok(())
    }

    /// Moves the logo to where it first fits when it does not fit where it is: the header's
    /// middle, else the footer's ends, else the header's, as high as the room allows (never
    /// higher than asked). Returns whether it moved; the design is then checked as before.
    pub fn fit_logo(&mut self) -> bool {
        use crate::print::logo::LogoPosition::*;
        let Some(asked) = self.settings.logo.clone() else { return false };
        let logo_refused = |plan: &GeneratePlan| {
            matches!(plan.check_design(), Err(Error::Style(crate::export::pdf::StyleError::Logo { .. })))
        };
        if !logo_refused(self) {
            return false;
        }
        let heights = [asked.height_mm, 10.0, 8.0, 6.0, 5.0, 4.0];
        for position in [HeaderCentre, FooterLeft, FooterRight, HeaderLeft, HeaderRight, FooterCentre] {
            for height_mm in heights.into_iter().filter(|&h| h <= asked.height_mm) {
                self.settings.logo = Some(LogoSettings { position, height_mm, ..asked.clone() });
                if !logo_refused(self) {
                    return true;
                }
            }
        }
        self.settings.logo = Some(asked);
        false
    }

    /// What the organiser should know before printing: a colour running to the trim with no
    /// bleed, tickets too close to their cuts, a logo below the resolution that prints sharp.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.style().colour_reaches_trim() {
            warnings.push("the page's colour runs to the trim edge with no bleed: a print shop wants 3 mm".to_string());
        }
        warnings.extend(self.style().cut_too_close());
        if let Some((logo, l)) = self.logo.as_ref().zip(self.settings.logo.as_ref()) {
            warnings.extend(logo.check_resolution(l.height_mm).ok().flatten());
        }
        warnings
    }

    /// The output folder: a folder, and empty unless `force` (nothing to check when comparing).
    pub fn check_folder(&self) -> Result<(), Error> {
        if self.compare_only {
            return Ok(());
        }
        let dir = &self.out_dir;
        if dir.exists() && !dir.is_dir() {
            return Err(Error::NotADir(dir.clone()));
        }
        if self.after.as_ref().is_some_and(|a| a.holds(dir)) {
            return Err(Error::Usage(format!(
                "{}: this folder holds a run the new one continues; write the continuation to a folder of its own",
                dir.display()
            )));
        }
        if let Some(night) = night_in(dir) {
            return Err(Error::HoldsNight { dir: dir.clone(), night });
        }
        if self.force && dir.join(crate::record::RUN_RECORD).is_file() {
            if let Some(by) = crate::record::continuation::continued_by(dir) {
                return Err(Error::ContinuedBy { dir: dir.clone(), by });
            }
        }
        if !self.force && export::is_non_empty_dir(dir) {
            return Err(Error::NotEmpty(dir.clone()));
        }
        Ok(())
    }
}

/// The first night file in `dir`, if it holds one.
fn night_in(dir: &Path) -> Option<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| crate::record::is_night_file(n))
        .collect();
    names.sort();
    names.into_iter().next()
}

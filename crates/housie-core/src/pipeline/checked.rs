//! What an event's page shows after each edit, the studio's and the page's alike: the design's
//! problems beside their fields, what to warn of, how many pages it prints, and what the plan
//! decided of what the design left unsaid (so a form shows the bleed and the logo's place the
//! print will have, without saying them for the organiser).

use serde::Serialize;

use super::problem::Problem;
use super::request::{Note, Planned};
use crate::print::logo::LogoPosition;

/// A design checked by planning it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Checked {
    /// Every problem, each beside its field (none when it plans).
    pub problems: Vec<Problem>,
    /// What the organiser should mend or know before printing, each beside its field.
    pub warnings: Vec<Problem>,
    /// Pages the run prints (0 when it does not plan).
    pub pages: u64,
    /// What the plan decided (nothing when it does not plan).
    pub decided: Decided,
}

/// The plan's own choices for what a design may leave unsaid.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Decided {
    /// The bleed, mm.
    pub bleed_mm: Option<f32>,
    /// The logo's height, mm, as it prints.
    pub logo_height_mm: Option<f32>,
    /// Where the logo goes.
    pub logo_position: Option<LogoPosition>,
}

impl Checked {
    /// What `planned` (a design's plan, or its problems) shows.
    pub fn of(planned: Result<Planned, Vec<Problem>>) -> Checked {
        match planned {
            Err(problems) => Checked { problems, ..Checked::default() },
            Ok(planned) => {
                let settings = planned.plan.settings();
                let logo = settings.logo.as_ref();
                let printed = planned.plan.logo_printed_lower();
                Checked {
                    problems: Vec::new(),
                    warnings: planned.notes.iter().filter_map(Note::warning).collect(),
                    pages: planned.plan.page_count(),
                    decided: Decided {
                        bleed_mm: Some(settings.bleed_mm),
                        logo_height_mm: logo.map(|l| printed.unwrap_or(l.height_mm)),
                        logo_position: logo.map(|l| l.position),
                    },
                }
            }
        }
    }
}

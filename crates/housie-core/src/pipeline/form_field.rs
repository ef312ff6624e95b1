//! The field of a form a problem goes beside: the design's own fields, and the few the page's
//! requests add (a dropped run, its picture, a date). An enum, not a string, so a problem can
//! only name a field the forms have, and the studio and the page find its element by the
//! name JSON gives it (`bleed_mm`, `player_url`, …).

use serde::{Deserialize, Serialize};

/// A field of the design form, or of the page's other requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormField {
    /// The event's title.
    Title,
    /// The line at the foot of every page.
    Subtitle,
    /// The look (a shipped template or the event's own).
    Look,
    /// A4 or Letter.
    Paper,
    /// How many plain books.
    Books,
    /// How many booklets.
    Booklets,
    /// Games per booklet.
    Games,
    /// Booklets printed booklet by booklet or game by game.
    Order,
    /// The bleed, mm.
    BleedMm,
    /// Crop marks.
    CropMarks,
    /// The night's prize set.
    Prizes,
    /// The logo (its file, height and place).
    Logo,
    /// The event's own font.
    Font,
    /// How lines are kept apart.
    Lines,
    /// The address the phones' QR codes open.
    PlayerUrl,
    /// The night's money.
    Currency,
    /// The language of the paper's words.
    Lang,
    /// A request's seed (the page's `generate`).
    Seed,
    /// A request's date (the page's `generate`).
    Date,
    /// A run dropped on the page (its zip or files).
    Run,
    /// The picture of a booklet drawn for a run.
    Picture,
    /// The event as a whole: what belongs beside no one field.
    Event,
}

impl FormField {
    /// The fields a design has, in the order JSON writes them.
    pub const DESIGN: [FormField; 17] = [
        FormField::Title,
        FormField::Subtitle,
        FormField::Look,
        FormField::Paper,
        FormField::Books,
        FormField::Booklets,
        FormField::Games,
        FormField::Order,
        FormField::BleedMm,
        FormField::CropMarks,
        FormField::Prizes,
        FormField::Logo,
        FormField::Font,
        FormField::Lines,
        FormField::PlayerUrl,
        FormField::Currency,
        FormField::Lang,
    ];

    /// The field as JSON names it (`bleed_mm`).
    pub fn as_str(self) -> &'static str {
        match self {
            FormField::Title => "title",
            FormField::Subtitle => "subtitle",
            FormField::Look => "look",
            FormField::Paper => "paper",
            FormField::Books => "books",
            FormField::Booklets => "booklets",
            FormField::Games => "games",
            FormField::Order => "order",
            FormField::BleedMm => "bleed_mm",
            FormField::CropMarks => "crop_marks",
            FormField::Prizes => "prizes",
            FormField::Logo => "logo",
            FormField::Font => "font",
            FormField::Lines => "lines",
            FormField::PlayerUrl => "player_url",
            FormField::Currency => "currency",
            FormField::Lang => "lang",
            FormField::Seed => "seed",
            FormField::Date => "date",
            FormField::Run => "run",
            FormField::Picture => "picture",
            FormField::Event => "event",
        }
    }

    /// The design's field JSON calls `name`, if it is one.
    pub fn of_design(name: &str) -> Option<FormField> {
        FormField::DESIGN.into_iter().find(|f| f.as_str() == name)
    }
}

impl std::fmt::Display for FormField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JSON's name for each field is the one `as_str` gives (the forms find elements by it).
    #[test]
    fn json_names_each_field_as_as_str_does() {
        for field in FormField::DESIGN.into_iter().chain([FormField::Seed, FormField::Run, FormField::Event]) {
            assert_eq!(serde_json::to_value(field).unwrap(), field.as_str());
            assert_eq!(serde_json::from_value::<FormField>(field.as_str().into()).unwrap(), field);
        }
        assert_eq!(FormField::of_design("bleed_mm"), Some(FormField::BleedMm));
        assert_eq!(FormField::of_design("seed"), None);
    }
}

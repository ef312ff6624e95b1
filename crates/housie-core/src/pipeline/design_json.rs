//! A design read from JSON (a page's request, a form's save, a studio's `studio.json`): each
//! field of its own kind, none unknown, and the first that is not said beside its field, with
//! a number's bounds from the one schema ([`super::design_schema`]).

use super::design::Design;
use super::design_schema::{DesignSchema, Kind};
use super::form_field::FormField;
use super::problem::Problem;

impl Design {
    /// A design read from JSON (a page's request, a form's save): each field of its own kind,
    /// none unknown, or the first that is not, as a problem beside it.
    pub fn from_json(text: &str) -> Result<Design, Problem> {
        let mut json = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut json).map_err(|e| {
            let name = e.path().iter().find_map(|s| match s {
                serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                _ => None,
            });
            let known = name.as_deref().and_then(FormField::of_design);
            match (known, e.inner().to_string()) {
                (_, why) if why.starts_with("unknown field") => {
                    let name = why.split('`').nth(1).unwrap_or_default().to_string();
                    let message = format!("`{name}` is not part of an event's design");
                    Problem::said(FormField::Event, message, "design-unknown-field", [("name", name)])
                }
                (Some(field), _) => wrong_value(field),
                (None, _) => {
                    Problem::said(FormField::Event, "the event is not a design housie reads", "design-not-read", [])
                }
            }
        })
    }
}

/// The problem with a field whose value is not of its kind (a count of -3 or 1.5, a word where
/// a number goes): a number's bounds from the one schema, so the page says what it takes, as
/// the command line does.
fn wrong_value(field: FormField) -> Problem {
    let schema = DesignSchema::new(false);
    match schema.field(field, None).and_then(|f| Some((f.kind, f.min?, f.max?, f.step))) {
        Some((Kind::Number, min, max, step)) => {
            let (min, max) = (min.to_string(), max.to_string());
            match step == Some(1.0) {
                true => {
                    let message = format!("give a whole number from {min} to {max}");
                    Problem::said(field, message, "design-whole-number-from", [("min", min), ("max", max)])
                }
                false => {
                    let message = format!("give a number from {min} to {max}");
                    Problem::said(field, message, "design-number-from", [("min", min), ("max", max)])
                }
            }
        }
        _ => Problem::said(field, "this is not a value housie takes here", "design-wrong-value", []),
    }
}

//! The event's own font: uploaded as the request's body, checked as `--font` checks a file,
//! kept in the event's folder under its own PostScript name (the run records it by that name
//! and its SHA-256, and `verify` finds it beside the run).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;

use super::events::{changeable, keep_upload, view, EventView};
use super::state::{blocking, event_id, refused, upload_turn, Studio};
use crate::web::error::ApiError;
use housie_core::pipeline::design_font::{font_name, is_font_file};
use housie_core::pipeline::problem::problem_of;

/// `POST /api/events/{id}/font`: the font file as the body, whatever its content type says
/// (browsers send `.ttf` and `.otf` files under several); only a font housie can print is kept.
pub async fn upload(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    let turns = Arc::clone(&studio);
    let _turn = upload_turn(&turns, "font").await?;
    blocking(move || {
        changeable(&studio, &id)?;
        let name = font_name(&body).map_err(|e| ApiError::from(problem_of(e.into())))?;
        let kept = keep_upload(&studio, &id, &name, &body, |file, dir| {
            let old = file.design.font.replace(name.clone());
            remove_old(dir, old.as_deref(), Some(&name));
        })?;
        Ok(Json(kept))
    })
    .await
}

/// `DELETE /api/events/{id}/font`: housie's own fonts.
pub async fn remove(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        changeable(&studio, &id)?;
        let mut file = studio.events.read(&id).map_err(refused)?;
        let old = file.design.font.take();
        studio.events.write(&id, &file).map_err(refused)?;
        remove_old(&studio.events.dir(&id), old.as_deref(), None);
        view(&studio, &id).map(Json)
    })
    .await
}

/// Removes the font the design named before, unless the event has a run: `verify`, a top-up
/// and a restored run find their font beside them.
fn remove_old(dir: &std::path::Path, old: Option<&str>, new: Option<&str>) {
    let Some(old) = old.filter(|o| Some(*o) != new && is_font_file(o)) else { return };
    if !dir.join("run.json").exists() {
        let _ = std::fs::remove_file(dir.join(old));
    }
}

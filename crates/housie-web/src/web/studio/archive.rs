//! "Archive this event": its folder moved whole out of the list, never deleted (a seed and a
//! night are never destroyed), and refused while anything uses it.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::state::{blocking, event_id, refused, Studio};
use crate::web::error::ApiError;

/// `POST /api/events/{id}/archive` → `{"archived": ".archived/ID"}`.
pub async fn archive(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = event_id(&studio, &id)?;
    if studio.job(&id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified; wait for it"));
    }
    if super::night::served(&studio, &id).is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "the event's night is open from here; archive it once the studio has been started again",
        ));
    }
    blocking(move || {
        if let Some(top_up) = studio.events.topped_up_by(&id).first() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("event “{top_up}” tops this one up and reads its run: archive that one first"),
            ));
        }
        // Held while it moves: a generate, an export or a night from outside waits or is refused.
        let dir = studio.events.dir(&id);
        let _held = housie_files::lock::lock_folder(&dir)
            .map_err(|e| refused(housie_core::error::Error::io(&dir)(e)))?
            .ok_or_else(|| refused(housie_core::error::Error::Busy(dir.clone())))?;
        let to = studio.events.archive(&id).map_err(refused)?;
        (studio.log)(&format!("{id}: archived to {}", to.display()));
        let shown =
            format!("{}/{}", crate::studio::Events::ARCHIVE, to.file_name().unwrap_or_default().to_string_lossy());
        Ok(Json(serde_json::json!({ "archived": shown })))
    })
    .await
}

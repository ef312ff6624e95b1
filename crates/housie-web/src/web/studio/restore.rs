//! Restoring a run replaced by generating again: made anew from the record kept beside the
//! run (`run-replaced-N.json`), byte for byte as it was, until a night is played.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::events::changeable;
use super::state::{blocking, event_id, refused, Studio};
use crate::studio::job::JobView;
use crate::web::error::ApiError;
use crate::web::extract::JsonBody;

/// What `POST /api/events/{id}/restore` takes.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestoreBody {
    /// The kept record (`run-replaced-1.json`), as the event lists it.
    name: String,
    /// The event's version as the page saw it.
    #[serde(default)]
    version: Option<String>,
}

/// `POST /api/events/{id}/restore` → `202`: makes a replaced run again from its kept record,
/// byte for byte as it was (its seed and settings), so paper printed from it matches once more;
/// the run it replaces is kept in its turn. Refused once a night exists, as generating is.
pub async fn restore(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    JsonBody(asked): JsonBody<RestoreBody>,
) -> Result<(StatusCode, Json<JobView>), ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        changeable(&studio, &id)?;
        super::events::same_version(&studio, &id, asked.version.as_deref())?;
        let dir = studio.events.dir(&id);
        if !super::events::replaced_runs(&dir).iter().any(|(name, _)| *name == asked.name) {
            return Err(ApiError::field(
                StatusCode::NOT_FOUND,
                "replaced",
                format!("the event kept no run `{}`", housie_core::domain::text::clip(&asked.name, 60)),
            ));
        }
        let path = dir.join(&asked.name);
        let bytes = housie_files::read::read_bytes(&path, housie_core::record::MAX_RECORD)
            .map_err(|e| refused(housie_core::error::Error::io(&path)(e)))?;
        let (record, text) = housie_core::record::RunRecord::from_bytes(bytes, &path).map_err(refused)?;
        let after = match &record.after {
            Some(after) => Some(housie_files::continuation::read_recorded(after, &dir).map_err(refused)?),
            None => None,
        };
        let plan =
            housie_core::pipeline::GeneratePlan::from_record(&record, after, &housie_files::read::RunFolder(&dir))
                .map_err(refused)?;
        let code = housie_core::record::run_code(&text);
        let summary = move |_: &housie_files::run::Outcome, dir: &std::path::Path| {
            format!("run {code} restored in {}", dir.display())
        };
        let job = super::jobs::start_writing(&studio, &id, plan, summary)?;
        Ok((StatusCode::ACCEPTED, Json(job.view())))
    })
    .await
}

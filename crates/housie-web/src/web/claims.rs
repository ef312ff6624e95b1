//! `/api/games/{id}/claims`: settle a claim by serial; `/api/games/{id}/bars/{serial}`: lift a
//! ticket's bar under the bogey rule.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody};
use housie_night::night::{Answer, Command};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeskClaim {
    serial: String,
}

/// `POST /api/games/{id}/claims` `{"serial"}` → `200` with the verdict; 404 for a serial not in
/// the run, 422 for one that is malformed or fails its check digit (with `suggestions`).
pub async fn claim(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<DeskClaim>,
) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    app.handle(Command::Claim { game: id, serial: body.serial }).await
}

/// `DELETE /api/games/{id}/bars/{serial}` → `200 {"lifted"}`: the ticket may claim again this
/// game; 409 when it is not barred.
pub async fn lift_bar(
    State(app): State<Arc<App>>,
    _: Caller,
    Path((id, serial)): Path<(String, String)>,
) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    app.handle(Command::LiftBar { game: id, serial }).await
}

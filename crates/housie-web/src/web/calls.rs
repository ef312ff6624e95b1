//! `/api/games/{id}/calls`, `/draw`, `/undo`: the numbers called.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use housie_night::night::{Answer, Command};
use serde::Deserialize;

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewCall {
    number: i64,
}

/// `POST /api/games/{id}/calls` `{"number": 17}` → `201 {"index", "number"}`; 409 if already
/// called, 422 if not 1–90.
pub async fn call(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<NewCall>,
) -> Result<(StatusCode, Json<Answer>), ApiError> {
    let id = game_id(&id)?;
    Ok((StatusCode::CREATED, app.handle(Command::Call { game: id, number: body.number }).await?))
}

/// `POST /api/games/{id}/draw` → `201 {"index", "number"}`: housie draws from the game's seed.
pub async fn draw(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<Answer>), ApiError> {
    let id = game_id(&id)?;
    Ok((StatusCode::CREATED, app.handle(Command::Draw { game: id }).await?))
}

/// `POST /api/games/{id}/undo` → `200 {"undone"}`: the last call taken back (and logged).
pub async fn undo(State(app): State<Arc<App>>, _: Caller, Path(id): Path<String>) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    app.handle(Command::Undo { game: id }).await
}

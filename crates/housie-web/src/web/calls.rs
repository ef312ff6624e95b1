//! `/api/games/{id}/calls`, `/draw`, `/undo`: the numbers called.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

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
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id = game_id(&id)?;
    let (index, number) = app.change(move |night| night.call(id, body.number)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "index": index, "number": number }))))
}

/// `POST /api/games/{id}/draw` → `201 {"index", "number"}`: housie draws from the game's seed.
pub async fn draw(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id = game_id(&id)?;
    let (index, number) = app.change(move |night| night.draw(id)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "index": index, "number": number }))))
}

/// `POST /api/games/{id}/undo` → `200 {"undone"}`: the last call taken back (and logged).
pub async fn undo(State(app): State<Arc<App>>, _: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let number = app.change(move |night| night.undo(id)).await?;
    Ok(Json(json!({ "undone": number })))
}

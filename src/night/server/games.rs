//! `/api/games`: create a game, move on to the next prize, end a game.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody};
use super::App;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    name: String,
    /// `uk` (default) or `tambola`.
    #[serde(default = "uk")]
    prizes: String,
    /// `all` (default) or ranges like `1-480`: of booklets, in a run of booklets.
    #[serde(default)]
    books: String,
    /// In a run of booklets, which game of each booklet is played (required there).
    #[serde(default)]
    game: Option<u16>,
}

fn uk() -> String {
    "uk".to_string()
}

/// `POST /api/games` `{"name", "prizes", "books", "game"}` → `201 {"id"}`.
pub async fn create(
    State(app): State<Arc<App>>,
    _: Caller,
    JsonBody(body): JsonBody<NewGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id = app.change(move |night| night.create_game(&body.name, &body.prizes, &body.books, body.game)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
}

/// `POST /api/games/{id}/next-prize` → `200 {"prize"}`: the prize now played, or `null`.
pub async fn next_prize(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let prize = app.change(move |night| night.next_prize(id)).await?;
    Ok(Json(json!({ "prize": prize.map(|p| p.name()) })))
}

/// `POST /api/games/{id}/end` → `200 {"seed"}`: the game's draw seed, revealed.
pub async fn end(State(app): State<Arc<App>>, _: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seed = app.change(move |night| night.end(id)).await?;
    Ok(Json(json!({ "seed": seed })))
}

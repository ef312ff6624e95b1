//! `/api/games`: create a game, record its winners, take a win back, move on from a prize, end
//! a game, and plan its prizes before the first call.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody, MaybeJson};
use housie_night::night::command::NewGame;
use housie_night::night::{Answer, Command};

pub async fn create(
    State(app): State<Arc<App>>,
    _: Caller,
    JsonBody(body): JsonBody<NewGame>,
) -> Result<(StatusCode, Json<Answer>), ApiError> {
    Ok((StatusCode::CREATED, app.handle(Command::StartGame(body)).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeName {
    prize: Option<String>,
}

/// `POST /api/games/{id}/next-prize` (`{"prize"}` optional in a set played in order) → `200
/// {"prize"}`: one place of the prize closed without naming its winner; the prize now played.
pub async fn next_prize(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    MaybeJson(body): MaybeJson<PrizeName>,
) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    let prize = body.and_then(|b| b.prize);
    app.handle(Command::NextPrize { game: id, prize }).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewWinner {
    serial: String,
    /// The prizes won; by default every prize the claim stands for.
    #[serde(default)]
    prizes: Option<Vec<String>>,
}

/// `POST /api/games/{id}/winners` `{"serial", "prizes"}` → `201 {"won": [{"prize", "place",
/// "shared"}]}`: the caller confirms a claim that stands; 409 if it does not stand now.
pub async fn win(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<NewWinner>,
) -> Result<(StatusCode, Json<Answer>), ApiError> {
    let id = game_id(&id)?;
    let won = Command::Win { game: id, serial: body.serial, prizes: body.prizes };
    Ok((StatusCode::CREATED, app.handle(won).await?))
}

/// `POST /api/games/{id}/reopen` (`{"prize"}` optional: by default the last win) → `200
/// {"reopened"}`: a win taken back before the next call.
pub async fn reopen(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    MaybeJson(body): MaybeJson<PrizeName>,
) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    let prize = body.and_then(|b| b.prize);
    app.handle(Command::Reopen { game: id, prize }).await
}

/// `POST /api/games/{id}/end` → `200 {"seed"}`: the game's draw seed, revealed.
pub async fn end(State(app): State<Arc<App>>, _: Caller, Path(id): Path<String>) -> Result<Json<Answer>, ApiError> {
    let id = game_id(&id)?;
    app.handle(Command::End { game: id }).await
}

/// `GET /api/games/{id}/plan` → the planner's figures for the game's tickets and prizes: the
/// call at which each prize is won (median, 5th and 95th percentiles) and how often it is shared.
pub async fn plan(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<housie_core::rules::planner::Plan>, ApiError> {
    let id = game_id(&id)?;
    let (books, set) = app.read(move |night| night.plan_inputs(id)).await?;
    let run = app.run();
    let plan = tokio::task::spawn_blocking(move || housie_night::night::plan::plan(&run, id, &books, &set))
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the planner failed"))?;
    Ok(Json(plan))
}

//! `/api/games`: create a game, record its winners, take a win back, move on from a prize, end
//! a game, and plan its prizes before the first call.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody, MaybeJson};
use housie_night::night::state::PrizeChoice;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    name: String,
    /// A prize set by name (`uk`, the default; `tambola`; `tambola-full`; a set the server was
    /// given), or `{"toml": "…"}`: a prize file's text.
    #[serde(default)]
    prizes: Option<Prizes>,
    /// `all` (default) or ranges like `1-480`: of booklets, in a run of booklets.
    #[serde(default)]
    books: String,
    /// In a run of booklets, which game of each booklet is played (required there).
    #[serde(default)]
    game: Option<u16>,
    /// The bogey rule: a false claim bars the ticket for the rest of the game.
    #[serde(default)]
    bogey: bool,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Prizes {
    Name(String),
    File { toml: String },
}

/// `POST /api/games` `{"name", "prizes", "books", "game", "bogey"}` → `201 {"id"}`.
pub async fn create(
    State(app): State<Arc<App>>,
    _: Caller,
    JsonBody(body): JsonBody<NewGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let prizes = match body.prizes {
        None => PrizeChoice::Named("uk".into()),
        Some(Prizes::Name(name)) => PrizeChoice::Named(name),
        Some(Prizes::File { toml }) => PrizeChoice::Toml(toml),
    };
    let id =
        app.change(move |night| night.create_game(&body.name, &prizes, &body.books, body.game, body.bogey)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
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
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let prize = body.and_then(|b| b.prize);
    let next = app.change(move |night| night.next_prize(id, prize.as_deref())).await?;
    Ok(Json(json!({ "prize": next })))
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
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id = game_id(&id)?;
    let won = app.change(move |night| night.win(id, &body.serial, body.prizes.as_deref())).await?;
    Ok((StatusCode::CREATED, Json(json!({ "won": won }))))
}

/// `POST /api/games/{id}/reopen` (`{"prize"}` optional: by default the last win) → `200
/// {"reopened"}`: a win taken back before the next call.
pub async fn reopen(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    MaybeJson(body): MaybeJson<PrizeName>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let prize = body.and_then(|b| b.prize);
    let reopened = app.change(move |night| night.reopen(id, prize.as_deref())).await?;
    Ok(Json(json!({ "reopened": reopened })))
}

/// `POST /api/games/{id}/end` → `200 {"seed"}`: the game's draw seed, revealed.
pub async fn end(State(app): State<Arc<App>>, _: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seed = app.change(move |night| night.end(id)).await?;
    Ok(Json(json!({ "seed": seed })))
}

/// `GET /api/games/{id}/plan` → the planner's figures for the game's tickets and prizes: the
/// call at which each prize is won (median, 5th and 95th percentiles) and how often it is shared.
pub async fn plan(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<housie_core::rules::planner::Plan>, ApiError> {
    let id = game_id(&id)?;
    let game = app
        .read(move |night| {
            let i = usize::try_from(id).ok()?.checked_sub(1)?;
            night.games().get(i).map(|g| (g.books.clone(), g.set.clone()))
        })
        .await;
    let Some((books, set)) = game else { return Err(ApiError::not_found(format!("there is no game {id}"))) };
    let run = app.run();
    let plan = tokio::task::spawn_blocking(move || {
        let tickets = run.tickets_in(&books);
        // About a second of work on two cores, however many tickets: fewer games for more tickets.
        let games = (6_000_000 / tickets.len().max(1)).clamp(200, 2_000);
        housie_core::rules::planner::plan(
            &tickets,
            &set,
            games,
            &housie_core::generate::Seed::from_text(&format!("plan of game {id}")),
        )
    })
    .await
    .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the planner failed"))?;
    Ok(Json(plan))
}

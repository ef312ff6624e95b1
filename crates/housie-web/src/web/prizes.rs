//! `GET /api/prizes`: the prize sets a new game can play, with what each prize needs; and
//! `GET /api/call-names`: the lists of call names the pages can speak.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

use super::app::App;
use housie_night::night::prize_list::PrizeList;

/// `GET /api/prizes` → `{"sets": [{"name", "opens", "prizes": [{"prize", "needs", "places"}]}]}`.
pub async fn list(State(app): State<Arc<App>>) -> Json<PrizeList> {
    Json(app.read(|night| PrizeList::of(&night.prize_sets())).await)
}

/// `GET /api/call-names` → `{"lists": [{"name", "names": [90 names]}]}`.
pub async fn call_names(State(app): State<Arc<App>>) -> Json<Value> {
    Json(json!({ "lists": app.call_names }))
}

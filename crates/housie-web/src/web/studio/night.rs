//! "Open the caller's desk": the night of an event, served from the studio's own process on a
//! port of its own, as `housie serve` would serve it; the page gets the desk's URL with its
//! token, so the organiser needs no second command.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::state::{event_id, Studio};
use crate::web::error::ApiError;
use crate::web::{App, JoinAddress, ServeOptions};
use housie_night::night::{Night, NightRun, OpenOptions};

/// `POST /api/events/{id}/night` → `{"desk": URL}`: starts (or finds) the event's night.
pub async fn open(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = event_id(&studio, &id)?;
    if let Some(desk) = studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&id) {
        return Ok(Json(serde_json::json!({ "desk": desk })));
    }
    if studio.job(&id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified; wait for it"));
    }
    let dir = studio.events.dir(&id);
    let night = tokio::task::spawn_blocking(move || -> Result<Night, ApiError> {
        let run = NightRun::open(&dir).map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
        let (mut night, _) =
            Night::open(run, OpenOptions::default()).map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
        if night.ledger().currency().is_none() {
            night.set_money(housie_night::ledger::Currency::GBP, None);
        }
        Ok(night)
    })
    .await
    .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "opening the night failed"))??;
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(studio.ip, 0))
        .await
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no port for the night: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no port for the night: {e}")))?;
    let local = if bound.ip().is_unspecified() {
        SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), bound.port())
    } else {
        bound
    };
    let base = crate::web::addresses::url(local);
    let options = ServeOptions {
        join: JoinAddress { url: Some(format!("{base}/play")), reachable: !bound.ip().is_loopback() },
        ..ServeOptions::default()
    };
    let app = App::with(night, options);
    // The desk offers the design's prize set first.
    let prizes = studio.events.read(&id).map(|f| f.design.prizes).unwrap_or_default();
    let desk = format!("{base}/?token={}&prizes={prizes}", app.token());
    (studio.log)(&format!("the night of {id} is served at {base} (the desk: {desk})"));
    tokio::spawn(crate::web::serve(app, listener, std::future::pending()));
    studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(id, desk.clone());
    Ok(Json(serde_json::json!({ "desk": desk })))
}

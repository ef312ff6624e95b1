//! "Open the caller's desk": the night of an event, served from the studio's own process as
//! `housie serve` serves it (the same opening, the event's currency), at an address chosen once
//! for the event's chain and kept in its `studio.json`: a restart of the studio finds the same
//! port, so open desks, boards and phones reconnect, and the `phone` look's QR codes, which the
//! studio points at that address before generating, reach it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::state::{blocking, event_id, refused, Served, Studio};
use crate::web::error::ApiError;
use crate::web::hall::Place;
use crate::web::opening::{open_night, NightSettings, OpeningError};
use crate::web::{App, ServeOptions};

/// The folder whose night serves event `id` (one night a chain).
pub(super) fn home(studio: &Studio, id: &str) -> PathBuf {
    housie_files::chain::night_home(&studio.events.dir(id))
}

/// The desk of event `id`'s night, if the studio serves it.
pub(super) fn served(studio: &Studio, id: &str) -> Option<Served> {
    studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&home(studio, id)).cloned()
}

/// The port of the night of `id`'s chain: the one recorded with the chain's first event, or a
/// free one, recorded there now.
pub(super) fn port(studio: &Studio, id: &str) -> Result<u16, ApiError> {
    let owner = studio.events.night_event(id).unwrap_or_else(|| id.to_string());
    let mut file = studio.events.read(&owner).map_err(refused)?;
    if let Some(port) = file.night_port {
        return Ok(port);
    }
    let free = std::net::TcpListener::bind(SocketAddr::new(studio.ip, 0))
        .and_then(|l| l.local_addr())
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no port for the night: {e}")))?
        .port();
    file.night_port = Some(free);
    studio.events.write(&owner, &file).map_err(refused)?;
    Ok(free)
}

/// Where phones reach the night of `id` (`http://ADDR:PORT`): the address a `phone` look's
/// codes print when the design names none.
pub(super) fn player_address(studio: &Studio, id: &str) -> Result<String, ApiError> {
    let port = port(studio, id)?;
    let place = Place::of(SocketAddr::new(studio.ip, port), None);
    Ok(crate::web::addresses::url(place.boards[0]))
}

/// `POST /api/events/{id}/night` → `{"desk": URL}`: starts (or finds) the night of the event's
/// chain.
pub async fn open(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = event_id(&studio, &id)?;
    if let Some(night) = served(&studio, &id) {
        return Ok(Json(serde_json::json!({ "desk": night.desk })));
    }
    if studio.job(&id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified; wait for it"));
    }
    if studio.events.state(&id) == crate::studio::EventState::Designed {
        return Err(ApiError::new(StatusCode::CONFLICT, "generate the event first: the desk plays its tickets"));
    }
    let (home, port, file) = {
        let studio = Arc::clone(&studio);
        let id = id.clone();
        blocking(move || {
            let port = port(&studio, &id)?;
            let file = studio.events.read(&id).map_err(refused)?;
            Ok((home(&studio, &id), port, file))
        })
        .await?
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(studio.ip, port)).await.map_err(|e| {
        ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "the night's address, port {port}, is taken by another program ({e}); the desk, the board and the \
                 tickets' codes use it, so close that program and open the desk again"
            ),
        )
    })?;
    let bound = listener
        .local_addr()
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no port for the night: {e}")))?;
    let dir = studio.events.dir(&id);
    let currency = match file.design.currency.as_str() {
        "" => None,
        code => Some(
            housie_night::ledger::Currency::parse(code)
                .map_err(|e| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "currency", e.to_string()))?,
        ),
    };
    let opened = blocking(move || {
        open_night(&dir, NightSettings { currency, ..NightSettings::default() }).map_err(|e| match e {
            OpeningError::Open(e) => ApiError::new(StatusCode::CONFLICT, e.to_string()),
            OpeningError::Setting { field, message } => {
                ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, field, message)
            }
        })
    })
    .await?;
    let place = Place::of(bound, opened.player_url.as_ref());
    // Printed codes that point elsewhere would send every phone astray: say so, open nothing.
    if let Some(why) = place.unreached(opened.player_url.as_ref()) {
        return Err(ApiError::field(
            StatusCode::CONFLICT,
            "player_url",
            format!("{why}; serve this run with `housie serve --listen` on that address, or make its paper again"),
        ));
    }
    let mut night = opened.night;
    for line in opened.warnings.iter().chain(&opened.notes) {
        (studio.log)(&format!("{id}: {line}"));
    }
    if let Err(e) = night.set_serving(&place.desk()) {
        (studio.log)(&format!("{id}: {e}"));
    }
    let options = ServeOptions { join: place.join.clone(), ..ServeOptions::default() };
    let app = App::with(night, options);
    // The desk offers the design's prize set first.
    let desk = format!("{}/?token={}&prizes={}", place.desk(), app.token(), file.design.prizes);
    (studio.log)(&format!("the night of {id} is served at {} (the desk: {desk})", place.desk()));
    tokio::spawn(crate::web::serve(app, listener, std::future::pending()));
    studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(home, Served { desk: desk.clone() });
    Ok(Json(serde_json::json!({ "desk": desk })))
}

//! "Open the caller's desk": the night of an event, served from the studio's own process as
//! `housie serve` serves it (the same opening, the event's currency), at an address chosen once
//! for the event's chain and kept in its `studio.json`: a restart of the studio finds the same
//! port, so open desks, boards and phones reconnect, and the `phone` look's QR codes, which the
//! studio points at that address before generating, reach it.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::state::{blocking, event_id, refused, Served, Studio};
use crate::web::error::ApiError;
use crate::web::extract::JsonBody;
use crate::web::hall::Place;
use crate::web::opening::{open_night, NightSettings, OpeningError};
use crate::web::{App, ServeOptions};
use housie_night::night::Served as _;

/// The folder whose night serves event `id` (one night a chain).
pub(super) fn home(studio: &Studio, id: &str) -> PathBuf {
    housie_files::chain::night_home(&studio.events.dir(id))
}

/// The desk of event `id`'s night, if the studio serves it.
pub(super) fn served(studio: &Studio, id: &str) -> Option<Served> {
    studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&home(studio, id)).cloned()
}

/// The event that keeps the night of `id`'s chain (its settings are recorded there).
fn owner(studio: &Studio, id: &str) -> String {
    studio.events.night_event(id).unwrap_or_else(|| id.to_string())
}

/// The port of the night of `id`'s chain: the one recorded with the chain's first event, or a
/// free one (free on every interface, so that letting phones join later finds it free too),
/// recorded there now.
pub(super) fn port(studio: &Studio, id: &str) -> Result<u16, ApiError> {
    let owner = owner(studio, id);
    let mut file = studio.events.read(&owner).map_err(refused)?;
    if let Some(port) = file.night_port {
        return Ok(port);
    }
    let free = std::net::TcpListener::bind(SocketAddr::new(every_interface(studio.ip), 0))
        .and_then(|l| l.local_addr())
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no port for the night: {e}")))?
        .port();
    file.night_port = Some(free);
    studio.events.write(&owner, &file).map_err(refused)?;
    Ok(free)
}

/// Whether the night of `id`'s chain lets phones join.
pub(super) fn phones(studio: &Studio, id: &str) -> bool {
    studio.events.read(&owner(studio, id)).is_ok_and(|f| f.night_phones)
}

/// The unspecified address of `ip`'s family: every interface.
fn every_interface(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    }
}

/// Where the night listens: the hall's network when phones join, else where the studio does.
fn night_ip(studio: &Studio, phones: bool) -> IpAddr {
    if phones {
        every_interface(studio.ip)
    } else {
        studio.ip
    }
}

/// Where phones reach the night of `id` (`http://ADDR:PORT` on the hall's network): the
/// address a `phone` look's codes print when the design names none. Codes are for phones, so
/// the chain's night lets phones join from now on.
pub(super) fn player_address(studio: &Studio, id: &str) -> Result<String, ApiError> {
    let port = port(studio, id)?;
    let owner = owner(studio, id);
    let mut file = studio.events.read(&owner).map_err(refused)?;
    if !file.night_phones {
        file.night_phones = true;
        studio.events.write(&owner, &file).map_err(refused)?;
    }
    let place = Place::of(SocketAddr::new(night_ip(studio, true), port), None);
    Ok(crate::web::addresses::url(place.boards[0]))
}

/// The address the run's QR codes open, when it is one for phones (not this computer's own).
fn codes_for_phones(studio: &Studio, id: &str) -> Option<housie_core::domain::PlayerUrl> {
    let (record, _) = housie_files::record::read_record(&home(studio, id)).ok()?;
    record.settings.player_url.filter(|u| {
        let (host, _) = u.host_port();
        let host = host.trim_start_matches('[').trim_end_matches(']');
        host != "localhost" && !host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    })
}

/// What `POST /api/events/{id}/phones` takes.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhonesBody {
    /// Whether players' phones may join the night.
    join: bool,
}

/// `POST /api/events/{id}/phones` `{"join": true}`: *Let phones join*, chosen before the desk
/// is opened (an open night keeps the address it was opened on until the studio starts again).
pub async fn set_phones(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<PhonesBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = event_id(&studio, &id)?;
    if served(&studio, &id).is_some() {
        return Err(ApiError::field(
            StatusCode::CONFLICT,
            "phones",
            "the night is already open on its address; who may join changes when the studio is started again",
        ));
    }
    blocking(move || {
        let owner = owner(&studio, &id);
        let mut file = studio.events.read(&owner).map_err(refused)?;
        if let (false, Some(url)) = (body.join, codes_for_phones(&studio, &id)) {
            return Err(ApiError::field(
                StatusCode::CONFLICT,
                "phones",
                format!("the tickets' QR codes open {url}: phones must be able to join this night"),
            ));
        }
        file.night_phones = body.join;
        studio.events.write(&owner, &file).map_err(refused)?;
        Ok(Json(serde_json::json!({ "phones": body.join })))
    })
    .await
}

/// `POST /api/events/{id}/night` → `{"desk": URL}`: starts (or finds) the night of the event's
/// chain.
pub async fn open(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = event_id(&studio, &id)?;
    if let Some(night) = served(&studio, &id) {
        return Ok(Json(serde_json::json!({ "desk": night.desk, "join": night.join })));
    }
    if studio.job(&id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified; wait for it"));
    }
    if studio.events.state(&id) == crate::studio::EventState::Designed {
        return Err(ApiError::new(StatusCode::CONFLICT, "generate the event first: the desk plays its tickets"));
    }
    let (home, port, file, phones) = {
        let studio = Arc::clone(&studio);
        let id = id.clone();
        blocking(move || {
            let port = port(&studio, &id)?;
            let file = studio.events.read(&id).map_err(refused)?;
            // Printed codes for phones are served where phones reach them.
            let phones = phones(&studio, &id) || codes_for_phones(&studio, &id).is_some();
            Ok((home(&studio, &id), port, file, phones))
        })
        .await?
    };
    let (listener, bound) = bind(&studio, phones, port).await?;
    let dir = studio.events.dir(&id);
    let currency = currency(&file)?;
    let opened = blocking(move || {
        open_night(&dir, NightSettings { currency, ..NightSettings::default() }).map_err(opening_refused)
    })
    .await?;
    let place = Place::of(bound, opened.player_url.as_ref());
    // Printed codes that point elsewhere would send every phone astray: say so, open nothing.
    if let Some(why) = place.unreached(opened.player_url.as_ref()) {
        return Err(ApiError::field(
            StatusCode::CONFLICT,
            "player_url",
            format!(
                "{why}; join this computer to the network that address is on, or generate the paper again with \
                 the player page address left empty (the studio then names its own)"
            ),
        ));
    }
    let mut night = opened.night;
    for line in opened.warnings.iter().chain(&opened.notes) {
        (studio.log)(&format!("{id}: {line}"));
    }
    if let Err(e) = night.set_serving(&place.desk()) {
        (studio.log)(&format!("{id}: {e}"));
    }
    // A phone opens the printed address: its name is one this server answers to.
    let printed_host: Vec<String> = opened.player_url.iter().map(|u| u.host_port().0).collect();
    let options = ServeOptions {
        join: place.join.clone(),
        hosts: crate::web::guard::Hosts::of_this_machine(&printed_host),
        ..ServeOptions::default()
    };
    let app = App::with(night, options);
    // The desk offers the design's prize set first.
    let desk = format!("{}/?token={}&prizes={}", place.desk(), app.token(), file.design.prizes);
    (studio.log)(&format!("the night of {id} is served at {} (the desk: {desk})", place.desk()));
    // Where phones join, when they may: what the board's QR code shows.
    let join = phones.then(|| place.join.url.clone()).flatten();
    if let Some(join) = &join {
        (studio.log)(&format!("{id}: phones on this computer's network join at {join}"));
    }
    tokio::spawn(crate::web::serve(app, listener, std::future::pending()));
    let served = Served { desk: desk.clone(), join: join.clone() };
    studio.nights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(home, served);
    Ok(Json(serde_json::json!({ "desk": desk, "join": join })))
}

/// The night's listener on its kept port: on the hall's network when phones join.
async fn bind(studio: &Studio, phones: bool, port: u16) -> Result<(tokio::net::TcpListener, SocketAddr), ApiError> {
    let listener =
        tokio::net::TcpListener::bind(SocketAddr::new(night_ip(studio, phones), port)).await.map_err(|e| {
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
    Ok((listener, bound))
}

/// The design's currency (none: the night's default).
fn currency(file: &crate::studio::events::EventFile) -> Result<Option<housie_night::ledger::Currency>, ApiError> {
    match file.design.currency.as_str() {
        "" => Ok(None),
        code => housie_night::ledger::Currency::parse(code)
            .map(Some)
            .map_err(|e| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "currency", e.to_string())),
    }
}

/// Why the night did not open, as an answer.
fn opening_refused(e: OpeningError) -> ApiError {
    match e {
        OpeningError::Open(e) => ApiError::new(StatusCode::CONFLICT, e.to_string()),
        OpeningError::Setting { field, message } => ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, field, message),
    }
}

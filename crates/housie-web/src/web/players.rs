//! `/api/play/{serial}`, `/api/play/{serial}/claims` and `/api/join`: the players' side. No
//! token: a paper ticket is followed by its serial, a phone-only one with its code (`?code=` or
//! the body's `code`). Claims are rate-limited per ticket and per address, counting only
//! well-formed ones, at rates a hall of 300 phones behind one address never reaches; wrong
//! codes are limited per address.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::app::App;
use super::error::ApiError;
use super::extract::JsonBody;
use housie_night::night::error::Said;
use housie_night::night::players::Follower;
use housie_night::night::Command;

/// Well-formed claims one address may raise in [`super::throttle::WINDOW`]: a whole hall may share one address
/// (the venue's router), and claims come a few per call.
pub const CLAIMS_PER_WINDOW: usize = 300;
/// Claims one ticket may raise in [`super::throttle::WINDOW`].
pub const CLAIMS_PER_TICKET: usize = 4;

/// The address a request came from, when the server saw one.
pub struct Peer(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Self::Rejection> {
        Ok(Peer(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())))
    }
}

/// Wrong codes one address may give in [`super::throttle::WINDOW`] before it must wait: at this rate a 40-bit
/// code takes hundreds of thousands of years to guess.
pub const GUESSES_PER_WINDOW: usize = 6;

/// A 429 saying how long to wait, with `Retry-After`.
fn too_many(what: &str, id: &'static str, wait: Duration) -> Response {
    let seconds = wait.as_secs().max(1);
    let mut e = ApiError {
        said: Some(Said { id, args: [("seconds", seconds.to_string())].into_iter().collect() }),
        ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, format!("{what}: wait {seconds} seconds, then try again."))
    }
    .into_response();
    e.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    e
}

/// Runs `attempt` for `peer` giving `code`: refused while the address has given too many wrong
/// codes lately, and a wrong code (answered 404) counts against it.
async fn guarded(
    app: &App,
    peer: Option<IpAddr>,
    code: Option<&str>,
    attempt: impl std::future::Future<Output = Result<Response, ApiError>>,
) -> Result<Response, ApiError> {
    let guessing = code.is_some_and(|c| !c.trim().is_empty());
    if guessing {
        if let Err(wait) = app.guesses.check(&peer, Instant::now(), GUESSES_PER_WINDOW) {
            return Ok(too_many("Too many wrong codes from this phone", "too-many-tries", wait));
        }
    }
    let result = attempt.await;
    if guessing && result.as_ref().is_err_and(|e| e.status == StatusCode::NOT_FOUND) {
        app.guesses.count(peer, Instant::now());
    }
    result
}

/// The query of a player's page: the code of a phone-only book.
#[derive(Deserialize)]
pub struct PlayQuery {
    code: Option<String>,
}

/// `GET /api/play/{serial}[?code=CODE]` → the ticket's book in the game on the desk (see
/// [`housie_night::night::players::PlayView`]). 404, the same answer, for a serial not in the run and a phone-only serial
/// without its code; 422 with `suggestions` for a mistyped one.
pub async fn follow(
    State(app): State<Arc<App>>,
    Peer(peer): Peer,
    Path(serial): Path<String>,
    Query(query): Query<PlayQuery>,
) -> Result<Response, ApiError> {
    let code = query.code.clone();
    let attempt = async {
        let view = app.read(move |night| night.follow(&Follower { serial: &serial, code: code.as_deref() })).await?;
        Ok(Json(view).into_response())
    };
    guarded(&app, peer, query.code.as_deref(), attempt).await
}

/// A claim from a phone.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhoneClaim {
    /// The ticket claimed: its place in the book, 1–6.
    ticket: u8,
    /// The code, for a phone-only book.
    #[serde(default)]
    code: Option<String>,
}

/// `POST /api/play/{serial}/claims` `{"ticket", "code"?}` → 202 with the place in the
/// caller's queue (`unproven` when no code was given: a request the caller checks on the
/// paper, which never bars the ticket); 409 when there is no game, it is over, the book is not
/// in play, the claim is already queued or the ticket is barred; 429 past
/// [`CLAIMS_PER_TICKET`] claims a minute for one ticket or [`CLAIMS_PER_WINDOW`] from one
/// address, or when the queue is full. A claim refused as malformed or unknown (400, 404, 422)
/// counts against neither.
pub async fn claim(
    State(app): State<Arc<App>>,
    Peer(peer): Peer,
    Path(serial): Path<String>,
    JsonBody(body): JsonBody<PhoneClaim>,
) -> Result<Response, ApiError> {
    let now = Instant::now();
    // Proven claims and requests are counted apart: strangers' requests never use up the
    // holder's allowance.
    let proven = body.code.as_deref().is_some_and(|c| !c.trim().is_empty());
    let ticket_key = format!("{}/{}/{proven}", serial.trim().to_uppercase(), body.ticket);
    if let Err(wait) = app.claims.check(&peer, now, CLAIMS_PER_WINDOW) {
        return Ok(too_many("Too many claims from this address", "too-many-claims-address", wait));
    }
    if let Err(wait) = app.ticket_claims.check(&ticket_key, now, CLAIMS_PER_TICKET) {
        return Ok(too_many("Too many claims for this ticket", "too-many-claims-ticket", wait));
    }
    let source = match peer {
        Some(ip) => format!("phone {ip}"),
        None => "phone".to_string(),
    };
    let code = body.code.clone();
    let attempt = async {
        let raise = Command::Raise { serial, ticket: body.ticket, code: body.code, source };
        Ok((StatusCode::ACCEPTED, app.handle(raise).await?).into_response())
    };
    let result = guarded(&app, peer, code.as_deref(), attempt).await;
    let well_formed = match &result {
        Ok(r) => r.status() != StatusCode::TOO_MANY_REQUESTS,
        Err(e) => matches!(e.status, StatusCode::CONFLICT | StatusCode::TOO_MANY_REQUESTS),
    };
    if well_formed {
        app.claims.count(peer, now);
        app.ticket_claims.count(ticket_key, now);
    }
    result
}

/// Where phones join the night.
#[derive(Serialize)]
pub struct Join {
    /// The player page's address on the hall's network.
    pub url: Option<String>,
    /// Whether phones can reach it (the server listens beyond this computer).
    pub reachable: bool,
}

/// `GET /api/join` → the player page's address for the board.
pub async fn join(State(app): State<Arc<App>>) -> Json<Join> {
    Json(Join { url: app.join.url.clone(), reachable: app.join.reachable })
}

/// `GET /logo.png` → the run's logo as the tickets print it (404 when it has none).
pub async fn logo(State(app): State<Arc<App>>) -> Response {
    match &app.logo {
        Some(png) => {
            let mut response = png.clone().into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("max-age=3600"));
            response
        }
        None => ApiError::not_found("the run has no logo").into_response(),
    }
}

/// `GET /join.svg` → the player page's address as a QR code (404 when there is none).
pub async fn join_qr(State(app): State<Arc<App>>) -> Response {
    let Some(url) = &app.join.url else {
        return ApiError::not_found("no address for phones: housie serve was not told one").into_response();
    };
    match qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color<'_>>()
                .quiet_zone(true)
                .min_dimensions(256, 256)
                .dark_color(qrcode::render::svg::Color("#000000"))
                .light_color(qrcode::render::svg::Color("#ffffff"))
                .build();
            let mut response = svg.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        Err(_) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "the address is too long for a QR code").into_response()
        }
    }
}

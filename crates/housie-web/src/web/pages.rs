//! The desk and the board: HTML, CSS and JavaScript compiled into the binary, served only from
//! this fixed set, with no CDN and no build step.

use axum::extract::{Path, Query};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

const DESK: &str = include_str!("assets/desk.html");
const BOARD: &str = include_str!("assets/board.html");
const PLAY: &str = include_str!("assets/play.html");

/// The assets under `/assets/`: name, content type, bytes.
const ASSETS: &[(&str, &str, &str)] = &[
    ("night.css", "text/css; charset=utf-8", include_str!("assets/night.css")),
    ("desk.js", "text/javascript; charset=utf-8", include_str!("assets/desk.js")),
    ("board.js", "text/javascript; charset=utf-8", include_str!("assets/board.js")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("assets/api.js")),
    ("words.js", "text/javascript; charset=utf-8", include_str!("assets/words.js")),
    ("common.js", "text/javascript; charset=utf-8", include_str!("assets/common.js")),
    ("stream.js", "text/javascript; charset=utf-8", include_str!("assets/stream.js")),
    ("voice.js", "text/javascript; charset=utf-8", include_str!("assets/voice.js")),
    ("play.js", "text/javascript; charset=utf-8", include_str!("assets/play.js")),
];

/// A page or asset with the headers every page of housie's carries.
pub fn page(kind: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static("default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    );
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}

/// `GET /`: the caller's desk.
pub async fn desk() -> Response {
    page("text/html; charset=utf-8", DESK)
}

/// `GET /board`: the board for a projector or a second screen.
pub async fn board() -> Response {
    page("text/html; charset=utf-8", BOARD)
}

/// `GET /play`: a player's page, for a phone.
pub async fn play() -> Response {
    page("text/html; charset=utf-8", PLAY)
}

/// What a ticket's link may carry after its serial: the code of a ticket kept for phones.
#[derive(serde::Deserialize)]
pub struct LinkQuery {
    c: Option<String>,
}

/// `GET /p/{serial}`: a ticket's link, as the `phone` templates' QR codes hold it → the player
/// page following that ticket's book (`/play?s=SERIAL`, 303), which checks the serial as if it
/// were typed; a phone-only ticket's link carries its code (`?c=`), passed on. Only a serial's
/// characters (and a code's) pass on; anything else is a 404.
pub async fn ticket_link(
    Path(serial): Path<String>,
    query: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let plausible = (1..=housie_core::rules::verdict::SERIAL_MAX).contains(&serial.len())
        && serial.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    let code = match query {
        Ok(Query(LinkQuery { c })) => c.unwrap_or_default(),
        Err(_) => return ApiError::not_found("no ticket has this link").into_response(),
    };
    let code_plausible = code.len() <= 16 && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if !plausible || !code_plausible {
        return ApiError::not_found("no ticket has this link").into_response();
    }
    let to = if code.is_empty() { format!("/play?s={serial}") } else { format!("/play?s={serial}&c={code}") };
    axum::response::Redirect::to(&to).into_response()
}

/// `GET /fonts/devanagari.ttf`: housie's own Devanagari font (Noto Sans Devanagari Bold, the
/// one its PDFs use), so Hindi reads the same on every screen, from housie and no other address.
pub async fn devanagari_font() -> Response {
    let mut response = housie_core::print::typeset::devanagari().bytes().to_vec().into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("font/ttf"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("max-age=86400"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    response
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    asset_in(ASSETS, &file)
}

/// `file` from a fixed list of assets (name, content type, bytes), or a 404.
pub fn asset_in(assets: &[(&str, &'static str, &'static str)], file: &str) -> Response {
    match assets.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => page(kind, body),
        None => {
            ApiError::not_found(format!("no asset `{}`", housie_core::domain::text::clip(file, 60))).into_response()
        }
    }
}

pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such page or route: {}", uri.path()))
}

pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("{method} is not allowed on {}", uri.path()))
}

//! `GET /api/state`, `GET /api/events` (Server-Sent Events) and `GET /api/record`: reading the
//! night. No token is needed; with it (header or `?token=`) the state adds the watch counts.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use tokio_stream::wrappers::WatchStream;
use tokio_stream::StreamExt;

use super::app::App;
use super::extract::query_param;
use housie_night::night::transcript::NightRecord;

/// How often an idle event stream gets a comment.
const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(15);

/// Whether the request carries the caller's token, in its header or as `?token=`.
pub(super) fn is_caller(app: &App, headers: &HeaderMap, query: Option<&str>) -> bool {
    let header =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let query = query_param(query, "token");
    header.or(query.as_deref()).is_some_and(|t| app.is_token(t.trim()))
}

fn json(body: Arc<str>) -> Response {
    let mut response = body.to_string().into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `GET /api/state` → the games, the current game, its calls and the prize being played.
pub async fn get(State(app): State<Arc<App>>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let snapshot = app.snapshot();
    json(if is_caller(&app, &headers, query.as_deref()) { snapshot.caller } else { snapshot.public })
}

/// `GET /api/events` → a `state` event now and after every change. Streams without the token
/// are capped ([`super::listen::Limits::streams`]): past the cap, 503.
pub async fn events(State(app): State<Arc<App>>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let caller = is_caller(&app, &headers, query.as_deref());
    let slot = if caller {
        None
    } else {
        match app.open_stream() {
            Some(slot) => Some(slot),
            None => {
                return super::error::ApiError::new(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "{} screens are already following this night, as many as this server takes; close one",
                        app.limits.streams
                    ),
                )
                .into_response()
            }
        }
    };
    let states = WatchStream::new(app.subscribe()).map(move |s| {
        // The stream's place is given back when the stream is dropped.
        let _slot = &slot;
        Ok::<_, Infallible>(if caller { s.caller_event } else { s.public_event })
    });
    // A comment every 15 s keeps idle connections (and the proxies between) open.
    let keep_alive = tokio_stream::wrappers::IntervalStream::new(tokio::time::interval_at(
        tokio::time::Instant::now() + KEEP_ALIVE,
        KEEP_ALIVE,
    ))
    .map(|_| Ok::<_, Infallible>(Bytes::from_static(b":\n\n")));
    let mut response = Body::from_stream(states.merge(keep_alive)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /api/record` → the night's record as a JSON download; `?format=text` as text. The
/// night's money is in it only for the caller (the token, in the header or `?token=`).
pub async fn record(State(app): State<Arc<App>>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    let caller = is_caller(&app, &headers, query.as_deref());
    let mut record = app.read(|night| NightRecord::of(night.games(), night.ledger())).await;
    if !caller {
        record.money = None;
    }
    let text = wants_text(query.as_deref());
    let (body, name) = if text { (record.to_text(), "night.txt") } else { (record.to_json(), "night.json") };
    download(body, text, name)
}

/// Whether `?format=text` was asked for.
pub(super) fn wants_text(query: Option<&str>) -> bool {
    query_param(query, "format").as_deref() == Some("text")
}

/// `body` as a download named `name`, text or JSON.
pub(super) fn download(body: String, text: bool, name: &str) -> Response {
    let kind = if text { "text/plain; charset=utf-8" } else { "application/json" };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")).expect("an ASCII header"),
    );
    response
}

//! `housie studio`: the organiser's pages over a folder of events. The same conventions as the
//! night's server: one route table, JSON errors with the field they belong beside, the Host
//! check, bounded bodies and connections ([`super::listen`]). On loopback no token is needed,
//! but a change must come from the studio's own page (its `Origin`), so another site open in
//! the same browser cannot drive it; beyond loopback every API call needs the token, as the
//! desk's do.
//!
//! The night has its own server (its `/api/events` is its event stream): "Open the caller's
//! desk" starts it in this process on a port of its own and hands the page its URL and token.

mod archive;
mod events;
mod font;
mod jobs;
mod logo;
mod night;
mod pages;
mod restore;
mod state;

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::error::ApiError;
use super::guard;
pub use state::{Studio, FONT_LIMIT, LOGO_LIMIT, TEMPLATE_LIMIT};

/// `GET /api/schema` → the design form as data: its fields, bounds and choices (the `own`
/// look among them: the studio takes an uploaded template) and a new event's design.
async fn schema() -> axum::Json<housie_core::pipeline::design_schema::DesignSchema> {
    axum::Json(housie_core::pipeline::design_schema::DesignSchema::new(true))
}

/// Every route of the studio, top to bottom.
pub fn router(studio: Arc<Studio>) -> Router {
    Router::new()
        .route("/", get(pages::events))
        .route("/event", get(pages::event))
        .route("/assets/{file}", get(pages::asset))
        .route("/api/languages", get(crate::web::messages::languages))
        .route("/api/messages/{lang}", get(crate::web::messages::messages))
        .route("/api/schema", get(schema))
        .route("/api/quit", post(quit))
        .route("/api/events", get(events::list).post(events::create))
        .route("/api/events/{id}", get(events::get).put(events::update))
        .route("/api/events/{id}/preview.svg", get(events::preview))
        .route("/api/events/{id}/template", post(events::template).layer(DefaultBodyLimit::max(TEMPLATE_LIMIT)))
        .route(
            "/api/events/{id}/logo",
            post(logo::upload).delete(logo::remove).get(logo::get).layer(DefaultBodyLimit::max(LOGO_LIMIT)),
        )
        .route(
            "/api/events/{id}/font",
            post(font::upload).delete(font::remove).layer(DefaultBodyLimit::max(FONT_LIMIT)),
        )
        .route("/api/events/{id}/duplicate", post(events::duplicate))
        .route("/api/events/{id}/archive", post(archive::archive))
        .route("/api/events/{id}/top-up", post(events::top_up))
        .route("/api/events/{id}/generate", post(jobs::generate))
        .route("/api/events/{id}/verify", post(jobs::verify))
        .route("/api/events/{id}/restore", post(restore::restore))
        .route("/api/events/{id}/job", get(jobs::get).delete(jobs::stop))
        .route("/api/events/{id}/progress", get(jobs::progress))
        .route("/api/events/{id}/files/{name}", get(jobs::file))
        .route("/api/events/{id}/pictures/{unit}", get(jobs::picture))
        .route("/api/events/{id}/proof.pdf", get(jobs::proof))
        .route("/api/events/{id}/night", post(night::open))
        .route("/api/events/{id}/phones", post(night::set_phones))
        .fallback(super::pages::not_found)
        .method_not_allowed_fallback(super::pages::method_not_allowed)
        .layer(DefaultBodyLimit::max(super::listen::BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&studio), check))
        .layer(axum::middleware::from_fn(guard::json_errors))
        .with_state(studio)
}

/// Serves until `shutdown` completes or the studio's page says *Quit*.
pub async fn serve(
    studio: Arc<Studio>,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let limits = studio.limits;
    let quit = Arc::clone(&studio);
    let stop = async move {
        tokio::select! {
            () = shutdown => {}
            () = quit.quit.notified() => {}
        }
    };
    super::listen::serve_with_limits(router(studio), listener, limits, stop).await
}

/// `POST /api/quit` → `200 {"quitting": true}`: housie stops once this answer is sent (the
/// studio's *Quit*, how a double-clicked housie, with no terminal to press Ctrl-C in, is
/// stopped). A print file being made is refused: 409, saying so.
async fn quit(State(studio): State<Arc<Studio>>) -> Result<axum::Json<serde_json::Value>, ApiError> {
    if studio.job_running() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "a print file is being made: wait for it (or stop it) before quitting",
        ));
    }
    studio.quit.notify_one();
    Ok(axum::Json(serde_json::json!({ "quitting": true })))
}

/// The Host check; then for the API, the token (beyond loopback) and, for a change, that it
/// comes from the studio's own page.
async fn check(State(studio): State<Arc<Studio>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path.starts_with("/api/") {
        if let Err(e) = allowed(&studio, &request) {
            return e.into_response();
        }
    }
    guard::check_host_of(&studio.hosts, request, next).await
}

fn allowed(studio: &Studio, request: &Request) -> Result<(), ApiError> {
    let headers = request.headers();
    if let Some(token) = &studio.token {
        let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        // An event stream cannot send a header: its URL carries the token.
        let query =
            super::extract::query_param(request.uri().query(), "token").filter(|_| request.method() == Method::GET);
        let given = given.and_then(|v| v.strip_prefix("Bearer ")).map(str::trim).or(query.as_deref());
        let same = given.is_some_and(|g| housie_night::night::store::same_token(g, token));
        if !same {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "the studio needs its token: open the address `housie studio` printed",
            ));
        }
    }
    let reads = matches!(*request.method(), Method::GET | Method::HEAD);
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    let foreign_origin = origin.is_some_and(|o| {
        let o = o.strip_prefix("http://").or_else(|| o.strip_prefix("https://")).unwrap_or("\u{fffd}");
        !o.eq_ignore_ascii_case(host)
    });
    if (!reads || site == Some("cross-site")) && (foreign_origin || site == Some("cross-site")) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "the studio takes changes only from its own pages"));
    }
    Ok(())
}

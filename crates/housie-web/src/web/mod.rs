//! `housie serve`: the caller's desk and the board over HTTP. One route table, one file per
//! resource, one error type. The night sits behind one lock, so two requests at once are
//! served one after the other; each change is committed to SQLite before it is answered and
//! then published to every open desk and board by Server-Sent Events. Connections are accepted
//! within [`Limits`] ([`listen`]), and every request passes the Host check ([`guard`]).

pub mod addresses;
mod app;
mod calls;
mod claims;
pub mod error;
pub(crate) mod extract;
mod games;
pub mod guard;
pub mod hall;
pub mod listen;
pub mod messages;
mod money;
pub mod opening;
pub(crate) mod pages;
pub mod players;
mod prizes;
mod reading;
pub mod studio;
pub mod throttle;

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;

pub use app::{App, JoinAddress, Logger, ServeOptions, Snapshot, StreamSlot};
pub use error::ApiError;
pub use guard::Hosts;
pub use listen::{Limits, BODY_LIMIT};

/// Every route, top to bottom.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(pages::desk))
        .route("/board", get(pages::board))
        .route("/play", get(pages::play))
        .route("/p/{serial}", get(pages::ticket_link))
        .route("/join.svg", get(players::join_qr))
        .route("/logo.png", get(players::logo))
        .route("/api/join", get(players::join))
        .route("/api/play/{serial}", get(players::follow))
        .route("/api/play/{serial}/claims", post(players::claim))
        .route("/assets/{file}", get(pages::asset))
        .route("/fonts/devanagari.ttf", get(pages::devanagari_font))
        .route("/api/languages", get(messages::languages))
        .route("/api/messages/{lang}", get(messages::messages))
        .route("/api/state", get(reading::get))
        .route("/api/events", get(reading::events))
        .route("/api/record", get(reading::record))
        .route("/api/prizes", get(prizes::list))
        .route("/api/call-names", get(prizes::call_names))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}/calls", post(calls::call))
        .route("/api/games/{id}/draw", post(calls::draw))
        .route("/api/games/{id}/undo", post(calls::undo))
        .route("/api/games/{id}/next-prize", post(games::next_prize))
        .route("/api/games/{id}/winners", post(games::win))
        .route("/api/games/{id}/reopen", post(games::reopen))
        .route("/api/games/{id}/end", post(games::end))
        .route("/api/games/{id}/claims", post(claims::claim))
        .route("/api/games/{id}/bars/{serial}", axum::routing::delete(claims::lift_bar))
        .route("/api/games/{id}/plan", get(games::plan))
        .route("/api/games/{id}/payouts", post(money::pay))
        .route("/api/issues", post(money::issue))
        .route("/api/sales", post(money::sell))
        .route("/api/returns", post(money::give_back))
        .route("/api/voids", post(money::void))
        .route("/api/moves", post(money::move_payout))
        .route("/api/cashup", get(money::cashup))
        .fallback(pages::not_found)
        .method_not_allowed_fallback(pages::method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&app), check_host))
        .layer(axum::middleware::from_fn(guard::json_errors))
        .with_state(app)
}

/// Serves until `shutdown` completes, within the app's limits. Open event streams do not hold
/// the server up: every change was committed when it was answered, so there is nothing to finish.
pub async fn serve(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let limits = app.limits;
    let top_ups = Arc::clone(&app);
    tokio::select! {
        served = listen::serve_with_limits(router(app), listener, limits, shutdown) => served,
        never = watch_top_ups(top_ups) => match never {},
    }
}

/// How often the server looks beside the night's last run for a top-up to take in.
const TOP_UP_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Looks for top-ups for as long as the night is served (one night an event: a run generated
/// `--after` the served one joins it, see [`App::take_in_top_up`]).
async fn watch_top_ups(app: Arc<App>) -> std::convert::Infallible {
    loop {
        tokio::time::sleep(TOP_UP_EVERY).await;
        app.take_in_top_up().await;
    }
}

/// Refuses a request whose `Host` is not this server's (403, JSON).
pub async fn check_host(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    guard::check_host_of(&app.hosts, request, next).await
}

//! `housie serve`: the caller's desk and the board over HTTP. One route table, one file per
//! resource, one error type. The night sits behind one lock, so two requests at once are
//! served one after the other; each change is committed to SQLite before it is answered and
//! then published to every open desk and board by Server-Sent Events.

mod calls;
mod claims;
mod error;
mod extract;
mod games;
mod pages;
mod state;

use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::watch;

pub use error::ApiError;

use super::error::CommandError;
use super::state::Night;
use super::view::StateView;

/// Request bodies are a few dozen bytes; anything over this is refused.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The state as last published: what `GET /api/state` and the event stream send.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub version: i64,
    /// For the board and anyone without the token.
    pub public: Arc<str>,
    /// For the caller: adds the watch counts.
    pub caller: Arc<str>,
}

pub struct App {
    night: Mutex<Night>,
    token: String,
    published: watch::Sender<Snapshot>,
}

impl App {
    pub fn new(night: Night) -> Arc<App> {
        let token = night.token().to_string();
        let (published, _) = watch::channel(snapshot(&night));
        Arc::new(App { night: Mutex::new(night), token, published })
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Compares in constant time, so response timing does not leak the token.
    pub fn is_token(&self, given: &str) -> bool {
        let (a, b) = (given.as_bytes(), self.token.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }

    pub fn snapshot(&self) -> Snapshot {
        self.published.borrow().clone()
    }

    pub fn subscribe(&self) -> watch::Receiver<Snapshot> {
        self.published.subscribe()
    }

    /// Runs a command on the night off the async threads (it waits for the disk), then
    /// publishes the new state if anything changed.
    pub async fn change<T: Send + 'static>(
        self: &Arc<App>,
        command: impl FnOnce(&mut Night) -> Result<T, CommandError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let app = Arc::clone(self);
        let joined = tokio::task::spawn_blocking(move || {
            let mut night = app.night.lock().unwrap_or_else(PoisonError::into_inner);
            let before = night.version();
            let result = command(&mut night);
            if night.version() != before {
                app.published.send_replace(snapshot(&night));
            }
            result
        })
        .await;
        match joined {
            Ok(result) => result.map_err(ApiError::from),
            Err(_) => Err(ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, "the command failed")),
        }
    }

    /// Reads the night (for the record).
    pub async fn read<T: Send + 'static>(self: &Arc<App>, f: impl FnOnce(&Night) -> T + Send + 'static) -> T {
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || f(&app.night.lock().unwrap_or_else(PoisonError::into_inner)))
            .await
            .expect("reading the night does not panic")
    }
}

fn snapshot(night: &Night) -> Snapshot {
    let json = |caller| serde_json::to_string(&StateView::of(night, caller)).expect("state serialises");
    Snapshot { version: night.version(), public: json(false).into(), caller: json(true).into() }
}

/// Every route, top to bottom.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(pages::desk))
        .route("/board", get(pages::board))
        .route("/assets/{file}", get(pages::asset))
        .route("/api/state", get(state::get))
        .route("/api/events", get(state::events))
        .route("/api/record", get(state::record))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}/calls", post(calls::call))
        .route("/api/games/{id}/draw", post(calls::draw))
        .route("/api/games/{id}/undo", post(calls::undo))
        .route("/api/games/{id}/next-prize", post(games::next_prize))
        .route("/api/games/{id}/end", post(games::end))
        .route("/api/games/{id}/claims", post(claims::claim))
        .fallback(pages::not_found)
        .method_not_allowed_fallback(pages::method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

/// Serves until `shutdown` completes. Open event streams do not hold the server up: every
/// change was committed when it was answered, so there is nothing to finish.
pub async fn serve(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let server = axum::serve(listener, router(app));
    tokio::select! {
        result = server => result,
        () = shutdown => Ok(()),
    }
}

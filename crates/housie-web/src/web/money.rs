//! The night's paper and money (token required): `/api/issues`, `/api/sales`, `/api/returns`,
//! `/api/voids`, `/api/moves`, `/api/games/{id}/payouts` and `GET /api/cashup`. Amounts are decimal strings
//! (`"5.00"`); paper is `"books"` in a plain run and `"booklets"` in a run of booklets. Each
//! change answers `201` with the cash-up as it now stands; a wrong one `422` and nothing is
//! recorded.

use housie_core::support::catalogue::Catalogue;
use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody};
use super::reading::{download, is_caller, wants_text};
use housie_night::night::command::{Issue, Move, Payout, Return, Sale, Void};
use housie_night::night::seal::Seal;
use housie_night::night::transcript::cashup_text;
use housie_night::night::{Answer, Command};

/// The units text of `books` or `booklets`, as the run sells its paper (a serial scanned into
/// it read as the paper it stands for, sold `sold_as`), or why the wrong word was used.
type Changed = Result<(StatusCode, Json<Answer>), ApiError>;

/// Records what `command` asks: `201` with the cash-up as it now stands (see
/// [`housie_night::night::command::Recorded`]).
async fn record(app: &Arc<App>, command: Command) -> Changed {
    Ok((StatusCode::CREATED, app.handle(command).await?))
}

/// `POST /api/issues`: paper handed to a seller.
pub async fn issue(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Issue>) -> Changed {
    record(&app, Command::Issue(body)).await
}

/// `POST /api/sales`: paper sold, at `price` each.
pub async fn sell(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Sale>) -> Changed {
    record(&app, Command::Sell(body)).await
}

/// `POST /api/returns`: issued paper given back unsold or damaged.
pub async fn give_back(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Return>) -> Changed {
    record(&app, Command::Return(body)).await
}

/// `POST /api/voids`: a sale or a prize paid taken back.
pub async fn void(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Void>) -> Changed {
    record(&app, Command::Void(body)).await
}

/// `POST /api/moves`: a prize paid moved to the ticket that now holds its place.
pub async fn move_payout(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Move>) -> Changed {
    record(&app, Command::Move(body)).await
}

/// `POST /api/games/{id}/payouts`: a prize paid to a ticket the caller confirmed as its winner.
pub async fn pay(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    JsonBody(mut body): JsonBody<Payout>,
) -> Changed {
    body.game = game_id(&id)?;
    record(&app, Command::Pay(body)).await
}

/// `GET /api/cashup` → the cash-up as JSON; `?format=text` as a text download for the bank
/// (`&lang=hi` in Hindi).
/// The caller's only: the token in the header, or `?token=` for a link.
pub async fn cashup(State(app): State<Arc<App>>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    if !is_caller(&app, &headers, query.as_deref()) {
        return ApiError::new(StatusCode::UNAUTHORIZED, "the cash-up needs the caller's token").into_response();
    }
    if wants_text(query.as_deref()) {
        // `&lang=hi`: the text in that catalogue's words; one housie lacks gets English. The
        // sheet ends with the log's seal, as `housie cashup` prints it.
        let lang = super::extract::query_param(query.as_deref(), "lang");
        let words = lang.as_deref().and_then(Catalogue::of).unwrap_or_else(Catalogue::english);
        let (cashup, seal) = app
            .read(|night| {
                let seal = night.log().rows().ok().and_then(|rows| Seal::of(&rows, None));
                (night.ledger().cashup(), seal)
            })
            .await;
        download(cashup_text(&cashup, seal.as_ref(), words), true, "cashup.txt")
    } else {
        Json(app.read(|night| night.ledger().cashup()).await).into_response()
    }
}

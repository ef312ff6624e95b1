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
use serde::Deserialize;

use super::app::App;
use super::error::ApiError;
use super::extract::{game_id, Caller, JsonBody};
use super::reading::{download, is_caller, wants_text};
use housie_night::ledger::{scanned, Cashup, Entry, Money, Payment, SoldAs};
use housie_night::night::error::{CommandError, Refused};
use housie_night::night::Night;

/// The units text of `books` or `booklets`, as the run sells its paper (a serial scanned into
/// it read as the paper it stands for, sold `sold_as`), or why the wrong word was used.
fn units(
    books: Option<String>,
    booklets: Option<String>,
    sold_as: SoldAs,
    night: &Night,
) -> Result<String, CommandError> {
    match (books, booklets, night.numbering().games().is_some()) {
        (Some(units), None, false) | (None, Some(units), true) => Ok(scanned(&units, night.numbering(), sold_as)),
        (_, _, true) => Err(invalid("this run sells booklets: give \"booklets\", like \"1-50\"")),
        (_, _, false) => Err(invalid("give \"books\", like \"1-50\"")),
    }
}

fn invalid(message: &str) -> CommandError {
    CommandError::new(Refused::Invalid, message)
}

/// `POST /api/issues` `{"seller": "Ann", "books": "1-50"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Issue {
    seller: String,
    books: Option<String>,
    booklets: Option<String>,
    /// Record it though the seller's name looks like another already recorded.
    #[serde(default)]
    over_limit: bool,
}

/// `POST /api/sales` `{"books": "1-50", "price": "5.00", "as"?: "half_sheets"|"tickets",
/// "seller"?, "buyer"?, "how"?: "cash"|"other"}`: in a plain run, `"books": "12/1-3, 12/4"`
/// names tickets of a book, sold as half sheets or single tickets at `price` each.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sale {
    books: Option<String>,
    booklets: Option<String>,
    price: Money,
    #[serde(default, rename = "as")]
    sold_as: SoldAs,
    seller: Option<String>,
    buyer: Option<String>,
    #[serde(default)]
    how: Payment,
    /// Record it though it passes the night's regime's limit.
    #[serde(default)]
    over_limit: bool,
}

/// `POST /api/returns` `{"books": "41-50", "damaged"?: false}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Return {
    books: Option<String>,
    booklets: Option<String>,
    #[serde(default)]
    damaged: bool,
}

/// `POST /api/voids` `{"entry": 7, "reason"?}` (a sale or a prize paid), or `{"books":
/// "25-26"}` (the range of one sale that stands): taken back.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Void {
    entry: Option<usize>,
    books: Option<String>,
    booklets: Option<String>,
    reason: Option<String>,
}

/// `POST /api/moves` `{"entry": 12, "serial"}`: a prize paid moved to the ticket that now
/// holds its place.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    entry: usize,
    serial: String,
}

/// `POST /api/games/{id}/payouts` `{"serial", "prize", "amount", "how"?}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payout {
    serial: String,
    prize: String,
    amount: Money,
    #[serde(default)]
    how: Payment,
    /// Record it though it passes the night's regime's limit.
    #[serde(default)]
    over_limit: bool,
}

type Changed = Result<(StatusCode, Json<Recorded>), ApiError>;

/// What a change answers: the cash-up as it now stands, and the paper the change recorded as
/// the ledger writes it (a scanned serial read as the book it stands for), for the desk to say.
#[derive(serde::Serialize)]
pub struct Recorded {
    #[serde(flatten)]
    cashup: Cashup,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
}

/// Records the entry `entry` makes; one that would pass the regime's limit is refused with 409
/// and the reason unless `over_limit` says the caller knows.
async fn record(
    app: &Arc<App>,
    over_limit: bool,
    entry: impl FnOnce(&Night) -> Result<Entry, CommandError> + Send + 'static,
) -> Changed {
    let recorded = app
        .change(move |night| {
            let entry = entry(night)?;
            let recorded = match &entry {
                Entry::Issued { units, .. } | Entry::Sold { units, .. } | Entry::Returned { units, .. } => {
                    Some(units.clone())
                }
                _ => None,
            };
            night.record_money(entry, over_limit)?;
            Ok(Recorded { cashup: night.ledger().cashup(), recorded })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(recorded)))
}

/// `POST /api/issues`: paper handed to a seller.
pub async fn issue(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Issue>) -> Changed {
    record(&app, body.over_limit, move |night| {
        Ok(Entry::Issued {
            seller: body.seller.trim().to_string(),
            units: units(body.books, body.booklets, SoldAs::Whole, night)?,
        })
    })
    .await
}

/// `POST /api/sales`: paper sold, at `price` each.
pub async fn sell(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Sale>) -> Changed {
    record(&app, body.over_limit, move |night| {
        Ok(Entry::Sold {
            units: units(body.books, body.booklets, body.sold_as, night)?,
            price: body.price,
            sold_as: body.sold_as,
            seller: body.seller.map(|s| s.trim().to_string()),
            buyer: body.buyer.map(|s| s.trim().to_string()),
            how: body.how,
            remote: false,
        })
    })
    .await
}

/// `POST /api/returns`: issued paper given back unsold or damaged.
pub async fn give_back(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Return>) -> Changed {
    record(&app, false, move |night| {
        Ok(Entry::Returned { units: units(body.books, body.booklets, SoldAs::Whole, night)?, damaged: body.damaged })
    })
    .await
}

/// `POST /api/voids`: a sale or a prize paid taken back.
pub async fn void(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Void>) -> Changed {
    record(&app, false, move |night| {
        let entry = match (body.entry, body.books, body.booklets) {
            (Some(entry), None, None) => entry,
            (None, books, booklets) if books.is_some() || booklets.is_some() => {
                let units = units(books, booklets, SoldAs::Whole, night)?;
                night.ledger().sale_of(&units).ok_or_else(|| invalid(&format!("no sale of exactly {units} stands")))?
            }
            _ => return Err(invalid("give the sale's or the payout's \"entry\", or the sale's \"books\"")),
        };
        let reason = body.reason.map(|r| r.trim().to_string()).filter(|r| !r.is_empty());
        Ok(Entry::Voided { entry, reason })
    })
    .await
}

/// `POST /api/moves`: a prize paid moved to the ticket that now holds its place.
pub async fn move_payout(State(app): State<Arc<App>>, _: Caller, JsonBody(body): JsonBody<Move>) -> Changed {
    record(&app, false, move |_| Ok(Entry::PayoutMoved { entry: body.entry, serial: body.serial.trim().to_string() }))
        .await
}

/// `POST /api/games/{id}/payouts`: a prize paid to a ticket the caller confirmed as its winner.
pub async fn pay(
    State(app): State<Arc<App>>,
    _: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<Payout>,
) -> Changed {
    let game = game_id(&id)?;
    record(&app, body.over_limit, move |night| {
        let g = night
            .games()
            .iter()
            .find(|g| g.id == game)
            .ok_or_else(|| CommandError::new(Refused::NotFound, format!("there is no game {game}")))?;
        // The prize as the set names it, whichever language the caller named it in: the
        // ledger keeps one name a prize.
        let prize = g.set.find(&body.prize).map_or(body.prize, |i| g.set.prizes()[i].name().to_string());
        Ok(Entry::PrizePaid { game, prize, serial: body.serial.trim().to_string(), amount: body.amount, how: body.how })
    })
    .await
}

/// `GET /api/cashup` → the cash-up as JSON; `?format=text` as a text download for the bank
/// (`&lang=hi` in Hindi).
/// The caller's only: the token in the header, or `?token=` for a link.
pub async fn cashup(State(app): State<Arc<App>>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    if !is_caller(&app, &headers, query.as_deref()) {
        return ApiError::new(StatusCode::UNAUTHORIZED, "the cash-up needs the caller's token").into_response();
    }
    let cashup = app.read(|night| night.ledger().cashup()).await;
    if wants_text(query.as_deref()) {
        // `&lang=hi`: the text in that catalogue's words; one housie lacks gets English.
        let lang = super::extract::query_param(query.as_deref(), "lang");
        let words = lang.as_deref().and_then(Catalogue::of).unwrap_or_else(Catalogue::english);
        download(cashup.to_text_in(words), true, "cashup.txt")
    } else {
        Json(cashup).into_response()
    }
}

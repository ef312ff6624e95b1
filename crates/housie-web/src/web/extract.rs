//! Request pieces checked before a handler runs: the caller's token, a JSON body, a game id.
//! Each refuses with a JSON error instead of axum's plain-text rejections.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::app::App;
use super::error::ApiError;

/// The request carries `Authorization: Bearer TOKEN` with the night's token.
pub struct Caller;

impl FromRequestParts<Arc<App>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Caller, ApiError> {
        let given = parts.headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        match given.and_then(|v| v.strip_prefix("Bearer ")) {
            Some(token) if app.is_token(token.trim()) => Ok(Caller),
            Some(_) => Err(ApiError::new(StatusCode::UNAUTHORIZED, "wrong token: use the caller's URL housie printed")),
            None => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "changes need `Authorization: Bearer TOKEN` (the token is in the caller's URL housie printed)",
            )),
        }
    }
}

/// A JSON body: sent without `Content-Type: application/json` is 415, not JSON 400, JSON of the
/// wrong shape 422.
pub struct JsonBody<T>(pub T);

/// A JSON body that may be left out (an empty body is `None`).
pub struct MaybeJson<T>(pub Option<T>);

fn is_json(req: &Request) -> bool {
    req.headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json")))
}

async fn body<S: Send + Sync>(req: Request, state: &S) -> Result<(bool, Bytes), ApiError> {
    let json = is_json(&req);
    let bytes = Bytes::from_request(req, state)
        .await
        .map_err(|e| ApiError::new(e.status(), format!("could not read the request body: {}", e.body_text())))?;
    Ok((json, bytes))
}

fn parse<T: DeserializeOwned>(json: bool, bytes: &[u8]) -> Result<T, ApiError> {
    if !json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the body as JSON, with Content-Type: application/json",
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        let status = if e.is_data() { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::BAD_REQUEST };
        ApiError::new(status, format!("request body: {e}"))
    })
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<JsonBody<T>, ApiError> {
        let (json, bytes) = body(req, state).await?;
        parse(json, &bytes).map(JsonBody)
    }
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for MaybeJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<MaybeJson<T>, ApiError> {
        let (json, bytes) = body(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(MaybeJson(None));
        }
        parse(json, &bytes).map(|v| MaybeJson(Some(v)))
    }
}

/// A game id from the path; anything but a number is no such game.
pub fn game_id(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>().map_err(|_| ApiError::not_found(format!("there is no game `{text}`")))
}

/// One parameter of a query string, decoded as a browser encodes it (`%2B`, `+` for a space):
/// the one reader of `?token=`, `?lang=` and `?format=` for every door.
pub fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    url::form_urlencoded::parse(query?.as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::query_param;

    #[test]
    fn a_query_parameter_is_found_and_decoded() {
        assert_eq!(query_param(Some("format=text&lang=hi"), "lang").as_deref(), Some("hi"));
        assert_eq!(query_param(Some("token=a%2Bb&x=1"), "token").as_deref(), Some("a+b"));
        assert_eq!(query_param(Some("xtoken=1"), "token"), None);
        assert_eq!(query_param(None, "token"), None);
    }
}

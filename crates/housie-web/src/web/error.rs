//! The one error type of the HTTP API: every refusal is JSON `{"error": "…"}` with the status
//! its kind calls for. Bad input is never a 500; only a database that cannot record is.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use housie_night::night::error::{CommandError, Said};

/// An answer that refuses: a status and a JSON body.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A sentence for the caller.
    pub message: String,
    /// For a mistyped serial: the run's serials one slip away.
    pub suggestions: Vec<String>,
    /// The form field the refusal belongs beside (the studio's design).
    pub field: Option<&'static str>,
    /// The refusal as a catalogue message, for a page in another language.
    pub said: Option<Said>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    suggestions: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    said: Option<&'a Said>,
}

impl ApiError {
    /// A refusal with this status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), suggestions: Vec::new(), field: None, said: None }
    }

    /// A refusal about one field of a form: the page shows it beside that field.
    pub fn field(status: StatusCode, field: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { field: Some(field), ..ApiError::new(status, message) }
    }

    /// A 404 with this message.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
}

impl From<housie_core::pipeline::problem::Problem> for ApiError {
    /// A design's problem: 422 beside its field, with its catalogue message when it has one.
    fn from(p: housie_core::pipeline::problem::Problem) -> ApiError {
        ApiError { said: p.said, ..ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, p.field.as_str(), p.message) }
    }
}

impl From<CommandError> for ApiError {
    fn from(e: CommandError) -> ApiError {
        let status = StatusCode::from_u16(e.kind.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        ApiError { status, message: e.message, suggestions: e.suggestions, field: None, said: e.said }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body =
            Body { error: &self.message, suggestions: &self.suggestions, field: self.field, said: self.said.as_ref() };
        (self.status, Json(body)).into_response()
    }
}

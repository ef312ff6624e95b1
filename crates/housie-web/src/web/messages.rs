//! The night's pages in the people's languages, served: `GET /api/languages` and
//! `GET /api/messages/{lang}` give the pages the catalogues of
//! [`housie_core::support::catalogue`] (one `messages/{lang}.ftl` per language) as JSON.

use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use super::error::ApiError;
use housie_core::support::catalogue::catalogues;

/// A language the pages can be shown in.
#[derive(Serialize)]
pub struct Language {
    /// Its tag.
    pub lang: String,
    /// Its name in itself.
    pub name: String,
}

/// `GET /api/languages` → every language the pages speak, English first.
pub async fn languages() -> Json<Vec<Language>> {
    Json(catalogues().iter().map(|c| Language { lang: c.lang.clone(), name: c.name.clone() }).collect())
}

/// `GET /api/messages/{lang}` → that language's catalogue; 404 for one housie does not have.
pub async fn messages(Path(lang): Path<String>) -> Response {
    match catalogues().iter().find(|c| c.lang == lang) {
        Some(c) => Json(c).into_response(),
        None => ApiError::not_found(format!(
            "housie has no messages in `{}`; it has {}",
            housie_core::domain::text::clip(&lang, 20),
            catalogues().iter().map(|c| c.lang.as_str()).collect::<Vec<_>>().join(", ")
        ))
        .into_response(),
    }
}

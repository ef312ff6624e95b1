//! The event's logo: uploaded as the request's body with its own content type (PNG or JPEG),
//! checked as `--logo` checks it, kept in the event's folder.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::events::{changeable, keep_upload, view, EventView};
use super::state::{blocking, event_id, refused, upload_turn, Studio};
use crate::web::error::ApiError;
use housie_core::pipeline::design::{logo_name, LOGO_FILES};
use housie_core::print::logo::Logo;

/// `POST /api/events/{id}/logo`: the image as the body, `Content-Type: image/png` or
/// `image/jpeg`; whatever the type says, only a real PNG or JPEG is kept.
pub async fn upload(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    // A media type is case-insensitive: `IMAGE/PNG` is a PNG.
    let kind = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    if !matches!(kind.split(';').next().map(str::trim), Some("image/png" | "image/jpeg")) {
        return Err(ApiError::field(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "logo",
            "send the logo as a PNG or JPEG image (Content-Type: image/png or image/jpeg)",
        ));
    }
    let turns = Arc::clone(&studio);
    let _turn = upload_turn(&turns, "logo").await?;
    blocking(move || {
        changeable(&studio, &id)?;
        let name = logo_name(&body)
            .map_err(|p| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, p.field.as_str(), p.message))?;
        let kept = keep_upload(&studio, &id, name, &body, |file, dir| {
            for other in LOGO_FILES.iter().filter(|&&f| f != name) {
                let _ = std::fs::remove_file(dir.join(other));
            }
            file.design.logo = Some(file.design.placed_logo(name));
        })?;
        Ok(Json(kept))
    })
    .await
}

/// `DELETE /api/events/{id}/logo`: no logo.
pub async fn remove(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        changeable(&studio, &id)?;
        let mut file = studio.events.read(&id).map_err(refused)?;
        file.design.logo = None;
        studio.events.write(&id, &file).map_err(refused)?;
        for name in LOGO_FILES {
            let _ = std::fs::remove_file(studio.events.dir(&id).join(name));
        }
        view(&studio, &id).map(Json)
    })
    .await
}

/// `GET /api/events/{id}/logo`: the logo as screens show it (PNG, on white).
pub async fn get(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        let file = studio.events.read(&id).map_err(refused)?;
        let logo = file.design.logo.ok_or_else(|| ApiError::not_found("the event has no logo"))?;
        let path = studio.events.dir(&id).join(&logo.file);
        let logo = Logo::load(&path, &housie_files::read::Disk).map_err(|e| refused(e.into()))?;
        let mut response = logo.screen_png.into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
        Ok(response)
    })
    .await
}

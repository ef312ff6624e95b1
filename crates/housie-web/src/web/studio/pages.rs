//! The studio's pages: HTML, CSS and JavaScript compiled into the binary, one page per file.

use axum::extract::Path;
use axum::response::Response;

use crate::web::pages::{asset_in, page};

const EVENTS: &str = include_str!("../assets/studio.html");
const EVENT: &str = include_str!("../assets/event.html");

const ASSETS: &[(&str, &str, &str)] = &[
    ("studio.css", "text/css; charset=utf-8", include_str!("../assets/studio.css")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../assets/api.js")),
    // The night pages' shared pieces: the studio takes its words (catalogue, picker) from them.
    ("common.js", "text/javascript; charset=utf-8", include_str!("../assets/common.js")),
    ("studio.js", "text/javascript; charset=utf-8", include_str!("../assets/studio.js")),
    ("event.js", "text/javascript; charset=utf-8", include_str!("../assets/event.js")),
    ("design-form.js", "text/javascript; charset=utf-8", include_str!("../assets/design-form.js")),
];

/// `GET /`: the events.
pub async fn events() -> Response {
    page("text/html; charset=utf-8", EVENTS)
}

/// `GET /event?id=ID`: one event's design, generate and night.
pub async fn event() -> Response {
    page("text/html; charset=utf-8", EVENT)
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    asset_in(ASSETS, &file)
}

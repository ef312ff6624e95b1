//! The studio's pages: HTML, CSS and JavaScript compiled into the binary, one page per file.

use axum::extract::Path;
use axum::response::Response;

use crate::web::pages::{asset_in, page};

const EVENTS: &str = include_str!("../assets/studio.html");
const EVENT: &str = include_str!("../assets/event.html");
/// The design form, the page in a browser tab's too (scripts/build-site puts it in place there).
const DESIGN_FORM: &str = include_str!("../assets/design-form.html");

/// The event page with the design form in place of its marker line.
static EVENT_PAGE: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| EVENT.replacen("      <!-- design-form -->\n", DESIGN_FORM, 1));

const ASSETS: &[(&str, &str, &str)] = &[
    ("studio.css", "text/css; charset=utf-8", include_str!("../assets/studio.css")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../assets/api.js")),
    // The night pages' shared pieces: the studio takes its words (catalogue, picker) from them.
    ("words.js", "text/javascript; charset=utf-8", include_str!("../assets/words.js")),
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
    page("text/html; charset=utf-8", EVENT_PAGE.as_str())
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    asset_in(ASSETS, &file)
}

#[cfg(test)]
mod tests {
    /// The event page holds the one design form, whole, where its marker was.
    #[test]
    fn the_event_page_holds_the_design_form() {
        assert!(!super::EVENT_PAGE.contains("<!-- design-form -->"));
        assert_eq!(super::EVENT_PAGE.matches("<form id=\"design\"").count(), 1);
    }
}

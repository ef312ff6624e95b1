//! The events and their designs: list, create, read, change, preview, an uploaded template,
//! duplicate and top-up.

use housie_core::pipeline::form_field::FormField;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::state::{blocking, event_id, refused, Studio};
use crate::studio::events::{EventFile, EventSummary, SAMPLE};
use crate::studio::job::JobView;
use crate::studio::EventState;
use crate::web::error::ApiError;
use crate::web::extract::JsonBody;
use housie_core::pipeline::checked::Checked;
use housie_core::pipeline::design::{Design, OWN_LOOK, OWN_TEMPLATE};
use housie_core::pipeline::problem::Problem;
use housie_core::pipeline::Planned;

/// `GET /api/events`: every event, newest first.
pub async fn list(State(studio): State<Arc<Studio>>) -> Result<Json<Vec<EventSummary>>, ApiError> {
    blocking(move || Ok(Json(studio.events.list()))).await
}

/// What `POST /api/events` takes: a title and, optionally, the rest of a design.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEvent {
    title: String,
    #[serde(default)]
    look: Option<String>,
    #[serde(default)]
    books: Option<u64>,
    #[serde(default)]
    booklets: Option<u64>,
    #[serde(default)]
    games: Option<u16>,
    /// The language of the paper's words: the studio page's, when it is not English.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/events`: a new event → `201 {"id"}`.
pub async fn create(
    State(studio): State<Arc<Studio>>,
    JsonBody(new): JsonBody<NewEvent>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    let mut design = Design { title: new.title, lang: new.lang.unwrap_or_default(), ..Design::default() };
    if let Some(look) = new.look {
        design.look = look;
    }
    if new.booklets.is_some() {
        (design.books, design.booklets, design.games) = (None, new.booklets, new.games);
    } else if new.books.is_some() {
        (design.books, design.games) = (new.books, new.games);
    }
    if let Some(p) = design.problems().into_iter().next() {
        return Err(p.into());
    }
    let id = blocking(move || studio.events.create(design, None).map_err(refused)).await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": id }))))
}

/// An event as its page shows it.
#[derive(Serialize)]
pub struct EventView {
    id: String,
    #[serde(flatten)]
    file: EventFile,
    state: EventState,
    /// The design checked: its problems beside their fields, its warnings, its pages and what
    /// the plan decided of what it left unsaid.
    #[serde(flatten)]
    checked: Checked,
    /// The task running or last run.
    job: Option<JobView>,
    /// The run's files, to download (run.json is private and is not offered).
    files: Vec<FileView>,
    /// The desk's URL once the night was opened from here.
    desk: Option<String>,
    /// Where phones join that night, when they may.
    join: Option<String>,
    /// Whether the event's night lets phones join (*Let phones join*, kept with its chain).
    phones: bool,
    /// The run's code (`4821-0937`), on its downloads and the desk.
    run_code: Option<String>,
    /// Runs replaced by generating again, newest first, each restorable until a night exists.
    replaced: Vec<Replaced>,
    /// The event as this answer saw it: a change or a generate that names another version
    /// (a second tab's stale page) is refused.
    version: String,
}

/// A run replaced by generating again, kept as its record.
#[derive(Serialize)]
pub struct Replaced {
    /// The record's file (`run-replaced-1.json`).
    name: String,
    /// Its code.
    code: String,
}

#[derive(Serialize)]
struct FileView {
    name: String,
    bytes: u64,
}

/// The event's design as a plan (drawn with a sample seed), or its problems.
pub(super) fn plan(studio: &Studio, id: &str, file: &EventFile) -> Result<Planned, Vec<Problem>> {
    addressed(
        studio,
        id,
        file,
        |f| studio.events.plan(id, f, SAMPLE),
        |p| p.iter().any(|p| p.field == FormField::PlayerUrl),
    )
}

/// `attempt` on the event's file; when it fails for want of the address its tickets' QR codes
/// open (`asks`) and the design names none, again with the address of the night the studio will
/// serve (see [`super::night::player_address`]), so a scanned ticket reaches that desk. One
/// attempt in the usual case: this is on the path of every edit's preview.
pub(super) fn addressed<T, E>(
    studio: &Studio,
    id: &str,
    file: &EventFile,
    attempt: impl Fn(&EventFile) -> Result<T, E>,
    asks: impl Fn(&E) -> bool,
) -> Result<T, E> {
    match attempt(file) {
        Err(e) if asks(&e) && file.design.player_url.trim().is_empty() => {
            let Ok(address) = super::night::player_address(studio, id) else { return Err(e) };
            let mut file = file.clone();
            file.design.player_url = address;
            attempt(&file)
        }
        done => done,
    }
}

pub(super) fn view(studio: &Studio, id: &str) -> Result<EventView, ApiError> {
    let file = studio.events.read(id).map_err(refused)?;
    let state = studio.events.state(id);
    let checked = Checked::of(plan(studio, id, &file));
    let dir = studio.events.dir(id);
    let (files, run_code) = match housie_files::record::read_record(&dir) {
        Ok((record, text)) => (
            record.files.iter().map(|f| FileView { name: f.name.clone(), bytes: f.bytes }).collect(),
            Some(housie_core::record::run_code(&text)),
        ),
        Err(_) => (Vec::new(), None),
    };
    let replaced = replaced_runs(&dir)
        .into_iter()
        .filter(|(_, code)| Some(code) != run_code.as_ref())
        .map(|(name, code)| Replaced { name, code })
        .collect();
    let served = super::night::served(studio, id);
    let (desk, join) = (served.as_ref().map(|n| n.desk.clone()), served.and_then(|n| n.join));
    let phones = super::night::phones(studio, id);
    let job = studio.job(id).map(|j| j.view());
    let version = version(studio, id);
    Ok(EventView {
        id: id.to_string(),
        file,
        state,
        checked,
        job,
        files,
        desk,
        join,
        phones,
        run_code,
        replaced,
        version,
    })
}

/// The event's version: its design and its run, as they are now.
pub(super) fn version(studio: &Studio, id: &str) -> String {
    let dir = studio.events.dir(id);
    let mut bytes = std::fs::read(dir.join(crate::studio::events::DESIGN_FILE)).unwrap_or_default();
    bytes.extend(std::fs::read(dir.join(housie_core::record::RUN_RECORD)).unwrap_or_default());
    housie_core::support::digest::sha256_hex(&bytes)[..16].to_string()
}

/// Refuses a change asked by a page that saw another version of the event.
pub(super) fn same_version(studio: &Studio, id: &str, seen: Option<&str>) -> Result<(), ApiError> {
    match seen {
        Some(seen) if seen != version(studio, id) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "the event was changed elsewhere (another tab or window) since this page read it; the page now shows it \
             as it is: look, then do it again",
        )),
        _ => Ok(()),
    }
}

/// The records `generate` kept in `dir` of the runs it replaced (`run-replaced-N.json`), newest
/// first, with their codes.
pub(super) fn replaced_runs(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut found: Vec<(u64, String, String)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let n = name.strip_prefix("run-replaced-")?.strip_suffix(".json")?.parse().ok()?;
            let text = housie_files::read::read_text(&e.path(), housie_core::record::MAX_RECORD).ok()?;
            Some((n, name, housie_core::record::run_code(&text)))
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().map(|(_, name, code)| (name, code)).collect()
}

/// `GET /api/events/{id}`.
pub async fn get(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || view(&studio, &id).map(Json)).await
}

/// Refuses a change to the paper once a night exists, or while a task runs.
pub(super) fn changeable(studio: &Studio, id: &str) -> Result<(), ApiError> {
    if studio.events.state(id).frozen() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "the paper is frozen: a night was played on it. Duplicate the event for new paper, or top it up for more books",
        ));
    }
    if studio.job(id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified; wait, or stop it"));
    }
    Ok(())
}

/// Keeps an upload to an event found [`changeable`]: the file whole in its folder first, then
/// `record` names it in the design; the answer is the event as it now is.
pub(super) fn keep_upload(
    studio: &Studio,
    id: &str,
    name: &str,
    body: &[u8],
    record: impl FnOnce(&mut EventFile, &std::path::Path),
) -> Result<EventView, ApiError> {
    let dir = studio.events.dir(id);
    crate::studio::events::write_whole(&dir, name, body).map_err(refused)?;
    let mut file = studio.events.read(id).map_err(refused)?;
    record(&mut file, &dir);
    studio.events.write(id, &file).map_err(refused)?;
    view(studio, id)
}

/// `PUT /api/events/{id}`: the whole design, as the page holds it.
pub async fn update(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    JsonBody(design): JsonBody<Design>,
) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    // `If-Match: VERSION`, as the page's last answer gave it: a stale tab's edit is refused.
    let seen = headers.get(header::IF_MATCH).and_then(|v| v.to_str().ok()).map(|v| v.trim_matches('"').to_string());
    blocking(move || {
        changeable(&studio, &id)?;
        same_version(&studio, &id, seen.as_deref())?;
        let mut file = studio.events.read(&id).map_err(refused)?;
        file.design = design;
        studio.events.write(&id, &file).map_err(refused)?;
        view(&studio, &id).map(Json)
    })
    .await
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<u64>,
}

/// `GET /api/events/{id}/preview.svg?page=N`: page N (default 1) with sample numbers.
pub async fn preview(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        let file = studio.events.read(&id).map_err(refused)?;
        let page = q.page.unwrap_or(1);
        let svg = addressed(
            &studio,
            &id,
            &file,
            |f| studio.events.preview(&id, f, page),
            |p| p.field == FormField::PlayerUrl,
        )
        .map_err(|p| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, p.field.as_str(), p.message))?;
        let mut response = svg.into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
        Ok(response)
    })
    .await
}

/// `POST /api/events/{id}/template`: the event's own template, as the body (TOML text, at
/// most 64 KiB); it is checked as `--template FILE` is, and the design then uses it.
pub async fn template(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<EventView>, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        changeable(&studio, &id)?;
        let text = std::str::from_utf8(&body).map_err(|_| {
            ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "look", "a template is TOML text, and this is not text")
        })?;
        let template = housie_core::print::template::Template::parse(text, "the uploaded template")
            .map_err(|e| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "look", e.to_string()))?;
        // A template's [logo] names a file on this computer; the studio takes the image itself.
        if template.logo().is_some() {
            return Err(ApiError::field(
                StatusCode::UNPROCESSABLE_ENTITY,
                "look",
                "the template names a logo file; upload the logo in the Logo box instead, and leave [logo] out",
            ));
        }
        let dir = studio.events.dir(&id);
        crate::studio::events::write_whole(&dir, OWN_TEMPLATE, text.as_bytes()).map_err(refused)?;
        let mut file = studio.events.read(&id).map_err(refused)?;
        file.design.look = OWN_LOOK.to_string();
        studio.events.write(&id, &file).map_err(refused)?;
        view(&studio, &id).map(Json)
    })
    .await
}

/// `POST /api/events/{id}/duplicate`: a new event with this one's design, not its run.
pub async fn duplicate(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    let id = event_id(&studio, &id)?;
    let new = blocking(move || {
        let file = studio.events.read(&id).map_err(refused)?;
        let new = studio.events.create(file.design.clone(), None).map_err(refused)?;
        carry_files(&studio, &id, &new, &file.design)?;
        Ok(new)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": new }))))
}

/// Copies the files a design names in its event's folder (an uploaded template, the logo, the
/// font) from event `from` to event `to`, so the new event prints as the old one did.
fn carry_files(studio: &Studio, from: &str, to: &str, design: &Design) -> Result<(), ApiError> {
    let mut names = Vec::new();
    if design.look == OWN_LOOK {
        names.push(OWN_TEMPLATE.to_string());
    }
    names.extend(design.logo.as_ref().map(|l| l.file.clone()));
    names.extend(design.font.clone());
    for name in names {
        let (source, target) = (studio.events.dir(from).join(&name), studio.events.dir(to).join(&name));
        std::fs::copy(&source, &target).map_err(|e| refused(housie_core::error::Error::io(&target)(e)))?;
    }
    Ok(())
}

/// What a top-up takes: how many more books (or booklets).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TopUp {
    #[serde(default)]
    books: Option<u64>,
    #[serde(default)]
    booklets: Option<u64>,
}

/// `POST /api/events/{id}/top-up`: a new event continuing this one's run (`generate --after`):
/// its books are numbered on, its tickets and lines unique across both.
pub async fn top_up(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    JsonBody(more): JsonBody<TopUp>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    let id = event_id(&studio, &id)?;
    let new = blocking(move || {
        if studio.events.state(&id) == EventState::Designed {
            return Err(ApiError::new(StatusCode::CONFLICT, "generate the event first; a top-up continues its run"));
        }
        let file = studio.events.read(&id).map_err(refused)?;
        let mut design = file.design;
        match (design.games, more.books, more.booklets) {
            (None, Some(b), None) => design.books = Some(b),
            (Some(_), None, Some(b)) => design.booklets = Some(b),
            (None, _, _) => {
                return Err(ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "books", "say how many more books"))
            }
            (Some(_), _, _) => {
                return Err(ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "booklets", "say how many more booklets"))
            }
        }
        if let Some(p) = design.problems().into_iter().next() {
            return Err(p.into());
        }
        let new = studio.events.create(design.clone(), Some(id.clone())).map_err(refused)?;
        carry_files(&studio, &id, &new, &design)?;
        Ok(new)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": new }))))
}

//! Generating and verifying an event, with their progress as an event stream, and the files
//! they wrote to download.

use housie_core::pipeline::form_field::FormField;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::events::changeable;
use super::state::{blocking, event_id, refused, Studio};
use crate::studio::job::{JobView, Outcome};
use crate::studio::{Job, Task};
use crate::web::error::ApiError;
use housie_core::pipeline::{SeedChoice, Watch};

/// How often the progress stream reports.
const TICK: Duration = Duration::from_millis(150);

/// Starts `task` on its own thread unless one runs on the event already.
fn start(
    studio: &Arc<Studio>,
    id: &str,
    job: Arc<Job>,
    work: impl FnOnce(&Job) -> Outcome + Send + 'static,
) -> Result<(), ApiError> {
    let mut jobs = studio.jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if jobs.get(id).is_some_and(|j| j.running()) {
        return Err(ApiError::new(StatusCode::CONFLICT, "the event is being generated or verified already"));
    }
    jobs.insert(id.to_string(), Arc::clone(&job));
    drop(jobs);
    std::thread::spawn(move || {
        let outcome = work(&job);
        job.finish(outcome);
    });
    Ok(())
}

/// What `POST /api/events/{id}/generate` takes (its body may be empty).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateBody {
    /// Replace the run already made: new numbers, and the paper printed from it no longer
    /// matches the desk.
    #[serde(default)]
    replace: bool,
    /// The event's version as the page saw it: a stale tab's generate is refused.
    #[serde(default)]
    version: Option<String>,
}

/// `POST /api/events/{id}/generate` → `202`: draws the run with a new seed nobody can guess
/// and writes its files into the event's folder, as `housie generate` does. Generating again
/// replaces them only when the body says `"replace": true` (the earlier run's record is kept
/// beside, as `--force` keeps it, and can be restored); once a night exists it is refused.
pub async fn generate(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<JobView>), ApiError> {
    let id = event_id(&studio, &id)?;
    let asked: GenerateBody = match body.iter().all(u8::is_ascii_whitespace) {
        true => GenerateBody::default(),
        false => serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("the request: {e}")))?,
    };
    blocking(move || {
        changeable(&studio, &id)?;
        super::events::same_version(&studio, &id, asked.version.as_deref())?;
        if !asked.replace {
            if let Ok((_, text)) = housie_files::record::read_record(&studio.events.dir(&id)) {
                return Err(ApiError::field(
                    StatusCode::CONFLICT,
                    "replace",
                    format!(
                        "this event's paper is made (run {}): generating again draws new numbers, and paper already \
                         printed from it will not match the desk. Confirm to replace it (it can be restored until \
                         a night is played)",
                        housie_core::record::run_code(&text)
                    ),
                ));
            }
        }
        let file = studio.events.read(&id).map_err(refused)?;
        // A seed nobody can guess (a top-up draws with its chain's).
        let draw = |f: &_| studio.events.plan(&id, f, SeedChoice::Random(housie_files::start::entropy()));
        let asks = |p: &Vec<housie_core::pipeline::problem::Problem>| p.iter().any(|p| p.field == FormField::PlayerUrl);
        let plan = super::events::addressed(&studio, &id, &file, draw, asks).map_err(|problems| {
            let p = &problems[0];
            ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, p.field.as_str(), p.message.clone())
        })?;
        let plan = plan.plan;
        let dir = studio.events.dir(&id);
        // A night in the folder, or a top-up continuing it: its run is never replaced.
        housie_files::run::check_folder(&plan, &dir, true).map_err(refused)?;
        let summary = move |outcome: &housie_files::run::Outcome, dir: &std::path::Path| {
            format!("{} books, {} tickets, in {}", outcome.record.settings.books, outcome.record.tickets, dir.display())
        };
        let job = start_writing(&studio, &id, plan, summary)?;
        Ok((StatusCode::ACCEPTED, Json(job.view())))
    })
    .await
}

/// Writes the run `plan` describes into the event's folder on a thread of its own, replacing
/// what is there as `housie generate --force` does (the folder's checks are made again under
/// its lock); `summary` words what was done, for the page and the log.
pub(super) fn start_writing(
    studio: &Arc<Studio>,
    id: &str,
    plan: housie_core::pipeline::GeneratePlan,
    summary: impl FnOnce(&housie_files::run::Outcome, &std::path::Path) -> String + Send + 'static,
) -> Result<Arc<Job>, ApiError> {
    let job = Job::new(Task::Generate, plan.page_count());
    let log = Arc::clone(studio);
    let dir = studio.events.dir(id);
    start(studio, id, Arc::clone(&job), move |job| {
        let watch = Watch { progress: &|pages| job.progress(pages), stop: job.stop_flag() };
        match housie_files::run::generate_run(&plan, &dir, true, watch) {
            Ok(outcome) => {
                let summary = summary(&outcome, &dir);
                (log.log)(&summary);
                Outcome::Done { summary, problems: Vec::new() }
            }
            Err(housie_core::error::Error::Stopped) => Outcome::Stopped,
            Err(e) => Outcome::Failed { error: e.to_string() },
        }
    })?;
    Ok(job)
}

/// `POST /api/events/{id}/verify` → `202`: regenerates the run from its record and compares
/// every file, as `housie verify` does.
pub async fn verify(
    State(studio): State<Arc<Studio>>,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<JobView>), ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        let dir = studio.events.dir(&id);
        let (record, _) = housie_files::record::read_record(&dir).map_err(|_| {
            ApiError::new(StatusCode::CONFLICT, "there is nothing to verify yet: generate the event first")
        })?;
        let pages = record.pages().page_count();
        let job = Job::new(Task::Verify, pages);
        start(&studio, &id, Arc::clone(&job), move |job| {
            match housie_night::audit::verify::verify_dir_with(&dir, &|p| job.progress(p)) {
                Ok(report) => Outcome::Done {
                    summary: report.summary.clone(),
                    problems: report.problems.iter().map(ToString::to_string).collect(),
                },
                Err(e) => Outcome::Failed { error: e.to_string() },
            }
        })?;
        Ok((StatusCode::ACCEPTED, Json(job.view())))
    })
    .await
}

/// `GET /api/events/{id}/job`: the task running or last run.
pub async fn get(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Json<JobView>, ApiError> {
    let id = event_id(&studio, &id)?;
    studio.job(&id).map(|j| Json(j.view())).ok_or_else(|| ApiError::not_found("no task has run on this event"))
}

/// `DELETE /api/events/{id}/job`: stops the task; nothing it began is left behind.
pub async fn stop(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Json<JobView>, ApiError> {
    let id = event_id(&studio, &id)?;
    let job = studio.job(&id).ok_or_else(|| ApiError::not_found("no task has run on this event"))?;
    job.stop();
    Ok(Json(job.view()))
}

/// `GET /api/events/{id}/progress`: Server-Sent Events, `event: progress` with the task's view
/// several times a second until it ends (the last one says how).
pub async fn progress(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    let job = studio.job(&id).ok_or_else(|| ApiError::not_found("no task has run on this event"))?;
    let stream = futures_stream(job);
    let mut response = axum::body::Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// The job's view every [`TICK`], ending after the one that says it finished.
fn futures_stream(job: Arc<Job>) -> impl tokio_stream::Stream<Item = Result<axum::body::Bytes, Infallible>> {
    let ticks = tokio_stream::StreamExt::throttle(tokio_stream::iter(0u64..), TICK);
    let mut ended = false;
    tokio_stream::StreamExt::map_while(ticks, move |_| {
        if ended {
            return None;
        }
        let view = job.view();
        ended = view.outcome != Outcome::Running;
        let json = serde_json::to_string(&view).expect("a job view serialises");
        Some(Ok(axum::body::Bytes::from(format!("event: progress\ndata: {json}\n\n"))))
    })
}

/// `GET /api/events/{id}/files/{name}`: a file the run wrote (its PDFs and manifest; never
/// run.json, which holds the seed).
pub async fn file(
    State(studio): State<Arc<Studio>>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        let dir = studio.events.dir(&id);
        let (record, text) =
            housie_files::record::read_record(&dir).map_err(|_| ApiError::not_found("the event has no files yet"))?;
        let kind = match name.rsplit('.').next() {
            Some("pdf") => "application/pdf",
            Some("csv") => "text/csv; charset=utf-8",
            _ => "application/octet-stream",
        };
        // Only a file the run wrote, by a plain name: a hand-edited run.json cannot name a path
        // outside the event's folder, and a link in the folder is not followed.
        let plain = !name.contains(['/', '\\']) && name != ".." && name != ".";
        let linked = std::fs::symlink_metadata(dir.join(&name)).is_ok_and(|m| !m.is_file());
        if !plain || linked || !record.files.iter().any(|f| f.name == name) || name == housie_core::record::RUN_RECORD {
            return Err(ApiError::not_found(format!(
                "the event has no file `{}`",
                housie_core::domain::text::clip(&name, 60)
            )));
        }
        let path = dir.join(&name);
        let bytes = std::fs::read(&path).map_err(|e| refused(housie_core::error::Error::io(&path)(e)))?;
        // The run's code in the name: a file at the print shop is matched with the desk's run.
        let code = housie_core::record::run_code(&text);
        Ok(attachment(bytes, kind, &format!("{id}-{code}-{name}")))
    })
    .await
}

/// `GET /api/events/{id}/pictures/{unit}`: booklet (or book) `unit` as one PNG picture of its
/// pages, drawn again from the run's record, for a player who gets it by message.
pub async fn picture(
    State(studio): State<Arc<Studio>>,
    Path((id, unit)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    let unit = housie_core::support::number::whole(&unit)
        .ok()
        .filter(|&u| u > 0)
        .ok_or_else(|| ApiError::not_found(format!("no booklet `{}`", housie_core::domain::text::clip(&unit, 20))))?;
    blocking(move || {
        let dir = studio.events.dir(&id);
        if housie_files::record::read_record(&dir).is_err() {
            return Err(ApiError::not_found("the event has no run yet: generate it first"));
        }
        let png = housie_files::booklets::booklet_picture(&dir, unit, PICTURE_DPI)
            .map_err(|e| ApiError::field(StatusCode::NOT_FOUND, "picture", e.to_string()))?;
        Ok(attachment(png, "image/png", &format!("{id}-booklet-{unit:06}.png")))
    })
    .await
}

/// A picture's resolution: sharp on a phone, small enough to message.
const PICTURE_DPI: u32 = 110;

/// `GET /api/events/{id}/proof.pdf`: the run's first 12 books as the print file has them, to
/// check before printing the lot.
pub async fn proof(State(studio): State<Arc<Studio>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = event_id(&studio, &id)?;
    blocking(move || {
        let dir = studio.events.dir(&id);
        if housie_files::record::read_record(&dir).is_err() {
            return Err(ApiError::not_found("the event has no run yet: generate it first"));
        }
        let pdf = housie_files::booklets::proof(&dir).map_err(refused)?;
        Ok(attachment(pdf, "application/pdf", &format!("{id}-proof.pdf")))
    })
    .await
}

/// A download: the bytes with their type, saved under `name` (an event id, in any script, and
/// a file name housie made): as it is for browsers (RFC 6266's `filename*`, UTF-8), with `_`
/// for each letter outside ASCII for any other client.
fn attachment(bytes: Vec<u8>, kind: &'static str, name: &str) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "-._".contains(c) { c } else { '_' }).collect();
    let encoded = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or(HeaderValue::from_static("attachment"));
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    response
}

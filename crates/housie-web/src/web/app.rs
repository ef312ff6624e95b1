//! The night as the web serves it: the shared state every handler reads (the night behind
//! one lock, its last published state and who is watching), and how the server is set up.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::watch;

use super::error::ApiError;
use super::guard::Hosts;
use super::listen::Limits;
use super::throttle::Throttle;
use housie_night::night::callnames::CallNames;
use housie_night::night::error::CommandError;
use housie_night::night::view::StateView;
use housie_night::night::{Answer, Command, Served, ServedNight};

/// The state as last published: what `GET /api/state` and the event stream send.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The sequence number of the last event.
    pub version: i64,
    /// For the board and anyone without the token.
    pub public: Arc<str>,
    /// For the caller: adds the watch counts.
    pub caller: Arc<str>,
    /// `public` as one Server-Sent Event, framed once for every stream that sends it: with
    /// hundreds of phones following, framing it per stream cost the desk its answers.
    pub public_event: axum::body::Bytes,
    /// `caller` as one Server-Sent Event.
    pub caller_event: axum::body::Bytes,
    /// The night's database went from under the server.
    pub lost: bool,
    /// The run's last book: a top-up taken in is news with no new event.
    pub books: u64,
}

/// Where the server writes a line for the person running it (stderr, for `housie serve`).
pub type Logger = Box<dyn Fn(&str) + Send + Sync>;

/// How a night is served, beyond the night itself.
pub struct ServeOptions {
    /// Connections, streams and time limits.
    pub limits: Limits,
    /// The names a request may address the server by.
    pub hosts: Hosts,
    /// The call-name lists the pages offer: the shipped ones, then the caller's own.
    pub call_names: Vec<CallNames>,
    /// Where lines for the person running the server go.
    pub log: Logger,
    /// Where phones join: the board shows it.
    pub join: JoinAddress,
}

/// The player page's address on the hall's network, for the board's QR code.
#[derive(Clone, Debug, Default)]
pub struct JoinAddress {
    /// `http://192.168.1.20:8090/play`; `None` when not known.
    pub url: Option<String>,
    /// Whether other machines can reach it (`serve --listen 0.0.0.0:PORT`).
    pub reachable: bool,
}

impl Default for ServeOptions {
    /// Limits for a process that may open 1,024 files, this machine's names, the shipped call
    /// names, and no log.
    fn default() -> ServeOptions {
        ServeOptions {
            limits: Limits::default(),
            hosts: Hosts::of_this_machine(&[]),
            call_names: CallNames::shipped(),
            log: Box::new(|_| {}),
            join: JoinAddress::default(),
        }
    }
}

/// The served night: the night behind one lock, its token, and what is published.
pub struct App {
    night: Mutex<ServedNight>,
    /// The run, readable without the night's lock (the planner works from it); replaced when a
    /// top-up joins the night.
    run: Mutex<Arc<housie_night::night::NightRun>>,
    token: String,
    published: watch::Sender<Snapshot>,
    /// Connections, streams and time limits.
    pub limits: Limits,
    /// The names requests may use.
    pub hosts: Hosts,
    /// The call-name lists served.
    pub call_names: Vec<CallNames>,
    /// Event streams open without the token.
    streams: AtomicUsize,
    log: Logger,
    /// The loss of the database has been reported.
    lost_reported: AtomicBool,
    /// Where phones join.
    pub join: JoinAddress,
    /// Phones' well-formed claims lately, by address.
    pub claims: Throttle,
    /// Phones' well-formed claims lately, by ticket (the serial followed and the ticket's place).
    pub ticket_claims: Throttle<String>,
    /// Wrong phone-only codes by address.
    pub guesses: Throttle,
    /// The run's logo as screens show it (PNG), for the players' pages.
    pub logo: Option<axum::body::Bytes>,
    /// A top-up that could not be taken in, with its record's time then.
    refused_top_up: Mutex<Option<(std::path::PathBuf, Option<std::time::SystemTime>)>>,
}

impl App {
    /// The app for `night` with the default [`ServeOptions`].
    pub fn new(night: ServedNight) -> Arc<App> {
        App::with(night, ServeOptions::default())
    }

    /// The app for `night` with these options.
    pub fn with(night: ServedNight, options: ServeOptions) -> Arc<App> {
        let ServeOptions { limits, hosts, call_names, log, join } = options;
        let token = night.token().to_string();
        let run = Arc::clone(&night.run);
        let (published, _) = watch::channel(snapshot(&night));
        // The image the tickets print, as it was checked when the run was made.
        let logo = run.record.settings.logo.as_ref().and_then(|l| {
            // Beside the run, where a run carries it (or where an earlier housie recorded it).
            let folder = housie_files::read::RunFolder(&run.dir);
            let logo = housie_core::print::logo::Logo::recorded(
                &l.file,
                &l.sha256,
                false,
                &[std::path::Path::new("")],
                &folder,
            )
            .ok();
            if logo.is_none() {
                log(&format!("the logo {} is not the run's; the players' pages go without it", l.file.display()));
            }
            logo.map(|logo| axum::body::Bytes::from(logo.screen_png))
        });
        Arc::new(App {
            night: Mutex::new(night),
            run: Mutex::new(run),
            token,
            published,
            limits,
            hosts,
            call_names,
            streams: AtomicUsize::new(0),
            log,
            lost_reported: AtomicBool::new(false),
            join,
            claims: Throttle::default(),
            ticket_claims: Throttle::default(),
            guesses: Throttle::default(),
            logo,
            refused_top_up: Mutex::new(None),
        })
    }

    /// Counts a public event stream in; `None` when as many are open as the limits allow.
    pub fn open_stream(self: &Arc<App>) -> Option<StreamSlot> {
        let n = self.streams.fetch_add(1, Ordering::SeqCst);
        if n >= self.limits.streams {
            self.streams.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(StreamSlot(Arc::clone(self)))
    }

    /// The caller's token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The run the night plays (every run of its chain taken in so far).
    pub fn run(&self) -> Arc<housie_night::night::NightRun> {
        Arc::clone(&self.run.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Takes in a top-up made since the night opened (a run beside the last one that continues
    /// it, no longer being written): its books can be sold, issued and claimed at once, and the
    /// desk, the board and the phones are told. Returns whether one was taken in.
    pub async fn take_in_top_up(self: &Arc<App>) -> bool {
        let app = Arc::clone(self);
        let grown = tokio::task::spawn_blocking(move || -> Result<Option<Snapshot>, String> {
            let latest = app.run().dir.clone();
            let Some(next) = housie_files::chain::continued_by(&latest) else { return Ok(None) };
            // Still being written (or replaced): taken in once it is whole.
            if !matches!(housie_files::lock::share_folder(&next), Ok(Some(_))) {
                return Ok(None);
            }
            // One that could not be taken in is tried again only once its record changes: every
            // try re-draws the whole chain.
            let record = std::fs::metadata(next.join(housie_core::record::RUN_RECORD)).and_then(|m| m.modified()).ok();
            let mut refused = app.refused_top_up.lock().unwrap_or_else(PoisonError::into_inner);
            if refused.as_ref() == Some(&(next.clone(), record)) {
                return Ok(None);
            }
            let run = housie_night::night::run_folder::open(&next).map_err(|e| {
                *refused = Some((next.clone(), record));
                e.to_string()
            })?;
            drop(refused);
            let books = run.books();
            let mut night = app.night.lock().unwrap_or_else(PoisonError::into_inner);
            if !night.grow(run)? {
                return Ok(None);
            }
            *app.run.lock().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&night.run);
            (app.log)(&format!(
                "a top-up joined the night: {} is played with it, books {}-{}",
                next.display(),
                books.start(),
                books.end()
            ));
            Ok(Some(snapshot(&night)))
        })
        .await;
        match joined_snapshot(grown) {
            Ok(Some(new)) => {
                self.publish(new);
                true
            }
            Ok(None) => false,
            Err(why) => {
                (self.log)(&format!("a top-up beside the night could not be taken in: {why}"));
                false
            }
        }
    }

    /// Whether `given` is the caller's token (compared in constant time).
    pub fn is_token(&self, given: &str) -> bool {
        housie_night::night::store::same_token(given, &self.token)
    }

    /// The state as last published.
    pub fn snapshot(&self) -> Snapshot {
        self.published.borrow().clone()
    }

    /// A receiver of every state published from now on.
    pub fn subscribe(&self) -> watch::Receiver<Snapshot> {
        self.published.subscribe()
    }

    /// Makes the change `command` asks for through the night's one path for every change, and
    /// answers what it answers.
    pub async fn handle(self: &Arc<App>, command: Command) -> Result<axum::Json<Answer>, ApiError> {
        self.change(move |night| night.handle(command)).await.map(axum::Json)
    }

    /// Runs a command on the night off the async threads (it waits for the disk), then
    /// publishes the new state if anything changed. The state is published from the request's
    /// own task, just before its answer is written: publishing wakes every open stream, and the
    /// caller's answer should not wait behind hundreds of phones.
    pub async fn change<T: Send + 'static>(
        self: &Arc<App>,
        command: impl FnOnce(&mut ServedNight) -> Result<T, CommandError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let app = Arc::clone(self);
        let joined = tokio::task::spawn_blocking(move || {
            let mut night = app.night.lock().unwrap_or_else(PoisonError::into_inner);
            let before = night.version();
            let result = command(&mut night);
            let lost = night.lost().map(str::to_string);
            let newly_lost = lost.is_some() && !app.lost_reported.load(Ordering::SeqCst);
            let changed = (night.version() != before || newly_lost).then(|| snapshot(&night));
            if let Some(why) = lost {
                if !app.lost_reported.swap(true, Ordering::SeqCst) {
                    (app.log)(&why);
                }
            }
            (result, changed)
        })
        .await;
        match joined {
            Ok((result, changed)) => {
                if let Some(new) = changed {
                    self.publish(new);
                }
                result.map_err(ApiError::from)
            }
            Err(_) => Err(ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, "the command failed")),
        }
    }

    /// Publishes `new` unless a later state was published first (two changes made one after the
    /// other under the night's lock may reach here in either order).
    fn publish(&self, new: Snapshot) {
        self.published.send_if_modified(|current| {
            let later = (new.version, new.lost, new.books) > (current.version, current.lost, current.books);
            if later {
                *current = new;
            }
            later
        });
    }

    /// Reads the night (for the record).
    pub async fn read<T: Send + 'static>(self: &Arc<App>, f: impl FnOnce(&ServedNight) -> T + Send + 'static) -> T {
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || f(&app.night.lock().unwrap_or_else(PoisonError::into_inner)))
            .await
            .expect("reading the night does not panic")
    }
}

/// A public event stream's place, given back when the stream ends.
pub struct StreamSlot(Arc<App>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

fn snapshot(night: &ServedNight) -> Snapshot {
    let json = |caller| serde_json::to_string(&StateView::of(night, caller)).expect("state serialises");
    let (public, caller): (Arc<str>, Arc<str>) = (json(false).into(), json(true).into());
    let event =
        |data: &str| axum::body::Bytes::from(format!("event: state\nid: {}\ndata: {data}\n\n", night.version()));
    Snapshot {
        version: night.version(),
        public_event: event(&public),
        caller_event: event(&caller),
        public,
        caller,
        lost: night.lost().is_some(),
        books: *night.run.books().end(),
    }
}

fn joined_snapshot(
    joined: Result<Result<Option<Snapshot>, String>, tokio::task::JoinError>,
) -> Result<Option<Snapshot>, String> {
    joined.unwrap_or_else(|_| Err("the task failed".into()))
}

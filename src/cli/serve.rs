//! `housie serve`: the caller's desk and the board for the night.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::Error;
use housie_night::ledger::{Currency, Regime};
use housie_night::night::callnames::CallNames;
use housie_night::night::Served as _;
use housie_web::web::addresses::url;
use housie_web::web::hall::Place;
use housie_web::web::opening::{open_night, NightSettings, Opened, OpeningError};
use housie_web::web::{serve, App, Hosts, Limits, ServeOptions};

use super::out::note;

/// Serve the caller's desk and the board for a night of bingo.
///
/// Opens the run in DIR (run.json and manifest.csv; every ticket is re-drawn from the seed and
/// checked against the manifest) and serves a local web app that needs no internet. The first
/// line on stdout is the caller's URL, with the night's token; the board (for a projector or a
/// second screen) and the player page (/play: players follow their tickets on their phones and
/// claim from them) need no token. The night is kept in DIR/night.sqlite: stop and start again
/// at any time and nothing is lost. One server a night: the database is locked while served.
///
/// By default only this computer can connect. `--listen 0.0.0.0:8090` lets a second screen and
/// the players' phones on the hall's network in (the addresses to use are printed, and the
/// board shows the player page's as a QR code); only the token lets anyone change the night.
///
/// Exit status: 0 stopped by Ctrl-C or SIGTERM, 2 could not start (the reason is printed).
///
///   housie serve spring
///
///   housie serve spring --listen 0.0.0.0:8090 --prizes fete.toml
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Address and port to listen on (port 0 picks a free one).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8090")]
    listen: SocketAddr,
    /// Start a new night even though DIR holds the record of one: the old night.sqlite is kept
    /// under a dated name (night-YYYYMMDDTHHMMSSZ.sqlite), never deleted.
    #[arg(long)]
    new_night: bool,
    /// Give the caller a new token: the old caller's URL stops working.
    #[arg(long)]
    new_token: bool,
    /// Carry on from a rescue copy (night-rescued-….sqlite in DIR, written when night.sqlite went
    /// from under a server): the current night.sqlite is kept under a dated name.
    #[arg(long, value_name = "FILE", conflicts_with = "new_night")]
    from_rescue: Option<PathBuf>,
    /// A prize set the desk offers by name besides the shipped ones (a prize file; repeatable).
    #[arg(long, value_name = "FILE")]
    prizes: Vec<String>,
    /// Your own call names, spoken with each number (a text file: one number a line, then its
    /// name; all 90). Offered besides the shipped lists: uk, tambola, hindi (each number's
    /// digits in Devanagari) and tambola-hindi (the Tambola sayings in Devanagari).
    #[arg(long, value_name = "FILE")]
    call_names: Option<PathBuf>,
    /// Another name this machine is reached by (besides its IP addresses, localhost and its
    /// hostname), for the Host check that stops DNS rebinding (repeatable).
    #[arg(long, value_name = "NAME")]
    host: Vec<String>,
    /// The currency of the night's money (ISO 4217: GBP, INR, EUR, USD…), fixed by the first
    /// entry of the ledger [default: GBP].
    #[arg(long, value_name = "CODE")]
    currency: Option<Currency>,
    /// The rules the night's money is held to: uk-non-commercial (at most £8 a player for the
    /// night's participation, £600 in prizes a night). housie warns when a limit is passed; the
    /// organiser is responsible for the law and its current figures.
    #[arg(long, value_name = "NAME")]
    regime: Option<Regime>,
    /// Keep these books (booklets, in a run of booklets) for players with no paper: a phone
    /// follows and claims them only with the link `housie export` writes (kept for the night,
    /// and added to on later starts).
    #[arg(long, value_name = "RANGES")]
    phone_only: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, super::failure::Failure> {
    let mut prize_sets = Vec::new();
    for file in &args.prizes {
        prize_sets.push(housie_core::rules::PrizeSet::load(file, &housie_files::read::Disk).map_err(Error::from)?);
    }
    let mut call_names = CallNames::shipped();
    if let Some(file) = &args.call_names {
        call_names.push(housie_night::night::callnames_file::load(file).map_err(Error::Usage)?);
    }
    // The port first: a port in use is refused before anything is opened or created.
    let listener =
        std::net::TcpListener::bind(args.listen).map_err(Error::io(format!("cannot listen on {}", args.listen)))?;
    listener.set_nonblocking(true).map_err(Error::io(args.listen.to_string()))?;
    let settings = NightSettings {
        new_night: args.new_night,
        new_token: args.new_token,
        from_rescue: args.from_rescue.clone(),
        currency: args.currency,
        regime: args.regime,
        prize_sets,
        phone_only: args.phone_only.clone(),
    };
    let opened = open_night(&args.dir, settings).map_err(|e| match e {
        OpeningError::Open(e) => super::failure::Failure::from(e),
        // A flag's own words: `--regime: …`; the books kept say which in their message.
        OpeningError::Setting { field: "regime", message } => Error::Usage(format!("--regime: {message}")).into(),
        OpeningError::Setting { message, .. } => Error::Usage(message).into(),
    })?;
    for warning in &opened.warnings {
        note!("housie: warning: {warning}");
    }
    for line in &opened.notes {
        note!("housie: {line}");
    }
    let Opened { mut night, event, player_url, prizes, .. } = opened;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Error::io("the async runtime"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(Error::io(args.listen.to_string()))?;
        let bound = listener.local_addr().map_err(Error::io(args.listen.to_string()))?;
        let log = Box::new(|line: &str| note!("housie: {line}"));
        let place = Place::of(bound, player_url.as_ref());
        if let Some(why) = place.unreached(player_url.as_ref()) {
            note!("housie: warning: {why} (serve with --listen on that address and port)");
        }
        if let Err(e) = night.set_serving(&place.desk()) {
            note!("housie: warning: {}: {e}", args.dir.display());
        }
        let mut hosts = args.host.clone();
        hosts.extend(player_url.as_ref().map(|u| u.host_port().0));
        let options = ServeOptions {
            limits: Limits::from_system(),
            hosts: Hosts::of_this_machine(&hosts),
            call_names,
            log,
            join: place.join.clone(),
        };
        let app = App::with(night, options);
        // The caller's URL alone on the first line, for people and scripts alike; on stderr
        // too, so it is not lost when stdout cannot be written.
        // With the prize set the run was designed to play, the desk's first choice.
        let prizes = prizes.map_or(String::new(), |p| format!("&prizes={p}"));
        let caller = format!("{}/?token={}{prizes}", place.desk(), app.token());
        announce(&caller, &place.boards, bound);
        note!("housie: serving {}{event} (Ctrl-C stops; the night is kept in night.sqlite)", args.dir.display());
        serve(app, listener, stop_signal()).await.map_err(Error::io(bound.to_string()))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the caller's URL (alone on stdout's first line, and on stderr), the board's and the
/// players' addresses, and who can reach them.
fn announce(caller: &str, boards: &[SocketAddr], bound: SocketAddr) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{caller}");
    for addr in boards {
        let _ = writeln!(out, "board: {}/board", url(*addr));
    }
    for addr in boards {
        let _ = writeln!(out, "players: {}/play", url(*addr));
    }
    let _ = out.flush();
    drop(out);
    if !bound.ip().is_loopback() {
        note!(
            "housie: warning: listening on {bound}, reachable from other computers on this network; \
             they can see the board, and only the caller's URL (with its token) can change anything"
        );
        // Phones reach the night through the firewall, which on Windows asks the first time.
        if cfg!(windows) {
            note!(
                "housie: Windows Defender Firewall asks once whether housie may use this network: \
                 allow it on private networks, or phones cannot reach the night"
            );
        }
    }
    note!("housie: the caller's desk: {caller}");
}

/// Ctrl-C or SIGTERM.
pub(super) async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

//! `housie serve`: the caller's desk and the board for the night.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::domain::PlayerUrl;
use housie_core::Error;
use housie_night::ledger::{Currency, Regime};
use housie_night::night::callnames::CallNames;
use housie_night::night::{Night, NightRun, OpenOptions};
use housie_web::web::addresses::{reachable, url};
use housie_web::web::{serve, App, Hosts, JoinAddress, Limits, ServeOptions};

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
    /// name; all 90). Offered besides the shipped uk and tambola lists.
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
    // The ledger's own rule: a regime's figures are in its one currency.
    let currency = args.currency.or(args.regime.map(Regime::currency));
    if let (Some(regime), Some(currency)) = (args.regime, currency) {
        regime.check_currency(currency).map_err(|e| Error::Usage(format!("--regime: {e}")))?;
    }
    let mut sets = Vec::new();
    for file in &args.prizes {
        sets.push(housie_core::rules::PrizeSet::load(file, &housie_files::read::Disk).map_err(Error::from)?);
    }
    let mut call_names = CallNames::shipped();
    if let Some(file) = &args.call_names {
        call_names.push(CallNames::load(file).map_err(Error::Usage)?);
    }
    // The port first: a port in use is refused before anything is opened or created.
    let listener =
        std::net::TcpListener::bind(args.listen).map_err(Error::io(format!("cannot listen on {}", args.listen)))?;
    listener.set_nonblocking(true).map_err(Error::io(args.listen.to_string()))?;
    let (night, event, player_url) = open_night(&args, currency, sets)?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Error::io("the async runtime"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(Error::io(args.listen.to_string()))?;
        let bound = listener.local_addr().map_err(Error::io(args.listen.to_string()))?;
        let log = Box::new(|line: &str| note!("housie: {line}"));
        let local = if bound.ip().is_unspecified() {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port())
        } else {
            bound
        };
        let boards = match bound.ip().is_unspecified() {
            true => reachable(bound),
            false => vec![bound],
        };
        let boards = if boards.is_empty() { vec![local] } else { boards };
        // The tickets' QR codes open the run's player URL: the board shows the same address
        // when this server is where it points, and says so when it cannot be.
        let links_reach = player_url.as_ref().map(|u| ticket_links_reach(u, bound, &boards));
        let join = match (&player_url, links_reach) {
            (Some(u), Some(true)) => format!("{u}/play"),
            _ => format!("{}/play", url(boards[0])),
        };
        if let (Some(u), Some(false)) = (&player_url, links_reach) {
            let here: Vec<String> = boards.iter().map(|b| url(*b)).collect();
            note!(
                "housie: warning: the tickets' QR codes open {u}, but this server is at {}: a phone that scans a \
                 ticket will not reach it (serve with --listen on that address and port)",
                here.join(", ")
            );
        }
        let join = JoinAddress { url: Some(join), reachable: !bound.ip().is_loopback() };
        let mut hosts = args.host.clone();
        hosts.extend(player_url.as_ref().map(|u| u.host_port().0));
        let options = ServeOptions {
            limits: Limits::from_system(),
            hosts: Hosts::of_this_machine(&hosts),
            call_names,
            log,
            join,
        };
        let app = App::with(night, options);
        // The caller's URL alone on the first line, for people and scripts alike; on stderr
        // too, so it is not lost when stdout cannot be written.
        let caller = format!("{}/?token={}", url(local), app.token());
        announce(&caller, &boards, bound);
        note!("housie: serving {}{event} (Ctrl-C stops; the night is kept in night.sqlite)", args.dir.display());
        serve(app, listener, stop_signal()).await.map_err(Error::io(bound.to_string()))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Whether phones opening `player_url` reach this server, bound to `bound` and reachable at
/// `boards`: the same port, and an address of this server (a name is taken on trust: resolving
/// it could hang a hall without DNS).
fn ticket_links_reach(player_url: &PlayerUrl, bound: SocketAddr, boards: &[SocketAddr]) -> bool {
    let (host, port) = player_url.host_port();
    if port != Some(bound.port()) {
        return false;
    }
    match host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
        Ok(ip) => boards.iter().any(|b| b.ip() == ip) || (ip.is_loopback() && bound.ip().is_loopback()),
        Err(_) => !bound.ip().is_loopback() || host == "localhost",
    }
}

/// The night of the run in `args.dir`, opened for serving as the flags ask (a new night or
/// token, a rescue, books kept for phones, the money's currency and regime), how the run is
/// described when it is one of a chain, and where its tickets' QR codes send phones.
fn open_night(
    args: &Args,
    currency: Option<Currency>,
    sets: Vec<housie_core::rules::PrizeSet>,
) -> Result<(Night, String, Option<PlayerUrl>), super::failure::Failure> {
    let run = NightRun::open(&args.dir)?;
    let player_url = run.record.settings.player_url.clone();
    let books = run.books();
    let event = match run.runs() {
        1 => String::new(),
        n => format!(", books {}-{} from {n} runs of one event", books.start(), books.end()),
    };
    for warning in &run.warnings {
        note!("housie: warning: {warning}");
    }
    let options =
        OpenOptions { new_night: args.new_night, new_token: args.new_token, from_rescue: args.from_rescue.clone() };
    let (mut night, notes) = Night::open(run, options)?;
    for note in notes {
        note!("housie: {note}");
    }
    for set in sets {
        night.add_prize_set(set);
    }
    if let Some(units) = &args.phone_only {
        match night.keep_for_phones(units) {
            Ok(true) => note!("housie: {} {units} kept for phones", night.ledger().unit()),
            Ok(false) => {}
            Err(e) => return Err(Error::Usage(e.message).into()),
        }
    }
    match (night.ledger().currency(), currency) {
        (Some(set), Some(asked)) if set != asked => {
            note!("housie: warning: the night's money is already in {set}; --currency {asked} is ignored")
        }
        (_, asked) => night.set_money(asked.unwrap_or(Currency::GBP), args.regime),
    }
    Ok((night, event, player_url))
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

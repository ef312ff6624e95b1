//! `housie studio`: the organiser's pages in the browser.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use housie_core::Error;
use housie_web::studio::Events;
use housie_web::web::studio::{serve, Studio};

use super::out::note;

/// Design, print and run bingo nights in the browser.
///
/// Serves the studio over FOLDER (default: this folder), one folder per event in it, and opens
/// it in the browser. Everything the studio makes is what the other commands make: each
/// event's folder holds the run exactly as `housie generate` writes it, and its night as
/// `housie serve` keeps it.
///
/// On this computer alone (the default) the studio needs no password; with --listen on a
/// network address its address carries a token, as the desk's does.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder of events (created if missing).
    #[arg(value_name = "FOLDER", default_value = ".")]
    folder: PathBuf,
    /// Address and port to listen on [default: 127.0.0.1:8080, or the next free port up to
    /// 8099].
    #[arg(long, value_name = "ADDR")]
    listen: Option<SocketAddr>,
    /// Do not open the browser.
    #[arg(long)]
    no_open: bool,
}

/// The address asked for; without one, the first free port from 8080 to 8099 on loopback (a
/// port already in use is common, and the organiser should not need to know it).
fn bind(asked: Option<SocketAddr>) -> Result<std::net::TcpListener, Error> {
    if let Some(addr) = asked {
        return std::net::TcpListener::bind(addr).map_err(Error::io(format!("cannot listen on {addr}")));
    }
    let mut last = None;
    for port in 8080..=8099 {
        match std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    let e = last.unwrap_or_else(|| std::io::Error::other("no port"));
    Err(Error::io("cannot listen on 127.0.0.1:8080 to 8099 (give --listen 127.0.0.1:PORT)")(e))
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    serve_studio(args, false)
}

/// `housie` double-clicked (Explorer starts it in a console window of its own, with no
/// arguments): the studio over the events folder in the user's Documents, opened in the
/// browser, until its page says *Quit* or the window is closed. The window says what is
/// happening and where the events are; a failure stays on screen until Enter is pressed, so
/// the window does not close before it is read.
pub fn double_clicked() -> ExitCode {
    let result = match housie_desktop::events_folder() {
        Some(folder) => {
            note!("housie: opening the studio in your browser; your events are in {}", folder.display());
            serve_studio(Args { folder, listen: None, no_open: false }, true)
        }
        None => Err(Error::io("your Documents folder")(std::io::Error::other(
            "this computer names no Documents or home folder for housie's events",
        ))),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            note!("housie: {e}");
            note!("housie: press Enter to close this window");
            let _ = std::io::stdin().read_line(&mut String::new());
            ExitCode::from(2)
        }
    }
}

fn serve_studio(args: Args, double_clicked: bool) -> Result<ExitCode, Error> {
    let events = Events::open(&args.folder)?;
    let listener = bind(args.listen)?;
    let bound = listener.local_addr().map_err(Error::io("the studio's address"))?;
    listener.set_nonblocking(true).map_err(Error::io(bound.to_string()))?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Error::io("the async runtime"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(Error::io(bound.to_string()))?;
        let log = Box::new(|line: &str| note!("housie: {line}"));
        let studio = Studio::new(events, bound.ip(), log);
        let local = if bound.ip().is_unspecified() { SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port()) } else { bound };
        let address = match studio.token() {
            Some(token) => format!("http://{local}/?token={token}"),
            None => format!("http://{local}/"),
        };
        println!("{address}");
        if double_clicked {
            note!("housie: the studio is at {address}; press Quit there, or close this window, to stop housie");
        } else {
            note!("housie: the studio of {} is at {address} (Ctrl-C stops it)", studio.events.root().display());
        }
        if !bound.ip().is_loopback() {
            note!("housie: warning: listening on {bound}, reachable from other computers; only the address above (with its token) opens the studio");
        }
        if !args.no_open && open::that_detached(&address).is_err() {
            note!("housie: open {address} in your browser");
        }
        serve(studio, listener, super::serve::stop_signal()).await.map_err(Error::io(bound.to_string()))
    })?;
    Ok(ExitCode::SUCCESS)
}

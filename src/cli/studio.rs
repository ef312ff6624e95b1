//! `housie studio`: the organiser's pages in the browser.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use housie::studio::Events;
use housie::web::studio::{serve, Studio};
use housie::Error;

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
    /// Address and port to listen on.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Do not open the browser.
    #[arg(long)]
    no_open: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let events = Events::open(&args.folder)?;
    let listener =
        std::net::TcpListener::bind(args.listen).map_err(Error::io(format!("cannot listen on {}", args.listen)))?;
    listener.set_nonblocking(true).map_err(Error::io(args.listen.to_string()))?;
    let bound = listener.local_addr().map_err(Error::io(args.listen.to_string()))?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Error::io("the async runtime"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(Error::io(args.listen.to_string()))?;
        let log = Box::new(|line: &str| note!("housie: {line}"));
        let studio = Studio::new(events, bound.ip(), log);
        let local = if bound.ip().is_unspecified() { SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port()) } else { bound };
        let address = match studio.token() {
            Some(token) => format!("http://{local}/?token={token}"),
            None => format!("http://{local}/"),
        };
        println!("{address}");
        note!("housie: the studio of {} is at {address} (Ctrl-C stops it)", studio.events.root().display());
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

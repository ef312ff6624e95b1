//! `housie serve`: the caller's desk and the board for the night.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use housie::night::server::{serve, App};
use housie::night::{Night, NightRun};
use housie::Error;

/// Serve the caller's desk and the board for a night of bingo.
///
/// Opens the run in DIR (run.json and manifest.csv; every ticket is re-drawn from the seed and
/// checked against the manifest) and serves a local web app that needs no internet. The first
/// line on stdout is the caller's URL, with the night's token; the board (for a projector or a
/// second screen) needs no token. The night is kept in DIR/night.sqlite: stop and start again
/// at any time and nothing is lost.
///
/// By default only this computer can connect. `--listen 0.0.0.0:8090` lets a second screen on
/// the hall's network show the board; only the token lets anyone change anything.
///
///   housie serve spring
///
///   housie serve spring --listen 0.0.0.0:8090
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Address and port to listen on (port 0 picks a free one).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8090")]
    listen: SocketAddr,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let run = NightRun::open(&args.dir)?;
    for warning in &run.warnings {
        eprintln!("housie: warning: {warning}");
    }
    let night = Night::open(run)?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Error::io("the async runtime"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(Error::io(format!("cannot listen on {}", args.listen)))?;
        let bound = listener.local_addr().map_err(Error::io(args.listen.to_string()))?;
        let app = App::new(night);
        let shown = if bound.ip().is_unspecified() {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port())
        } else {
            bound
        };
        let mut out = std::io::stdout().lock();
        // The caller's URL alone on the first line, for people and scripts alike.
        let _ = writeln!(out, "http://{shown}/?token={}", app.token());
        let _ = writeln!(out, "board: http://{shown}/board");
        let _ = out.flush();
        drop(out);
        if !bound.ip().is_loopback() {
            eprintln!(
                "housie: warning: listening on {bound}, reachable from other computers on this network; \
                 they can see the board, and only the caller's URL (with its token) can change anything"
            );
        }
        eprintln!("housie: serving {} (Ctrl-C stops; the night is kept in night.sqlite)", args.dir.display());
        serve(app, listener, stop_signal()).await.map_err(Error::io(bound.to_string()))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
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

#![forbid(unsafe_code)]
//! The `housie` command: a thin shell over the library. Every error ends here as one line on
//! stderr and an exit code: 0 success, 1 "no" (a run or claim that is not valid), 2 usage or I/O.

mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Print-ready books of 90-ball bingo tickets (Housie / Tambola), drawn exactly uniformly.
#[derive(Parser, Debug)]
#[command(name = "housie", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    // Boxed: generate has by far the most options.
    Generate(Box<cli::generate::Args>),
    Verify(cli::verify::Args),
    Check(cli::check::Args),
    Winners(cli::winners::Args),
    Serve(cli::serve::Args),
    Studio(cli::studio::Args),
    Night(cli::night::Args),
    Cashup(cli::cashup::Args),
    Export(cli::export::Args),
    Draws(cli::draws::Args),
    Plan(cli::plan::Args),
    Prizes(cli::prizes::Args),
    RngDump(cli::rng_dump::Args),
}

fn main() -> ExitCode {
    // Double-clicked in Explorer (no arguments, a console window of its own): the studio over
    // the user's Documents/housie, not a usage message in a window that closes at once.
    if std::env::args_os().len() == 1 && housie_desktop::started_by_double_click() {
        return cli::studio::double_clicked();
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => cli::generate::run(*args).map_err(cli::failure::Failure::from),
        Command::Verify(args) => cli::verify::run(args).map_err(cli::failure::Failure::from),
        Command::Check(args) => cli::check::run(args),
        Command::Winners(args) => cli::winners::run(args),
        Command::Serve(args) => cli::serve::run(args),
        Command::Studio(args) => cli::studio::run(args).map_err(cli::failure::Failure::from),
        Command::Night(args) => cli::night::run(args),
        Command::Cashup(args) => cli::cashup::run(args),
        Command::Export(args) => cli::export::run(args),
        Command::Draws(args) => cli::draws::run(args).map_err(cli::failure::Failure::from),
        Command::Plan(args) => cli::plan::run(args),
        Command::Prizes(args) => cli::prizes::run(args).map_err(cli::failure::Failure::from),
        Command::RngDump(args) => cli::rng_dump::run(args).map_err(cli::failure::Failure::from),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (e.g. `housie … | head`) means the reader has all it wanted: exit
            // quietly and successfully, as ripgrep does.
            if let Some(io) = std::error::Error::source(&err).and_then(|e| e.downcast_ref::<std::io::Error>()) {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            // stderr may be closed too; nothing is left to tell then.
            let _ = writeln!(std::io::stderr(), "housie: {err}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}

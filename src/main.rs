#![forbid(unsafe_code)]
//! The `housie` command: a thin shell over the library. Every error ends here as one line on
//! stderr and an exit code: 0 success, 1 "no" (a run or claim that is not valid), 2 usage or I/O.

mod cmd;

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
    Generate(cmd::generate::Args),
    Verify(cmd::verify::Args),
    Check(cmd::check::Args),
    Winners(cmd::winners::Args),
    Serve(cmd::serve::Args),
    Night(cmd::night::Args),
    Cashup(cmd::cashup::Args),
    Export(cmd::export::Args),
    Draws(cmd::draws::Args),
    Plan(cmd::plan::Args),
    Prizes(cmd::prizes::Args),
    RngDump(cmd::rng_dump::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => cmd::generate::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Winners(args) => cmd::winners::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Night(args) => cmd::night::run(args),
        Command::Cashup(args) => cmd::cashup::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::Draws(args) => cmd::draws::run(args),
        Command::Plan(args) => cmd::plan::run(args),
        Command::Prizes(args) => cmd::prizes::run(args),
        Command::RngDump(args) => cmd::rng_dump::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (e.g. `housie … | head`) is not worth a message.
            if let Some(io) = std::error::Error::source(&err).and_then(|e| e.downcast_ref::<std::io::Error>()) {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::from(2);
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

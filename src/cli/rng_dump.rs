//! `housie rng-dump`: raw bytes of housie's random streams, for test batteries.

use std::io::Write;
use std::process::ExitCode;

use housie_core::{Error, Seed};
use housie_night::night::draw::{DrawSeed, Words};
use rand::RngCore;

use super::out::note;

/// Write raw bytes of housie's random streams to stdout, for statistical test batteries.
///
/// `--stream books`: the bytes books are drawn from. For book 1, 2, 3, … of a run with the seed,
/// the first 256 bytes of that book's ChaCha20 stream (attempt 0), one book after another.
/// `--stream draw`: the night's draw words for a draw seed (protocol 2): HMAC-SHA256 blocks 0, 1,
/// 2, … (docs/draw-protocol.md). Without --seed, a fresh random seed, printed on stderr.
///
/// Exit status: 0 done (also when the reader stops early), 2 bad arguments.
///
///   housie rng-dump --stream books --bytes 1G | dieharder -a -g 200
///
///   housie rng-dump --stream draw --bytes 64M > draw.bin
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which stream.
    #[arg(long, value_enum)]
    stream: Stream,
    /// How many bytes: a whole number, optionally with K, M or G (1024-based), e.g. 64M.
    #[arg(long, value_name = "N", value_parser = size)]
    bytes: u64,
    /// The run's seed (books) or the draw seed (64 hex digits, draw).
    #[arg(long, value_name = "S")]
    seed: Option<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Stream {
    Books,
    Draw,
}

fn size(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a positive number of bytes (like 4096, 64K, 16M or 1G)");
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return Err(bad()),
    };
    let n: u64 = housie_core::support::number::whole(digits).map_err(|_| bad())?;
    n.checked_mul(1 << shift).filter(|&n| n > 0).ok_or_else(bad)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut left = args.bytes;
    let mut write = |chunk: &[u8]| -> std::io::Result<bool> {
        let n = chunk.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        out.write_all(&chunk[..n])?;
        left -= n as u64;
        Ok(left > 0)
    };
    let result = match args.stream {
        Stream::Books => {
            let seed = match &args.seed {
                Some(s) => Seed::from_text(s),
                None => {
                    let s = housie_files::start::random_seed();
                    note!("housie: seed {}", s.text());
                    s
                }
            };
            (|| {
                let mut chunk = [0u8; 256];
                for book in 1.. {
                    seed.rng_for(book, 0).fill_bytes(&mut chunk);
                    if !write(&chunk)? {
                        break;
                    }
                }
                Ok(())
            })()
        }
        Stream::Draw => {
            let seed = match &args.seed {
                Some(s) => DrawSeed::parse(s).map_err(|e| Error::Usage(e.to_string()))?,
                None => {
                    let s = housie_night::night::entropy::fresh_seed();
                    note!("housie: draw seed {}", s.text());
                    s
                }
            };
            (|| {
                let mut words = Words::new(seed.text().as_bytes());
                while write(&words.next_block())? {}
                Ok(())
            })()
        }
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The battery read what it needed and closed the pipe.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Error::Io { path: "standard output".into(), source: e }),
    }
}

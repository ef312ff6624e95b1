//! How much memory a run's uniqueness sets take: draws N books (no PDF, no manifest) and
//! prints the process's peak memory. The README's figures per million books come from here:
//!
//!   cargo run -p housie-core --release --example uniqueness_memory -- 1000000 --allow-duplicate-lines
//!   cargo run -p housie-core --release --example uniqueness_memory -- 120000

use housie_core::{RunOptions, Seed};

fn main() {
    let mut args = std::env::args().skip(1);
    let books: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let allow_duplicate_lines = args.next().is_some_and(|a| a == "--allow-duplicate-lines");
    let options = RunOptions::new(books, 1, allow_duplicate_lines);
    let mut drawer = housie_core::generate::RunDrawer::new(Seed::from_text("memory"), options).expect("a valid run");
    let mut drawn = 0;
    loop {
        let batch = drawer.next_batch(10_000).expect("the run draws");
        if batch.is_empty() {
            break;
        }
        drawn += batch.len();
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak = status.lines().find(|l| l.starts_with("VmHWM")).unwrap_or("VmHWM: unknown (not Linux)");
    println!(
        "{drawn} books, {} re-drawn; peak memory {}",
        drawer.redraws().len(),
        peak.trim_start_matches("VmHWM:").trim()
    );
}

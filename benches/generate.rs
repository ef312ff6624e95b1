//! Generation speed: single books on one core, and a whole 500-book run (PDF + manifest).
//! The 100,000-book figure in docs/development.md is a whole-process measurement (criterion would
//! take minutes per sample).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use housie_core::generate::GeneratorVersion;
use housie_core::pipeline::Watch;
use housie_core::{GeneratePlan, Generator, Seed};
use housie_files::run::generate_run;

/// Generator 2 (ChaCha20) against generator 1 (PCG-64, housie 0.2): the cost of a
/// cryptographic stream per book.
fn draw_books(c: &mut Criterion) {
    let g = Generator::get();
    let mut group = c.benchmark_group("draw");
    group.throughput(Throughput::Elements(1000));
    for (name, version) in [("ChaCha20", GeneratorVersion::V2), ("PCG-64", GeneratorVersion::V1)] {
        let seed = Seed::with_generator("bench", version);
        group.bench_function(format!("1000 books, one core, {name}"), |b| {
            let mut k = 0u64;
            b.iter(|| {
                for _ in 0..1000 {
                    k += 1;
                    black_box(g.book(&seed, k, 0));
                }
            })
        });
    }
    group.finish();
}

fn manifest_run(c: &mut Criterion) {
    let mut group = c.benchmark_group("run");
    group.sample_size(10);
    group.bench_function("500 books, PDF + manifest", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| {
                let plan = GeneratePlan::new(Seed::from_text("bench"), 500);
                generate_run(&plan, &dir.path().join("out"), false, Watch::none()).unwrap();
                dir
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, draw_books, manifest_run);
criterion_main!(benches);

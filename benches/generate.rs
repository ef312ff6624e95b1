//! Generation speed: single books on one core, and a whole 100,000-book manifest run.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use housie::{generate_run, GeneratePlan, Generator, RunOptions, Seed};

fn draw_books(c: &mut Criterion) {
    let g = Generator::get();
    let seed = Seed::from_text("bench");
    let mut group = c.benchmark_group("draw");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("1000 books, one core", |b| {
        let mut k = 0u64;
        b.iter(|| {
            for _ in 0..1000 {
                k += 1;
                black_box(g.book(&seed, k, 0));
            }
        })
    });
    group.finish();
}

fn manifest_run(c: &mut Criterion) {
    let mut group = c.benchmark_group("run");
    group.sample_size(10);
    for books in [500u64, 100_000] {
        group.bench_function(format!("{books} books, PDF + manifest"), |b| {
            b.iter_batched(
                || tempfile::tempdir().unwrap(),
                |dir| {
                    let plan = GeneratePlan {
                        seed: Seed::from_text("bench"),
                        run: RunOptions { books, first_book: 1, allow_duplicate_lines: false },
                        out_dir: dir.path().join("out"),
                        force: false,
                        books_per_file: 1000,
                        style: housie::export::pdf::PdfStyle {
                            template: housie::template::Template::load("classic").unwrap(),
                            font: housie::font::Font::bundled(),
                            title: "Bench".into(),
                            bleed_mm: 0.0,
                            crop_marks: false,
                        },
                    };
                    generate_run(&plan, &mut |_| {}).unwrap();
                    dir
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, draw_books, manifest_run);
criterion_main!(benches);

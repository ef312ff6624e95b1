//! The studio's costs: a preview after an edit (what `GET /api/events/{id}/preview.svg` does
//! server side: read the design, check it, draw the page), and a 500-book generate from the
//! studio (the design resolved, the task's progress and stop flag) beside the CLI's (flags
//! resolved, a progress callback). `scripts/bench-figures` copies the figures into
//! docs/development.md.

use std::sync::atomic::AtomicBool;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use housie_core::{GeneratePlan, Seed, Settings};
use housie_web::studio::{Design, Events, Job, Task};

fn preview_after_an_edit(c: &mut Criterion) {
    let root = tempfile::tempdir().unwrap();
    let events = Events::open(root.path()).unwrap();
    let design = Design { title: "Spring Fair".into(), books: Some(500), ..Design::default() };
    let id = events.create(design, None).unwrap();
    let mut n = 0u64;
    c.bench_function("studio/preview after an edit", |b| {
        b.iter(|| {
            n += 1;
            let mut file = events.read(&id).unwrap();
            file.design.title = format!("Spring Fair {n}");
            events.write(&id, &file).unwrap();
            events.preview(&id, 1).unwrap()
        })
    });
}

fn generate_500(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate 500 books");
    group.sample_size(20);
    group.bench_function("studio", |b| {
        b.iter_batched(
            || {
                let root = tempfile::tempdir().unwrap();
                let events = Events::open(root.path()).unwrap();
                let design = Design { title: "Spring Fair".into(), books: Some(500), ..Design::default() };
                let id = events.create(design, None).unwrap();
                (root, events, id)
            },
            |(root, events, id)| {
                let file = events.read(&id).unwrap();
                let mut plan = events.plan(&id, &file).unwrap();
                plan.seed = Seed::from_text("bench");
                let job = Job::new(Task::Generate, plan.page_count());
                housie_core::pipeline::generate_run_until(&plan, &|p| job.progress(p), job.stop_flag()).unwrap();
                drop(root);
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("command line", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |root| {
                let settings = Settings { books: 500, title: "Spring Fair".into(), ..Settings::default() };
                let plan =
                    GeneratePlan::resolve(Seed::from_text("bench"), settings, root.path().join("o"), false, None)
                        .unwrap();
                let bar = indicatif::ProgressBar::hidden();
                housie_core::pipeline::generate_run_until(&plan, &|p| bar.set_position(p), &AtomicBool::new(false))
                    .unwrap();
                drop(root);
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, preview_after_an_edit, generate_500);
criterion_main!(benches);

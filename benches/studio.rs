//! The studio's costs: a preview after an edit (what `GET /api/events/{id}/preview.svg` does
//! server side: read the design, check it, draw the page), and a 500-book generate from the
//! studio (the design resolved, the task's progress and stop flag) beside the CLI's (flags
//! resolved, a progress callback). `scripts/bench-figures` copies the figures into
//! docs/development.md.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use housie_core::pipeline::{Request, SeedChoice, Size, Watch};
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
            let file = events.read(&id).unwrap();
            events.preview(&id, &file, 1).unwrap()
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
                let plan = events.plan(&id, &file, SeedChoice::Text("bench".into())).unwrap().plan;
                let job = Job::new(Task::Generate, plan.page_count());
                let watch = Watch { progress: &|p| job.progress(p), stop: job.stop_flag() };
                housie_files::run::generate_run(&plan, &events.dir(&id), true, watch).unwrap();
                drop(root);
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("command line", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |root| {
                let mut request = Request::new(Size::Books(500), SeedChoice::Text("bench".into()));
                request.title = Some("Spring Fair".into());
                let plan = request.plan(None, &housie_files::read::Disk).unwrap().plan;
                let bar = indicatif::ProgressBar::hidden();
                let watch = Watch { progress: &|p| bar.set_position(p), ..Watch::none() };
                housie_files::run::generate_run(&plan, &root.path().join("o"), false, watch).unwrap();
                drop(root);
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, preview_after_an_edit, generate_500);
criterion_main!(benches);

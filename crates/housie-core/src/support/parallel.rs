//! The one place housie starts threads: work that runs on all cores (drawing books, rendering
//! pages, re-drawing a run's tickets, simulating games, reading a manifest in pieces) goes
//! through [`map_chunks`], [`map_queue`] and [`pipeline`], which keep the results in order.
//! Where there is one core, or no threads at all (WebAssembly in a page), each does its work
//! in turn on the calling thread, with the same results.

/// Threads for work on all cores: the machine's cores, at most 8; one in a page.
pub fn threads() -> usize {
    if cfg!(target_family = "wasm") {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 8)
}

/// `f` applied to `items` in [`threads`] contiguous chunks at once; the results in order.
pub fn map_chunks<T: Sync, R: Send>(items: &[T], f: impl Fn(&[T]) -> Vec<R> + Sync) -> Vec<R> {
    if items.is_empty() {
        return Vec::new();
    }
    if threads() == 1 {
        return f(items);
    }
    let chunk = items.len().div_ceil(threads()).max(1);
    std::thread::scope(|s| {
        let f = &f;
        let parts: Vec<_> = items.chunks(chunk).map(|part| s.spawn(move || f(part))).collect();
        parts.into_iter().flat_map(|h| h.join().expect("a worker does not panic")).collect()
    })
}

/// `f` applied to each of `items` on [`threads`] threads, each taking the next item when it
/// is done with one, so that items of uneven cost keep every core busy; the results in order.
pub fn map_queue<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = threads().min(items.len());
    if workers <= 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
        let (f, next) = (&f, &next);
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, f(item)));
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a worker does not panic")).collect()
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Jobs from `next`, each done by `work` on [`threads`] threads at once, each result handed to
/// `done` in the order its job came; at most `in_flight` jobs wait to be handed on, so memory
/// stays bounded however many there are. `next` and `done` run on the calling thread, and
/// the first error either gives ends it all.
pub fn pipeline<J: Send, R: Send, E>(
    in_flight: usize,
    mut next: impl FnMut() -> Result<Option<J>, E>,
    work: impl Fn(J) -> R + Sync,
    mut done: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    let workers = threads();
    if workers == 1 {
        while let Some(job) = next()? {
            done(work(job))?;
        }
        return Ok(());
    }
    let (jobs, inbox) = std::sync::mpsc::sync_channel::<(u64, J)>(in_flight);
    let inbox = std::sync::Mutex::new(inbox);
    std::thread::scope(|s| {
        let (report, results) = std::sync::mpsc::channel::<(u64, R)>();
        for _ in 0..workers {
            let (inbox, report, work) = (&inbox, report.clone(), &work);
            s.spawn(move || loop {
                let job = inbox.lock().expect("no worker panics holding the lock").recv();
                let Ok((seq, job)) = job else { break };
                if report.send((seq, work(job))).is_err() {
                    break;
                }
            });
        }
        drop(report);
        // Results come back in any order; each is handed on when those before it have been.
        let mut order = InOrder { waiting: std::collections::BTreeMap::new(), handed: 0 };
        let mut sent = 0u64;
        while let Some(job) = next()? {
            while sent - order.handed - order.waiting.len() as u64 >= in_flight.max(1) as u64 {
                let (seq, result) = results.recv().expect("the workers outlive the jobs");
                order.take(seq, result, &mut done)?;
            }
            jobs.send((sent, job)).expect("the workers outlive the jobs");
            sent += 1;
        }
        drop(jobs);
        for (seq, result) in results {
            order.take(seq, result, &mut done)?;
        }
        Ok(())
    })
}

/// Results waiting for those before them.
struct InOrder<R> {
    waiting: std::collections::BTreeMap<u64, R>,
    handed: u64,
}

impl<R> InOrder<R> {
    fn take<E>(&mut self, seq: u64, result: R, done: &mut impl FnMut(R) -> Result<(), E>) -> Result<(), E> {
        self.waiting.insert(seq, result);
        while let Some(result) = self.waiting.remove(&self.handed) {
            self.handed += 1;
            done(result)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_queue_keeps_order_whatever_each_item_costs() {
        let items: Vec<u64> = (0..200).collect();
        let out = super::map_queue(&items, |&x| {
            // Uneven work, so the threads finish items out of order.
            (0..(x % 7) * 20_000).fold(x, |a, b| std::hint::black_box(a ^ b))
                ^ (0..(x % 7) * 20_000).fold(0, |a, b| a ^ b)
        });
        assert_eq!(out, items);
        assert!(super::map_queue(&[] as &[u8], |&x| x).is_empty());
    }

    /// Results come out in the order of their jobs however long each takes, and an error from
    /// either end stops it.
    #[test]
    fn a_pipeline_hands_results_on_in_order() {
        let mut jobs = 0..300u64;
        let mut out = Vec::new();
        let work = |x: u64| {
            (0..(x % 5) * 10_000).fold(x, |a, b| std::hint::black_box(a ^ b))
                ^ (0..(x % 5) * 10_000).fold(0, |a, b| a ^ b)
        };
        super::pipeline(
            4,
            || Ok::<_, ()>(jobs.next()),
            work,
            |r| {
                out.push(r);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(out, (0..300).collect::<Vec<_>>());
        let mut jobs = 0..300u64;
        let stopped = super::pipeline(4, || Ok(jobs.next()), |x| x, |r| if r == 7 { Err(r) } else { Ok(()) });
        assert_eq!(stopped, Err(7));
    }

    #[test]
    fn keeps_order() {
        let items: Vec<u32> = (0..1000).collect();
        let out = super::map_chunks(&items, |part| part.iter().map(|x| x * 2).collect());
        assert_eq!(out, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
    }
}

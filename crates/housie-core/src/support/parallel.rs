//! The one thread policy: work that runs on all cores (drawing books, re-drawing a run's tickets,
//! simulating games, reading a manifest in pieces) uses this many threads, and [`map_chunks`]
//! and [`map_queue`] keep the results in order.

/// Threads for work on all cores: the machine's cores, at most 8.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 8)
}

/// `f` applied to `items` in [`threads`] contiguous chunks at once; the results in order.
pub fn map_chunks<T: Sync, R: Send>(items: &[T], f: impl Fn(&[T]) -> Vec<R> + Sync) -> Vec<R> {
    if items.is_empty() {
        return Vec::new();
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

    #[test]
    fn keeps_order() {
        let items: Vec<u32> = (0..1000).collect();
        let out = super::map_chunks(&items, |part| part.iter().map(|x| x * 2).collect());
        assert_eq!(out, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
    }
}

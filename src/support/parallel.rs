//! The one thread policy: work that runs on all cores (drawing books, re-drawing a run's tickets,
//! simulating games) uses this many threads, and [`map_chunks`] keeps the results in order.

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

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_order() {
        let items: Vec<u32> = (0..1000).collect();
        let out = super::map_chunks(&items, |part| part.iter().map(|x| x * 2).collect());
        assert_eq!(out, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
    }
}

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

/// Items read ahead at a time by [`read_ahead`].
const AHEAD: usize = 1024;

/// Hands `each` the items of `iter` in order, while `iter` runs ahead on a thread of its own,
/// [`AHEAD`] items at a time: reading and parsing a file overlap the work done with what was
/// read. The first error from `each` stops both.
pub fn read_ahead<T: Send, E>(
    iter: impl Iterator<Item = T> + Send,
    mut each: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    std::thread::scope(|s| {
        let (to, from) = std::sync::mpsc::sync_channel::<Vec<T>>(4);
        s.spawn(move || {
            let mut batch = Vec::with_capacity(AHEAD);
            for item in iter {
                batch.push(item);
                if batch.len() == AHEAD && to.send(std::mem::replace(&mut batch, Vec::with_capacity(AHEAD))).is_err() {
                    // `each` stopped: nobody reads on.
                    return;
                }
            }
            let _ = to.send(batch);
        });
        for batch in from {
            for item in batch {
                each(item)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_ahead_in_order_and_stops_at_the_first_error() {
        let mut seen = Vec::new();
        let done: Result<(), ()> = super::read_ahead(0..5000u32, |x| {
            seen.push(x);
            Ok(())
        });
        assert_eq!((done, seen), (Ok(()), (0..5000).collect::<Vec<_>>()));
        let mut seen = 0;
        let done = super::read_ahead(0..1_000_000u32, |x| {
            seen += 1;
            if x == 3000 {
                Err(x)
            } else {
                Ok(())
            }
        });
        assert_eq!((done, seen), (Err(3000), 3001));
    }

    #[test]
    fn keeps_order() {
        let items: Vec<u32> = (0..1000).collect();
        let out = super::map_chunks(&items, |part| part.iter().map(|x| x * 2).collect());
        assert_eq!(out, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
    }
}

//! Prizes by brute force, written from what each kind of pattern means on a paper ticket, with
//! none of the library's rule code: the prize tests and the watch test check the library
//! against these.

use housie_core::rules::pattern::Pattern;
use housie_core::rules::Prize;
use housie_core::Ticket;

/// The numbers a pattern names on `ticket` (for lines: none; they are counted by row).
fn named(pattern: &Pattern, t: &Ticket) -> Vec<u8> {
    match pattern {
        Pattern::Lines(_) => Vec::new(),
        Pattern::Rows(rows) => rows.iter().flat_map(|&r| t.row(usize::from(r)).to_vec()).collect(),
        Pattern::Positions(p) => p.iter().map(|&(r, i)| t.row(usize::from(r))[usize::from(i)]).collect(),
        Pattern::Values(lo, hi) => t.numbers().into_iter().filter(|n| (lo..=hi).contains(&n)).collect(),
        Pattern::Any(_) => t.numbers(),
        Pattern::Cells(c) => c.iter().filter_map(|&(r, col)| t.get(usize::from(r), usize::from(col))).collect(),
        // Read back from the set's own words, so this does not lean on its bits.
        Pattern::Numbers(set) => {
            let said = set.to_string();
            let inside = |n: u8| match said.as_str() {
                "odd" => n % 2 == 1,
                "even" => n.is_multiple_of(2),
                list => list.split(", ").any(|part| match part.split_once('-') {
                    Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).contains(&n),
                    None => part.parse() == Ok(n),
                }),
            };
            t.numbers().into_iter().filter(|&n| inside(n)).collect()
        }
    }
}

/// Whether `prize` is complete on `t` when exactly the numbers `called` accepts are called.
pub fn complete(prize: &Prize, t: &Ticket, called: &dyn Fn(u8) -> bool) -> bool {
    match &prize.pattern() {
        Pattern::Lines(n) => (0..3).filter(|&r| t.row(r).iter().all(|&x| called(x))).count() >= usize::from(*n),
        Pattern::Any(k) => t.numbers().iter().filter(|&&x| called(x)).count() >= usize::from(*k),
        p => {
            let numbers = named(p, t);
            let want = prize.need().map_or(numbers.len(), usize::from);
            !numbers.is_empty() && want <= numbers.len() && numbers.iter().filter(|&&x| called(x)).count() >= want
        }
    }
}

/// The first call (1-based) after which `prize` is complete, calling `order` in turn.
pub fn completed_at(prize: &Prize, t: &Ticket, order: &[u8]) -> Option<usize> {
    (1..=order.len()).find(|&k| complete(prize, t, &|x| order[..k].contains(&x)))
}

/// The fewest more numbers of the ticket that complete `prize` after `called`; `None` if none do.
pub fn need(prize: &Prize, t: &Ticket, called: &[u8]) -> Option<u8> {
    let left: Vec<u8> = t.numbers().into_iter().filter(|n| !called.contains(n)).collect();
    let mut best: Option<u8> = None;
    for subset in 0u32..(1 << left.len()) {
        let size = subset.count_ones() as u8;
        if best.is_some_and(|b| size >= b) {
            continue;
        }
        let extra: Vec<u8> = (0..left.len()).filter(|&i| subset & 1 << i != 0).map(|i| left[i]).collect();
        if complete(prize, t, &|x| called.contains(&x) || extra.contains(&x)) {
            best = Some(size);
        }
    }
    best
}

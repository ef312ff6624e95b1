//! A sliding window of what each address (or ticket) did lately: claims raised, wrong codes
//! given. The players' doors ask it before they act.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The window claims are counted over.
pub const WINDOW: Duration = Duration::from_secs(60);

/// What each address (or ticket) did lately (claims raised, wrong codes given): a sliding window.
pub struct Throttle<K = Option<IpAddr>>(Mutex<BTreeMap<K, Vec<Instant>>>);

impl<K> Default for Throttle<K> {
    fn default() -> Self {
        Throttle(Mutex::new(BTreeMap::new()))
    }
}

impl<K: Ord + Clone> Throttle<K> {
    /// Counts one from `peer` at `now`; `Err(wait)` when it is one more than `per_window`.
    pub fn admit(&self, peer: K, now: Instant, per_window: usize) -> Result<(), Duration> {
        self.check(&peer, now, per_window)?;
        self.count(peer, now);
        Ok(())
    }

    /// `Err(wait)` when `peer` already has `per_window` in the window; counts nothing.
    pub fn check(&self, peer: &K, now: Instant, per_window: usize) -> Result<(), Duration> {
        let mut seen = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        seen.retain(|_, times| {
            times.retain(|t| now.duration_since(*t) < WINDOW);
            !times.is_empty()
        });
        match seen.get(peer) {
            Some(times) if times.len() >= per_window => Err(WINDOW.saturating_sub(now.duration_since(times[0]))),
            _ => Ok(()),
        }
    }

    /// Counts one from `peer` at `now`.
    pub fn count(&self, peer: K, now: Instant) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).entry(peer).or_default().push(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throttle_admits_so_many_a_window_per_key_and_slides() {
        let limiter = Throttle::default();
        let (a, b) = (Some(IpAddr::from([10, 0, 0, 7])), Some(IpAddr::from([10, 0, 0, 8])));
        let t0 = Instant::now();
        for i in 0..6 {
            assert!(limiter.admit(a, t0 + Duration::from_secs(i), 6).is_ok());
        }
        let wait = limiter.admit(a, t0 + Duration::from_secs(10), 6).unwrap_err();
        assert_eq!(wait, Duration::from_secs(50));
        assert!(limiter.admit(b, t0 + Duration::from_secs(10), 6).is_ok(), "another phone is not held up");
        assert!(limiter.admit(a, t0 + Duration::from_secs(61), 6).is_ok(), "the window slides");
    }
}

//! Per-client rate limits (governor's keyed GCRA limiters).
//! - [`LoginThrottle`]: failed logins; once a client exceeds its allowance every attempt,
//!   right or wrong, is refused until the allowance refills.
//! - [`RequestLimiter`]: plain request rates of public routes.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Failed logins allowed per client before it must wait, by default.
pub const FAILED_LOGINS_PER_MINUTE: u32 = 10;

#[derive(Clone)]
pub struct LoginThrottle {
    /// `None`: configured as 0, no limit (an API fuzzer's many wrong credentials).
    failures: Option<Arc<DefaultKeyedRateLimiter<String>>>,
    blocked_until: Arc<Mutex<HashMap<String, Instant>>>,
}

impl LoginThrottle {
    pub fn new(per_minute: u32) -> LoginThrottle {
        LoginThrottle {
            failures: NonZeroU32::new(per_minute)
                .map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n)))),
            blocked_until: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// How long `key` must still wait, if it is blocked.
    pub fn blocked_for(&self, key: &str) -> Option<Duration> {
        let mut blocked = self.blocked_until.lock().unwrap_or_else(|e| e.into_inner());
        let until = *blocked.get(key)?;
        let now = Instant::now();
        if until > now {
            Some(until - now)
        } else {
            blocked.remove(key);
            None
        }
    }

    /// Counts a failed attempt; past the allowance the client is blocked until it refills.
    pub fn record_failure(&self, key: &str) {
        let Some(failures) = &self.failures else {
            return;
        };
        if let Err(not_until) = failures.check_key(&key.to_string()) {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let mut blocked = self.blocked_until.lock().unwrap_or_else(|e| e.into_inner());
            blocked.insert(
                key.to_string(),
                Instant::now() + wait.max(Duration::from_secs(1)),
            );
        }
        failures.retain_recent();
    }
}

/// A per-client request rate; `None` inside means "no limit" (configured as 0).
#[derive(Clone)]
pub struct RequestLimiter {
    limiter: Option<Arc<DefaultKeyedRateLimiter<String>>>,
}

impl RequestLimiter {
    pub fn per_minute(limit: u32) -> RequestLimiter {
        RequestLimiter {
            limiter: NonZeroU32::new(limit)
                .map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n)))),
        }
    }

    pub fn per_hour(limit: u32) -> RequestLimiter {
        RequestLimiter {
            limiter: NonZeroU32::new(limit)
                .map(|n| Arc::new(RateLimiter::keyed(Quota::per_hour(n)))),
        }
    }

    /// `Ok` when `key` may go on; otherwise how long it must wait.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            not_until
                .wait_time_from(DefaultClock::default().now())
                .max(Duration::from_secs(1))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_blocked_after_its_failures_run_out_and_others_are_not() {
        let throttle = LoginThrottle::new(3);
        for _ in 0..3 {
            assert!(throttle.blocked_for("10.0.0.1").is_none());
            throttle.record_failure("10.0.0.1");
        }
        throttle.record_failure("10.0.0.1");
        assert!(throttle.blocked_for("10.0.0.1").is_some());
        assert!(throttle.blocked_for("10.0.0.2").is_none());
    }

    #[test]
    fn request_limiter_of_zero_never_limits() {
        let unlimited = RequestLimiter::per_minute(0);
        assert!((0..1000).all(|_| unlimited.check("a").is_ok()));
        let limited = RequestLimiter::per_minute(2);
        assert!(limited.check("a").is_ok() && limited.check("a").is_ok());
        assert!(limited.check("a").is_err());
    }
}

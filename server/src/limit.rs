//! The limit on creating games: each client (an IP address; an IPv6 client by its /64
//! network, which one host usually holds whole) may create so many games a minute, in a burst
//! or spread out, and is refused with `rate-limited` and `Retry-After` beyond that. A flood of
//! creations thus neither fills the store nor pushes the other clients' games out of the lobby.

use crate::error::{ApiError, ErrorCode};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// Games one client may create per minute unless `warlord serve --create-per-minute` says
/// otherwise.
pub const DEFAULT_PER_MINUTE: u32 = 20;

/// Clients remembered before those whose allowance is full again are forgotten.
const REMEMBERED: usize = 10_000;

/// The creation limit of a server.
#[derive(Debug)]
pub struct CreateLimit {
    /// `None` when creations are not limited.
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
}

impl CreateLimit {
    /// A limit of `per_minute` creations a minute per client (also the burst); 0 for none.
    #[must_use]
    pub fn per_minute(per_minute: u32) -> CreateLimit {
        CreateLimit { limiter: NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n))) }
    }

    /// Counts a creation by `client`; `rate-limited`, with the seconds to wait, if it is over
    /// its limit.
    pub fn check(&self, client: IpAddr) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else { return Ok(()) };
        if limiter.len() > REMEMBERED {
            limiter.retain_recent();
        }
        limiter.check_key(&network(client)).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            let mut error = ApiError::new(
                ErrorCode::RateLimited,
                format!("too many new games from your address; try again in {seconds} s"),
            );
            error.retry_after_s = Some(seconds);
            error
        })
    }
}

/// What one client holds: an IPv4 address, or the /64 network of an IPv6 address (IPv4 mapped
/// into IPv6 counts as IPv4).
pub(crate) fn network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_client_has_its_own_allowance() {
        let limit = CreateLimit::per_minute(3);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..3 {
            limit.check(a).unwrap();
        }
        let refused = limit.check(a).unwrap_err();
        assert_eq!(refused.code, ErrorCode::RateLimited);
        // One creation comes back every 20 s.
        assert!((1..=20).contains(&refused.retry_after_s.unwrap()), "{refused:?}");
        limit.check(b).expect("another client is not limited");
    }

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let limit = CreateLimit::per_minute(1);
        limit.check("2001:db8:1:2::1".parse().unwrap()).unwrap();
        assert!(limit.check("2001:db8:1:2::ffff".parse().unwrap()).is_err(), "same /64");
        limit.check("2001:db8:1:3::1".parse().unwrap()).expect("another /64");
        limit.check("::ffff:192.0.2.9".parse().unwrap()).unwrap();
        assert!(limit.check("192.0.2.9".parse().unwrap()).is_err(), "mapped IPv4 is the same client");
    }

    #[test]
    fn zero_is_no_limit() {
        let limit = CreateLimit::per_minute(0);
        for _ in 0..1000 {
            limit.check("192.0.2.1".parse().unwrap()).unwrap();
        }
    }
}

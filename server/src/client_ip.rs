//! Which client a request comes from, for the per-client limits (creating games, the AI's
//! queue): the connection's address, or, when that address is a trusted reverse proxy
//! (`warlord serve --trusted-proxy`), the address the proxies say they forwarded for.
//!
//! `X-Forwarded-For` is read from its right end: each trusted proxy appends the address it
//! received from, so the first address from the right that is not itself a trusted proxy is
//! the client. Anything left of it was written by the client and is never believed. A
//! connection from an address that is not trusted has its header ignored, so that nobody can
//! pick their own address by sending one.

use crate::hub::Games;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

/// The header reverse proxies append the client's address to.
const FORWARDED_FOR: &str = "x-forwarded-for";

/// A trusted proxy: an address, or a network in CIDR form (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProxyNet {
    /// The network's address.
    addr: IpAddr,
    /// The length of its prefix, in bits.
    prefix: u8,
}

/// Why a `--trusted-proxy` value is not an address or network.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProxyNetError {
    /// The address part is not an IP address.
    #[error("`{0}` is not an IP address (like 127.0.0.1 or ::1) nor a network (like 10.0.0.0/8)")]
    Address(String),
    /// The prefix length is not a number within the address's bits.
    #[error("`{0}`: the prefix length must be a whole number up to 32 (IPv4) or 128 (IPv6)")]
    Prefix(String),
}

impl FromStr for ProxyNet {
    type Err = ProxyNetError;

    fn from_str(text: &str) -> Result<ProxyNet, ProxyNetError> {
        let text = text.trim();
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text, None),
        };
        let addr = IpAddr::from_str(addr).map_err(|_| ProxyNetError::Address(text.to_string()))?;
        let bits = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(p) => {
                p.parse::<u8>().ok().filter(|&p| p <= bits).ok_or_else(|| ProxyNetError::Prefix(text.to_string()))?
            }
        };
        Ok(ProxyNet { addr, prefix })
    }
}

impl ProxyNet {
    /// Whether `ip` is in this network (an IPv4 address mapped into IPv6 counts as IPv4).
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                same_prefix(u128::from(u32::from(net)), u128::from(u32::from(ip)), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => same_prefix(u128::from(net), u128::from(ip), 128, self.prefix),
            _ => false,
        }
    }
}

/// Whether the top `prefix` bits of two `bits`-bit numbers agree.
fn same_prefix(a: u128, b: u128, bits: u8, prefix: u8) -> bool {
    let shift = u32::from(bits - prefix.min(bits));
    a.checked_shr(shift).unwrap_or(0) == b.checked_shr(shift).unwrap_or(0)
}

/// The client a request comes from: `peer` (the connection's address) unless it is one of the
/// `trusted` proxies; then the right-most address of the `X-Forwarded-For` headers that is
/// not a trusted proxy (the proxy's own address if the headers name none that can be read).
#[must_use]
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[ProxyNet]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let forwarded: Vec<&str> =
        headers.get_all(FORWARDED_FOR).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).collect();
    let mut client = peer;
    for hop in forwarded.into_iter().rev() {
        let Ok(ip) = IpAddr::from_str(hop.trim()) else {
            // An address that cannot be read ends the chain: what is left of it is unknown.
            break;
        };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    client
}

/// The extractor of a request's client address (see [`client_ip`]), with the proxies the
/// server's games trust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<Games> for ClientIp {
    type Rejection = (StatusCode, &'static str);

    async fn from_request_parts(parts: &mut Parts, games: &Games) -> Result<ClientIp, Self::Rejection> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>().copied() else {
            return Err((StatusCode::INTERNAL_SERVER_ERROR, "the connection's address is unknown"));
        };
        Ok(ClientIp(client_ip(peer.ip(), &parts.headers, &games.trusted_proxies())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn nets(list: &[&str]) -> Vec<ProxyNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append(FORWARDED_FOR, HeaderValue::from_str(v).unwrap());
        }
        headers
    }

    #[test]
    fn networks_are_read_and_refused_in_words() {
        assert!(ProxyNet::from_str("10.0.0.0/8").unwrap().contains(ip("10.200.3.4")));
        assert!(!ProxyNet::from_str("10.0.0.0/8").unwrap().contains(ip("11.0.0.1")));
        assert!(ProxyNet::from_str("127.0.0.1").unwrap().contains(ip("::ffff:127.0.0.1")));
        assert!(ProxyNet::from_str("fd00::/8").unwrap().contains(ip("fd12::1")));
        assert!(!ProxyNet::from_str("fd00::/8").unwrap().contains(ip("10.0.0.1")));
        assert!(ProxyNet::from_str("0.0.0.0/0").unwrap().contains(ip("192.0.2.1")));
        assert_eq!(ProxyNet::from_str("proxy"), Err(ProxyNetError::Address("proxy".into())));
        assert_eq!(ProxyNet::from_str("10.0.0.0/33"), Err(ProxyNetError::Prefix("10.0.0.0/33".into())));
    }

    #[test]
    fn the_header_of_an_untrusted_peer_is_ignored() {
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(client_ip(ip("198.51.100.7"), &headers, &[]), ip("198.51.100.7"));
        assert_eq!(client_ip(ip("198.51.100.7"), &headers, &nets(&["127.0.0.1"])), ip("198.51.100.7"));
    }

    #[test]
    fn a_trusted_proxy_gives_the_right_most_untrusted_address() {
        let trusted = nets(&["127.0.0.1", "10.0.0.0/8"]);
        // The client wrote the first address itself; the proxies appended the others.
        let headers = forwarded(&["6.6.6.6, 203.0.113.9", "10.1.2.3"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &headers, &trusted), ip("203.0.113.9"));
        // No header: the proxy's own address.
        assert_eq!(client_ip(ip("127.0.0.1"), &HeaderMap::new(), &trusted), ip("127.0.0.1"));
        // Garbage where the client's address should be: the last trusted hop.
        let headers = forwarded(&["not-an-address, 10.9.9.9"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &headers, &trusted), ip("10.9.9.9"));
    }
}

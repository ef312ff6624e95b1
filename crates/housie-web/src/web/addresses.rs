//! The addresses others on the hall's network can reach the server at: with `--listen
//! 0.0.0.0:PORT`, the machine's own LAN addresses (a board on a second screen, phones).

use std::net::{IpAddr, SocketAddr};

/// The addresses `bound` can be reached at from other machines, best first: itself when it is
/// one address, else every non-loopback address of this machine's interfaces of its family.
pub fn reachable(bound: SocketAddr) -> Vec<SocketAddr> {
    if !bound.ip().is_unspecified() {
        return vec![bound];
    }
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .map(|ifs| ifs.into_iter().map(|i| i.ip()).filter(|ip| !ip.is_loopback()).collect())
        .unwrap_or_default();
    found.retain(|ip| ip.is_ipv4() == bound.is_ipv4() || bound.is_ipv6());
    // IPv4 first (what people type), then private ranges before the rest.
    found.sort_by_key(|ip| match ip {
        IpAddr::V4(v4) => (0, !v4.is_private(), *ip),
        IpAddr::V6(_) => (1, true, *ip),
    });
    found.dedup();
    found.into_iter().map(|ip| SocketAddr::new(ip, bound.port())).collect()
}

/// `http://ADDR` (an IPv6 address in brackets).
pub fn url(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

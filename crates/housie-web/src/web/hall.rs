//! Where the hall reaches a night's server: the caller's own address, the addresses a board and
//! phones use, and whether the address the tickets' QR codes print is one of them. `housie
//! serve` and the studio's desk both ask here, so a phone that scans a ticket finds the same
//! night whichever door opened it.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use housie_core::domain::PlayerUrl;

use super::addresses::{reachable, url};
use super::app::JoinAddress;

/// A bound server's addresses.
#[derive(Clone, Debug)]
pub struct Place {
    /// This computer's address for it (loopback when bound to every interface).
    pub local: SocketAddr,
    /// Where a board or a phone on the hall's network reaches it, best first.
    pub boards: Vec<SocketAddr>,
    /// What the board's join QR code shows.
    pub join: JoinAddress,
    /// Whether the run's printed player URL reaches this server (`None`: no codes printed).
    pub links_reach: Option<bool>,
}

impl Place {
    /// The addresses of a server bound to `bound`, for a run whose tickets print `player_url`.
    pub fn of(bound: SocketAddr, player_url: Option<&PlayerUrl>) -> Place {
        let local = if bound.ip().is_unspecified() {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port())
        } else {
            bound
        };
        let boards = match bound.ip().is_unspecified() {
            true => reachable(bound),
            false => vec![bound],
        };
        let boards = if boards.is_empty() { vec![local] } else { boards };
        // The tickets' QR codes open the run's player URL: the board shows the same address
        // when this server is where it points.
        let links_reach = player_url.map(|u| ticket_links_reach(u, bound, &boards));
        let join = match (player_url, links_reach) {
            (Some(u), Some(true)) => format!("{u}/play"),
            _ => format!("{}/play", url(boards[0])),
        };
        let join = JoinAddress { url: Some(join), reachable: !bound.ip().is_loopback() };
        Place { local, boards, join, links_reach }
    }

    /// Why phones that scan a ticket will not reach this server, if they will not.
    pub fn unreached(&self, player_url: Option<&PlayerUrl>) -> Option<String> {
        let u = player_url.filter(|_| self.links_reach == Some(false))?;
        let here: Vec<String> = self.boards.iter().map(|b| url(*b)).collect();
        Some(format!(
            "the tickets' QR codes open {u}, but this server is at {}: a phone that scans a ticket will not reach it",
            here.join(", ")
        ))
    }

    /// The caller's address, without the token.
    pub fn desk(&self) -> String {
        url(self.local)
    }
}

/// Whether phones opening `player_url` reach this server, bound to `bound` and reachable at
/// `boards`: the same port, and an address of this server (a name is taken on trust: resolving
/// it could hang a hall without DNS).
pub fn ticket_links_reach(player_url: &PlayerUrl, bound: SocketAddr, boards: &[SocketAddr]) -> bool {
    let (host, port) = player_url.host_port();
    if port != Some(bound.port()) {
        return false;
    }
    match host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
        Ok(ip) => boards.iter().any(|b| b.ip() == ip) || (ip.is_loopback() && bound.ip().is_loopback()),
        Err(_) => !bound.ip().is_loopback() || host == "localhost",
    }
}

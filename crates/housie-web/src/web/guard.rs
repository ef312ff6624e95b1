//! What every request passes before a route sees it, and what every answer passes after:
//! the Host check (a page on another site cannot reach the server through a DNS name that
//! rebinds to this machine), and errors as JSON (axum's own rejections, such as a path that is
//! not UTF-8, are plain text; they are rewritten).

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The names a request may address this server by, besides IP addresses and `localhost`.
#[derive(Clone, Debug, Default)]
pub struct Hosts {
    names: Vec<String>,
}

impl Hosts {
    /// This machine's own names (its hostname, and that name `.local`), and `extra` ones.
    pub fn of_this_machine(extra: &[String]) -> Hosts {
        let mut names: Vec<String> = extra.iter().map(|n| n.trim().to_ascii_lowercase()).collect();
        if let Ok(name) = std::fs::read_to_string("/proc/sys/kernel/hostname") {
            let name = name.trim().to_ascii_lowercase();
            if !name.is_empty() {
                names.push(format!("{name}.local"));
                names.push(name);
            }
        }
        Hosts { names }
    }

    /// Whether a `Host` header names this server: an IP address, `localhost` (or a name under
    /// it), or one of this machine's names; any port.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let name = match host.strip_prefix('[') {
            // [::1]:8090
            Some(rest) => return rest.split(']').next().is_some_and(|ip| ip.parse::<std::net::Ipv6Addr>().is_ok()),
            None => host.rsplit_once(':').map_or(host.as_str(), |(name, port)| {
                if port.bytes().all(|b| b.is_ascii_digit()) {
                    name
                } else {
                    host.as_str()
                }
            }),
        };
        name.parse::<std::net::Ipv4Addr>().is_ok()
            || name == "localhost"
            || name.ends_with(".localhost")
            || self.names.iter().any(|n| n == name)
    }
}

/// Refuses a request whose `Host` is not one of `hosts` (403, JSON).
pub async fn check_host_of(hosts: &Hosts, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("\u{fffd}"));
    match host {
        Some(host) if !hosts.allows(host) => ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "`{}` is not an address of this housie server; use its IP address (or start housie serve with --host {})",
                housie_core::domain::text::clip(host, 60),
                housie_core::domain::text::clip(host.split(':').next().unwrap_or(host), 60)
            ),
        )
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Rewrites any error answer that is not JSON as `{"error": "…"}` with the same status.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json =
        response.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (_, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, 4096).await {
        Ok(bytes) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).trim().to_string(),
        _ => status.canonical_reason().unwrap_or("refused").to_lowercase(),
    };
    let mut response = ApiError::new(status, text).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machines_names_pass() {
        let hosts = Hosts { names: vec!["hall-laptop".into(), "hall-laptop.local".into()] };
        for ok in
            ["127.0.0.1:8090", "192.168.1.20", "[::1]:8090", "localhost:8090", "hall-laptop:8090", "HALL-LAPTOP.local"]
        {
            assert!(hosts.allows(ok), "{ok}");
        }
        for bad in ["evil.example:8090", "attacker.com", "127.0.0.1.nip.io", "[evil]:80", "localhost.evil.com"] {
            assert!(!hosts.allows(bad), "{bad}");
        }
    }
}

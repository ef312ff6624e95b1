//! Where phones reach the player page on the night (`--player-url`), and the link to one ticket
//! a QR code on the paper carries: `{address}/p/{serial}`. It is given before printing, so a
//! phone's camera opens the page that follows the ticket's book; the desk's scanner types the
//! same link, and a claim reads the serial back out of it ([`serial_in`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Serial;

/// The longest address taken, in characters: a ticket's link must fit the template's QR code,
/// and a version-4 symbol holds about 60.
pub const MAX_LEN: usize = 80;

/// The path a ticket's link adds to the address, before the serial.
pub const TICKET_PATH: &str = "/p/";

/// The player page's address as phones reach it: `http` or `https`, a host, perhaps a port,
/// nothing else; written as the `url` crate normalises it (scheme and host in lower case, no
/// trailing slash), so the same address always makes the same links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerUrl(String);

/// Why an address was refused, in the organiser's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{given}` {problem}")]
pub struct PlayerUrlError {
    /// The address as given (clipped).
    pub given: String,
    /// What is wrong with it.
    pub problem: String,
    /// The same as a catalogue message (`player-url-…`, with `given`), for a form in its
    /// language (`PlayerUrlError::said`, in the policy layer: the domain knows no catalogue).
    pub id: &'static str,
}

impl PlayerUrl {
    /// Reads an address such as `http://192.168.1.20:8080`.
    pub fn parse(text: &str) -> Result<PlayerUrl, PlayerUrlError> {
        let given = super::text::clip(text.trim(), 60);
        let bad =
            |id: &'static str, problem: &str| PlayerUrlError { given: given.clone(), problem: problem.to_string(), id };
        let text = text.trim();
        if text.chars().count() > MAX_LEN {
            return Err(bad(
                "player-url-long",
                &format!("is longer than {MAX_LEN} characters; a QR code on a ticket holds a short address"),
            ));
        }
        if !text.contains("://") {
            return Err(bad(
                "player-url-no-scheme",
                "has no http:// in front; write it as phones open it, e.g. http://192.168.1.20:8080",
            ));
        }
        let url = url::Url::parse(text).map_err(|e| {
            let problem =
                format!("is not a web address ({e}); write it as phones open it, e.g. http://192.168.1.20:8080");
            bad("player-url-not-an-address", &problem)
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(bad("player-url-not-http", "is not an http:// or https:// address"));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(bad("player-url-no-host", "names no computer; e.g. http://192.168.1.20:8080"));
        }
        if let Some(url::Host::Domain(name)) = url.host() {
            if name.split('.').any(str::is_empty) {
                return Err(bad("player-url-no-host", "names no computer (a name with an empty part, like x..com)"));
            }
        }
        if url.port() == Some(0) {
            return Err(bad("player-url-port", "has port 0, which no phone can reach; give the port housie serves on"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(bad(
                "player-url-password",
                "holds a user name or password, which would be printed on every ticket",
            ));
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(bad(
                "player-url-path",
                &format!(
                    "has more than the computer and port; give the address alone (housie adds {TICKET_PATH}SERIAL)"
                ),
            ));
        }
        let mut written = url.to_string();
        if written.ends_with('/') {
            written.pop();
        }
        Ok(PlayerUrl(written))
    }

    /// The address, e.g. `http://192.168.1.20:8080`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The link to `serial`'s ticket: `http://192.168.1.20:8080/p/000123-4-0`.
    pub fn link(&self, serial: &Serial) -> String {
        format!("{}{TICKET_PATH}{serial}", self.0)
    }

    /// The host and port phones reach (the port the scheme implies when none is written).
    pub fn host_port(&self) -> (String, Option<u16>) {
        let url = url::Url::parse(&self.0).expect("a PlayerUrl was parsed");
        (url.host_str().unwrap_or_default().to_string(), url.port_or_known_default())
    }
}

impl TryFrom<String> for PlayerUrl {
    type Error = PlayerUrlError;

    fn try_from(text: String) -> Result<PlayerUrl, PlayerUrlError> {
        PlayerUrl::parse(&text)
    }
}

impl From<PlayerUrl> for String {
    fn from(url: PlayerUrl) -> String {
        url.0
    }
}

impl fmt::Display for PlayerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The serial in a ticket's link as a scanner types it (`HTTP://HALL:8080/P/000123-4-0`, in any
/// case, from any address), or `text` itself when it is not one: what a claim reads.
pub fn serial_in(text: &str) -> &str {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return text;
    }
    match lower.rfind(TICKET_PATH) {
        // The byte offsets of the ASCII lower-casing are the text's own.
        Some(at) if trimmed.is_char_boundary(at + TICKET_PATH.len()) => {
            trimmed[at + TICKET_PATH.len()..].trim_end_matches('/')
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_normalised_and_links_its_tickets() {
        let url = PlayerUrl::parse(" HTTP://Hall.Local:8080/ ").unwrap();
        assert_eq!(url.as_str(), "http://hall.local:8080");
        let serial: Serial = "000123-4-0".parse().unwrap();
        assert_eq!(url.link(&serial), "http://hall.local:8080/p/000123-4-0");
        assert_eq!(PlayerUrl::parse(url.as_str()).unwrap(), url, "normalising twice changes nothing");
        assert_eq!(url.host_port(), ("hall.local".to_string(), Some(8080)));
        assert_eq!(PlayerUrl::parse("https://bingo.example").unwrap().host_port().1, Some(443));
    }

    #[test]
    fn addresses_phones_cannot_use_are_refused_with_the_reason() {
        for (text, says) in [
            ("192.168.1.20:8080", "no http:// in front"),
            ("hall", "no http:// in front"),
            ("http://", "not a web address"),
            ("ftp://hall", "not an http"),
            ("http://user:pw@hall", "password"),
            ("http://hall/housie", "the address alone"),
            ("http://hall/?x=1", "the address alone"),
            ("http://hall/#top", "the address alone"),
            ("http://x..com", "empty part"),
            ("http://192.168.1.20:0", "port 0"),
        ] {
            let e = PlayerUrl::parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
        let long = format!("http://{}.example", "a".repeat(80));
        assert!(PlayerUrl::parse(&long).unwrap_err().to_string().contains("longer than 80"));
    }

    #[test]
    fn a_scanned_link_gives_its_serial_and_anything_else_is_left_alone() {
        assert_eq!(serial_in("HTTP://192.168.1.20:8080/P/000123-4-0"), "000123-4-0");
        assert_eq!(serial_in(" https://hall/p/000001-10-4-9/ "), "000001-10-4-9");
        assert_eq!(serial_in("000123-4-0"), "000123-4-0");
        assert_eq!(serial_in("http://hall/play"), "http://hall/play");
        assert_eq!(serial_in("pay 000123-4-0"), "pay 000123-4-0");
    }
}

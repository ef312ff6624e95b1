//! Running `housie serve` as a process for the tests that need a real socket: a free port, the
//! server's caller URL from its first line, and the process killed (as `kill -9`) when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when dropped.
pub struct Process(pub Child);

impl Process {
    /// Waits for the process to end by itself, `secs` seconds at most (`what` names it in the
    /// failure); how it ended.
    pub fn ends_within(&mut self, secs: u64, what: &str) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.0.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < Duration::from_secs(secs), "{what} still runs after {secs} s");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Held by a test that starts a studio on its default ports (8080 to 8099, the first free), so
/// that two such tests never find each other's studio there.
pub static DEFAULT_PORTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub fn wait_for_port(port: u16, what: &str) {
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "{what} did not listen on port {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `housie serve DIR --listen 127.0.0.1:PORT`; returns the process and the caller's URL.
pub fn serve(dir: &Path, port: u16) -> (Process, String) {
    serve_with(dir, port, &[])
}

/// `serve` with more arguments (`--currency INR`).
pub fn serve_with(dir: &Path, port: u16, more: &[&str]) -> (Process, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["serve", dir.to_str().unwrap(), "--listen", &format!("127.0.0.1:{port}")])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with(&format!("http://127.0.0.1:{port}/?token=")), "first line: {line:?}");
    (Process(child), line.trim().to_string())
}

/// One request on a connection of its own, with the caller's token: the status line and the
/// time it took.
pub fn request(port: u16, method: &str, path: &str, token: &str, body: &str) -> (String, Duration) {
    let (status, _, took) = exchange(port, method, path, token, body);
    (status, took)
}

/// One request on a connection of its own: the status line, the JSON answer, the time it took.
pub fn exchange(port: u16, method: &str, path: &str, token: &str, body: &str) -> (String, serde_json::Value, Duration) {
    let start = Instant::now();
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    let status = answer.lines().next().unwrap_or("").to_string();
    let json = answer.split_once("\r\n\r\n").and_then(|(_, b)| serde_json::from_str(b).ok()).unwrap_or_default();
    (status, json, start.elapsed())
}

/// The caller's URL is on stderr too, so a stdout that cannot be written (closed, or a full
/// disk) does not lose the one way into the desk.
#[test]
fn the_callers_url_is_on_stderr_when_stdout_is_closed() {
    let dir = crate::util::Dir::new();
    crate::night_api::make_run(&dir.join("run"), 2);
    let port = free_port();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["serve", dir.join("run").to_str().unwrap(), "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _server = Process(child);
    let line = BufReader::new(stderr)
        .lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("housie: the caller's desk: "))
        .expect("the caller's URL on stderr");
    assert!(line.contains(&format!("http://127.0.0.1:{port}/?token=")), "{line}");
}

/// What hyper answers itself, to a request it cannot read, carries a JSON error as every other
/// answer does; on a connection that was served first, too.
#[test]
fn requests_hyper_cannot_read_are_answered_with_json() {
    let dir = crate::util::Dir::new();
    crate::night_api::make_run(&dir.join("run"), 2);
    let port = free_port();
    let _server = serve(&dir.join("run"), port);
    let raw = |bytes: Vec<u8>| {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(&bytes).unwrap();
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    };
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let many_headers: String = (0..200).map(|i| format!("X-{i}: y\r\n")).collect();
    let join = format!("GET /api/join HTTP/1.1\r\n{host}\r\n");
    for (request, status, error) in [
        (b"GARBAGE\r\n\r\n".to_vec(), "400 Bad Request", "the request could not be read as HTTP/1.1"),
        (
            format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(70_000)).into_bytes(),
            "414 URI Too Long",
            "the request's address is too long",
        ),
        (
            format!("GET / HTTP/1.1\r\n{host}{many_headers}\r\n").into_bytes(),
            "431 Request Header Fields Too Large",
            "the request's headers are too large",
        ),
        (
            format!("{join}{join}BAD\r\n\r\n").into_bytes(),
            "400 Bad Request",
            "the request could not be read as HTTP/1.1",
        ),
    ] {
        let answer = raw(request);
        let last = answer.rfind("HTTP/1.1 ").unwrap();
        let (head, body) = answer[last..].split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with(&format!("HTTP/1.1 {status}\r\n")), "{answer}");
        assert!(head.contains("content-type: application/json"), "{answer}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(body).unwrap()["error"], error, "{answer}");
        assert_eq!(answer.matches("HTTP/1.1 200 OK").count(), usize::from(answer.contains("/play")) * 2, "{answer}");
    }
}

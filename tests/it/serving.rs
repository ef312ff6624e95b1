//! Running `housie serve` as a process for the tests that need a real socket: a free port, the
//! server's caller URL from its first line, and the process killed (as `kill -9`) when dropped.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when dropped.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

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
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .args(["serve", dir.to_str().unwrap(), "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with(&format!("http://127.0.0.1:{port}/?token=")), "first line: {line:?}");
    (Process(child), line.trim().to_string())
}

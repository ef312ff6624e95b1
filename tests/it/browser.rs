//! Driving headless Chromium through chromedriver for the browser tests: a WebDriver session,
//! waiting for text, typing into the box or into whatever has the focus, running script.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};

use crate::serving::{free_port, wait_for_port, Process};

/// chromedriver, leading a process group of its own with every browser it starts: dropped, the
/// whole group is killed, so a test that ends (or fails) without closing its session leaves no
/// Chromium running. (Killing chromedriver alone left its browser behind, parentless.)
pub struct Driver(pub Process);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0 .0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).stderr(Stdio::null()).status();
    }
}

/// chromedriver on a free port, stopped with its browsers when the returned driver is dropped.
pub fn chromedriver_on_a_free_port(chromedriver: &Path) -> (Driver, u16) {
    let port = free_port();
    let mut command = Command::new(chromedriver);
    command.arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let driver = Driver(Process(command.spawn().unwrap()));
    wait_for_port(port, "chromedriver");
    (driver, port)
}

pub async fn browser(driver_port: u16, chromium: &Path, width: u32, height: u32) -> Client {
    session(driver_port, chromium, width, height, None, None, None).await
}

/// As [`browser`], saving what the page downloads into `downloads` without asking.
pub async fn browser_downloading(driver_port: u16, chromium: &Path, downloads: &Path) -> Client {
    browser_keeping(driver_port, chromium, downloads, None).await
}

/// As [`browser_downloading`], its profile (what the browser keeps: IndexedDB, storage) in
/// `profile` when given, so that a browser killed and started again finds it there.
pub async fn browser_keeping(driver_port: u16, chromium: &Path, downloads: &Path, profile: Option<&Path>) -> Client {
    let prefs = serde_json::json!({
        "download.default_directory": downloads, "download.prompt_for_download": false
    });
    session(driver_port, chromium, 1366, 900, None, Some(prefs), profile).await
}

/// A phone: Chromium emulating a 390×844 screen at 3 pixels a CSS pixel, touch and all (a
/// headless window is never narrower than 500 pixels).
pub async fn phone(driver_port: u16, chromium: &Path) -> Client {
    let screen = serde_json::json!({"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": true}});
    session(driver_port, chromium, 500, 900, Some(screen), None, None).await
}

/// A WebDriver session in headless Chromium with a window of `width` × `height`, emulating
/// `mobile` (chromedriver's `mobileEmulation`) when given, with Chromium's `prefs`.
async fn session(
    driver_port: u16,
    chromium: &Path,
    width: u32,
    height: u32,
    mobile: Option<serde_json::Value>,
    prefs: Option<serde_json::Value>,
    profile: Option<&Path>,
) -> Client {
    let mut options = serde_json::json!({
        "binary": chromium,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", format!("--window-size={width},{height}")]
    });
    if let Some(profile) = profile {
        options["args"].as_array_mut().unwrap().push(format!("--user-data-dir={}", profile.display()).into());
    }
    if let Some(mobile) = mobile {
        options["mobileEmulation"] = mobile;
    }
    if let Some(prefs) = prefs {
        options["prefs"] = prefs;
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{driver_port}"))
        .await
        .expect("a WebDriver session in headless Chromium")
}

/// Resizes `c`'s window so that its page (the viewport) is exactly `width` × `height`: a
/// headless window's size counts the browser's own frame too.
pub async fn viewport(c: &Client, width: u32, height: u32) {
    for _ in 0..3 {
        let inner = js(c, "return [innerWidth, innerHeight]").await;
        let (w, h) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
        if (w, h) == (width, height) {
            return;
        }
        let (ow, oh) = c.get_window_size().await.unwrap();
        c.set_window_size(
            (ow as i64 + i64::from(width) - i64::from(w)) as u32,
            (oh as i64 + i64::from(height) - i64::from(h)) as u32,
        )
        .await
        .unwrap();
    }
    let inner = js(c, "return [innerWidth, innerHeight]").await;
    assert_eq!(inner, serde_json::json!([width, height]), "the page's size");
}

/// Polls `css`'s text until `want` accepts it (10 s at most: two cores shared with Chromium, Lighthouse and PDF work can be slow); returns it.
pub async fn text_until(c: &Client, css: &str, want: impl Fn(&str) -> bool) -> String {
    text_within(c, css, 10, want).await
}

/// As [`text_until`], for what takes longer than a page's answer (a run generated while other
/// tests share the two cores): `secs` at most.
pub async fn text_within(c: &Client, css: &str, secs: u64, want: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    let mut last = String::new();
    while start.elapsed() < Duration::from_secs(secs) {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if let Ok(t) = e.text().await {
                if want(&t) {
                    return t;
                }
                last = t;
            }
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{css}: still {last:?} after {secs} s");
}

pub async fn count(c: &Client, css: &str) -> usize {
    c.find_all(Locator::Css(css)).await.unwrap().len()
}

pub async fn type_entry(desk: &Client, text: &str) {
    let entry = desk.find(Locator::Css("#entry")).await.unwrap();
    entry.send_keys(&format!("{text}{}", char::from(Key::Enter))).await.unwrap();
}

pub async fn calls_on_desk(desk: &Client) -> Vec<String> {
    let mut out = Vec::new();
    for e in desk.find_all(Locator::Css("#calls li")).await.unwrap() {
        out.push(e.text().await.unwrap());
    }
    out
}

pub fn screenshot_dir() -> Option<PathBuf> {
    std::env::var_os("HOUSIE_SCREENSHOTS").map(PathBuf::from)
}

/// Presses the keys of `text` with whatever has the keyboard focus, as a person (or a barcode
/// scanner) would: nothing is clicked or focused first.
pub async fn press(c: &Client, text: &str) {
    let mut keys = KeyActions::new("keyboard".to_string());
    for ch in text.chars() {
        keys = keys.then(KeyAction::Down { value: ch }).then(KeyAction::Up { value: ch });
    }
    c.perform_actions(keys).await.unwrap();
}

/// Types `text` and Enter into whatever has the keyboard focus.
pub async fn type_focused(c: &Client, text: &str) {
    press(c, &format!("{text}{}", char::from(Key::Enter))).await;
}

/// Runs `script` (a function body) in the page and returns its value.
pub async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, Vec::new()).await.unwrap()
}

/// Polls `script`'s value until `want` accepts it (10 s at most: two cores shared with Chromium, Lighthouse and PDF work can be slow).
pub async fn js_until(c: &Client, script: &str, want: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    let start = Instant::now();
    let mut last = serde_json::Value::Null;
    while start.elapsed() < Duration::from_secs(10) {
        last = js(c, script).await;
        if want(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{script}: still {last} after 10 s");
}

/// Types " Bingo" after the title "Spring Fair" in the event page's `#title` and waits for the
/// preview's header to follow: the header's left text (the numbers, drawn first, are texts
/// too), as the studio and the site both draw it.
pub async fn preview_follows_the_title(c: &Client) {
    let title = "const t = [...document.querySelectorAll('#preview svg text')].find(t => isNaN(t.textContent)); \
                 return t ? t.textContent : ''";
    js_until(c, title, |v| v == "Spring Fair").await;
    c.find(Locator::Id("title")).await.unwrap().send_keys(" Bingo").await.unwrap();
    js_until(c, title, |v| v == "Spring Fair Bingo").await;
}

/// Sends the Chrome DevTools command `cmd` to `c`'s browser through chromedriver (on
/// `driver_port`), for what WebDriver cannot do (a storage quota); its answer.
pub async fn cdp(c: &Client, driver_port: u16, cmd: &str, params: serde_json::Value) -> serde_json::Value {
    use std::io::{Read, Write};
    let session = c.session_id().await.unwrap().expect("a session");
    let body = serde_json::json!({ "cmd": cmd, "params": params }).to_string();
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", driver_port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        stream,
        "POST /session/{session}/goog/cdp/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // The head, then as many bytes as it says the answer has.
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).unwrap();
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    let length: usize =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).map_or(0, |n| n.trim().parse().unwrap());
    let mut json = vec![0u8; length];
    stream.read_exact(&mut json).unwrap();
    assert!(head.starts_with("http/1.1 200"), "{cmd}: {head}{}", String::from_utf8_lossy(&json));
    let json = String::from_utf8_lossy(&json);
    serde_json::from_str(&json).unwrap_or(serde_json::Value::Null)
}

/// Waits for the page's `confirm` (10 s at most: the page may read its storage first) and
/// answers it: OK when `accept`, else Cancel.
pub async fn answer_confirm(c: &Client, accept: bool) {
    let start = Instant::now();
    while c.get_alert_text().await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(10), "no confirm in 10 s");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    if accept {
        c.accept_alert().await.unwrap();
    } else {
        c.dismiss_alert().await.unwrap();
    }
}

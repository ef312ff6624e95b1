//! The night in a browser tab, as a caller meets it in Chromium: a native run dropped into the
//! site and found valid, *Open the caller's desk*, a game started and played by keyboard on
//! housie serve's own desk (its calls typed, a claim by serial that stands, the win recorded, a
//! draw), the board opened from the desk following every call with no server, a second desk of
//! the same night refused, the desk's tab closed mid-game and opened again exactly where it was,
//! and its `night.jsonl` downloaded: beside the run, `housie night` reads the night the page
//! recorded, and `housie verify` and `housie cashup` take it.

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::browser::{browser_downloading, chromedriver_on_a_free_port, js, js_until, text_until, type_focused};
use crate::night_api::line_run;
use crate::site_browser::static_server;
use crate::util::{tool, Dir};
use crate::wasm::{site, zip_of};

/// Switches `c` to the window it has that it had not among `before`, waiting for it to open.
async fn new_window(c: &Client, before: &[fantoccini::wd::WindowHandle]) {
    let start = Instant::now();
    loop {
        let now = c.windows().await.unwrap();
        if let Some(w) = now.iter().find(|w| !before.contains(w)) {
            c.switch_to_window(w.clone()).await.unwrap();
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no new window opened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The desk's calls, in order.
async fn calls(desk: &Client) -> Vec<u64> {
    let v = js(desk, "return [...document.querySelectorAll('#calls li')].map(li => Number(li.textContent))").await;
    v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect()
}

/// Waits for the desk to have opened its night (its connection marker up).
async fn desk_ready(desk: &Client) {
    js_until(desk, "const l = document.getElementById('link'); return !!l && !l.classList.contains('down') && !!document.getElementById('in-page')", |v| v == true).await;
}

/// The night as the page's desk answers `GET /api/record` (the record `housie night --json`
/// prints).
async fn page_record(desk: &Client) -> Value {
    js(desk, "return housie.api('GET', '/api/record').then(r => r.body)").await
}

/// With HOUSIE_SCREENSHOTS set, `c`'s window as `name` there.
async fn shot(c: &Client, name: &str) {
    if let Some(out) = crate::browser::screenshot_dir() {
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join(name), c.screenshot().await.unwrap()).unwrap();
    }
}

/// Waits for `name` to be downloaded whole into `dir`.
async fn downloaded(dir: &Path, name: &str) -> Vec<u8> {
    let start = Instant::now();
    while !dir.join(name).is_file()
        || std::fs::read_dir(dir).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".crdownload"))
    {
        assert!(start.elapsed() < Duration::from_secs(30), "{name} was not downloaded in 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    std::fs::read(dir.join(name)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_python3, housie_missing_site),
    ignore = "needs chromium, chromedriver, python3 and the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)"
)]
async fn a_caller_plays_a_night_in_a_browser_tab_and_the_native_tool_reads_it() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let downloads = d.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let line = line_run(&d.join("run"));
    let read = |name: &str| std::fs::read(d.join("run").join(name)).unwrap();
    let files: Vec<(String, Vec<u8>)> =
        ["books.pdf", "manifest.csv", "run.json"].iter().map(|n| (format!("run/{n}"), read(n))).collect();
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    zip_of(&d.join("run.zip"), &named);

    let (_server, url) = static_server(&site(), &d.join("server.log"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser_downloading(driver_port, &chromium, &downloads).await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#version", |t| t.starts_with("housie ")).await;
    c.find(Locator::Id("verify-zip")).await.unwrap().send_keys(d.join("run.zip").to_str().unwrap()).await.unwrap();
    text_until(&c, "#verify-message", |t| t.starts_with("Valid")).await;
    let site_window = c.window().await.unwrap();

    // The desk, in a tab of its own.
    let before = c.windows().await.unwrap();
    c.find(Locator::Id("open-dropped-desk")).await.unwrap().click().await.unwrap();
    new_window(&c, &before).await;
    desk_ready(&c).await;
    let desk_url = c.current_url().await.unwrap();
    assert!(desk_url.as_str().contains("desk.html#night="), "{desk_url}");
    text_until(&c, "#in-page", |t| t.contains("housie serve")).await;

    // A UK game, by the desk's own form; its calls typed into the box.
    js_until(&c, "return document.querySelectorAll('#game-prizes option').length", |v| v.as_u64() > Some(1)).await;
    c.find(Locator::Id("create-game")).await.unwrap().click().await.unwrap();
    text_until(&c, "#game-name", |t| t.starts_with("Game 1")).await;
    js_until(&c, "return document.activeElement.id", |v| v == "entry").await;
    type_focused(&c, &line.spare.to_string()).await;
    text_until(&c, "#last", |t| t == line.spare.to_string()).await;
    for n in &line.line {
        type_focused(&c, &n.to_string()).await;
        text_until(&c, "#last", |t| t == n.to_string()).await;
    }
    // The claim by serial: it stands, the ticket drawn; `w` records the win.
    type_focused(&c, &line.winner).await;
    text_until(&c, "#claim", |t| t.contains(&line.winner) && t.to_lowercase().contains("stands")).await;
    type_focused(&c, "w").await;
    text_until(&c, "#prizes", |t| t.contains(&line.winner)).await;
    // A false claim is told as one.
    type_focused(&c, &line.wrong).await;
    text_until(&c, "#claim", |t| t.contains(&line.wrong)).await;
    // A number drawn from the game's committed draw.
    type_focused(&c, "d").await;
    js_until(&c, "return document.querySelectorAll('#calls li').length", |v| v == 7).await;
    let called = calls(&c).await;
    shot(&c, "page-desk.png").await;

    // The board, opened from the desk, follows it with no server.
    let desk_window = c.window().await.unwrap();
    let before = c.windows().await.unwrap();
    c.find(Locator::Id("open-board")).await.unwrap().click().await.unwrap();
    new_window(&c, &before).await;
    let board_window = c.window().await.unwrap();
    text_until(&c, "#board-last", |t| t == called[6].to_string()).await;
    shot(&c, "page-board.png").await;
    let marked = js(&c, "return document.querySelectorAll('#grid .called').length").await;
    assert_eq!(marked, 7, "the board marks every call");
    c.switch_to_window(desk_window.clone()).await.unwrap();
    let next = (1..=90u64).find(|n| !called.contains(n)).unwrap();
    js(&c, "document.getElementById('entry').focus()").await;
    type_focused(&c, &next.to_string()).await;
    text_until(&c, "#last", |t| t == next.to_string()).await;
    c.switch_to_window(board_window.clone()).await.unwrap();
    text_until(&c, "#board-last", |t| t == next.to_string()).await;

    // A second desk of the same night, in another tab of this browser, is refused.
    let before = c.windows().await.unwrap();
    js(&c, &format!("window.open({:?}, 'second')", desk_url.as_str())).await;
    new_window(&c, &before).await;
    text_until(&c, "#lost", |t| t.contains("open in another tab")).await;
    c.close_window().await.unwrap();

    // The desk's tab closed mid-game: the board sees it go; opened again from the site, the
    // desk is where it was.
    c.switch_to_window(desk_window).await.unwrap();
    let record = page_record(&c).await;
    c.close_window().await.unwrap();
    c.switch_to_window(board_window.clone()).await.unwrap();
    js_until(&c, "return document.getElementById('link').classList.contains('down')", |v| v == true).await;
    c.switch_to_window(site_window).await.unwrap();
    let before = c.windows().await.unwrap();
    c.find(Locator::Id("open-dropped-desk")).await.unwrap().click().await.unwrap();
    new_window(&c, &before).await;
    desk_ready(&c).await;
    js_until(&c, "return document.querySelectorAll('#calls li').length", |v| v == 8).await;
    assert_eq!(page_record(&c).await, record, "the night reopened as it was left");
    // The board hears the desk again.
    let desk_window = c.window().await.unwrap();
    c.switch_to_window(board_window).await.unwrap();
    js_until(&c, "return document.getElementById('link').classList.contains('down')", |v| v == false).await;
    c.switch_to_window(desk_window).await.unwrap();

    // The night's log, downloaded and put beside run.json, is the night the native tool reads.
    c.find(Locator::Id("download-log")).await.unwrap().click().await.unwrap();
    let log = downloaded(&downloads, "night.jsonl").await;
    std::fs::write(d.join("run/night.jsonl"), &log).unwrap();
    let native: Value = serde_json::from_str(&d.run(&["night", "run", "--json"]).success().stdout()).unwrap();
    assert_eq!(native["games"], record["games"], "housie night reads the page's night as the page recorded it");
    let claims = native["games"][0]["claims"].as_array().unwrap();
    assert_eq!(claims[0]["serial"], line.winner.as_str());
    assert_eq!(claims[0]["verdict"], "stands");
    assert_ne!(claims[1]["verdict"], "stands");
    d.run(&["verify", "run"]).success();
    d.run(&["cashup", "run"]).success();
    c.close().await.unwrap();
}

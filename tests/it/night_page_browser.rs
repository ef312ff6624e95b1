//! The night in a browser tab, as a caller meets it in Chromium: a native run dropped into the
//! site and found valid, *Open the caller's desk*, books sold, a Tambola game with the bogey
//! rule played by keyboard on housie serve's own desk (calls typed and drawn, a false claim
//! barred, a claim by serial that stands, recorded and paid, one missed), the board opened from
//! the desk following every call with no server, a second desk of the same night refused, the
//! desk's tab closed and the browser killed mid-game, the night opened again exactly where it
//! was (from the site's list of the nights it keeps), 40 calls, and its
//! `night.jsonl` downloaded: beside the run, `housie night` prints the calls and verdicts the page
//! recorded, `housie cashup` the page's cash-up, and `housie verify` takes it.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::browser::{browser_keeping, chromedriver_on_a_free_port, js, js_until, text_until, type_focused};
use crate::night_api::make_run;
use crate::site_browser::{downloaded, static_server};
use crate::util::{manifest_rows, tool, Dir};
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

/// Types `n` into the desk's box and waits for it to be the last call.
async fn call(desk: &Client, n: u64) {
    type_focused(desk, &n.to_string()).await;
    text_until(desk, "#last", |t| t == n.to_string()).await;
}

/// Presses `d` (a number drawn from the game's draw) and waits for it: the number drawn.
async fn draw(desk: &Client) -> u64 {
    let before = calls(desk).await.len();
    type_focused(desk, "d").await;
    js_until(desk, &format!("return document.querySelectorAll('#calls li').length > {before}"), |v| v == true).await;
    *calls(desk).await.last().unwrap()
}

/// Types `serial` into the box and waits for the desk to show its claim.
async fn claim(desk: &Client, serial: &str) {
    type_focused(desk, serial).await;
    text_until(desk, "#claim", |t| t.contains(serial)).await;
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
    make_run(&d.join("run"), 12);
    let rows = manifest_rows(&std::fs::read_to_string(d.join("run/manifest.csv")).unwrap());
    // Ticket A's top line wins; ticket B (another book) completes its middle line a call before
    // it is claimed (missed); ticket C claims falsely and is barred by the bogey rule.
    let (a, b, c_serial) = (&rows[0], &rows[6], rows[1].serial.clone());
    let read = |name: &str| std::fs::read(d.join("run").join(name)).unwrap();
    let files: Vec<(String, Vec<u8>)> =
        ["books.pdf", "manifest.csv", "run.json"].iter().map(|n| (format!("run/{n}"), read(n))).collect();
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    zip_of(&d.join("run.zip"), &named);

    let (_server, url) = static_server(&site(), &d.join("server.log"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let profile = d.join("profile");
    let c = browser_keeping(driver_port, &chromium, &downloads, Some(&profile)).await;
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

    // Books 1-4 sold, at the desk's sales form.
    js(&c, "const s = document.getElementById('sale-kind'); s.value = 'sold'; s.dispatchEvent(new Event('change'));")
        .await;
    c.find(Locator::Id("sale-price")).await.unwrap().send_keys("5.00").await.unwrap();
    c.find(Locator::Id("sale-units")).await.unwrap().send_keys("1-4\u{e007}").await.unwrap();
    text_until(&c, "#cashup", |t| t.contains("20.00")).await;

    // A Tambola game with the bogey rule, by the desk's own form; its calls typed into the box.
    js_until(&c, "return document.querySelectorAll('#game-prizes option').length", |v| v.as_u64() > Some(1)).await;
    js(
        &c,
        "const s = document.getElementById('game-prizes'); s.value = 'tambola'; s.dispatchEvent(new Event('change'));",
    )
    .await;
    c.find(Locator::Id("game-bogey")).await.unwrap().click().await.unwrap();
    c.find(Locator::Id("create-game")).await.unwrap().click().await.unwrap();
    text_until(&c, "#game-name", |t| t.starts_with("Game 1")).await;
    js(&c, "document.getElementById('entry').focus()").await;
    let line_a = a.row(0);
    for &n in &line_a[..4] {
        call(&c, u64::from(n)).await;
    }
    // A false claim: barred for the rest of the game.
    claim(&c, &c_serial).await;
    call(&c, u64::from(line_a[4])).await;
    // The claim by serial that stands, the ticket drawn; recorded, and its prize paid.
    claim(&c, &a.serial).await;
    text_until(&c, "#claim", |t| t.to_lowercase().contains("stands")).await;
    type_focused(&c, "w").await;
    text_until(&c, "#prizes", |t| t.contains(&a.serial)).await;
    type_focused(&c, "pay 20 top line").await;
    text_until(&c, "#cashup", |t| t.contains("20.00") && t.to_lowercase().contains("paid")).await;
    // Ticket B's middle line completed, then one more call before B claims: missed.
    for n in b.row(1) {
        if !calls(&c).await.contains(&u64::from(n)) {
            call(&c, u64::from(n)).await;
        }
    }
    let so_far = calls(&c).await;
    let other = (1..=90u64).find(|n| !so_far.contains(n) && !b.cells.contains(&(*n as u8))).unwrap();
    call(&c, other).await;
    claim(&c, &b.serial).await;
    // The barred ticket again.
    claim(&c, &c_serial).await;
    // The rest drawn from the game's committed draw, to 20 calls.
    while calls(&c).await.len() < 20 {
        draw(&c).await;
    }
    let called = calls(&c).await;
    shot(&c, "page-desk.png").await;

    // The board, opened from the desk, follows it with no server.
    let desk_window = c.window().await.unwrap();
    let before = c.windows().await.unwrap();
    c.find(Locator::Id("open-board")).await.unwrap().click().await.unwrap();
    new_window(&c, &before).await;
    let board_window = c.window().await.unwrap();
    text_until(&c, "#board-last", |t| t == called[19].to_string()).await;
    shot(&c, "page-board.png").await;
    let marked = js(&c, "return document.querySelectorAll('#grid .called').length").await;
    assert_eq!(marked, 20, "the board marks every call");
    c.switch_to_window(desk_window.clone()).await.unwrap();
    js(&c, "document.getElementById('entry').focus()").await;
    let next = draw(&c).await;
    c.switch_to_window(board_window.clone()).await.unwrap();
    text_until(&c, "#board-last", |t| t == next.to_string()).await;

    // A second desk of the same night, in another tab of this browser, is refused.
    let before = c.windows().await.unwrap();
    js(&c, &format!("window.open({:?}, 'second')", desk_url.as_str())).await;
    new_window(&c, &before).await;
    text_until(&c, "#lost", |t| t.contains("open in another tab")).await;
    c.close_window().await.unwrap();

    // The desk's tab closed mid-game: the board sees it go; opened again from the site, the
    // desk is where it was, and the board hears it again.
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
    js_until(&c, "return document.querySelectorAll('#calls li').length", |v| v == 21).await;
    assert_eq!(page_record(&c).await, record, "the night reopened as it was left");
    let desk_window = c.window().await.unwrap();
    c.switch_to_window(board_window.clone()).await.unwrap();
    js_until(&c, "return document.getElementById('link').classList.contains('down')", |v| v == false).await;
    c.switch_to_window(desk_window).await.unwrap();
    js(&c, "document.getElementById('entry').focus()").await;
    for _ in 0..4 {
        draw(&c).await;
    }

    // Then the browser killed (SIGKILL, every process of it): started again on the same
    // profile, the desk's address is the night as the last call left it.
    let record = page_record(&c).await;
    let killed = std::process::Command::new("pkill")
        .args(["-KILL", "-f", "--", &format!("user-data-dir={}", profile.display())])
        .status()
        .unwrap();
    assert!(killed.success(), "no browser was killed");
    drop(c);
    let c = browser_keeping(driver_port, &chromium, &downloads, Some(&profile)).await;
    // The site lists the nights this browser keeps; the night's link opens its desk.
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#nights", |t| t.contains("run")).await;
    let before = c.windows().await.unwrap();
    c.find(Locator::Css("#nights a")).await.unwrap().click().await.unwrap();
    new_window(&c, &before).await;
    assert_eq!(c.current_url().await.unwrap(), desk_url);
    desk_ready(&c).await;
    js_until(&c, "return document.querySelectorAll('#calls li').length", |v| v == 25).await;
    assert_eq!(page_record(&c).await, record, "the night reopened as the crash left it");
    js(&c, "document.getElementById('entry').focus()").await;
    while calls(&c).await.len() < 40 {
        draw(&c).await;
    }
    let record = page_record(&c).await;
    let cashup = js(&c, "return housie.api('GET', '/api/cashup?format=text&lang=en').then(r => r.body)").await;

    // The night's log, downloaded and put beside run.json, is the night the native tool reads:
    // the same calls and verdicts, and the same money.
    c.find(Locator::Id("download-log")).await.unwrap().click().await.unwrap();
    downloaded(&downloads, "night.jsonl").await;
    let log = std::fs::read(downloads.join("night.jsonl")).unwrap();
    std::fs::write(d.join("run/night.jsonl"), &log).unwrap();
    let native: Value = serde_json::from_str(&d.run(&["night", "run", "--json"]).success().stdout()).unwrap();
    assert_eq!(native["games"], record["games"], "housie night reads the page's night as the page recorded it");
    assert_eq!(native["games"][0]["calls"].as_array().unwrap().len(), 40);
    let verdicts: Vec<(&str, &str)> = native["games"][0]["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["serial"].as_str().unwrap(), c["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (c_serial.as_str(), "incomplete"),
            (a.serial.as_str(), "stands"),
            (b.serial.as_str(), "missed"),
            (c_serial.as_str(), "refused")
        ],
        "a false claim, one that stands, one missed, and the barred ticket"
    );
    assert_eq!(d.run(&["cashup", "run"]).success().stdout(), cashup.as_str().unwrap(), "the same cash-up");
    d.run(&["verify", "run"]).success();
    c.close().await.unwrap();
}

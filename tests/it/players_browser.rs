//! A game with players' phones, in headless Chromium: a desk, a board and two phone-sized
//! player pages, one following a paper ticket by its typed serial, one a phone-only book by
//! the link `housie export` wrote. The phones mark as numbers are called (the late one after a
//! tap on Catch up), claim, and show the caller's verdict; the board shows how to join (its QR
//! code decoded by zbarimg); a restart of housie loses nothing on the phones.
//!
//! Needs chromium and chromedriver (and zbarimg for the QR code); without them it skips with a
//! reason (and fails under HOUSIE_REQUIRE_TOOLS=1).

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::browser::{
    browser, chromedriver_on_a_free_port, js, js_until, phone, screenshot_dir, text_until, type_focused,
};
use crate::night_api::make_run;
use crate::serving::{exchange, free_port, serve, wait_for_port};
use crate::util::{manifest_rows, run_tool, tool, Dir};

/// Marked cells on a phone, over all its tickets.
async fn marked(phone: &Client) -> Vec<u64> {
    let v =
        js(phone, "return [...document.querySelectorAll('#tickets td.hit')].map(td => Number(td.textContent))").await;
    let mut n: Vec<u64> = v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    n.sort_unstable();
    n
}

async fn marked_until(phone: &Client, want: &[u64]) {
    let mut want = want.to_vec();
    want.sort_unstable();
    let script = "return [...document.querySelectorAll('#tickets td.hit')].map(td => Number(td.textContent)).sort((a, b) => a - b)";
    js_until(phone, script, |v| *v == json!(want)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_zbarimg),
    ignore = "needs chromium, chromedriver and zbarimg (apt-get install chromium chromium-driver zbar-tools)"
)]
async fn phones_follow_mark_and_claim_while_the_desk_settles() {
    let (Some(chromium), Some(chromedriver), Some(zbarimg)) = (tool("chromium"), tool("chromedriver"), tool("zbarimg"))
    else {
        return;
    };
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 12);
    let rows = manifest_rows(&dir.read("run/manifest.csv"));
    let port = free_port();
    // Books 11-12 go to players with no paper: exported, and kept for phones.
    dir.run(&[
        "export",
        "run",
        "--books",
        "11-12",
        "--phone-only",
        "--url",
        &format!("http://127.0.0.1:{port}"),
        "--out",
        "remote",
    ])
    .success();
    let links = dir.read("remote/links.csv");
    let link = links.lines().nth(1).unwrap().rsplit(',').next().unwrap().to_string();
    let (server, url) = serve(&run, port);
    let mut server = Some(server);
    wait_for_port(port, "housie serve");
    let token = url.split("?token=").nth(1).unwrap().to_string();
    let post = |path: &str, body: &str| exchange(port, "POST", path, &token, body).1;
    let (driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let base = format!("http://127.0.0.1:{port}");

    // The board shows where phones join, as text and as a QR code a phone can read.
    let board = browser(driver_port, &chromium, 1280, 720).await;
    board.goto(&format!("{base}/board")).await.unwrap();
    text_until(&board, "#join-url", |t| t == format!("{base}/play")).await;
    // On loopback only, the board says how to open it to the hall, on this server's own port.
    text_until(&board, "#join-local", |t| t.contains(&format!("--listen 0.0.0.0:{port})"))).await;
    js_until(&board, "const i = document.getElementById('join-qr'); return i.complete && i.naturalWidth > 0", |v| {
        *v == json!(true)
    })
    .await;
    let shot = dir.join("board.png");
    std::fs::write(&shot, board.screenshot().await.unwrap()).unwrap();
    let (code, out, err) = run_tool(&zbarimg, &["-q", "--raw", shot.to_str().unwrap()]);
    assert_eq!((code, out.trim()), (0, format!("{base}/play").as_str()), "zbarimg: {err}");

    // Phone A, before the first game: types the serial of its paper ticket.
    let paper = &rows[6]; // book 2, ticket 1
    let a = phone(driver_port, &chromium).await;
    a.goto(&format!("{base}/play")).await.unwrap();
    js_until(&a, "return document.activeElement.id", |v| *v == json!("serial")).await;
    let last = paper.serial.as_bytes()[paper.serial.len() - 1] - b'0';
    let slip = format!("{}{}", &paper.serial[..paper.serial.len() - 1], (last + 1) % 10);
    type_focused(&a, &slip).await; // a slip: the check digit is wrong
                                   // Plain words, no Markdown, and each suggestion once: as a button to tap.
    let refused = text_until(&a, "#find-message", |t| t.contains("Did you mean")).await;
    assert!(!refused.contains('`'), "{refused}");
    assert_eq!(refused.matches(&paper.serial).count(), 1, "{refused}");
    js(
        &a,
        &format!(
            "[...document.querySelectorAll('#find-message button')].find(b => b.textContent === '{}').click()",
            paper.serial
        ),
    )
    .await;
    text_until(&a, "#play-note", |t| t.starts_with("No game has started yet")).await;
    assert_eq!(js(&a, "return document.querySelectorAll('.play-ticket').length").await, json!(6));

    // The desk starts a game of every book and calls the paper ticket's top line.
    let desk = browser(driver_port, &chromium, 1366, 900).await;
    desk.goto(&url).await.unwrap();
    js_until(&desk, "return document.activeElement.id", |v| *v == json!("entry")).await;
    post("/api/games", r#"{"name": "Game 1", "prizes": "uk", "books": "all"}"#);
    text_until(&desk, "#game-name", |t| t.starts_with("Game 1")).await;
    text_until(&a, "#play-game", |t| t == "Game 1").await;
    let top: Vec<u64> = paper.row(0).iter().map(|&n| u64::from(n)).collect();
    for (i, n) in top.iter().enumerate() {
        type_focused(&desk, &n.to_string()).await;
        text_until(&desk, "#last", |t| t == n.to_string()).await;
        marked_until(&a, &top[..=i]).await;
    }
    text_until(&a, "#play-last", |t| t == top[4].to_string()).await;
    assert_eq!(
        js(&a, "return document.getElementById('catch-up').hidden").await,
        json!(true),
        "opened before the first call"
    );
    assert_eq!(text_until(&a, ".play-ticket .to-go", |_| true).await, "10 to go");

    // Phone A claims on its first ticket; the desk sees it queued, `q` checks it: it stands.
    a.find(Locator::Css(".play-ticket .claim-button")).await.unwrap().click().await.unwrap();
    text_until(&a, "#claim-status", |t| t.starts_with(&format!("Your claim for {} is with the caller", paper.serial)))
        .await;
    text_until(&desk, "#phone-queue", |t| t.contains(&paper.serial) && t.contains("paper: check the ticket")).await;
    type_focused(&desk, "q").await;
    text_until(&desk, "#verdict", |t| t.starts_with("STANDS")).await;
    type_focused(&desk, "w").await;
    text_until(&a, "#claim-status", |t| t.starts_with("Your claim stands for one line.")).await;
    text_until(&a, "#play-winners", |t| t.contains(&format!("one line: {}", paper.serial))).await;

    // Phone B opens its link after five calls: nothing marked until Catch up.
    let b = phone(driver_port, &chromium).await;
    b.goto(&link).await.unwrap();
    text_until(&b, "#catch-up", |t| t == "Catch up: mark the 5 numbers called before you opened this page").await;
    assert_eq!(marked(&b).await, Vec::<u64>::new());
    b.find(Locator::Css("#catch-up")).await.unwrap().click().await.unwrap();
    // Every number is in each book once: the five calls are all on book 11's tickets.
    marked_until(&b, &top).await;
    let fresh = (1..=90u64).find(|n| !top.contains(n)).unwrap();
    type_focused(&desk, &fresh.to_string()).await;
    let mut six = top.clone();
    six.push(fresh);
    marked_until(&b, &six).await;
    marked_until(&a, &six).await;

    // Phone B's claim on its second ticket is false; the desk sees it is phone-only.
    let buttons = b.find_all(Locator::Css(".play-ticket .claim-button")).await.unwrap();
    buttons[1].click().await.unwrap();
    let second = rows.iter().find(|r| r.book == 11 && r.ticket == 2).unwrap();
    text_until(&desk, "#phone-queue", |t| t.contains(&second.serial) && t.contains("phone-only")).await;
    // Phone B reloads while its claim waits: it still knows, and still gets the verdict.
    b.refresh().await.unwrap();
    text_until(&b, "#claim-status", |t| t == format!("Your claim for {} is with the caller.", second.serial)).await;
    type_focused(&desk, "q").await;
    text_until(&desk, "#verdict", |t| t.starts_with("NOT COMPLETE")).await;
    text_until(&b, "#claim-status", |t| t.starts_with("Not complete yet.")).await;
    let record = exchange(port, "GET", "/api/state", &token, "").1;
    assert_eq!(record["game"]["claims"][0]["source"], json!("phone 127.0.0.1"));

    // A phone is a phone: 390 pixels wide, nothing wider, the verdict in view without scrolling.
    for p in [&a, &b] {
        assert_eq!(js(p, "return [window.innerWidth, document.documentElement.scrollWidth]").await, json!([390, 390]));
        let bottom = js(p, "return document.getElementById('claim-status').getBoundingClientRect().bottom").await;
        assert!(bottom.as_f64().unwrap() < 844.0, "the claim's status is on screen: {bottom}");
    }
    if let Some(out) = screenshot_dir() {
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("play.png"), a.screenshot().await.unwrap()).unwrap();
    }

    // housie restarts: the phones pick up where they were, marks and all.
    drop(server.take());
    text_until(&a, "#link", |_| true).await;
    let (again, _) = serve(&run, port);
    server = Some(again);
    wait_for_port(port, "housie serve (restarted)");
    let next = (1..=90u64).find(|n| !six.contains(n)).unwrap();
    post("/api/games/1/calls", &format!(r#"{{"number": {next}}}"#));
    let mut seven = six.clone();
    seven.push(next);
    for phone in [&a, &b] {
        let start = std::time::Instant::now();
        while marked(phone).await != {
            let mut s = seven.clone();
            s.sort_unstable();
            s
        } {
            assert!(
                start.elapsed().as_secs() < 15,
                "a phone did not catch up after the restart: {:?}",
                marked(phone).await
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
    // Following another ticket starts from the form, not the one followed last.
    a.find(Locator::Id("other")).await.unwrap().click().await.unwrap();
    js_until(&a, "return [document.getElementById('find').hidden, document.activeElement.id]", |v| {
        *v == json!([false, "serial"])
    })
    .await;
    for c in [a, b, desk, board] {
        c.close().await.unwrap();
    }
    drop(server);
    drop(driver);
}

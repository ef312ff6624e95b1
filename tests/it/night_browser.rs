//! The desk and the board in a real headless Chromium, driven by WebDriver: calls typed on the
//! desk light up on the board in a second window, a claim by serial shows its verdict, and a
//! reload or a `kill -9` and restart of the server show the same state.
//!
//! Needs `chromium` and `chromedriver` (Debian's chromium, chromium-driver); without them the
//! test skips with a reason, and under HOUSIE_REQUIRE_TOOLS=1 it fails instead. With
//! HOUSIE_SCREENSHOTS=DIR it saves the desk and the board there (the pictures in docs/).

use std::time::Instant;

use fantoccini::Locator;

use crate::browser::{
    browser, calls_on_desk, chromedriver_on_a_free_port, count, screenshot_dir, text_until, type_entry,
};
use crate::night_api::make_run;
use crate::serving::{free_port, serve, wait_for_port};
use crate::util::{manifest_rows, tool, Dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_desk_drives_the_board_and_survives_reload_and_kill() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 40);
    let rows = manifest_rows(&dir.read("run/manifest.csv"));

    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let port = free_port();
    let (server, url) = serve(&run, port);
    wait_for_port(port, "housie serve");

    let desk = browser(driver_port, &chromium, 1400, 900).await;
    let board = browser(driver_port, &chromium, 1600, 900).await;
    desk.goto(&url).await.unwrap();
    board.goto(&format!("http://127.0.0.1:{port}/board")).await.unwrap();
    text_until(&board, "#board-game", |t| t == "Waiting for the first game").await;

    // Start a game from the form.
    desk.find(Locator::Css("#game-name-input")).await.unwrap().send_keys("Game 1").await.unwrap();
    desk.find(Locator::Css("#game-books")).await.unwrap().send_keys("1-36").await.unwrap();
    desk.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
    text_until(&desk, "#game-name", |t| t == "Game 1").await;
    text_until(&board, "#board-game", |t| t == "Game 1").await;
    text_until(&board, "#board-prize", |t| t == "Playing for one line").await;

    // Calls typed on the desk light up on the board: the top line of book 3's ticket 4, then one more.
    let ticket = &rows[2 * 6 + 3];
    let top = ticket.row(0);
    let mut calls: Vec<u8> = top[..4].to_vec();
    calls.insert(1, (1..=90).find(|n| !ticket.cells.contains(n)).unwrap());
    let mut latencies = Vec::new();
    for (i, &n) in calls.iter().enumerate() {
        let start = Instant::now();
        type_entry(&desk, &n.to_string()).await;
        text_until(&board, "#board-last", |t| t == n.to_string()).await;
        latencies.push(start.elapsed());
        assert_eq!(count(&board, ".cell.called").await, i + 1);
        text_until(&desk, "#last", |t| t == n.to_string()).await;
    }
    eprintln!("desk keystroke to board update (WebDriver round trips included): {latencies:?}");
    let lit = board.find(Locator::Css(&format!("#n{}", calls[2]))).await.unwrap();
    assert_eq!(lit.attr("class").await.unwrap().as_deref(), Some("cell called"));

    // A claim before the line is complete, then on the completing call.
    type_entry(&desk, &ticket.serial).await;
    text_until(&desk, "#verdict", |t| t == "NOT COMPLETE").await;
    let text = text_until(&desk, "#claim .verdict-text", |t| !t.is_empty()).await;
    assert_eq!(text, format!("NOT COMPLETE: one line needs 1 more: {}", top[4]));
    type_entry(&desk, &top[4].to_string()).await;
    text_until(&board, "#board-last", |t| t == top[4].to_string()).await;
    type_entry(&desk, &ticket.serial).await;
    text_until(&desk, "#verdict", |t| t == "STANDS").await;
    assert_eq!(count(&desk, "table.ticket td.hit").await, 5);
    if let Some(out) = screenshot_dir() {
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("desk.png"), desk.screenshot().await.unwrap()).unwrap();
        std::fs::write(out.join("board.png"), board.screenshot().await.unwrap()).unwrap();
    }

    calls.push(top[4]);
    let expected: Vec<String> = calls.iter().map(u8::to_string).collect();

    // A mistyped serial is refused with the serial it should have been.
    let mut typo = ticket.serial.clone();
    let check = typo.pop().unwrap();
    typo.push(if check == '9' { '0' } else { (check as u8 + 1) as char });
    type_entry(&desk, &typo).await;
    text_until(&desk, "#claim .verdict-text", |t| t.contains("fails its check digit")).await;
    let mut offered = Vec::new();
    for b in desk.find_all(Locator::Css(".suggestion")).await.unwrap() {
        offered.push(b.text().await.unwrap());
    }
    assert!(offered.contains(&ticket.serial), "{offered:?}");

    // A number called twice is refused on the desk and changes nothing.
    type_entry(&desk, &calls[0].to_string()).await;
    text_until(&desk, "#message", |t| t.contains("was already called (call 1)")).await;
    assert_eq!(count(&board, ".cell.called").await, calls.len());

    // Reload: the same state.
    desk.refresh().await.unwrap();
    text_until(&desk, "#last", |t| t == top[4].to_string()).await;
    assert_eq!(calls_on_desk(&desk).await, expected);

    // kill -9, restart on the same port: the same state, and the board follows again.
    drop(server);
    let (_server, url2) = serve(&run, port);
    assert_eq!(url2, url, "the token survives a restart");
    wait_for_port(port, "housie serve (restarted)");
    desk.goto(&url).await.unwrap();
    text_until(&desk, "#last", |t| t == top[4].to_string()).await;
    assert_eq!(calls_on_desk(&desk).await, expected);
    text_until(&desk, "#watch th[scope=row]", |t| t == "one line").await;
    let next = (1..=90).find(|n| !calls.contains(n)).unwrap();
    type_entry(&desk, &next.to_string()).await;
    text_until(&board, "#board-last", |t| t == next.to_string()).await;
    assert_eq!(count(&board, ".cell.called").await, calls.len() + 1);

    desk.close().await.unwrap();
    board.close().await.unwrap();
}

/// A run of booklets on the desk: the new-game form asks for the booklets sold and the game,
/// and a ticket from another game's page is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_desk_plays_a_game_of_booklets() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let dir = Dir::new();
    let run = dir.join("run");
    let settings = housie_core::Settings { games: Some(8), ..crate::util::books(4 * 8) };
    crate::util::generate(&crate::util::plan("desk booklets", settings), &run, &|_| {}).unwrap();
    let rows = manifest_rows(&dir.read("run/manifest.csv"));

    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let port = free_port();
    let (_server, url) = serve(&run, port);
    wait_for_port(port, "housie serve");
    let desk = browser(driver_port, &chromium, 1400, 900).await;
    desk.goto(&url).await.unwrap();

    text_until(&desk, "#game-books-label", |t| t == "Booklets sold").await;
    let game = desk.find(Locator::Css("#game-number")).await.unwrap();
    assert!(game.is_displayed().await.unwrap(), "the game of each booklet is asked for");
    desk.find(Locator::Css("#game-name-input")).await.unwrap().send_keys("Game 3").await.unwrap();
    desk.find(Locator::Css("#game-books")).await.unwrap().send_keys("1-3").await.unwrap();
    game.send_keys("3").await.unwrap();
    desk.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
    text_until(&desk, "#game-name", |t| t == "Game 3 · the Lime page").await;
    text_until(&desk, "#games", |t| t.contains("booklets 1-3, game 3")).await;
    // The board tells the hall which page to play.
    let board = browser(driver_port, &chromium, 1600, 900).await;
    board.goto(&format!("http://127.0.0.1:{port}/board")).await.unwrap();
    text_until(&board, "#board-game", |t| t == "Game 3 · the Lime page").await;
    board.close().await.unwrap();

    // Game 3's page of booklet 2 completes its top line; game 4's page of the same booklet is refused.
    let mine = rows.iter().find(|r| r.booklet == 2 && r.game == 3).unwrap();
    for n in mine.row(0) {
        type_entry(&desk, &n.to_string()).await;
        text_until(&desk, "#last", |t| t == n.to_string()).await;
    }
    type_entry(&desk, &mine.serial).await;
    text_until(&desk, "#verdict", |t| t == "STANDS").await;
    let other = rows.iter().find(|r| r.booklet == 2 && r.game == 4).unwrap();
    type_entry(&desk, &other.serial).await;
    let text = text_until(&desk, "#claim .verdict-text", |t| t.contains("is for game 4")).await;
    assert_eq!(
        text,
        format!(
            "REFUSED: {} is for game 4 of its booklet (the Green page); Game 3 plays game 3 (the Lime page)",
            other.serial
        )
    );
    desk.close().await.unwrap();
}

/// A board opened while every stream place is taken is answered 503; EventSource gives up on
/// that, so the page connects anew with backoff, and once a place is free it is connected and
/// shows the game. The server runs with 80 open files: 16 connections, 8 of them streams.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn a_board_refused_a_stream_connects_once_a_place_is_free() {
    use std::io::{BufRead, BufReader, Read, Write};
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 4);
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let port = free_port();
    let housie = assert_cmd::cargo::cargo_bin("housie");
    let mut child = std::process::Command::new("sh")
        .args(["-c", &format!("ulimit -n 80 && exec '{}' serve run --listen 127.0.0.1:{port}", housie.display())])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
    let _server = crate::serving::Process(child);
    wait_for_port(port, "housie serve");
    let token = url.trim().split("?token=").nth(1).unwrap().to_string();
    crate::serving::exchange(port, "POST", "/api/games", &token, r#"{"name": "Game 1", "prizes": "uk"}"#);
    crate::serving::exchange(port, "POST", "/api/games/1/calls", &token, r#"{"number": 42}"#);

    // Every stream place taken.
    let mut held = Vec::new();
    while held.len() < 20 {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(format!("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes()).unwrap();
        let mut head = [0u8; 12];
        s.read_exact(&mut head).unwrap();
        if &head == b"HTTP/1.1 503" {
            break;
        }
        assert_eq!(&head, b"HTTP/1.1 200", "{}", String::from_utf8_lossy(&head));
        held.push(s);
    }
    assert_eq!(held.len(), 8, "the server keeps 8 stream places at 80 open files");

    let board = browser(driver_port, &chromium, 1280, 720).await;
    board.goto(&format!("http://127.0.0.1:{port}/board")).await.unwrap();
    let label = "return document.getElementById('link').getAttribute('aria-label')";
    crate::browser::js_until(&board, label, |v| v == "not connected to housie").await;
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert_eq!(crate::browser::js(&board, label).await, "not connected to housie", "still refused");
    drop(held);
    // The next try (within 1 + 2 + 4 s of backoff) gets a place, and the page catches up.
    crate::browser::js_until(&board, label, |v| v == "connected to housie").await;
    text_until(&board, "#board-last", |t| t == "42").await;
}

//! The caller's desk and the board for a full hall, in headless Chromium: the box keeps the
//! keyboard after every action (the next number typed is the next number called), any number
//! of boards share one connection, the board's sizes measured from element boxes, the voice,
//! auto-call, a number kept when housie is down, and a Tambola game by keyboard.
//!
//! Needs chromium and chromedriver; without them each test skips with a reason (and fails
//! under HOUSIE_REQUIRE_TOOLS=1).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::browser::{
    browser, chromedriver_on_a_free_port, js, js_until, press, screenshot_dir, text_until, type_focused, Driver,
};
use crate::night_api::make_run;
use crate::serving::{exchange, free_port, serve, wait_for_port, Process};
use crate::util::{manifest_rows, tool, Dir, Row};

/// A served run, chromedriver, and what a test needs to open pages.
pub struct Hall {
    pub dir: Dir,
    run: PathBuf,
    pub rows: Vec<Row>,
    pub port: u16,
    pub url: String,
    server: Option<Process>,
    chromium: PathBuf,
    driver_port: u16,
    _driver: Driver,
}

impl Hall {
    pub async fn open(books: u64) -> Option<Hall> {
        let dir = Dir::new();
        make_run(&dir.join("run"), books);
        Hall::over(dir).await
    }

    /// The hall of the run already made in `dir`'s `run` folder.
    pub async fn over(dir: Dir) -> Option<Hall> {
        let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return None };
        let run = dir.join("run");
        let rows = manifest_rows(&dir.read("run/manifest.csv"));
        let (driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
        let port = free_port();
        let (server, url) = serve(&run, port);
        wait_for_port(port, "housie serve");
        Some(Hall { dir, run, rows, port, url, server: Some(server), chromium, driver_port, _driver: driver })
    }

    pub async fn page(&self, path: &str, width: u32, height: u32) -> Client {
        let c = browser(self.driver_port, &self.chromium, width, height).await;
        let url = if path == "desk" { self.url.clone() } else { format!("http://127.0.0.1:{}{path}", self.port) };
        c.goto(&url).await.unwrap();
        c
    }

    pub async fn desk(&self) -> Client {
        let desk = self.page("desk", 1366, 900).await;
        text_until(&desk, "#link", |_| true).await;
        js_until(&desk, "return document.activeElement.id", |v| v == "entry").await;
        desk
    }

    pub fn token(&self) -> &str {
        self.url.split("?token=").nth(1).unwrap()
    }

    /// A reading through the API, with the caller's token.
    pub fn get(&self, path: &str) -> Value {
        exchange(self.port, "GET", path, self.token(), "").1
    }

    /// A change through the API, as another desk would make it.
    pub fn post(&self, path: &str, body: &str) -> Value {
        exchange(self.port, "POST", path, self.token(), body).1
    }
}

/// Starts a game from the desk's form: name, prize set, books; the form hands the keyboard back.
pub async fn start_game(desk: &Client, name: &str, prizes: &str, books: &str, bogey: bool) {
    desk.find(Locator::Css("#game-name-input")).await.unwrap().send_keys(name).await.unwrap();
    js_until(desk, "return document.querySelectorAll('#game-prizes option').length", |v| v.as_u64() > Some(1)).await;
    js(desk, &format!("const s = document.getElementById('game-prizes'); s.value = '{prizes}'; s.dispatchEvent(new Event('change'));")).await;
    desk.find(Locator::Css("#game-books")).await.unwrap().send_keys(books).await.unwrap();
    if bogey {
        desk.find(Locator::Css("#game-bogey")).await.unwrap().click().await.unwrap();
    }
    desk.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
    text_until(desk, "#game-name", |t| t.starts_with(name)).await;
    js_until(desk, "return document.activeElement.id", |v| v == "entry").await;
}

async fn calls(desk: &Client) -> Vec<u64> {
    let v = js(desk, "return [...document.querySelectorAll('#calls li')].map(li => Number(li.textContent))").await;
    v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect()
}

/// Types `n` into whatever has the focus and checks it became the last call, and the only new one.
async fn next_number_is_called(desk: &Client, n: u8, after: &str) {
    let before = calls(desk).await;
    type_focused(desk, &n.to_string()).await;
    text_until(desk, "#last", |t| t == n.to_string()).await;
    let now = calls(desk).await;
    let mut want = before.clone();
    want.push(u64::from(n));
    assert_eq!(now, want, "after {after}, typing {n} and Enter called {n} and nothing else");
    let focus = js(desk, "return document.activeElement.id").await;
    assert_eq!(focus, "entry", "after {after}");
}

async fn click(desk: &Client, id: &str) {
    desk.find(Locator::Id(id)).await.unwrap().click().await.unwrap();
}

/// The focus rule: after every button and command, the next number typed is called.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn every_action_hands_the_keyboard_back_to_the_box() {
    let Some(hall) = Hall::open(24).await else { return };
    let desk = hall.desk().await;
    start_game(&desk, "Game 1", "uk", "all", false).await;
    let ticket = &hall.rows[3];
    let (top, middle) = (ticket.row(0), ticket.row(1));
    // A number off the ticket not called yet (nor just drawn and undone).
    let fresh = |used: &[u64], avoid: u8| {
        (1..=90).find(|n| !ticket.cells.contains(n) && !used.contains(&u64::from(*n)) && *n != avoid).unwrap()
    };
    next_number_is_called(&desk, fresh(&[], 0), "starting a game").await;
    let count = calls(&desk).await.len();
    click(&desk, "draw").await;
    js_until(&desk, &format!("return document.querySelectorAll('#calls li').length === {}", count + 1), |v| v == true)
        .await;
    let drawn = *calls(&desk).await.last().unwrap() as u8;
    click(&desk, "undo").await;
    js_until(&desk, &format!("return document.querySelectorAll('#calls li').length === {count}"), |v| v == true).await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "Draw, then Undo").await;
    type_focused(&desk, "d").await;
    js_until(&desk, "return document.querySelector('#message').textContent", |v| {
        v.as_str().unwrap_or("").contains("drawn by housie")
    })
    .await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "the command d").await;

    // A mistyped serial: the right one is offered first; taking it hands the keyboard back.
    let mut typo = ticket.serial.clone();
    let last = typo.pop().unwrap();
    typo.push(if last == '9' { '0' } else { (last as u8 + 1) as char });
    type_focused(&desk, &typo).await;
    let first = text_until(&desk, ".suggestion", |t| !t.is_empty()).await;
    assert_eq!(first, ticket.serial, "the likeliest serial comes first");
    click_first(&desk, ".suggestion").await;
    text_until(&desk, "#claim .verdict-text", |t| t.contains(&ticket.serial) || t.starts_with("NOT COMPLETE")).await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "a did-you-mean button").await;

    // The ticket's top line, then its claim stands; the button records the win.
    call_all(&desk, &top).await;
    type_focused(&desk, &ticket.serial).await;
    text_until(&desk, "#verdict", |t| t == "STANDS").await;
    click(&desk, "win").await;
    text_until(&desk, "#message", |t| t.starts_with(&format!("Won by {}: one line", ticket.serial))).await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "The claim shown won").await;

    // Two lines: the middle row; `w` records it and the button takes it back.
    call_all(&desk, &middle).await;
    type_focused(&desk, &ticket.serial).await;
    text_until(&desk, "#verdict", |t| t == "STANDS").await;
    type_focused(&desk, "w").await;
    text_until(&desk, "#message", |t| t.contains("two lines")).await;
    click(&desk, "reopen").await;
    text_until(&desk, "#message", |t| t == "Took back the last win of two lines").await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "Take back the last win").await;

    click(&desk, "next-prize").await;
    text_until(&desk, "#message", |t| t.starts_with("Moved on: now playing for full house")).await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "Move on from the prize").await;

    // End game asks twice; a number in between is a number, and the game goes on.
    click(&desk, "end").await;
    text_until(&desk, "#message", |t| t.starts_with("Type end again")).await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "End game, once").await;

    click(&desk, "open-board").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let windows = desk.windows().await.unwrap();
    desk.switch_to_window(windows[0].clone()).await.unwrap();
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "Open the board").await;

    // A key pressed with the focus elsewhere (on the page's body) goes to the box.
    js(&desk, "document.activeElement.blur(); document.body.focus();").await;
    next_number_is_called(&desk, fresh(&calls(&desk).await, drawn), "a click on the page").await;
}

/// Calls each of `numbers` not called yet, typed into the box.
async fn call_all(desk: &Client, numbers: &[u8]) {
    for &n in numbers {
        if !calls(desk).await.contains(&u64::from(n)) {
            type_focused(desk, &n.to_string()).await;
            text_until(desk, "#last", |t| t == n.to_string()).await;
        }
    }
}

async fn click_first(c: &Client, css: &str) {
    c.find(Locator::Css(css)).await.unwrap().click().await.unwrap();
}

/// Ten board tabs in one browser share one event stream: the desk in the same browser keeps
/// answering, and every board shows every call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn ten_boards_and_the_desk_share_one_browser() {
    let Some(hall) = Hall::open(6).await else { return };
    let desk = hall.desk().await;
    start_game(&desk, "Game 1", "uk", "all", false).await;
    let home = desk.window().await.unwrap();
    let mut boards = Vec::new();
    for _ in 0..10 {
        let tab = desk.new_window(true).await.unwrap();
        desk.switch_to_window(tab.handle.clone()).await.unwrap();
        desk.goto(&format!("http://127.0.0.1:{}/board", hall.port)).await.unwrap();
        text_until(&desk, "#board-game", |t| t == "Game 1").await;
        boards.push(tab.handle);
    }
    desk.switch_to_window(home).await.unwrap();
    let mut slowest = Duration::ZERO;
    for n in [7u8, 19, 33, 48, 61, 75, 89] {
        let start = Instant::now();
        desk.find(Locator::Css("#entry")).await.unwrap().send_keys(&format!("{n}\n")).await.unwrap();
        text_until(&desk, "#last", |t| t == n.to_string()).await;
        slowest = slowest.max(start.elapsed());
    }
    assert!(slowest < Duration::from_secs(2), "with ten boards open the desk took {slowest:?}");
    for tab in boards {
        desk.switch_to_window(tab).await.unwrap();
        text_until(&desk, "#board-last", |t| t == "89").await;
        assert_eq!(js(&desk, "return document.querySelectorAll('.cell.called').length").await, 7);
    }
    eprintln!("ten boards open: the slowest of 7 calls typed on the desk showed in {slowest:?}");
}

/// Fraction of the window's height an element's box takes.
async fn height_share(c: &Client, css: &str) -> f64 {
    js(c, &format!("const r = document.querySelector('{css}').getBoundingClientRect(); return r.height / innerHeight"))
        .await
        .as_f64()
        .unwrap()
}

/// Sizes read from the back row, at 1920 × 1080 and 1280 × 720; the commitment before the
/// first call, the seed after the game; called numbers by weight and ring, announced.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_board_reads_from_the_back_row() {
    let Some(hall) = Hall::open(6).await else { return };
    let created = hall.post("/api/games", r#"{"name": "Game 1", "prizes": "tambola"}"#);
    assert_eq!(created["id"], 1, "{created}");
    for (w, h) in [(1920, 1080), (1280, 720)] {
        let board = hall.page("/board", w, h).await;
        text_until(&board, "#board-game", |t| t == "Game 1").await;
        let state = exchange(hall.port, "GET", "/api/state", hall.token(), "").1;
        let commitment = text_until(&board, "#board-commit", |t| t.contains("SHA-256")).await;
        let hex: String = commitment.lines().skip(1).collect::<Vec<_>>().join("").replace(' ', "");
        if let Some(c) = state["game"]["commitment"].as_str() {
            assert_eq!(hex, c, "the whole commitment before the first call");
        }
        assert_eq!(hex.len(), 64);
        board.close().await.unwrap();
    }
    for n in [22u8, 5, 71, 38, 64, 12] {
        hall.post("/api/games/1/calls", &format!(r#"{{"number": {n}}}"#));
    }
    for (w, h) in [(1920, 1080), (1280, 720)] {
        let board = hall.page("/board", w, h).await;
        text_until(&board, "#board-last", |t| t == "12").await;
        let last = height_share(&board, "#board-last").await;
        let number = height_share(&board, "#n45 span").await;
        let game = height_share(&board, "#board-game").await;
        let prize = height_share(&board, "#board-prize").await;
        let recent = height_share(&board, "#board-recent li").await;
        eprintln!("board at {w}×{h}: last call {last:.3}, numbers {number:.3}, header {game:.3}/{prize:.3}, recent {recent:.3} of the height");
        assert!(last >= 0.25, "the last call at {w}×{h}: {last}");
        assert!(number >= 0.06, "the numbers at {w}×{h}: {number}");
        assert!(game >= 0.05 && prize >= 0.05 && recent >= 0.05, "{w}×{h}: {game} {prize} {recent}");
        let recent =
            js(&board, "return [...document.querySelectorAll('#board-recent li')].map(li => li.textContent).join(' ')")
                .await;
        assert_eq!(recent, "64 38 71 5 22");
        // Called and not called differ by weight and a ring, not by colour alone.
        let style = |n: u8| {
            format!("const s = getComputedStyle(document.getElementById('n{n}')); return [s.fontWeight, s.boxShadow !== 'none']")
        };
        assert_eq!(js(&board, &style(22)).await, serde_json::json!(["900", true]));
        assert_eq!(js(&board, &style(23)).await, serde_json::json!(["400", false]));
        // Landmarks, a heading, and each call announced.
        assert_eq!(js(&board, "return [!!document.querySelector('main'), !!document.querySelector('header'), !!document.querySelector('h1')]").await, serde_json::json!([true, true, true]));
        hall.post("/api/games/1/calls", r#"{"number": 90}"#);
        text_until(&board, "#announce", |t| t == "Number 90").await;
        hall.post("/api/games/1/undo", "");
        text_until(&board, "#board-last", |t| t == "12").await;
        if (w, h) == (1920, 1080) {
            if let Some(out) = screenshot_dir() {
                std::fs::create_dir_all(&out).unwrap();
                std::fs::write(out.join("board.png"), board.screenshot().await.unwrap()).unwrap();
            }
        }
        board.close().await.unwrap();
    }
    let ended = hall.post("/api/games/1/end", "");
    let board = hall.page("/board", 1280, 720).await;
    let seed = text_until(&board, "#board-commit", |t| t.starts_with("The draw's seed")).await;
    let hex: String = seed.lines().skip(1).collect::<Vec<_>>().join("").replace(' ', "");
    assert_eq!(hex, ended["seed"].as_str().unwrap_or_default(), "the seed revealed in full");
}

/// The board speaks each new call with its call name; the list is chosen per browser and
/// remembered; with no voice installed the board says so plainly. The desk stays quiet unless
/// its own voice is turned on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_board_speaks_each_call_with_its_name() {
    let Some(hall) = Hall::open(6).await else { return };
    hall.post("/api/games", r#"{"name": "Game 1"}"#);
    let board = hall.page("/board", 1280, 720).await;
    text_until(&board, "#board-game", |t| t == "Game 1").await;
    js_until(&board, "return document.querySelectorAll('#voice-list-board option').length", |v| v.as_u64() >= Some(3))
        .await;
    hall.post("/api/games/1/calls", r#"{"number": 22}"#);
    js_until(&board, "return window.housieSpoken", |v| v == &serde_json::json!(["Two little ducks, 22"])).await;
    let note = js(&board, "return document.getElementById('voice-note-board').textContent").await;
    assert_eq!(note, "No voice is installed on this computer, so the calls cannot be spoken here.");
    // The panel: `v` opens it; `v` closes it even from its own list; Escape closes it too.
    let panel_open = "return !document.getElementById('voice').hidden";
    press(&board, "v").await;
    js_until(&board, panel_open, |v| v == true).await;
    js(&board, "document.getElementById('voice-list-board').focus()").await;
    press(&board, "v").await;
    js_until(&board, panel_open, |v| v == false).await;
    assert_eq!(js(&board, "return document.activeElement === document.body").await, true, "the focus left the panel");
    press(&board, "v").await;
    js_until(&board, panel_open, |v| v == true).await;
    js(&board, "document.getElementById('voice-list-board').focus()").await;
    press(&board, "\u{e00c}").await; // Escape
    js_until(&board, panel_open, |v| v == false).await;
    // Another list, kept after a reload.
    js(&board, "const s = document.getElementById('voice-list-board'); s.value = 'tambola'; s.dispatchEvent(new Event('change'));").await;
    board.refresh().await.unwrap();
    text_until(&board, "#board-last", |t| t == "22").await;
    js_until(&board, "return document.getElementById('voice-list-board').value", |v| v == "tambola").await;
    hall.post("/api/games/1/calls", r#"{"number": 66}"#);
    js_until(&board, "return window.housieSpoken", |v| {
        v == &serde_json::json!(["Chhakke pe chhakka, chhiyaasath, 66"])
    })
    .await;
    let desk = hall.desk().await;
    text_until(&desk, "#last", |t| t == "66").await;
    hall.post("/api/games/1/calls", r#"{"number": 7}"#);
    text_until(&desk, "#last", |t| t == "7").await;
    assert_eq!(js(&desk, "return window.housieSpoken").await, serde_json::json!([]), "the desk is quiet by default");
}

/// Auto-call: an interval outside 3–60 s is refused; housie draws on its own; typing a serial
/// pauses it; space resumes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn auto_call_draws_and_waits_for_a_claim() {
    let Some(hall) = Hall::open(6).await else { return };
    let desk = hall.desk().await;
    start_game(&desk, "Game 1", "uk", "all", false).await;
    js(&desk, "document.getElementById('auto-seconds').value = '2'").await;
    type_focused(&desk, "a").await;
    text_until(&desk, "#message", |t| t.starts_with("Auto-call draws every 3 to 60 seconds")).await;
    assert_eq!(js(&desk, "return document.getElementById('auto-state').textContent").await, "");
    js(&desk, "document.getElementById('auto-seconds').value = '3'").await;
    type_focused(&desk, "a").await;
    text_until(&desk, "#auto-state", |t| t.starts_with("Next draw in")).await;
    js_until(&desk, "return document.querySelectorAll('#calls li.drawn').length", |v| v.as_u64() >= Some(1)).await;
    // A serial being typed (here scanned: three digits in) pauses it.
    press(&desk, "000").await;
    text_until(&desk, "#auto-state", |t| t.starts_with("Paused (a claim is being typed)")).await;
    let paused_at = js(&desk, "return document.querySelectorAll('#calls li').length").await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_eq!(
        js(&desk, "return document.querySelectorAll('#calls li').length").await,
        paused_at,
        "no draw while paused"
    );
    js(&desk, "document.getElementById('entry').value = ''").await;
    press(&desk, " ").await;
    text_until(&desk, "#auto-state", |t| t.starts_with("Next draw in")).await;
    let n = paused_at.as_u64().unwrap();
    js_until(&desk, "return document.querySelectorAll('#calls li').length", |v| v.as_u64() > Some(n)).await;
    type_focused(&desk, "a").await;
    text_until(&desk, "#auto-state", |t| t.is_empty()).await;
}

/// A number typed while housie is down stays in the box, marked; Enter sends it once it is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn a_number_typed_while_housie_is_down_is_kept() {
    let Some(mut hall) = Hall::open(6).await else { return };
    let desk = hall.desk().await;
    start_game(&desk, "Game 1", "uk", "all", false).await;
    drop(hall.server.take());
    type_focused(&desk, "23").await;
    text_until(&desk, "#message", |t| t.starts_with("Not sent: housie did not answer. “23” is still in the box")).await;
    assert_eq!(
        js(&desk, "const e = document.getElementById('entry'); return [e.value, e.className]").await,
        serde_json::json!(["23", "unsent"])
    );
    let (server, _) = serve(&hall.run, hall.port);
    hall.server = Some(server);
    wait_for_port(hall.port, "housie serve (restarted)");
    type_focused(&desk, "").await;
    text_until(&desk, "#last", |t| t == "23").await;
    let _ = &hall.dir;
}

/// A Tambola game by keyboard: every prize open at once, so a bottom line stands at the call
/// that completed it while top line is unwon; the caller records it with `w`; under the bogey
/// rule a false claim bars its ticket, and `unbar` lifts the bar.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn a_tambola_game_by_keyboard() {
    let Some(hall) = Hall::open(12).await else { return };
    let desk = hall.desk().await;
    start_game(&desk, "Tambola", "tambola", "all", true).await;
    text_until(&desk, "#plan", |t| t.to_lowercase().contains("likely winning calls")).await;
    let ticket = &hall.rows[8];
    let bottom = ticket.row(2);
    for &n in &bottom {
        type_focused(&desk, &n.to_string()).await;
        text_until(&desk, "#last", |t| t == n.to_string()).await;
    }
    type_focused(&desk, &ticket.serial).await;
    let verdict = text_until(&desk, "#claim .verdict-text", |t| t.starts_with("STANDS")).await;
    assert!(verdict.contains("bottom line"), "{verdict}");
    type_focused(&desk, "w").await;
    text_until(&desk, "#message", |t| t.starts_with(&format!("Won by {}:", ticket.serial))).await;
    text_until(&desk, "#prizes", |t| t.contains(&format!("bottom line · won · at call 5 by {}", ticket.serial))).await;
    // The winner's serial is a span that never breaks across lines.
    let span = js(&desk, "const s = document.querySelector('#prizes .serial'); return s && [s.textContent, getComputedStyle(s).whiteSpace]").await;
    assert_eq!(span, json!([ticket.serial, "nowrap"]));
    // A false claim under the bogey rule.
    let liar = &hall.rows[20];
    type_focused(&desk, &liar.serial).await;
    text_until(&desk, "#claim .verdict-text", |t| t.contains("BOGEY")).await;
    type_focused(&desk, &liar.serial).await;
    text_until(&desk, "#claim .verdict-text", |t| t.contains("made a false claim at call 5")).await;
    text_until(&desk, "#barred", |t| t.contains(&liar.serial)).await;
    // The caller lifts the bar: the ticket may claim again.
    type_focused(&desk, &format!("unbar {}", liar.serial)).await;
    text_until(&desk, "#message", |t| t == format!("{} may claim again this game", liar.serial)).await;
    assert_eq!(js(&desk, "return document.getElementById('barred').hidden").await, true);
    if let Some(out) = screenshot_dir() {
        type_focused(&desk, &ticket.serial).await;
        text_until(&desk, "#verdict", |_| true).await;
        std::fs::write(out.join("desk.png"), desk.screenshot().await.unwrap()).unwrap();
    }
}

/// The night's money on the desk, keyboard only: paper given to a seller, sold (by Enter in the
/// sales form, which keeps the keyboard for the next sale), a claim that stands paid with
/// `pay 20` and then voided with `void N why`, and the cash-up line and the API's cash-up
/// agreeing to the penny.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn sales_and_a_prize_paid_from_the_desk() {
    let Some(hall) = Hall::open(12).await else { return };
    let desk = hall.desk().await;
    let kind = |v: &str| {
        format!(
            "const s = document.getElementById('sale-kind'); s.value = '{v}'; s.dispatchEvent(new Event('change'));"
        )
    };
    js(&desk, &kind("issued")).await;
    desk.find(Locator::Css("#sale-seller")).await.unwrap().send_keys("Ann").await.unwrap();
    desk.find(Locator::Css("#sale-units")).await.unwrap().send_keys("1-6\u{e007}").await.unwrap();
    content_until(&desk, "message", |t| t == "Given to Ann: 1-6").await;
    js(&desk, &kind("sold")).await;
    assert_eq!(js(&desk, "return document.getElementById('sale-price-label').hidden").await, false);
    desk.find(Locator::Css("#sale-price")).await.unwrap().send_keys("5.00").await.unwrap();
    desk.find(Locator::Css("#sale-units")).await.unwrap().send_keys("1-4\u{e007}").await.unwrap();
    content_until(&desk, "cashup", |t| t.starts_with("Sold 4 books · takings £20.00")).await;
    // The form keeps the keyboard for the next sale; Escape hands it back to the box.
    assert_eq!(js(&desk, "return document.activeElement.id").await, "sale-units");
    // A barcode scanner types a ticket's serial and Enter: its book is sold.
    type_focused(&desk, "5-6").await;
    content_until(&desk, "cashup", |t| t.starts_with("Sold 6 books · takings £30.00")).await;
    js(&desk, &kind("issued")).await;
    desk.find(Locator::Css("#sale-seller")).await.unwrap().clear().await.unwrap();
    desk.find(Locator::Css("#sale-seller")).await.unwrap().send_keys("Bob").await.unwrap();
    type_focused_in(&desk, "sale-units", "7-9").await;
    // The desk's answer clears the field; the next sale is typed once it has come (on two busy
    // cores it once came after the next keystrokes, and they were typed after "7-9").
    content_until(&desk, "message", |t| t == "Given to Bob: 7-9").await;
    js(&desk, &kind("sold")).await;
    let serial = &hall.rows[6 * 8].serial; // book 9's first ticket
    type_focused_in(&desk, "sale-units", serial).await;
    content_until(&desk, "message", |t| t == "Sold 9").await;
    // The answer is beside the form too, where the treasurer is looking.
    content_until(&desk, "sale-result", |t| t == "Sold 9").await;
    content_until(&desk, "cashup", |t| t.starts_with("Sold 7 books · takings £35.00")).await;
    // A refused sale keeps what was typed and says why beside the form.
    type_focused_in(&desk, "sale-units", "9").await;
    content_until(&desk, "sale-result", |t| t.contains("9") && t != "Sold 9").await;
    assert_eq!(js(&desk, "return document.getElementById('sale-units').value").await, "9");
    assert_eq!(js(&desk, "return document.getElementById('sale-result').className").await, "form-result bad");
    js(&desk, "document.getElementById('sale-units').value = ''").await;
    // Taken back by its range, saying why, and sold again.
    js(&desk, &kind("voided")).await;
    assert_eq!(js(&desk, "return document.getElementById('sale-why-label').hidden").await, false);
    // Without why, asked for beside its field, nothing sent.
    type_focused_in(&desk, "sale-units", "9").await;
    content_until(&desk, "sale-result", |t| t.starts_with("Say why the sale is taken back")).await;
    js_until(&desk, "return document.activeElement.id", |v| v == "sale-why").await;
    js(&desk, "document.getElementById('sale-units').value = ''").await;
    js(&desk, "document.getElementById('sale-why').value = 'sold twice'").await;
    type_focused_in(&desk, "sale-units", "9").await;
    content_until(&desk, "message", |t| t == "Sale taken back: 9").await;
    content_until(&desk, "cashup", |t| t.starts_with("Sold 6 books · takings £30.00")).await;
    js(&desk, &kind("sold")).await;
    type_focused_in(&desk, "sale-units", serial).await;
    content_until(&desk, "cashup", |t| t.starts_with("Sold 7 books · takings £35.00")).await;
    press(&desk, "\u{e00c}").await; // Escape
    js_until(&desk, "return document.activeElement.id", |v| v == "entry").await;

    start_game(&desk, "Game 1", "uk", "1-6", false).await;
    let ticket = &hall.rows[2];
    for n in ticket.row(0) {
        type_focused(&desk, &n.to_string()).await;
        text_until(&desk, "#last", |t| t == n.to_string()).await;
    }
    type_focused(&desk, &ticket.serial).await;
    text_until(&desk, "#claim", |t| t.contains("STANDS")).await;
    type_focused(&desk, "pay 20").await;
    content_until(&desk, "message", |t| t.starts_with("Paid £20.00 to")).await;
    content_until(&desk, "cashup", |t| t.contains("prizes paid £20.00 · cash expected £15.00 · missing 7-8")).await;
    if let Some(out) = screenshot_dir() {
        std::fs::create_dir_all(&out).unwrap();
        js(&desk, "document.getElementById('sales-label').scrollIntoView({block: 'center'})").await;
        std::fs::write(out.join("sales.png"), desk.screenshot().await.unwrap()).unwrap();
    }
    let cashup = hall.get("/api/cashup");
    assert_eq!((cashup["takings"].as_str(), cashup["balance"].as_str()), (Some("35.00"), Some("15.00")), "{cashup}");
    assert_eq!(cashup["payouts"][0]["serial"], ticket.serial.as_str());
    // Paid once: a second `pay` is refused, with the reason.
    type_focused(&desk, "pay 20").await;
    content_until(&desk, "message", |t| t.starts_with("one line in Game 1") || t.contains("already paid")).await;
    // Paid in error: voided with its reason, never edited; the cash-up line follows.
    let entry = cashup["payouts"][0]["entry"].as_u64().unwrap();
    type_focused(&desk, &format!("void {entry} paid twice by mistake")).await;
    content_until(&desk, "message", |t| t == format!("Entry {entry} voided: paid twice by mistake.")).await;
    content_until(&desk, "cashup", |t| t.contains("prizes paid £0.00")).await;
    assert_eq!(hall.get("/api/cashup")["payouts"][0]["voided"], "paid twice by mistake");
}

/// Polls an element's text content (scrolled out of view or not) until `want` accepts it.
async fn content_until(c: &Client, id: &str, want: impl Fn(&str) -> bool) -> String {
    let v =
        js_until(c, &format!("return document.getElementById('{id}').textContent"), |v| want(v.as_str().unwrap_or("")))
            .await;
    v.as_str().unwrap_or("").to_string()
}

/// Types `text` and Enter into the field `id`.
async fn type_focused_in(c: &Client, id: &str, text: &str) {
    c.find(Locator::Id(id)).await.unwrap().send_keys(&format!("{text}\u{e007}")).await.unwrap();
}

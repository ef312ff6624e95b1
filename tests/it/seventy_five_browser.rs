//! A 75-ball game at the desk and on the board in headless Chromium: calls said "B 12", the
//! board's B I N G O rows of fifteen, a line claimed by the face number in the free centre
//! (`f 1`), a false claim under the bogey rule, and a blackout within the jackpot's calls.
//!
//! Needs chromium and chromedriver; without them the test skips with a reason (and fails
//! under HOUSIE_REQUIRE_TOOLS=1).

use fantoccini::Client;
use serde_json::json;

use crate::browser::{js, js_until, screenshot_dir, text_until, type_focused};
use crate::desk_browser::{start_game, Hall};
use crate::seventy_five_night::said;
use crate::util::Dir;

/// Calls `numbers` by typing each, as the caller does, each shown as the last call.
async fn call(desk: &Client, numbers: &[u8]) {
    for &n in numbers {
        type_focused(desk, &n.to_string()).await;
        text_until(desk, "#last", |t| t == said(n)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn a_seventy_five_ball_game_at_the_desk_and_on_the_board() {
    let d = Dir::new();
    d.run(&["generate", "--card", "75-ball", "--books", "10", "--seed", "hall75", "--out", "run"]).success();
    let Some(hall) = Hall::over(d).await else { return };
    let face = hall.rows[0].cells.clone();
    let desk = hall.desk().await;
    let board = hall.page("/board", 1280, 720).await;
    start_game(&desk, "Bingo", "bingo-jackpot", "all", true).await;
    text_until(&desk, "#entry-help", |t| t.starts_with("1–75 calls it") && t.contains("f 12")).await;

    // The board: B I N G O down the side, fifteen numbers after each.
    let heads = js_until(&board, "return [...document.querySelectorAll('#grid .head')].map(h => h.textContent)", |v| {
        v.as_array().is_some_and(|a| a.len() == 5)
    })
    .await;
    assert_eq!(heads, json!(["B", "I", "N", "G", "O"]));
    assert_eq!(js(&board, "return document.querySelectorAll('#grid li').length").await, json!(80));

    // A diagonal through the free centre, then its claim by face number.
    let diagonal: Vec<u8> = [0, 6, 18, 24].iter().map(|&i| face[i]).collect();
    call(&desk, &diagonal).await;
    text_until(&board, "#board-last", |t| t == said(diagonal[3])).await;
    let lit = "return [...document.querySelectorAll('#grid .called')].map(c => c.textContent)";
    js_until(&board, lit, |v| v.as_array().is_some_and(|a| a.len() == 4)).await;
    type_focused(&desk, "f 1").await;
    let verdict = text_until(&desk, "#claim .verdict-text", |t| t.starts_with("STANDS")).await;
    assert!(verdict.contains("line"), "{verdict}");
    let head = js(&desk, "return document.querySelector('#claim h2').textContent").await;
    let want = format!("{} · sheet 1, face 1, face number 1", hall.rows[0].serial);
    assert!(head.as_str().unwrap().contains(&want), "{head}");
    let grid = js(&desk, "return [[...document.querySelectorAll('#claim th')].map(t => t.textContent), document.querySelector('#claim td.free').textContent]").await;
    assert_eq!(grid, json!([["B", "I", "N", "G", "O"], "★ 1"]));
    type_focused(&desk, "w").await;
    text_until(&desk, "#message", |t| t.starts_with(&format!("Won by {}:", hall.rows[0].serial))).await;

    // A false claim under the bogey rule: the second face, nowhere near blackout.
    type_focused(&desk, &hall.rows[1].serial).await;
    text_until(&desk, "#claim .verdict-text", |t| t.contains("BOGEY")).await;

    // The rest of the first face: blackout at call 24, the jackpot alive until it is claimed.
    let rest: Vec<u8> = face.iter().copied().filter(|&n| n != 0 && !diagonal.contains(&n)).collect();
    call(&desk, &rest).await;
    text_until(&desk, "#prizes", |t| t.contains("jackpot: 26 calls left (within 50)")).await;
    type_focused(&desk, "f 1").await;
    let verdict = text_until(&desk, "#claim .verdict-text", |t| t.starts_with("STANDS")).await;
    assert!(verdict.contains("blackout, the JACKPOT"), "{verdict}");
    type_focused(&desk, "w").await;
    text_until(&desk, "#prizes", |t| t.contains("the jackpot, won within 50 calls")).await;
    text_until(&board, "#board-last", |t| t == said(*rest.last().unwrap())).await;

    // A phone follows the first sheet: three faces under B I N G O, the first all marked once
    // the player catches up.
    let phone = hall.page("/play", 390, 844).await;
    js_until(&phone, "return document.activeElement.id", |v| *v == json!("serial")).await;
    type_focused(&phone, &hall.rows[0].serial).await;
    let faces = "return document.querySelectorAll('.play-ticket').length";
    js_until(&phone, faces, |v| *v == json!(3)).await;
    text_until(&phone, "#play-last", |t| t == said(*rest.last().unwrap())).await;
    // Opened after 24 calls: marked once the player catches up.
    js(&phone, "document.getElementById('catch-up').click()").await;
    js_until(&phone, "return document.querySelector('.play-ticket').querySelectorAll('td.hit').length", |v| {
        *v == json!(25)
    })
    .await;
    let first = js(&phone, "const t = document.querySelector('.play-ticket'); return [[...t.querySelectorAll('th')].map(h => h.textContent), t.querySelector('td.free').textContent, t.querySelectorAll('td.hit').length]").await;
    assert_eq!(first, json!([["B", "I", "N", "G", "O"], "★ 1", 25]));
    if let Some(out) = screenshot_dir() {
        std::fs::write(out.join("desk-75.png"), desk.screenshot().await.unwrap()).unwrap();
        std::fs::write(out.join("board-75.png"), board.screenshot().await.unwrap()).unwrap();
        std::fs::write(out.join("phone-75.png"), phone.screenshot().await.unwrap()).unwrap();
    }
}

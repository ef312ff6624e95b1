//! The night's screens at the sizes halls have (1280×720, 1366×768, 1920×1080 and a 4:3
//! projector at 1024×768), after a whole `tambola-full` game with shared places: the board shows
//! every prize, place and winner, no serial broken across lines, numbers at least 6 % of the
//! height, and a join QR that zbarimg reads before the first call and at the end. The board, the
//! desk and the player page are then compared with their reviewed pictures in `tests/visual/`
//! (see [`compare`]), so that a layout regression fails; a deliberately broken board is the
//! negative control.
//!
//! Needs chromium, chromedriver and zbarimg; without them it skips with a reason (and fails
//! under HOUSIE_REQUIRE_TOOLS=1). `HOUSIE_UPDATE_VISUAL=1` writes the pictures afresh instead
//! of comparing, to be looked at and committed.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use fantoccini::Client;
use serde_json::json;

use crate::browser::{js, js_until, screenshot_dir, text_until, viewport};
use crate::desk_browser::Hall;
use crate::util::{run_tool, tool, Row};

/// The screens halls have: HD, the common laptop, full HD, and a 4:3 projector.
const SIZES: [(u32, u32); 4] = [(1280, 720), (1366, 768), (1920, 1080), (1024, 768)];

/// Which of tambola-full's prizes `t` has complete once `called` are called, one bit each:
/// early five, the three lines, four corners, corners and star, full house.
fn complete(t: &Row, called: &HashSet<u8>) -> u8 {
    let has = |ns: &[u8]| ns.iter().all(|n| called.contains(n));
    let rows: Vec<Vec<u8>> = (0..3).map(|r| t.row(r)).collect();
    let corners = [rows[0][0], rows[0][4], rows[2][0], rows[2][4]];
    let star = [rows[0][0], rows[0][4], rows[1][2], rows[2][0], rows[2][4]];
    let marked = rows.iter().flatten().filter(|n| called.contains(n)).count();
    [marked >= 5, has(&rows[0]), has(&rows[1]), has(&rows[2]), has(&corners), has(&star), marked == 15]
        .iter()
        .enumerate()
        .fold(0, |bits, (i, &on)| bits | (u8::from(on) << i))
}

/// Whether the QR code on `page`'s screen reads as `want`, by zbarimg.
async fn qr_reads(page: &Client, zbarimg: &Path, dir: &Path, want: &str) -> bool {
    js_until(page, "const i = document.getElementById('join-qr'); return i.complete && i.naturalWidth > 0", |v| {
        *v == json!(true)
    })
    .await;
    let shot = dir.join("qr.png");
    std::fs::write(&shot, page.screenshot().await.unwrap()).unwrap();
    let (code, out, _) = run_tool(zbarimg, &["-q", "--raw", shot.to_str().unwrap()]);
    code == 0 && out.trim() == want
}

/// What of the board does not fit: winners or serials off the screen or cut by the side's
/// edge, a serial on two lines, the seed or QR off screen, numbers under 6 % of the height or
/// wider than their cells. Empty when everything fits.
const MISFITS: &str = r#"
const bad = [];
const H = innerHeight, W = innerWidth;
const side = document.getElementById('board-side').getBoundingClientRect();
const inside = (r, box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
const screen = { top: 0, left: 0, bottom: H, right: W };
for (const li of document.querySelectorAll('#board-winners li')) {
  const r = li.getBoundingClientRect();
  if (!inside(r, screen) || !inside(r, side)) bad.push('winner off screen: ' + li.textContent);
}
for (const li of document.querySelectorAll('#board-recent li')) {
  if (!inside(li.getBoundingClientRect(), side)) bad.push('recent call cut: ' + li.textContent);
}
for (const s of document.querySelectorAll('#board-winners .serial')) {
  if (s.getClientRects().length !== 1) bad.push('serial broken: ' + s.textContent);
}
for (const id of ['board-commit', 'join-qr', 'board-prize', 'board-game']) {
  const r = document.getElementById(id).getBoundingClientRect();
  if (!(r.width > 0) || !inside(r, screen)) bad.push(id + ' off screen');
}
for (const n of [1, 45, 88, 90]) {
  const span = document.querySelector('#n' + n + ' span'), cell = document.getElementById('n' + n);
  const size = parseFloat(getComputedStyle(span).fontSize);
  if (size < 0.06 * H) bad.push('number ' + n + ' is ' + (size / H * 100).toFixed(1) + ' % of the height');
  if (span.getBoundingClientRect().width > cell.getBoundingClientRect().width) bad.push('number ' + n + ' wider than its cell');
}
return bad;
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_zbarimg),
    ignore = "needs chromium, chromedriver and zbarimg (apt-get install chromium chromium-driver zbar-tools)"
)]
async fn a_tambola_full_game_fits_every_screen_and_matches_its_reviewed_pictures() {
    let Some(zbarimg) = tool("zbarimg") else { return };
    let Some(hall) = Hall::open(12).await else { return };
    let join = format!("http://127.0.0.1:{}/play", hall.port);
    let created = hall
        .post("/api/games", r#"{"name": "Saturday Tambola", "prizes": "tambola-full", "books": "all", "bogey": true}"#);
    assert_eq!(created["id"], 1, "{created}");

    // Before the first call, when players join: the QR reads at every size.
    for (w, h) in SIZES {
        let board = hall.page("/board", w, h).await;
        viewport(&board, w, h).await;
        text_until(&board, "#board-prize", |t| t.contains("early five")).await;
        assert!(
            qr_reads(&board, &zbarimg, &hall.dir.join("."), &join).await,
            "the join QR before the first call at {w}×{h}"
        );
        board.close().await.unwrap();
    }

    // The whole game: numbers in a fixed order; each ticket that completes a prize at a call is
    // confirmed at once (the server gives places, shared when two complete at the same call).
    let order: Vec<u8> = (0..90u32).map(|i| (i * 37 % 90 + 1) as u8).collect();
    let mut called = HashSet::new();
    let mut had = vec![0u8; hall.rows.len()];
    let mut shared = 0;
    for n in order {
        hall.post("/api/games/1/calls", &format!(r#"{{"number": {n}}}"#));
        called.insert(n);
        for (i, t) in hall.rows.iter().enumerate() {
            let now = complete(t, &called);
            if now & !had[i] != 0 {
                let won = hall.post("/api/games/1/winners", &json!({"serial": t.serial}).to_string());
                shared += won["won"].as_array().map_or(0, |w| w.iter().filter(|p| p["shared"] == json!(true)).count());
            }
            had[i] = now;
        }
    }
    let state = hall.get("/api/state");
    let places: usize =
        state["game"]["prize_list"].as_array().unwrap().iter().map(|p| p["won"].as_array().unwrap().len()).sum();
    assert_eq!(places, 9, "every prize and place of tambola-full won: {}", state["game"]["prize_list"]);
    assert!(shared >= 2, "shared places: {shared}");
    hall.post("/api/games/1/end", "");

    // At the end: every winner visible, no serial broken, the seed and the QR on screen.
    let mut pictures = Vec::new();
    for (w, h) in SIZES {
        let board = hall.page("/board", w, h).await;
        viewport(&board, w, h).await;
        text_until(&board, "#board-commit", |t| t.starts_with("The draw's seed")).await;
        js_until(&board, "return document.querySelectorAll('#board-winners li').length", |v| *v == json!(9)).await;
        let misfits = js(&board, MISFITS).await;
        assert_eq!(misfits, json!([]), "the board at {w}×{h}");
        assert!(qr_reads(&board, &zbarimg, &hall.dir.join("."), &join).await, "the join QR at the end at {w}×{h}");
        pictures.push((format!("board-{w}x{h}"), board.screenshot().await.unwrap()));
        if (w, h) == (1280, 720) {
            // The negative control: a board whose side is squeezed is caught by both checks.
            js(&board, "document.getElementById('board-side').style.flexBasis = '12vw'; return 0").await;
            js_until(&board, "return document.getElementById('board-side').getBoundingClientRect().width < 200", |v| {
                *v == json!(true)
            })
            .await;
            js(&board, "return 0").await;
            let squeezed = js(&board, MISFITS).await;
            assert_ne!(squeezed, json!([]), "a squeezed side is caught");
            let shot = board.screenshot().await.unwrap();
            if std::env::var_os("HOUSIE_UPDATE_VISUAL").is_none() {
                assert!(compare("board-1280x720", &shot).is_err(), "a squeezed side differs from the reviewed picture");
            }
        }
        board.close().await.unwrap();
        let desk = hall.page("desk", w, h).await;
        viewport(&desk, w, h).await;
        text_until(&desk, "#link", |_| true).await;
        js_until(&desk, "return document.activeElement.id", |v| *v == json!("entry")).await;
        pictures.push((format!("desk-{w}x{h}"), desk.screenshot().await.unwrap()));
        desk.close().await.unwrap();
        let player = hall.page(&format!("/play?s={}", hall.rows[0].serial), w, h).await;
        viewport(&player, w, h).await;
        js_until(&player, "return document.querySelectorAll('.play-ticket').length", |v| *v == json!(6)).await;
        pictures.push((format!("play-{w}x{h}"), player.screenshot().await.unwrap()));
        player.close().await.unwrap();
    }
    let out = screenshot_dir();
    let mut differ = Vec::new();
    for (name, png) in &pictures {
        if let Some(out) = &out {
            std::fs::write(out.join(format!("{name}.png")), png).unwrap();
        }
        if let Err(why) = compare(name, png) {
            differ.push(format!("{name}: {why}"));
        }
    }
    assert!(differ.is_empty(), "pictures that differ from the reviewed ones:\n{}", differ.join("\n"));
}

/// The reviewed pictures' folder.
fn visual_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/visual")
}

/// The width the reviewed pictures are kept at, and the grid they are compared on: blocks of
/// about 20 screen pixels, coarse enough that the text that differs run to run (the draw's
/// seed, the port in the join address and its QR, the times) stays within the tolerance, fine
/// enough that a panel moved, squeezed or lost does not.
const KEPT_WIDTH: u32 = 480;
const GRID_WIDTH: u32 = 64;

/// The screenshot `png` against the reviewed picture `name` (`tests/visual/NAME.png`): `Err`
/// says how far apart they are when the layout differs. With `HOUSIE_UPDATE_VISUAL=1`, writes
/// it as the new reviewed picture instead.
fn compare(name: &str, png: &[u8]) -> Result<(), String> {
    let shot = image::load_from_memory(png).unwrap().to_luma8();
    let height = |w: u32| (u64::from(shot.height()) * u64::from(w) / u64::from(shot.width())) as u32;
    let kept = image::imageops::resize(&shot, KEPT_WIDTH, height(KEPT_WIDTH), image::imageops::FilterType::Triangle);
    let path = visual_dir().join(format!("{name}.png"));
    if std::env::var_os("HOUSIE_UPDATE_VISUAL").is_some() {
        std::fs::create_dir_all(visual_dir()).unwrap();
        kept.save(&path).unwrap();
        return Ok(());
    }
    let Ok(reviewed) = image::open(&path) else {
        return Err(format!("no reviewed picture {} (HOUSIE_UPDATE_VISUAL=1 writes it)", path.display()));
    };
    let reviewed = reviewed.to_luma8();
    if reviewed.dimensions() != kept.dimensions() {
        return Err(format!("{:?} against {:?} reviewed", kept.dimensions(), reviewed.dimensions()));
    }
    let grid = |img: &image::GrayImage| {
        image::imageops::resize(img, GRID_WIDTH, height(GRID_WIDTH), image::imageops::FilterType::Triangle)
    };
    let (a, b) = (grid(&kept), grid(&reviewed));
    let diffs: Vec<u8> = a.pixels().zip(b.pixels()).map(|(p, q)| p.0[0].abs_diff(q.0[0])).collect();
    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
    let far = diffs.iter().filter(|&&d| d > 64).count() as f64 / diffs.len() as f64;
    eprintln!("{name}: mean difference {mean:.2} of 255, {:.2} % of blocks far apart", far * 100.0);
    if mean > 6.0 || far > 0.02 {
        return Err(format!(
            "mean difference {mean:.2} of 255 (at most 6), {:.2} % of blocks far apart (at most 2)",
            far * 100.0
        ));
    }
    Ok(())
}

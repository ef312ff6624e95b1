//! Accessibility of the desk, the board and the player page, by the tools people use to judge it: axe (no
//! serious or critical violation on any page, mid-game with a claim on show) and Lighthouse
//! (an accessibility score of at least 95 on both).
//!
//! Needs chromium, chromedriver, node, and the npm packages axe-core and lighthouse in the
//! folder HOUSIE_A11Y_TOOLS names (`.ci/run` installs them: `npm install --prefix DIR axe-core
//! lighthouse`). Without them the test skips with the reason; under HOUSIE_REQUIRE_TOOLS=1 it
//! fails.

use std::path::PathBuf;

use crate::browser::{browser, chromedriver_on_a_free_port, phone, text_until};
use crate::night_api::make_run;
use crate::serving::{exchange, free_port, serve, wait_for_port};
use crate::util::{manifest_rows, package_file, tool, Dir};

/// The folder holding node_modules/axe-core and node_modules/lighthouse.
pub fn a11y_tools() -> Option<PathBuf> {
    let dir = std::env::var_os("HOUSIE_A11Y_TOOLS").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/nonexistent"));
    let axe = dir.join("node_modules/axe-core/axe.min.js");
    let how = "npm install --prefix DIR axe-core lighthouse, and HOUSIE_A11Y_TOOLS=DIR";
    package_file(axe.to_str()?, how)?;
    package_file(dir.join("node_modules/lighthouse/cli/index.js").to_str()?, how)?;
    Some(dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_node, housie_missing_a11y),
    ignore = "needs chromium, chromedriver, node, and axe-core and lighthouse in HOUSIE_A11Y_TOOLS (see .ci/run)"
)]
async fn the_desk_the_board_and_the_player_page_pass_axe_and_lighthouse() {
    let (Some(chromium), Some(chromedriver), Some(node)) = (tool("chromium"), tool("chromedriver"), tool("node"))
    else {
        return;
    };
    let Some(tools) = a11y_tools() else { return };
    let dir = Dir::new();
    let run = dir.join("run");
    make_run(&run, 12);
    let rows = manifest_rows(&dir.read("run/manifest.csv"));
    let port = free_port();
    let (_server, url) = serve(&run, port);
    wait_for_port(port, "housie serve");
    let token = url.split("?token=").nth(1).unwrap().to_string();
    exchange(port, "POST", "/api/games", &token, r#"{"name": "Game 1", "prizes": "tambola", "bogey": true}"#);
    for n in rows[0].row(0) {
        exchange(port, "POST", "/api/games/1/calls", &token, &format!(r#"{{"number": {n}}}"#));
    }
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let board_url = format!("http://127.0.0.1:{port}/board");
    let play_url = format!("http://127.0.0.1:{port}/play?s={}", rows[0].serial);
    for (name, page) in [("desk", url.as_str()), ("board", board_url.as_str()), ("player page", play_url.as_str())] {
        let c = if name == "player page" {
            phone(driver_port, &chromium).await
        } else {
            browser(driver_port, &chromium, 1366, 900).await
        };
        c.goto(page).await.unwrap();
        if name == "desk" {
            text_until(&c, "#game-name", |t| t == "Game 1").await;
            c.find(fantoccini::Locator::Css("#entry"))
                .await
                .unwrap()
                .send_keys(&format!("{}\n", rows[0].serial))
                .await
                .unwrap();
            text_until(&c, "#verdict", |t| t == "STANDS").await;
        } else if name == "board" {
            text_until(&c, "#board-game", |t| t == "Game 1").await;
        } else {
            text_until(&c, "#play-game", |t| t == "Game 1").await;
            c.find(fantoccini::Locator::Css("#catch-up")).await.unwrap().click().await.unwrap();
            text_until(&c, ".play-ticket .to-go", |t| t == "10 to go").await;
        }
        judge(c, name, page, &Tools { node: &node, dir: &tools, chromium: &chromium }, dir.path()).await;
    }
}

/// What judging a page takes: node, the npm packages and Chromium.
struct Tools<'a> {
    node: &'a std::path::Path,
    dir: &'a std::path::Path,
    chromium: &'a std::path::Path,
}

/// axe (from `dir`'s node_modules) on the page as `c` shows it: no serious or critical
/// violation; all it finds is printed.
pub async fn axe_finds_nothing_serious(c: &fantoccini::Client, name: &str, dir: &std::path::Path) {
    let axe = std::fs::read_to_string(dir.join("node_modules/axe-core/axe.min.js")).unwrap();
    // axe takes seconds on a page, more with the cores shared: past chromedriver's 30 s for a
    // script, the question would fail unanswered.
    let minutes = Some(std::time::Duration::from_secs(120));
    c.update_timeouts(fantoccini::wd::TimeoutConfiguration::new(minutes, minutes, None)).await.unwrap();
    c.execute(&axe, Vec::new()).await.unwrap_or_else(|e| panic!("axe loaded on the {name}: {e}"));
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; axe.run(document).then(r => done(r.violations.map(v => [v.id, v.impact, v.nodes.length])));",
            Vec::new(),
        )
        .await
        .unwrap_or_else(|e| panic!("axe on the {name}: {e}"));
    let violations = found.as_array().unwrap();
    eprintln!("axe on the {name}: {violations:?}");
    let serious: Vec<_> =
        violations.iter().filter(|v| matches!(v[1].as_str(), Some("serious") | Some("critical"))).collect();
    assert!(serious.is_empty(), "axe finds serious violations on the {name}: {serious:?}");
}

/// axe on the page as `c` shows it (no serious or critical violation), then Lighthouse on
/// `page` in a Chromium of its own (accessibility at least 95).
async fn judge(c: fantoccini::Client, name: &str, page: &str, t: &Tools<'_>, scratch: &std::path::Path) {
    axe_finds_nothing_serious(&c, name, t.dir).await;
    c.close().await.unwrap();
    // Lighthouse runs its own Chromium.
    let report = scratch.join(format!("lighthouse-{name}.json"));
    let status = std::process::Command::new(t.node)
        .arg(t.dir.join("node_modules/lighthouse/cli/index.js"))
        .arg(page)
        .args(["--quiet", "--only-categories=accessibility", "--output=json"])
        .arg(format!("--output-path={}", report.display()))
        .arg("--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run")
        .env("CHROME_PATH", t.chromium)
        .status()
        .unwrap();
    assert!(status.success(), "lighthouse on the {name}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let score = json["categories"]["accessibility"]["score"].as_f64().unwrap();
    eprintln!("lighthouse accessibility on the {name}: {:.0}", score * 100.0);
    assert!(score >= 0.95, "lighthouse scores the {name}'s accessibility {score}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_node, housie_missing_a11y),
    ignore = "needs chromium, chromedriver, node, and axe-core and lighthouse in HOUSIE_A11Y_TOOLS (see .ci/run)"
)]
async fn the_studios_pages_pass_axe_and_lighthouse() {
    let (Some(chromium), Some(chromedriver), Some(node)) = (tool("chromium"), tool("chromedriver"), tool("node"))
    else {
        return;
    };
    let Some(tools) = a11y_tools() else { return };
    let dir = Dir::new();
    let (_studio, url) = crate::studio_browser::studio(&dir.join("events"));
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    exchange(port, "POST", "/api/events", "", r#"{"title": "Spring Fair", "booklets": 10, "games": 3}"#);
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let events = format!("{url}/");
    let event = format!("{url}/event?id=spring-fair");
    for (name, page) in [("studio's events", events.as_str()), ("studio's event", event.as_str())] {
        let c = browser(driver_port, &chromium, 1366, 900).await;
        c.goto(page).await.unwrap();
        if name == "studio's event" {
            crate::browser::js_until(&c, "return document.querySelectorAll('#preview svg').length", |v| v == 1).await;
        } else {
            text_until(&c, "#events", |t| t.contains("Spring Fair")).await;
        }
        judge(c, name, page, &Tools { node: &node, dir: &tools, chromium: &chromium }, dir.path()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(
        housie_missing_chromium,
        housie_missing_chromedriver,
        housie_missing_node,
        housie_missing_a11y,
        housie_missing_python3,
        housie_missing_site
    ),
    ignore = "needs chromium, chromedriver, node, python3, axe-core and lighthouse (see .ci/run), and the site (HOUSIE_SITE)"
)]
async fn the_site_passes_axe_and_lighthouse() {
    let (Some(chromium), Some(chromedriver), Some(node)) = (tool("chromium"), tool("chromedriver"), tool("node"))
    else {
        return;
    };
    let Some(tools) = a11y_tools() else { return };
    let dir = Dir::new();
    let (_server, url) = crate::site_browser::static_server(&crate::wasm::site(), &dir.join("server.log"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let page = format!("{url}/");
    // An event open, its preview drawn: the page at its fullest. At a phone's size too.
    for (name, phone_size) in [("site", false), ("site at phone size", true)] {
        let c = if phone_size {
            phone(driver_port, &chromium).await
        } else {
            browser(driver_port, &chromium, 1366, 900).await
        };
        c.goto(&page).await.unwrap();
        text_until(&c, "#version", |t| t.starts_with("housie ")).await;
        c.find(fantoccini::Locator::Id("new-title")).await.unwrap().send_keys("Spring Fair\n").await.unwrap();
        crate::browser::js_until(&c, "return document.querySelectorAll('#preview svg').length", |v| v == 1).await;
        if phone_size {
            axe_finds_nothing_serious(&c, name, &tools).await;
            c.close().await.unwrap();
        } else {
            judge(c, name, &page, &Tools { node: &node, dir: &tools, chromium: &chromium }, dir.path()).await;
        }
    }
}

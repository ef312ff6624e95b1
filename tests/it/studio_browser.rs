//! The organiser's whole path in the studio, in headless Chromium, without a shell: a new
//! event, the preview following the title as it is typed, 50 books generated with the
//! progress reaching the end, verified, and the caller's desk opened.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use fantoccini::Locator;

use crate::browser::{browser, chromedriver_on_a_free_port, js, js_until, text_until};
use crate::serving::{free_port, wait_for_port, Process};
use crate::util::{tool, Dir};

/// Without --listen, a port in use is passed over for the next free one.
#[test]
fn the_studio_takes_the_next_port_when_8080_is_in_use() {
    let held: Vec<std::net::TcpListener> =
        (8080..=8099).map_while(|p| std::net::TcpListener::bind(("127.0.0.1", p)).ok()).take(1).collect();
    let d = Dir::new();
    let (_studio, line) = spawn(&[d.join("e").to_str().unwrap()]);
    let port: u16 = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap();
    assert!((8080..=8099).contains(&port), "{line}");
    assert!(held.iter().all(|h| h.local_addr().unwrap().port() != port), "{line}");
}

/// `housie studio ARGS --no-open`: the process and the first line it printed (its address).
pub fn spawn(args: &[&str]) -> (Process, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("housie"))
        .arg("studio")
        .args(args)
        .arg("--no-open")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    (Process(child), line)
}

/// `housie studio DIR --no-open` on a free port; its address.
pub fn studio(dir: &std::path::Path) -> (Process, String) {
    let port = free_port();
    let (studio, line) = spawn(&[dir.to_str().unwrap(), "--listen", &format!("127.0.0.1:{port}")]);
    assert_eq!(line.trim(), format!("http://127.0.0.1:{port}/"), "on loopback the studio needs no token");
    wait_for_port(port, "housie studio");
    (studio, line.trim().trim_end_matches('/').to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn an_organiser_designs_prints_verifies_and_opens_the_desk_in_the_browser() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser(driver_port, &chromium, 1366, 900).await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#empty", |t| t.contains("No events yet")).await;

    // A new event: title and 50 books, by keyboard.
    let title = c.find(Locator::Id("new-title")).await.unwrap();
    title.send_keys("Spring Fair").await.unwrap();
    let count = c.find(Locator::Id("new-count")).await.unwrap();
    count.clear().await.unwrap();
    count.send_keys("50").await.unwrap();
    c.find(Locator::Id("create")).await.unwrap().click().await.unwrap();
    js_until(&c, "return location.pathname + location.search", |v| v == "/event?id=spring-fair").await;

    // The preview shows the title, and follows it as it is typed.
    crate::browser::preview_follows_the_title(&c).await;
    let field = c.find(Locator::Id("title")).await.unwrap();
    // A title no font can print is refused beside the field by its script, and the preview
    // says why.
    field.send_keys(" ビンゴ").await.unwrap();
    text_until(&c, "#title-error", |t| t.contains("Katakana script")).await;
    for _ in 0..4 {
        field.send_keys("\u{E003}").await.unwrap(); // backspace
    }
    text_until(&c, "#title-error", str::is_empty).await;
    // A title in a script housie's fonts lack prints once a font for it is uploaded from the
    // page; back to housie's own fonts, it is refused again.
    if let Some(bengali) = crate::util::package_file(crate::studio_font::BENGALI, "fonts-noto-core") {
        let before = field.prop("value").await.unwrap().unwrap_or_default();
        field.send_keys(" বাংলা").await.unwrap();
        text_until(&c, "#title-error", |t| t.contains("Bengali script") && t.contains("upload a font")).await;
        let input = c.find(Locator::Id("font-file")).await.unwrap();
        input.send_keys(bengali.to_str().unwrap()).await.unwrap();
        text_until(&c, "#font-name", |t| t == "NotoSansBengali-Bold.ttf").await;
        text_until(&c, "#title-error", str::is_empty).await;
        c.find(Locator::Id("font-remove")).await.unwrap().click().await.unwrap();
        text_until(&c, "#title-error", |t| t.contains("Bengali script")).await;
        field.clear().await.unwrap();
        field.send_keys(&before).await.unwrap();
        text_until(&c, "#title-error", str::is_empty).await;
    }

    // A logo, uploaded from the page: the preview shows it where the print will.
    crate::logo::logo_png(&d.join("club.png"), 600, 300);
    let input = c.find(Locator::Id("logo-file")).await.unwrap();
    input.send_keys(d.join("club.png").to_str().unwrap()).await.unwrap();
    js_until(&c, "return document.querySelectorAll('#preview svg image').length", |v| v == 1).await;
    assert!(d.join("events/spring-fair/logo.png").is_file());

    // Generate is on the first screen of a 1366×768 laptop, beside the form, not below it.
    let bottom = js(&c, "return document.getElementById('generate').getBoundingClientRect().bottom + scrollY").await;
    assert!(bottom.as_f64().unwrap() < 600.0, "Generate ends {bottom} px down the page");

    // Generate: the progress reaches the end, and the files are offered.
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&c, "#job-message", 120, |t| t.starts_with("Done")).await;
    let progress =
        js_until(&c, "const p = document.getElementById('progress'); return [p.value, p.max]", |v| v[0] == v[1]).await;
    assert_eq!(progress, serde_json::json!([50, 50]));
    text_until(&c, "#files", |t| t.contains("books.pdf") && t.contains("manifest.csv") && !t.contains("run.json"))
        .await;
    let pdf = lopdf::Document::load(d.join("events/spring-fair/books.pdf")).unwrap();
    let cmyk_images = pdf
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"ColorSpace").ok().and_then(|c| c.as_name().ok()) == Some(b"DeviceCMYK"))
        .count();
    assert_eq!(cmyk_images, 1, "the logo, once, in CMYK");

    // Verify, once the page has read the finished job back and enabled its buttons (the
    // result shows first; a click on a still-disabled button does nothing).
    js_until(&c, "return document.getElementById('verify').disabled", |v| v == false).await;
    c.find(Locator::Id("verify")).await.unwrap().click().await.unwrap();
    text_until(&c, "#job-message", |t| t.starts_with("Valid")).await;

    // The desk, opened from the page (once its button is enabled again).
    js_until(&c, "return document.getElementById('night').disabled", |v| v == false).await;
    c.find(Locator::Id("night")).await.unwrap().click().await.unwrap();
    let desk = js_until(&c, "const a = document.getElementById('desk-link'); return a.hidden ? '' : a.href", |v| {
        v.as_str().is_some_and(|s| s.contains("/?token="))
    })
    .await;
    c.goto(desk.as_str().unwrap()).await.unwrap();
    text_until(&c, "#run-title", |t| t.contains("Spring Fair Bingo")).await;
    // Back in the studio, the paper is frozen.
    c.goto(&format!("{url}/event?id=spring-fair")).await.unwrap();
    js_until(&c, "return document.getElementById('frozen').hidden", |v| v == false).await;
    c.close().await.unwrap();
}

/// At a phone's 390 px the studio's pages — the events, an event printed with its night open,
/// and that night's desk — fit the screen: nothing is wider than the window, so nothing
/// scrolls sideways.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_studio_fits_a_phone() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    let (status, body, _) = crate::serving::exchange(
        port,
        "POST",
        "/api/events",
        "",
        r#"{"title": "दिवाली तम्बोला 2026, Sun City Society", "booklets": 2, "games": 6}"#,
    );
    assert!(status.contains("201"), "{status} {body}");
    let id = body["id"].as_str().unwrap().to_string();
    let encoded: String = url::form_urlencoded::byte_serialize(id.as_bytes()).collect();
    crate::serving::exchange(port, "POST", &format!("/api/events/{encoded}/generate"), "", "");
    crate::studio_api::wait_job(port, &encoded);
    // The night open: its desk's address (with its long token) on show.
    let (status, body, _) = crate::serving::exchange(port, "POST", &format!("/api/events/{encoded}/night"), "", "{}");
    assert!(status.starts_with("HTTP/1.1 20"), "{status} {body}");
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = crate::browser::phone(driver_port, &chromium).await;
    let wide = "return [innerWidth, document.documentElement.scrollWidth, [...document.querySelectorAll('body *')]\
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && e.getClientRects().length)\
        .slice(0, 6).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))]";
    for page in [format!("{url}/"), format!("{url}/event?id={encoded}")] {
        c.goto(&page).await.unwrap();
        js_until(&c, "return document.readyState", |v| v == "complete").await;
        js_until(&c, "return document.querySelectorAll('#events tbody tr, #files li').length", |v| {
            v.as_u64() > Some(0)
        })
        .await;
        let found = js(&c, wide).await;
        assert!(found[1].as_u64() <= found[0].as_u64(), "{page} at a phone's width: {found}");
    }
    let desk = js_until(&c, "const a = document.getElementById('desk-link'); return a.hidden ? '' : a.href", |v| {
        v.as_str().is_some_and(|s| s.contains("/?token="))
    })
    .await;
    c.goto(desk.as_str().unwrap()).await.unwrap();
    text_until(&c, "#run-title", |t| t.contains("दिवाली")).await;
    let found = js(&c, wide).await;
    assert!(found[1].as_u64() <= found[0].as_u64(), "the desk at a phone's width: {found}");
    c.close().await.unwrap();
}

//! housie in a browser tab, as an organiser meets it: the built site (`scripts/build-site`)
//! served by a plain static server on loopback, driven in headless Chromium. A new event with
//! a logo, the preview following the title, 50 books made in the page's Web Worker with the
//! progress reaching the end, the zip downloaded and passed by the native `housie verify`; a
//! larger run stopped halfway, leaving the first as it was; a
//! native run dropped into the page and found valid; the page in Hindi; and not one request to
//! another host.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::Locator;

use crate::browser::{browser_downloading, chromedriver_on_a_free_port, js, js_until, text_until};
use crate::serving::{free_port, wait_for_port, Process};
use crate::util::{tool, Dir};
use crate::wasm::{site, unzip};

/// The site in `dir` served by `python3 -m http.server` on a free loopback port, its request
/// log (what the server was asked for) written to `log`; the server and the site's address.
pub fn static_server(dir: &Path, log: &Path) -> (Process, String) {
    let port = free_port();
    let child = Command::new("python3")
        .args(["-m", "http.server", &port.to_string(), "--bind", "127.0.0.1", "--directory"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap();
    let server = Process(child);
    wait_for_port(port, "python3 -m http.server");
    (server, format!("http://127.0.0.1:{port}"))
}

/// Waits for `name` to be downloaded whole into `dir`: the page zips a run first, which took
/// over 20 s in a full local run with the other tests on both cores.
async fn downloaded(dir: &Path, name: &str) {
    let start = Instant::now();
    while !dir.join(name).is_file()
        || std::fs::read_dir(dir).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".crdownload"))
    {
        assert!(start.elapsed() < Duration::from_secs(120), "{name} was not downloaded in 120 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_python3, housie_missing_site),
    ignore = "needs chromium, chromedriver, python3 and the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)"
)]
async fn an_organiser_makes_tickets_in_a_browser_tab_and_the_native_tool_verifies_them() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let downloads = d.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let (_server, url) = static_server(&site(), &d.join("server.log"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser_downloading(driver_port, &chromium, &downloads).await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#version", |t| t.starts_with("housie ")).await;
    text_until(&c, "#empty", |t| t.contains("No events yet")).await;

    // A new event, by keyboard.
    c.find(Locator::Id("new-title")).await.unwrap().send_keys("Spring Fair\n").await.unwrap();
    js_until(&c, "return location.hash", |v| v == "#event=spring-fair").await;
    // The preview follows the title as it is typed.
    crate::browser::preview_follows_the_title(&c).await;

    // A logo: checked by the engine, placed where it first fits, shown in the preview.
    crate::logo::logo_png(&d.join("club.png"), 600, 300);
    let input = c.find(Locator::Id("logo-file")).await.unwrap();
    input.send_keys(d.join("club.png").to_str().unwrap()).await.unwrap();
    js_until(&c, "return document.querySelectorAll('#preview svg image').length", |v| v == 1).await;
    if let Some(out) = crate::browser::screenshot_dir() {
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("site.png"), c.screenshot().await.unwrap()).unwrap();
    }
    // A file that is not an image is refused beside the field.
    std::fs::write(d.join("notes.png"), b"not an image at all").unwrap();
    input.send_keys(d.join("notes.png").to_str().unwrap()).await.unwrap();
    text_until(&c, "#logo-error", |t| t.contains("PNG or JPEG")).await;

    // 50 books, made in the page: the progress reaches the end.
    js_until(&c, "return document.getElementById('generate').disabled", |v| v == false).await;
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&c, "#job-message", 120, |t| t.starts_with("Done")).await;
    let progress = js(&c, "const p = document.getElementById('progress'); return [p.value, p.max]").await;
    assert_eq!(progress[0], progress[1], "{progress}");
    assert!(progress[1].as_f64().unwrap() >= 9.0, "50 books are 9 pages or more: {progress}");

    // Downloaded, unpacked, and verified by the native tool.
    c.find(Locator::Id("zip-link")).await.unwrap().click().await.unwrap();
    downloaded(&downloads, "spring-fair.zip").await;
    unzip(&downloads.join("spring-fair.zip"), &d.join("run"));
    let verified = d.run(&["verify", "run/spring-fair"]).success();
    assert!(verified.stdout().contains("valid: 50 books"), "{}", verified.stdout());

    // A large run stopped halfway: nothing is made, and the run made before is still offered.
    let before = js(&c, "return document.getElementById('zip-link').textContent").await;
    js(&c, "const f = document.getElementById('lines'); f.value = 'repeat'; f.dispatchEvent(new Event('input'));")
        .await;
    let count = c.find(Locator::Id("count")).await.unwrap();
    count.clear().await.unwrap();
    count.send_keys("20000").await.unwrap();
    js_until(&c, "return document.getElementById('generate').disabled", |v| v == false).await;
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    c.accept_alert().await.unwrap(); // "Make the print file again? … new numbers"
    js_until(&c, "return document.getElementById('progress').value > 0", |v| v == true).await;
    c.find(Locator::Id("stop")).await.unwrap().click().await.unwrap();
    text_until(&c, "#job-message", |t| t.starts_with("Stopped")).await;
    assert_eq!(js(&c, "return document.getElementById('zip-link').textContent").await, before);

    // A native run, dropped into the page as its zip, is valid there too.
    d.run(&["generate", "--books", "8", "--seed", "native", "--out", "native"]).success();
    let zip = d.join("native.zip");
    {
        use std::io::Write;
        let mut z = zip::ZipWriter::new(std::fs::File::create(&zip).unwrap());
        for name in ["books.pdf", "manifest.csv", "run.json"] {
            z.start_file(format!("native/{name}"), zip::write::SimpleFileOptions::default()).unwrap();
            z.write_all(&std::fs::read(d.join(&format!("native/{name}"))).unwrap()).unwrap();
        }
        z.finish().unwrap();
    }
    c.find(Locator::Id("verify-zip")).await.unwrap().send_keys(zip.to_str().unwrap()).await.unwrap();
    text_until(&c, "#verify-message", |t| t.starts_with("Valid: 8 books")).await;

    // Nothing left this page's own site: every resource it (and its workers) fetched, and
    // every request the server saw, was one of the site's files.
    let foreign = js(
        &c,
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin + '/'))",
    )
    .await;
    assert_eq!(foreign, serde_json::json!([]), "requests to other hosts");
    // In Hindi, from the catalogue the night's pages read too, chosen from the page's picker.
    js(&c, "const l = document.getElementById('lang'); l.value = 'hi'; l.dispatchEvent(new Event('change'));").await;
    text_until(&c, "#events-heading", |t| t == "आपके आयोजन").await;
    assert_eq!(js(&c, "return document.documentElement.lang").await, "hi");
    let csp = js(&c, "return document.querySelector('meta[http-equiv=Content-Security-Policy]').content").await;
    assert!(
        csp.as_str().unwrap().contains("default-src 'self'") && csp.as_str().unwrap().contains("connect-src 'self'")
    );
    c.close().await.unwrap();
    let log = std::fs::read_to_string(d.join("server.log")).unwrap();
    for line in log.lines().filter(|l| l.contains("\"GET ")) {
        let path = line.split("\"GET ").nth(1).unwrap().split(' ').next().unwrap();
        let file = path.trim_start_matches('/').split('?').next().unwrap();
        assert!(file.is_empty() || site().join(file).is_file(), "the page asked for {path}, not a file of the site");
    }
}

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

use crate::browser::{browser_downloading, cdp, chromedriver_on_a_free_port, js, js_until, text_until};
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
pub async fn downloaded(dir: &Path, name: &str) {
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
    // Named by the event and the run's code, as the studio names its downloads.
    let name = js(&c, "return document.getElementById('zip-link').download").await;
    let name = name.as_str().unwrap().to_string();
    let folder = name.strip_suffix(".zip").unwrap().to_string();
    assert!(folder.starts_with("spring-fair-") && folder.len() == "spring-fair-".len() + 9, "{name}");
    c.find(Locator::Id("zip-link")).await.unwrap().click().await.unwrap();
    downloaded(&downloads, &name).await;
    unzip(&downloads.join(&name), &d.join("run"));
    let verified = d.run(&["verify", &format!("run/{folder}")]).success();
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
    crate::browser::answer_confirm(&c, true).await; // "Make the print file again? … new numbers"
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

/// The event as this browser keeps it (IndexedDB), read from `c`'s page: its version, title
/// and whether it holds a run (`null` when there is no such event).
async fn stored(c: &fantoccini::Client, id: &str) -> serde_json::Value {
    let script = format!(
        "const done = arguments[0]; const r = indexedDB.open('housie'); r.onsuccess = () => {{ \
         const g = r.result.transaction('events').objectStore('events').get({id:?}); \
         g.onsuccess = () => done(g.result ? {{ version: g.result.version, title: g.result.design.title, \
         run: !!g.result.run }} : null); }};"
    );
    c.execute_async(&script, Vec::new()).await.unwrap()
}

/// Changes the stored event as a tab this one never hears from would (another browser window
/// with no BroadcastChannel): a new title and a version up.
async fn changed_behind(c: &fantoccini::Client, id: &str, title: &str) {
    let script = format!(
        "const done = arguments[0]; const r = indexedDB.open('housie'); r.onsuccess = () => {{ \
         const t = r.result.transaction('events', 'readwrite'); const s = t.objectStore('events'); \
         const g = s.get({id:?}); g.onsuccess = () => {{ const e = g.result; e.version += 1; \
         e.design.title = {title:?}; s.put(e); }}; t.oncomplete = () => done(true); }};"
    );
    c.execute_async(&script, Vec::new()).await.unwrap();
}

/// Two tabs on one event lose nothing: a run made in one shows in the other at once; a tab
/// whose copy is stale (it missed a change) never overwrites the newer event or deletes its
/// run, says so and shows the event as it is; a generate over a run asks first. A browser out
/// of room says so, keeps the event as it was, and still offers the run it could not keep.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_python3, housie_missing_site),
    ignore = "needs chromium, chromedriver, python3 and the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)"
)]
async fn two_tabs_and_a_full_browser_lose_nothing() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let (_server, url) = static_server(&site(), &d.join("server.log"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser_downloading(driver_port, &chromium, &d.join("downloads")).await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#version", |t| t.starts_with("housie ")).await;
    c.find(Locator::Id("new-title")).await.unwrap().send_keys("Two Tabs\n").await.unwrap();
    js_until(&c, "return location.hash", |v| v == "#event=two-tabs").await;
    let older = c.window().await.unwrap();
    let count = c.find(Locator::Id("count")).await.unwrap();
    count.clear().await.unwrap();
    count.send_keys("2").await.unwrap();
    let start = std::time::Instant::now();
    while stored(&c, "two-tabs").await["version"] != 2 {
        assert!(start.elapsed() < Duration::from_secs(10), "the count was not saved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The newer tab makes the run.
    let newer = c.new_window(true).await.unwrap().handle;
    c.switch_to_window(newer.clone()).await.unwrap();
    c.goto(&format!("{url}/#event=two-tabs")).await.unwrap();
    text_until(&c, "#event-name", |t| t == "Two Tabs").await;
    js_until(&c, "return document.getElementById('generate').disabled", |v| v == false).await;
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&c, "#job-message", 120, |t| t.starts_with("Done")).await;
    assert_eq!(stored(&c, "two-tabs").await["run"], true);

    // The older tab shows it at once, and typing there keeps it.
    c.switch_to_window(older.clone()).await.unwrap();
    js_until(&c, "return !!document.getElementById('zip-link')", |v| v == true).await;
    c.find(Locator::Id("title")).await.unwrap().send_keys(" 2026").await.unwrap();
    js_until(&c, "return document.getElementById('event-name').textContent", |v| v == "Two Tabs 2026").await;
    let start = std::time::Instant::now();
    while stored(&c, "two-tabs").await["title"] != "Two Tabs 2026" {
        assert!(start.elapsed() < Duration::from_secs(10), "{}", stored(&c, "two-tabs").await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(stored(&c, "two-tabs").await["run"], true, "the older tab's save kept the newer tab's run");

    // A change this tab never heard of: its save is refused, said, and the event shown as stored.
    changed_behind(&c, "two-tabs", "Changed elsewhere").await;
    let before = stored(&c, "two-tabs").await;
    c.find(Locator::Id("subtitle")).await.unwrap().send_keys("Hall B").await.unwrap();
    text_until(&c, "#notice", |t| t.starts_with("Another tab changed this event")).await;
    js_until(&c, "return document.getElementById('title').value", |v| v == "Changed elsewhere").await;
    assert_eq!(stored(&c, "two-tabs").await, before, "nothing was written");
    // Nor can a stale tab delete the event and its run.
    changed_behind(&c, "two-tabs", "Changed again").await;
    c.find(Locator::Id("delete")).await.unwrap().click().await.unwrap();
    crate::browser::answer_confirm(&c, true).await;
    text_until(&c, "#notice", |t| t.starts_with("Another tab changed this event")).await;
    let now = stored(&c, "two-tabs").await;
    assert_eq!((now["title"].as_str(), now["run"].as_bool()), (Some("Changed again"), Some(true)));
    // Making the print file again over the stored run asks first; dismissed, nothing changes.
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::answer_confirm(&c, false).await;
    assert_eq!(stored(&c, "two-tabs").await, now);

    c.close().await.unwrap();

    // A browser out of room, in a profile of its own: 300 kB, room for an event's design but
    // not for a run's zip (its PDF alone is twice that; the service worker cannot keep the site
    // either, which the page does without online). The run is made and offered, the event kept
    // as it was. (Chromium takes a quota override only before an origin stores anything, so
    // it is set before the page first loads.)
    let c = browser_downloading(driver_port, &chromium, &d.join("downloads")).await;
    let quota = 300_000;
    cdp(&c, driver_port, "Storage.overrideQuotaForOrigin", serde_json::json!({ "origin": url, "quotaSize": quota }))
        .await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#version", |t| t.starts_with("housie ")).await;
    c.find(Locator::Id("new-title")).await.unwrap().send_keys("Full Browser\n").await.unwrap();
    js_until(&c, "return location.hash", |v| v == "#event=full-browser").await;
    let count = c.find(Locator::Id("count")).await.unwrap();
    count.clear().await.unwrap();
    count.send_keys("2").await.unwrap();
    let start = std::time::Instant::now();
    while stored(&c, "full-browser").await["version"] != 2 {
        assert!(start.elapsed() < Duration::from_secs(10), "the count was not saved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    js_until(&c, "return document.getElementById('generate').disabled", |v| v == false).await;
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&c, "#job-message", 120, |t| t.contains("no room left to keep this run")).await;
    js_until(&c, "return !!document.getElementById('zip-link')", |v| v == true).await;
    let kept = stored(&c, "full-browser").await;
    assert_eq!((kept["title"].as_str(), kept["run"].as_bool()), (Some("Full Browser"), Some(false)));
    assert_eq!(
        js(&c, "return document.getElementById('progress').value === document.getElementById('progress').max").await,
        true
    );
    c.close().await.unwrap();
}

/// The peak resident memory (Linux's VmHWM) of the processes descended from `pid`, in bytes,
/// and of which one it is.
fn peak_memory_under(pid: u32) -> (u64, String) {
    let mut parents = std::collections::HashMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // pid (comm) state ppid …: the name may hold spaces, so read after its last ')'.
        let ppid = stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
        parents.insert(child, ppid.unwrap_or(0));
    }
    let under = |mut p: u32| {
        while p > 1 {
            p = parents.get(&p).copied().unwrap_or(0);
            if p == pid {
                return true;
            }
        }
        false
    };
    let mut peak = (0, String::new());
    for (&child, _) in parents.iter().filter(|(&c, _)| under(c)) {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{child}/status")) else { continue };
        let kb = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
        let name = std::fs::read_to_string(format!("/proc/{child}/cmdline")).unwrap_or_default();
        let kind = name.split('\0').find_map(|a| a.strip_prefix("--type=")).unwrap_or("browser").to_string();
        if let Some(kb) = kb.filter(|&kb| kb * 1024 > peak.0) {
            peak = (kb * 1024, kind);
        }
    }
    peak
}

/// A 2 MB zip that inflates to 2 GB, dropped into the page to verify: refused, and no process
/// of the browser (the page's engine runs in a Web Worker of its renderer) peaks past 512 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver, housie_missing_python3, housie_missing_site),
    ignore = "needs chromium, chromedriver, python3 and the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)"
)]
async fn a_zip_bomb_dropped_into_the_page_is_refused_within_its_memory() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    crate::wasm::bomb(&d.join("bomb.zip"));
    let (_server, url) = static_server(&site(), &d.join("server.log"));
    let (driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser_downloading(driver_port, &chromium, &d.join("downloads")).await;
    c.goto(&format!("{url}/")).await.unwrap();
    text_until(&c, "#version", |t| t.starts_with("housie ")).await;
    c.find(Locator::Id("verify-zip")).await.unwrap().send_keys(d.join("bomb.zip").to_str().unwrap()).await.unwrap();
    crate::browser::text_within(&c, "#verify-error", 60, |t| t.contains("unpacks to more than")).await;
    let (peak, which) = peak_memory_under(driver.0 .0.id());
    eprintln!("Chromium's peak memory, the bomb refused: {} MB ({which})", peak >> 20);
    assert!(peak > 0 && peak < 512 << 20, "{} MB in the {which} process", peak >> 20);
    c.close().await.unwrap();
}

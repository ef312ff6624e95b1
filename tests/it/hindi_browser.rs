//! A Tambola night in Hindi, in headless Chromium: the event made in the Hindi studio in
//! rupees, printed, and its night opened from the page; the desk (`?lang=hi`) sells a book, a
//! half sheet and a single ticket; the board (its language set on the desk) and a phone-sized
//! player page (`?lang=hi`) follow a game with the bogey rule and a half-sheet bonus from its
//! first call to a claim the caller settles at the desk, and a false claim the bogey rule bars. Every word each page shows — its text, and the labels, alternative
//! texts, titles and placeholders assistive technology reads — is checked for English: none is
//! there outside an allow-list (housie's name, the commands the caller types, SHA-256, QR, the
//! PDF's file name, and "English" in the language picker). The board keeps its prize line and
//! join QR on screen at 1280×720 and 1920×1080; axe finds nothing serious on any of the pages.

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::browser::{browser, chromedriver_on_a_free_port, js, js_until, phone, text_until};
use crate::serving::exchange;
use crate::util::{manifest_rows, tool, Dir};

/// Latin-letter words the Hindi pages may show: the product's name, what a note quotes to
/// type, the names of standards, and the language picker's English, named in itself; on the
/// desk, the commands the caller types (`end`, `pay 20`, `all` …), the Enter key, the times'
/// UTC, and the file a ticket is printed in.
const ALLOWED: &[&str] = &[
    "housie", "serve", "listen", "SHA", "QR", "English", "end", "pay", "unbar", "void", "move", "all", "Enter", "UTC",
    "books", "pdf",
];

/// Every Latin-letter word the page shows or reads out that is not allowed.
async fn english(c: &Client) -> Vec<String> {
    english_but(c, &[]).await
}

/// What the studio's Hindi pages may show besides: its name, file formats and paper sizes
/// (TOML, PNG, JPEG, US Letter, SRA4, A3), Wi-Fi, the prize sets' UK, the currencies' codes,
/// and the names of files (run.json, books.pdf, manifest.csv, .archived).
const STUDIO_ALLOWED: &[&str] = &[
    "studio", "TOML", "PNG", "JPEG", "TrueType", "OpenType", "US", "Letter", "SRA", "Wi", "Fi", "UK", "GBP", "INR",
    "EUR", "USD", "CAD", "AUD", "NZD", "ZAR", "run", "json", "manifest", "csv", "archived",
];

/// As [`english`], allowing `more` words too.
async fn english_but(c: &Client, more: &[&str]) -> Vec<String> {
    let script = r#"
        const seen = [document.title, document.body.innerText];
        for (const e of document.querySelectorAll('*')) {
          if (e.closest('[hidden]') || getComputedStyle(e).display === 'none') continue;
          for (const a of ['aria-label', 'alt', 'title', 'placeholder']) if (e.hasAttribute(a)) seen.push(e.getAttribute(a));
          if (e instanceof HTMLSelectElement) for (const o of e.options) seen.push(o.textContent);
        }
        return seen.join('\n');"#;
    let text = js(c, script).await.as_str().unwrap_or_default().to_string();
    let mut words: Vec<String> = text
        .split(|ch: char| !ch.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2 && !ALLOWED.iter().chain(more).any(|a| a.eq_ignore_ascii_case(w)))
        // A URL's own letters (the join address) are an address, not English; a run of hex
        // digits is a digest (the draw's commitment).
        .filter(|w| !["http", "play"].contains(w))
        .filter(|w| !w.chars().all(|c| c.is_ascii_hexdigit() && c.is_ascii_lowercase()))
        .map(String::from)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Waits for the studio to save an event's rupees to its folder.
fn rupees_saved(folder: &std::path::Path) {
    let saved = std::time::Instant::now();
    while !std::fs::read_to_string(folder.join("studio.json")).unwrap().contains("\"INR\"") {
        assert!(saved.elapsed() < std::time::Duration::from_secs(30), "the currency is saved");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Whether an element's box lies inside the window.
async fn on_screen(c: &Client, id: &str) -> bool {
    let script = format!(
        "const r = document.getElementById('{id}').getBoundingClientRect(); \
         return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth"
    );
    js(c, &script).await == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn a_hindi_tambola_night_made_in_the_studio_shows_no_english_from_sale_to_bonus() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let dir = Dir::new();
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    // The event made in the Hindi studio by keyboard: its title, 12 books, rupees; printed,
    // and its night's desk opened from the page.
    let (_studio, studio_url) = crate::studio_browser::studio(&dir.join("events"));
    let s = browser(driver_port, &chromium, 1366, 900).await;
    s.goto(&format!("{studio_url}/?lang=hi")).await.unwrap();
    text_until(&s, "#empty", |t| t.starts_with("अभी कोई इवेंट नहीं")).await;
    s.find(Locator::Id("new-title")).await.unwrap().send_keys("दिवाली तम्बोला").await.unwrap();
    let count = s.find(Locator::Id("new-count")).await.unwrap();
    count.clear().await.unwrap();
    count.send_keys("12").await.unwrap();
    s.find(Locator::Id("create")).await.unwrap().click().await.unwrap();
    js_until(&s, "return location.pathname", |v| *v == json!("/event")).await;
    // The page fills its form from the event once it has it: a choice made before that would
    // be filled over (CI once lost the rupees so).
    js_until(&s, "return document.getElementById('title').value", |v| *v == json!("दिवाली तम्बोला")).await;
    js(&s, "const c = document.getElementById('currency'); c.value = 'INR'; c.dispatchEvent(new Event('input'));")
        .await;
    let folder = dir.join("events/दिवाली-तम्बोला");
    rupees_saved(&folder);
    js_until(&s, "return document.getElementById('generate').disabled", |v| *v == json!(false)).await;
    s.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&s, "#job-message", 120, |t| t.starts_with("हो गया")).await;
    js_until(&s, "return document.getElementById('night').disabled", |v| *v == json!(false)).await;
    s.find(Locator::Id("night")).await.unwrap().click().await.unwrap();
    let url = js_until(&s, "const a = document.getElementById('desk-link'); return a.hidden ? '' : a.href", |v| {
        v.as_str().is_some_and(|s| s.contains("/?token="))
    })
    .await;
    assert_eq!(english_but(&s, STUDIO_ALLOWED).await, Vec::<String>::new(), "the studio with its night open");
    s.close().await.unwrap();
    let url = url.as_str().unwrap().to_string();
    let rows = manifest_rows(&std::fs::read_to_string(folder.join("manifest.csv")).unwrap());
    let base = url.split("/?").next().unwrap().to_string();
    let port: u16 = base.rsplit(':').next().unwrap().parse().unwrap();
    // The desk's address carries its token, and may carry more after it (`&…`).
    let token = url.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string();
    let post = |path: &str, body: &str| exchange(port, "POST", path, &token, body);

    // The caller's desk in Hindi; the board's language is set there, and the board the desk
    // opens speaks it.
    let desk = browser(driver_port, &chromium, 1366, 900).await;
    desk.goto(&format!("{url}&lang=hi")).await.unwrap();
    js_until(&desk, "return document.getElementById('board-language').options.length", |v| *v == json!(2)).await;
    text_until(&desk, "#game-name", |t| t == "अभी कोई खेल नहीं").await;
    assert_eq!(js(&desk, "return document.documentElement.lang").await, json!("hi"));
    let words = english(&desk).await;
    assert!(words.is_empty(), "English on the Hindi desk before a game: {words:?}");
    js(
        &desk,
        "const s = document.getElementById('board-language'); s.value = 'hi'; s.dispatchEvent(new Event('change'));",
    )
    .await;
    let href = js(&desk, "return document.getElementById('open-board').href").await;
    assert_eq!(href, json!(format!("{base}/board?lang=hi")));
    let board = browser(driver_port, &chromium, 1280, 720).await;
    board.goto(href.as_str().unwrap()).await.unwrap();
    text_until(&board, "#board-game", |t| t == "पहले खेल की प्रतीक्षा").await;
    assert_eq!(js(&board, "return document.documentElement.lang").await, json!("hi"));
    let ticket = &rows[0];
    let a = phone(driver_port, &chromium).await;
    a.goto(&format!("{base}/play?s={}&lang=hi", ticket.serial)).await.unwrap();
    text_until(&a, ".play-ticket .claim-button", |t| t == "इस टिकट पर दावा करें").await;
    text_until(&a, "#play-note", |t| t.starts_with("अभी कोई खेल शुरू नहीं हुआ")).await;
    assert_eq!(english(&a).await, Vec::<String>::new(), "before the first game");
    // A serial typed with a wrong check digit is refused in Hindi.
    let b = phone(driver_port, &chromium).await;
    b.goto(&format!("{base}/play?lang=hi")).await.unwrap();
    js_until(&b, "return document.activeElement.id", |v| *v == json!("serial")).await;
    let last = ticket.serial.as_bytes()[ticket.serial.len() - 1] - b'0';
    let slip = format!("{}{}", &ticket.serial[..ticket.serial.len() - 1], (last + 1) % 10);
    crate::browser::type_focused(&b, &slip).await;
    text_until(&b, "#find-message", |t| t.starts_with("इस सीरियल नंबर में कोई अंक ग़लत टाइप हुआ है")).await;
    assert_eq!(english(&b).await, Vec::<String>::new(), "a mistyped serial");
    b.close().await.unwrap();

    // Paper sold at the Hindi desk: book 1 whole, a half sheet of book 2 by scanning its
    // ticket 2, and book 2's ticket 5 alone; the cash-up counts each way, in rupees.
    for (kind, units, price, shown) in [
        ("sold", "1", "90000", "1"),
        ("sold-halves", rows[7].serial.as_str(), "30000", "2/1-3"),
        ("sold-tickets", "2/5", "5000", "2/5"),
    ] {
        js(
            &desk,
            &format!(
                "const k = document.getElementById('sale-kind'); k.value = '{kind}'; k.dispatchEvent(new Event('change'));
                 document.getElementById('sale-units').value = '{units}'; document.getElementById('sale-price').value = '{price}';
                 document.getElementById('sale-form').requestSubmit();"
            ),
        )
        .await;
        text_until(&desk, "#sale-result", |t| t == format!("बिका {shown}")).await;
    }
    text_until(&desk, "#cashup", |t| t.starts_with("बिके 1 किताब, 1 आधी शीट, 1 टिकट · आमदनी ₹1,25,000.00")).await;
    crate::browser::press(&desk, "\u{e00c}").await; // Escape: the keyboard back to the box

    // A Tambola game with the bogey rule, every prize open from the first call, and a
    // half-sheet bonus named in Hindi: two numbers on every ticket of a half sheet.
    let mut toml = housie_core::rules::PrizeSet::shipped("tambola").unwrap().to_toml();
    toml.push_str("\n[[prize]]\nname = \"आधी शीट बोनस\"\nsheet = \"half\"\nany = 2\n");
    let game = json!({"name": "खेल 1", "prizes": {"toml": toml}, "books": "all", "bogey": true});
    let (status, body, _) = post("/api/games", &game.to_string());
    assert!(status.contains("201"), "{status} {body}");
    text_until(&board, "#board-prize", |t| t.starts_with("अब खेल: जल्दी फ़ाइव · पहली लाइन")).await;
    text_until(&a, "#play-game", |t| t == "खेल 1").await;
    // The join QR and the prize line stay on screen before the first call, when phones join.
    js_until(&board, "return !document.getElementById('join').hidden", |v| *v == json!(true)).await;
    for (w, h) in [(1280, 720), (1920, 1080)] {
        board.set_window_size(w, h).await.unwrap();
        js_until(&board, "return innerWidth", |v| v.as_u64().is_some_and(|x| x > 0)).await;
        assert!(on_screen(&board, "join-qr").await, "the join QR at {w}×{h}");
        assert!(on_screen(&board, "board-prize").await, "the prize line at {w}×{h}");
    }

    // The ticket's top line called; the phone marks it, claims, and the caller settles it.
    let top: Vec<u8> = ticket.row(0);
    for n in &top {
        let (status, _, _) = post("/api/games/1/calls", &format!(r#"{{"number": {n}}}"#));
        assert!(status.contains("201"), "{status}");
    }
    text_until(&board, "#board-count", |t| t == "5 नंबर बुलाए गए").await;
    text_until(&a, ".play-ticket .to-go", |t| t == "10 बाक़ी").await;
    a.find(Locator::Css(".play-ticket .claim-button")).await.unwrap().click().await.unwrap();
    text_until(&a, "#claim-status", |t| t.contains("कॉलर के पास है")).await;
    // The caller checks the phone's claim at the desk (q), and records it won (w).
    text_until(&desk, "#phone-queue", |t| t.starts_with(&format!("अगला: {} · फ़ोन", ticket.serial))).await;
    crate::browser::type_focused(&desk, "q").await;
    text_until(&desk, "#verdict", |t| t == "सही").await;
    text_until(&desk, ".verdict-text", |t| t.starts_with("सही: जल्दी फ़ाइव और पहली लाइन पिछले नंबर से पूरा हुआ (कॉल 5,"))
        .await;
    text_until(&a, "#claim-status", |t| t.contains("के लिए आपका दावा सही है")).await;
    crate::browser::type_focused(&desk, "w").await;
    text_until(&desk, "#message", |t| t.starts_with(&format!("{} ने जीता: जल्दी फ़ाइव, पहली लाइन", ticket.serial))).await;
    text_until(&board, "#board-winners", |t| t.contains(&ticket.serial) && t.contains("पहली लाइन")).await;
    // A false claim from another ticket: not complete, and barred under the bogey rule.
    let other = &rows[1];
    crate::browser::type_focused(&desk, &other.serial).await;
    text_until(&desk, "#verdict", |t| t == "अभी पूरा नहीं").await;
    text_until(&desk, ".verdict-text", |t| t.contains("बोगी: ग़लत दावा")).await;
    // The barred ticket's phone: no claim button, and why, in Hindi.
    let c = phone(driver_port, &chromium).await;
    c.goto(&format!("{base}/play?s={}&lang=hi", other.serial)).await.unwrap();
    text_until(&c, ".play-ticket .barred-note", |t| t.starts_with("बोगी नियम के तहत")).await;
    // Its book's other tickets keep theirs.
    let buttons = js(
        &c,
        "return [...document.querySelectorAll('.play-ticket')].map((t) => [t.querySelector('.play-serial').firstChild.textContent, !!t.querySelector('.claim-button')])",
    )
    .await;
    let buttons = buttons.as_array().unwrap();
    assert_eq!(buttons.len(), 6, "{buttons:?}");
    for b in buttons {
        assert_eq!(b[1], json!(b[0] != json!(other.serial)), "a claim button on {}: {buttons:?}", b[0]);
    }
    assert_eq!(english(&c).await, Vec::<String>::new(), "a barred ticket's phone");
    // Its claim sent anyway is refused in Hindi words, through the catalogue.
    let claimed = js(
        &c,
        &format!(
            "return housie.api('POST', '/api/play/{}/claims', {{ticket: {}}}).then((r) => housie.refusal(r.body, r.status))",
            other.serial,
            other.serial.split('-').nth(1).unwrap()
        ),
    )
    .await;
    assert!(claimed.as_str().unwrap().contains("के बाक़ी खेल में दावा नहीं कर सकता"), "{claimed}");
    c.close().await.unwrap();
    // Book 2's ticket 4 was not sold: its claim is refused, in Hindi, and bars nothing.
    crate::browser::type_focused(&desk, &rows[9].serial).await;
    text_until(&desk, "#verdict", |t| t == "नामंज़ूर").await;
    text_until(&desk, ".verdict-text", |t| t.contains(&format!("{} बिका नहीं, इसलिए खेल 1", rows[9].serial))).await;
    // The prize paid by the name the Hindi desk shows, the amount in rupees grouped in lakhs.
    crate::browser::type_focused(&desk, "pay 125000 जल्दी फ़ाइव").await;
    text_until(&desk, "#message", |t| {
        t.starts_with(&format!("{} को जल्दी फ़ाइव के लिए ₹1,25,000.00 चुकाए", ticket.serial))
    })
    .await;
    // A number called twice is refused in Hindi.
    crate::browser::type_focused(&desk, &top[0].to_string()).await;
    text_until(&desk, "#message", |t| t.starts_with(&format!("{} पहले ही बुलाया जा चुका है", top[0]))).await;

    // Two numbers on each ticket of book 2's half sheet: the bonus stands for it at the desk.
    let mut called: Vec<u8> = top.clone();
    for row in &rows[6..9] {
        let have = row.cells.iter().filter(|n| **n != 0 && called.contains(n)).count();
        let more: Vec<u8> =
            row.cells.iter().copied().filter(|&n| n != 0 && !called.contains(&n)).take(2 - have.min(2)).collect();
        for n in more {
            let (status, _, _) = post("/api/games/1/calls", &format!(r#"{{"number": {n}}}"#));
            assert!(status.contains("201"), "{status}");
            called.push(n);
        }
    }
    crate::browser::type_focused(&desk, &rows[6].serial).await;
    text_until(&desk, "#verdict", |t| t == "सही").await;
    text_until(&desk, ".verdict-text", |t| t.contains("आधी शीट बोनस")).await;
    // Early five paid to the ticket on show, which did not win it: refused in Hindi words.
    crate::browser::type_focused(&desk, "pay 500 जल्दी फ़ाइव").await;
    let refused = format!("{} खेल 1 में जल्दी फ़ाइव का विजेता पक्का नहीं किया गया।", rows[6].serial);
    text_until(&desk, "#message", |t| t == refused).await;
    // With winners listed, the join QR is still on screen.
    for (w, h) in [(1280, 720), (1920, 1080)] {
        board.set_window_size(w, h).await.unwrap();
        js_until(&board, "return innerWidth", |v| v.as_u64().is_some_and(|x| x > 0)).await;
        assert!(on_screen(&board, "join-qr").await, "the join QR with winners at {w}×{h}");
    }
    if let Some(out) = crate::browser::screenshot_dir() {
        std::fs::write(out.join("hindi-board.png"), board.screenshot().await.unwrap()).unwrap();
        std::fs::write(out.join("hindi-phone.png"), a.screenshot().await.unwrap()).unwrap();
        std::fs::write(out.join("hindi-desk.png"), desk.screenshot().await.unwrap()).unwrap();
    }
    for (name, page) in [("desk", &desk), ("board", &board), ("player page", &a)] {
        let words = english(page).await;
        assert!(words.is_empty(), "English on the Hindi {name}: {words:?}");
    }
    // The negative control: the same board in English is caught.
    let en = browser(driver_port, &chromium, 1280, 720).await;
    en.goto(&format!("{base}/board?lang=en")).await.unwrap();
    text_until(&en, "#board-prize", |t| t.starts_with("Playing for")).await;
    assert!(english(&en).await.contains(&"Playing".to_string()));

    // axe, where its files are: nothing serious or critical on the Hindi pages.
    if let Some(tools) = crate::a11y::a11y_tools() {
        for (name, page) in [("Hindi desk", &desk), ("Hindi board", &board), ("Hindi player page", &a)] {
            crate::a11y::axe_finds_nothing_serious(page, name, &tools).await;
        }
    }
    for c in [desk, board, a, en] {
        c.close().await.unwrap();
    }
}

/// The studio in Hindi: its events page and an event's page show no English outside the
/// allow-list, before and after the organiser creates an event of booklets in rupees by
/// keyboard and generates it; the event's paper speaks Hindi too (run.json's `lang`), and the
/// negative control, the same page in English, is caught.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    any(housie_missing_chromium, housie_missing_chromedriver),
    ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
)]
async fn the_studio_in_hindi_shows_no_english_and_makes_hindi_paper() {
    let (Some(chromium), Some(chromedriver)) = (tool("chromium"), tool("chromedriver")) else { return };
    let d = Dir::new();
    let (_studio, url) = crate::studio_browser::studio(&d.join("events"));
    let (_driver, driver_port) = chromedriver_on_a_free_port(&chromedriver);
    let c = browser(driver_port, &chromium, 1366, 900).await;
    c.goto(&format!("{url}/?lang=hi")).await.unwrap();
    text_until(&c, "#empty", |t| t.starts_with("अभी कोई इवेंट नहीं")).await;
    assert_eq!(js(&c, "return document.documentElement.lang").await, json!("hi"));
    assert_eq!(english_but(&c, STUDIO_ALLOWED).await, Vec::<String>::new(), "the events page");

    // A new event of booklets, by keyboard: its title, booklets, two of two games.
    c.find(Locator::Id("new-title")).await.unwrap().send_keys("दिवाली तम्बोला 2026").await.unwrap();
    js(
        &c,
        "const k = document.getElementById('new-kind'); k.value = 'booklets'; k.dispatchEvent(new Event('change'));",
    )
    .await;
    text_until(&c, "#new-count-label", |t| t == "कितनी बुकलेट").await;
    for (id, n) in [("new-count", "2"), ("new-games", "2")] {
        let f = c.find(Locator::Id(id)).await.unwrap();
        f.clear().await.unwrap();
        f.send_keys(n).await.unwrap();
    }
    c.find(Locator::Id("create")).await.unwrap().click().await.unwrap();
    js_until(&c, "return location.pathname", |v| *v == json!("/event")).await;
    text_until(&c, "#design-heading", |t| t == "डिज़ाइन").await;
    text_until(&c, "#count-label", |t| t == "कितनी बुकलेट").await;
    // Rupees for the night's money.
    js(&c, "const s = document.getElementById('currency'); s.value = 'INR'; s.dispatchEvent(new Event('input'));")
        .await;
    let folder = d.join("events/दिवाली-तम्बोला-2026");
    rupees_saved(&folder);
    js_until(&c, "return document.querySelectorAll('#preview svg').length", |v| *v == json!(1)).await;
    assert_eq!(english_but(&c, STUDIO_ALLOWED).await, Vec::<String>::new(), "an event's page");
    // A look printed on A4 only, asked for on Letter: the problem beside the look, in Hindi.
    let choose = |paper: &str, look: &str| {
        format!(
            "for (const [id, v] of [['paper', '{paper}'], ['look', '{look}']]) {{
               const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('input')); }}"
        )
    };
    js(&c, &choose("letter", "twenty-four")).await;
    text_until(&c, "#look-error", |t| t == "`twenty-four` रूप सिर्फ़ A4 पर छपता है: A4 चुनिए।").await;
    js(&c, &choose("a4", "classic")).await;
    text_until(&c, "#look-error", |t| t.is_empty()).await;
    // What the engine refuses of the organiser's own words is in Hindi too: a subtitle on
    // twelve's cut, beside the subtitle.
    let subtitle = |text: &str| {
        format!(
            "const s = document.getElementById('subtitle'); s.value = '{text}'; s.dispatchEvent(new Event('input'));"
        )
    };
    let order = |how: &str| {
        format!("const s = document.getElementById('order'); s.value = '{how}'; s.dispatchEvent(new Event('input'));")
    };
    js(&c, &choose("a4", "twelve")).await;
    text_until(&c, "#games-error", |t| t.starts_with("`twelve` रूप एक पन्ने पर 2 किताबें छापता है")).await;
    js(&c, &order("games")).await;
    text_until(&c, "#games-error", |t| t.is_empty()).await;
    js(&c, &subtitle("सन सिटी सोसाइटी")).await;
    text_until(&c, "#subtitle-error", |t| t.starts_with("उपशीर्षक टिकटों के स्तंभों के बीच की कटाई पर छपेगा")).await;
    js(&c, &subtitle("")).await;
    js(&c, &order("booklets")).await;
    js(&c, &choose("a4", "classic")).await;
    text_until(&c, "#subtitle-error", |t| t.is_empty()).await;
    text_until(&c, "#games-error", |t| t.is_empty()).await;
    js_until(&c, "return document.getElementById('generate').disabled", |v| *v == json!(false)).await;
    c.find(Locator::Id("generate")).await.unwrap().click().await.unwrap();
    crate::browser::text_within(&c, "#job-message", 120, |t| t.starts_with("हो गया")).await;
    text_until(&c, "#files", |t| t.contains("books.pdf")).await;
    assert_eq!(english_but(&c, STUDIO_ALLOWED).await, Vec::<String>::new(), "an event's page, printed");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("run.json")).unwrap()).unwrap();
    assert_eq!(record["settings"]["lang"], "hi", "the paper's words follow the studio's language");
    let design: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("studio.json")).unwrap()).unwrap();
    assert_eq!(design["design"]["currency"], "INR");

    // The negative control: the same page in English is caught.
    let here = js(&c, "return location.pathname + location.search").await;
    c.goto(&format!("{url}{}", here.as_str().unwrap().replace("lang=hi", "lang=en"))).await.unwrap();
    c.goto(&format!("{url}/?lang=en")).await.unwrap();
    text_until(&c, "#events", |t| t.contains("दिवाली")).await;
    assert!(english_but(&c, STUDIO_ALLOWED).await.contains(&"Events".to_string()));
    c.close().await.unwrap();
}

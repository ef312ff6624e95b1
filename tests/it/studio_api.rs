//! The studio's API under hostile input: each a clear JSON refusal with a 4xx, nothing
//! half-written, nothing outside the studio's folder touched.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use crate::serving::exchange;
use crate::studio_browser::studio;
use crate::util::Dir;

pub fn port_of(url: &str) -> u16 {
    url.rsplit(':').next().unwrap().parse().unwrap()
}

/// A raw request; the status line and the body.
pub fn raw(port: u16, head: &str, body: &[u8]) -> (String, String) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer.lines().next().unwrap_or("").to_string();
    (status, answer.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string()))
}

/// The event's preview (its SVG, read raw: `exchange` reads JSON); the status line and the body.
fn preview(port: u16, id: &str) -> (String, String) {
    let head =
        format!("GET /api/events/{id}/preview.svg HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    raw(port, &head, b"")
}

pub fn wait_job(port: u16, id: &str) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let (_, job, _) = exchange(port, "GET", &format!("/api/events/{id}/job"), "", "");
        if job["state"] != "running" {
            return job;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "{job}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn hostile_input_is_refused_with_a_reason_and_leaves_nothing_behind() {
    let d = Dir::new();
    let root = d.join("events");
    let (_studio, url) = studio(&root);
    let port = port_of(&url);
    let post = |path: &str, body: &str| exchange(port, "POST", path, "", body);

    // A path in the event's name stays inside the folder.
    let (status, body, _) = post("/api/events", r#"{"title": "../../../tmp/evil", "books": 2}"#);
    assert!(status.contains("201"), "{status} {body}");
    assert_eq!(body["id"], "tmp-evil");
    assert!(root.join("tmp-evil/studio.json").is_file());
    for path in ["/api/events/..%2F..%2Fetc", "/api/events/../x/preview.svg", "/api/events/Tmp-Evil"] {
        let (status, body, _) = exchange(port, "GET", path, "", "");
        assert!(status.contains("404"), "{path}: {status} {body}");
    }

    // 10⁹ books, and a title in a script the font lacks: refused beside the field.
    let (status, body, _) = post("/api/events", r#"{"title": "Huge", "books": 1000000000}"#);
    assert!(status.contains("422") && body["field"] == "books", "{status} {body}");
    let design = |title: &str, books: u64| {
        format!(
            r#"{{"title": "{title}", "look": "classic", "paper": "a4", "books": {books}, "booklets": null, "games": null, "order": "booklets", "bleed_mm": 0, "crop_marks": false}}"#
        )
    };
    let (status, body, _) = exchange(port, "PUT", "/api/events/tmp-evil", "", &design("ビンゴ", 2));
    assert!(status.contains("200"), "{status} {body}");
    assert_eq!(body["problems"][0]["field"], "title", "{body}");
    let (status, body, _) = exchange(port, "GET", "/api/events/tmp-evil/preview.svg", "", "");
    assert!(status.contains("422") && body["field"] == "title", "{status} {body}");
    let (status, body, _) = post("/api/events/tmp-evil/generate", "");
    assert!(status.contains("422") && body["field"] == "title", "{status} {body}");
    // A design of the wrong shape.
    let (status, body, _) = exchange(port, "PUT", "/api/events/tmp-evil", "", r#"{"title": 5, "path": "/etc"}"#);
    assert!(status.contains("422"), "{status} {body}");

    // A 100 MB upload is refused from its length, before it is read.
    let head = format!(
        "POST /api/events/tmp-evil/template HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        100 << 20
    );
    let start = Instant::now();
    let (status, body) = raw(port, &head, &[b'#'; 4096]);
    assert!(status.contains("413") && body.contains("error"), "{status} {body}");
    assert!(start.elapsed() < Duration::from_secs(5));
    // A template that is not TOML, or not text.
    let (status, body) = raw(
        port,
        &format!("POST /api/events/tmp-evil/template HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\n"),
        b"\x89PNG",
    );
    assert!(status.contains("422") && body.contains("not text"), "{status} {body}");
    let classic = housie_core::print::template::BUILTIN[0].1;
    let reaching = format!("{classic}\n[logo]\nfile = \"/etc/passwd\"\n");
    let (status, body) = raw(
        port,
        &format!("POST /api/events/tmp-evil/template HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", reaching.len()),
        reaching.as_bytes(),
    );
    assert!(status.contains("422") && body.contains("upload the logo"), "{status} {body}");
    assert!(!root.join("tmp-evil/template.toml").exists());

    // Images: a program named logo.png, a decompression bomb, a 100 MB upload.
    let upload = |kind: &str, bytes: &[u8]| {
        raw(
            port,
            &format!(
                "POST /api/events/tmp-evil/logo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                bytes.len()
            ),
            bytes,
        )
    };
    let (status, body) = upload("image/png", b"MZ\x90\x00 a program with an image's name");
    assert!(
        status.contains("422") && body.contains("not a PNG or JPEG") && body.contains(r#""field":"logo""#),
        "{status} {body}"
    );
    let (status, body) = upload("application/pdf", b"%PDF-1.4");
    assert!(status.contains("415"), "{status} {body}");
    let mut bomb = std::io::Cursor::new(Vec::new());
    image::RgbaImage::new(1, 1).write_to(&mut bomb, image::ImageFormat::Png).unwrap();
    let mut bomb = bomb.into_inner();
    bomb[16..24].copy_from_slice(&[0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0]); // 100,000 × 100,000
    let (status, body) = upload("image/png", &bomb);
    assert!(status.contains("422") && body.contains("logo"), "{status} {body}");
    let head = format!(
        "POST /api/events/tmp-evil/logo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: image/png\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        100 << 20
    );
    let (status, body) = raw(port, &head, &[0; 4096]);
    assert!(status.contains("413"), "{status} {body}");
    assert!(!root.join("tmp-evil/logo.png").exists() && !root.join("tmp-evil/logo.jpg").exists());
    // A design naming a logo file of its own choosing.
    let sneaky = design("Evil", 2).replace(
        r#""crop_marks": false"#,
        r#""crop_marks": false, "logo": {"file": "../../../etc/passwd", "height_mm": 10}"#,
    );
    let (_, body, _) = exchange(port, "PUT", "/api/events/tmp-evil", "", &sneaky);
    assert_eq!(body["problems"][0]["field"], "logo", "{body}");

    // Another site's page cannot drive the studio.
    let (status, body) = raw(
        port,
        &format!("POST /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 17\r\nConnection: close\r\n\r\n"),
        br#"{"title": "Evil"}"#,
    );
    assert!(status.contains("403") && body.contains("its own pages"), "{status} {body}");
    let (status, _) =
        raw(port, &format!("GET /api/events HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"), b"");
    assert!(status.contains("403"), "{status}");

    // Two generates of one event at once: the second is refused; stopping leaves nothing.
    let (_, body, _) = post("/api/events", r#"{"title": "Big", "books": 10000}"#);
    let id = body["id"].as_str().unwrap().to_string();
    let (first, _, _) = post(&format!("/api/events/{id}/generate"), "");
    let (second, body, _) = post(&format!("/api/events/{id}/generate"), "");
    assert!(first.contains("202"), "{first}");
    assert!(second.contains("409"), "{second} {body}");
    exchange(port, "DELETE", &format!("/api/events/{id}/job"), "", "");
    let job = wait_job(port, &id);
    assert_eq!(job["state"], "stopped", "{job}");
    let mut left: Vec<String> = std::fs::read_dir(root.join(&id))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["studio.json"], "a stopped generate leaves only the design");

    // The browser gone mid-generate: the run still completes, whole.
    let (_, body, _) = post("/api/events", r#"{"title": "Gone", "books": 300}"#);
    let id = body["id"].as_str().unwrap().to_string();
    let (status, _) = raw(
        port,
        &format!("POST /api/events/{id}/generate HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert!(status.contains("202"));
    {
        // A progress stream dropped at once.
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let _ =
            s.write_all(format!("GET /api/events/{id}/progress HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes());
    }
    assert_eq!(wait_job(port, &id)["state"], "done");
    // A proof: the first 12 books, byte for byte the print file's first pages' content.
    let (status, body) = raw(
        port,
        &format!("GET /api/events/{id}/proof.pdf HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert!(status.contains("200") && body.starts_with("%PDF-1.3"), "{status}");
    // A booklet as a picture, for a player who gets it by message; one past the run is refused.
    let (status, body) = raw(
        port,
        &format!("GET /api/events/{id}/pictures/300 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert!(status.contains("200") && body.starts_with("\u{fffd}PNG"), "{status}");
    let (status, _, _) = exchange(port, "GET", &format!("/api/events/{id}/pictures/301"), "", "");
    assert!(status.contains("404"), "{status}");
    let out = assert_cmd::Command::cargo_bin("housie")
        .unwrap()
        .args(["verify", root.join(&id).to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));

    // Nothing outside the folder was touched.
    let mut outside: Vec<String> =
        std::fs::read_dir(d.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    outside.sort();
    assert_eq!(outside, ["events"]);
}

/// Beyond loopback, every API call needs the token the studio printed.
#[test]
fn beyond_loopback_the_studio_needs_its_token() {
    let d = Dir::new();
    let port = crate::serving::free_port();
    let listen = format!("0.0.0.0:{port}");
    let (_studio, line) = crate::studio_browser::spawn(&[d.join("e").to_str().unwrap(), "--listen", &listen]);
    let token = line.trim().split("?token=").nth(1).expect("a token in the address").to_string();
    crate::serving::wait_for_port(port, "housie studio");
    let (status, body, _) = exchange(port, "GET", "/api/events", "wrong", "");
    assert!(status.contains("401"), "{status} {body}");
    let (status, _, _) = exchange(port, "GET", "/api/events", &token, "");
    assert!(status.contains("200"), "{status}");
    // The page itself loads; its calls carry the token from its address.
    let (status, _) = raw(port, &format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"), b"");
    assert!(status.contains("200"), "{status}");
}

/// A proof is the print file's first 12 books, page for page.
#[test]
fn a_proof_is_the_print_files_first_twelve_pages() {
    let d = Dir::new();
    d.run(&["generate", "--books", "30", "--seed", "proof", "--out", "o", "-q"]).success();
    let proof = lopdf::Document::load_mem(&housie_files::booklets::proof(&d.join("o")).unwrap()).unwrap();
    let print = lopdf::Document::load(d.join("o/books.pdf")).unwrap();
    let pages = |doc: &lopdf::Document| -> Vec<Vec<u8>> {
        doc.get_pages().values().map(|&id| doc.get_page_content(id)).collect()
    };
    let (proof, print) = (pages(&proof), pages(&print));
    assert_eq!(proof.len(), 12);
    assert_eq!(proof[..], print[..12]);
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1, "nothing left behind");
}

/// A subtitle prints in place of the template's footer, from the studio and the command line;
/// the prize set the design names is the desk's first offer.
#[test]
#[cfg_attr(housie_missing_pdftotext, ignore = "needs poppler-utils (apt-get install poppler-utils)")]
fn a_subtitle_prints_at_the_foot_and_the_prize_set_is_checked() {
    let d = Dir::new();
    d.run(&["generate", "--books", "2", "--seed", "sub", "--subtitle", "Church Hall, Friday 7pm", "--out", "o", "-q"])
        .success();
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert_eq!(record["settings"]["subtitle"], "Church Hall, Friday 7pm");
    d.run(&["verify", "o"]).success();
    if let Some(pdftotext) = crate::util::tool("pdftotext") {
        let (_, text, _) =
            crate::util::run_tool(&pdftotext, &["-f", "1", "-l", "1", d.join("o/books.pdf").to_str().unwrap(), "-"]);
        assert!(text.contains("Church Hall, Friday 7pm") && !text.contains("Eyes down"), "{text}");
    }
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    exchange(port, "POST", "/api/events", "", r#"{"title": "Fair", "books": 2}"#);
    let (_, mut event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    let mut design = event["design"].take();
    design["subtitle"] = "St Mary's, 7pm".into();
    design["prizes"] = "bingo-deluxe".into();
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    assert_eq!(event["problems"][0]["field"], "prizes", "{event}");
    design["prizes"] = "tambola".into();
    exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    let (status, svg) = preview(port, "fair");
    assert!(status.contains("200") && svg.contains(">St Mary's, 7pm</text>"), "{status}");
}

/// The `phone` look takes the player page's address beside its field, refuses one phones
/// cannot open, and with one previews and generates tickets whose QR codes link to it.
#[test]
fn the_phone_look_asks_for_the_player_page_address_beside_its_field() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    exchange(port, "POST", "/api/events", "", r#"{"title": "Fair", "books": 2}"#);
    let (_, mut event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    let mut design = event["design"].take();
    design["look"] = "phone".into();
    // No address given: the studio's own night's (see studio_night.rs).
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    assert_eq!(event["problems"], serde_json::json!([]), "{event}");
    design["player_url"] = "192.168.1.20:8080".into();
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    assert_eq!(event["problems"][0]["field"], "player_url", "{event}");
    assert!(event["problems"][0]["message"].as_str().unwrap().contains("no http:// in front"), "{event}");
    design["player_url"] = "http://192.168.1.20:8080".into();
    let (_, event, _) = exchange(port, "PUT", "/api/events/fair", "", &design.to_string());
    assert_eq!(event["problems"], serde_json::json!([]), "{event}");
    let (status, _svg) = preview(port, "fair");
    assert!(status.contains("200"), "{status}");
    let (status, body, _) = exchange(port, "POST", "/api/events/fair/generate", "", "");
    assert!(status.contains("202") || status.contains("200"), "{status} {body}");
    assert_eq!(wait_job(port, "fair")["state"], "done");
    let record: serde_json::Value = serde_json::from_str(&d.read("events/fair/run.json")).unwrap();
    assert_eq!(record["settings"]["player_url"], "http://192.168.1.20:8080");
    assert_eq!(record["settings"]["template"], "phone");
}

/// A studio over a new folder with the event `fair` of 3 books printed: the folder, the
/// studio, its port.
fn printed_fair() -> (Dir, crate::serving::Process, u16) {
    let d = Dir::new();
    let (studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    exchange(port, "POST", "/api/events", "", r#"{"title": "Fair", "books": 3}"#);
    exchange(port, "POST", "/api/events/fair/generate", "", "");
    assert_eq!(wait_job(port, "fair")["state"], "done");
    (d, studio, port)
}

/// Once the night is open the paper is frozen (a change or a generate is 409), and the preview
/// still shows it.
#[test]
fn a_frozen_events_preview_still_shows_its_paper() {
    let (_d, _studio, port) = printed_fair();
    let (status, body, _) = exchange(port, "POST", "/api/events/fair/night", "", "");
    assert!(status.contains("200") && body["desk"].as_str().unwrap().contains("?token="), "{status} {body}");
    let (status, _) = preview(port, "fair");
    assert!(status.contains("200"), "{status}");
    let (status, body, _) = exchange(port, "POST", "/api/events/fair/generate", "", "");
    assert!(status.contains("409") && body["error"].as_str().unwrap().contains("frozen"), "{status} {body}");
    let (_, event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    assert_eq!(event["state"], "night_under_way");
    let (status, _, _) = exchange(port, "PUT", "/api/events/fair", "", &event["design"].to_string());
    assert!(status.contains("409"), "{status}");
}

/// The design form's choices and bounds are the engine's, served as its schema: the look
/// picker offers exactly the looks the engine ships (read off the shipped templates) and the
/// organiser's own, the count its limit; and the one form's HTML writes none of them (a look
/// or a bound added there would be a second copy of the engine's).
#[test]
fn the_form_is_drawn_from_the_engines_schema() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let (status, schema, _) = exchange(port_of(&url), "GET", "/api/schema", "", "");
    assert!(status.contains("200"), "{status} {schema}");
    let field = |name: &str| schema["fields"].as_array().unwrap().iter().find(|f| f["field"] == name).unwrap().clone();
    let mut offered: Vec<String> =
        field("look")["choices"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap().to_string()).collect();
    let mut shipped: Vec<String> = housie_core::print::template::looks().map(str::to_string).collect();
    shipped.push(housie_core::pipeline::design::OWN_LOOK.to_string());
    offered.sort_unstable();
    shipped.sort_unstable();
    assert_eq!(offered, shipped);
    assert_eq!(field("books")["max"], housie_core::pipeline::design::STUDIO_MAX_BOOKS as f64);
    assert_eq!(schema["new"]["look"], "classic", "{schema}");
    let form = include_str!("../../crates/housie-web/src/web/assets/design-form.html");
    for written in [" max=", " min=", " maxlength=", " step=", r#"<option value="classic""#, r#"<option value="uk""#] {
        assert!(!form.contains(written), "design-form.html writes `{written}`: the schema says it");
    }
}

/// An event's folder keeps its title's letters in any script: `दिवाली तम्बोला 2026` is the
/// folder `दिवाली-तम्बोला-2026` (a second one `…-2`), reached by its address percent-encoded,
/// and its proof downloads under that name (RFC 6266's `filename*`).
#[test]
fn an_events_folder_keeps_an_indic_title() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (status, body, _) =
            exchange(port, "POST", "/api/events", "", r#"{"title": "दिवाली तम्बोला 2026", "books": 2}"#);
        assert!(status.contains("201"), "{status} {body}");
        ids.push(body["id"].as_str().unwrap().to_string());
    }
    assert_eq!(ids, ["दिवाली-तम्बोला-2026", "दिवाली-तम्बोला-2026-2"]);
    assert!(d.join("events/दिवाली-तम्बोला-2026/studio.json").is_file());
    let path = format!("/api/events/{}", url::form_urlencoded::byte_serialize(ids[0].as_bytes()).collect::<String>());
    let (status, event, _) = exchange(port, "GET", &path, "", "");
    assert!(status.contains("200"), "{status} {event}");
    assert_eq!(event["design"]["title"], "दिवाली तम्बोला 2026");
    let (status, _, _) = exchange(port, "POST", &format!("{path}/generate"), "", "");
    assert!(status.contains("202"), "{status}");
    crate::studio_api::wait_job(port, &url::form_urlencoded::byte_serialize(ids[0].as_bytes()).collect::<String>());
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(
        format!("GET {path}/proof.pdf HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    let head = answer.split("\r\n\r\n").next().unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let disposition = head.lines().find(|l| l.to_lowercase().starts_with("content-disposition")).unwrap_or_default();
    assert!(
        disposition.contains("filename*=UTF-8''%E0%A4%A6%E0%A4%BF%E0%A4%B5%E0%A4%BE%E0%A4%B2%E0%A5%80%2D"),
        "{disposition}"
    );
}

/// A night played in the page and brought to the studio as `night.jsonl` beside the event's
/// run is the event's night as a database is: its state read from it (here, every game ended)
/// and its paper frozen.
#[test]
fn a_night_played_in_the_page_freezes_its_event_in_the_studio() {
    use housie_night::night::event_log::MemoryLog;
    use housie_night::night::{log_file, Night, PrizeChoice};
    let (d, _studio, port) = printed_fair();
    let (_, event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    assert_eq!(event["state"], "printed", "{event}");
    let run = housie_night::night::run_folder::open(&d.join("events/fair")).unwrap();
    let start = run.id.content.clone();
    let log = MemoryLog::new(&start, || "2026-12-06T19:02:10.864Z".into());
    let mut night = Night::over(run, log, housie_night::night::entropy::os()).unwrap();
    night.create_game("Game 1", &PrizeChoice::Named("uk".into()), "1-3", None, false).unwrap();
    night.call(1, 7).unwrap();
    night.end(1).unwrap();
    std::fs::write(d.join("events/fair/night.jsonl"), log_file::write(&start, night.log().rows())).unwrap();
    let (_, event, _) = exchange(port, "GET", "/api/events/fair", "", "");
    assert_eq!(event["state"], "ended", "{event}");
    let (status, body, _) = exchange(port, "POST", "/api/events/fair/generate", "", "");
    assert!(status.contains("409") && body["error"].as_str().unwrap().contains("frozen"), "{status} {body}");
}

/// The studio's *Quit* stops housie (a double-clicked housie has no terminal for Ctrl-C): a
/// request from another site is refused and changes nothing; the studio's own stops it, and
/// the process ends with success.
#[test]
fn quit_stops_the_studio_but_not_from_another_site() {
    let d = Dir::new();
    let (mut studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let head = format!(
        "POST /api/quit HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    let (status, _) = raw(port, &head, b"");
    assert!(status.contains("403"), "{status}");
    let (status, _, _) = exchange(port, "GET", "/api/events", "", "");
    assert!(status.contains("200"), "the studio still answers after a foreign quit: {status}");
    let (status, body, _) = exchange(port, "POST", "/api/quit", "", "");
    assert!(status.contains("200"), "{status} {body}");
    assert_eq!(body["quitting"], true);
    let code = studio.ends_within(10, "the studio, told to Quit,");
    assert!(code.success(), "{code:?}");
}

/// `housie` with no arguments and no terminal (as a file manager starts it): the studio over
/// Documents/housie in the user's home, answering, until its Quit.
#[test]
fn with_no_arguments_and_no_terminal_housie_opens_the_studio_over_documents() {
    use std::io::BufRead;
    let d = Dir::new();
    std::fs::create_dir_all(d.join("home/Documents")).unwrap();
    let _ports = crate::serving::DEFAULT_PORTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_housie"))
        .env("HOME", d.join("home"))
        .env("XDG_CONFIG_HOME", d.join("home/.config"))
        .env("BROWSER", "true")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut studio = crate::serving::Process(child);
    let mut line = String::new();
    std::io::BufReader::new(studio.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port = port_of(line.trim().trim_end_matches('/'));
    let (status, _, _) = exchange(port, "GET", "/api/schema", "", "");
    assert!(status.contains("200"), "{status}");
    assert!(d.join("home/Documents/housie").is_dir(), "the events folder is Documents/housie");
    let (status, _, _) = exchange(port, "POST", "/api/quit", "", "");
    assert!(status.contains("200"), "{status}");
    studio.ends_within(10, "the studio, told to Quit,");
    let mut said = String::new();
    studio.0.stderr.take().unwrap().read_to_string(&mut said).unwrap();
    assert!(said.contains("Documents/housie"), "the studio says where the events are: {said}");
}

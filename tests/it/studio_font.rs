//! A font uploaded to a studio event: only a font housie can print is kept, under its own
//! name; the event's title in a script housie's fonts lack then prints, and the run made with
//! it verifies after its folder moves, because the font travels beside it.

use crate::serving::exchange;
use crate::studio_api::{port_of, raw, wait_job};
use crate::studio_browser::studio;
use crate::util::{package_file, page_text, tool, Dir};

pub const BENGALI: &str = "/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf";

/// `bytes` posted to the event's font (the status line and the body).
fn upload(port: u16, id: &str, bytes: &[u8]) -> (String, serde_json::Value) {
    let head = format!(
        "POST /api/events/{id}/font HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: font/ttf\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        bytes.len()
    );
    let (status, body) = raw(port, &head, bytes);
    (status, serde_json::from_str(&body).unwrap_or(serde_json::Value::Null))
}

#[test]
fn a_font_uploaded_to_an_event_prints_its_title_and_travels_with_its_run() {
    let Some(bengali) = package_file(BENGALI, "fonts-noto-core") else { return };
    let Some(pdftotext) = tool("pdftotext") else { return };
    let d = Dir::new();
    let (studio_process, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let (status, body, _) = exchange(port, "POST", "/api/events", "", r#"{"title": "দীপাবলি তাম্বোলা", "books": 2}"#);
    assert!(status.contains("201"), "{status} {body}");
    let id = body["id"].as_str().unwrap().to_string();
    let path = url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>();
    let (_, body, _) = exchange(port, "GET", &format!("/api/events/{path}"), "", "");
    // housie's own fonts print no Bengali: the problem is beside the title, and names a font
    // and the field that takes it, not a command-line flag.
    let problem = &body["problems"][0];
    assert_eq!(problem["field"], "title", "{body}");
    assert_eq!(problem["said"]["id"], "print-script", "{body}");
    let message = problem["message"].as_str().unwrap();
    assert!(
        message.contains("upload a font that prints it, such as Noto Sans Bengali Bold") && !message.contains("--font"),
        "{message}"
    );

    // What is not a font housie can print is refused beside the font, and nothing is kept.
    let whole = std::fs::read(&bengali).unwrap();
    for (bytes, says) in [
        (&b"MZ\x90\x00 a program named font.ttf"[..], "not a TrueType/OpenType font"),
        (&whole[..whole.len() / 3], "past the end of the"),
    ] {
        let (status, body) = upload(port, &path, bytes);
        assert!(status.contains("422") && body["field"] == "font", "{status} {body}");
        assert!(body["error"].as_str().unwrap().contains(says), "{body}");
        assert!(body["said"]["id"].as_str().is_some_and(|id| id.starts_with("print-font-")), "{body}");
    }
    let head = format!(
        "POST /api/events/{path}/font HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        100 << 20
    );
    assert!(raw(port, &head, &[0; 4096]).0.contains("413"));
    let folder = d.join("events").join(&id);
    let kept = |ext: &str| {
        std::fs::read_dir(&folder).unwrap().flatten().any(|e| e.path().extension().is_some_and(|x| x == ext))
    };
    assert!(!kept("ttf") && !kept("otf"), "nothing kept from a refused upload");
    // A design naming a font file of its own choosing is refused beside the font.
    let (_, event, _) = exchange(port, "GET", &format!("/api/events/{path}"), "", "");
    let mut sneaky = event["design"].clone();
    sneaky["font"] = "../../../etc/passwd.ttf".into();
    let (_, body, _) = exchange(port, "PUT", &format!("/api/events/{path}"), "", &sneaky.to_string());
    assert!(body["problems"].as_array().unwrap().iter().any(|p| p["field"] == "font"), "{body}");
    sneaky["font"] = serde_json::Value::Null;
    exchange(port, "PUT", &format!("/api/events/{path}"), "", &sneaky.to_string());

    // The font itself: kept under its own name, and the title prints.
    let (status, body) = upload(port, &path, &whole);
    assert!(status.contains("200"), "{status} {body}");
    assert_eq!(body["design"]["font"], "NotoSansBengali-Bold.ttf");
    assert_eq!(body["problems"], serde_json::json!([]), "{body}");
    assert_eq!(std::fs::read(folder.join("NotoSansBengali-Bold.ttf")).unwrap(), whole);
    let (status, _, _) = exchange(port, "POST", &format!("/api/events/{path}/generate"), "", "");
    assert!(status.contains("202"), "{status}");
    assert_eq!(wait_job(port, &path)["state"], "done");
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("run.json")).unwrap()).unwrap();
    assert!(run["settings"]["font"].as_str().unwrap().ends_with("NotoSansBengali-Bold.ttf"), "{}", run["settings"]);
    let books = folder.join("books.pdf");
    let text = page_text(&pdftotext, books.to_str().unwrap(), 1);
    assert!(text.contains("দীপাবলি তাম্বোলা") && text.contains("No."), "{text}");
    // Back to housie's own fonts: the design forgets the font, but the run's font stays beside
    // the run, which needs it.
    let (_, body, _) = exchange(port, "DELETE", &format!("/api/events/{path}/font"), "", "");
    assert_eq!(body["design"]["font"], serde_json::Value::Null, "{body}");
    assert!(folder.join("NotoSansBengali-Bold.ttf").is_file());
    drop(studio_process);

    // The folder moved elsewhere still verifies: the run finds its font beside it.
    std::fs::rename(&folder, d.join("moved")).unwrap();
    d.run(&["verify", "moved"]).success();
    // Without the font, verify says which file to put back.
    std::fs::remove_file(d.join("moved/NotoSansBengali-Bold.ttf")).unwrap();
    let failed = d.run(&["verify", "moved"]);
    assert_ne!(failed.code(), 0);
    assert!(failed.stderr().contains("put NotoSansBengali-Bold.ttf (SHA-256"), "{}", failed.stderr());
}

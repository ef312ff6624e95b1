//! The studio's night is `serve`'s night: one address per event, kept across restarts and
//! printed in the `phone` look's codes; the event's currency; a printed run replaced only when
//! asked, and restored; Duplicate and Top up carrying the logo and the uploaded template.

use crate::serving::{exchange, free_port, wait_for_port};
use crate::studio_api::wait_job;
use crate::studio_browser::{spawn, studio};
use crate::util::Dir;

fn port_of(url: &str) -> u16 {
    url.rsplit(':').next().unwrap().parse().unwrap()
}

/// Creates event `title` with `books`, changes its design with `edit`, generates it.
fn made(port: u16, title: &str, books: u64, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let (_, body, _) =
        exchange(port, "POST", "/api/events", "", &format!(r#"{{"title": "{title}", "books": {books}}}"#));
    let id = body["id"].as_str().unwrap().to_string();
    let (_, mut event, _) = exchange(port, "GET", &format!("/api/events/{id}"), "", "");
    let mut design = event["design"].take();
    edit(&mut design);
    let (s, event, _) = exchange(port, "PUT", &format!("/api/events/{id}"), "", &design.to_string());
    assert!(s.contains("200") && event["problems"] == serde_json::json!([]), "{s} {event}");
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/generate"), "", "");
    assert!(s.contains("202"), "{s} {body}");
    assert_eq!(wait_job(port, &id)["state"], "done");
    id
}

#[test]
fn the_studio_night_keeps_its_address_and_the_phone_codes_name_it() {
    let d = Dir::new();
    let root = d.join("events");
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let (first, _) = spawn(&[root.to_str().unwrap(), "--listen", &listen]);
    wait_for_port(port, "the studio");
    // The phone look with no address given: the studio names its own night's.
    let id = made(port, "Fair", 2, |d| d["look"] = "phone".into());
    let file: serde_json::Value = serde_json::from_str(&d.read(&format!("events/{id}/studio.json"))).unwrap();
    let night_port = file["night_port"].as_u64().expect("a port chosen once, kept with the event");
    assert_eq!(file["night_phones"], true, "codes are for phones: the night lets them join");
    let record: serde_json::Value = serde_json::from_str(&d.read(&format!("events/{id}/run.json"))).unwrap();
    // This computer's address on its network (loopback only on a machine with none).
    let printed = record["settings"]["player_url"].as_str().unwrap().to_string();
    assert!(printed.ends_with(&format!(":{night_port}")), "{printed}");

    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/night"), "", "");
    assert!(s.contains("200"), "{s} {body}");
    let desk = body["desk"].as_str().unwrap().to_string();
    let here = format!("http://127.0.0.1:{night_port}");
    assert!(desk.starts_with(&format!("{here}/?token=")), "the caller's own address: {desk}");
    let (_, join, _) = exchange(night_port as u16, "GET", "/api/join", "", "");
    assert_eq!(join["url"], format!("{printed}/play"), "the board's code is where the tickets' codes point");
    assert_eq!(body["join"], join["url"]);

    // One night an event: `housie serve` on it is sent to the studio's desk.
    let other = free_port();
    let err =
        d.run(&["serve", &format!("events/{id}"), "--listen", &format!("127.0.0.1:{other}")]).expect_code(2).stderr();
    assert!(err.contains(&format!("being served at {here}")), "{err}");

    // The studio restarted: the same address, the same token.
    drop(first);
    let (_second, _) = spawn(&[root.to_str().unwrap(), "--listen", &listen]);
    wait_for_port(port, "the studio again");
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/night"), "", "");
    assert!(s.contains("200"), "{s} {body}");
    assert_eq!(body["desk"], desk.as_str(), "open desks, boards and phones find the night again");
}

/// *Let phones join*: off, only this computer reaches the night; on, it listens on the hall's
/// network and the board's code says where. Chosen before the desk opens; a run whose codes are
/// for phones keeps it on.
#[test]
fn let_phones_join_opens_the_night_to_the_hall() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let quiet = made(port, "Quiet", 2, |_| {});
    let (_, event, _) = exchange(port, "GET", &format!("/api/events/{quiet}"), "", "");
    assert_eq!(event["phones"], false);
    let (_, body, _) = exchange(port, "POST", &format!("/api/events/{quiet}/night"), "", "");
    assert!(body["join"].is_null(), "{body}");
    let night = port_of(body["desk"].as_str().unwrap().split("/?").next().unwrap());
    let (_, join, _) = exchange(night, "GET", "/api/join", "", "");
    assert_eq!(join["reachable"], false, "{join}");
    // An open night keeps its address.
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{quiet}/phones"), "", r#"{"join": true}"#);
    assert!(s.contains("409") && body["field"] == "phones", "{s} {body}");

    let hall = made(port, "Hall", 2, |_| {});
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{hall}/phones"), "", r#"{"join": true}"#);
    assert!(s.contains("200"), "{s} {body}");
    let (_, event, _) = exchange(port, "GET", &format!("/api/events/{hall}"), "", "");
    assert_eq!(event["phones"], true);
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{hall}/night"), "", "");
    assert!(s.contains("200") && body["join"].as_str().is_some_and(|j| j.ends_with("/play")), "{s} {body}");
    let night = port_of(body["desk"].as_str().unwrap().split("/?").next().unwrap());
    let (_, join, _) = exchange(night, "GET", "/api/join", "", "");
    assert_eq!(join["reachable"], true, "{join}");
    assert_eq!(join["url"], body["join"]);

    // The phone look's codes name the hall's address: phones cannot be turned away from them.
    let phone = made(port, "Phones", 2, |d| d["look"] = "phone".into());
    let printed: serde_json::Value = serde_json::from_str(&d.read(&format!("events/{phone}/run.json"))).unwrap();
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{phone}/phones"), "", r#"{"join": false}"#);
    if printed["settings"]["player_url"].as_str().unwrap().contains("127.0.0.1") {
        assert!(s.contains("200"), "a machine with no network: its codes are for this computer: {s} {body}");
    } else {
        assert!(s.contains("409") && body["error"].as_str().unwrap().contains("QR codes"), "{s} {body}");
    }
}

#[test]
fn a_rupee_event_cashes_up_in_rupees_grouped_in_lakh() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let id = made(port, "Diwali Tambola", 4, |d| {
        d["currency"] = "INR".into();
        d["prizes"] = "tambola".into();
    });
    let (_, body, _) = exchange(port, "POST", &format!("/api/events/{id}/night"), "", "");
    let desk = body["desk"].as_str().unwrap();
    let night_port = port_of(desk.split("/?").next().unwrap());
    let token = desk.split("token=").nth(1).unwrap().split('&').next().unwrap();
    let (s, v, _) = exchange(night_port, "POST", "/api/sales", token, r#"{"books": "1-2", "price": "57000.00"}"#);
    assert!(s.contains("201"), "{s} {v}");
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", night_port)).unwrap();
    use std::io::{Read, Write};
    write!(
        stream,
        "GET /api/cashup?format=text&token={token} HTTP/1.1\r\nHost: 127.0.0.1:{night_port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    assert!(text.contains("₹1,14,000.00"), "{text}");
    assert!(!text.contains('£'), "{text}");
}

#[test]
fn replacing_a_run_asks_first_and_a_replaced_run_is_restored() {
    let d = Dir::new();
    let (_studio, url) = studio(&d.join("events"));
    let port = port_of(&url);
    let id = made(port, "Fete", 3, |_| {});
    let base = format!("/api/events/{id}");
    let first_pdf = std::fs::read(d.join(&format!("events/{id}/books.pdf"))).unwrap();
    let (_, event, _) = exchange(port, "GET", &base, "", "");
    let first = event["run_code"].as_str().unwrap().to_string();

    // Not without saying so: the paper may be at the print shop.
    let (s, body, _) = exchange(port, "POST", &format!("{base}/generate"), "", "");
    assert!(s.contains("409") && body["field"] == "replace", "{s} {body}");
    assert!(body["error"].as_str().unwrap().contains(&first), "{body}");
    // A stale tab's generate or edit is refused, not applied.
    let stale = r#"{"replace": true, "version": "0123456789abcdef"}"#;
    let (s, body, _) = exchange(port, "POST", &format!("{base}/generate"), "", stale);
    assert!(s.contains("409") && body["error"].as_str().unwrap().contains("changed elsewhere"), "{s} {body}");
    let (s, body, _) = exchange(
        port,
        "POST",
        &format!("{base}/generate"),
        "",
        &format!(r#"{{"replace": true, "version": "{}"}}"#, event["version"].as_str().unwrap()),
    );
    assert!(s.contains("202"), "{s} {body}");
    assert_eq!(wait_job(port, &id)["state"], "done");
    let (_, event, _) = exchange(port, "GET", &base, "", "");
    assert_ne!(event["run_code"], first.as_str());
    assert_eq!(event["replaced"][0]["code"], first.as_str(), "{event}");

    // Restored: byte for byte the first run.
    let name = event["replaced"][0]["name"].as_str().unwrap();
    let (s, body, _) = exchange(port, "POST", &format!("{base}/restore"), "", &format!(r#"{{"name": "{name}"}}"#));
    assert!(s.contains("202"), "{s} {body}");
    assert_eq!(wait_job(port, &id)["state"], "done");
    let (_, event, _) = exchange(port, "GET", &base, "", "");
    assert_eq!(event["run_code"], first.as_str());
    assert_eq!(std::fs::read(d.join(&format!("events/{id}/books.pdf"))).unwrap(), first_pdf);
    d.run(&["verify", &format!("events/{id}")]).success();
    // Only names the event lists are restored.
    let (s, _, _) = exchange(port, "POST", &format!("{base}/restore"), "", r#"{"name": "../../etc/passwd"}"#);
    assert!(s.contains("404"), "{s}");
}

#[test]
fn duplicate_and_top_up_keep_the_logo_and_the_uploaded_template() {
    let d = Dir::new();
    let root = d.join("events");
    let (_studio, url) = studio(&root);
    let port = port_of(&url);
    let (_, body, _) = exchange(port, "POST", "/api/events", "", r#"{"title": "Club", "books": 2}"#);
    let id = body["id"].as_str().unwrap().to_string();
    let mut png = Vec::new();
    image::RgbImage::from_pixel(600, 300, image::Rgb([200, 30, 30]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let upload = |path: &str, kind: &str, body: &[u8]| {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .unwrap();
        s.write_all(body).unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    };
    upload(&format!("/api/events/{id}/logo"), "image/png", &png);
    upload(&format!("/api/events/{id}/template"), "text/plain", housie_core::print::template::BUILTIN[0].1.as_bytes());
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/generate"), "", "");
    assert!(s.contains("202"), "{s} {body}");
    assert_eq!(wait_job(port, &id)["state"], "done");

    let (_, dup, _) = exchange(port, "POST", &format!("/api/events/{id}/duplicate"), "", "");
    let (_, top, _) = exchange(port, "POST", &format!("/api/events/{id}/top-up"), "", r#"{"books": 2}"#);
    for new in [dup["id"].as_str().unwrap(), top["id"].as_str().unwrap()] {
        assert_eq!(
            std::fs::read(root.join(new).join("logo.png")).unwrap(),
            std::fs::read(root.join(&id).join("logo.png")).unwrap()
        );
        assert!(root.join(new).join("template.toml").is_file(), "{new}");
        let (_, event, _) = exchange(port, "GET", &format!("/api/events/{new}"), "", "");
        assert_eq!(event["problems"], serde_json::json!([]), "{new}: {event}");
        let (s, body, _) = exchange(port, "POST", &format!("/api/events/{new}/generate"), "", "");
        assert!(s.contains("202"), "{new}: {s} {body}");
        assert_eq!(wait_job(port, new)["state"], "done", "{new}");
    }
    // The event topped up is never replaced, said in the studio's words (no server path, no flag).
    let (_, event, _) = exchange(port, "GET", &format!("/api/events/{id}"), "", "");
    let again = format!(r#"{{"replace": true, "version": "{}"}}"#, event["version"].as_str().unwrap());
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/generate"), "", &again);
    let said = body["error"].as_str().unwrap_or_default();
    assert!(s.contains("409") && said.contains("tops this one up"), "{s} {body}");
    assert!(!said.contains('/') && !said.contains("--"), "{said}");
}

/// A studio.json too large to be a design is the organiser's to mend (422, not 500); a
/// run.json edited to name a file outside the event, or a link put in its folder, serves nothing.
#[test]
fn hand_edited_event_files_are_refused_not_served() {
    let d = Dir::new();
    let root = d.join("events");
    let (_studio, url) = studio(&root);
    let port = port_of(&url);
    let id = made(port, "Fete", 1, |_| {});
    std::fs::write(d.join("secret.txt"), "the seed of another event").unwrap();
    let record = d.read(&format!("events/{id}/run.json"));
    let edited = record.replacen("\"name\": \"manifest.csv\"", "\"name\": \"../../secret.txt\"", 1);
    assert_ne!(edited, record);
    std::fs::write(root.join(&id).join("run.json"), &edited).unwrap();
    let (s, _, _) = exchange(port, "GET", &format!("/api/events/{id}/files/..%2F..%2Fsecret.txt"), "", "");
    assert!(s.contains("404"), "{s}");
    std::fs::write(root.join(&id).join("run.json"), &record).unwrap();
    #[cfg(unix)]
    {
        std::fs::rename(root.join(&id).join("manifest.csv"), root.join(&id).join("kept.csv")).unwrap();
        std::os::unix::fs::symlink(d.join("secret.txt"), root.join(&id).join("manifest.csv")).unwrap();
        let (s, _, _) = exchange(port, "GET", &format!("/api/events/{id}/files/manifest.csv"), "", "");
        assert!(s.contains("404"), "a link is not followed: {s}");
    }
    std::fs::write(root.join(&id).join("studio.json"), vec![b' '; 100 * 1024]).unwrap();
    let (s, body, _) = exchange(port, "GET", &format!("/api/events/{id}"), "", "");
    assert!(s.contains("422"), "{s} {body}");
}

/// Archive: an event's folder moved whole out of the list, never deleted; not while a top-up
/// reads its run.
#[test]
fn an_archived_event_leaves_the_list_and_keeps_its_folder() {
    let d = Dir::new();
    let root = d.join("events");
    let (_studio, url) = studio(&root);
    let port = port_of(&url);
    let id = made(port, "Fete", 2, |_| {});
    let (_, top, _) = exchange(port, "POST", &format!("/api/events/{id}/top-up"), "", r#"{"books": 2}"#);
    let top = top["id"].as_str().unwrap().to_string();
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/archive"), "", "");
    assert!(s.contains("409") && body["error"].as_str().unwrap().contains("tops this one up"), "{s} {body}");
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{top}/archive"), "", "");
    assert!(s.contains("200"), "{s} {body}");
    let (s, body, _) = exchange(port, "POST", &format!("/api/events/{id}/archive"), "", "");
    assert!(s.contains("200") && body["archived"] == format!(".archived/{id}"), "{s} {body}");
    let (_, list, _) = exchange(port, "GET", "/api/events", "", "");
    assert_eq!(list, serde_json::json!([]), "{list}");
    // Nothing deleted: the run still verifies where it went.
    assert!(!root.join(&id).exists());
    d.run(&["verify", root.join(".archived").join(&id).to_str().unwrap()]).success();
}

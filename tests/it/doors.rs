//! One request, three doors, one answer: `housie generate`, the studio's API and the page's
//! `housie.js` (in Node) decide the same design the same way — a festival run's bleed, booklets,
//! a colour logo placed where it fits — and, given the same seed and date, write the same files
//! byte for byte. The studio draws with a seed nobody can guess, so its run is held to the
//! same settings, and regenerates byte for byte with `housie verify`.

use std::path::{Path, PathBuf};

use crate::serving::exchange;
use crate::studio_api::{port_of, raw, wait_job};
use crate::studio_browser::studio;
use crate::util::Dir;
use crate::wasm::node;

/// The date every door dates its run (the harness's SOURCE_DATE_EPOCH).
const DATE: i64 = 1_795_000_000;

fn colour_logo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logos/colour.png")
}

/// Each case: its name, the command line's flags, and the same as a design.
fn cases() -> Vec<(&'static str, Vec<String>, serde_json::Value)> {
    let logo = colour_logo().display().to_string();
    vec![
        (
            "festival",
            ["--template", "festival", "--books", "5", "--title", "Doors"].map(String::from).to_vec(),
            serde_json::json!({ "title": "Doors", "look": "festival", "books": 5 }),
        ),
        (
            "booklets",
            ["--booklets", "3", "--games", "2", "--title", "Booklets"].map(String::from).to_vec(),
            serde_json::json!({ "title": "Booklets", "booklets": 3, "games": 2 }),
        ),
        (
            "logo",
            [
                "--template",
                "festival",
                "--books",
                "2",
                "--title",
                "A long title for the logo to fit beside",
                "--logo",
                &logo,
            ]
            .map(String::from)
            .to_vec(),
            serde_json::json!({ "title": "A long title for the logo to fit beside", "look": "festival", "books": 2,
                "logo": { "file": "logo.png" } }),
        ),
    ]
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn the_command_line_the_studio_and_the_page_decide_alike_and_write_the_same_bytes() {
    let d = Dir::new();
    // The command line.
    for (name, flags, _) in cases() {
        let mut args: Vec<&str> = vec!["generate", "--seed", "doors", "--out", name, "-q"];
        args.extend(flags.iter().map(String::as_str));
        d.run(&args).success();
    }
    // The page, in Node.
    let list: Vec<serde_json::Value> = cases()
        .into_iter()
        .map(|(name, _, design)| {
            let files = serde_json::json!({ "logo.png": colour_logo().display().to_string() });
            serde_json::json!({ "name": name, "design": design, "seed": "doors", "date": DATE, "files": files })
        })
        .collect();
    let page = node(&d, "generate", &serde_json::Value::Array(list));
    for (name, _, _) in cases() {
        let mine = crate::util::names(&d.join(name));
        assert_eq!(crate::util::names(&page.join(name)), mine, "{name}: the same files");
        for file in &mine {
            let (cli, js) =
                (std::fs::read(d.join(name).join(file)).unwrap(), std::fs::read(page.join(name).join(file)).unwrap());
            assert!(cli == js, "{name}/{file}: the command line's and the page's bytes differ");
        }
    }
    // What each decided: the festival look's bleed, the logo's place and height.
    let settings = |dir: &Path| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(dir.join("run.json")).unwrap()).unwrap()
            ["settings"]
            .clone()
    };
    assert_eq!(settings(&d.join("festival"))["bleed_mm"], 3.0, "a look whose colour reaches the trim bleeds 3 mm");
    assert_eq!(settings(&d.join("booklets"))["bleed_mm"], 3.0, "so do booklets in their games' colours");
    let logo = settings(&d.join("logo"))["logo"].clone();
    assert_eq!(logo["file"], "logo.png");

    // The studio: each design through its API, generated with its own seed.
    let root = d.join("events");
    let (_studio, url) = studio(&root);
    let port = port_of(&url);
    for (name, _, design) in cases() {
        let (status, body, _) = exchange(
            port,
            "POST",
            "/api/events",
            "",
            &serde_json::json!({ "title": design["title"], "books": 1 }).to_string(),
        );
        assert!(status.contains("201"), "{status} {body}");
        let id = body["id"].as_str().unwrap().to_string();
        let (_, event, _) = exchange(port, "GET", &format!("/api/events/{id}"), "", "");
        let mut full = event["design"].clone();
        for (key, value) in design.as_object().unwrap() {
            if key != "logo" {
                full[key] = value.clone();
            }
        }
        if design.get("booklets").is_some() {
            full["books"] = serde_json::Value::Null;
        }
        let (status, body, _) = exchange(port, "PUT", &format!("/api/events/{id}"), "", &full.to_string());
        assert!(status.contains("200") && body["problems"] == serde_json::json!([]), "{name}: {status} {body}");
        if design.get("logo").is_some() {
            let png = std::fs::read(colour_logo()).unwrap();
            let head = format!(
                "POST /api/events/{id}/logo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: image/png\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                png.len()
            );
            let (status, body) = raw(port, &head, &png);
            assert!(status.contains("200") || status.contains("201"), "{status} {body}");
        }
        let (status, body, _) = exchange(port, "POST", &format!("/api/events/{id}/generate"), "", "");
        assert!(status.contains("202"), "{name}: {status} {body}");
        assert_eq!(wait_job(port, &id)["state"], "done", "{name}");
        let studio_run = root.join(&id);
        assert_eq!(settings(&studio_run), settings(&d.join(name)), "{name}: the studio decided otherwise");
        let out = d.run(&["verify", studio_run.to_str().unwrap()]).success().stdout();
        assert!(out.contains("compared byte for byte"), "{out}");
    }
}

/// What the studio and the page design for the night (its prize set, its money) is in run.json
/// where it is not the default, so a run made in the page and served by `housie serve` plays
/// as it was designed; a design left as it is records neither, as the command line does.
#[test]
fn the_nights_choices_travel_in_the_run() {
    use housie_core::pipeline::design::Design;
    use housie_core::pipeline::SeedChoice;
    use housie_core::support::date::RunDate;
    let d = Dir::new();
    let world = housie_core::world::Files::default();
    let make = |name: &str, design: Design| -> serde_json::Value {
        let planned = design.plan(Path::new("/e"), SeedChoice::Random([7; 32]), RunDate::EPOCH, None, &world).unwrap();
        crate::util::generate(&planned.plan, &d.join(name), &|_| {}).unwrap();
        let text = std::fs::read_to_string(d.join(name).join("run.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["settings"].clone()
    };
    let tambola = make("tambola", Design { prizes: "tambola".into(), currency: "INR".into(), ..Design::default() });
    assert_eq!((&tambola["prizes"], &tambola["currency"]), (&serde_json::json!("tambola"), &serde_json::json!("INR")));
    let plain = make("plain", Design::default());
    assert!(plain.get("prizes").is_none() && plain.get("currency").is_none(), "{plain}");
    // The command line says the same with its flags, and refuses what no night can play.
    d.run(&["generate", "--books", "1", "--prizes", "tambola", "--currency", "INR", "--out", "cli", "-q"]).success();
    let cli: serde_json::Value = serde_json::from_str(&d.read("cli/run.json")).unwrap();
    assert_eq!((&cli["settings"]["prizes"], &cli["settings"]["currency"]), (&tambola["prizes"], &tambola["currency"]));
    d.run(&["generate", "--books", "1", "--prizes", "uk", "--currency", "GBP", "--out", "cli-uk", "-q"]).success();
    let uk: serde_json::Value = serde_json::from_str(&d.read("cli-uk/run.json")).unwrap();
    assert!(uk["settings"].get("prizes").is_none() && uk["settings"].get("currency").is_none(), "{uk}");
    let bad = d.run(&["generate", "--books", "1", "--prizes", "lotto", "--out", "bad", "-q"]).expect_code(2);
    assert!(bad.stderr().contains("--prizes is `lotto`, a prize set housie does not have"), "{}", bad.stderr());
    let bad = d.run(&["generate", "--books", "1", "--currency", "rupees", "--out", "bad", "-q"]).expect_code(2);
    assert!(bad.stderr().contains("--currency is `rupees`"), "{}", bad.stderr());
    let opened =
        housie_web::web::opening::open_night(&d.join("tambola"), housie_web::web::opening::NightSettings::default())
            .expect("the night opens");
    assert_eq!(opened.prizes.as_deref(), Some("tambola"));
    drop(opened);
    let plain = housie_web::web::opening::open_night(&d.join("plain"), Default::default()).expect("opens");
    assert_eq!(plain.prizes, None);
}

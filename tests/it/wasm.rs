//! The engine in a page is the engine: housie-core built for WebAssembly and run by Node
//! through the site's own module (`site/housie.js`, as `scripts/build-site` lays it out) makes
//! the same runs, byte for byte, as the native build makes of the same designs — plain books,
//! booklets in colour on Letter with bleed, marks, a Hindi subtitle and a logo converted to
//! CMYK, a phone look with QR links, two books a page — and its C libraries give the native
//! build's figures. A page's run (its zip, unpacked) verifies with `housie verify`; a native
//! run verifies in the page; what a visitor could drop or ask for that is wrong or hostile is
//! refused with the field it belongs beside, and nothing is made.

use std::path::{Path, PathBuf};

use housie_core::export::MemoryFiles;
use housie_core::pipeline::design::Design;
use housie_core::pipeline::{write_run, SeedChoice, Watch};
use housie_core::support::date::RunDate;
use housie_core::world::Files;

use crate::util::Dir;

const DATE: i64 = 1_795_000_000;

/// The built site: `HOUSIE_SITE` (scripts/build-site's OUT).
pub fn site() -> PathBuf {
    std::env::var_os("HOUSIE_SITE").map_or_else(|| PathBuf::from("/nonexistent"), PathBuf::from)
}

fn logo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/logo-example.png")
}

/// A font uploaded to the event (housie's own Devanagari font, as any other file).
const FONT: &str = "NotoSansDevanagari-Bold.ttf";

fn font() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/housie-core/fonts").join(FONT)
}

/// Runs `tests/it/wasm_run.mjs` with `op` on `cases`, in `d`; its output folder.
pub fn node(d: &Dir, op: &str, cases: &serde_json::Value) -> PathBuf {
    let input = d.join(&format!("{op}.json"));
    std::fs::write(&input, serde_json::to_string(cases).unwrap()).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/wasm_run.mjs");
    let out = d.join(&format!("out-{op}"));
    let run =
        std::process::Command::new("node").arg(script).arg(site()).arg(op).arg(&input).arg(&out).output().unwrap();
    assert!(run.status.success(), "node {op}: {}", String::from_utf8_lossy(&run.stderr));
    out
}

/// Each case: its name, the design (the studio's event JSON) and the seed.
fn cases() -> Vec<(&'static str, serde_json::Value, &'static str)> {
    vec![
        ("plain", serde_json::json!({ "title": "Spring Fair", "books": 20 }), "spring"),
        (
            "booklets",
            serde_json::json!({
                "title": "Golden", "look": "festival", "paper": "letter", "books": null, "booklets": 2, "games": 2,
                "subtitle": "दिवाली तम्बोला · Hall B", "bleed_mm": 3.0, "crop_marks": true,
                "logo": { "file": "logo.png", "height_mm": 7.0, "position": "footer-left" }
            }),
            "golden",
        ),
        (
            "phone",
            serde_json::json!({ "title": "Phones", "look": "phone", "books": 2, "player_url": "http://192.168.1.20:8080" }),
            "phones",
        ),
        (
            "twelve",
            serde_json::json!({ "title": "Two a page", "look": "twelve", "books": 5, "lines": "repeat" }),
            "twelve",
        ),
        // The event's own font prints the title; what it lacks falls back to housie's fonts.
        ("font", serde_json::json!({ "title": "दिवाली तम्बोला", "books": 3, "font": FONT }), "font"),
        // Logos that are resampled at 12 mm: the same pixels in the page as natively.
        ("logo-colour", logo_case("logo.png"), "colour"),
        ("logo-photo", logo_case("logo.jpg"), "photo"),
        ("logo-grey", logo_case("logo.png"), "grey"),
        ("logo-alpha", logo_case("logo.png"), "alpha"),
    ]
}

/// A festival design with a logo, kept as `file`, at 12 mm in the header's middle.
fn logo_case(file: &str) -> serde_json::Value {
    let logo = serde_json::json!({ "file": file, "height_mm": 12.0, "position": "header-centre" });
    serde_json::json!({ "title": "Logo", "look": "festival", "books": 2, "logo": logo })
}

/// The files a case's event holds: each logo case its own image (its seed names it).
fn files_of(name: &str, seed: &str) -> Vec<(&'static str, PathBuf)> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logos");
    match name.strip_prefix("logo-") {
        Some(_) if seed == "photo" => vec![("logo.jpg", data.join("photo.jpg"))],
        Some(_) => vec![("logo.png", data.join(format!("{seed}.png")))],
        None => vec![("logo.png", logo()), (FONT, font())],
    }
}

/// The same design's run, made natively through the same path a page takes.
fn native(name: &str, design: &serde_json::Value, seed: &str) -> MemoryFiles {
    let design: Design = serde_json::from_value(design.clone()).unwrap();
    let world = files_of(name, seed)
        .into_iter()
        .fold(Files::default(), |w, (kept, path)| w.with(kept, std::fs::read(path).unwrap()));
    let date = RunDate::from_unix(DATE).unwrap();
    let planned = design.plan(Path::new(""), SeedChoice::Text(seed.into()), date, None, &world).unwrap();
    let mut files = MemoryFiles::default();
    write_run(&planned.plan, &mut files, Watch::none()).unwrap();
    files
}

/// The zip at `zip` unpacked into `into`.
pub fn unzip(zip: &Path, into: &Path) {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    archive.extract(into).unwrap();
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn the_engine_in_a_page_makes_the_native_engines_bytes() {
    let d = Dir::new();
    let list: Vec<serde_json::Value> = cases()
        .into_iter()
        .map(|(name, design, seed)| {
            let files: serde_json::Map<String, serde_json::Value> = files_of(name, seed)
                .into_iter()
                .map(|(kept, path)| (kept.to_string(), path.display().to_string().into()))
                .collect();
            serde_json::json!({ "name": name, "design": design, "seed": seed, "date": DATE, "files": files })
        })
        .collect();
    let out = node(&d, "generate", &serde_json::Value::Array(list));
    for (name, design, seed) in cases() {
        let native = native(name, &design, seed);
        let mut made: Vec<String> = crate::util::names(&out.join(name));
        let mut mine: Vec<String> = native.files().iter().map(|(n, _)| n.clone()).collect();
        made.sort();
        mine.sort();
        assert_eq!(made, mine, "{name}: the page makes the files the native engine makes");
        for (file, bytes) in native.files() {
            let theirs = out.join(name).join(file);
            let mine = d.join(&format!("native-{name}-{file}"));
            std::fs::write(&mine, bytes).unwrap();
            // `cmp`, as an auditor would run it.
            let cmp = std::process::Command::new("cmp").arg(&mine).arg(&theirs).output().unwrap();
            assert!(cmp.status.success(), "{name}/{file}: {}", String::from_utf8_lossy(&cmp.stdout));
        }
    }
    // The C libraries, on inputs that cover every logo and every page.
    let check: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("self_check.json")).unwrap()).unwrap();
    let native = housie_core::self_check::self_check();
    assert_eq!(
        (check["colours"].as_str(), check["deflate"].as_str()),
        (Some(&*native.colours), Some(&*native.deflate))
    );
    // A page's run, downloaded as its zip and unpacked, is a run: `housie verify` regenerates
    // it byte for byte (the logo and the font travel in the zip, beside run.json, where it
    // names them).
    for name in ["plain", "booklets", "font"] {
        unzip(&out.join(format!("{name}.zip")), &d.join("unzipped"));
        d.run(&["verify", &format!("unzipped/{name}")]).success();
    }
    assert!(d.join("unzipped/booklets/logo.png").is_file() && d.join("unzipped/booklets/proof.pdf").is_file());
    assert!(d.join("unzipped/font").join(FONT).is_file() && !d.join("unzipped/plain").join(FONT).exists());
    // Control: a changed byte is caught.
    let mut pdf = std::fs::read(d.join("unzipped/plain/books.pdf")).unwrap();
    let at = pdf.len() / 2;
    pdf[at] ^= 1;
    std::fs::write(d.join("unzipped/plain/books.pdf"), pdf).unwrap();
    d.run(&["verify", "unzipped/plain"]).expect_code(1);
}

/// Writes `files` (name, bytes) as a zip at `path`, each name as given.
pub fn zip_of(path: &Path, files: &[(&str, &[u8])]) {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, bytes) in files {
        z.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(bytes).unwrap();
    }
    z.finish().unwrap();
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn a_native_run_verifies_in_the_page_and_a_forged_one_does_not() {
    let d = Dir::new();
    d.run(&["generate", "--books", "12", "--seed", "native", "--out", "native"]).success();
    d.run(&["generate", "--books", "12", "--seed", "other", "--out", "other"]).success();
    let read = |p: &str| std::fs::read(d.join(p)).unwrap();
    // A manifest edited inside a zip: two tickets' rows swapped.
    let manifest = String::from_utf8(read("native/manifest.csv")).unwrap();
    let mut lines: Vec<String> = manifest.lines().map(String::from).collect();
    lines.swap(3, 4);
    let edited = lines.join("\n") + "\n";
    assert_ne!(edited, manifest);
    // A run.json whose seed was changed.
    let record = String::from_utf8(read("native/run.json")).unwrap();
    let seed = serde_json::from_str::<serde_json::Value>(&record).unwrap()["seed"].as_str().unwrap().to_string();
    let reseeded = record.replace(&seed, &format!("{}0", &seed[..seed.len() - 1]));
    let pdf = read("native/books.pdf");
    let other = read("other/run.json");
    let zips = [
        (
            "edited",
            vec![
                ("run/run.json", record.as_bytes()),
                ("run/manifest.csv", edited.as_bytes()),
                ("run/books.pdf", &pdf[..]),
            ],
        ),
        (
            "reseeded",
            vec![("run.json", reseeded.as_bytes()), ("manifest.csv", manifest.as_bytes()), ("books.pdf", &pdf[..])],
        ),
        ("mixed", vec![("run.json", &other[..]), ("manifest.csv", manifest.as_bytes()), ("books.pdf", &pdf[..])]),
        ("escaping", vec![("../run.json", record.as_bytes()), ("manifest.csv", manifest.as_bytes())]),
        ("absolute", vec![("/tmp/run.json", record.as_bytes())]),
        ("two", vec![("a/run.json", record.as_bytes()), ("b/run.json", record.as_bytes())]),
        ("empty", vec![("readme.txt", &b"hello"[..])]),
    ];
    let mut cases = vec![serde_json::json!({ "name": "native", "dir": d.join("native") })];
    for (name, files) in &zips {
        zip_of(&d.join(&format!("{name}.zip")), files);
        cases.push(serde_json::json!({ "name": name, "zip": d.join(&format!("{name}.zip")) }));
    }
    std::fs::write(d.join("not.zip"), b"PK\x03\x04 nothing after").unwrap();
    cases.push(serde_json::json!({ "name": "not-a-zip", "zip": d.join("not.zip") }));
    // The manifest twice, an edited copy first: the zip crate alone keeps the last.
    zip_of(
        &d.join("twice.zip"),
        &[
            ("run/run.json", record.as_bytes()),
            ("run/manifest.csv", edited.as_bytes()),
            ("run/manifest.cs_", manifest.as_bytes()),
            ("run/books.pdf", &pdf[..]),
        ],
    );
    let twice = std::fs::read(d.join("twice.zip")).unwrap();
    let renamed: Vec<usize> = (0..twice.len() - 16).filter(|&i| &twice[i..i + 16] == b"run/manifest.cs_").collect();
    let mut twice = twice;
    renamed.iter().for_each(|&i| twice[i + 15] = b'v');
    std::fs::write(d.join("twice.zip"), twice).unwrap();
    cases.push(serde_json::json!({ "name": "twice", "zip": d.join("twice.zip") }));
    // A 2 MB zip that inflates to 2 GB, measured: the page's peak memory stays near its own.
    bomb(&d.join("bomb.zip"));
    cases.push(serde_json::json!({ "name": "bomb", "zip": d.join("bomb.zip") }));
    let out = node(&d, "verify", &serde_json::Value::Array(cases));
    let answers: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("verify.json")).unwrap()).unwrap();
    let native = &answers["native"];
    assert_eq!(native["ok"], true, "{native}");
    assert!(native["summary"].as_str().unwrap().contains("regenerated from seed and compared byte for byte"));
    let problems = |name: &str| answers[name]["problems"].to_string();
    assert_eq!(answers["edited"]["ok"], false);
    assert!(problems("edited").contains("manifest.csv"), "{}", answers["edited"]);
    assert_eq!(answers["reseeded"]["ok"], false, "{}", answers["reseeded"]);
    assert_eq!(answers["mixed"]["ok"], false, "{}", answers["mixed"]);
    assert!(problems("mixed").contains("books.pdf"), "{}", answers["mixed"]);
    for (name, words) in [
        ("escaping", "outside its folder"),
        ("absolute", "outside its folder"),
        ("two", "more than one folder"),
        ("empty", "there is no run.json"),
        ("not-a-zip", "not a zip file"),
        ("twice", "holds `run/manifest.csv` twice"),
        ("bomb", "unpacks to more than 384 MiB"),
    ] {
        let thrown = &answers[name]["thrown"];
        assert_eq!(thrown["housie"], true, "{name}: {thrown}");
        assert_eq!(thrown["field"], "run", "{name}: {thrown}");
        assert!(thrown["message"].as_str().unwrap().contains(words), "{name}: {thrown}");
    }
    let (engine, process) = (answers["engine_peak"].as_u64().unwrap(), answers["process_peak"].as_u64().unwrap());
    assert!(engine < 256 << 20, "the engine's peak memory through every case, the bomb too: {} MB", engine >> 20);
    eprintln!("verifying, the bomb included: the engine's peak {} MB, Node's {} MB", engine >> 20, process >> 20);
}

/// A zip of one 2 GB file of zeros (about 2 MB deflated), as `run/manifest.csv`.
pub fn bomb(path: &Path) {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    z.start_file("run/manifest.csv", options).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..2000 {
        z.write_all(&zeros).unwrap();
    }
    z.finish().unwrap();
    assert!(std::fs::metadata(path).unwrap().len() < 16 << 20);
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn the_page_refuses_what_it_cannot_print_beside_its_field() {
    let d = Dir::new();
    let mut bomb = std::io::Cursor::new(Vec::new());
    image::RgbaImage::new(1, 1).write_to(&mut bomb, image::ImageFormat::Png).unwrap();
    let mut bomb = bomb.into_inner();
    bomb[16..24].copy_from_slice(&[0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0]); // 100,000 × 100,000
    let mut crc = flate2::Crc::new();
    crc.update(&bomb[12..29]); // IHDR's type and data, with their checksum made good
    bomb[29..33].copy_from_slice(&crc.sum().to_be_bytes());
    std::fs::write(d.join("bomb.png"), &bomb).unwrap();
    std::fs::write(d.join("program.png"), b"MZ\x90\x00 a program with an image's name").unwrap();
    std::fs::write(d.join("huge.png"), vec![0u8; 100 << 20]).unwrap();
    let logo = |file: &str| serde_json::json!({ "logo.png": d.join(file) });
    let with_logo = serde_json::json!({ "title": "Logo", "books": 2, "seed": "s",
        "logo": { "file": "logo.png", "height_mm": 10.0, "position": "header-centre" } });
    let cases = serde_json::json!([
        { "name": "bomb", "request": with_logo, "files": logo("bomb.png") },
        { "name": "program", "request": with_logo, "files": logo("program.png") },
        { "name": "huge", "request": with_logo, "files": logo("huge.png") },
        { "name": "billion", "request": { "title": "Big", "books": 1_000_000_000u64, "seed": "s" } },
        { "name": "no-title", "request": { "title": " ", "books": 2, "seed": "s" } },
        { "name": "unknown", "request": { "title": "X", "books": 2, "seed": "s", "colour": "red" } },
        { "name": "sneaky-logo", "request": { "title": "X", "books": 2, "seed": "s",
            "logo": { "file": "../../etc/passwd", "height_mm": 10.0 } } },
        { "name": "bengali", "request": { "title": "বাংলা বিঙ্গো", "books": 2, "seed": "s" } },
        { "name": "twelve-subtitle", "request": { "title": "X", "books": 2, "seed": "s", "look": "twelve",
            "subtitle": "सन सिटी सोसाइटी" } },
        { "name": "control", "request": { "title": "Fine", "books": 2, "seed": "s" } },
    ]);
    let out = node(&d, "refuse", &cases);
    let answers: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("refuse.json")).unwrap()).unwrap();
    assert_eq!(answers["control"], "made", "the control is made: {answers}");
    for (name, field, words) in [
        ("bomb", "logo", "logo picture"),
        ("program", "logo", "PNG or JPEG"),
        ("huge", "logo", "larger than"),
        ("billion", "books", "up to 100000"),
        ("no-title", "title", "title"),
        ("unknown", "event", "colour"),
        ("sneaky-logo", "logo", "upload the logo"),
        ("bengali", "title", "upload a font that prints it, such as Noto Sans Bengali Bold"),
        ("twelve-subtitle", "subtitle", "across the cut"),
    ] {
        let thrown = &answers[name]["thrown"];
        assert_eq!(thrown["field"], field, "{name}: {thrown}");
        assert!(thrown["message"].as_str().unwrap().contains(words), "{name}: {thrown}");
    }
    // What the organiser's own text causes carries its catalogue message, for the page's language.
    assert_eq!(answers["bengali"]["thrown"]["said"]["id"], "print-script", "{answers}");
    assert_eq!(answers["twelve-subtitle"]["thrown"]["said"]["id"], "print-subtitle-on-cut", "{answers}");
    // Every refusal that is a catalogue message, said in Hindi by the engine's `say`, is in
    // Hindi's letters (an English one left in place, Latin only, fails here).
    let mut said = 0;
    for (name, answer) in answers.as_object().unwrap() {
        let Some(hindi) = answer.get("hindi").and_then(|h| h.as_str()) else { continue };
        assert!(hindi.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)), "{name}: {hindi}");
        said += 1;
    }
    assert!(said >= 6, "only {said} refusals said in Hindi: {answers}");
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn a_top_up_made_in_the_page_continues_a_native_run_and_verifies_beside_it() {
    let d = Dir::new();
    d.run(&["generate", "--books", "6", "--seed", "fair", "--title", "Fair", "--out", "fair"]).success();
    // How many more, and nothing else: the run says how it looks.
    let case = serde_json::json!({ "dir": d.join("fair"), "request": { "books": 4 } });
    let out = node(&d, "top-up", &case);
    std::fs::rename(out, d.join("fair-more")).unwrap();
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("fair-more/run.json")).unwrap()).unwrap();
    assert_eq!(record["settings"]["first_book"], 7, "numbered on: {}", record["settings"]);
    assert_eq!(record["settings"]["title"], "Fair", "as the run it continues: {}", record["settings"]);
    let verify = d.run(&["verify", "fair-more"]).success();
    assert!(verify.stdout().contains("the run it continues"), "{}", verify.stdout());
}

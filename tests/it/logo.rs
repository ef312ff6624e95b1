//! A logo on the tickets: in the print file one CMYK (or grey) image shared by every page,
//! converted through the file's own output profile, so the file stays PDF/X-1a; placed where
//! the template says, checked for fit and resolution; the same run verifies, and a changed
//! image is noticed. Hostile images are refused with a reason.

use lopdf::Document;

use crate::util::{run_tool, tool, Dir};

/// A 600 × 300 PNG: a red disc and a blue block on transparency.
pub fn logo_png(path: &std::path::Path, width: u32, height: u32) {
    let img = image::RgbaImage::from_fn(width, height, |x, y| {
        let (cx, cy, r) = (height as f32 / 2.0, height as f32 / 2.0, height as f32 / 2.0 - 4.0);
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        if dx * dx + dy * dy < r * r {
            image::Rgba([200, 30, 40, 255])
        } else if x > width / 2 && y > height / 5 && y < 4 * height / 5 {
            image::Rgba([20, 90, 200, 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    });
    img.save(path).unwrap();
}

fn images(doc: &Document) -> Vec<&lopdf::Stream> {
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|n| n.as_name().ok()) == Some(b"Image"))
        .collect()
}

#[test]
#[cfg_attr(
    any(housie_missing_gs, housie_missing_qpdf, housie_missing_pdfimages),
    ignore = "needs Ghostscript, qpdf and poppler (apt-get install ghostscript qpdf poppler-utils)"
)]
fn a_logo_prints_as_one_cmyk_image_and_the_run_still_verifies() {
    let d = Dir::new();
    logo_png(&d.join("club.png"), 600, 300);
    d.run(&["generate", "--books", "3", "--seed", "logo", "--bleed", "3", "--logo", "club.png", "--out", "o", "-q"])
        .success();
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let found = images(&doc);
    assert_eq!(found.len(), 1, "one image object, shared by every page");
    let image = found[0];
    assert_eq!(image.dict.get(b"ColorSpace").unwrap().as_name().unwrap(), b"DeviceCMYK");
    assert_eq!(image.dict.get(b"BitsPerComponent").unwrap().as_i64().unwrap(), 8);
    assert!(!image.dict.has(b"SMask"), "PDF/X-1a has no transparency");
    let pixels = image.decompressed_content().unwrap();
    // 300 pixels over 12 mm would be 635 ppi; classic's header leaves 10 mm 3 mm clear of its
    // cut and the trim, so 762: resampled to the 400 the print shows (158 high).
    let (w, h) = (316, 158);
    assert_eq!(image.dict.get(b"Width").unwrap().as_i64().unwrap(), w as i64);
    assert_eq!(pixels.len(), w * h * 4);
    // The disc's red, through FOGRA39: no cyan, full magenta; the transparent corner: no ink.
    let at = |x: usize, y: usize| &pixels[(y * w + x) * 4..(y * w + x) * 4 + 4];
    assert!(at(79, 79)[0] < 60 && at(79, 79)[1] > 200, "{:?}", at(79, 79));
    assert!(at(0, 0).iter().all(|&v| v < 3), "{:?}", at(0, 0));
    // Every page draws it, in the header's middle.
    for (_, id) in doc.get_pages() {
        let content = String::from_utf8_lossy(&doc.get_page_content(id)).into_owned();
        assert!(content.contains("/HOUSIELOGO Do"), "{content}");
    }
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert_eq!(record["settings"]["logo"]["height_mm"], 12.0);
    assert_eq!(record["settings"]["logo"]["sha256"].as_str().unwrap().len(), 64);
    d.run(&["verify", "o"]).success();
    let pdf = d.join("o/books.pdf").display().to_string();
    if let Some(qpdf) = tool("qpdf") {
        let (code, out, err) = run_tool(&qpdf, &["--check", &pdf]);
        assert!(code == 0 && out.contains("No syntax or stream encoding errors"), "{out}{err}");
    }
    if let Some(gs) = tool("gs") {
        let (code, out, err) = run_tool(&gs, &["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", &pdf]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    }
    if let Some(pdfimages) = tool("pdfimages") {
        let (code, out, err) = run_tool(&pdfimages, &["-list", d.join("o/books.pdf").to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi
        let rows: Vec<Vec<&str>> = out.lines().skip(2).map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(rows.len(), 3, "{out}");
        assert!(rows.iter().all(|r| r[5] == "cmyk" && r[6] == "4"), "{out}");
        let ppi: f64 = rows[0][12].parse().unwrap();
        assert!((ppi - 400.0).abs() < 2.0, "189 pixels over 12 mm is 400 ppi: {out}");
    }
    // The organiser's own image changed since: the run carries its own copy, so nothing changes.
    logo_png(&d.join("club.png"), 600, 301);
    d.run(&["verify", "o"]).success();
    // The run's copy changed: verify notices.
    logo_png(&d.join("o/logo.png"), 600, 301);
    let out = d.run(&["verify", "o"]);
    assert_ne!(out.code(), 0);
    assert!(
        out.stdout().contains("not the logo the run was made with") || out.stderr().contains("not the logo"),
        "{}{}",
        out.stdout(),
        out.stderr()
    );
}

/// A phone's 12-megapixel photo as the logo: the print file carries what 10 mm at 400 ppi can
/// show, not the photo, and the preview shows it at screen size.
#[test]
fn a_phone_photo_as_logo_costs_a_file_no_more_than_its_print_shows() {
    let d = Dir::new();
    let photo = image::RgbImage::from_fn(4000, 3000, |x, y| {
        // A smooth scene with a photo's grain.
        let grain = ((x.wrapping_mul(2654435761) ^ y.wrapping_mul(40503)) >> 13) as u8 % 24;
        image::Rgb([(x / 16) as u8 ^ grain, (y / 12) as u8 ^ grain, ((x + y) / 28) as u8 ^ grain])
    });
    let mut jpeg = std::fs::File::create(d.join("photo.jpg")).unwrap();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(&photo).unwrap();
    drop(jpeg);
    let bare = ["generate", "--books", "1", "--seed", "photo", "--template", "classic", "-q"];
    d.run(&[&bare[..], &["--out", "bare"]].concat()).success();
    d.run(&[&bare[..], &["--logo", "photo.jpg", "--out", "o"]].concat()).success();
    let cost = std::fs::metadata(d.join("o/books.pdf")).unwrap().len()
        - std::fs::metadata(d.join("bare/books.pdf")).unwrap().len();
    assert!(cost <= 100 * 1024, "the photo costs the file {cost} bytes");
    let doc = Document::load(d.join("o/books.pdf")).unwrap();
    let found = images(&doc);
    // Asked 12 mm, printed 10: classic's header keeps it 3 mm from its cut and the trim.
    assert_eq!(found[0].dict.get(b"Height").unwrap().as_i64().unwrap(), 158, "400 ppi at 10 mm");
    d.run(&["verify", "o"]).success();
    // The preview draws it at screen size, once.
    let logo =
        housie_core::print::logo::Logo::from_bytes(&std::fs::read(d.join("photo.jpg")).unwrap(), "photo.jpg").unwrap();
    assert!(logo.screen_png.len() < 200 * 1024, "{} bytes", logo.screen_png.len());
}

#[test]
fn a_logo_that_does_not_fit_or_is_too_coarse_or_not_an_image_is_refused() {
    let d = Dir::new();
    logo_png(&d.join("small.png"), 60, 30);
    let out =
        d.run(&["generate", "--books", "1", "--seed", "s", "--logo", "small.png", "--out", "o", "-q"]).expect_code(2);
    assert!(out.stderr().contains("pixels per inch"), "{}", out.stderr());
    logo_png(&d.join("wide.png"), 5000, 300);
    // Its place and height both said: refused where it does not fit.
    let centre = ["--logo-position", "header-centre", "--logo-height", "12"];
    let args = [&["generate", "--books", "1", "--seed", "s", "--logo", "wide.png"][..], &centre, &["--out", "o", "-q"]];
    let out = d.run(&args.concat()).expect_code(2);
    assert!(out.stderr().contains("overlaps"), "{}", out.stderr());
    // Its place alone said: as high as fits there, as --logo-height's help says, and said so.
    let right = ["--logo-position", "footer-right"];
    let args =
        [&["generate", "--books", "1", "--seed", "s", "--logo", "wide.png"][..], &right, &["--out", "right", "-q"]];
    let out = d.run(&args.concat()).success();
    assert!(out.stderr().contains("the logo goes at the footer-right"), "{}", out.stderr());
    // Placed by no flag, it goes where it first fits, and says so.
    let out =
        d.run(&["generate", "--books", "1", "--seed", "s", "--logo", "wide.png", "--out", "fits", "-q"]).success();
    assert!(out.stderr().contains("the logo goes at the header-centre, 8 mm high, where it fits"), "{}", out.stderr());
    let out = d
        .run(&[
            "generate",
            "--books",
            "1",
            "--seed",
            "s",
            "--logo",
            "wide.png",
            "--logo-height",
            "40",
            "--out",
            "o",
            "-q",
        ])
        .expect_code(2);
    assert!(out.stderr().contains("header is"), "{}", out.stderr());
    std::fs::write(d.join("fake.png"), b"MZ\x90\x00 this is a program").unwrap();
    let out =
        d.run(&["generate", "--books", "1", "--seed", "s", "--logo", "fake.png", "--out", "o", "-q"]).expect_code(2);
    assert!(out.stderr().contains("is not a PNG or JPEG image"), "{}", out.stderr());
    assert!(!d.join("o").exists() || std::fs::read_dir(d.join("o")).unwrap().next().is_none(), "nothing written");
}

#[test]
fn a_template_places_its_own_logo_relative_to_itself() {
    let d = Dir::new();
    std::fs::create_dir(d.join("look")).unwrap();
    logo_png(&d.join("look/sponsor.png"), 400, 400);
    let classic = housie_core::print::template::BUILTIN[0].1;
    std::fs::write(
        d.join("look/sponsored.toml"),
        format!("{classic}\n[logo]\nfile = \"sponsor.png\"\nheight = 5\nposition = \"footer-right\"\n"),
    )
    .unwrap();
    d.run(&["generate", "--books", "1", "--seed", "t", "--template", "look/sponsored.toml", "--out", "o", "-q"])
        .success();
    let record: serde_json::Value = serde_json::from_str(&d.read("o/run.json")).unwrap();
    assert_eq!(record["settings"]["logo"]["position"], "footer-right");
    // Found beside the template, and carried in the run's folder as the run's logo.
    assert_eq!(record["settings"]["logo"]["file"], "logo.png");
    assert_eq!(std::fs::read(d.join("o/logo.png")).unwrap(), std::fs::read(d.join("look/sponsor.png")).unwrap());
    d.run(&["verify", "o"]).success();
}

/// Tickets as pictures: one PNG a booklet, its pages one under the other, drawn from the page
/// the print file carries (so a phone shows what the paper does, logo and all).
#[test]
#[cfg_attr(housie_missing_zbarimg, ignore = "needs zbarimg (apt-get install zbar-tools)")]
fn export_png_writes_a_picture_a_booklet_that_scans_back_to_its_serials() {
    let d = Dir::new();
    logo_png(&d.join("club.png"), 600, 300);
    d.run(&[
        "generate",
        "--booklets",
        "3",
        "--games",
        "2",
        "--seed",
        "png",
        "--logo",
        "club.png",
        "--out",
        "run",
        "-q",
    ])
    .success();
    d.run(&["export", "run", "--booklets", "2", "--png", "--dpi", "200", "--out", "post"]).success();
    let png = std::fs::read(d.join("post/booklet-000002.png")).unwrap();
    let picture = image::load_from_memory(&png).unwrap();
    // Two A4 pages at 200 dpi, one under the other: a player's copy has no bleed (the print
    // file's booklets have 3 mm), so a home printer prints it at its size.
    let page_h = (297.0 / 25.4 * 200.0_f64).ceil() as u32;
    assert_eq!((picture.width(), picture.height()), ((210.0 / 25.4 * 200.0_f64).ceil() as u32, 2 * page_h));
    assert!(d.read("post/links.csv").contains(",booklet-000002.png,"));
    // Its barcodes scan back to booklet 2's serials.
    if let Some(zbarimg) = tool("zbarimg") {
        let (code, out, err) =
            run_tool(&zbarimg, &["-q", "--raw", d.join("post/booklet-000002.png").to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let mut found: Vec<&str> = out.lines().collect();
        found.sort();
        let rows = crate::util::manifest_rows(&d.read("run/manifest.csv"));
        let mut want: Vec<&str> = rows.iter().filter(|r| r.booklet == 2).map(|r| r.serial.as_str()).collect();
        want.sort();
        assert_eq!(found, want);
    }
}

/// The players' pages show the logo the tickets print: the night serves it.
#[test]
fn the_night_serves_the_runs_logo_to_the_players_pages() {
    let d = Dir::new();
    logo_png(&d.join("club.png"), 600, 300);
    d.run(&["generate", "--books", "2", "--seed", "phones", "--logo", "club.png", "--out", "run", "-q"]).success();
    d.run(&["generate", "--books", "2", "--seed", "plain", "--out", "plain", "-q"]).success();
    for (run, want) in [("run", "200"), ("plain", "404")] {
        let port = crate::serving::free_port();
        let (_server, _) = crate::serving::serve(&d.join(run), port);
        crate::serving::wait_for_port(port, "housie serve");
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let head = format!("GET /logo.png HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
        std::io::Write::write_all(&mut s, head.as_bytes()).unwrap();
        let mut answer = Vec::new();
        std::io::Read::read_to_end(&mut s, &mut answer).unwrap();
        let status = String::from_utf8_lossy(&answer[..answer.len().min(15)]).into_owned();
        assert!(status.contains(want), "{run}: {status}");
    }
    assert!(include_str!("../../crates/housie-web/src/web/assets/play.js").contains("\"/logo.png\""));
}

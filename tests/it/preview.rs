//! The studio's preview is the print: the page drawn as SVG (and as PNG from it) puts every
//! word where poppler finds it in the PDF, and every dark pixel where poppler's rendering has
//! one, within 0.5 mm.

use housie_core::pipeline::{preview, PREVIEW_SEED};
use housie_core::{GeneratePlan, Settings};

use crate::util::{run_tool, tool, Dir};

const MM_PER_PT: f32 = 25.4 / 72.0;
/// How far apart the preview and the print may put anything.
const TOLERANCE_MM: f32 = 0.5;

/// A run generated with the preview's own sample seed, so that both show the same books.
fn plan(settings: Settings) -> GeneratePlan {
    crate::util::plan(PREVIEW_SEED, settings)
}

/// A word and where it sits: its left edge and baseline, mm from the sheet's top left.
#[derive(Debug)]
struct Word {
    text: String,
    x: f32,
    baseline: f32,
}

fn attr(tag: &str, name: &str) -> f32 {
    let start = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    tag[start..].split('"').next().unwrap().parse().unwrap()
}

/// The first word of each text the preview writes.
fn svg_words(svg: &str) -> Vec<Word> {
    svg.match_indices("<text ")
        .map(|(i, _)| {
            let tag = &svg[i..i + svg[i..].find('>').unwrap()];
            let text = svg[i + tag.len() + 1..].split('<').next().unwrap();
            Word { text: text.split(' ').next().unwrap().to_string(), x: attr(tag, "x"), baseline: attr(tag, "y") }
        })
        .collect()
}

/// The words poppler finds on page 1, their baselines from the font's ascent and descent
/// (poppler's box spans them).
fn pdf_words(pdf: &std::path::Path) -> Option<Vec<Word>> {
    let pdftotext = tool("pdftotext")?;
    let (code, out, err) = run_tool(&pdftotext, &["-bbox", "-f", "1", "-l", "1", pdf.to_str().unwrap(), "-"]);
    assert_eq!(code, 0, "{err}");
    let metrics = |font: &[u8]| {
        let face = ttf_parser::Face::parse(font, 0).unwrap();
        (f32::from(face.ascender()), -f32::from(face.descender()))
    };
    let latin = metrics(include_bytes!("../../crates/housie-core/fonts/LiberationSans-Bold.ttf"));
    let devanagari = metrics(include_bytes!("../../crates/housie-core/fonts/NotoSansDevanagari-Bold.ttf"));
    Some(
        out.lines()
            .filter(|l| l.trim_start().starts_with("<word "))
            .map(|l| {
                let (y0, y1) = (attr(l, "yMin"), attr(l, "yMax"));
                let text = l.split('>').nth(1).unwrap().split('<').next().unwrap().to_string();
                // A word in housie's own Devanagari font spans that font's ascent and descent.
                let hindi = text.chars().next().is_some_and(|c| ('\u{900}'..='\u{97f}').contains(&c));
                let (ascent, descent) = if hindi { devanagari } else { latin };
                Word {
                    text,
                    x: attr(l, "xMin") * MM_PER_PT,
                    baseline: (y0 + (y1 - y0) * ascent / (ascent + descent)) * MM_PER_PT,
                }
            })
            .collect(),
    )
}

/// Page 1 rendered by poppler at `dpi`, grey.
fn pdf_pixels(pdf: &std::path::Path, dpi: u32, out: &std::path::Path) -> Option<(usize, usize, Vec<u8>)> {
    let pdftoppm = tool("pdftoppm")?;
    let r = dpi.to_string();
    let args = ["-gray", "-r", &r, "-f", "1", "-l", "1", "-singlefile", pdf.to_str().unwrap(), out.to_str().unwrap()];
    let (code, _, err) = run_tool(&pdftoppm, &args);
    assert_eq!(code, 0, "{err}");
    let pgm = std::fs::read(out.with_extension("pgm")).unwrap();
    // P5 header: magic, width, height, maxval, each followed by whitespace.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    Some((w, h, pgm[at + 1..at + 1 + w * h].to_vec()))
}

/// The preview rendered at `dpi` (through `picture::png`), grey.
fn svg_pixels(svg: &str, dpi: u32) -> (usize, usize, Vec<u8>) {
    let png = housie_core::picture::png::render(svg, dpi).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let grey =
        pixmap.pixels().iter().map(|p| ((u16::from(p.red()) + u16::from(p.green()) + u16::from(p.blue())) / 3) as u8);
    (pixmap.width() as usize, pixmap.height() as usize, grey.collect())
}

/// The share of `a`'s dark pixels with ink of `b` within `reach` pixels. (The two renderers
/// draw a hairline differently: poppler widens it to a whole dark pixel, resvg greys it.)
fn matched(a: &(usize, usize, Vec<u8>), b: &(usize, usize, Vec<u8>), reach: usize) -> f64 {
    let at = |img: &(usize, usize, Vec<u8>), x: usize, y: usize| {
        if x < img.0 && y < img.1 {
            img.2[y * img.0 + x]
        } else {
            255
        }
    };
    let dark = |img: &(usize, usize, Vec<u8>), x: usize, y: usize| at(img, x, y) < 128;
    let ink = |img: &(usize, usize, Vec<u8>), x: usize, y: usize| at(img, x, y) < 224;
    let (mut all, mut near) = (0u64, 0u64);
    for y in 0..a.1 {
        for x in 0..a.0 {
            if dark(a, x, y) {
                all += 1;
                let hit = (y.saturating_sub(reach)..=y + reach)
                    .any(|yy| (x.saturating_sub(reach)..=x + reach).any(|xx| ink(b, xx, yy)));
                near += u64::from(hit);
            }
        }
    }
    near as f64 / all.max(1) as f64
}

fn check(name: &str, settings: Settings) {
    let d = Dir::new();
    let plan = plan(settings);
    crate::util::generate(&plan, &d.join("o"), &|_| {}).unwrap();
    let svg = preview(&plan, 1).unwrap();
    let pdf = d.join(&format!(
        "o/{}",
        if plan.settings().games.is_some() && plan.settings().order == housie_core::pipeline::Order::Games {
            "game-01.pdf"
        } else {
            "books.pdf"
        }
    ));
    let Some(printed) = pdf_words(&pdf) else { return };
    let previewed = svg_words(&svg);
    assert!(previewed.len() >= 3 * 16, "{name}: {} texts", previewed.len());
    for w in &previewed {
        // poppler keeps a shaped run's `/ActualText` whole, spaces and all.
        let found = printed.iter().find(|p| {
            p.text.split(' ').next() == Some(w.text.as_str())
                && (p.x - w.x).abs() < TOLERANCE_MM
                && (p.baseline - w.baseline).abs() < TOLERANCE_MM
        });
        assert!(
            found.is_some(),
            "{name}: the preview's {w:?} is not in the print: {:?}",
            printed.iter().filter(|p| p.text == w.text).collect::<Vec<_>>()
        );
    }
    let dpi = 100;
    let Some(print_px) = pdf_pixels(&pdf, dpi, &d.join("page")) else { return };
    let preview_px = svg_pixels(&svg, dpi);
    assert!(
        print_px.0.abs_diff(preview_px.0) <= 1 && print_px.1.abs_diff(preview_px.1) <= 1,
        "{name}: sizes {:?} {:?}",
        (print_px.0, print_px.1),
        (preview_px.0, preview_px.1)
    );
    // 0.5 mm is 1.97 pixels at 100 dpi.
    let reach = (TOLERANCE_MM / 25.4 * dpi as f32).floor() as usize;
    let (a, b) = (matched(&preview_px, &print_px, reach), matched(&print_px, &preview_px, reach));
    assert!(a > 0.995 && b > 0.995, "{name}: {a:.4} of the preview's ink is near the print's, {b:.4} the other way");
}

#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdftoppm),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn the_preview_puts_everything_where_the_print_does() {
    let base = || Settings { books: 2, title: "Spring Fair".into(), ..Settings::default() };
    check("classic", base());
    check(
        "festival booklets",
        Settings { books: 6, games: Some(3), template: "festival".into(), bleed_mm: 3.0, crop_marks: true, ..base() },
    );
    check("twelve", Settings { template: "twelve".into(), ..base() });
    // Shaped Devanagari, in housie's own font, with Latin after it.
    check("hindi", Settings { title: "दिवाली तम्बोला Night".into(), ..base() });
    check("large print", Settings { template: "large-print".into(), ..base() });
    check("by game", Settings { books: 6, games: Some(3), order: housie_core::pipeline::Order::Games, ..base() });
    // A logo, in the festival band: the image's dark pixels must land where poppler draws them.
    let d = Dir::new();
    crate::logo::logo_png(&d.join("club.png"), 600, 300);
    let logo = |position, height_mm| housie_core::pipeline::LogoSettings {
        file: d.join("club.png"),
        sha256: String::new(),
        height_mm,
        position,
    };
    use housie_core::print::logo::LogoPosition;
    check(
        "logo",
        Settings { template: "festival".into(), logo: Some(logo(LogoPosition::HeaderCentre, 10.0)), ..base() },
    );
    check("logo in the footer", Settings { logo: Some(logo(LogoPosition::FooterLeft, 5.0)), ..base() });
}

/// The preview draws every operator the print draws with, for every shipped template in A4 and
/// Letter (the phone look's QR codes included), booklets in game colours, bleed and marks, a
/// logo and 2-up: `svg::page` refuses (in a debug build, as tests are) a drawing it cannot
/// read whole. Its negative control is `an_operator_the_preview_does_not_draw_is_noted`.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "the operator check is a debug assertion: run it in a debug build")]
fn the_preview_reads_every_operator_of_every_look() {
    let url = housie_core::domain::PlayerUrl::parse("http://192.168.1.20:8090").unwrap();
    let d = Dir::new();
    crate::logo::logo_png(&d.join("club.png"), 600, 300);
    for (name, _) in housie_core::print::template::BUILTIN {
        // twelve's middle (and twenty-four's, and the slips') is the cut between its strips,
        // refused for a logo: its left, with no title there. A landscape page is not set 2-up.
        let shipped = housie_core::print::template::Template::shipped(name).unwrap();
        let twelve = shipped.layout().columns > 1;
        let landscape = shipped.page().orientation == housie_core::print::template::Orientation::Landscape;
        use housie_core::print::logo::LogoPosition::{HeaderCentre, HeaderLeft};
        let position = if twelve { HeaderLeft } else { HeaderCentre };
        let base = Settings {
            books: 6,
            template: name.to_string(),
            player_url: name.starts_with("phone").then(|| url.clone()),
            ..Settings::default()
        };
        let looks = [
            base.clone(),
            Settings {
                games: Some(3),
                order: housie_core::pipeline::Order::Games,
                bleed_mm: 3.0,
                crop_marks: true,
                ..base.clone()
            },
            Settings {
                logo: Some(housie_core::pipeline::LogoSettings {
                    file: d.join("club.png"),
                    sha256: String::new(),
                    height_mm: 6.0,
                    position,
                }),
                impose: (!landscape).then_some(housie_core::pipeline::Impose::TwoUp),
                title: if twelve { String::new() } else { base.title.clone() },
                ..base
            },
        ];
        for settings in looks {
            let svg = preview(&plan(settings.clone()), 1).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(svg.contains("<path"), "{name}: {settings:?}");
        }
    }
}

/// The negative control: a preview shifted by 0.6 mm fails both checks.
#[test]
#[cfg_attr(
    any(housie_missing_pdftotext, housie_missing_pdftoppm),
    ignore = "needs poppler-utils (apt-get install poppler-utils)"
)]
fn a_preview_off_by_more_than_half_a_millimetre_is_caught() {
    let d = Dir::new();
    let plan = plan(Settings { books: 1, ..Settings::default() });
    crate::util::generate(&plan, &d.join("o"), &|_| {}).unwrap();
    let svg = preview(&plan, 1).unwrap();
    let shifted =
        svg.replacen(r#"<g aria-hidden="true">"#, r#"<g aria-hidden="true" transform="translate(0.6 0)">"#, 1);
    let pdf = d.join("o/books.pdf");
    let Some(print_px) = pdf_pixels(&pdf, 100, &d.join("page")) else { return };
    let reach = (TOLERANCE_MM / 25.4 * 100.0).floor() as usize;
    assert!(matched(&svg_pixels(&svg, 100), &print_px, reach) > 0.995);
    assert!(matched(&svg_pixels(&shifted, 100), &print_px, reach) < 0.9);
    let moved = svg.replace(r#"<text x=""#, r#"<text x="1"#);
    let printed = pdf_words(&pdf).unwrap();
    let w = &svg_words(&moved)[0];
    assert!(!printed.iter().any(|p| p.text == w.text && (p.x - w.x).abs() < TOLERANCE_MM));
}

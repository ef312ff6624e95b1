//! The signed cash-up sheet, read back from its PDF.

use super::*;

/// A cash-up page read back: its texts' heights, its rules (height, from, to) and the number
/// of glyphs in its title, all in mm.
type SheetPage = (Vec<f32>, Vec<(f32, f32, f32)>, usize);

/// The bytes a text operator shows (two a glyph), in a string or an array of them.
fn shown(o: &lopdf::Object) -> usize {
    match o {
        lopdf::Object::String(bytes, _) => bytes.len(),
        lopdf::Object::Array(items) => items.iter().map(shown).sum(),
        _ => 0,
    }
}

fn mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// Each page of a cash-up sheet: its text lines' y, its rules' y and x ends, in mm, and the
/// glyphs of its title.
fn read_sheet(bytes: &[u8]) -> Vec<SheetPage> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    doc.get_pages()
        .values()
        .map(|&id| {
            let content = lopdf::content::Content::decode(&doc.get_page_content(id)).unwrap();
            let num = |o: &lopdf::Object| o.as_float().unwrap();
            let (mut texts, mut lines, mut start) = (Vec::new(), Vec::new(), (0.0, 0.0));
            let mut title = None;
            for op in &content.operations {
                match op.operator.as_str() {
                    "Tj" | "TJ" if title.is_none() => title = Some(shown(&op.operands[0]) / 2),
                    "Tm" => texts.push(mm(num(&op.operands[5]))),
                    "m" => start = (mm(num(&op.operands[0])), mm(num(&op.operands[1]))),
                    "l" => lines.push((start.1, start.0, mm(num(&op.operands[0])))),
                    _ => {}
                }
            }
            // A line set in pieces (a total's label and its figure) is one line.
            texts.dedup_by(|a, b| (*a - *b).abs() < 0.01);
            (texts, lines, title.unwrap_or(0))
        })
        .collect()
}

/// The cash-up sheet's layout, read back from its PDF: the title at the top margin, a line
/// every 4.6 mm, 50 lines a page, the signature block (two names, each with three ruled
/// lines from 46 mm to the right margin) only under the last page's lines.
#[test]
fn the_cashup_sheet_lays_its_lines_and_signatures_out_as_drawn() {
    let ledger = Ledger::replay(1..=500, &night(), &Confirmed).unwrap();
    let c = ledger.cashup();
    let font = housie_core::print::font::Font::bundled();
    // The text's lines, a row of column heads over each table (sellers, prizes paid), and a
    // line under each prize paid that was moved or voided, saying so.
    let notes = c.payouts.iter().filter(|p| p.voided.is_some() || !p.moved_from.is_empty()).count();
    let text_lines = c.to_text().lines().count() + 2 + notes;
    let pages = read_sheet(&cashup_pdf(&c, &[], "Spring Fair", &font, Catalogue::english()));
    assert_eq!(pages.len(), 1);
    let (texts, lines, title) = &pages[0];
    assert_eq!(*title, "Spring Fair: cash-up".chars().count(), "one page says no page number");
    let near = |a: f32, b: f32| (a - b).abs() < 0.05;
    assert!(near(texts[0], 279.0), "the title at the top margin: {}", texts[0]);
    for (k, y) in texts[1..=text_lines].iter().enumerate() {
        assert!(near(*y, 269.0 - 4.6 * k as f32), "line {k} at {y}");
    }
    let last = 269.0 - 4.6 * text_lines as f32;
    let signatures: Vec<f32> = texts[text_lines + 1..].to_vec();
    let want: Vec<f32> = [0.0, 8.0, 16.0, 28.0, 36.0, 44.0].iter().map(|d| last - 10.0 - d).collect();
    assert_eq!(signatures.len(), 6);
    for (y, w) in signatures.iter().zip(&want) {
        assert!(near(*y, *w), "signatures at {signatures:?}, not {want:?}");
    }
    assert_eq!(lines.len(), 6);
    for (k, (y, x0, x1)) in lines.iter().enumerate() {
        let w = want[k] - 1.0;
        assert!(near(*y, w) && near(*x0, 46.0) && near(*x1, 192.0), "rule {k}: {y} {x0}–{x1}");
    }
    // A long cash-up spreads over pages of 50 lines; the signatures come once, at the end.
    let more: Vec<String> = (0..120).map(|i| format!("note {i}")).collect();
    let pages = read_sheet(&cashup_pdf(&c, &more, "Spring Fair", &font, Catalogue::english()));
    let total = text_lines + 120;
    assert_eq!(pages.len(), total.div_ceil(50));
    for (i, (texts, lines, title)) in pages.iter().enumerate() {
        let named = format!("Spring Fair: cash-up (page {} of {})", i + 1, pages.len());
        assert_eq!(*title, named.chars().count(), "page {}", i + 1);
        let body = if i + 1 < pages.len() { 50 } else { total - 50 * i };
        let signed = if i + 1 == pages.len() { 6 } else { 0 };
        assert_eq!((texts.len(), lines.len()), (1 + body + signed, signed), "page {}", i + 1);
    }
}

/// The sheet's tables: each seller's row (and the heads) has its cells at the columns (issued at
/// 53 mm, sold at 82), each prize paid its prize at 42 mm and its ticket at 101; and the font is
/// cut down to what the sheet prints.
#[test]
fn the_cashup_sheets_tables_sit_in_their_columns_in_a_subset_font() {
    let c = Ledger::replay(1..=500, &night(), &Confirmed).unwrap().cashup();
    let font = housie_core::print::font::Font::bundled();
    let near = |a: f32, b: f32| (a - b).abs() < 0.05;
    let doc = lopdf::Document::load_mem(&cashup_pdf(&c, &[], "Spring Fair", &font, Catalogue::english())).unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let content = lopdf::content::Content::decode(&doc.get_page_content(page)).unwrap();
    let mut at: Vec<(f32, f32)> = Vec::new();
    for op in content.operations.iter().filter(|op| op.operator == "Tm") {
        at.push((mm(op.operands[4].as_float().unwrap()), mm(op.operands[5].as_float().unwrap())));
    }
    let rows_with = |xs: &[f32]| {
        let mut ys: Vec<f32> = at.iter().map(|p| p.1).collect();
        ys.dedup_by(|a, b| (*a - *b).abs() < 0.01);
        ys.iter().filter(|&&y| xs.iter().all(|&x| at.iter().any(|p| near(p.0, x) && near(p.1, y)))).count()
    };
    assert_eq!(rows_with(&[53.0, 82.0]), c.sellers.len() + 1);
    assert_eq!(rows_with(&[42.0, 101.0]), c.payouts.len() + 1);

    // The font is cut down to what the sheet prints: a subset, tagged, not the whole font.
    let files: Vec<usize> = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter_map(|d| d.get(b"FontFile2").ok()?.as_reference().ok())
        .map(|id| doc.get_object(id).unwrap().as_stream().unwrap().get_plain_content().unwrap().len())
        .collect();
    assert_eq!(files.len(), 1);
    assert!(files[0] < 60_000, "{} bytes of font", files[0]);
    assert!(font.bytes().len() > 300_000, "the whole font is {}", font.bytes().len());
}

/// A cash-up in rupees whose seller is named in Hindi: the name is shaped in housie's own
/// Devanagari font (its pre-base vowel sign drawn first) and marked with the text it spells,
/// and the rupee sign is drawn, not replaced.
#[test]
fn a_hindi_seller_and_rupees_are_shaped_on_the_cashup_sheet() {
    let inr = Currency::parse("INR").unwrap();
    let entries = vec![
        Entry::Opened { currency: inr, regime: None },
        issued("किरण", "1-10"),
        Entry::Sold {
            sold_as: Default::default(),
            units: "1-10".into(),
            price: Money::parse("10000").unwrap(),
            seller: Some("किरण".into()),
            buyer: None,
            how: Payment::Cash,
            remote: false,
        },
    ];
    let c = Ledger::replay(1..=500, &entries, &Confirmed).unwrap().cashup();
    assert!(c.to_text().contains("  takings:       ₹1,00,000.00\n"), "{}", c.to_text());
    let doc = lopdf::Document::load_mem(&cashup_pdf(
        &c,
        &[],
        "दिवाली",
        &housie_core::print::font::Font::bundled(),
        Catalogue::of("hi").unwrap(),
    ))
    .unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let content = lopdf::content::Content::decode(&doc.get_page_content(page)).unwrap();
    let spelled: Vec<String> = content
        .operations
        .iter()
        .filter(|op| op.operator == "BDC")
        .filter_map(|op| op.operands.get(1)?.as_dict().ok()?.get(b"ActualText").ok()?.as_str().ok().map(<[u8]>::to_vec))
        .map(|b| {
            String::from_utf16(&b[2..].chunks(2).map(|p| u16::from_be_bytes([p[0], p[1]])).collect::<Vec<_>>()).unwrap()
        })
        .collect();
    // The Hindi sheet's own words too: its title, labels and signature lines.
    for word in ["दिवाली", "किरण", "₹", "हिसाब", "आमदनी", "हस्ताक्षर"]
    {
        assert!(spelled.iter().any(|s| s.contains(word)), "{word} is not shaped on the sheet: {spelled:?}");
    }
    // The same cash-up's text in Hindi: the same figures, in lakhs, under Hindi labels.
    let hindi = c.to_text_in(Catalogue::of("hi").unwrap());
    assert!(hindi.starts_with("हिसाब (INR)\n"), "{hindi}");
    assert!(hindi.contains("  आमदनी:         ₹1,00,000.00\n"), "{hindi}");
    assert!(hindi.contains("  किरण: दिए 1-10; बिके 1-10 (10), आमदनी ₹1,00,000.00; लौटे -; ग़ायब -\n"), "{hindi}");
    assert!(!hindi.contains("takings"), "{hindi}");
    let (resources, ids) = doc.get_page_resources(page).unwrap();
    let resources = resources.cloned().unwrap_or_else(|| doc.get_dictionary(ids[0]).unwrap().clone());
    let fonts = match resources.get(b"Font").unwrap() {
        lopdf::Object::Dictionary(d) => d.clone(),
        lopdf::Object::Reference(id) => doc.get_dictionary(*id).unwrap().clone(),
        other => panic!("{other:?}"),
    };
    let names: Vec<String> = fonts
        .iter()
        .filter_map(|(_, f)| doc.get_dictionary(f.as_reference().ok()?).ok()?.get(b"BaseFont").ok()?.as_name().ok())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect();
    assert!(names.iter().any(|n| n.ends_with("+NotoSansDevanagari-Bold")), "{names:?}");
    // कि: the vowel sign's glyph comes before क's.
    let face = ttf_parser::Face::parse(housie_core::print::typeset::devanagari().bytes(), 0).unwrap();
    let ka = face.glyph_index('क').unwrap().0;
    let shown: Vec<u16> = content
        .operations
        .iter()
        .filter(|op| op.operator == "Tj")
        .filter_map(|op| op.operands[0].as_str().ok())
        .filter(|b| b.len() == 2)
        .map(|b| u16::from_be_bytes([b[0], b[1]]))
        .collect();
    let at = shown.iter().position(|&g| g == ka).expect("क is drawn");
    assert!(at > 0 && shown[at - 1] != face.glyph_index('र').unwrap().0, "{shown:?}");
}

/// Booklets `housie export` gave remote players are theirs in the sheet's language: housie's
/// own name for them is a word of the catalogue, not the recorded English.
#[test]
fn remote_players_are_named_in_the_sheets_language() {
    let entries = vec![
        issued(super::super::REMOTE, "11-12"),
        Entry::Sold {
            sold_as: Default::default(),
            units: "11-12".into(),
            price: Money::parse("0").unwrap(),
            seller: Some(super::super::REMOTE.into()),
            buyer: Some(super::super::REMOTE.into()),
            how: Payment::Cash,
            remote: true,
        },
    ];
    let c = Ledger::replay(1..=500, &entries, &Confirmed).unwrap().cashup();
    let english = c.to_text();
    assert!(english.contains("  remote players: "), "{english}");
    let hindi = c.to_text_in(Catalogue::of("hi").unwrap());
    assert!(hindi.contains("  दूर के खिलाड़ी: दिए 11-12"), "{hindi}");
    assert!(hindi.contains("11-12: दूर के खिलाड़ी को"), "{hindi}");
    assert!(!hindi.contains("remote"), "{hindi}");
}

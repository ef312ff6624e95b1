//! An event's id, made from its title in any script (`दिवाली-तम्बोला-2026`): the studio's
//! folder name for it, the page's key for it in the browser, and the stem of its downloads'
//! names. One rule for every door, so an event is called the same wherever it was made.

/// The longest event id, in bytes (32 letters of an Indic script).
pub const ID_MAX: usize = 96;

/// Whether `c` may stand in an event's id: a letter (lower case where the script has case), a
/// digit, or a mark that belongs to a letter (a Devanagari vowel sign, a virama), in any script.
fn id_char(c: char) -> bool {
    use unicode_general_category::{get_general_category, GeneralCategory as G};
    matches!(
        get_general_category(c),
        G::LowercaseLetter | G::OtherLetter | G::ModifierLetter | G::DecimalNumber | G::NonspacingMark | G::SpacingMark
    )
}

/// Names Windows keeps for devices, which no folder may have there (`con`, `nul`, `com1` …).
fn reserved(id: &str) -> bool {
    let devices = ["con", "prn", "aux", "nul"];
    let numbered = ["com", "lpt"];
    devices.contains(&id)
        || numbered.iter().any(|p| id.strip_prefix(p).is_some_and(|n| n.len() == 1 && n.as_bytes()[0].is_ascii_digit()))
}

/// Whether `id` can name an event's folder: letters (lower case), digits and their marks in
/// any script, and hyphens between them, in Unicode's composed form (NFC), at most
/// [`ID_MAX`] bytes; no separator, dot or space, so no id reaches outside the studio's
/// folder, and no name Windows keeps for a device.
pub fn is_event_id(id: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    id.len() <= ID_MAX
        && id.chars().next().is_some_and(|c| id_char(c) && !mark(c))
        && id.chars().all(|c| c == '-' || id_char(c))
        && id.nfc().eq(id.chars())
        && !reserved(id)
}

/// Whether `c` is a mark, which cannot begin a name (it belongs to the letter before it).
fn mark(c: char) -> bool {
    use unicode_general_category::{get_general_category, GeneralCategory as G};
    matches!(get_general_category(c), G::NonspacingMark | G::SpacingMark)
}

/// An id from a title: its letters and digits in any script (`दिवाली-तम्बोला-2026`), lower-cased
/// and composed, hyphens between words, cut to [`ID_MAX`] bytes less room for `-2` … at a
/// character's end (a long Indic title may lose a last vowel sign); `event` for a title with
/// none.
pub fn slug(title: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut s = String::new();
    for c in title.nfc().flat_map(char::to_lowercase) {
        if id_char(c) && !(s.is_empty() && mark(c)) {
            s.push(c);
        } else if !s.is_empty() && !s.ends_with('-') {
            s.push('-');
        }
    }
    // Cut at a character boundary, and no hyphen left at the end.
    let mut end = s.len().min(ID_MAX - 4);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let mut s = s[..end].to_string();
    while s.chars().last().is_some_and(|c| c == '-') {
        s.pop();
    }
    let s: String = s.nfc().collect();
    if s.is_empty() {
        "event".to_string()
    } else if reserved(&s) {
        format!("{s}-event")
    } else {
        s
    }
}

/// The `n`th id for a title whose plain id (`n` = 1) is `base`: `spring-fair`, `spring-fair-2` …
pub fn numbered(base: &str, n: u32) -> String {
    if n <= 1 {
        base.to_string()
    } else {
        format!("{base}-{n}")
    }
}

/// The id for a new event called `title`, the first not `taken`.
pub fn free(title: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = slug(title);
    (1..).map(|n| numbered(&base, n)).find(|id| !taken(id)).expect("a free id")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_titles_in_any_script_and_name_no_other_folder() {
        assert_eq!(slug("Spring Fair 2026!"), "spring-fair-2026");
        assert_eq!(slug("../../etc/passwd"), "etc-passwd");
        assert_eq!(slug("दिवाली बिंगो"), "दिवाली-बिंगो");
        assert_eq!(slug("दिवाली तम्बोला 2026"), "दिवाली-तम्बोला-2026");
        assert_eq!(slug("দীপাবলি তাম্বোলা"), "দীপাবলি-তাম্বোলা");
        assert_eq!(slug("★ ★"), "event");
        assert_eq!(slug("CON"), "con-event");
        assert_eq!(slug("a.b\\c/d e\u{200D}f"), "a-b-c-d-e-f");
        // A long title is cut at a letter's end, within the limit, and still an id.
        let long = slug(&"तम्बोला ".repeat(20));
        assert!(long.len() <= ID_MAX - 4 && is_event_id(&long), "{long}");
        for title in ["दिवाली तम्बोला 2026", "Ünïcödé Fair", "ாாா தமிழ்", "\u{093F}x"]
        {
            assert!(is_event_id(&slug(title)), "{title}: {}", slug(title));
        }
        assert_eq!(slug("\u{093F}x"), "x", "a mark cannot begin an id");
        for bad in
            ["", "..", "a/b", "A", "-x", &"a".repeat(ID_MAX + 1), "a b", "a.b", "nul", "com1", "\u{093F}", "e\u{301}"]
        {
            assert!(!is_event_id(bad), "{bad}");
        }
        let taken = ["दिवाली", "दिवाली-2"];
        assert_eq!(free("दिवाली", |id| taken.contains(&id)), "दिवाली-3");
        assert_eq!(free("Spring", |_| false), "spring");
    }
}

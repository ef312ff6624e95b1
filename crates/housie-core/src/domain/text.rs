//! Text that people typed and others will read: names and serials shown on the desk, the board
//! and a terminal. A control character can forge a line in a terminal (a newline, an escape
//! code), and a bidirectional override can make a line read backwards, so both are refused on
//! the way in and escaped on the way out (for what was stored before they were refused).
//! Invisible characters (a zero-width space, a byte-order mark) are refused too: three sellers
//! all reading "Ann" must not be three people in the cash-up. Names are kept in NFKC, so a
//! full-width "Ａｎｎ" is "Ann", and two names that still look alike ("Ann" in Latin and in
//! Cyrillic) are found by their Unicode confusable skeletons.

use std::borrow::Cow;

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::UnicodeNormalization;

/// Why a character may not stand in text shown to people.
pub fn forbidden(c: char) -> Option<&'static str> {
    match c {
        c if c.is_control() => Some("a control character"),
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            Some("a bidirectional control")
        }
        '\u{2028}' | '\u{2029}' => Some("a line or paragraph separator"),
        _ => None,
    }
}

/// Why a character may not stand in a name typed now: [`forbidden`], or drawn as nothing. The
/// joiners shape Indic and other scripts, so they stay; every other format character, and the
/// fillers that draw nothing, are invisible. Checked where names come in, not on replay, so a
/// night whose log an earlier housie wrote still reads.
pub fn forbidden_in_name(c: char) -> Option<&'static str> {
    forbidden(c).or(match c {
        '\u{200C}' | '\u{200D}' => None,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{034F}' => Some("a zero-width or invisible character"),
        c if get_general_category(c) == GeneralCategory::Format => Some("a zero-width or invisible character"),
        _ => None,
    })
}

/// As [`check_plain`], for a name typed now (see [`forbidden_in_name`]).
pub fn check_name(text: &str) -> Result<(), String> {
    match text.chars().find_map(|c| forbidden_in_name(c).map(|why| (c, why))) {
        Some((c, why)) => Err(format!("contains U+{:04X} ({why}), which is not allowed", c as u32)),
        None => Ok(()),
    }
}

/// A name as housie keeps it: trimmed, in Unicode's compatibility form (NFKC), so names that
/// differ only in width or presentation are one name.
pub fn normal_name(text: &str) -> String {
    text.trim().nfkc().collect()
}

/// Whether two different names look alike (their Unicode confusable skeletons match): `Ann`
/// and `Аnn` with a Cyrillic А, or `Ann` and `Αnn`.
pub fn look_alike(a: &str, b: &str) -> bool {
    a != b
        && unicode_security::confusable_detection::skeleton(a).eq(unicode_security::confusable_detection::skeleton(b))
}

/// The first character of `text` that may not be shown, with why, as a sentence fragment:
/// `contains U+000A (a control character)`.
pub fn check_plain(text: &str) -> Result<(), String> {
    match text.chars().find_map(|c| forbidden(c).map(|why| (c, why))) {
        Some((c, why)) => Err(format!("contains U+{:04X} ({why}), which is not allowed", c as u32)),
        None => Ok(()),
    }
}

/// `text` with every forbidden or invisible character written as `\u{…}`, safe to print
/// anywhere, and a hidden character in a name stored before they were refused is seen.
pub fn escape(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| forbidden_in_name(c).is_none()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match forbidden_in_name(c) {
            Some(_) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// At most `max` characters of `text`, escaped, with `…` when cut.
pub fn clip(text: &str, max: usize) -> String {
    let escaped = escape(text);
    let mut chars = escaped.chars();
    let mut out: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_and_escapes_what_could_forge_a_line() {
        assert_eq!(check_plain("Game 1 · ग्रैंड"), Ok(()));
        assert_eq!(check_plain("a\nb").unwrap_err(), "contains U+000A (a control character), which is not allowed");
        assert_eq!(
            check_plain("x\u{202E}y").unwrap_err(),
            "contains U+202E (a bidirectional control), which is not allowed"
        );
        assert!(check_plain("\u{1b}[31mred").is_err());
        // Joiners are needed by Indic scripts and stay allowed; other invisible characters not.
        assert_eq!(check_plain("क्\u{200D}ष"), Ok(()));
        for invisible in ["An\u{200B}n", "\u{FEFF}Ann", "Ann\u{2060}", "A\u{00AD}nn", "Ann\u{3164}", "Ann\u{E0041}"] {
            assert!(
                check_name(invisible).unwrap_err().contains("(a zero-width or invisible character)"),
                "{invisible:?}"
            );
            assert_eq!(check_plain(invisible), Ok(()), "what an earlier housie stored still reads");
            assert!(escape(invisible).contains("\\u{"), "and is seen where it is shown");
        }
        assert_eq!(check_name("क्\u{200D}ष"), Ok(()));
        assert_eq!(normal_name(" \u{FF21}\u{FF4E}\u{FF4E} "), "Ann");
        assert!(look_alike("Ann", "\u{0410}nn"), "a Cyrillic A");
        assert!(look_alike("Ann", "\u{0391}nn"), "a Greek Alpha");
        assert!(!look_alike("Ann", "Ann") && !look_alike("Ann", "Anne"));
        assert_eq!(escape("a\nb\u{202E}c"), "a\\u{a}b\\u{202e}c");
        assert!(matches!(escape("plain"), Cow::Borrowed("plain")));
        assert_eq!(clip("0123456789", 4), "0123…");
        assert_eq!(clip("\u{1b}", 10), "\\u{1b}");
    }
}

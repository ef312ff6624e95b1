//! One way to read a whole number wherever one is typed: a flag (`--books 500`), a range of
//! books (`1-480`), a calls list. Digits only, spaces around it ignored: no sign (`+5`), no
//! separators (`1_000`, `1,000`), no leading zero (`05`), nothing past what the number may be.
//! Each flag once read numbers its own way; now `+5` and `1_000` mean the same everywhere:
//! nothing.

/// The whole number `text` writes, or why it is not one (a sentence fragment naming it).
pub fn whole(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let shown = crate::domain::text::clip(t, 24);
    if t.is_empty() {
        return Err("a number is missing".into());
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{shown}` is not a whole number: write digits only, like 500"));
    }
    if t.len() > 1 && t.starts_with('0') {
        return Err(format!("`{shown}` is not a whole number: write it without leading zeros"));
    }
    t.parse().map_err(|_| format!("`{shown}` is too large a number"))
}

/// [`whole`], from `lo` to `hi`.
pub fn within(text: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let n = whole(text)?;
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{n} is not in {lo}–{hi}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_only_and_nothing_else() {
        assert_eq!(whole("500"), Ok(500));
        assert_eq!(whole(" 7 "), Ok(7));
        assert_eq!(whole("0"), Ok(0));
        for bad in ["+5", "-5", "1_000", "1,000", "1 000", "05", "5.0", "５", "0x10", "", "18446744073709551616"] {
            assert!(whole(bad).is_err(), "{bad:?}");
        }
        assert_eq!(whole("+5").unwrap_err(), "`+5` is not a whole number: write digits only, like 500");
        assert_eq!(within("100", 1, 99).unwrap_err(), "100 is not in 1–99");
        assert_eq!(within("99", 1, 99), Ok(99));
    }
}

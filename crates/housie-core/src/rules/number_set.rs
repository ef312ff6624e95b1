//! A set of the numbers 1–90 a prize counts on a ticket: Tambola's odd and even prizes, or
//! any listed set (`"7, 11, 21-30"`). Written as `odd`, `even` or a list of numbers and
//! ranges; kept as one bit a number, so a ticket's rule is a mask like every other pattern's.

use std::fmt;

/// Numbers 1–90, one bit each (bit n is the number n).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberSet(u128);

impl NumberSet {
    /// The odd numbers 1–89.
    pub const ODD: NumberSet = NumberSet(0x2AAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAA & ALL);
    /// The even numbers 2–90.
    pub const EVEN: NumberSet = NumberSet(0x5555_5555_5555_5555_5555_5555_5555_5554 & ALL);

    /// Reads `odd`, `even` (any case) or a list of numbers and ranges, `"7, 11, 21-30"`.
    pub fn parse(text: &str) -> Result<NumberSet, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "odd" => return Ok(NumberSet::ODD),
            "even" => return Ok(NumberSet::EVEN),
            _ => {}
        }
        let mut set = 0u128;
        let bad = |part: &str| {
            format!(
                "`{}` is not odd, even, or numbers and ranges like \"7, 11, 21-30\"",
                crate::domain::text::clip(part, 24)
            )
        };
        for part in text.split(',').map(str::trim) {
            let number = |s: &str| s.trim().parse::<u8>().map_err(|_| bad(part));
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if !(1..=90).contains(&a) || !(1..=90).contains(&b) {
                return Err(format!("{part} is outside the numbers 1–90"));
            }
            if a > b {
                return Err(format!("{a}-{b} runs backwards"));
            }
            let range = (a..=b).fold(0u128, |m, n| m | 1 << n);
            if set & range != 0 {
                let twice = (a..=b).find(|&n| set & 1 << n != 0).unwrap_or(a);
                return Err(format!("{twice} is named twice"));
            }
            set |= range;
        }
        Ok(NumberSet(set))
    }

    /// Whether `n` is in the set.
    pub fn contains(self, n: u8) -> bool {
        n < 128 && self.0 & 1 << n != 0
    }

    /// How many of the numbers `lo..=hi` are in the set.
    pub fn count_in(self, lo: u8, hi: u8) -> u8 {
        (lo..=hi.min(127)).filter(|&n| self.contains(n)).count() as u8
    }
}

const ALL: u128 = ((1u128 << 91) - 1) & !1;

impl fmt::Display for NumberSet {
    /// `odd`, `even`, or the list as it reads back: `7, 11, 21-30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NumberSet::ODD => return f.write_str("odd"),
            NumberSet::EVEN => return f.write_str("even"),
            _ => {}
        }
        let mut first = true;
        let mut n = 1u8;
        while n <= 90 {
            if !self.contains(n) {
                n += 1;
                continue;
            }
            let start = n;
            while n < 90 && self.contains(n + 1) {
                n += 1;
            }
            f.write_str(if first { "" } else { ", " })?;
            first = false;
            if start == n {
                write!(f, "{n}")?;
            } else {
                write!(f, "{start}-{n}")?;
            }
            n += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_and_even_are_the_numbers_they_say() {
        let odd: Vec<u8> = (0..=127).filter(|&n| NumberSet::ODD.contains(n)).collect();
        let even: Vec<u8> = (0..=127).filter(|&n| NumberSet::EVEN.contains(n)).collect();
        assert_eq!(odd, (1..=89).step_by(2).collect::<Vec<u8>>());
        assert_eq!(even, (2..=90).step_by(2).collect::<Vec<u8>>());
        assert_eq!(NumberSet::parse(" Odd "), Ok(NumberSet::ODD));
        // Written out in full, odd is still odd.
        let listed = odd.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(NumberSet::parse(&listed).map(|s| s.to_string()), Ok("odd".to_string()));
    }

    #[test]
    fn lists_read_and_print_as_written() {
        let set = NumberSet::parse("21-30, 7,11, 90").unwrap();
        assert_eq!(set.to_string(), "7, 11, 21-30, 90");
        assert_eq!((set.count_in(1, 9), set.count_in(20, 29), set.count_in(80, 90)), (1, 9, 1));
        assert_eq!(NumberSet::parse(&set.to_string()), Ok(set));
    }

    #[test]
    fn wrong_lists_are_refused_with_the_reason() {
        let said = |t: &str| NumberSet::parse(t).unwrap_err();
        assert_eq!(said("0, 5"), "0 is outside the numbers 1–90");
        assert_eq!(said("85-91"), "85-91 is outside the numbers 1–90");
        assert_eq!(said("9-3"), "9-3 runs backwards");
        assert_eq!(said("1-10, 5"), "5 is named twice");
        for bad in ["", "odds", "1,,2", "1-", "x-3", "1.5", "prime"] {
            assert!(said(bad).contains("is not odd, even"), "{bad}: {}", said(bad));
        }
    }
}

//! Amounts of money: whole minor units (pence, paise, cents) of the night's one currency, never
//! floats, written and read as decimal strings like `"5.00"`.

use std::fmt;

/// The night's currency: an ISO 4217 code; every currency housie takes has two minor digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Currency([u8; 3]);

impl Currency {
    /// Pounds sterling, the default.
    pub const GBP: Currency = Currency(*b"GBP");

    /// Three capital letters, such as `GBP`, `INR`, `EUR` or `USD`.
    pub fn parse(code: &str) -> Result<Currency, MoneyError> {
        match code.as_bytes() {
            &[a, b, c] if [a, b, c].iter().all(u8::is_ascii_uppercase) => Ok(Currency([a, b, c])),
            _ => Err(MoneyError::Currency(housie_core::domain::text::clip(code, 12))),
        }
    }

    /// The code.
    pub fn code(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("???")
    }
}

impl Currency {
    /// The sign people write the currency with, where housie knows one.
    pub fn symbol(&self) -> Option<char> {
        match &self.0 {
            b"GBP" => Some('£'),
            b"INR" => Some('₹'),
            b"EUR" => Some('€'),
            b"USD" => Some('$'),
            _ => None,
        }
    }

    /// `amount` as the people who count it read it: with the currency's sign (or its code) and
    /// its digits grouped — in lakhs and crores for rupees (`₹1,00,000.00`), in thousands
    /// otherwise (`£1,000.00`). Stored amounts stay as they are (`100000.00`).
    pub fn show(&self, amount: Money) -> String {
        let sign = if amount.minor() < 0 { "-" } else { "" };
        let minor = amount.minor().unsigned_abs();
        let digits = (minor / 100).to_string();
        let mut groups = Vec::new();
        let (mut rest, mut size) = (digits.as_str(), 3);
        while rest.len() > size {
            let (head, tail) = rest.split_at(rest.len() - size);
            groups.push(tail);
            rest = head;
            if self.0 == *b"INR" {
                size = 2;
            }
        }
        groups.push(rest);
        groups.reverse();
        let number = format!("{}.{:02}", groups.join(","), minor % 100);
        match self.symbol() {
            Some(symbol) => format!("{sign}{symbol}{number}"),
            None => format!("{sign}{} {number}", self.code()),
        }
    }
}

impl std::str::FromStr for Currency {
    type Err = MoneyError;
    fn from_str(code: &str) -> Result<Currency, MoneyError> {
        Currency::parse(code)
    }
}

impl TryFrom<String> for Currency {
    type Error = MoneyError;
    fn try_from(s: String) -> Result<Currency, MoneyError> {
        Currency::parse(&s)
    }
}

impl From<Currency> for String {
    fn from(c: Currency) -> String {
        c.code().to_string()
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An amount in minor units (hundredths), never negative when it comes from people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Money(i64);

/// The largest amount taken: a hundred million in major units is more than any bingo night.
const MAX_MINOR: i64 = 100_000_000 * 100;

/// Why an amount or a currency was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoneyError {
    /// Not a decimal amount.
    #[error("`{0}` is not an amount: write it like 5 or 5.00, with at most two decimals")]
    Malformed(String),
    /// Below zero.
    #[error("`{0}` is negative; amounts are never below zero")]
    Negative(String),
    /// Too large to be real.
    #[error("`{0}` is more than 100,000,000")]
    TooLarge(String),
    /// Not a currency code.
    #[error("`{0}` is not a currency code: three capital letters, such as GBP or INR")]
    Currency(String),
}

impl Money {
    /// Nothing.
    pub const ZERO: Money = Money(0);

    /// An amount of `minor` hundredths.
    pub fn from_minor(minor: i64) -> Money {
        Money(minor)
    }

    /// The amount in hundredths.
    pub fn minor(self) -> i64 {
        self.0
    }

    /// Reads `"5"`, `"5.5"` or `"5.00"`: digits, and at most two after one point. No sign, no
    /// thousands separators, no exponent: an amount typed wrong is refused, never guessed.
    pub fn parse(text: &str) -> Result<Money, MoneyError> {
        let shown = || housie_core::domain::text::clip(text, 24);
        let t = text.trim();
        if t.starts_with('-') {
            return Err(MoneyError::Negative(shown()));
        }
        let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 || t.ends_with('.') {
            return Err(MoneyError::Malformed(shown()));
        }
        if whole.len() > 12 {
            return Err(MoneyError::TooLarge(shown()));
        }
        let major: i64 = whole.parse().map_err(|_| MoneyError::Malformed(shown()))?;
        let minor: i64 = format!("{fraction:0<2}").parse().map_err(|_| MoneyError::Malformed(shown()))?;
        let amount = major.checked_mul(100).and_then(|m| m.checked_add(minor)).filter(|&m| m <= MAX_MINOR);
        amount.map(Money).ok_or_else(|| MoneyError::TooLarge(shown()))
    }

    /// `self + other`, saturating (totals of checked amounts never come near the limit).
    pub fn plus(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }

    /// `self − other`, which may be negative (a balance).
    pub fn minus(self, other: Money) -> Money {
        Money(self.0.saturating_sub(other.0))
    }

    /// `self × n`.
    pub fn times(self, n: u64) -> Money {
        Money(self.0.saturating_mul(i64::try_from(n).unwrap_or(i64::MAX)))
    }
}

impl TryFrom<String> for Money {
    type Error = MoneyError;
    fn try_from(s: String) -> Result<Money, MoneyError> {
        Money::parse(&s)
    }
}

impl From<Money> for String {
    fn from(m: Money) -> String {
        m.to_string()
    }
}

impl fmt::Display for Money {
    /// `5.00`, `-12.50`: always two decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_and_print_in_hundredths() {
        for (text, minor, shown) in [
            ("5", 500, "5.00"),
            ("5.5", 550, "5.50"),
            ("5.05", 505, "5.05"),
            ("0", 0, "0.00"),
            (" 12.00 ", 1200, "12.00"),
        ] {
            let m = Money::parse(text).unwrap();
            assert_eq!((m.minor(), m.to_string()), (minor, shown.to_string()), "{text}");
        }
        assert_eq!(Money::from_minor(-1250).to_string(), "-12.50");
        assert_eq!(Money::parse("100000000").unwrap().minor(), MAX_MINOR);
    }

    #[test]
    fn wrong_amounts_are_refused_never_guessed() {
        for bad in ["", ".", "5.", ".5", "5.001", "5,00", "1e3", "+5", "five", "5.0.0", "0x10", "٥", "NaN"] {
            assert!(matches!(Money::parse(bad), Err(MoneyError::Malformed(_))), "{bad:?}");
        }
        assert!(matches!(Money::parse("-5.00"), Err(MoneyError::Negative(_))));
        assert!(matches!(Money::parse("100000000.01"), Err(MoneyError::TooLarge(_))));
        assert!(matches!(Money::parse("99999999999999999999"), Err(MoneyError::TooLarge(_))));
    }

    #[test]
    fn amounts_are_shown_as_each_currency_is_read() {
        let inr = Currency::parse("INR").unwrap();
        let m = |s: &str| Money::parse(s).unwrap();
        for (amount, shown) in [
            ("0", "₹0.00"),
            ("999", "₹999.00"),
            ("1000", "₹1,000.00"),
            ("99999.5", "₹99,999.50"),
            ("100000", "₹1,00,000.00"),
            ("1234567.89", "₹12,34,567.89"),
            ("10000000", "₹1,00,00,000.00"),
            ("100000000", "₹10,00,00,000.00"),
        ] {
            assert_eq!(inr.show(m(amount)), shown, "{amount}");
        }
        assert_eq!(Currency::GBP.show(m("1234567.89")), "£1,234,567.89");
        assert_eq!(Currency::GBP.show(Money::from_minor(-1250)), "-£12.50");
        assert_eq!(Currency::parse("CHF").unwrap().show(m("1000")), "CHF 1,000.00");
        // The negative control: Indian grouping is not thousands.
        assert_ne!(inr.show(m("100000")), "₹100,000.00");
    }

    #[test]
    fn currencies_are_three_capitals() {
        assert_eq!(Currency::parse("INR").unwrap().code(), "INR");
        for bad in ["gbp", "GB", "GBPX", "£", "G1P"] {
            assert!(Currency::parse(bad).is_err(), "{bad}");
        }
    }
}

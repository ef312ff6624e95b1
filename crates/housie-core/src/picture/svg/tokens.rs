//! The tokens of a content stream as housie writes them, read back for the preview.

/// One operand of a content stream.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    Num(f32),
    Name(String),
    Hex(Vec<u8>),
    Array(Vec<Operand>),
    /// A dictionary (a marked-content property list), its keys without the slash.
    Dict(Vec<(String, Operand)>),
}

/// An operand, or the operator its operands were for.
pub(super) enum Token {
    Operand(Operand),
    Op(String),
}

/// The tokens of a content stream as housie writes them: numbers, names, hex strings, arrays
/// and operators.
pub(super) struct Tokens<'s> {
    s: &'s [u8],
    at: usize,
}

impl<'s> Tokens<'s> {
    /// The tokens of `s`, from its start.
    pub(super) fn of(s: &'s [u8]) -> Tokens<'s> {
        Tokens { s, at: 0 }
    }

    /// Skips spaces; at the end of the stream or at `close` (an array's or a dictionary's
    /// end), steps past it and says so.
    fn closes(&mut self, close: &[u8]) -> bool {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        if self.at >= self.s.len() || self.s[self.at..].starts_with(close) {
            self.at += close.len();
            return true;
        }
        false
    }

    /// The next token, `None` at the end.
    pub(super) fn next(&mut self) -> Option<Token> {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let &c = self.s.get(self.at)?;
        let word = |t: &mut Self| {
            let start = t.at;
            while t.at < t.s.len() && !t.s[t.at].is_ascii_whitespace() && !b"[]<>/".contains(&t.s[t.at]) {
                t.at += 1;
            }
            String::from_utf8_lossy(&t.s[start..t.at]).into_owned()
        };
        Some(match c {
            b'/' => {
                self.at += 1;
                Token::Operand(Operand::Name(word(self)))
            }
            b'<' if self.s.get(self.at + 1) == Some(&b'<') => {
                self.at += 2;
                let mut entries = Vec::new();
                while !self.closes(b">>") {
                    let (Some(Token::Operand(Operand::Name(key))), Some(Token::Operand(value))) =
                        (self.next(), self.next())
                    else {
                        break;
                    };
                    entries.push((key, value));
                }
                Token::Operand(Operand::Dict(entries))
            }
            b'<' => {
                let start = self.at + 1;
                let end = self.s[start..].iter().position(|&b| b == b'>').map_or(self.s.len(), |p| start + p);
                self.at = (end + 1).min(self.s.len());
                let hex: Vec<u8> = self.s[start..end].iter().copied().filter(u8::is_ascii_hexdigit).collect();
                let value = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                Token::Operand(Operand::Hex(
                    hex.chunks(2).map(|p| value(p[0]) << 4 | p.get(1).map_or(0, |&b| value(b))).collect(),
                ))
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                while !self.closes(b"]") {
                    match self.next() {
                        Some(Token::Operand(o)) => items.push(o),
                        _ => break,
                    }
                }
                Token::Operand(Operand::Array(items))
            }
            b'-' | b'.' | b'0'..=b'9' => Token::Operand(Operand::Num(word(self).parse().unwrap_or(0.0))),
            _ => {
                let w = word(self);
                if w.is_empty() {
                    self.at += 1;
                }
                Token::Op(w)
            }
        })
    }
}

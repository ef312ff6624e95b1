//! The tests of `svg`.

use super::*;

#[test]
fn reads_the_operators_housie_writes() {
    let mut t = Tokens::of(b"/HOUSIE 12.5 Tf\n[-250<00140015>3<0016>]TJ\n.5 -3 Td\n");
    let mut ops = Vec::new();
    while let Some(tok) = t.next() {
        if let Token::Op(op) = tok {
            ops.push(op);
        }
    }
    assert_eq!(ops, ["Tf", "TJ", "Td"]);
    assert_eq!(then([2.0, 0.0, 0.0, 2.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0, 5.0, 0.0]), [2.0, 0.0, 0.0, 2.0, 6.0, 1.0]);
    assert_eq!(f(1.23456), "1.235");
    assert_eq!(f(-0.0001), "0");
    assert_eq!(rgb(Cmyk::BLACK), "#000000");
}

/// The negative control of the preview's operator check: a clip (`W n`) and an operator
/// housie never writes are noted, not silently dropped.
#[test]
fn an_operator_the_preview_does_not_draw_is_noted() {
    let font = Font::bundled();
    let mut r = Reader::new(&font, "", 297.0);
    let drawing = pdf::Drawing { under: None, content: Vec::new(), over: Vec::new(), forms: Default::default() };
    r.run(b"q 0 0 10 10 re W n 1 0 0 1 0 0 cm /HOUSIEOP gs 0 0 0 1 k 0 0 5 5 re f Q", &drawing, 0);
    assert_eq!(r.unread.iter().map(String::as_str).collect::<Vec<_>>(), ["W", "n"]);
}

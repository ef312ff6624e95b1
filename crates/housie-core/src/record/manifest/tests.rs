//! The tests of `manifest`.

use super::*;

#[test]
fn problems_read_as_located_fragments() {
    let p = RowProblem { file: "manifest.csv".into(), line: 14, field: "serial".into(), message: "check digit".into() };
    assert_eq!(p.to_string(), "manifest.csv:14: serial: check digit");
}

#[test]
fn pieces_cut_at_line_starts_and_read_the_rows_one_pass_reads() {
    let bytes = include_bytes!("../../../../../tests/data/golden-0.11.0/manifest.csv").to_vec();
    let len = bytes.len() as u64;
    let file = || std::io::Cursor::new(bytes.clone());
    let whole: Vec<Row> = rows(bytes.as_slice(), "m", Numbering::BOOKS).map(Result::unwrap).collect();
    let pieces = pieces(&mut file(), len, 200).unwrap();
    assert!(pieces.len() > 5, "{pieces:?}");
    assert_eq!((pieces[0].start, pieces[pieces.len() - 1].end), (0, bytes.len() as u64));
    for (a, b) in pieces.iter().zip(&pieces[1..]) {
        assert_eq!((a.end, bytes[b.start as usize - 1]), (b.start, b'\n'));
    }
    let mut read = Vec::new();
    let mut first = 0;
    for piece in &pieces {
        let mut part = piece_rows(file(), "m", piece.clone(), Numbering::BOOKS).unwrap();
        read.extend(part.by_ref().map(Result::unwrap));
        assert!(!part.quoted());
        first = if first == 0 { read.len() } else { first };
    }
    // The first piece's rows keep their lines; the others' have none.
    let unnumbered: Vec<Row> = whole.iter().map(|r| Row { line: 0, ..r.clone() }).collect();
    assert_eq!(read[..first], whole[..first]);
    assert_eq!(read[first..], unnumbered[first..]);
    // One piece for a size past the file.
    assert_eq!(super::pieces(&mut file(), len, 1 << 20).unwrap(), vec![0..len]);

    // A quote anywhere is noted, for the reader to read the manifest whole.
    let text = String::from_utf8(bytes.clone()).unwrap().replacen(",books.pdf,", ",\"books.pdf\",", 1);
    let quoted = text.len() as u64;
    let mut all = piece_rows(std::io::Cursor::new(text), "m", 0..quoted, Numbering::BOOKS).unwrap();
    assert_eq!(all.by_ref().count(), whole.len());
    assert!(all.quoted());
}

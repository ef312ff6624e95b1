//! 75-ball faces from the run's drawer, as issue 66 asks of them: 400 faces, each valid through
//! the one validation path (B 1–15 … O 61–75, the centre free, no number twice), no face twice
//! in the run, and every column's numbers uniform over its rows — a chi-square test over
//! (column, row, number) with a fixed seed, passing at p = 0.001, and its negative control
//! (the same faces with each column sorted, as a generator that orders its columns would
//! print them) rejected at p = 10⁻⁹.

use std::collections::HashSet;

use housie_core::domain::format::{SEVENTY_FIVE_BALL, SEVENTY_FIVE_BALL_STRIPS};
use housie_core::domain::Ticket;
use housie_core::generate::{draw_all, RunOptions, Seed};

const FACES: u64 = 400;

fn faces() -> Vec<Ticket> {
    // Faces may share a line (a 75-ball line is a row, a column or a diagonal through the free
    // centre, and halls do not split on them); no face repeats.
    let options = RunOptions { format: SEVENTY_FIVE_BALL, ..RunOptions::new(FACES, 1, true) };
    let books = draw_all(Seed::from_text("seventy-five"), options).unwrap().0;
    books.iter().flat_map(|b| b.book.tickets().to_vec()).collect()
}

/// Chi-square over every (column, row, number) cell against the uniform law, and its degrees
/// of freedom: each (column, row) sums to the faces, so it has its range's size less one.
fn uniformity(faces: &[Ticket]) -> (f64, usize) {
    let f = SEVENTY_FIVE_BALL;
    let mut counts = vec![[[0u32; 15]; 5]; 5];
    for face in faces {
        for (cell, &n) in face.cells().iter().enumerate().filter(|(_, &n)| n != 0) {
            let (row, col) = (cell / 5, cell % 5);
            counts[col][row][usize::from(n - f.column_range(col).0)] += 1;
        }
    }
    let expected = faces.len() as f64 / 15.0;
    let (mut stat, mut df) = (0.0, 0);
    for (col, rows) in counts.iter().enumerate() {
        for (row, numbers) in rows.iter().enumerate() {
            if (row, col) == (2, 2) {
                continue;
            }
            stat += numbers.iter().map(|&o| (f64::from(o) - expected).powi(2) / expected).sum::<f64>();
            df += 14;
        }
    }
    (stat, df)
}

/// Chi-square's upper critical value (Wilson–Hilferty) at the normal quantile `z`.
fn critical(df: usize, z: f64) -> f64 {
    let k = df as f64;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

#[test]
fn four_hundred_faces_are_valid_unique_and_uniform_over_their_columns() {
    let faces = faces();
    assert_eq!(faces.len(), FACES as usize);
    let mut seen = HashSet::new();
    for face in &faces {
        let cells: Vec<Option<u8>> = face.cells().iter().map(|&n| (n != 0).then_some(n)).collect();
        assert_eq!(cells[12], None, "the centre is free");
        assert_eq!(Ticket::of_format(SEVENTY_FIVE_BALL, &cells).unwrap(), *face, "valid through the untrusted path");
        for (cell, n) in cells.iter().enumerate() {
            if let Some(n) = n {
                let (lo, hi) = SEVENTY_FIVE_BALL.column_range(cell % 5);
                assert!((lo..=hi).contains(n), "{n} in column {}", cell % 5);
            }
        }
        assert!(seen.insert(face.cells().to_vec()), "a face twice in the run");
    }
    assert_eq!(faces, self::faces(), "the same seed draws the same faces");

    let (stat, df) = uniformity(&faces);
    assert_eq!(df, 24 * 14);
    let pass = critical(df, 3.090); // p = 0.001
    assert!(stat < pass, "chi-square {stat:.1} on {df} df exceeds {pass:.1}");

    // The negative control: each column sorted downwards.
    let sorted: Vec<Ticket> = faces
        .iter()
        .map(|face| {
            let mut cells: Vec<Option<u8>> = face.cells().iter().map(|&n| (n != 0).then_some(n)).collect();
            for col in 0..5 {
                let mut column: Vec<u8> = (0..5).filter_map(|row| cells[row * 5 + col]).collect();
                column.sort_unstable();
                let rows = (0..5).filter(|&row| cells[row * 5 + col].is_some()).collect::<Vec<_>>();
                for (row, n) in rows.into_iter().zip(column) {
                    cells[row * 5 + col] = Some(n);
                }
            }
            Ticket::of_format(SEVENTY_FIVE_BALL, &cells).unwrap()
        })
        .collect();
    let (control, _) = uniformity(&sorted);
    let reject = critical(df, 5.998); // p = 1e-9
    assert!(control > reject, "sorted columns: chi-square {control:.1} is below {reject:.1}: the test cannot see it");
    eprintln!("75-ball, {FACES} faces: chi-square {stat:.1} on {df} df (limit {pass:.1}); sorted columns {control:.1}");
}

/// Strips (`--strips`): each sheet's three faces share no number, so together they hold every
/// B, I, G and O number and 12 N numbers; each face alone is as uniform over its columns as a
/// face drawn on its own. The negative control deals each sheet's numbers in order (the first
/// face the smallest of every column), as a strip maker that does not shuffle would.
#[test]
fn strips_share_no_number_and_each_face_is_as_uniform() {
    let options = RunOptions { format: &SEVENTY_FIVE_BALL_STRIPS, ..RunOptions::new(400, 1, true) };
    let books = draw_all(Seed::from_text("strips"), options).unwrap().0;
    let sheets: Vec<Vec<Ticket>> = books.iter().map(|b| b.book.tickets().to_vec()).collect();
    for sheet in &sheets {
        let numbers: Vec<u8> = sheet.iter().flat_map(|t| t.numbers()).collect();
        let set: HashSet<u8> = numbers.iter().copied().collect();
        assert_eq!((numbers.len(), set.len()), (72, 72), "no number twice on a sheet");
        assert!((1..=30).chain(46..=75).all(|n| set.contains(&n)), "every B, I, G and O number");
    }
    let faces: Vec<Ticket> = sheets.concat();
    let (stat, df) = uniformity(&faces);
    let pass = critical(df, 3.090);
    assert!(stat < pass, "strips: chi-square {stat:.1} on {df} df exceeds {pass:.1}");
    let dealt: Vec<Ticket> = sheets
        .iter()
        .flat_map(|sheet| {
            let mut cells: Vec<Vec<Option<u8>>> =
                sheet.iter().map(|t| t.cells().iter().map(|&n| (n != 0).then_some(n)).collect()).collect();
            for col in 0..5 {
                let mut column: Vec<u8> =
                    cells.iter().flat_map(|c| (0..5).filter_map(move |r| c[r * 5 + col])).collect();
                column.sort_unstable();
                let mut next = column.into_iter();
                for face in cells.iter_mut() {
                    for row in (0..5).filter(|&r| (r, col) != (2, 2)) {
                        face[row * 5 + col] = next.next();
                    }
                }
            }
            cells.into_iter().map(|c| Ticket::of_format(&SEVENTY_FIVE_BALL_STRIPS, &c).unwrap()).collect::<Vec<_>>()
        })
        .collect();
    let (control, _) = uniformity(&dealt);
    let reject = critical(df, 5.998);
    assert!(control > reject, "dealt in order: chi-square {control:.1} is below {reject:.1}");
    eprintln!(
        "75-ball strips, {} faces: chi-square {stat:.1} on {df} df (limit {pass:.1}); dealt {control:.1}",
        faces.len()
    );
}

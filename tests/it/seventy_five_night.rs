//! A 75-ball night through the night's API: the board's B I N G O rows, calls of 1–75 only, a
//! line settled by a diagonal and claimed by the face number printed in the free centre, a
//! false claim, and a blackout that wins the jackpot within its calls in one game and only
//! the consolation past them in another.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::night_api::Fixture;
use crate::seventy_five::faces;
use crate::util::Dir;

/// A night over 10 sheets of three faces, the first face's 25 cells (0 for the free centre).
fn night() -> (Fixture, Vec<(String, Vec<u8>)>) {
    let d = Dir::new();
    d.run(&["generate", "--card", "75-ball", "--books", "10", "--seed", "night75", "--out", "run"]).success();
    let faces = faces(&d, "run");
    (Fixture::at(d), faces)
}

async fn game(f: &Fixture, name: &str) -> i64 {
    let (s, v) = f.post("/api/games", json!({"name": name, "prizes": "bingo-jackpot", "books": "all"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["id"].as_i64().unwrap()
}

/// A number as the caller says it: "B 12".
pub fn said(n: u8) -> String {
    format!("{} {n}", ["B", "I", "N", "G", "O"][usize::from(n - 1) / 15])
}

fn jackpot(state: &Value) -> Value {
    state["game"]["prize_list"][1]["jackpot"].clone()
}

#[tokio::test]
async fn a_seventy_five_ball_night_settles_a_line_by_face_number_and_a_jackpot() {
    let (f, faces) = night();
    let face = &faces[0].1;
    let state = f.state(true).await;
    assert_eq!(state["run"]["numbers"], 75);
    let heads: Vec<Value> = ["B", "I", "N", "G", "O"]
        .iter()
        .enumerate()
        .map(|(i, h)| json!({"head": h, "from": i * 15 + 1, "to": i * 15 + 15}))
        .collect();
    assert_eq!(state["run"]["heads"], json!(heads));
    let g = game(&f, "Game 1").await;
    let (s, v) = f.post(&format!("/api/games/{g}/calls"), json!({"number": 76})).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("76 is not a bingo number (1–75)")));

    // A diagonal through the free centre: four calls. Face 1's claim by its face number.
    let diagonal: Vec<u8> = [0, 6, 18, 24].iter().map(|&i| face[i]).collect();
    for &n in &diagonal[..3] {
        f.call(g, n).await;
    }
    let (_, v) = f.claim(g, "1").await;
    assert_eq!(v["verdict"], "incomplete", "{v}");
    assert_eq!(v["serial"], faces[0].0);
    f.call(g, diagonal[3]).await;
    let (s, v) = f.claim(g, "1").await;
    assert_eq!((s, v["verdict"].as_str()), (StatusCode::OK, Some("stands")), "{v}");
    assert_eq!(v["message"], format!("STANDS: line completed by the last call (call 4, {})", said(diagonal[3])));
    assert_eq!((v["face"].as_u64(), v["free"].clone(), v["heads"][2].clone()), (Some(1), json!([2, 2]), json!("N")));
    assert_eq!(v["grid"].as_array().unwrap().len(), 5);
    assert_eq!(v["grid"][2][2], Value::Null, "the free centre holds no number");
    assert_eq!(v["stands"], json!([{"prize": "line", "place": 1}]), "a line is no jackpot");
    let (s, _) = f.post(&format!("/api/games/{g}/winners"), json!({"serial": faces[0].0})).await;
    assert_eq!(s, StatusCode::CREATED);
    // A false claim: another face, nowhere near blackout.
    let (_, v) = f.claim(g, &faces[1].0).await;
    assert_eq!(v["verdict"], "incomplete");
    let (s, v) = f.claim(g, "31").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("31 is not a face number of this run"))
    );

    // Blackout of face 1 in 24 calls: the jackpot, alive until then.
    let rest: Vec<u8> = face.iter().copied().filter(|&n| n != 0 && !diagonal.contains(&n)).collect();
    for &n in &rest {
        f.call(g, n).await;
    }
    assert_eq!(jackpot(&f.state(true).await), json!({"within": 50, "state": "alive", "left": 26}));
    let (_, v) = f.claim(g, "1").await;
    assert_eq!(v["stands"], json!([{"prize": "blackout", "place": 1, "jackpot": true}]), "{v}");
    let last = said(*rest.last().unwrap());
    assert_eq!(
        v["message"],
        format!("STANDS: blackout, the JACKPOT (within 50 calls) completed by the last call (call 24, {last})")
    );
    f.post(&format!("/api/games/{g}/winners"), json!({"serial": faces[0].0})).await;
    assert_eq!(jackpot(&f.state(true).await)["state"], "won");
}

#[tokio::test]
async fn a_blackout_past_the_jackpots_calls_wins_its_consolation() {
    let (f, faces) = night();
    let face = &faces[0].1;
    let g = game(&f, "Game 1").await;
    // 27 numbers that face 1 lacks, then its 24: blackout at call 51, one past the jackpot's.
    let others: Vec<u8> = (1..=75).filter(|n| !face.contains(n)).take(27).collect();
    let mine: Vec<u8> = face.iter().copied().filter(|&n| n != 0).collect();
    for &n in &others {
        f.call(g, n).await;
    }
    let (s, v) = f.post(&format!("/api/games/{g}/next-prize"), Value::Null).await;
    assert_eq!(s, StatusCode::OK, "the caller moves on to blackout: {v}");
    for &n in &mine[..23] {
        f.call(g, n).await;
    }
    assert_eq!(jackpot(&f.state(true).await), json!({"within": 50, "state": "alive", "left": 0}));
    f.call(g, mine[23]).await;
    assert_eq!(jackpot(&f.state(true).await), json!({"within": 50, "state": "consolation", "left": 0}));
    let (_, v) = f.claim(g, &faces[0].0).await;
    assert_eq!(v["stands"], json!([{"prize": "blackout", "place": 1, "jackpot": false}]), "{v}");
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("blackout, the consolation (the jackpot needed 50 calls or fewer)"));
    // Every number out: the 76th draw is refused in words.
    let rest: Vec<u8> = (1..=75).filter(|n| !others.contains(n) && !mine.contains(n)).collect();
    for n in rest {
        f.call(g, n).await;
    }
    let (s, v) = f.post(&format!("/api/games/{g}/draw"), Value::Null).await;
    assert_eq!((s, v["error"].as_str()), (StatusCode::CONFLICT, Some("all 75 numbers have been called")));
}

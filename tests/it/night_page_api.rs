//! The page's desk is answered as `housie serve` answers its own: the same requests the desk's
//! pages send — right, wrong and hostile — sent to the page's night (`PageNight.request`, in
//! Node) and to the server, with the same status every time and the same JSON wherever the
//! answer is not the draw's own randomness.

use serde_json::{json, Value};

use crate::night_api::Fixture;
use crate::wasm::node;

/// A request, and whether both doors answer it with the same body (the draw's numbers, a
/// game's revealed seed and a request body's parse error are each door's own).
struct Asked {
    method: &'static str,
    path: String,
    body: Option<String>,
    same_body: bool,
}

fn asked(method: &'static str, path: &str, body: Option<Value>, same_body: bool) -> Asked {
    Asked { method, path: path.into(), body: body.map(|b| b.to_string()), same_body }
}

fn requests(winner: &str, line: &[u8]) -> Vec<Asked> {
    let mut all = vec![
        asked("GET", "/api/prizes", None, true),
        asked("GET", "/api/call-names", None, true),
        asked("POST", "/api/games/1/calls", Some(json!({"number": 5})), true),
        asked("POST", "/api/sales", Some(json!({"books": "1-2", "price": "5.00"})), true),
        asked("POST", "/api/sales", Some(json!({"books": "1-2", "price": "five"})), false),
        asked("POST", "/api/sales", Some(json!({"books": "3", "price": "5.00", "extra": 1})), false),
        asked("POST", "/api/games", Some(json!({"name": "Game 1", "prizes": "uk", "books": "all"})), true),
        asked("POST", "/api/games", Some(json!({"name": "Game 2", "prizes": "no such set"})), true),
    ];
    all.extend(line.iter().map(|n| asked("POST", "/api/games/1/calls", Some(json!({"number": n})), true)));
    all.extend([
        asked("POST", "/api/games/1/calls", Some(json!({"number": line[0]})), true),
        asked("POST", "/api/games/1/calls", Some(json!({"number": 91})), true),
        asked("POST", "/api/games/1/calls", Some(json!({"number": "7"})), false),
        asked("POST", "/api/games/x/calls", Some(json!({"number": 7})), true),
        asked("POST", "/api/games/99/calls", Some(json!({"number": 7})), true),
        asked("POST", "/api/games/1/claims", Some(json!({"serial": winner})), true),
        asked("POST", "/api/games/1/claims", Some(json!({"serial": "not a serial"})), true),
        asked("POST", "/api/games/1/winners", Some(json!({"serial": winner})), true),
        asked(
            "POST",
            "/api/games/1/payouts",
            Some(json!({"serial": winner, "prize": "one line", "amount": "4.00"})),
            true,
        ),
        asked("GET", "/api/cashup", None, true),
        asked("POST", "/api/games/1/reopen", None, true),
        asked("POST", "/api/games/1/draw", None, false),
        asked("POST", "/api/games/1/undo", None, false),
        asked("POST", "/api/games/1/next-prize", None, true),
        asked("DELETE", "/api/games/1/bars/000001-1-7", None, true),
        asked("DELETE", "/api/games/1/bars/000001%2D1%2D7", None, true),
        asked("DELETE", "/api/games/1/bars/not%20a%20serial", None, true),
        asked("GET", "/api/games/1/plan", None, true),
        asked("GET", "/api/games/9/plan", None, true),
        asked("GET", "/api/no/such/thing", None, false),
        asked("PUT", "/api/games", Some(json!({})), false),
        asked("POST", "/api/games/1/end", None, false),
        asked("POST", "/api/games/1/calls", Some(json!({"number": 8})), true),
        asked("GET", "/api/state", None, false),
    ]);
    all
}

/// `v` with every number as JavaScript holds it (a double): the page's answers come through
/// JSON.parse, so the server's `1.0` is the page's `1`.
fn as_js(v: &Value) -> Value {
    match v {
        Value::Number(n) => json!(n.as_f64()),
        Value::Array(items) => Value::Array(items.iter().map(as_js).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), as_js(v))).collect()),
        other => other.clone(),
    }
}

#[tokio::test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
async fn the_pages_desk_is_answered_as_housie_serve_answers_it() {
    let server = Fixture::new(4);
    let rows = server.rows();
    let line = rows[0].row(0);
    both_doors(&server, &requests(&rows[0].serial, &line)).await;
}

/// A 75-ball night, in the page as natively: the board's B I N G O rows, a call past 75
/// refused, a line by a diagonal claimed by face number, and a jackpot's state.
#[tokio::test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
async fn the_pages_seventy_five_ball_desk_is_answered_as_housie_serve_answers_it() {
    let d = crate::util::Dir::new();
    d.run(&["generate", "--card", "75-ball", "--books", "4", "--seed", "page75", "--out", "run"]).success();
    let server = Fixture::at(d);
    let face = server.rows()[0].cells.clone();
    let mut steps = vec![
        asked("GET", "/api/prizes", None, true),
        asked("POST", "/api/games", Some(json!({"name": "Game 1", "prizes": "bingo-jackpot", "books": "all"})), true),
        asked("POST", "/api/games", Some(json!({"name": "Game 2", "prizes": "uk", "books": "all"})), true),
        asked("POST", "/api/games/1/calls", Some(json!({"number": 76})), true),
    ];
    for i in [0, 6, 18, 24] {
        steps.push(asked_call(face[i]));
    }
    steps.extend([
        asked("POST", "/api/games/1/claims", Some(json!({"serial": "1"})), true),
        asked("POST", "/api/games/1/claims", Some(json!({"serial": "f 1"})), true),
        asked("POST", "/api/games/1/claims", Some(json!({"serial": "13"})), true),
        asked("POST", "/api/games/1/winners", Some(json!({"serial": "1"})), true),
        asked("GET", "/api/state", None, false),
    ]);
    both_doors(&server, &steps).await;
}

fn asked_call(n: u8) -> Asked {
    asked("POST", "/api/games/1/calls", Some(json!({"number": n})), true)
}

/// Sends `asked` to the page's night (over a copy of the server's run) and to the server: the
/// same status every time, the same body where `same_body`, and every refusal in words.
async fn both_doors(server: &Fixture, asked: &[Asked]) {
    // The page plays the same run's files (not the server's night beside them).
    let page_run = server.dir.join("page");
    std::fs::create_dir_all(&page_run).unwrap();
    for name in ["run.json", "manifest.csv", "books.pdf"] {
        std::fs::copy(server.dir.join("run").join(name), page_run.join(name)).unwrap();
    }
    let steps: Vec<Value> = asked.iter().map(|a| json!({"request": [a.method, a.path, a.body]})).collect();
    let case = json!({"dir": page_run, "steps": steps, "reopen_after": -1});
    let out = node(&server.dir, "night", &case);
    let page: Value = serde_json::from_slice(&std::fs::read(out.join("night.json")).unwrap()).unwrap();
    let token = server.token();
    for (i, a) in asked.iter().enumerate() {
        let (status, body) = server.send(a.method, &a.path, a.body.as_deref(), Some(&token)).await;
        let answer = &page["steps"][i];
        let what = format!("{} {} {:?}", a.method, a.path, a.body);
        assert_eq!(answer["status"], status.as_u16(), "{what}: the page answered {answer}, the server {body}");
        if a.same_body {
            assert_eq!(as_js(&answer["body"]), as_js(&body), "{what}");
        }
        // Every refusal is words, never a panic: the page's too.
        if !status.is_success() {
            assert!(answer["body"]["error"].as_str().is_some_and(|e| !e.is_empty()), "{what}: {answer}");
        }
    }
}

/// A run whose manifest was edited opens in the page with the warning `housie serve` gives at
/// start, and a claim on the edited ticket is refused as forged, as natively.
#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn an_edited_manifest_is_said_on_the_pages_desk() {
    let d = crate::util::Dir::new();
    crate::night_api::make_run(&d.join("run"), 4);
    let manifest = d.read("run/manifest.csv");
    let rows = crate::util::manifest_rows(&manifest);
    // Ticket 1's first number changed: a forged row (its cells are the fields after the
    // serial, book and ticket).
    let line = manifest.lines().nth(1).unwrap();
    let mut fields: Vec<String> = line.split(',').map(String::from).collect();
    let cell = 3 + rows[0].cells.iter().position(|&n| n != 0).unwrap();
    fields[cell] = if fields[cell] == "90" { "89".into() } else { "90".into() };
    let forged = fields.join(",");
    std::fs::write(d.join("run/manifest.csv"), manifest.replacen(line, &forged, 1)).unwrap();
    let steps = json!([
        {"command": "start_game", "name": "Game 1", "prizes": "uk"},
        {"claim": rows[0].serial},
    ]);
    let out = node(&d, "night", &json!({"dir": d.join("run"), "steps": steps, "reopen_after": -1}));
    let page: Value = serde_json::from_slice(&std::fs::read(out.join("night.json")).unwrap()).unwrap();
    let warnings = page["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w.as_str().unwrap().contains("differ from the seed's draw")), "{warnings:?}");
    assert_eq!(page["steps"][1]["verdict"], "refused", "{}", page["steps"][1]);
}

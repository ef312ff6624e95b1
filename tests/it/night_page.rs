//! The night in a page: a Tambola night played through the page's engine (`openNight`, in
//! Node, over the site's own module) gives the verdicts, the calls and the money the native
//! night gives for the same commands; its `night.jsonl`, beside the run, is a night `housie
//! night`, `cashup` and `verify` read and `housie serve` takes over; the tab closed mid-game
//! opens again from its log with nothing lost; an edited log is refused in the page and
//! natively.

use serde_json::{json, Value};

use housie_night::night::{Command, OpenOptions, Served, ServedNight};

use crate::night_api::{line_run, LineRun};
use crate::util::Dir;
use crate::wasm::node;

/// The night's steps: a sale, a Tambola game with the bogey rule on the books sold, ticket 1's
/// top line called (a spare number first), a false claim (barred by the bogey rule) and the
/// same ticket again, the line's claim that stands, a malformed and an unknown serial, the
/// winner confirmed and paid, and the last call taken back.
fn steps(line: &[u8], spare: u8, winner: &str, wrong: &str) -> Vec<Value> {
    let mut steps = vec![
        json!({"command": "sell", "books": "1-3", "price": "5.00"}),
        json!({"command": "start_game", "name": "Game 1", "prizes": "tambola", "books": "all", "bogey": true}),
        json!({"command": "call", "game": 1, "number": spare}),
    ];
    steps.extend(line[..4].iter().map(|n| json!({"command": "call", "game": 1, "number": n})));
    steps.push(json!({"claim": wrong}));
    steps.push(json!({"command": "call", "game": 1, "number": line[4]}));
    steps.push(json!({"claim": wrong}));
    steps.push(json!({"claim": winner}));
    steps.push(json!({"claim": "not a serial"}));
    // A serial housie could print, of a book this run does not have.
    let elsewhere = housie_core::domain::Serial::new(99, 1).unwrap().to_string();
    steps.push(json!({"claim": elsewhere}));
    steps.push(json!({"command": "win", "game": 1, "serial": winner, "prizes": ["early five", "top line"]}));
    steps.push(json!({"command": "pay", "game": 1, "serial": winner, "prize": "top line", "amount": "4.00"}));
    let again = (1..=90).find(|n| !line.contains(n) && *n != spare).unwrap();
    steps.push(json!({"command": "call", "game": 1, "number": again}));
    steps.push(json!({"command": "undo", "game": 1}));
    steps
}

/// The claims of a night's record (`housie night --json`): serial, verdict, call count and
/// the prizes each stood for.
fn claims(record: &Value) -> Vec<Value> {
    let claims = record["games"][0]["claims"].as_array().cloned().unwrap_or_default();
    claims.iter().map(|c| json!([c["serial"], c["verdict"], c["call"], c["stands"], c["message"]])).collect()
}

fn calls(record: &Value) -> Value {
    record["games"][0]["calls"].as_array().unwrap().iter().map(|c| c["number"].clone()).collect()
}

/// The run's files (no night) into a new folder `to`.
fn copy_run(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

#[test]
#[cfg_attr(housie_missing_node, ignore = "needs node (apt-get install nodejs)")]
#[cfg_attr(housie_missing_site, ignore = "needs the site built (scripts/build-site OUT, then HOUSIE_SITE=OUT)")]
fn a_night_played_in_the_page_is_the_native_night_and_its_log_reads_natively() {
    let d = Dir::new();
    let LineRun { winner, wrong, line, spare } = line_run(&d.join("run"));
    let steps = steps(&line, spare, &winner, &wrong);
    let case = json!({"dir": d.join("run"), "steps": steps, "reopen_after": 7});
    let page: Value =
        serde_json::from_slice(&std::fs::read(node(&d, "night", &case).join("night.json")).unwrap()).unwrap();

    // The page's verdicts: the false claim is barred by the bogey rule, the line's stands, a
    // malformed serial and one not in the run are logged too.
    let verdicts: Vec<String> = claims(&page["record"]).iter().map(|c| c[1].as_str().unwrap().to_string()).collect();
    assert_eq!(page["record"]["games"][0]["claims"][0]["barred"], true, "{:#?}", page["record"]);
    assert_ne!(verdicts[0], "stands", "{verdicts:?}");
    assert_eq!(verdicts[2], "stands", "{:#?}", page["steps"]);
    assert_eq!(&verdicts[3..], ["malformed", "unknown"], "{verdicts:?}");
    assert_eq!(page["steps"][13]["won"].as_array().map(Vec::len), Some(2), "{:#?}", page["steps"]);
    assert!(page["steps"][14]["takings"].is_string(), "the cash-up after the payout: {:#?}", page["steps"][14]);
    assert_eq!(page["steps"][16]["undone"], page["steps"][15]["number"], "{:#?}", page["steps"]);
    assert_eq!(page["board"]["game"]["calls"].as_array().map(Vec::len), Some(6));

    // The same commands on the native night give the same verdicts, calls and money.
    let native = d.join("native");
    copy_run(&d.join("run"), &native);
    let (mut night, _) =
        ServedNight::open(housie_night::night::run_folder::open(&native).unwrap(), OpenOptions::default()).unwrap();
    for step in &steps {
        let command = match step.get("claim") {
            Some(serial) => json!({"command": "claim", "game": 1, "serial": serial}),
            None => step.clone(),
        };
        let _ = night.handle(serde_json::from_value::<Command>(command).unwrap());
    }
    drop(night);
    let record =
        |dir: &str| -> Value { serde_json::from_str(&d.run(&["night", dir, "--json"]).success().stdout()).unwrap() };
    let native = record("native");
    assert_eq!(claims(&page["record"]), claims(&native));
    assert_eq!(calls(&page["record"]), calls(&native));
    assert_eq!(page["record"]["money"], native["money"]);

    // The page's log beside a copy of the run: the native tools read the night the page played.
    let copy = d.join("copy");
    copy_run(&d.join("run"), &copy);
    std::fs::copy(d.join("out-night/night.jsonl"), copy.join("night.jsonl")).unwrap();
    let read = record("copy");
    assert_eq!(claims(&read), claims(&page["record"]));
    assert_eq!(calls(&read), calls(&page["record"]));
    let cashup = d.run(&["cashup", "copy"]).success().stdout();
    assert!(cashup.contains("15.00") && cashup.contains("4.00"), "{cashup}");
    let verified = d.run(&["verify", "copy"]).success().stdout();
    assert!(verified.contains("the night replays: 1 game"), "{verified}");

    // `housie serve` takes the page's night over and goes on with it.
    let served = d.join("served");
    copy_run(&copy, &served);
    let (mut night, _) =
        ServedNight::open(housie_night::night::run_folder::open(&served).unwrap(), OpenOptions::default()).unwrap();
    let next = (1..=90).find(|n| !line.contains(n) && *n != spare).unwrap();
    night.handle(serde_json::from_value(json!({"command": "call", "game": 1, "number": next})).unwrap()).unwrap();
    assert_eq!(night.games()[0].calls.len(), 7, "the page's six calls and the served one");
    assert!(night.ledger().cashup().takings.to_string().contains("15.00"));
    drop(night);

    // Negative control: the log with a call edited is refused natively and in the page.
    let text = std::fs::read_to_string(copy.join("night.jsonl")).unwrap();
    let edited = text.replacen(&format!("\"number\":{spare}"), &format!("\"number\":{}", 91 - spare.max(1)), 1);
    assert_ne!(edited, text);
    std::fs::write(copy.join("night.jsonl"), &edited).unwrap();
    assert!(d.run(&["verify", "copy"]).stdout().contains("NOT VALID"));
    let case = json!({"dir": d.join("run"), "log": copy.join("night.jsonl")});
    let opened: Value =
        serde_json::from_slice(&std::fs::read(node(&d, "night", &case).join("night.json")).unwrap()).unwrap();
    let message = opened["opened"]["thrown"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("event"), "{opened}");
}

//! The page's night answers its desk as `housie serve` answers its own: the desk's pages (the
//! native ones, shared) send `api(method, path, body)`, and here that request becomes the same
//! [`Command`] the server's routes make, or the same view the server reads, answered with the
//! status and JSON body the server would send. The page's script only carries requests here;
//! what they mean is decided once, in the night's core.

use housie_core::support::catalogue::{catalogues, Catalogue};
use housie_night_core::night::callnames::CallNames;
use housie_night_core::night::prize_list::PrizeList;
use housie_night_core::night::seal::Seal;
use housie_night_core::night::transcript::cashup_text;
use housie_night_core::night::view::StateView;
use housie_night_core::night::{plan, Command, CommandError, NightRecord, Refused};
use serde::Serialize;
use serde_json::{json, Map, Value};
use wasm_bindgen::prelude::*;

use crate::night::PageNight;

/// An answer to the desk: an HTTP status and a JSON body, or a text download.
#[derive(Serialize)]
struct Reply {
    status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

impl Reply {
    fn json(status: u16, body: impl Serialize) -> Reply {
        Reply { status, body: Some(serde_json::to_value(body).expect("a view serialises")), text: None }
    }

    fn text(text: String) -> Reply {
        Reply { status: 200, body: None, text: Some(text) }
    }

    /// A refusal as the server words it: `{"error", "suggestions"?, "said"?}`.
    fn refused(e: &CommandError) -> Reply {
        let mut body = Map::new();
        body.insert("error".into(), Value::String(e.message.clone()));
        if !e.suggestions.is_empty() {
            body.insert("suggestions".into(), json!(e.suggestions));
        }
        if let Some(said) = &e.said {
            body.insert("said".into(), json!(said));
        }
        Reply { status: e.kind.status(), body: Some(Value::Object(body)), text: None }
    }
}

/// What a request changes: the command's name, its game from the path, and any more of the
/// path (a barred serial).
struct Change<'a> {
    command: &'static str,
    game: Option<&'a str>,
    serial: Option<&'a str>,
    status: u16,
}

/// The change a `POST` (or `DELETE`) to `path` asks for, as `housie serve` routes it.
fn change_of<'a>(method: &str, parts: &[&'a str]) -> Option<Change<'a>> {
    let made = |command, game, status| Some(Change { command, game, serial: None, status });
    match (method, parts) {
        ("POST", ["games"]) => made("start_game", None, 201),
        ("POST", ["issues"]) => made("issue", None, 201),
        ("POST", ["sales"]) => made("sell", None, 201),
        ("POST", ["returns"]) => made("return", None, 201),
        ("POST", ["voids"]) => made("void", None, 201),
        ("POST", ["moves"]) => made("move", None, 201),
        ("DELETE", ["games", id, "bars", serial]) => {
            Some(Change { command: "lift_bar", game: Some(id), serial: Some(serial), status: 200 })
        }
        ("POST", ["games", id, what]) => {
            let (command, status) = match *what {
                "calls" => ("call", 201),
                "draw" => ("draw", 201),
                "undo" => ("undo", 200),
                "next-prize" => ("next_prize", 200),
                "winners" => ("win", 201),
                "reopen" => ("reopen", 200),
                "end" => ("end", 200),
                "claims" => ("claim", 200),
                "payouts" => ("pay", 201),
                _ => return None,
            };
            made(command, Some(id), status)
        }
        _ => None,
    }
}

/// The value of `name` in a query string (`format=text&lang=hi`), decoded as a browser encodes
/// it, as the server reads it.
fn query_param(query: &str, name: &str) -> Option<String> {
    url::form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

fn no_game(text: &str) -> Reply {
    Reply::refused(&CommandError::new(Refused::NotFound, format!("there is no game `{text}`")))
}

/// What a `GET` reads.
enum Read<'a> {
    State,
    Languages,
    Messages(&'a str),
    Prizes,
    CallNames,
    Plan(&'a str),
    Cashup,
    Record,
    Join,
}

/// The read a `GET` of `path` asks for, as `housie serve` routes it.
fn read_of<'a>(parts: &[&'a str]) -> Option<Read<'a>> {
    Some(match parts {
        ["state"] => Read::State,
        ["languages"] => Read::Languages,
        ["messages", lang] => Read::Messages(lang),
        ["prizes"] => Read::Prizes,
        ["call-names"] => Read::CallNames,
        ["games", id, "plan"] => Read::Plan(id),
        ["cashup"] => Read::Cashup,
        ["record"] => Read::Record,
        ["join"] => Read::Join,
        _ => return None,
    })
}

impl PageNight {
    fn read(&self, read: Read, query: &str) -> Reply {
        let night = self.night();
        match read {
            Read::State => Reply::json(200, StateView::of(night, true)),
            Read::Languages => Reply::json(200, serde_json::from_str::<Value>(&crate::languages()).unwrap_or_default()),
            Read::Messages(lang) => match catalogues().iter().find(|c| c.lang == lang) {
                Some(c) => Reply::json(200, c),
                None => {
                    Reply::refused(&CommandError::new(Refused::NotFound, format!("housie has no messages in `{lang}`")))
                }
            },
            Read::Prizes => Reply::json(200, PrizeList::of(&night.prize_sets())),
            Read::CallNames => Reply::json(200, json!({ "lists": CallNames::shipped() })),
            Read::Plan(id) => {
                let Ok(game) = id.parse::<i64>() else { return no_game(id) };
                match night.plan_inputs(game) {
                    Ok((books, set)) => Reply::json(200, plan::plan(&night.run, game, &books, &set)),
                    Err(e) => Reply::refused(&e),
                }
            }
            Read::Cashup => {
                let cashup = night.ledger().cashup();
                if query_param(query, "format").as_deref() == Some("text") {
                    let words = query_param(query, "lang")
                        .as_deref()
                        .and_then(Catalogue::of)
                        .unwrap_or_else(Catalogue::english);
                    let seal = Seal::of(night.log().rows(), None);
                    Reply::text(cashup_text(&cashup, seal.as_ref(), words))
                } else {
                    Reply::json(200, cashup)
                }
            }
            Read::Record => {
                let record = NightRecord::of(night.games(), night.ledger());
                if query_param(query, "format").as_deref() == Some("text") {
                    Reply::text(record.to_text())
                } else {
                    Reply::json(200, serde_json::from_str::<Value>(&record.to_json()).unwrap_or_default())
                }
            }
            // Players' phones follow a night `housie serve` holds; a page has none.
            Read::Join => Reply::refused(
                &CommandError::new(Refused::NotFound, "players' phones need housie serve")
                    .said("page-night-no-phones", []),
            ),
        }
    }

    fn change(&mut self, change: Change, body: Option<&str>, entropy: Option<Vec<u8>>) -> Reply {
        let refused = |message: String| Reply::refused(&CommandError::new(Refused::Invalid, message));
        let mut fields = match body.map(str::trim).filter(|b| !b.is_empty()) {
            None => Map::new(),
            Some(text) => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(map)) => map,
                Ok(_) => return refused("request body: a JSON object is expected".into()),
                Err(e) => return refused(format!("request body: {e}")),
            },
        };
        fields.insert("command".into(), Value::String(change.command.into()));
        if let Some(id) = change.game {
            let Ok(game) = id.parse::<i64>() else { return no_game(id) };
            fields.insert("game".into(), json!(game));
        }
        if let Some(serial) = change.serial {
            fields.insert("serial".into(), Value::String(serial.into()));
        }
        let command: Command = match serde_json::from_value(Value::Object(fields)) {
            Ok(c) => c,
            Err(e) => return refused(format!("request body: {e}")),
        };
        match self.apply(command, entropy) {
            Ok(answer) => Reply::json(change.status, answer),
            Err(e) => Reply::refused(&e),
        }
    }
}

#[wasm_bindgen]
impl PageNight {
    /// Answers the desk's request `method path` (`POST /api/games/1/calls`, its JSON `body`)
    /// as `housie serve` would: JSON `{"status", "body"}`, or `{"status", "text"}` for a text
    /// download (`?format=text`). `entropy` (32 bytes from `crypto.getRandomValues`) seeds a
    /// new game's draw.
    pub fn request(&mut self, method: &str, path: &str, body: Option<String>, entropy: Option<Vec<u8>>) -> String {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        // Each part of the path as the page encoded it (`encodeURIComponent`), decoded as the
        // server's router decodes it.
        let decoded: Vec<String> = path
            .trim_matches('/')
            .split('/')
            .map(|p| percent_encoding::percent_decode_str(p).decode_utf8_lossy().into_owned())
            .collect();
        let parts: Vec<&str> = decoded.iter().map(String::as_str).collect();
        let rest = match parts.split_first() {
            Some((&"api", rest)) => rest,
            _ => &[][..],
        };
        let reply = match (method, read_of(rest)) {
            ("GET", Some(read)) => self.read(read, query),
            (_, read) => match change_of(method, rest) {
                Some(change) => self.change(change, body.as_deref(), entropy),
                // A path the server has, asked with another method: 405, as the server says it.
                None if read.is_some() || ["POST", "DELETE"].iter().any(|m| change_of(m, rest).is_some()) => Reply {
                    status: 405,
                    body: Some(json!({ "error": format!("{method} is not allowed on {path}") })),
                    text: None,
                },
                None => {
                    Reply::refused(&CommandError::new(Refused::NotFound, format!("housie has no `{method} {path}`")))
                }
            },
        };
        serde_json::to_string(&reply).expect("a reply serialises")
    }
}

//! A game's log checked event by event, live and on replay.

use super::*;
use proptest::prelude::*;

fn log() -> Log<'static> {
    Log { numbering: Numbering::BOOKS, books: 1..=10, run: None }
}

fn created(seed: &str) -> Event {
    Event::GameCreated {
        unsold: String::new(),
        name: "Game 1".into(),
        prizes: "tambola".into(),
        set: Some(PrizeSet::shipped("tambola").unwrap().spec()),
        bogey: true,
        books: "1-10".into(),
        game: None,
        commitment: sha256_hex(seed),
        seed: seed.into(),
        draw: Protocol::V1,
    }
}

fn stored(seq: i64, game: i64, event: Event) -> Stored {
    Stored { seq, at: "2026-11-23T19:00:00.000Z".into(), game, event }
}

#[test]
fn an_edited_log_is_named_by_its_event() {
    let good = [stored(1, 1, created("s")), stored(2, 1, Event::Called { number: 17, drawn: false })];
    assert_eq!(log().replay(&good).unwrap().0[0].calls.numbers(), [17]);
    let cases = [
        (Event::Called { number: 91, drawn: false }, "called: 91 is not a bingo number (1–90)"),
        (Event::Called { number: 17, drawn: false }, "called: 17 was already called (call 1)"),
        (Event::Undone { number: 5 }, "undone: it takes back 5, but the last call is 17"),
        (Event::PrizeClosed { prize: "pyramid".into(), serial: None }, "prize_closed: Game 1 has no prize `pyramid`"),
    ];
    for (event, why) in cases {
        let mut events = good.to_vec();
        events.push(stored(3, 1, event));
        assert_eq!(log().replay(&events).unwrap_err(), (3, why.to_string()));
    }
    let mut forged = good.to_vec();
    let mut edited = created("s");
    if let Event::GameCreated { commitment, .. } = &mut edited {
        *commitment = sha256_hex("t");
    }
    forged[0] = stored(1, 1, edited);
    assert_eq!(log().replay(&forged).unwrap_err().1, "game_created: the draw seed does not match its commitment");
    let other_game = [stored(1, 1, created("s")), stored(2, 7, Event::Ended)];
    assert_eq!(log().replay(&other_game).unwrap_err().1, "ended: there is no game 7");
    let mut renamed = created("s");
    if let Event::GameCreated { name, .. } = &mut renamed {
        *name = "fake\ndraw seed 00".into();
    }
    let named = [stored(1, 1, renamed)];
    assert!(log().replay(&named).unwrap_err().1.contains("U+000A"));
}

fn any_event() -> impl Strategy<Value = Event> {
    prop_oneof![
        Just(created("s")),
        (any::<u8>(), any::<bool>()).prop_map(|(number, drawn)| Event::Called { number, drawn }),
        any::<u8>().prop_map(|number| Event::Undone { number }),
        (prop_oneof![Just("top line".to_string()), ".{0,12}"], proptest::option::of(".{0,50}"))
            .prop_map(|(prize, serial)| Event::PrizeClosed { prize, serial }),
        ".{0,12}".prop_map(|prize| Event::PrizeReopened { prize }),
        Just(Event::Ended),
        Just(Event::TokenRotated),
        Just(Event::Money {
            entry: crate::ledger::Entry::Opened { currency: crate::ledger::Currency::GBP, regime: None }
        }),
        (".{0,8}", 0i64..2000).prop_map(|(units, p)| Event::Money {
            entry: crate::ledger::Entry::Sold {
                sold_as: Default::default(),
                units,
                price: crate::ledger::Money::from_minor(p),
                seller: None,
                buyer: None,
                how: Default::default(),
                remote: false
            }
        }),
        (".{0,20}", ".{0,12}").prop_map(|(serial, prize)| Event::Money {
            entry: crate::ledger::Entry::PrizePaid {
                game: 1,
                prize,
                serial,
                amount: crate::ledger::Money::from_minor(100),
                how: Default::default()
            }
        }),
        (".{0,50}", any::<usize>(), any::<bool>()).prop_map(|(serial, calls, barred)| Event::Claimed(ClaimLog {
            serial,
            prize: None,
            verdict: housie_core::rules::Verdict::Incomplete,
            calls: calls % 100,
            message: "m".into(),
            stands: Vec::new(),
            barred,
            source: None,
        })),
        (".{0,20}", ".{0,20}", any::<bool>()).prop_map(|(serial, source, unproven)| Event::Raised {
            serial,
            source,
            unproven
        }),
        ".{0,20}".prop_map(|serial| Event::BarLifted { serial }),
        ".{0,12}".prop_map(|units| Event::PhoneOnly { units }),
    ]
}

proptest! {
    /// Random logs, valid or not, replay or are refused: never a panic.
    #[test]
    fn replay_never_panics(events in proptest::collection::vec((0i64..4, any_event()), 0..60)) {
        let events: Vec<Stored> = events.into_iter().enumerate().map(|(i, (g, e))| stored(i as i64 + 1, g, e)).collect();
        let _ = log().replay(&events);
    }
}

/// The desk takes a claim sent with its ticket's code before any request without one, and
/// requests an address at a time: a proven claim raised behind 50 requests, 40 of them from
/// one phone, is next, and the second address's request comes before the burst's second.
#[test]
fn proven_claims_go_first_and_requests_take_turns_by_address() {
    let raised = |serial: String, source: &str, unproven| Event::Raised { serial, source: source.into(), unproven };
    let mut events = vec![stored(1, 1, created("s"))];
    let mut add = |e| {
        let seq = events.len() as i64 + 1;
        events.push(stored(seq, 1, e));
    };
    let serial = |k: u64| Numbering::BOOKS.serial(k % 10 + 1, (k / 10) as u8 + 1).unwrap().to_string();
    for k in 0..40 {
        add(raised(serial(k), "phone 10.0.0.7", true));
    }
    for k in 40..50 {
        add(raised(serial(k), &format!("phone 10.0.0.{k}"), true));
    }
    let proven = serial(50);
    add(raised(proven.clone(), "phone 10.0.0.9", false));
    let (games, _) = log().replay(&events).unwrap();
    let queue = games[0].queue();
    assert_eq!(queue.len(), 51);
    assert_eq!((&queue[0].serial, queue[0].unproven), (&proven, false));
    let sources: Vec<&str> = queue[1..13].iter().map(|r| r.source.as_str()).collect();
    assert_eq!(sources[0], "phone 10.0.0.7");
    assert_eq!(sources[1..11].iter().filter(|s| **s != "phone 10.0.0.7").count(), 10, "{sources:?}");
    assert_eq!(sources[11], "phone 10.0.0.7");
    // Negative control: arrival order alone would put the burst first.
    assert_eq!(games[0].raised[0].source, "phone 10.0.0.7");
    assert_eq!(games[0].raised.iter().position(|r| !r.unproven), Some(50));
}

//! Books sold in parts, as at a Tambola night: half sheets and single tickets.

use super::*;

fn rupees(p: &str) -> Money {
    Money::parse(p).unwrap()
}

fn sale(units: &str, price: &str, sold_as: SoldAs) -> Entry {
    Entry::Sold {
        units: units.into(),
        price: rupees(price),
        sold_as,
        seller: None,
        buyer: None,
        how: Payment::Cash,
        remote: false,
    }
}

/// A plain run of 100 books of six, which may be sold in parts.
fn tambola() -> Ledger {
    let mut l = Ledger::new(1..=100).selling_tickets(6);
    l.apply(&Entry::Opened { currency: Currency::parse("INR").unwrap(), regime: None }, &Confirmed);
    l
}

fn record(l: &mut Ledger, e: Entry) -> Result<(), LedgerError> {
    let e = l.normalised(e);
    l.check_new(&e, &Confirmed)?;
    l.apply(&e, &Confirmed);
    Ok(())
}

#[test]
fn half_sheets_and_tickets_are_priced_each_and_counted_apart() {
    let mut l = tambola();
    record(&mut l, sale("1-2", "300", SoldAs::Whole)).unwrap();
    record(&mut l, sale("3/1-3, 3/4-6, 4/4-6", "150", SoldAs::HalfSheets)).unwrap();
    record(&mut l, sale("5/2, 5/5", "60", SoldAs::Tickets)).unwrap();
    let c = l.cashup();
    // 2 × 300 + 3 × 150 + 2 × 60.
    assert_eq!(c.takings, rupees("1170"));
    assert_eq!(c.sold_books, Pieces { units: 2, half_sheets: 3, tickets: 2 });
    // Book 3's two halves join into the book; the rest print as their parts.
    assert_eq!(c.sold, "1-3, 4/4-6, 5/2, 5/5");
    let words = Catalogue::english();
    assert_eq!(c.totals_in(words)[0].1, "2 books, 3 half sheets, 2 tickets");
    let hindi = Catalogue::of("hi").unwrap();
    assert_eq!(c.totals_in(hindi)[0].1, "2 किताबें, 3 आधी शीटें, 2 टिकट");
    // A whole-book night's JSON keeps its number; a night of parts gives each count.
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["sold_books"], serde_json::json!({"units": 2, "half_sheets": 3, "tickets": 2}));
}

#[test]
fn a_ticket_is_sold_once_whichever_way_it_is_named() {
    let mut l = tambola();
    record(&mut l, sale("7/1-3", "150", SoldAs::HalfSheets)).unwrap();
    let err = |l: &mut Ledger, e| record(l, e).unwrap_err().to_string();
    assert_eq!(err(&mut l, sale("7", "300", SoldAs::Whole)), "7/1-3 is already sold");
    assert_eq!(err(&mut l, sale("7/2", "60", SoldAs::Tickets)), "7/2 is already sold");
    assert_eq!(err(&mut l, sale("8/1-3, 8/3", "60", SoldAs::Tickets)), "ticket 8/3 is given twice");
    // Part of a book sold as books, and three tickets that are not a half sheet.
    assert_eq!(
        err(&mut l, sale("9, 10/1-3", "300", SoldAs::Whole)),
        "10/1-3 is part of a book: record it sold as half sheets or as single tickets"
    );
    assert_eq!(
        err(&mut l, sale("10/2-4", "150", SoldAs::HalfSheets)),
        "10/2-4 is not a half sheet: a half sheet is tickets 1-3 or 4-6 of a book"
    );
    assert_eq!(err(&mut l, sale("10/7", "60", SoldAs::Tickets)), "a book has tickets 1-6, not 7");
    // The rest of book 7 sells, and the book is then sold whole.
    record(&mut l, sale("7/4-6", "150", SoldAs::HalfSheets)).unwrap();
    assert_eq!(l.cashup().sold, "7");
}

#[test]
fn a_run_of_booklets_sells_them_whole() {
    let mut l = Ledger::new(1..=10).of_booklets();
    l.apply(&Entry::Opened { currency: Currency::GBP, regime: None }, &Confirmed);
    let e = sale("1/1-3", "1.00", SoldAs::HalfSheets);
    assert_eq!(
        l.check_new(&e, &Confirmed).unwrap_err().to_string(),
        "this run's booklets are sold whole, not by the ticket"
    );
    let e = sale("1", "1.00", SoldAs::Tickets);
    assert_eq!(
        l.check_new(&e, &Confirmed).unwrap_err().to_string(),
        "this run's booklets are sold whole, not by the ticket"
    );
}

/// A winning ticket's sale stands while its payout does, and while its win does: voided
/// mid-game after the win, its prize would be paid on paper nobody bought.
#[test]
fn a_sale_of_a_winning_ticket_stands_while_its_payout_and_its_win_do() {
    let mut l = tambola();
    record(&mut l, sale("12/1", "60", SoldAs::Tickets)).unwrap(); // entry 2: 000012-1-3, game 1's one line
    record(&mut l, sale("12/2-3", "60", SoldAs::Tickets)).unwrap(); // entry 3
    record(
        &mut l,
        Entry::PrizePaid {
            game: 1,
            prize: "one line".into(),
            serial: "000012-1-3".into(),
            amount: rupees("500"),
            how: Payment::Cash,
        },
    )
    .unwrap();
    let void = |entry| Entry::Voided { entry, reason: Some("wrong".into()) };
    // Ticket 2 and 3's sale holds no winner; ticket 1's does.
    record(&mut l, void(3)).unwrap();
    assert!(matches!(record(&mut l, void(2)), Err(LedgerError::PaidOnSale { sale: 2, payout: 4, .. })));
    // The payout taken back, the win still stands: the sale too.
    record(&mut l, void(4)).unwrap();
    let refused = record(&mut l, void(2)).unwrap_err();
    assert_eq!(refused, LedgerError::WonOnSale { sale: 2, game: 1, serial: "000012-1-3".into() });
    assert!(refused.to_string().starts_with("000012-1-3 of that sale won in game 1"), "{refused}");
    // Paper in play in a game being played stays sold until the game ends: book 90's second
    // half is in game 3, its first half is not.
    record(&mut l, sale("90/4-6", "60", SoldAs::HalfSheets)).unwrap(); // entry 7
    record(&mut l, sale("90/1-3", "60", SoldAs::HalfSheets)).unwrap(); // entry 8
    assert_eq!(record(&mut l, void(7)).unwrap_err(), LedgerError::InPlay { sale: 7, game: 3 });
    record(&mut l, void(8)).unwrap();
}

#[test]
fn a_night_of_whole_books_adds_up_the_same_whether_or_not_books_may_be_split() {
    let whole = Ledger::replay(1..=500, &night(), &Confirmed).unwrap().cashup();
    let mut split = Ledger::new(1..=500).selling_tickets(6);
    for e in night() {
        split.check(&e, &Confirmed).unwrap();
        split.apply(&e, &Confirmed);
    }
    assert_eq!(split.cashup(), whole);
}

/// Every refusal the desk can meet from the ledger is a catalogue message: in English it says
/// exactly what the error says, and Hindi has it with every placeable filled.
#[test]
fn every_ledger_refusal_is_said_in_each_catalogue() {
    let errors = [
        LedgerError::NoCurrency,
        LedgerError::CurrencySet(Currency::GBP),
        LedgerError::Issued { units: "1-5".into(), seller: "Ann".into() },
        LedgerError::OtherSeller { units: "2".into(), issued_to: "Ann".into(), seller: "Bob".into() },
        LedgerError::NotIssuedTo { units: "3".into(), seller: "Bob".into() },
        LedgerError::Sold("4/1-3".into()),
        LedgerError::Returned("5".into()),
        LedgerError::NotIssued("6".into()),
        LedgerError::ReturnOfSold("7".into()),
        LedgerError::NothingToVoid(8),
        LedgerError::NotAPayout(9),
        LedgerError::PartOfBook("10/1-3".into()),
        LedgerError::NotHalfSheets("11/2-4".into()),
        LedgerError::ZeroPayout,
        LedgerError::PaidOnSale { sale: 2, payout: 5, serial: "000012-1-3".into() },
        LedgerError::WonOnSale { sale: 2, game: 1, serial: "000012-1-3".into() },
        LedgerError::InPlay { sale: 2, game: 3 },
        LedgerError::VoidWithoutReason(14),
        LedgerError::NotWon { game: 1, prize: "early five".into(), serial: "000002-1-0".into() },
        LedgerError::PaidTwice { game: 1, prize: "top line".into(), serial: "000002-1-0".into(), entry: 7 },
        UnitsError::Malformed("x".into()).into(),
        UnitsError::Backwards(5, 1).into(),
        UnitsError::Outside(1, 600, 1, 500).into(),
        UnitsError::Twice(3).into(),
        UnitsError::Empty.into(),
        UnitsError::Whole.into(),
        UnitsError::NoTicket(7, 6).into(),
        UnitsError::TicketTwice("8/3".into()).into(),
    ];
    let (english, hindi) = (Catalogue::english(), Catalogue::of("hi").unwrap());
    for e in errors {
        let (id, args) = e.said().unwrap_or_else(|| panic!("{e} has no catalogue message"));
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(english.say(id, &args), e.to_string(), "{id}");
        let said = hindi.say(id, &args);
        assert!(hindi.messages.contains_key(id) && !said.contains('{') && said.ends_with('।'), "{id}: {said}");
    }
    // A name or a reason that cannot be shown says so in housie's English.
    assert_eq!(LedgerError::Reason("x".into()).said(), None);
}

//! The cash-up: what each seller was given, sold and gave back, what is missing, what was
//! taken and paid out, and the cash the box should hold.

use std::fmt::Write;

use serde::Serialize;

use housie_core::domain::text::escape;
use housie_core::support::catalogue::Catalogue;

use super::{Currency, Ledger, Money, Payment, Pieces, Regime, Units};

/// The name the cash-up gives sales that name no seller and were never issued.
pub const DESK: &str = "(desk)";

/// Who `housie export` records booklets as given to when no seller is named.
pub const REMOTE: &str = "remote players";

/// A seller's or buyer's name as the cash-up shows it: housie's own names ([`DESK`],
/// [`REMOTE`]) in the sheet's language, a person's as they gave it (escaped).
fn shown_name(name: &str, words: &Catalogue) -> String {
    match name {
        DESK => words.say("cashup-desk", &[]),
        REMOTE => words.say("cashup-remote", &[]),
        _ => escape(name).into_owned(),
    }
}

/// One seller's paper and takings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SellerLine {
    /// The seller (`DESK` for paper sold at the desk without being issued).
    pub seller: String,
    /// Units given to them.
    pub issued: String,
    /// Units they sold (sales not voided).
    pub sold: String,
    /// Units they gave back.
    pub returned: String,
    /// Units given to them and neither sold (by anyone) nor returned: to be found, or paid for.
    pub missing: String,
    /// How many units they sold, and half sheets and tickets.
    pub sold_count: Pieces,
    /// What their sales took.
    pub takings: Money,
}

/// A prize paid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PayoutLine {
    /// Its entry number in the ledger: what a void or a move names.
    pub entry: usize,
    /// The game.
    pub game: i64,
    /// The prize.
    pub prize: String,
    /// The place (1 for the first winner).
    pub place: usize,
    /// The winning ticket.
    pub serial: String,
    /// The amount.
    pub amount: Money,
    /// The amount as people read it ([`Currency::show`]: `₹1,25,000.00`), for screens; `None`
    /// before the currency is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown: Option<String>,
    /// How it was paid.
    pub how: Payment,
    /// Voided: not in the totals. The reason given, empty when none was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voided: Option<String>,
    /// The tickets it was paid to before it was moved, oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moved_from: Vec<String>,
}

/// A sale taken back: still in the ledger, not in the totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VoidedSale {
    /// The sale's entry.
    pub entry: usize,
    /// The units it sold.
    pub units: String,
    /// What it took.
    pub amount: Money,
    /// Why it was voided (empty: no reason given).
    pub reason: String,
}

/// Paper given free to a named buyer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FreeTo {
    /// The units given.
    pub units: String,
    /// To whom.
    pub buyer: String,
}

/// The night's money, reconciled.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cashup {
    /// What the units are: "books", or "booklets" in a run of booklets.
    pub units: &'static str,
    /// The currency (none until it is set).
    pub currency: Option<Currency>,
    /// Units sold (books, or booklets in a run of booklets), and half sheets and tickets.
    pub sold_books: Pieces,
    /// Which units were sold (sales not voided), as ranges.
    pub sold: String,
    /// Everything sales took.
    pub takings: Money,
    /// Everything paid out in prizes.
    pub prizes_paid: Money,
    /// Takings less prizes.
    pub balance: Money,
    /// What the cash box should hold: cash taken less cash paid out.
    pub expected_cash: Money,
    /// Per seller, by name, then the desk.
    pub sellers: Vec<SellerLine>,
    /// Units issued and neither sold nor returned, over all sellers.
    pub missing: String,
    /// Units returned damaged.
    pub damaged: String,
    /// Units given free (standing sales at 0.00): in play, nothing taken.
    pub given_free: String,
    /// Of those, the ones given to a named buyer (`housie export --buyer` with no price).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub given_free_to: Vec<FreeTo>,
    /// Units sold or given to players away from the hall (`housie export`).
    pub remote: String,
    /// Sales voided.
    pub voided: usize,
    /// Each sale voided: its entry, units, amount and the reason given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub voided_sales: Vec<VoidedSale>,
    /// Prizes paid, in the order they were paid, voided ones included (marked).
    pub payouts: Vec<PayoutLine>,
    /// The regime the night is played under, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regime: Option<Regime>,
    /// Each limit passed: the night's prizes, or what a named buyer paid.
    pub warnings: Vec<String>,
    /// The totals as people read them (`₹1,00,000.00`), for screens; `None` before the
    /// currency is set.
    pub shown: Option<Shown>,
}

/// The cash-up's totals written in the currency's own way ([`Currency::show`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shown {
    /// Everything sales took.
    pub takings: String,
    /// Everything paid out in prizes.
    pub prizes_paid: String,
    /// Takings less prizes.
    pub balance: String,
    /// What the cash box should hold.
    pub expected_cash: String,
    /// The regime's limits, shown from the start of the night.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<ShownLimits>,
}

/// A regime's limits as people read them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShownLimits {
    /// The regime, in words ("UK non-commercial bingo").
    pub regime: &'static str,
    /// The most a player may pay for a night (`£8.00`).
    pub per_player: String,
    /// The most the night's prizes may total (`£600.00`).
    pub prizes: String,
}

impl Ledger {
    /// The cash-up of everything recorded so far.
    pub fn cashup(&self) -> Cashup {
        let sellers = self.seller_lines();
        let issued = self.issued_units();
        let (takings, prizes_paid) = (self.takings(None), self.prizes_paid(None));
        let warnings = self.warnings(prizes_paid);
        let expected_cash = self.takings(Some(Payment::Cash)).minus(self.prizes_paid(Some(Payment::Cash)));
        let balance = takings.minus(prizes_paid);
        let shown = self.currency.map(|c| Shown {
            takings: c.show(takings),
            prizes_paid: c.show(prizes_paid),
            balance: c.show(balance),
            expected_cash: c.show(expected_cash),
            limits: self.regime.map(|r| ShownLimits {
                regime: r.describe(),
                per_player: c.show(r.per_player()),
                prizes: c.show(r.prizes()),
            }),
        });
        Cashup {
            units: self.unit,
            currency: self.currency,
            sold_books: Pieces::of(self.standing()),
            sold: self.show(&self.sold),
            takings,
            prizes_paid,
            balance,
            expected_cash,
            sellers,
            missing: self.show(&issued.minus(&self.sold).minus(&self.returned)),
            damaged: self.show(&self.damaged),
            given_free: self.show(
                &self.standing().filter(|s| s.price == Money::ZERO).fold(Units::default(), |all, s| all.or(&s.units)),
            ),
            given_free_to: self
                .standing()
                .filter(|s| s.price == Money::ZERO)
                .filter_map(|s| Some(FreeTo { units: self.show(&s.units), buyer: s.buyer.clone()? }))
                .collect(),
            remote: self.show(&self.standing().filter(|s| s.remote).fold(Units::default(), |all, s| all.or(&s.units))),
            voided: self.sales.iter().filter(|s| s.voided).count(),
            voided_sales: self.voided_sales(),
            payouts: self.payout_lines(),
            regime: self.regime,
            warnings,
            shown,
        }
    }

    /// One line per seller given paper, then sellers never given any, then the desk (sales
    /// naming no seller and never issued): each is the sales naming it.
    fn seller_lines(&self) -> Vec<SellerLine> {
        let line = |seller: Option<&str>, issued: &Units| {
            let mine: Vec<_> = self.standing().filter(|s| s.seller.as_deref() == seller).collect();
            let sold = mine.iter().fold(Units::default(), |all, s| all.or(&s.units));
            let returned = issued.and(&self.returned);
            SellerLine {
                seller: seller.unwrap_or(DESK).to_string(),
                issued: self.show(issued),
                sold: self.show(&sold),
                returned: self.show(&returned),
                missing: self.show(&issued.minus(&self.sold).minus(&returned)),
                sold_count: Pieces::of(mine.iter().copied()),
                takings: mine.iter().fold(Money::ZERO, |sum, s| sum.plus(s.amount())),
            }
        };
        let mut sellers: Vec<SellerLine> = self.issued.iter().map(|(s, units)| line(Some(s), units)).collect();
        let mut others: Vec<Option<&str>> = self
            .standing()
            .map(|s| s.seller.as_deref())
            .filter(|s| s.is_none_or(|name| !self.issued.contains_key(name)))
            .collect();
        others.sort_unstable_by_key(|s| (s.is_none(), *s));
        others.dedup();
        sellers.extend(others.into_iter().map(|seller| line(seller, &Units::default())));
        sellers
    }

    /// The sales voided, each with why.
    fn voided_sales(&self) -> Vec<VoidedSale> {
        self.sales
            .iter()
            .filter(|s| s.voided)
            .map(|s| VoidedSale {
                entry: s.entry,
                units: self.show(&s.units),
                amount: s.amount(),
                reason: s.void_reason.clone(),
            })
            .collect()
    }

    /// Every prize paid, voided ones and moves included.
    fn payout_lines(&self) -> Vec<PayoutLine> {
        self.payouts
            .iter()
            .map(|p| PayoutLine {
                entry: p.entry,
                game: p.game,
                prize: p.prize.clone(),
                place: p.place,
                serial: p.serial.clone(),
                amount: p.amount,
                shown: self.currency.map(|c| c.show(p.amount)),
                how: p.how,
                voided: p.voided.clone(),
                moved_from: p.moved_from.clone(),
            })
            .collect()
    }

    /// The cash-up's warnings: names that look alike, and each limit of the night's regime
    /// passed (its prizes, which come to `prizes_paid`, or what a named buyer paid).
    fn warnings(&self, prizes_paid: Money) -> Vec<String> {
        let mut warnings = Vec::new();
        let names: Vec<&str> = self.names().into_iter().collect();
        for (i, a) in names.iter().enumerate() {
            for b in names[i + 1..].iter().filter(|b| housie_core::domain::text::look_alike(a, b)) {
                warnings.push(format!("“{}” and “{}” look alike but are different names", escape(a), escape(b)));
            }
        }
        if let Some(regime) = self.regime {
            let what = regime.describe();
            if prizes_paid > regime.prizes() {
                warnings.push(format!(
                    "prizes paid {prizes_paid} are over the {} a night that {what} allows",
                    regime.prizes()
                ));
            }
            // Only sales that name their buyer can be added up per player.
            let mut buyers: Vec<&str> = self.standing().filter_map(|s| s.buyer.as_deref()).collect();
            buyers.sort_unstable();
            buyers.dedup();
            for buyer in buyers {
                let paid = self.paid_by(buyer);
                if paid > regime.per_player() {
                    warnings.push(format!(
                        "{} paid {paid}, over the {} a player may pay for a night of {what}",
                        escape(buyer),
                        regime.per_player()
                    ));
                }
            }
        }
        warnings
    }
}

impl Cashup {
    /// The cash-up as text for the organiser and the bank: totals, then each seller's paper,
    /// what is missing, and every prize paid. Names people typed are escaped.
    pub fn to_text(&self) -> String {
        self.to_text_in(Catalogue::english())
    }

    /// The cash-up's text in the words of `words` (`Catalogue::of("hi")`): the same lines and
    /// figures, the labels in that language. The regime's own description and its warnings
    /// stay in English.
    pub fn to_text_in(&self, words: &Catalogue) -> String {
        let lines = self.lines_in(words);
        // The totals' figures in one column.
        let width = lines
            .iter()
            .filter_map(|l| match l {
                Line::Total(label, _) => Some(label.chars().count()),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            + 2;
        let mut out = String::new();
        for line in lines {
            let _ = match line {
                Line::Title(text) | Line::Text(text) => writeln!(out, "{text}"),
                Line::Total(label, figure) => {
                    let label = format!("{label}:");
                    let pad = width - label.chars().count();
                    writeln!(out, "  {label}{:pad$}{figure}", "")
                }
                Line::Indented(text) | Line::Seller { text, .. } => writeln!(out, "  {text}"),
                Line::Payout { text, after, .. } if after.is_empty() => writeln!(out, "  {text}"),
                Line::Payout { text, after, .. } => writeln!(out, "  {text} {after}"),
            };
        }
        out
    }

    /// The cash-up line by line, in the words of `words`: what the text writes and the sheet
    /// sets, each line saying what it is. Names people typed are escaped.
    pub fn lines_in(&self, words: &Catalogue) -> Vec<Line> {
        let say = |id: &str, args: &[(&str, &str)]| words.say(id, args);
        let money = |m: Money| self.money(m);
        // A heading's units, in the plural.
        let units = words.say_with(self.units_id(), &[("count", 2u64.into())]);
        let mut out = vec![Line::Title(self.title_in(words))];
        out.extend(self.totals_in(words).into_iter().map(|(label, figure)| Line::Total(label, figure)));
        if !self.sellers.is_empty() {
            out.push(Line::Text(say("cashup-sellers", &[("units", &units)])));
            for l in &self.sellers {
                let cells = self.seller_cells(l, words);
                let [seller, issued, sold, count, takings, returned, missing] = &cells;
                let text = say(
                    "cashup-seller",
                    &[
                        ("seller", seller),
                        ("issued", issued),
                        ("sold", sold),
                        ("count", count),
                        ("takings", takings),
                        ("returned", returned),
                        ("missing", missing),
                    ],
                );
                out.push(Line::Seller { cells, text });
            }
        }
        if !self.missing.is_empty() {
            out.push(Line::Text(say("cashup-missing", &[("units", &units), ("missing", &self.missing)])));
        }
        if !self.damaged.is_empty() {
            out.push(Line::Text(say("cashup-damaged", &[("units", &units), ("damaged", &self.damaged)])));
        }
        if !self.given_free.is_empty() {
            out.push(Line::Text(say("cashup-given-free", &[("units", &units), ("free", &self.given_free)])));
            for f in &self.given_free_to {
                let args = [("units", f.units.as_str()), ("buyer", &shown_name(&f.buyer, words))];
                out.push(Line::Indented(say("cashup-given-free-to", &args)));
            }
        }
        if self.voided > 0 {
            out.push(Line::Text(say("cashup-voided", &[("count", &self.voided.to_string())])));
            for v in &self.voided_sales {
                let (entry, amount) = (v.entry.to_string(), money(v.amount));
                let args =
                    [("entry", entry.as_str()), ("units", &v.units), ("amount", &amount), ("why", &escape(&v.reason))];
                let id = if v.reason.is_empty() { "cashup-voided-sale" } else { "cashup-voided-sale-why" };
                out.push(Line::Indented(say(id, &args)));
            }
        }
        out.extend(self.warnings.iter().map(|w| Line::Text(say("cashup-warning", &[("warning", w)]))));
        if !self.payouts.is_empty() {
            out.push(Line::Text(say("cashup-prizes", &[])));
            for p in &self.payouts {
                let [entry, game, prize, place, serial, amount, how, after] = self.payout_cells_in(p, words);
                let text = say(
                    "cashup-payout",
                    &[
                        ("entry", &entry),
                        ("game", &game),
                        ("prize", &prize),
                        ("place", &place),
                        ("serial", &serial),
                        ("amount", &amount),
                        ("how", &how),
                    ],
                );
                out.push(Line::Payout { cells: [entry, game, prize, place, serial, amount, how], after, text });
            }
        }
        out
    }
}

/// One line of the cash-up, as [`Cashup::lines_in`] gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    /// The title: the currency and the regime.
    Title(String),
    /// A total: its label and figure.
    Total(String, String),
    /// A line of its own: a heading, what is missing, a warning.
    Text(String),
    /// A line under the one before (a voided sale).
    Indented(String),
    /// A seller's paper: the cells of the sellers' table, and the line as text.
    Seller {
        /// Seller, issued, sold, how many, takings, returned, missing.
        cells: [String; 7],
        /// The line as text.
        text: String,
    },
    /// A prize paid: the cells of the prizes' table, what follows it (a move, a void; empty
    /// when neither) and the line as text.
    Payout {
        /// Entry, game, prize, place, ticket, amount, how paid.
        cells: [String; 7],
        /// A move or a void, said after the line.
        after: String,
        /// The line as text, without `after`.
        text: String,
    },
}

impl Cashup {
    /// An amount as the counters read it (`£1,000.00`, `₹1,00,000.00`); plain before the
    /// currency is set.
    pub fn money(&self, m: Money) -> String {
        self.currency.map_or_else(|| m.to_string(), |c| c.show(m))
    }

    /// A seller's line as the text and the sheet set it: seller (escaped), issued, sold, how
    /// many, takings, returned, missing (`-` for none).
    pub fn seller_cells(&self, l: &SellerLine, words: &Catalogue) -> [String; 7] {
        let dash = |s: &str| if s.is_empty() { "-".to_string() } else { s.to_string() };
        [
            // The desk's own sales and remote players', in the sheet's language.
            shown_name(&l.seller, words),
            dash(&l.issued),
            dash(&l.sold),
            if l.sold_count.in_parts() {
                l.sold_count.say(words, self.units_id())
            } else {
                l.sold_count.units.to_string()
            },
            self.money(l.takings),
            dash(&l.returned),
            dash(&l.missing),
        ]
    }

    /// A prize paid as the text and the sheet set it, in the words of `words`: its entry
    /// number, game, prize, place, ticket, amount, how it was paid, and what follows it (a move,
    /// a void; empty when neither). Names people typed are escaped.
    pub fn payout_cells_in(&self, p: &PayoutLine, words: &Catalogue) -> [String; 8] {
        let say = |id: &str, args: &[(&str, &str)]| words.say(id, args);
        let how = say(
            match p.how {
                Payment::Cash => "cashup-cash",
                Payment::Other => "cashup-not-cash",
            },
            &[],
        );
        let mut after = Vec::new();
        if !p.moved_from.is_empty() {
            let from: Vec<String> = p.moved_from.iter().map(|s| escape(s).into_owned()).collect();
            after.push(say("cashup-moved", &[("from", &from.join(", "))]));
        }
        match p.voided.as_deref() {
            None => {}
            Some("") => after.push(say("cashup-voided-entry", &[])),
            Some(why) => after.push(say("cashup-voided-why", &[("why", &escape(why))])),
        }
        [
            p.entry.to_string(),
            p.game.to_string(),
            escape(&words.prize(&p.prize)).into_owned(),
            place(words, p.place),
            escape(&p.serial).into_owned(),
            self.money(p.amount),
            how,
            after.join(" "),
        ]
    }

    /// The message naming the units sold, a plural: books, or booklets in a run of booklets.
    fn units_id(&self) -> &'static str {
        if self.units == "booklets" {
            "units-booklets"
        } else {
            "units-books"
        }
    }

    /// What was sold, in the words of `words`: `12 books, 3 half sheets, 5 tickets`.
    pub fn sold_in(&self, words: &Catalogue) -> String {
        self.sold_books.say(words, self.units_id())
    }

    /// The cash-up's title line in the words of `words`.
    pub fn title_in(&self, words: &Catalogue) -> String {
        let currency = self.currency.map_or_else(|| words.say("cashup-no-currency", &[]), |c| c.to_string());
        let regime = self.regime.map(|l| format!(", {}", l.describe())).unwrap_or_default();
        words.say("cashup-title", &[("currency", &currency), ("regime", &regime)])
    }

    /// The totals, each a label and its figure (the cash expected with its note): the text's
    /// first lines, and the sheet's column of right-aligned figures.
    pub fn totals_in(&self, words: &Catalogue) -> Vec<(String, String)> {
        let say = |id: &str| words.say(id, &[]);
        let money = |m: Money| self.money(m);
        vec![
            (say("cashup-sold"), self.sold_in(words)),
            (say("cashup-takings"), money(self.takings)),
            (say("cashup-prizes-paid"), money(self.prizes_paid)),
            (say("cashup-balance"), money(self.balance)),
            (
                say("cashup-cash-expected"),
                format!("{} {}", money(self.expected_cash), say("cashup-cash-expected-note")),
            ),
        ]
    }
}

/// A place (1st, 2nd …) in the catalogue's words; past the tenth, as English writes it.
fn place(words: &Catalogue, n: usize) -> String {
    let id = format!("place-{n}");
    if words.messages.contains_key(&id) {
        words.say(&id, &[])
    } else {
        housie_core::rules::progress::ordinal(n)
    }
}

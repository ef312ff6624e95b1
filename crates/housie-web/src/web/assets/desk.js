// The caller's desk: keyboard first. One box takes everything, then Enter: a number calls it,
// a serial (what a USB barcode scanner types) checks a claim, and a letter is a command. The
// box owns the keyboard: after every action, button or command, focus comes back to it, so the
// next keystroke never lands on a button. What is typed is sent in order; a number housie
// never received stays in the box, marked, to send again.
"use strict";

const $ = (id) => document.getElementById(id);
const entry = $("entry");
let state = null;
let shown = null; // the claim on show, for `w`
let endArmed = 0; // when `end` was asked for once
let won = null; // the last win recorded here, for `pay`
let queued = 0; // claims from phones waiting, as last shown
const speak = voice.follower("desk");
const t = housie.t;

// Says `text` in the box's message line and, for a form's own action, beside that form too
// (`where`: its result line, a live region), so the answer is where the eye is.
function say(text, kind, where) {
  for (const m of [$("message"), where]) {
    if (!m) continue;
    m.textContent = text || "";
    m.className = m.dataset.base + (kind ? " " + kind : "");
  }
}

function back() {
  entry.focus();
}

function gameId() {
  return state && state.game ? state.game.id : null;
}

function game() {
  return state && state.game;
}

function needGame() {
  if (gameId() === null) {
    say(t("desk-start-first"), "bad");
    return false;
  }
  return true;
}

// Sends a change; returns "unsent" when housie did not answer, the body when it agreed, and
// null (with the reason shown) when it refused.
async function act(method, path, body, done, where) {
  const r = await housie.api(method, path, body);
  if (r.status === 0) return "unsent";
  if (!r.ok) {
    say(housie.refusal(r.body, r.status), "bad", where);
    return null;
  }
  if (done) done(r.body);
  return r.body;
}

// ---- What the box takes, in the order it was typed.
const queue = [];
let busy = false;

function submit(text) {
  queue.push(text);
  pump();
}

async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const text = queue.shift();
    if ((await handle(text)) === "unsent") {
      const dropped = queue.splice(0).length;
      if (!entry.value) entry.value = text;
      entry.classList.add("unsent");
      say(dropped ? t("desk-unsent-more", { text, more: dropped }) : t("desk-unsent", { text }), "bad");
    }
  }
  busy = false;
}

async function handle(text) {
  const t = text.trim();
  const low = t.toLowerCase();
  if (!t) return;
  if (low !== "end") endArmed = 0;
  if (/^\d{1,2}$/.test(t)) return call(Number(t));
  // "f 12": the claim of the face numbered 12 in its free centre (75-ball), which as plain
  // digits would be a call.
  const face = /^f(?:ace)?\s*(\d{1,9})$/i.exec(t);
  if (face) return claim(face[1]);
  switch (low) {
    case "d": return draw();
    case "u": return undo();
    case "w": return win();
    case "r": return reopen();
    case "n": return nextPrize();
    case "a": return toggleAuto();
    case "p": return pauseOrResume();
    case "end": return end();
    case "q": return nextFromPhones();
    case "?": return say($("entry-help").textContent);
  }
  const unbar = /^unbar\s+(\S+)$/i.exec(t);
  if (unbar) return liftBar(unbar[1]);
  const unpay = /^void\s+(\d+)(?:\s+(.+))?$/i.exec(t);
  if (unpay) return voidEntry(Number(unpay[1]), unpay[2]);
  const move = /^move\s+(\d+)\s+(\S+)$/i.exec(t);
  if (move) return movePayout(Number(move[1]), move[2]);
  const pay = /^pay\s+(\S+)(?:\s+(.+))?$/i.exec(t);
  if (pay) return payPrize(pay[1], pay[2]);
  return claim(t);
}

// A call's answer with its number as called ("B 12" on 75-ball).
function said(b) {
  return { ...b, number: housie.callName(b.number, state && state.run.heads) };
}

async function call(number) {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/calls`, { number }, (b) => say(t("desk-called", said(b)), "ok"));
}

async function draw() {
  if (!needGame()) return;
  const r = await act("POST", `/api/games/${gameId()}/draw`, undefined, (b) =>
    say(t("desk-drawn", said(b)), "ok"),
  );
  if (r === null) stopAuto();
  return r;
}

async function undo() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/undo`, undefined, (b) => say(t("desk-took-back", { number: b.undone }), "ok"));
}

async function win() {
  if (!needGame()) return;
  if (!shown || shown.verdict !== "stands" || shown.game !== gameId()) {
    say(t("desk-no-claim-shown"), "bad");
    return;
  }
  const serial = shown.serial;
  const r = await act("POST", `/api/games/${gameId()}/winners`, { serial }, (b) => {
    won = { game: gameId(), serial, prizes: b.won.map((w) => w.prize) };
    const places = b.won.map((w) => {
      const named = w.place > 1 ? t("desk-won-place", { prize: housie.prize(w.prize), place: housie.place(w.place) }) : housie.prize(w.prize);
      return w.shared ? t("desk-won-shared", { prize: named }) : named;
    });
    say(t("desk-won-by", { serial, prizes: places.join(", ") }), "ok");
  });
  if (r && r !== "unsent") {
    shown.verdict = "recorded";
    $("win").disabled = true;
  }
  return r;
}

// `pay 20`: the prize the claim on show won is paid (its win recorded first if it was not);
// `pay 20 top line` names the prize when the claim won several.
async function payPrize(amount, named) {
  if (!needGame()) return;
  if (shown && shown.verdict === "stands" && shown.game === gameId()) {
    const r = await win();
    if (!r || r === "unsent") return r;
  }
  if (!won || won.game !== gameId()) {
    say(t("desk-no-win-to-pay"), "bad");
    return;
  }
  const prize = named ? named.trim() : won.prizes.length === 1 ? won.prizes[0] : null;
  if (!prize) {
    say(t("desk-pay-which", { serial: won.serial, prizes: won.prizes.map(housie.prize).join(", "), amount, prize: housie.prize(won.prizes[0]) }), "bad");
    return;
  }
  const body = { serial: won.serial, prize, amount };
  const r = await overLimit(`/api/games/${gameId()}/payouts`, body, t("desk-pay-again"));
  if (r && r !== "unsent") {
    // The amount as the ledger recorded it, written in the night's currency as the cash-up
    // writes it ("£10.00" for a typed "10", "₹1,25,000.00").
    const paid = r.payouts.length ? r.payouts[r.payouts.length - 1] : { entry: "?", amount };
    say(t("desk-paid", { amount: paid.shown || paid.amount, serial: won.serial, prize: housie.prize(prize), entry: paid.entry }), "ok");
    showCashup(r);
  }
  return r;
}

// `void 14 typed 30 for 3`: a sale or a prize paid taken back, with why; it stays in the cash-up, marked.
async function voidEntry(entry, reason) {
  const body = { entry };
  if (reason) body.reason = reason;
  return act("POST", "/api/voids", body, (c) => {
    say(reason ? t("desk-voided-why", { entry, why: reason }) : t("desk-voided", { entry }), "ok");
    showCashup(c);
  });
}

// `move 14 000123-4-0`: a prize paid moved to the ticket that now holds its place.
async function movePayout(entry, serial) {
  return act("POST", "/api/moves", { entry, serial }, (c) => {
    say(t("desk-moved", { entry, serial }), "ok");
    showCashup(c);
  });
}

// A change the night's regime may stop once: housie says which limit it would pass, and the
// same change asked for again is recorded anyway (the organiser decides, not housie).
let overArmed = null;
async function overLimit(path, body, again, where) {
  const key = path + JSON.stringify(body);
  if (overArmed === key) body.over_limit = true;
  const r = await housie.api("POST", path, body);
  if (r.status === 0) return "unsent";
  if (r.ok) {
    overArmed = null;
    return r.body;
  }
  const error = (r.body && r.body.error) || "";
  if (r.status === 409 && error.includes("over_limit")) {
    overArmed = key;
    say(error.replace(/; send it again.*$/, "") + ". " + again, "warn", where);
  } else {
    say(housie.refusal(r.body, r.status), "bad", where);
  }
  return null;
}

// `unbar SERIAL`: the bogey rule's bar lifted (a mistaken bar, or a false claim someone else sent).
async function liftBar(serial) {
  if (!needGame()) return;
  return act("DELETE", `/api/games/${gameId()}/bars/${encodeURIComponent(serial)}`, undefined, (b) =>
    say(t("desk-unbarred", { serial: b.lifted }), "ok"),
  );
}

async function reopen() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/reopen`, undefined, (b) => say(t("desk-reopened", { prize: housie.prize(b.reopened) }), "ok"));
}

async function nextPrize() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/next-prize`, undefined, (b) =>
    say(b.prize ? t("desk-moved-on", { prize: housie.prize(b.prize) }) : t("desk-all-played"), "ok"),
  );
}

async function end() {
  if (!needGame()) return;
  const g = game();
  if (Date.now() - endArmed > 30000) {
    endArmed = Date.now();
    say(t("desk-end-again", { game: g.name }), "warn");
    return;
  }
  endArmed = 0;
  stopAuto();
  return act("POST", `/api/games/${gameId()}/end`, undefined, () => say(t("desk-game-over"), "ok"));
}

// The oldest claim raised from a phone, checked as if its serial had been typed.
async function nextFromPhones() {
  const g = game();
  if (!g || !g.queue.length) return say(t("desk-no-phone-claims"));
  return claim(g.queue[0].serial);
}

async function claim(serial) {
  if (!needGame()) return;
  const r = await housie.api("POST", `/api/games/${gameId()}/claims`, { serial });
  if (r.status === 0) return "unsent";
  if (!r.ok) {
    shown = null;
    $("win").disabled = true;
    showClaimError(serial, r.body);
    return;
  }
  say("");
  shown = r.body;
  showClaim(r.body);
  if (r.body.verdict === "stands") pauseAuto(t("why-claim-stands"));
}

function showClaimError(serial, body) {
  const box = $("claim");
  box.replaceChildren(
    housie.el("h2", { class: "label" }, t("desk-claim")),
    housie.el("div", { class: "verdict refused", id: "verdict" }, serial),
    housie.el("p", { class: "verdict-text" }, housie.refusal(body, 0)),
  );
  if (body.suggestions && body.suggestions.length) {
    const p = housie.el("p", {}, t("did-you-mean") + " ");
    body.suggestions.forEach((s, i) => {
      const b = housie.el("button", { type: "button", class: "suggestion" }, s);
      hold(b, () => submit(s));
      p.append(b, i + 1 < body.suggestions.length ? ` ${t("or")} ` : "?");
    });
    box.append(p);
  }
}

function prizeText(p) {
  const prize = housie.prize(p.prize);
  const open = p.standing === "open" ? "" : ` (${t(p.standing === "won" ? "check-every-place-won" : "check-not-open")})`;
  switch (p.status) {
    case "stands": return (p.place > 1 ? t("check-stands-place", { prize, place: housie.place(p.place) }) : t("check-stands", { prize })) + open;
    case "missed": return t("check-missed", { prize, call: p.call, number: p.number }) + open;
    case "incomplete": return (p.missing.length ? t("check-needs-these", { prize, needed: p.needed, numbers: p.missing.join(" ") }) : t("check-needs", { prize, needed: p.needed })) + open;
    default: return t("check-cannot", { prize });
  }
}

// The claim's sentence. An English desk shows housie's own (the record's words); another
// language's is made from the same verdict, prize by prize, in its catalogue's words.
function verdictText(v) {
  if (housie.language === "en") return v.message;
  const word = t("verdict-word-" + v.verdict);
  let text;
  const r = v.refusal;
  if (r && r.why === "not-in-play") {
    text = t(r.unit === "booklet" ? "claim-not-in-play-booklet" : "claim-not-in-play-book", r);
  } else if (r && r.why === "not-sold") {
    text = t("claim-not-sold", r);
  } else if (r && r.why === "wrong-game") {
    text = t("claim-wrong-game", r);
  } else if (r && r.why === "forged") {
    text = t("claim-forged", r);
  } else if (r && r.why === "barred") {
    text = t("claim-barred-before", r);
  } else if (v.verdict === "stands") {
    const prizes = v.stands.map((w) => {
      const p = v.prizes.find((x) => x.prize === w.prize);
      const named = w.place > 1 || (p && p.place > 1) ? t("claim-with-place", { prize: housie.prize(w.prize), place: housie.place(w.place) }) : housie.prize(w.prize);
      // A jackpot says which it is: won within its calls, or its consolation.
      return w.jackpot === undefined ? named : t(w.jackpot ? "claim-jackpot" : "claim-consolation", { prize: named });
    });
    text = t("claim-stands", { prizes: housie.and(prizes), call: v.calls, number: v.last });
  } else if (v.verdict === "missed") {
    const missed = v.prizes
      .filter((p) => p.standing === "open" && p.status === "missed")
      .map((p) => t("claim-missed-one", { prize: housie.prize(p.prize), call: p.call, number: p.number }));
    text = t("claim-missed", { missed: housie.and(missed), last: v.calls });
  } else if (v.verdict === "incomplete") {
    const near = v.prizes
      .filter((p) => p.standing === "open" && p.status === "incomplete")
      .sort((a, b) => a.needed - b.needed)[0];
    text = !near
      ? t("claim-nothing-open")
      : t(near.needed === near.missing.length ? "claim-incomplete" : "claim-incomplete-of", { prize: housie.prize(near.prize), needed: near.needed, numbers: near.missing.join(" ") });
  } else {
    text = t("claim-all-won", { game: game() ? game().name : "" });
  }
  if (v.barred) text += ". " + t("claim-bogey");
  if (v.spared) text += ". " + t("claim-spared");
  return `${word}: ${text}`;
}

// Where the ticket is, in the paper's own words: "booklet 21 · game 1 · the Lime page" in a
// run of booklets, "book 81" otherwise.
function claimHead(v) {
  // A 75-ball face: its sheet, its place there and the face number in its free centre.
  if (v.face && !v.booklet) return t("desk-claim-head-face", v);
  if (!v.booklet) return t("desk-claim-head", v);
  const head = t("desk-claim-head-booklet", { ...v, booklet: v.booklet.booklet, game: v.booklet.game });
  return v.booklet.colour ? head + " · " + t("desk-claim-colour", { colour: v.booklet.colour }) : head;
}

function showClaim(v) {
  const caption = t("desk-ticket-caption", { serial: v.serial });
  const grid = housie.ticketTable({ class: "ticket" }, caption, v.grid, v.heads ? v : null,
    (cell) => ({ n: cell.n, hit: cell.called, label: cell.called ? t("called", { number: cell.n }) : null }));
  const prizes = housie.el("ul", { class: "claim-prizes" });
  for (const p of v.prizes) prizes.append(housie.el("li", { class: p.status }, prizeText(p)));
  const sentence = verdictText(v);
  const parts = [
    housie.el("h2", { class: "label" }, claimHead(v)),
    housie.el("div", { class: "verdict " + v.verdict, id: "verdict" }, sentence.split(":")[0]),
    housie.el("p", { class: "verdict-text" }, sentence),
  ];
  if (v.verdict === "stands") parts.push(housie.el("p", { class: "win-hint" }, t("desk-win-hint")));
  if (v.grid.length) parts.push(grid, prizes);
  $("claim").replaceChildren(...parts);
  $("win").disabled = v.verdict !== "stands";
}

// ---- Auto-call: housie draws every N seconds; space or p pauses; a claim pauses it.
const auto = { running: false, paused: false, timer: null, ticker: null, due: 0 };

function autoSeconds() {
  const n = Number($("auto-seconds").value);
  return Number.isInteger(n) && n >= 3 && n <= 60 ? n : null;
}

function showAuto() {
  const s = $("auto-state");
  $("auto").textContent = t(auto.running ? "desk-auto-stop" : "desk-auto-start");
  if (!auto.running) s.textContent = "";
  else if (auto.paused) s.textContent = t("desk-paused", { why: auto.why || "p" });
  else s.textContent = t("desk-next-draw", { seconds: Math.max(0, Math.ceil((auto.due - Date.now()) / 1000)) });
}

function schedule() {
  clearTimeout(auto.timer);
  const seconds = autoSeconds() || 8;
  auto.due = Date.now() + seconds * 1000;
  auto.timer = setTimeout(async () => {
    if (!auto.running || auto.paused) return;
    submit("d");
    schedule();
  }, seconds * 1000);
  showAuto();
}

function toggleAuto() {
  if (auto.running) return stopAuto();
  if (!needGame()) return;
  if (game().ended) return say(t("desk-has-ended"), "bad");
  const seconds = autoSeconds();
  if (seconds === null) {
    say(t("desk-auto-range"), "bad");
    return;
  }
  Object.assign(auto, { running: true, paused: false, why: "" });
  clearInterval(auto.ticker);
  auto.ticker = setInterval(showAuto, 250);
  say(t("desk-auto-on", { seconds }), "ok");
  schedule();
}

function stopAuto() {
  Object.assign(auto, { running: false, paused: false });
  clearTimeout(auto.timer);
  clearInterval(auto.ticker);
  showAuto();
}

function pauseAuto(why) {
  if (!auto.running || auto.paused) return;
  Object.assign(auto, { paused: true, why });
  clearTimeout(auto.timer);
  showAuto();
}

function pauseOrResume() {
  if (!auto.running) return say(t("desk-auto-off"));
  if (auto.paused) {
    auto.paused = false;
    schedule();
  } else {
    pauseAuto("p");
  }
}

// ---- The page.
// Who raised a claim: "phone 10.0.0.7" in the desk's words.
function source(text) {
  return String(text).replace(/^phone\b/, t("desk-phone"));
}

function inPlay(x) {
  return x.game != null ? t("desk-in-play-booklets", x) : t("desk-in-play-books", x);
}

let planFor = null;
async function showPlan(g) {
  if (!g || g.count > 0 || g.ended) {
    $("plan").replaceChildren();
    return;
  }
  if (planFor === g.id) return;
  planFor = g.id;
  $("plan").replaceChildren(housie.el("p", { class: "muted" }, t("desk-planning")));
  const r = await housie.api("GET", `/api/games/${g.id}/plan`);
  if (!r.ok || gameId() !== g.id || game().count > 0) return;
  const lines = r.body.prizes.map((p) =>
    housie.el("li", {}, t("desk-plan-line", { ...p, prize: housie.prize(p.prize) + (p.place > 1 ? " (" + housie.place(p.place) + ")" : ""), shared: Math.round(p.shared * 100) })),
  );
  $("plan").replaceChildren(
    housie.el("h2", { class: "label" }, t("desk-plan-head", r.body)),
    housie.el("ul", { class: "plan-list" }, ...lines),
  );
}

function render(s) {
  const numbers = state ? state.run.numbers : 90;
  state = s;
  if (s.run.numbers !== numbers) showHelp();
  $("run-title").textContent = s.run.title ? "· " + s.run.title : "";
  // The run's code, as the print files' names carry it: on the tab, and as the title's tooltip.
  const code = s.run.code ? t("desk-run-code", { code: s.run.code }) : "";
  $("run-title").title = code;
  if (code) document.title = document.title.replace(/ · \S+ \d{4}-\d{4}$/, "") + " · " + code;
  $("lost").hidden = !s.lost;
  $("lost").textContent = s.lost ? t("desk-lost", { why: s.lost }) : "";
  const g = s.game;
  $("game-name").textContent = !g ? t("desk-no-game") : g.ended ? t("desk-game-ended", { name: housie.gameName(g) }) : housie.gameName(g);
  $("prize-now").textContent = housie.playing(g);
  const heads = s.run.heads;
  $("last").textContent = g && g.last ? housie.callName(g.last, heads) : "–";
  $("last").classList.toggle("lettered", !!heads);
  $("count").textContent = !g || g.count === 0 ? t("desk-no-calls") : housie.calls(g.count);
  const w = (g && g.watch) || [];
  // The watch: one compact row a prize, however many the set has.
  const th = (text, scope) => housie.el("th", { scope }, text);
  $("watch").replaceChildren(
    ...(w.length
      ? [housie.el("table", { class: "watch-table" },
          housie.el("caption", { class: "sr-only" }, t("desk-watch-caption")),
          housie.el("tr", {}, th(t("desk-watch-prize"), "col"), th(t("desk-watch-have"), "col"), th(t("desk-watch-away"), "col")),
          ...w.map((x) => housie.el("tr", {}, th(housie.prize(x.prize), "row"), housie.el("td", {}, String(x.complete)), housie.el("td", {}, String(x.one_away)))),
        )]
      : []),
  );
  $("calls").replaceChildren(...(g ? g.calls.map((n, i) => housie.el("li", { class: g.drawn[i] ? "drawn" : "" }, housie.callName(n, heads))) : []));
  $("prizes").replaceChildren(
    ...(g
      ? g.prize_list.map((p) => {
          const places = p.won.map((pl) => (p.places > 1 ? housie.place(pl.place) + " " : "") +
            (pl.winners.length ? t("desk-at-call-by", { call: pl.call, who: pl.winners.join(", ") }) : t("desk-at-call", { call: pl.call })));
          const state = t(p.state === "won" ? "desk-state-won" : p.state === "playing" ? "desk-state-playing" : "desk-state-waiting");
          // Each winner's serial a span of its own that never breaks across lines.
          const jackpot = p.jackpot ? " · " + t("desk-jackpot-" + p.jackpot.state, p.jackpot) : "";
          const text = `${housie.prize(p.prize)} · ${state}${jackpot}${places.length ? " · " + places.join("; ") : ""}`;
          return housie.el("li", { class: p.state }, ...housie.unbroken(text, p.won.flatMap((pl) => pl.winners)));
        })
      : []),
  );
  $("claims").replaceChildren(
    ...(g ? g.claims.map((c) => housie.el("li", { class: c.verdict }, t("desk-claim-log", {
      at: housie.utc(c.at),
      call: c.call,
      serial: c.serial + (c.source ? " (" + source(c.source) + ")" : ""),
      // The log's sentence is the record's English; another language names the verdict.
      what: housie.language === "en" ? c.message : t("verdict-word-" + c.verdict),
    }))) : []),
  );
  const queue = (g && g.queue) || [];
  $("phone-queue-box").hidden = queue.length === 0;
  $("phone-queue").replaceChildren(
    ...queue.map((q, i) =>
      housie.el("li", {}, (i === 0 ? t("desk-queue-next") + " " : "") +
        t("desk-queue", { serial: q.serial, source: source(q.source), call: q.call, kind: t(q.phone_only ? "desk-phone-only" : "desk-paper") }) +
        (q.unproven ? " · " + t("desk-unproven") : "")),
    ),
  );
  // Only a claim that proved its ticket pauses auto-call: anyone can send a request.
  const proven = queue.filter((q) => !q.unproven).length;
  if (proven > queued) pauseAuto(t("why-phone-claim"));
  queued = proven;
  const barred = (g && g.barred) || [];
  $("barred").hidden = barred.length === 0;
  $("barred").textContent = barred.length ? t("desk-barred", { serials: barred.join(", ") }) : "";
  $("seed").textContent = !g
    ? ""
    : g.seed
      ? t("desk-seed-revealed", g)
      : t("desk-seed-secret", g);
  $("games").replaceChildren(
    ...s.games.map((x) => housie.el("li", {}, t("desk-game-line", { id: x.id, name: x.name, prizes: housie.setName(x.prizes), books: inPlay(x), calls: housie.calls(x.calls) }) + (x.ended ? " · " + t("desk-ended") : ""))),
  );
  // A run of booklets: books are booklet numbers, and a game is one page of each booklet.
  const booklets = s.run.games != null;
  $("game-number-label").hidden = !booklets;
  $("game-books-label").textContent = t(booklets ? "desk-booklets-sold" : "desk-books-in-play");
  $("sale-units-label").textContent = t(booklets ? "desk-booklets" : "desk-books");
  // Booklets are sold whole; books may be sold by the half sheet or the ticket.
  for (const o of document.querySelectorAll("#sale-kind option.parts")) o.hidden = o.disabled = booklets;
  if (booklets) {
    $("game-number").max = s.run.games;
    $("game-number").placeholder = String((s.games.length % s.run.games) + 1);
  }
  const off = !g || g.ended || !housie.token;
  for (const id of ["draw", "undo", "reopen", "next-prize", "end", "auto"]) $(id).disabled = off;
  if (off) $("win").disabled = true;
  if (g && g.ended && auto.running) stopAuto();
  $("game-name-input").placeholder = t("desk-game-n", { n: s.games.length + 1 });
  showPlan(g);
  speak(g, heads);
}

// ---- The prize sets a new game can play.
let sets = [];
async function loadSets() {
  const r = await housie.api("GET", "/api/prizes");
  if (!r.ok) return;
  sets = r.body.sets;
  const select = $("game-prizes");
  select.replaceChildren(
    ...sets.map((x) => housie.el("option", { value: x.name }, t("desk-set", {
      name: housie.setName(x.name),
      opens: t(x.opens === "together" ? "desk-opens-together" : "desk-opens-in-order"),
      prizes: x.prizes.map((p) => housie.prize(p.prize)).join(", "),
    }))),
    housie.el("option", { value: "" }, t("desk-prize-file-option")),
  );
  // The studio opens the desk with the event's prize set first.
  const wanted = new URLSearchParams(location.search).get("prizes");
  if (wanted && sets.some((x) => x.name === wanted)) select.value = wanted;
  showNeeds();
}
function showNeeds() {
  const name = $("game-prizes").value;
  $("game-file-label").hidden = name !== "";
  const set = sets.find((x) => x.name === name);
  $("game-prizes-needs").textContent = set ? set.prizes.map((p) => `${housie.prize(p.prize)}: ${housie.needs(p.prize, p.needs)}`).join(" · ") : "";
}
$("game-prizes").addEventListener("change", showNeeds);

$("game-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("game-name-input").value.trim() || $("game-name-input").placeholder;
  const body = { name, books: $("game-books").value.trim() || "all", bogey: $("game-bogey").checked };
  if ($("game-prizes").value) {
    body.prizes = $("game-prizes").value;
  } else {
    const file = $("game-file").files[0];
    if (!file) {
      say(t("desk-choose-file"), "bad", $("game-result"));
      return back();
    }
    if (file.size > 64 * 1024) {
      say(t("desk-file-too-big"), "bad", $("game-result"));
      return back();
    }
    body.prizes = { toml: await file.text() };
  }
  if (!$("game-number-label").hidden) body.game = Number($("game-number").value || $("game-number").placeholder);
  const result = $("game-result");
  await act("POST", "/api/games", body, () => {
    say(t("desk-started", { game: name }), "ok", result);
    $("game-name-input").value = "";
  }, result);
  back();
});

// ---- The keyboard belongs to the box.
$("entry-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = entry.value;
  entry.value = "";
  entry.classList.remove("unsent");
  back();
  if (text.trim()) submit(text);
});

entry.addEventListener("keydown", (e) => {
  // Space in an empty box pauses or resumes auto-call.
  if (e.key === " " && entry.value === "" && auto.running) {
    e.preventDefault();
    pauseOrResume();
  }
});

entry.addEventListener("input", () => {
  // A serial coming in (a hyphen, a third digit, or a ticket's link from a QR code) is a
  // claim: auto-call waits for it.
  if (auto.running && (/^\d{3}/.test(entry.value) || entry.value.includes("-") || /^https?:/i.test(entry.value))) {
    pauseAuto(t("why-typing"));
  }
});

// A key pressed anywhere but a form field goes to the box.
document.addEventListener("keydown", (e) => {
  const t = e.target;
  const field = t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
  if (field || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Enter" && t instanceof HTMLButtonElement) return; // a button reached by Tab
  if (e.key.length === 1 || e.key === "Enter") back();
});

// A button acts and hands the keyboard back to the box; it never keeps the focus.
function hold(button, action) {
  button.addEventListener("mousedown", (e) => e.preventDefault());
  button.addEventListener("click", () => {
    action();
    back();
  });
}
hold($("draw"), () => submit("d"));
hold($("undo"), () => submit("u"));
hold($("win"), () => submit("w"));
hold($("reopen"), () => submit("r"));
hold($("next-prize"), () => submit("n"));
hold($("end"), () => submit("end"));
hold($("auto"), () => submit("a"));
$("auto-seconds").addEventListener("change", () => {
  if (autoSeconds() === null) say(t("desk-auto-range"), "bad");
  else if (auto.running && !auto.paused) schedule();
});
$("open-board").addEventListener("click", () => setTimeout(back, 0));

// ---- Sales: paper given to sellers, sold and returned, and the cash-up's totals.
function showCashup(c) {
  if (!c || !c.currency) return;
  // Books sold whole, and half sheets and single tickets when any were.
  const sold = typeof c.sold_books === "number" ? { units: c.sold_books, half_sheets: 0, tickets: 0 } : c.sold_books;
  const units = t(c.units === "booklets" ? "units-booklets" : "units-books", { count: sold.units }) +
    (sold.half_sheets ? ", " + sold.half_sheets + " " + t("units-half-sheets", { count: sold.half_sheets }) : "") +
    (sold.tickets ? ", " + sold.tickets + " " + t("units-tickets", { count: sold.tickets }) : "");
  // The regime's limits from the start of the night, not only once one is passed.
  const limits = c.shown.limits ? t("desk-limits", c.shown.limits) + " · " : "";
  $("cashup").textContent = limits +
    t("desk-cashup-line", { sold: sold.units, units, takings: c.shown.takings, paid: c.shown.prizes_paid, expected: c.shown.expected_cash }) +
    (c.missing ? " · " + t("desk-cashup-missing", { missing: c.missing }) : "") +
    (c.warnings || []).map((w) => " · " + t("desk-warning", { warning: w })).join("");
}

// Half sheets are tickets 1-3 or 4-6 of a book (12/1-3), single tickets one of them (12/4).
const PIECES = { "sold-halves": ["half_sheets", "12/1-3, 12/4-6"], "sold-tickets": ["tickets", "12/4"] };

function showSaleFields() {
  const kind = $("sale-kind").value;
  const selling = kind.startsWith("sold");
  $("sale-price-label").hidden = !selling;
  $("sale-buyer-label").hidden = !selling;
  $("sale-cash-label").hidden = !selling;
  $("sale-units").placeholder = PIECES[kind] ? PIECES[kind][1] : "1-50";
  $("sale-why-label").hidden = kind !== "voided";
}
$("sale-kind").addEventListener("change", showSaleFields);

$("sale-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const kind = $("sale-kind").value;
  // A scanned (or typed) serial is sent as it is: the night reads it as the paper it stands
  // for (its book or booklet, its half sheet, or itself, as it is sold).
  const units = $("sale-units").value.trim();
  const seller = $("sale-seller").value.trim();
  const body = {};
  body[state && state.run.games != null ? "booklets" : "books"] = units;
  let path = "/api/sales";
  if (kind.startsWith("sold")) {
    if (PIECES[kind]) body.as = PIECES[kind][0];
    body.price = $("sale-price").value.trim() || $("sale-price").placeholder;
    if (seller) body.seller = seller;
    const buyer = $("sale-buyer").value.trim();
    if (buyer) body.buyer = buyer;
    body.how = $("sale-cash").checked ? "cash" : "other";
  } else if (kind === "issued") {
    path = "/api/issues";
    body.seller = seller;
  } else if (kind === "voided") {
    path = "/api/voids";
    body.reason = $("sale-why").value.trim();
  } else {
    path = "/api/returns";
    body.damaged = kind === "damaged";
  }
  const result = $("sale-result");
  // A sale taken back says why (the cash-up shows it): asked for here, beside its field.
  if (kind === "voided" && !body.reason) {
    say(t("desk-void-why-needed"), "bad", result);
    $("sale-why").focus();
    return;
  }
  const r = await overLimit(path, body, t("desk-record-again"), result);
  if (r === "unsent") say(t("no-answer"), "bad", result);
  if (r && r !== "unsent") {
    const said = {
      sold: "desk-sold",
      "sold-halves": "desk-sold",
      "sold-tickets": "desk-sold",
      issued: "desk-given",
      returned: "desk-returned",
      damaged: "desk-returned-damaged",
      voided: "desk-sale-taken-back",
    }[kind];
    // The paper as the night recorded it (a scanned serial said as its book).
    say(t(said, { units: r.recorded || units, seller }), "ok", result);
    $("sale-units").value = "";
    $("sale-why").value = "";
    showCashup(r);
  }
  // The next sale is typed straight away; Escape or a click on the box goes back to calling.
  if (r && r !== "unsent") $("sale-units").focus();
});
$("sale-form").addEventListener("keydown", (e) => {
  if (e.key === "Escape") back();
});
showSaleFields();
if (!housie.token) $("read-only").hidden = false;

// The box's keys, each with what it does, in the desk's language.
const KEYS = [
  ["d", "key-d"], ["u", "key-u"], ["w", "key-w"], ["r", "key-r"], ["n", "key-n"], ["a", "key-a"], ["p", "key-p"],
  ["end", "key-end"], ["pay 20", "key-pay"], ["q", "key-q"], ["unbar", "key-unbar"], ["void 14", "key-void"], ["move 14", "key-move"],
];
// The help says the run's numbers (1–90, 1–75) and, on faces with face numbers, `f 12`.
function showHelp() {
  const help = $("entry-help");
  const run = state ? state.run : { numbers: 90 };
  help.replaceChildren(t("desk-help", { numbers: run.numbers }));
  const keys = run.heads ? [["f 12", "key-face"], ...KEYS] : KEYS;
  for (const [key, id] of keys) help.append(" · ", housie.el("kbd", {}, key), " " + t(id));
}

// The desk speaks its own language (its picker, else the browser's); everything it shows waits
// for that catalogue.
housie.useLanguage("desk").then(() => {
  housie.languagePicker($("desk-language"), "desk");
  showHelp();
  showAuto();
  if (housie.token) {
    housie.api("GET", "/api/cashup").then((r) => r.ok && showCashup(r.body));
    // The record's money and the cash-up are the caller's: the links carry the token. The
    // cash-up is written in the desk's language; the record stays in housie's English.
    const token = "&token=" + encodeURIComponent(housie.token);
    $("record-link").href += token;
    $("cashup-link").href += token + "&lang=" + encodeURIComponent(housie.language);
  } else {
    $("cashup-link").hidden = true;
  }
  loadSets();
  voice.panel("desk", $("voice-settings"));
  // The board's language is chosen here: the board the desk opens speaks it (and keeps it);
  // until one is chosen, the desk's own.
  const boardLanguage = $("board-language");
  boardLanguage.replaceChildren(...housie.languages.map((l) => housie.el("option", { value: l.lang, lang: l.lang }, l.name)));
  boardLanguage.value = housie.language;
  let kept = null;
  try { kept = localStorage.getItem("housie.lang.board-from-desk"); } catch (_) { /* nothing kept */ }
  if (kept && housie.languages.some((l) => l.lang === kept)) boardLanguage.value = kept;
  const boardHref = () => { $("open-board").href = housie.boardAddress(boardLanguage.value); };
  boardLanguage.addEventListener("change", () => {
    try { localStorage.setItem("housie.lang.board-from-desk", boardLanguage.value); } catch (_) { /* nothing kept */ }
    boardHref();
  });
  boardHref();
  housie.follow(render, (up) => housie.showLink($("link"), up));
});

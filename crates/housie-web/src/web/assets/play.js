// A player's page, for a phone: the tickets of each book the player follows (a serial typed,
// or from a link; more than one book if they bought more) in the game on the desk. Numbers
// called after the page opened the game are marked as they come; those called before are
// marked only when the player taps Catch up (UK Gambling Commission 6.2: catching up needs the
// player's own action). Claim sends the ticket to the caller's queue; the caller settles it and
// this page shows the verdict. What it follows is kept in this browser, so a reload or a
// restart of housie picks up where it was.
"use strict";

const $ = (id) => document.getElementById(id);
const KEPT = "housie.play.v2";
const PENDING = "housie.pending.v1";
let follows = []; // [{ serial, code }], in the order added
const views = new Map(); // serial → GET /api/play/{serial}
let state = null;
const announce = housie.announcer($("announce"));
let fetching = false; // the books are being asked for

// The run's logo, as the tickets print it, when it has one.
{
  const logo = $("logo");
  logo.addEventListener("load", () => { logo.hidden = false; });
  logo.src = "/logo.png";
}

// ---- What this browser keeps.
function load(key, store) {
  try { return JSON.parse(store.getItem(key) || "null"); } catch (_) { return null; }
}

function save(key, value, store) {
  try {
    if (value) store.setItem(key, JSON.stringify(value)); else store.removeItem(key);
  } catch (_) { /* private browsing: nothing kept */ }
}

// A claim with the caller: { serial, before (its claims then), game (the game's commitment) },
// kept for the tab so that a reload still shows the verdict.
let pending = load(PENDING, sessionStorage);

function setPending(value) {
  pending = value;
  save(PENDING, value, sessionStorage);
}

function keepFollows() {
  save(KEPT, follows.length ? follows : null, localStorage);
}

function path(who, suffix) {
  const code = who.code && !suffix ? "?code=" + encodeURIComponent(who.code) : "";
  return `/api/play/${encodeURIComponent(who.serial)}${suffix || ""}${code}`;
}

// ---- Finding a book.
async function add(serial, code) {
  const who = { serial: serial.trim(), code: code || null };
  const r = await housie.api("GET", path(who));
  if (!r.ok) return showFindError(who, r);
  who.serial = r.body.serial;
  // A book followed already (by another of its serials) is followed once.
  const same = (f) => f.serial === who.serial || (views.has(f.serial) && views.get(f.serial).unit === r.body.unit);
  for (const f of follows.filter(same)) views.delete(f.serial);
  follows = follows.filter((f) => !same(f));
  follows.push(who);
  views.set(who.serial, r.body);
  keepFollows();
  const params = new URLSearchParams({ s: who.serial });
  if (who.code) params.set("c", who.code);
  history.replaceState(null, "", "/play?" + params.toString());
  $("find-message").replaceChildren();
  $("serial").value = "";
  $("find").hidden = true;
  $("follow").hidden = false;
  render();
}

// Every book followed, asked for again (a new game brings each book's page in it).
async function refresh() {
  if (fetching) return;
  fetching = true;
  const gone = new Set();
  for (const who of [...follows]) {
    const r = await housie.api("GET", path(who));
    if (r.ok) views.set(who.serial, r.body);
    else if (r.status === 404) gone.add(who.serial);
    // housie away (a restart): keep what is shown; the next state asks again.
  }
  for (const serial of gone) views.delete(serial);
  follows = follows.filter((f) => !gone.has(f.serial));
  keepFollows();
  fetching = false;
  render();
}

function showFindError(who, r) {
  $("find").hidden = false;
  $("follow").hidden = follows.length === 0;
  $("serial").value = who.serial;
  const box = $("find-message");
  // housie's own sentence in English; in another language the page's, by the answer's status.
  const own = { 404: "serial-unknown", 422: "serial-mistyped", 429: "too-many-tries" }[r.status];
  const suggestions = (r.body && r.body.suggestions) || [];
  // housie's sentence as plain text (no `code` marks), its suggestions left to the buttons below.
  const said = r.body && r.body.error
    ? r.body.error.replace(/`/g, "").replace(suggestions.length ? /; did you mean .*$/ : /$^/, ".")
    : housie.t("no-answer");
  box.replaceChildren(housie.language !== "en" && own ? housie.t(own) : said);
  if (suggestions.length) {
    const p = housie.el("p", {}, housie.t("did-you-mean") + " ");
    suggestions.forEach((s, i) => {
      const b = housie.el("button", { type: "button", class: "suggestion" }, s);
      b.addEventListener("click", () => add(s, null));
      p.append(b, i + 1 < suggestions.length ? ` ${housie.t("or")} ` : "?");
    });
    box.append(p);
  }
  $("serial").focus();
}

$("find").addEventListener("submit", (e) => {
  e.preventDefault();
  add($("serial").value, null);
});

function stopFollowing(serial) {
  follows = follows.filter((f) => f.serial !== serial);
  views.delete(serial);
  keepFollows();
  if (!follows.length) {
    $("follow").hidden = true;
    $("find").hidden = false;
    $("serial").focus();
  }
  render();
}

// ---- Marking: what this device has seen of each game, for each book.
function marksKey(g, view) {
  return `housie.marks.${g.commitment}.${view.serial}`;
}

function marks(g, view) {
  let m = load(marksKey(g, view), localStorage);
  if (!m) {
    m = { opened: g.count, caught: g.count === 0 };
    save(marksKey(g, view), m, localStorage);
  }
  if (m.opened > g.count) m.opened = g.count;
  return m;
}

function marked(g, m) {
  return new Set(m.caught ? g.calls : g.calls.slice(m.opened));
}

// ---- Drawing.
function ticketBox(t, hits, g, who) {
  const numbers = t.grid.flat().filter((n) => n !== null);
  const togo = numbers.filter((n) => !hits.has(n)).length;
  const caption = housie.t("ticket-caption", { serial: t.serial, count: togo });
  const table = housie.ticketTable({ class: "ticket play-grid" }, caption, t.grid, t.heads ? t : null,
    (n) => ({ n, hit: hits.has(n), label: hits.has(n) ? housie.t("marked", { number: n }) : null }));
  // A 75-ball face (it has heads) is done at blackout, a 90-ball ticket at full house.
  const done = housie.t(t.heads ? "blackout-done" : "full-house-done");
  const head = housie.el("h3", { class: "play-serial" }, t.serial, " ",
    housie.el("span", { class: "to-go" }, togo === 0 ? done : housie.t("to-go", { count: togo })));
  const box = housie.el("article", { class: "play-ticket", "aria-label": housie.t("ticket-label", { serial: t.serial }) }, head, table);
  // A ticket barred by the bogey rule can claim nothing more this game: no button, the reason.
  if (g && !g.ended && (g.barred || []).includes(t.serial)) {
    box.append(housie.el("p", { class: "message bad barred-note" }, housie.t("verdict-barred")));
    return box;
  }
  const button = housie.el("button", { type: "button", class: "claim-button" }, housie.t("claim"));
  button.setAttribute("aria-label", housie.t("claim-label", { serial: t.serial }));
  button.disabled = !g || g.ended || !!pending;
  button.addEventListener("click", () => claim(who, t));
  box.append(button);
  return box;
}

// Whether a book's page is for the game on the desk (before the first game, any is).
function current(view, g) {
  return !g || (view.game && view.game.id === g.id);
}

function render() {
  if (!state) return;
  const g = state.game;
  const shown = follows.filter((f) => views.has(f.serial) && current(views.get(f.serial), g));
  $("run-title").textContent = state.run.title || "";
  $("play-game").textContent = housie.gameName(g);
  $("play-prize").textContent = housie.playing(g);
  const heads = state.run.heads;
  $("play-last").textContent = g && g.last ? housie.callName(g.last, heads) : "–";
  $("play-count").textContent = g ? housie.calls(g.count) : "";
  let earlier = 0;
  const parts = [];
  const notes = [];
  for (const who of shown) {
    const view = views.get(who.serial);
    let hits = new Set();
    if (g && view.tickets.length) {
      const m = marks(g, view);
      hits = marked(g, m);
      if (!m.caught) earlier = Math.max(earlier, m.opened);
    }
    if (view.note) notes.push(view.note_message ? housie.t(view.note_message.id, view.note_message.args) : view.note);
    if (shown.length > 1) {
      const unit = housie.t(view.unit_name === "booklet" ? "booklet" : "book", { number: view.unit });
      const stop = housie.el("button", { type: "button", class: "stop" }, housie.t("stop-following"));
      stop.setAttribute("aria-label", housie.t("stop-following-label", { unit }));
      stop.addEventListener("click", () => stopFollowing(who.serial));
      parts.push(housie.el("h2", { class: "play-book" }, unit + " ", stop));
    }
    parts.push(...view.tickets.map((t) => ticketBox(t, hits, g, who)));
  }
  const note = $("play-note");
  note.hidden = notes.length === 0;
  note.textContent = notes.join(" ");
  const catchUp = $("catch-up");
  catchUp.hidden = earlier === 0;
  catchUp.textContent = housie.t("catch-up", { count: earlier });
  $("tickets").replaceChildren(...parts);
  housie.showWinners(g, $("play-winners"), $("play-winners-label"));
  announce(g, heads);
  settled(g);
}

$("catch-up").addEventListener("click", () => {
  const g = state && state.game;
  if (!g) return;
  for (const view of views.values()) {
    if (!view.tickets.length) continue;
    const m = marks(g, view);
    m.caught = true;
    save(marksKey(g, view), m, localStorage);
  }
  render();
});

// ---- Claims.
function status(text, kind) {
  const s = $("claim-status");
  s.textContent = text;
  s.className = "message" + (kind ? " " + kind : "");
}

function claimsOf(g, serial) {
  return g.claims.filter((c) => c.serial === serial);
}

async function claim(who, t) {
  const g = state && state.game;
  if (!g || pending) return;
  const before = claimsOf(g, t.serial).length;
  const body = { ticket: t.ticket };
  if (who.code) body.code = who.code;
  const r = await housie.api("POST", path(who, "/claims"), body);
  if (!r.ok) {
    status(r.body && r.body.error ? housie.refusal(r.body, r.status) : housie.t("claim-again"), "bad");
    return;
  }
  setPending({ serial: r.body.serial, before, game: g.commitment });
  // housie's own sentence (the place in the queue) in English; the page's in its language.
  status(housie.language === "en"
    ? r.body.message + " Keep your ticket as it is until the caller has checked it."
    : housie.t("claim-sent"), "warn");
  render();
}


// The caller has settled the claim on show: its verdict.
function settled(g) {
  if (!pending || !g) return;
  if (pending.game !== g.commitment) {
    setPending(null);
    return render();
  }
  if (g.queue.some((q) => q.serial === pending.serial)) {
    if (!$("claim-status").textContent) status(housie.t("claim-waiting", { serial: pending.serial }), "warn");
    return;
  }
  const mine = claimsOf(g, pending.serial);
  if (mine.length <= pending.before) return;
  const c = mine[0];
  const head = c.verdict === "stands"
    ? housie.t("verdict-stands-for", { prizes: c.stands.map(housie.prize).join(" · ") })
    : housie.t({ missed: "verdict-missed", incomplete: "verdict-incomplete" }[c.verdict] || "verdict-other");
  const barred = c.barred ? " " + housie.t("verdict-barred") : "";
  // The caller's sentence (in English) without its verdict in capitals, which the head says.
  const why = c.message.replace(/^[A-Z][A-Z ]*: /, "");
  const said = why && housie.language === "en" ? " " + why.charAt(0).toUpperCase() + why.slice(1) + "." : "";
  status(`${head}${said}${barred}`, c.verdict === "stands" ? "ok" : "bad");
  setPending(null);
  render();
}

// ---- Start: the page's words, then a link (?s=…&c=…) adds its book to those this browser
// follows; ?another shows the form to add one more.
async function start() {
  await housie.useLanguage("play");
  housie.languagePicker($("language"), "play");
  const params = new URLSearchParams(location.search);
  const before = load(KEPT, localStorage) || load("housie.play.v1", localStorage);
  follows = Array.isArray(before) ? before : before && before.serial ? [before] : [];
  if (follows.length) {
    $("find").hidden = !params.has("another");
    $("follow").hidden = false;
    refresh();
  }
  if (params.get("s")) add(params.get("s"), params.get("c"));
  else if (!follows.length || params.has("another")) {
    $("find").hidden = false;
    $("serial").focus();
  }

  housie.follow((s) => {
    state = s;
    render();
    // A new game on the desk (each book's page in it), or housie was not there when the page
    // asked for its books: ask again.
    if (follows.some((f) => !views.has(f.serial) || !current(views.get(f.serial), s.game))) refresh();
  }, (up) => housie.showLink($("link"), up));
}
start();

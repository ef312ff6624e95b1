// A player's page, for a phone: the tickets of one book (the serial typed, or from a link) in
// the game on the desk. Numbers called after the page opened the game are marked as they come;
// those called before are marked only when the player taps Catch up (UK Gambling Commission
// 6.2: catching up needs the player's own action). Claim sends the ticket to the caller's
// queue; the caller settles it and this page shows the verdict. What it follows is kept in
// this browser, so a reload or a restart of housie picks up where it was.
"use strict";

const $ = (id) => document.getElementById(id);
const KEPT = "housie.play.v1";
let who = null; // { serial, code }
let view = null; // GET /api/play/{serial}
let state = null;
const PENDING = "housie.pending.v1";
// A claim with the caller: { serial, before (its claims then), game (the game's commitment) },
// kept so that a reload still shows the verdict.
let pending = (() => {
  try { return JSON.parse(sessionStorage.getItem(PENDING) || "null"); } catch (_) { return null; }
})();

function setPending(value) {
  pending = value;
  try {
    if (value) sessionStorage.setItem(PENDING, JSON.stringify(value)); else sessionStorage.removeItem(PENDING);
  } catch (_) { /* not kept */ }
}
let lastAnnounced = null;
let finding = false; // a ticket is being asked for

function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "null"); } catch (_) { return null; }
}

function keep(value) {
  try {
    if (value) localStorage.setItem(KEPT, JSON.stringify(value)); else localStorage.removeItem(KEPT);
  } catch (_) { /* private browsing: nothing kept */ }
}

function playPath(suffix) {
  const code = who.code ? "?code=" + encodeURIComponent(who.code) : "";
  return `/api/play/${encodeURIComponent(who.serial)}${suffix || ""}${suffix ? "" : code}`;
}

// ---- Finding the ticket.
async function find(serial, code) {
  who = { serial: serial.trim(), code: code || null };
  finding = true;
  const r = await housie.api("GET", playPath());
  finding = false;
  if (!r.ok) {
    // housie is away (a restart): keep what is shown; the next state asks again.
    if (r.status === 0 && view) return;
    showFindError(r);
    return;
  }
  view = r.body;
  who.serial = view.serial;
  keep(who);
  const params = new URLSearchParams({ s: view.serial });
  if (who.code) params.set("c", who.code);
  history.replaceState(null, "", "/play?" + params.toString());
  $("find").hidden = true;
  $("follow").hidden = false;
  if (state) render();
}

function showFindError(r) {
  $("find").hidden = false;
  $("follow").hidden = true;
  $("serial").value = who.serial;
  const box = $("find-message");
  box.replaceChildren(r.body && r.body.error ? r.body.error : "housie did not answer: try again in a moment");
  const suggestions = (r.body && r.body.suggestions) || [];
  if (suggestions.length) {
    const p = housie.el("p", {}, "Did you mean ");
    suggestions.forEach((s, i) => {
      const b = housie.el("button", { type: "button", class: "suggestion" }, s);
      b.addEventListener("click", () => find(s, null));
      p.append(b, i + 1 < suggestions.length ? " or " : "?");
    });
    box.append(p);
  }
  if (r.status === 404) keep(null);
  // A serial housie refused is not asked for again; one it did not answer for is, once it is back.
  if (r.status !== 0) who = null;
  $("serial").focus();
}

$("find").addEventListener("submit", (e) => {
  e.preventDefault();
  find($("serial").value, null);
});

// ---- Marking: what this device has seen of each game.
function marksKey(g) {
  return `housie.marks.${g.commitment}.${view.serial}`;
}

function marks(g) {
  let m = null;
  try { m = JSON.parse(localStorage.getItem(marksKey(g)) || "null"); } catch (_) { m = null; }
  if (!m) {
    m = { opened: g.count, caught: g.count === 0 };
    saveMarks(g, m);
  }
  if (m.opened > g.count) m.opened = g.count;
  return m;
}

function saveMarks(g, m) {
  try { localStorage.setItem(marksKey(g), JSON.stringify(m)); } catch (_) { /* not kept */ }
}

function marked(g, m) {
  return new Set(m.caught ? g.calls : g.calls.slice(m.opened));
}

// ---- Drawing.
function ticketBox(t, hits, g) {
  const numbers = t.grid.flat().filter((n) => n !== null);
  const togo = numbers.filter((n) => !hits.has(n)).length;
  const table = housie.el("table", { class: "ticket play-grid" },
    housie.el("caption", { class: "sr-only" }, `Ticket ${t.serial}: ${togo} numbers to go`));
  for (const row of t.grid) {
    const tr = housie.el("tr");
    for (const n of row) {
      const on = n !== null && hits.has(n);
      const attrs = { class: n === null ? "blank" : on ? "hit" : "" };
      if (on) attrs["aria-label"] = `${n}, marked`;
      tr.append(housie.el("td", attrs, n === null ? "" : String(n)));
    }
    table.append(tr);
  }
  const head = housie.el("h3", { class: "play-serial" }, t.serial, " ",
    housie.el("span", { class: "to-go" }, togo === 0 ? "full house" : `${togo} to go`));
  const button = housie.el("button", { type: "button", class: "claim-button" }, "Claim on this ticket");
  button.setAttribute("aria-label", `Claim on this ticket, ${t.serial}`);
  button.disabled = !g || g.ended || !!pending;
  button.addEventListener("click", () => claim(t));
  return housie.el("article", { class: "play-ticket", "aria-label": `Ticket ${t.serial}` }, head, table, button);
}

function render() {
  if (!view || !state) return;
  const g = state.game;
  if (g && (!view.game || view.game.id !== g.id)) {
    // A new game on the desk: this book's page in it.
    if (!finding) find(who.serial, who.code);
    return;
  }
  $("run-title").textContent = state.run.title || "";
  $("play-game").textContent = !g ? "Waiting for the first game" : g.colour ? `${g.name} · the ${g.colour} page` : g.name;
  $("play-prize").textContent = housie.playing(g);
  $("play-last").textContent = g && g.last ? g.last : "–";
  $("play-count").textContent = g ? g.count + (g.count === 1 ? " call" : " calls") : "";
  const note = $("play-note");
  note.hidden = !view.note;
  note.textContent = view.note || "";
  let hits = new Set();
  const catchUp = $("catch-up");
  catchUp.hidden = true;
  if (g && view.tickets.length) {
    const m = marks(g);
    hits = marked(g, m);
    const earlier = m.caught ? 0 : m.opened;
    if (earlier > 0) {
      catchUp.hidden = false;
      catchUp.textContent = `Catch up: mark the ${earlier} number${earlier === 1 ? "" : "s"} called before you opened this page`;
    }
  }
  $("tickets").replaceChildren(...view.tickets.map((t) => ticketBox(t, hits, g)));
  const wins = [];
  for (const p of g ? g.prize_list : []) {
    for (const place of p.won) {
      const who = place.winners.length ? place.winners.join(", ") : "won";
      const which = p.places > 1 ? ` (${housie.ordinal(place.place)})` : "";
      wins.push(housie.el("li", {}, `${p.prize}${which}: ${who}`));
    }
  }
  $("play-winners").replaceChildren(...wins);
  $("play-winners-label").hidden = wins.length === 0;
  if (g && g.last && `${g.id}:${g.count}` !== lastAnnounced) {
    if (lastAnnounced !== null) $("announce").textContent = `Number ${g.last}`;
    lastAnnounced = `${g.id}:${g.count}`;
  }
  settled(g);
}

$("catch-up").addEventListener("click", () => {
  const g = state && state.game;
  if (!g) return;
  const m = marks(g);
  m.caught = true;
  saveMarks(g, m);
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

async function claim(t) {
  const g = state && state.game;
  if (!g || pending) return;
  const before = claimsOf(g, t.serial).length;
  const body = { ticket: t.ticket };
  if (who.code) body.code = who.code;
  const r = await housie.api("POST", playPath("/claims"), body);
  if (!r.ok) {
    status(r.body && r.body.error ? r.body.error : "housie did not answer: claim again", "bad");
    return;
  }
  setPending({ serial: r.body.serial, before, game: g.commitment });
  status(r.body.message + " Keep your ticket as it is until the caller has checked it.", "warn");
  render();
}

const VERDICT = {
  stands: "Your claim stands",
  missed: "Missed: your ticket completed it at an earlier call",
  incomplete: "Not complete yet",
};

// The caller has settled the claim on show: its verdict.
function settled(g) {
  if (!pending || !g) return;
  if (pending.game !== g.commitment) {
    setPending(null);
    return render();
  }
  if (g.queue.some((q) => q.serial === pending.serial)) {
    if (!$("claim-status").textContent) status(`Your claim for ${pending.serial} is with the caller.`, "warn");
    return;
  }
  const mine = claimsOf(g, pending.serial);
  if (mine.length <= pending.before) return;
  const c = mine[0];
  const head = VERDICT[c.verdict] || "Not a winning claim";
  const stands = c.stands.length ? ` for ${c.stands.join(" and ")}` : "";
  const barred = c.barred ? " Under the bogey rule this ticket can claim nothing more this game." : "";
  // The caller's sentence without its verdict in capitals, which the head already says.
  const why = c.message.replace(/^[A-Z][A-Z ]*: /, "");
  const said = why ? " " + why.charAt(0).toUpperCase() + why.slice(1) + "." : "";
  status(`${head}${stands}.${said}${barred}`, c.verdict === "stands" ? "ok" : "bad");
  setPending(null);
  render();
}

// ---- Start: a link (?s=…&c=…), or what this browser followed last.
const params = new URLSearchParams(location.search);
const fromLink = params.get("s");
const before = kept();
if (fromLink) find(fromLink, params.get("c"));
else if (before && before.serial && !params.has("another")) find(before.serial, before.code);
else $("serial").focus();

housie.follow((s) => {
  state = s;
  // housie was not there when the page asked for its ticket: ask again now that it is.
  if (who && !view && !finding) find(who.serial, who.code);
  else render();
}, (up) => {
  $("link").classList.toggle("down", !up);
  $("link").setAttribute("aria-label", up ? "connected to housie" : "not connected to housie");
});

// The caller's desk: keyboard first. A number and Enter calls it; a serial and Enter (what a
// USB barcode scanner types) checks a claim.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;

function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (kind ? " " + kind : "");
}

function gameId() {
  return state && state.game ? state.game.id : null;
}

async function act(method, path, body, done) {
  const r = await housie.api(method, path, body);
  if (!r.ok) {
    let text = r.body && r.body.error ? r.body.error : "refused (" + r.status + ")";
    say(text, "bad");
    return null;
  }
  if (done) done(r.body);
  return r.body;
}

function needGame() {
  if (gameId() === null) {
    say("Start a game first (New game, on the right).", "bad");
    return false;
  }
  return true;
}

async function call(number) {
  if (!needGame()) return;
  await act("POST", `/api/games/${gameId()}/calls`, { number }, (b) => say(`Call ${b.index}: ${b.number}`, "ok"));
}

async function draw() {
  if (!needGame()) return;
  await act("POST", `/api/games/${gameId()}/draw`, undefined, (b) => say(`Call ${b.index}: ${b.number} (drawn by housie)`, "ok"));
}

async function undo() {
  if (!needGame()) return;
  await act("POST", `/api/games/${gameId()}/undo`, undefined, (b) => say(`Took back ${b.undone}`, "ok"));
}

async function claim(serial) {
  if (!needGame()) return;
  const r = await housie.api("POST", `/api/games/${gameId()}/claims`, { serial });
  if (!r.ok) {
    showClaimError(serial, r.body);
    return;
  }
  say("");
  showClaim(r.body);
}

function showClaimError(serial, body) {
  const box = $("claim");
  box.replaceChildren(
    housie.el("div", { class: "label" }, "Claim"),
    housie.el("div", { class: "verdict refused", id: "verdict" }, serial),
    housie.el("p", { class: "verdict-text" }, body.error || "refused"),
  );
  if (body.suggestions && body.suggestions.length) {
    const p = housie.el("p", {}, "Did you mean ");
    body.suggestions.forEach((s, i) => {
      const b = housie.el("button", { type: "button", class: "suggestion" }, s);
      b.onclick = () => claim(s);
      p.append(b, i + 1 < body.suggestions.length ? " or " : "?");
    });
    box.append(p);
  }
}

function showClaim(v) {
  const box = $("claim");
  const grid = housie.el("table", { class: "ticket" });
  for (const row of v.grid) {
    const tr = housie.el("tr");
    for (const cell of row) {
      const td = housie.el("td", { class: cell ? (cell.called ? "hit" : "") : "blank" }, cell ? String(cell.n) : "");
      tr.append(td);
    }
    grid.append(tr);
  }
  const prizes = housie.el("ul", { class: "claim-prizes" });
  for (const p of v.prizes) {
    let text = p.prize + ": ";
    if (p.status === "stands") text += "complete at the last call";
    else if (p.status === "missed") text += `complete at call ${p.call} (${p.number})`;
    else text += `needs ${p.needed}` + (p.missing.length ? ": " + p.missing.join(" ") : "");
    prizes.append(housie.el("li", { class: p.status + (p.prize === v.prize ? " current" : "") }, text));
  }
  box.replaceChildren(
    housie.el("div", { class: "label" }, `Claim · ${v.serial} · book ${v.book}, ticket ${v.ticket} (${v.file}, page ${v.page})`),
    housie.el("div", { class: "verdict " + v.verdict, id: "verdict" }, v.message.split(":")[0]),
    housie.el("p", { class: "verdict-text" }, v.message),
    grid,
    prizes,
  );
}

function render(s) {
  state = s;
  $("run-title").textContent = s.run.title ? "· " + s.run.title : "";
  const g = s.game;
  $("game-name").textContent = g ? g.name + (g.colour ? ` · the ${g.colour} page` : "") + (g.ended ? " (ended)" : "") : "No game yet";
  $("prize-now").textContent = !g ? "" : g.ended ? "Game over" : g.prize ? "Playing for " + g.prize : "All prizes won";
  $("last").textContent = g && g.last ? g.last : "–";
  $("count").textContent = !g || g.count === 0 ? "no calls yet" : `${g.count} ${g.count === 1 ? "call" : "calls"}`;
  const w = (g && g.watch) || [];
  $("watch").textContent = w
    .map((x) => `${x.prize}: ${x.complete} ${x.complete === 1 ? "ticket has" : "tickets have"} it · ${x.one_away} one number away`)
    .join("\n");
  const calls = $("calls");
  calls.replaceChildren(...(g ? g.calls.map((n, i) => housie.el("li", { class: g.drawn[i] ? "drawn" : "" }, String(n))) : []));
  $("prizes").replaceChildren(
    ...(g
      ? g.prize_list.map((p) =>
          housie.el("li", { class: p.state }, p.prize + (p.state === "won" ? ` · won after call ${p.after_call}` : p.state === "playing" ? " · playing" : "")),
        )
      : []),
  );
  $("claims").replaceChildren(
    ...(g ? g.claims.map((c) => housie.el("li", { class: c.verdict }, `${c.at.slice(11, 19)} · call ${c.calls} · ${c.serial} · ${c.message}`)) : []),
  );
  $("seed").textContent = !g
    ? ""
    : g.seed
      ? `Revealed: ${g.seed} (SHA-256 ${g.commitment}). Anyone can recompute the draw: housie draws ${g.seed}`
      : `SHA-256 of the secret seed housie draws from: ${g.commitment}`;
  $("games").replaceChildren(
    ...s.games.map((x) => housie.el("li", {}, `${x.id}. ${x.name} · ${x.prizes} · ${inPlay(x)} · ${x.calls} calls${x.ended ? " · ended" : ""}`)),
  );
  // A run of booklets: books are booklet numbers, and a game is one page of each booklet.
  const booklets = s.run.games != null;
  $("game-number-label").hidden = !booklets;
  $("game-books-label").textContent = booklets ? "Booklets sold" : "Books in play";
  if (booklets) {
    $("game-number").max = s.run.games;
    $("game-number").placeholder = String((s.games.length % s.run.games) + 1);
  }
  for (const id of ["draw", "undo", "next-prize", "end"]) $(id).disabled = !g || g.ended || !housie.token;
  if (!$("game-name-input").value) $("game-name-input").placeholder = "Game " + (s.games.length + 1);
}

$("entry-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("entry");
  const text = input.value.trim();
  input.value = "";
  input.focus();
  if (!text) return;
  if (/^\d{1,2}$/.test(text)) call(Number(text));
  else if (text.toLowerCase() === "d") draw();
  else if (text.toLowerCase() === "u") undo();
  else claim(text);
});

/** "books 1-480", or "booklets 1-120, game 3" in a run of booklets. */
function inPlay(x) {
  return x.game != null ? `booklets ${x.books}, game ${x.game}` : `books ${x.books}`;
}

$("draw").onclick = draw;
$("undo").onclick = undo;
$("next-prize").onclick = () => {
  if (!needGame()) return;
  act("POST", `/api/games/${gameId()}/next-prize`, undefined, (b) => say(b.prize ? "Now playing for " + b.prize : "Every prize has been played", "ok"));
};
$("end").onclick = () => {
  if (!needGame() || !confirm("End this game and reveal its draw seed?")) return;
  act("POST", `/api/games/${gameId()}/end`, undefined, () => say("Game over: the draw seed is revealed below", "ok"));
};

$("game-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("game-name-input").value.trim() || $("game-name-input").placeholder;
  const body = { name, prizes: $("game-prizes").value, books: $("game-books").value.trim() || "all" };
  if (!$("game-number-label").hidden) body.game = Number($("game-number").value || $("game-number").placeholder);
  await act("POST", "/api/games", body, (b) => {
    say(`Started ${name}`, "ok");
    $("game-name-input").value = "";
    $("entry").focus();
  });
});

if (!housie.token) $("read-only").hidden = false;
housie.follow(render, (up) => $("link").classList.toggle("down", !up));

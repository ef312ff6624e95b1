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

function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (kind ? " " + kind : "");
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
    say("Start a game first (New game, on the right).", "bad");
    return false;
  }
  return true;
}

// Sends a change; returns "unsent" when housie did not answer, the body when it agreed, and
// null (with the reason shown) when it refused.
async function act(method, path, body, done) {
  const r = await housie.api(method, path, body);
  if (r.status === 0) return "unsent";
  if (!r.ok) {
    say(r.body && r.body.error ? r.body.error : "refused (" + r.status + ")", "bad");
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
      const more = dropped ? ` (and ${dropped} more, not sent either)` : "";
      say(`Not sent: housie did not answer. “${text}” is still in the box${more}: Enter to send it again.`, "bad");
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

async function call(number) {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/calls`, { number }, (b) => say(`Call ${b.index}: ${b.number}`, "ok"));
}

async function draw() {
  if (!needGame()) return;
  const r = await act("POST", `/api/games/${gameId()}/draw`, undefined, (b) =>
    say(`Call ${b.index}: ${b.number} (drawn by housie)`, "ok"),
  );
  if (r === null) stopAuto();
  return r;
}

async function undo() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/undo`, undefined, (b) => say(`Took back ${b.undone}`, "ok"));
}

async function win() {
  if (!needGame()) return;
  if (!shown || shown.verdict !== "stands" || shown.game !== gameId()) {
    say("No claim that stands is on show: check the claim first (type or scan its serial).", "bad");
    return;
  }
  const serial = shown.serial;
  const r = await act("POST", `/api/games/${gameId()}/winners`, { serial }, (b) => {
    won = { game: gameId(), serial, prizes: b.won.map((w) => w.prize) };
    const places = b.won.map((w) => w.prize + (w.place > 1 ? ` (${housie.ordinal(w.place)} place)` : "") + (w.shared ? ", shared" : ""));
    say(`Won by ${serial}: ${places.join(", ")}. r takes it back before the next call.`, "ok");
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
    say("No win to pay: check the claim (type or scan its serial), then pay.", "bad");
    return;
  }
  const prize = named ? named.trim() : won.prizes.length === 1 ? won.prizes[0] : null;
  if (!prize) {
    say(`${won.serial} won ${won.prizes.join(", ")}: say which, like “pay ${amount} ${won.prizes[0]}”.`, "bad");
    return;
  }
  const body = { serial: won.serial, prize, amount };
  const r = await overLimit(`/api/games/${gameId()}/payouts`, body, "Type the same pay again to pay it anyway.");
  if (r && r !== "unsent") {
    const entry = r.payouts.length ? r.payouts[r.payouts.length - 1].entry : "?";
    say(`Paid ${amount} to ${won.serial} for ${prize} (entry ${entry}: “void ${entry}” takes it back).`, "ok");
    showCashup(r);
  }
  return r;
}

// `void 14 typed 30 for 3`: a sale or a prize paid taken back, with why; it stays in the cash-up, marked.
async function voidEntry(entry, reason) {
  const body = { entry };
  if (reason) body.reason = reason;
  return act("POST", "/api/voids", body, (c) => {
    say(`Entry ${entry} voided${reason ? ": " + reason : ""}.`, "ok");
    showCashup(c);
  });
}

// `move 14 000123-4-0`: a prize paid moved to the ticket that now holds its place.
async function movePayout(entry, serial) {
  return act("POST", "/api/moves", { entry, serial }, (c) => {
    say(`Entry ${entry} now pays ${serial}.`, "ok");
    showCashup(c);
  });
}

// A change the night's regime may stop once: housie says which limit it would pass, and the
// same change asked for again is recorded anyway (the organiser decides, not housie).
let overArmed = null;
async function overLimit(path, body, again) {
  const key = path + JSON.stringify(body);
  if (overArmed === key) body.over_limit = true;
  const r = await housie.api("POST", path, body);
  if (r.status === 0) return "unsent";
  if (r.ok) {
    overArmed = null;
    return r.body;
  }
  const error = (r.body && r.body.error) || "refused (" + r.status + ")";
  if (r.status === 409 && error.includes("over_limit")) {
    overArmed = key;
    say(error.replace(/; send it again.*$/, "") + ". " + again, "warn");
  } else {
    say(error, "bad");
  }
  return null;
}

// `unbar SERIAL`: the bogey rule's bar lifted (a mistaken bar, or a false claim someone else sent).
async function liftBar(serial) {
  if (!needGame()) return;
  return act("DELETE", `/api/games/${gameId()}/bars/${encodeURIComponent(serial)}`, undefined, (b) =>
    say(`${b.lifted} may claim again this game`, "ok"),
  );
}

async function reopen() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/reopen`, undefined, (b) => say(`Took back the last win of ${b.reopened}`, "ok"));
}

async function nextPrize() {
  if (!needGame()) return;
  return act("POST", `/api/games/${gameId()}/next-prize`, undefined, (b) =>
    say(b.prize ? "Moved on: now playing for " + b.prize + " (r takes it back)" : "Every prize has been played", "ok"),
  );
}

async function end() {
  if (!needGame()) return;
  const g = game();
  if (Date.now() - endArmed > 30000) {
    endArmed = Date.now();
    say(`Type end again, then Enter, to end ${g.name} and reveal its draw seed.`, "warn");
    return;
  }
  endArmed = 0;
  stopAuto();
  return act("POST", `/api/games/${gameId()}/end`, undefined, () => say("Game over: the draw seed is revealed below", "ok"));
}

// The oldest claim raised from a phone, checked as if its serial had been typed.
async function nextFromPhones() {
  const g = game();
  if (!g || !g.queue.length) return say("No claims from phones are waiting.");
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
  if (r.body.verdict === "stands") pauseAuto("a claim stands");
}

function showClaimError(serial, body) {
  const box = $("claim");
  box.replaceChildren(
    housie.el("h2", { class: "label" }, "Claim"),
    housie.el("div", { class: "verdict refused", id: "verdict" }, serial),
    housie.el("p", { class: "verdict-text" }, body.error || "refused"),
  );
  if (body.suggestions && body.suggestions.length) {
    const p = housie.el("p", {}, "Did you mean ");
    body.suggestions.forEach((s, i) => {
      const b = housie.el("button", { type: "button", class: "suggestion" }, s);
      hold(b, () => submit(s));
      p.append(b, i + 1 < body.suggestions.length ? " or " : "?");
    });
    box.append(p);
  }
}

function prizeText(p) {
  const open = p.standing === "open" ? "" : p.standing === "won" ? " (every place won)" : " (not open yet)";
  switch (p.status) {
    case "stands": return `${p.prize}: complete at the last call` + (p.place > 1 ? ` · ${housie.ordinal(p.place)} place` : "") + open;
    case "missed": return `${p.prize}: complete at call ${p.call} (${p.number})${open}`;
    case "incomplete": return `${p.prize}: needs ${p.needed}` + (p.missing.length ? ": " + p.missing.join(" ") : "") + open;
    default: return `${p.prize}: cannot be completed on this ticket`;
  }
}

function showClaim(v) {
  const grid = housie.el("table", { class: "ticket" }, housie.el("caption", { class: "sr-only" }, `Ticket ${v.serial}, called numbers marked`));
  for (const row of v.grid) {
    const tr = housie.el("tr");
    for (const cell of row) {
      const attrs = { class: cell ? (cell.called ? "hit" : "") : "blank" };
      if (cell && cell.called) attrs["aria-label"] = `${cell.n}, called`;
      tr.append(housie.el("td", attrs, cell ? String(cell.n) : ""));
    }
    grid.append(tr);
  }
  const prizes = housie.el("ul", { class: "claim-prizes" });
  for (const p of v.prizes) prizes.append(housie.el("li", { class: p.status }, prizeText(p)));
  const parts = [
    housie.el("h2", { class: "label" }, `Claim · ${v.serial} · book ${v.book}, ticket ${v.ticket} (${v.file}, page ${v.page})`),
    housie.el("div", { class: "verdict " + v.verdict, id: "verdict" }, v.message.split(":")[0]),
    housie.el("p", { class: "verdict-text" }, v.message),
  ];
  if (v.verdict === "stands") parts.push(housie.el("p", { class: "win-hint" }, "w (or the button): record it as won · then go on calling"));
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
  $("auto").textContent = auto.running ? "Stop auto-call" : "Start auto-call";
  if (!auto.running) s.textContent = "";
  else if (auto.paused) s.textContent = `Paused (${auto.why || "p"}): p or space resumes`;
  else s.textContent = `Next draw in ${Math.max(0, Math.ceil((auto.due - Date.now()) / 1000))} s · p or space pauses`;
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
  if (game().ended) return say("The game has ended.", "bad");
  const seconds = autoSeconds();
  if (seconds === null) {
    say("Auto-call draws every 3 to 60 seconds: give a whole number in that range.", "bad");
    return;
  }
  Object.assign(auto, { running: true, paused: false, why: "" });
  clearInterval(auto.ticker);
  auto.ticker = setInterval(showAuto, 250);
  say(`Auto-call: housie draws every ${seconds} s.`, "ok");
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
  if (!auto.running) return say("Auto-call is off (a starts it).");
  if (auto.paused) {
    auto.paused = false;
    schedule();
  } else {
    pauseAuto("p");
  }
}

// ---- The page.
function inPlay(x) {
  return x.game != null ? `booklets ${x.books}, game ${x.game}` : `books ${x.books}`;
}

let planFor = null;
async function showPlan(g) {
  if (!g || g.count > 0 || g.ended) {
    $("plan").replaceChildren();
    return;
  }
  if (planFor === g.id) return;
  planFor = g.id;
  $("plan").replaceChildren(housie.el("p", { class: "muted" }, "Planning the prizes on these tickets…"));
  const r = await housie.api("GET", `/api/games/${g.id}/plan`);
  if (!r.ok || gameId() !== g.id || game().count > 0) return;
  const lines = r.body.prizes.map((p) =>
    housie.el("li", {}, `${p.prize}${p.place > 1 ? " (" + housie.ordinal(p.place) + ")" : ""}: call ${p.median} (${p.p5}–${p.p95}), shared in ${Math.round(p.shared * 100)} % of games`),
  );
  $("plan").replaceChildren(
    housie.el("h2", { class: "label" }, `Likely winning calls (${r.body.games} games on these ${r.body.tickets} tickets)`),
    housie.el("ul", { class: "plan-list" }, ...lines),
  );
}

function render(s) {
  state = s;
  $("run-title").textContent = s.run.title ? "· " + s.run.title : "";
  $("lost").hidden = !s.lost;
  $("lost").textContent = s.lost ? "The night's database is lost: " + s.lost : "";
  const g = s.game;
  $("game-name").textContent = g ? g.name + (g.colour ? ` · the ${g.colour} page` : "") + (g.ended ? " (ended)" : "") : "No game yet";
  $("prize-now").textContent = housie.playing(g);
  $("last").textContent = g && g.last ? g.last : "–";
  $("count").textContent = !g || g.count === 0 ? "no calls yet" : `${g.count} ${g.count === 1 ? "call" : "calls"}`;
  const w = (g && g.watch) || [];
  $("watch").replaceChildren(
    ...w.map((x) => housie.el("div", {}, `${x.prize}: ${x.complete} ${x.complete === 1 ? "ticket has" : "tickets have"} it · ${x.one_away} one number away`)),
  );
  $("calls").replaceChildren(...(g ? g.calls.map((n, i) => housie.el("li", { class: g.drawn[i] ? "drawn" : "" }, String(n))) : []));
  $("prizes").replaceChildren(
    ...(g
      ? g.prize_list.map((p) => {
          const places = p.won.map((pl) => `${p.places > 1 ? housie.ordinal(pl.place) + " " : ""}at call ${pl.call}${pl.winners.length ? " by " + pl.winners.join(", ") : ""}`);
          const state = p.state === "won" ? "won" : p.state === "playing" ? "playing" : "waiting";
          return housie.el("li", { class: p.state }, `${p.prize} · ${state}${places.length ? " · " + places.join("; ") : ""}`);
        })
      : []),
  );
  $("claims").replaceChildren(
    ...(g ? g.claims.map((c) => housie.el("li", { class: c.verdict }, `${housie.utc(c.at)} · call ${c.call} · ${c.serial}${c.source ? " (" + c.source + ")" : ""} · ${c.message}`)) : []),
  );
  const queue = (g && g.queue) || [];
  $("phone-queue-box").hidden = queue.length === 0;
  $("phone-queue").replaceChildren(
    ...queue.map((q, i) =>
      housie.el("li", {}, `${i === 0 ? "next: " : ""}${q.serial} · ${q.source} · at call ${q.call} · ${q.phone_only ? "phone-only: no paper to check" : "paper: check the ticket"}${q.unproven ? " · without the ticket's code: ask who holds it; never barred" : ""}`),
    ),
  );
  // Only a claim that proved its ticket pauses auto-call: anyone can send a request.
  const proven = queue.filter((q) => !q.unproven).length;
  if (proven > queued) pauseAuto("a claim from a phone");
  queued = proven;
  const barred = (g && g.barred) || [];
  $("barred").hidden = barred.length === 0;
  $("barred").textContent = barred.length ? `Barred this game: ${barred.join(", ")} (unbar and a serial lifts a bar)` : "";
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
  $("sale-units-label").textContent = booklets ? "Booklets" : "Books";
  if (booklets) {
    $("game-number").max = s.run.games;
    $("game-number").placeholder = String((s.games.length % s.run.games) + 1);
  }
  const off = !g || g.ended || !housie.token;
  for (const id of ["draw", "undo", "reopen", "next-prize", "end", "auto"]) $(id).disabled = off;
  if (off) $("win").disabled = true;
  if (g && g.ended && auto.running) stopAuto();
  $("game-name-input").placeholder = "Game " + (s.games.length + 1);
  showPlan(g);
  speak(g);
}

// ---- The prize sets a new game can play.
let sets = [];
async function loadSets() {
  const r = await housie.api("GET", "/api/prizes");
  if (!r.ok) return;
  sets = r.body.sets;
  const select = $("game-prizes");
  select.replaceChildren(
    ...sets.map((x) => housie.el("option", { value: x.name }, `${x.name} (${x.opens === "together" ? "all open at once" : "in order"}): ${x.prizes.map((p) => p.prize).join(", ")}`)),
    housie.el("option", { value: "" }, "a prize file…"),
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
  $("game-prizes-needs").textContent = set ? set.prizes.map((p) => `${p.prize}: ${p.needs}`).join(" · ") : "";
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
      say("Choose a prize file, or one of the prize sets.", "bad");
      return back();
    }
    if (file.size > 64 * 1024) {
      say("A prize file is at most 64 KiB.", "bad");
      return back();
    }
    body.prizes = { toml: await file.text() };
  }
  if (!$("game-number-label").hidden) body.game = Number($("game-number").value || $("game-number").placeholder);
  await act("POST", "/api/games", body, () => {
    say(`Started ${name}`, "ok");
    $("game-name-input").value = "";
  });
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
  // A serial coming in (a hyphen, or a third digit) is a claim: auto-call waits for it.
  if (auto.running && (/^\d{3}/.test(entry.value) || entry.value.includes("-"))) pauseAuto("a claim is being typed");
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
  if (autoSeconds() === null) say("Auto-call draws every 3 to 60 seconds: give a whole number in that range.", "bad");
  else if (auto.running && !auto.paused) schedule();
});
$("open-board").addEventListener("click", () => setTimeout(back, 0));

// ---- Sales: paper given to sellers, sold and returned, and the cash-up's totals.
function showCashup(c) {
  if (!c || !c.currency) return;
  $("cashup").textContent =
    `Sold ${c.sold_books} ${c.units} · takings ${c.shown.takings} · prizes paid ${c.shown.prizes_paid} · ` +
    `cash expected ${c.shown.expected_cash}` + (c.missing ? ` · missing ${c.missing}` : "") +
    (c.warnings || []).map((w) => ` · WARNING: ${w}`).join("");
}

function showSaleFields() {
  const kind = $("sale-kind").value;
  $("sale-price-label").hidden = kind !== "sold";
  $("sale-buyer-label").hidden = kind !== "sold";
  $("sale-cash-label").hidden = kind !== "sold";
}
$("sale-kind").addEventListener("change", showSaleFields);

$("sale-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const kind = $("sale-kind").value;
  // A scanned (or typed) serial stands for its book, or its booklet in a run of booklets: the
  // serial's first part.
  const units = $("sale-units")
    .value.split(",")
    .map((part) => {
      const serial = /^\s*(\d{6})(?:-\d+){2,3}\s*$/.exec(part);
      return serial ? String(Number(serial[1])) : part.trim();
    })
    .filter((part) => part)
    .join(", ");
  const seller = $("sale-seller").value.trim();
  const body = {};
  body[state && state.run.games != null ? "booklets" : "books"] = units;
  let path = "/api/sales";
  if (kind === "sold") {
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
  } else {
    path = "/api/returns";
    body.damaged = kind === "damaged";
  }
  const r = await overLimit(path, body, "Record it again to record it anyway.");
  if (r && r !== "unsent") {
    const what = {
      sold: "Sold",
      issued: "Given to " + seller + ":",
      returned: "Returned",
      damaged: "Returned damaged",
      voided: "Sale taken back:",
    }[kind];
    say(`${what} ${units}`, "ok");
    $("sale-units").value = "";
    showCashup(r);
  }
  // The next sale is typed straight away; Escape or a click on the box goes back to calling.
  if (r && r !== "unsent") $("sale-units").focus();
});
$("sale-form").addEventListener("keydown", (e) => {
  if (e.key === "Escape") back();
});
showSaleFields();
if (housie.token) {
  housie.api("GET", "/api/cashup").then((r) => r.ok && showCashup(r.body));
  // The record's money and the cash-up are the caller's: the links carry the token.
  for (const id of ["record-link", "cashup-link"]) $(id).href += "&token=" + encodeURIComponent(housie.token);
} else {
  $("cashup-link").hidden = true;
}

if (!housie.token) $("read-only").hidden = false;
loadSets();
// The desk speaks English for now; the shared words (what a game plays, its winners, the
// voice panel) come from the English catalogue.
housie.useLanguage("desk", "en").then(() => {
  voice.panel("desk", $("voice-settings"));
  // The board's language is chosen here: the board the desk opens speaks it (and keeps it).
  const boardLanguage = $("board-language");
  boardLanguage.replaceChildren(...housie.languages.map((l) => housie.el("option", { value: l.lang, lang: l.lang }, l.name)));
  let kept = null;
  try { kept = localStorage.getItem("housie.lang.board-from-desk"); } catch (_) { /* nothing kept */ }
  if (kept && housie.languages.some((l) => l.lang === kept)) boardLanguage.value = kept;
  const boardHref = () => { $("open-board").href = "/board?lang=" + encodeURIComponent(boardLanguage.value); };
  boardLanguage.addEventListener("change", () => {
    try { localStorage.setItem("housie.lang.board-from-desk", boardLanguage.value); } catch (_) { /* nothing kept */ }
    boardHref();
  });
  boardHref();
  housie.follow(render, (up) => housie.showLink($("link"), up));
});

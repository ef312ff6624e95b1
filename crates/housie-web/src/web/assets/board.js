// The board: read from the back of the hall. The last call very large, the calls before it,
// every number of the board (1–90 in 90-ball) with the called ones lit (bold and circled, not by colour alone), the prizes
// being played and their winners, and the draw's commitment before the first call (its seed
// once the game is over). Each new call is announced to screen readers and, with the voice
// on, spoken. `v` opens the voice settings.
"use strict";

const $ = (id) => document.getElementById(id);
// The board's cells, 1 to the run's highest number (its card format's: 90 for 90-ball); on
// 75-ball a row of 15 under each of B I N G O, its letter first (the run's `heads`).
const cells = [];
function board(numbers, heads) {
  if (cells.length === numbers + 1) return;
  cells.length = 0;
  $("grid").replaceChildren();
  $("grid").classList.toggle("bingo", !!heads);
  const cell = (n) => {
    cells[n] = housie.el("li", { class: "cell", id: "n" + n }, housie.el("span", {}, String(n)));
    return cells[n];
  };
  if (heads) {
    for (const h of heads) {
      $("grid").append(housie.el("li", { class: "cell head", "aria-hidden": "true" }, housie.el("span", {}, h.head)));
      for (let n = h.from; n <= h.to; n++) $("grid").append(cell(n));
    }
  } else {
    for (let n = 1; n <= numbers; n++) $("grid").append(cell(n));
  }
}
board(90);

const speak = voice.follower("board");
const announce = housie.announcer($("announce"));

// 64 hex digits in groups of four, four groups a line, to read from a distance.
function hexLines(hex) {
  const groups = hex.match(/.{1,4}/g) || [];
  const lines = [];
  for (let i = 0; i < groups.length; i += 4) lines.push(groups.slice(i, i + 4).join(" "));
  return lines.join("\n");
}

function render(state) {
  const heads = state.run.heads;
  board(state.run.numbers || 90, heads);
  $("grid-label").textContent = housie.t("grid-label", { numbers: state.run.numbers || 90 });
  const g = state.game;
  const called = new Set(g ? g.calls : []);
  for (let n = 1; n < cells.length; n++) {
    const on = called.has(n);
    cells[n].classList.toggle("called", on);
    cells[n].classList.toggle("latest", !!g && g.last === n);
    const name = housie.callName(n, heads);
    cells[n].setAttribute("aria-label", on ? housie.t("called", { number: name }) : name);
  }
  $("board-last").textContent = g && g.last ? housie.callName(g.last, heads) : "–";
  const before = g ? g.calls.slice(0, -1).slice(-5).reverse() : [];
  $("board-recent").replaceChildren(...before.map((n) => housie.el("li", {}, housie.callName(n, heads))));
  $("board-game").textContent = housie.gameName(g);
  $("board-prize").textContent = housie.playing(g);
  // Before the first call there is no number to show: the commitment and the join QR take
  // the room, when players join. At the end the winners and the seed do.
  $("board-side").classList.toggle("fresh", !g || g.count === 0);
  $("board-side").classList.toggle("ended", !!g && g.ended);
  $("board-count").textContent = g ? housie.calls(g.count) : "";
  $("board-commit").textContent = !g
    ? ""
    : g.seed
      ? housie.t("seed-revealed") + "\n" + hexLines(g.seed)
      : g.count === 0
        ? housie.t("seed-fixed") + "\n" + hexLines(g.commitment)
        : "";
  housie.showWinners(g, $("board-winners"), $("winners-label"));
  // Winners take room from the last call, so that the join QR stays on screen.
  $("board-side").classList.toggle("has-winners", !$("winners-label").hidden);
  fit();
  announce(g, heads);
  speak(g, heads);
}

// Everything on the side (every winner and place, the seed, the join QR) fits the screen,
// whatever the prize set and the screen: its words shrink in twentieths, to no less than
// half, then the winners take two columns and shrink again (hall_screens checks tambola-full
// at the end of a game from 1024 × 768 up).
function fit() {
  const side = $("board-side");
  const wide = (e) => e.scrollWidth > e.clientWidth + 1;
  const over = () => side.scrollHeight > side.clientHeight + 1 || wide(side) || wide($("board-recent"));
  for (const columns of [false, true]) {
    side.classList.toggle("two-columns", columns);
    for (let k = 20; k >= 10; k--) {
      side.style.setProperty("--fit", String(k / 20));
      if (!over()) return;
    }
  }
}
addEventListener("resize", fit);

// Voice: `v` opens the settings; a browser speaks only after a key or a click on the page.
const voicePanel = $("voice");
function showStart() {
  const s = voice.settings("board");
  $("voice-start").textContent = s.on && !navigator.userActivation?.hasBeenActive ? housie.t("voice-start") : "";
}
// `v` opens and closes the panel from anywhere on the board, its own lists included (only a
// field that takes typing keeps the key); Escape closes it. Closed, it takes the keyboard focus
// with it, so the panel never stays over the numbers.
function showVoicePanel(open) {
  voicePanel.hidden = !open;
  if (!open && voicePanel.contains(document.activeElement)) document.activeElement.blur();
}
document.addEventListener("keydown", (e) => {
  const t = e.target;
  const typing = t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && !["checkbox", "range"].includes(t.type));
  if (e.key === "Escape" && !voicePanel.hidden) {
    showVoicePanel(false);
  } else if (e.key.toLowerCase() === "v" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    showVoicePanel(voicePanel.hidden);
  }
  showStart();
});
document.addEventListener("click", showStart);

// How phones join: the player page's address on the hall's network, as text and a QR code.
async function showJoin() {
  const r = await housie.api("GET", "/api/join");
  if (!r.ok || !r.body.url) return;
  $("join-url").textContent = r.body.url;
  // The port this server listens on, for the command that opens it to the hall.
  let port = "8090";
  try { port = new URL(r.body.url).port || "80"; } catch (_) { /* the default */ }
  $("join-local").textContent = r.body.reachable ? "" : " " + housie.t("join-local", { port });
  $("join-qr").src = "/join.svg";
  $("join").hidden = false;
}

// The board's words first (?lang=hi, or the language chosen in its voice panel), then the night.
housie.useLanguage("board").then(() => {
  housie.languagePicker($("language"), "board");
  voice.panel("board", $("voice-settings"), showStart);
  showStart();
  showJoin();
  housie.follow(render, (up) => housie.showLink($("link"), up));
});

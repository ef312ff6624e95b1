// The board: read from the back of the hall. The last call very large, the calls before it,
// all 90 numbers with the called ones lit (bold and circled, not by colour alone), the prizes
// being played and their winners, and the draw's commitment before the first call (its seed
// once the game is over). Each new call is announced to screen readers and, with the voice
// on, spoken. `v` opens the voice settings.
"use strict";

const $ = (id) => document.getElementById(id);
const cells = [];
for (let n = 1; n <= 90; n++) {
  const cell = housie.el("li", { class: "cell", id: "n" + n }, housie.el("span", {}, String(n)));
  cells[n] = cell;
  $("grid").append(cell);
}

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
  const g = state.game;
  const called = new Set(g ? g.calls : []);
  for (let n = 1; n <= 90; n++) {
    const on = called.has(n);
    cells[n].classList.toggle("called", on);
    cells[n].classList.toggle("latest", !!g && g.last === n);
    cells[n].setAttribute("aria-label", on ? `${n}, called` : String(n));
  }
  $("board-last").textContent = g && g.last ? g.last : "–";
  const before = g ? g.calls.slice(0, -1).slice(-5).reverse() : [];
  $("board-recent").replaceChildren(...before.map((n) => housie.el("li", {}, String(n))));
  $("board-game").textContent = !g ? "Waiting for the first game" : g.colour ? `${g.name} · the ${g.colour} page` : g.name;
  $("board-prize").textContent = housie.playing(g);
  $("board-count").textContent = g ? g.count + (g.count === 1 ? " call" : " calls") : "";
  $("board-commit").textContent = !g
    ? ""
    : g.seed
      ? "The draw's seed, revealed:\n" + hexLines(g.seed)
      : g.count === 0
        ? "The draw is fixed: SHA-256 of its seed\n" + hexLines(g.commitment)
        : "";
  housie.showWinners(g, $("board-winners"), $("winners-label"));
  announce(g);
  speak(g);
}

// Voice: `v` opens the settings; a browser speaks only after a key or a click on the page.
const voicePanel = $("voice");
voice.panel("board", $("voice-settings"), showStart);
function showStart() {
  const s = voice.settings("board");
  $("voice-start").textContent = s.on && !navigator.userActivation?.hasBeenActive
    ? "Press a key or click here once so this browser lets the board speak."
    : "";
}
showStart();
document.addEventListener("keydown", (e) => {
  if (e.key === "v" && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement)) {
    voicePanel.hidden = !voicePanel.hidden;
  }
  showStart();
});
document.addEventListener("click", showStart);

// How phones join: the player page's address on the hall's network, as text and a QR code.
(async () => {
  const r = await housie.api("GET", "/api/join");
  if (!r.ok || !r.body.url) return;
  $("join-url").textContent = r.body.url;
  $("join-local").textContent = r.body.reachable ? "" : " (only this computer reaches it: start housie serve with --listen 0.0.0.0:8090)";
  $("join-qr").src = "/join.svg";
  $("join").hidden = false;
})();

housie.follow(render, (up) => {
  $("link").classList.toggle("down", !up);
  $("link").setAttribute("aria-label", up ? "connected to housie" : "not connected to housie");
});

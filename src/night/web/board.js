// The board: all 90 numbers with the called ones lit, the last call very large.
"use strict";

const cells = [];
const grid = document.getElementById("grid");
for (let n = 1; n <= 90; n++) {
  const cell = housie.el("div", { class: "cell", id: "n" + n }, String(n));
  cells[n] = cell;
  grid.append(cell);
}

function render(state) {
  const g = state.game;
  const called = new Set(g ? g.calls : []);
  for (let n = 1; n <= 90; n++) cells[n].classList.toggle("called", called.has(n));
  document.querySelectorAll(".cell.latest").forEach((c) => c.classList.remove("latest"));
  document.getElementById("board-last").textContent = g && g.last ? g.last : "–";
  if (g && g.last) cells[g.last].classList.add("latest");
  // In a run of booklets the players need to know which page: "Game 3 · the Lime page".
  document.getElementById("board-game").textContent = !g
    ? "Waiting for the first game"
    : g.colour
      ? `${g.name} · the ${g.colour} page`
      : g.name;
  document.getElementById("board-prize").textContent =
    !g ? "" : g.ended ? "Game over" : g.prize ? "Playing for " + g.prize : "All prizes won";
  document.getElementById("board-count").textContent = g ? g.count + (g.count === 1 ? " call" : " calls") : "";
}

housie.follow(render, (up) => document.getElementById("link").classList.toggle("down", !up));

// housie studio: the events page, and the API helper both studio pages use.
"use strict";

const studio = (() => {
  const { api, token } = housieApi("housie studio");

  // A link to another studio page, keeping the token.
  function href(path, params) {
    const q = new URLSearchParams(params || {});
    if (token) q.set("token", token);
    const s = q.toString();
    return s ? path + "?" + s : path;
  }

  // An event's state and paper in the page's language (common.js's catalogue words).
  const t = (id, args) => housie.t(id, args);
  const stateIds = { designed: "studio-state-designed", printed: "studio-state-printed", night_under_way: "studio-state-night", ended: "studio-state-ended" };
  const state = (s) => (stateIds[s] ? t(stateIds[s]) : s);
  function paper(e) {
    return e.booklets ? t("studio-paper-booklets", { booklets: e.booklets, games: e.games }) : t("studio-paper-books", { books: e.books });
  }
  // The engine's design form (`GET /api/schema`) drawn into this page's form: the choices and
  // bounds of the design form, and those `also` names (a new event's title and count).
  async function drawForm(also) {
    const r = await api("GET", "/api/schema");
    if (!r.ok) return;
    housieDesignForm.schema(r.body, (id) => { const words = t(id); return words === id ? null : words; }, also);
  }
  return { api, href, token, state, paper, t, drawForm };
})();

if (document.getElementById("new-form")) {
  const $ = (id) => document.getElementById(id);
  const kind = $("new-kind");
  kind.addEventListener("change", () => {
    const booklets = kind.value === "booklets";
    $("new-games-row").hidden = !booklets;
    $("new-count-label").textContent = studio.t(booklets ? "studio-how-many-booklets" : "studio-how-many-books");
  });

  async function load() {
    const r = await studio.api("GET", "/api/events");
    const tbody = document.querySelector("#events tbody");
    tbody.textContent = "";
    if (!r.ok) { $("empty").hidden = false; $("empty").textContent = r.body.error; return; }
    $("empty").hidden = r.body.length > 0;
    $("events").hidden = r.body.length === 0;
    for (const e of r.body) {
      const tr = document.createElement("tr");
      const name = document.createElement("td");
      const a = document.createElement("a");
      a.href = studio.href("/event", { id: e.id });
      a.textContent = e.title + (e.after ? " " + studio.t("studio-top-up-mark") : "");
      name.append(a);
      const p = document.createElement("td"); p.textContent = studio.paper(e);
      const made = document.createElement("td"); made.textContent = (e.created || "").slice(0, 10);
      const st = document.createElement("td"); st.className = "state"; st.textContent = studio.state(e.state);
      tr.append(name, p, made, st);
      tbody.append(tr);
    }
  }

  let creating = false;
  $("new-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    // A double click makes one event, not two.
    if (creating) return;
    creating = true;
    for (const f of ["title", "count", "games"]) $("new-" + f + "-error").textContent = "";
    const count = Number($("new-count").value);
    const body = { title: $("new-title").value };
    // The paper's own words (No., Book, the colours) in the studio's language.
    if (housie.language !== "en") body.lang = housie.language;
    if (kind.value === "booklets") { body.booklets = count; body.games = Number($("new-games").value); }
    else body.books = count;
    const r = await studio.api("POST", "/api/events", body);
    if (r.ok) { location.href = studio.href("/event", { id: r.body.id }); return; }
    creating = false;
    const map = { title: "title", books: "count", booklets: "count", games: "games" };
    const where = map[r.body.field];
    const said = housie.refusal(r.body, r.status);
    if (where) { $("new-" + where + "-error").textContent = said; $("new-" + where).focus(); }
    else { $("new-message").textContent = said; $("new-message").className = "message bad"; }
  });
  // The page's words first (?lang=hi, or the language chosen before on this screen).
  housie.useLanguage("studio").then(() => {
    housie.languagePicker($("language"), "studio");
    studio.drawForm({ title: ["new-title"], books: ["new-count"], games: ["new-games"] });
    load();
  });
  // Quit: housie stops (a double-clicked housie has no terminal to press Ctrl-C in).
  $("quit").addEventListener("click", async () => {
    if (!confirm(studio.t("studio-quit-confirm"))) return;
    const r = await studio.api("POST", "/api/quit");
    if (!r.ok) { $("new-message").textContent = housie.refusal(r.body, r.status); $("new-message").className = "message bad"; return; }
    document.querySelector("main").hidden = true;
    $("quit").hidden = true;
    $("stopped").hidden = false;
  });
  // Back from an event: the page may come from the browser's cache, so the list is read again.
  window.addEventListener("pageshow", (ev) => { if (ev.persisted) load(); });
}

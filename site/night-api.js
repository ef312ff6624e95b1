// The night's pages in the site: the caller's desk and the board of `housie serve`, the same
// files, over the night held in this tab instead of a server. This script stands where api.js
// stands natively and gives the pages the same `housieApi`: `api(method, path, body)` answered
// by the engine's `PageNight.request` (the server's statuses and JSON, decided in Rust),
// `follow(onState, onLink)`, and the board's address. No framework, no build step.
//
// The desk holds the night (desk-page.js opens it from IndexedDB, under a Web Lock so one tab
// of the browser is its desk) and keeps its log after every change before it answers. A board
// opened from the desk follows it over a BroadcastChannel named for the night: it is sent the
// public state after every change and asks the desk for its words (only GET requests).
"use strict";

// `#night=KEY` in the page's address: which night (the SHA-256 of its run.json).
function housieNightKey() {
  return decodeURIComponent((location.hash.match(/night=([0-9a-f]+)/) || [])[1] || "");
}

function housieApi() {
  const key = housieNightKey();
  const channel = "BroadcastChannel" in window ? new BroadcastChannel("housie-night-" + key) : null;
  const boardAddress = (lang) => "board.html?lang=" + encodeURIComponent(lang) + "#night=" + key;
  const transport = document.body.classList.contains("desk") ? housieDeskTransport(key, channel) : housieBoardTransport(channel);
  return Object.assign({ boardAddress }, transport);
}

// ---- The desk: the night is here.
function housieDeskTransport(key, channel) {
  let opened;
  // desk-page.js (a module, run after this) hands over the engine, then the night or why not.
  const engine = new Promise((resolve) => { window.housieDesk = { engine: resolve }; });
  const ready = new Promise((resolve) => {
    window.housieDesk.opened = (night, keep) => resolve((opened = { night, keep }));
    window.housieDesk.failed = (why, args) => resolve((opened = { why, args }));
  });
  const followers = [];
  let notKept = null;

  // The desk's words do not wait for the night: the engine has every catalogue.
  async function words(path) {
    const e = await engine;
    if (path === "/api/languages") return { ok: true, status: 200, body: e.languages() };
    return { ok: true, status: 200, body: e.catalogue(path.slice("/api/messages/".length)) };
  }

  async function api(method, path, body) {
    if (method === "GET" && (path === "/api/languages" || path.startsWith("/api/messages/"))) return words(path);
    const n = await ready;
    if (!n.night) return { ok: false, status: 0, body: { error: housie.t(n.why, n.args) } };
    const before = n.night.version();
    const r = n.night.request(method, path, body === undefined ? undefined : JSON.stringify(body));
    if (n.night.version() !== before) await changed(n);
    return { ok: r.status < 300, status: r.status, body: r.body !== undefined ? r.body : r.text };
  }

  // After a change: the log kept in this browser before the desk is answered, then every page
  // told. A log the browser would not keep is said on the desk until one is kept again.
  async function changed(n) {
    try {
      await n.keep(n.night.log());
      notKept = null;
    } catch (e) {
      notKept = (e && (e.name || e.message)) || "?";
    }
    publish();
  }

  function publish() {
    if (!opened || !opened.night) return;
    const state = opened.night.state(true);
    if (notKept) state.lost = housie.t("page-desk-not-kept", { why: notKept });
    for (const f of followers) f(state);
    if (channel) channel.postMessage({ type: "state", state: opened.night.state(false) });
  }

  if (channel) {
    channel.onmessage = async (e) => {
      const m = e.data || {};
      if (m.type === "hello") publish();
      else if (m.type === "ask" && typeof m.path === "string") {
        const r = await api("GET", m.path);
        channel.postMessage({ type: "answer", id: m.id, reply: r });
      }
    };
    window.addEventListener("pagehide", () => channel.postMessage({ type: "bye" }));
  }

  // Downloads the desk links to (the record, the cash-up) made here, as the server makes them.
  document.addEventListener("click", async (e) => {
    const a = e.target instanceof Element && e.target.closest("a[href^='/api/']");
    if (!a) return;
    e.preventDefault();
    const r = await api("GET", a.getAttribute("href"));
    if (!r.ok) return;
    const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body, null, 2);
    housieSave(new TextEncoder().encode(text), a.getAttribute("download") || "housie.txt", "text/plain");
  });

  function follow(onState, onLink) {
    ready.then((n) => {
      if (!n.night) {
        onLink(false);
        const lost = document.getElementById("lost");
        lost.textContent = housie.t(n.why, n.args);
        lost.hidden = false;
        return;
      }
      onLink(true);
      followers.push(onState);
      housieDeskNote(key, n.night);
      publish();
    });
  }

  return { api, token: "page", follow };
}

// ---- The board: the desk is elsewhere (another window of this browser).
function housieBoardTransport(channel) {
  const waiting = new Map();
  let next = 0;
  let onMessage = () => {};
  if (channel) {
    channel.onmessage = (e) => {
      const m = e.data || {};
      if (m.type === "answer" && waiting.has(m.id)) {
        waiting.get(m.id)(m.reply);
        waiting.delete(m.id);
      } else onMessage(m);
    };
  }
  // A request the desk answers; none (status 0) when no desk answers within 5 s.
  function api(method, path) {
    if (!channel || method !== "GET") return Promise.resolve({ ok: false, status: 0, body: { error: "the board only reads" } });
    const id = ++next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      channel.postMessage({ type: "ask", id, path });
      setTimeout(() => {
        if (waiting.delete(id)) resolve({ ok: false, status: 0, body: { error: "no desk answered" } });
      }, 5000);
    });
  }
  // The desk's state as it changes. The board says hello now and every 10 s; a desk that does
  // not answer within 3 s (closed, or the tab crashed) shows as not connected.
  function follow(onState, onLink) {
    if (!channel) { onLink(false); return; }
    let heard = false;
    onMessage = (m) => {
      if (m.type === "state") { heard = true; onLink(true); onState(m.state); }
      else if (m.type === "bye") onLink(false);
    };
    const hello = () => {
      heard = false;
      channel.postMessage({ type: "hello" });
      setTimeout(() => { if (!heard) onLink(false); }, 3000);
    };
    hello();
    setInterval(hello, 10000);
  }
  return { api, token: "", follow };
}

// `bytes` saved by the browser as a file called `name`.
function housieSave(bytes, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([bytes], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// What only the page's desk says: the night is kept in this browser, the log to download, and
// that phones need the housie program (and how the night moves there).
function housieDeskNote(key, night) {
  const note = housie.el("p", { id: "in-page", class: "page-note" },
    housie.t("page-desk-kept") + " ",
    housie.el("button", { type: "button", id: "download-log" }, housie.t("page-desk-download-log")),
    " " + housie.t("page-desk-phones"));
  document.getElementById("read-only").after(note);
  // What opening the run noticed, as housie serve says it at start.
  for (const warning of night.warnings()) {
    note.after(housie.el("p", { class: "warning bad" }, housie.t("desk-warning", { warning })));
  }
  document.getElementById("download-log").addEventListener("click", () => housieSave(night.log(), "night.jsonl", "application/x-ndjson"));
  if (window.housieDesk.notPersisted) {
    note.append(" ", housie.el("strong", {}, housie.t("page-desk-may-clear")));
  }
}

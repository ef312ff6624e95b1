// housie's night pages: the shared pieces. No framework, no build step.
"use strict";

const housie = (() => {
  const token = new URLSearchParams(location.search).get("token") || "";

  // Calls the API; resolves to {ok, status, body}. Status 0: housie did not answer.
  async function api(method, path, body) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    try {
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      let data = null;
      try { data = await res.json(); } catch (_) { data = { error: "the server answered " + res.status }; }
      return { ok: res.ok, status: res.status, body: data };
    } catch (e) {
      return { ok: false, status: 0, body: { error: "no answer from housie: is `housie serve` still running?" } };
    }
  }

  // Follows the night's state: onState(state) now and after every change, onLink(up) as the
  // connection comes and goes. Every page of this browser shares one connection through a
  // SharedWorker (stream.js), so any number of boards leaves the desk its connections; a
  // browser without SharedWorker opens a stream per page.
  function follow(onState, onLink) {
    if (window.SharedWorker) {
      try {
        const worker = new SharedWorker("/assets/stream.js", { name: "housie" });
        worker.port.onmessage = (e) => {
          if (e.data.type === "state") onState(e.data.state);
          else if (e.data.type === "link") onLink(e.data.up);
        };
        worker.port.start();
        worker.port.postMessage({ type: "follow", token });
        window.addEventListener("pagehide", () => worker.port.postMessage({ type: "leave" }));
        return;
      } catch (_) {
        // Fall back to a stream of this page's own.
      }
    }
    // As stream.js does: after an HTTP error (EventSource gives up for good), connect anew,
    // waiting 1 s, 2 s, 4 s … up to 30 s.
    let wait = 1000;
    const connect = () => {
      const source = new EventSource("/api/events" + (token ? "?token=" + encodeURIComponent(token) : ""));
      source.addEventListener("state", (e) => onState(JSON.parse(e.data)));
      source.onopen = () => {
        wait = 1000;
        onLink(true);
      };
      source.onerror = () => {
        onLink(false);
        if (source.readyState === EventSource.CLOSED) {
          setTimeout(connect, wait);
          wait = Math.min(wait * 2, 30000);
        }
      };
    };
    connect();
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  }

  // "19:02:10 UTC": the night's times as the record prints them.
  function utc(at) {
    return at ? at.slice(11, 19) + " UTC" : "";
  }

  // "1st", "2nd", …
  function ordinal(n) {
    const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return n + s;
  }

  // What a game plays now: "Playing for one line", or every open prize of a Tambola set.
  function playing(g) {
    if (!g) return "";
    if (g.ended) return "Game over";
    if (g.prize) return "Playing for " + g.prize;
    return g.open.length ? "Playing for " + g.open.join(" · ") : "All prizes won";
  }

  // Every place won so far, "top line (2nd): 000123-4-0", into `list`; `label` is shown only
  // when there is one.
  function showWinners(g, list, label) {
    const wins = [];
    for (const p of g ? g.prize_list : []) {
      for (const place of p.won) {
        const who = place.winners.length ? place.winners.join(", ") : "won";
        const which = p.places > 1 ? ` (${ordinal(place.place)})` : "";
        wins.push(el("li", {}, `${p.prize}${which}: ${who}`));
      }
    }
    list.replaceChildren(...wins);
    label.hidden = wins.length === 0;
  }

  // Tells screen readers each new call through the live region `region` (not the one on show
  // when the page opens).
  function announcer(region) {
    let last = null;
    return (g) => {
      if (!g || !g.last || `${g.id}:${g.count}` === last) return;
      if (last !== null) region.textContent = `Number ${g.last}`;
      last = `${g.id}:${g.count}`;
    };
  }

  return { token, api, follow, el, utc, ordinal, playing, showWinners, announcer };
})();

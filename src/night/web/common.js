// housie's night pages: the shared pieces. No framework, no build step.
"use strict";

const housie = (() => {
  const token = new URLSearchParams(location.search).get("token") || "";

  // Calls the API; resolves to {ok, status, body}.
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

  // Follows the night's state: calls onState with every new state, and onLink(true|false)
  // as the connection comes and goes (EventSource reconnects by itself).
  function follow(onState, onLink) {
    const url = "/api/events" + (token ? "?token=" + encodeURIComponent(token) : "");
    const source = new EventSource(url);
    source.addEventListener("state", (e) => onState(JSON.parse(e.data)));
    source.onopen = () => onLink(true);
    source.onerror = () => onLink(false);
    return source;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  }

  return { token, api, follow, el };
})();

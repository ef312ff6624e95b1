// housie's pages: the one way every page calls housie's API. No framework, no build step.
"use strict";

// The page's token (from its own address), `api(method, path, body, type)`, resolving to
// {ok, status, body}: a JSON body unless `type` names another; status 0 when housie did not
// answer (`who` is the command the organiser started, named when it does not answer);
// `follow(onState, onLink)`, the night's state as it changes; and `boardAddress(lang)`.
function housieApi(who) {
  const token = new URLSearchParams(location.search).get("token") || "";
  async function api(method, path, body, type, extra) {
    const headers = Object.assign({ "Content-Type": type || "application/json" }, extra || {});
    if (token) headers["Authorization"] = "Bearer " + token;
    try {
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : (type ? body : JSON.stringify(body)) });
      let data = null;
      try { data = await res.json(); } catch (_) { data = { error: "housie answered " + res.status }; }
      return { ok: res.ok, status: res.status, body: data };
    } catch (e) {
      return { ok: false, status: 0, body: { error: `no answer from housie: is \`${who}\` still running?` } };
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

  // The board's address, in language `lang`: the server's own page.
  const boardAddress = (lang) => "/board?lang=" + encodeURIComponent(lang);

  return { api, token, follow, boardAddress };
}

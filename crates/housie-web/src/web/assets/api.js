// housie's pages: the one way every page calls housie's API. No framework, no build step.
"use strict";

// The page's token (from its own address) and `api(method, path, body, type)`, resolving to
// {ok, status, body}: a JSON body unless `type` names another; status 0 when housie did not
// answer. `who` is the command the organiser started, named when it does not answer.
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
  return { api, token };
}

// housie studio: one event's page. Every change is saved at once and the preview redrawn.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const id = new URLSearchParams(location.search).get("id") || "";
  const base = "/api/events/" + encodeURIComponent(id);
  $("back").href = studio.href("/");
  let event = null;
  let previewAsked = 0;

  const form = housieDesignForm;
  const showProblems = form.showProblems;
  const design = () => form.read(event && event.design.logo);
  const fill = (e) => form.fill(e.design);
  const kindChanged = () => form.kindChanged();

  function show(e) {
    event = e;
    document.title = "housie studio · " + e.design.title;
    $("state").textContent = studio.states[e.state] || e.state;
    const frozen = e.state === "night_under_way" || e.state === "ended";
    $("frozen").hidden = !frozen;
    for (const el of document.querySelectorAll("#design input, #design select")) el.disabled = frozen;
    showProblems(e.problems);
    const w = $("warnings");
    w.textContent = "";
    for (const text of e.warnings) { const li = document.createElement("li"); li.textContent = text; w.append(li); }
    w.hidden = e.warnings.length === 0;
    // Every page of the first file (up to 99): a books event's later pages, a booklet's games.
    const pages = Math.max(1, Math.min(e.pages, 99));
    const sel = $("page");
    if (sel.options.length !== pages) {
      sel.textContent = "";
      for (let p = 1; p <= pages; p++) { const o = document.createElement("option"); o.value = p; o.textContent = e.design.games && p <= e.design.games ? `${p} (game ${p})` : p; sel.append(o); }
    }
    const printed = e.files.length > 0;
    const running = e.job && e.job.state === "running";
    $("generate").disabled = frozen || running || e.problems.length > 0;
    $("generate").textContent = printed ? "Generate again (new numbers)" : "Generate the print file";
    $("verify").disabled = !printed || running;
    $("night").disabled = !printed || running;
    $("top-up").disabled = !printed;
    $("phones").checked = e.phones;
    $("phones").disabled = Boolean(e.desk);
    $("stop").hidden = !running;
    const files = $("files");
    files.textContent = "";
    $("run-code").hidden = !e.run_code;
    $("run-code").textContent = e.run_code ? `Run ${e.run_code}: this code is on every file, in their names, and on the caller's desk; paper and desk match when the codes do.` : "";
    const kept = $("replaced");
    kept.textContent = "";
    for (const r of frozen ? [] : e.replaced) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "quiet";
      b.textContent = `Restore run ${r.code}`;
      b.addEventListener("click", () => {
        if (confirm(`Make run ${r.code} again, exactly as it was? The run now here (${e.run_code}) is kept and can be restored in its turn.`)) start("restore", { name: r.name });
      });
      li.append("Replaced: run " + r.code + " ", b);
      kept.append(li);
    }
    kept.hidden = kept.childElementCount === 0;
    if (printed) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = studio.href(base + "/proof.pdf");
      a.textContent = "A proof: the first 12 books, to check before printing the lot";
      li.append(a);
      files.append(li);
    }
    for (const f of e.files) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = studio.href(base + "/files/" + encodeURIComponent(f.name));
      a.textContent = `${f.name} (${(f.bytes / 1024).toFixed(0)} KB)`;
      li.append(a);
      files.append(li);
    }
    $("pictures").hidden = !printed;
    pictureLink();
    if (e.desk) { $("desk-link").href = e.desk; $("desk-link").hidden = false; }
    if (e.join) $("phones-help").textContent = `Phones join at ${e.join} (the board shows its code). To change who may join, start the studio again.`;
    if (e.job) showJob(e.job);
  }

  function pictureLink() {
    $("picture-link").href = studio.href(base + "/pictures/" + encodeURIComponent($("picture-unit").value || 1));
  }
  $("picture-unit").addEventListener("input", pictureLink);

  async function preview() {
    const asked = ++previewAsked;
    const headers = studio.token ? { Authorization: "Bearer " + studio.token } : {};
    let res;
    try { res = await fetch(base + "/preview.svg?page=" + ($("page").value || 1), { headers }); } catch (_) { return; }
    if (asked !== previewAsked) return;
    if (res.ok) { $("preview").innerHTML = await res.text(); return; }
    let body = {};
    try { body = await res.json(); } catch (_) {}
    $("preview").textContent = "No preview: " + (body.error || res.status);
  }

  let saveTimer = null;
  function changed() {
    kindChanged();
    clearTimeout(saveTimer);
    const bad = form.unreadable();
    if (bad.length) { showProblems(bad); return; }
    saveTimer = setTimeout(save, 200);
  }
  async function save() {
    const r = await studio.api("PUT", base, design(), undefined, event ? { "If-Match": event.version } : {});
    if (r.ok) { show(r.body); preview(); }
    else if (r.status === 409 && !r.body.field) { $("event-error").textContent = r.body.error; const e = await reload(); if (e) fill(e); }
    else showProblems([{ field: r.body.field || "event", message: r.body.error }]);
  }
  for (const el of document.querySelectorAll("#design input, #design select")) {
    if (el.id === "template-file" || el.id === "logo-file") continue;
    el.addEventListener("input", changed);
  }
  $("page").addEventListener("change", preview);

  $("template-file").addEventListener("change", async () => {
    const file = $("template-file").files[0];
    if (!file) return;
    if (file.size > 64 * 1024) { showProblems([{ field: "look", message: "a template is at most 64 KB" }]); return; }
    const r = await studio.api("POST", base + "/template", await file.text(), "text/plain");
    if (r.ok) { fill(r.body); show(r.body); preview(); }
    else showProblems([{ field: "look", message: r.body.error }]);
  });

  $("logo-file").addEventListener("change", async () => {
    const file = $("logo-file").files[0];
    if (!file) return;
    if (file.size > 20 * 1024 * 1024) { showProblems([{ field: "logo", message: "an image is at most 20 MB" }]); return; }
    // A large photo takes a moment to read: say so, and take no second one meanwhile.
    $("logo-file").disabled = true;
    $("logo-file").setAttribute("aria-busy", "true");
    $("logo-error").textContent = "Reading the image…";
    const r = await studio.api("POST", base + "/logo", file, file.type || "application/octet-stream");
    $("logo-file").disabled = false;
    $("logo-file").removeAttribute("aria-busy");
    $("logo-error").textContent = "";
    if (r.ok) { event = r.body; fill(r.body); show(r.body); preview(); }
    else showProblems([{ field: "logo", message: r.body.error }]);
  });
  $("logo-remove").addEventListener("click", async () => {
    const r = await studio.api("DELETE", base + "/logo");
    if (r.ok) { event = r.body; fill(r.body); show(r.body); preview(); $("logo-file").value = ""; }
  });

  function showJob(j) {
    const p = $("progress");
    p.max = Math.max(1, j.total);
    p.value = j.done;
    const what = j.task === "verify" ? "Verifying" : "Generating";
    const m = $("job-message");
    m.className = "message";
    if (j.state === "running") m.textContent = `${what}: page ${j.done} of ${j.total}`;
    else if (j.state === "done" && j.task === "verify") {
      m.textContent = j.problems.length ? "NOT VALID: " + j.problems.join("; ") : "Valid: " + j.summary;
      m.className = j.problems.length ? "message bad" : "message good";
    } else if (j.state === "done") { m.textContent = "Done: " + j.summary; m.className = "message good"; }
    else if (j.state === "stopped") m.textContent = "Stopped: nothing was written.";
    else if (j.state === "failed") { m.textContent = "Failed: " + j.error; m.className = "message bad"; }
  }

  function follow() {
    const q = studio.token ? "?token=" + encodeURIComponent(studio.token) : "";
    const source = new EventSource(base + "/progress" + q);
    source.addEventListener("progress", (ev) => {
      const j = JSON.parse(ev.data);
      showJob(j);
      if (j.state !== "running") { source.close(); reload(); $("job-message").focus(); }
    });
    // Dropped (housie restarted, the network): read the task again, and follow it on if it runs.
    source.onerror = () => {
      source.close();
      setTimeout(async () => { const e = await reload(); if (e && e.job && e.job.state === "running") follow(); }, 500);
    };
  }

  async function start(task, body) {
    const r = await studio.api("POST", base + "/" + task, Object.assign({ version: event && event.version }, body || {}));
    if (!r.ok) { $("job-message").textContent = r.body.error; $("job-message").className = "message bad"; if (r.body.field) showProblems([{ field: r.body.field, message: r.body.error }]); return; }
    showJob(r.body);
    $("stop").hidden = false;
    $("generate").disabled = $("verify").disabled = $("night").disabled = true;
    follow();
  }
  $("generate").addEventListener("click", () => {
    // A run already made may be at the print shop: new numbers are asked for, never assumed.
    if (event && event.run_code) {
      const ok = confirm(`Generate again with new numbers? Run ${event.run_code} is replaced: paper already printed from it will not match the desk. (It can be restored until a night is played.)`);
      if (!ok) return;
      start("generate", { replace: true });
    } else start("generate");
  });
  $("verify").addEventListener("click", () => start("verify", {}));
  $("stop").addEventListener("click", () => studio.api("DELETE", base + "/job"));

  $("phones").addEventListener("change", async () => {
    const r = await studio.api("POST", base + "/phones", { join: $("phones").checked });
    $("phones-error").textContent = r.ok ? "" : r.body.error;
    reload();
  });
  $("night").addEventListener("click", async () => {
    const r = await studio.api("POST", base + "/night");
    if (!r.ok) { $("night-message").textContent = r.body.error; $("night-message").className = "message bad"; return; }
    $("desk-link").href = r.body.desk;
    $("desk-link").hidden = false;
    $("night-message").textContent = r.body.join ? `The desk is open in a new tab. Phones join at ${r.body.join}.` : "The desk is open in a new tab.";
    window.open(r.body.desk, "_blank", "noopener");
    reload();
  });
  async function duplicate() {
    const r = await studio.api("POST", base + "/duplicate");
    if (r.ok) location.href = studio.href("/event", { id: r.body.id });
    else $("night-message").textContent = r.body.error;
  }
  $("duplicate").addEventListener("click", duplicate);
  $("duplicate-frozen").addEventListener("click", duplicate);
  $("top-up").addEventListener("click", async () => {
    const n = Number($("more").value);
    const body = event && event.design.booklets ? { booklets: n } : { books: n };
    const r = await studio.api("POST", base + "/top-up", body);
    if (r.ok) location.href = studio.href("/event", { id: r.body.id });
    else { $("night-message").textContent = r.body.error; $("night-message").className = "message bad"; }
  });

  $("archive").addEventListener("click", async () => {
    if (!confirm("Archive this event? It leaves the list; its folder, with its seed and any night, is moved into .archived in the events folder, never deleted.")) return;
    const r = await studio.api("POST", base + "/archive");
    if (r.ok) location.href = studio.href("/");
    else { $("night-message").textContent = r.body.error; $("night-message").className = "message bad"; }
  });

  async function reload() {
    const r = await studio.api("GET", base);
    if (!r.ok) { $("event-error").textContent = r.body.error; return; }
    show(r.body);
    return r.body;
  }
  reload().then((e) => {
    if (!e) return;
    fill(e);
    preview();
    if (e.job && e.job.state === "running") follow();
  });
})();

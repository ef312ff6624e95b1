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
  // A design's problems beside their fields, in the page's words where the catalogue has them.
  const showProblems = (problems) => form.showProblems(problems, (id, args) => {
    const words = studio.t(id, args);
    return words === id ? null : words;
  });
  // The form's design (its uploaded logo and font are the event's).
  const design = () => form.read(event && event.design);
  const t = studio.t;
  // A label in the page's language (the catalogue's, else the English given).
  const say = (id, english) => {
    const words = t(id);
    return words === id ? english : words;
  };
  form.forDoor("studio");
  const fill = (e) => form.fill(e.design, say);
  const kindChanged = () => form.kindChanged(say);
  // housie's refusal in the page's language where the catalogue has it.
  const refused = (r) => housie.refusal(r.body, r.status);

  function show(e) {
    event = e;
    document.title = "housie studio · " + e.design.title;
    $("state").textContent = studio.state(e.state);
    const frozen = e.state === "night_under_way" || e.state === "ended";
    $("frozen").hidden = !frozen;
    for (const el of document.querySelectorAll("#design input, #design select")) el.disabled = frozen;
    showProblems(e.problems);
    form.showDecided(e.decided, (id, args, english) => {
      const words = studio.t(id, args);
      return words === id ? english : words;
    });
    const w = $("warnings");
    w.textContent = "";
    for (const text of e.warnings) { const li = document.createElement("li"); li.textContent = text; w.append(li); }
    w.hidden = e.warnings.length === 0;
    // Every page of the first file (up to 99): a books event's later pages, a booklet's games.
    const pages = Math.max(1, Math.min(e.pages, 99));
    const sel = $("page");
    if (sel.options.length !== pages) {
      sel.textContent = "";
      for (let p = 1; p <= pages; p++) { const o = document.createElement("option"); o.value = p; o.textContent = e.design.games && p <= e.design.games ? t("studio-page-game", { page: p }) : p; sel.append(o); }
    }
    const printed = e.files.length > 0;
    const running = e.job && e.job.state === "running";
    $("generate").disabled = frozen || running || e.problems.length > 0;
    $("generate").textContent = t(printed ? "studio-generate-again" : "studio-generate");
    $("verify").disabled = !printed || running;
    $("night").disabled = !printed || running;
    $("top-up").disabled = !printed;
    $("phones").checked = e.phones;
    $("phones").disabled = Boolean(e.desk);
    $("stop").hidden = !running;
    const files = $("files");
    files.textContent = "";
    $("run-code").hidden = !e.run_code;
    $("run-code").textContent = e.run_code ? t("studio-run-code", { code: e.run_code }) : "";
    const kept = $("replaced");
    kept.textContent = "";
    for (const r of frozen ? [] : e.replaced) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "quiet";
      b.textContent = t("studio-restore", { code: r.code });
      b.addEventListener("click", () => {
        if (confirm(t("studio-restore-confirm", { code: r.code, now: e.run_code }))) start("restore", { name: r.name });
      });
      li.append(t("studio-replaced", { code: r.code }) + " ", b);
      kept.append(li);
    }
    kept.hidden = kept.childElementCount === 0;
    if (printed) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = studio.href(base + "/proof.pdf");
      a.textContent = t("studio-proof");
      li.append(a);
      files.append(li);
    }
    for (const f of e.files) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = studio.href(base + "/files/" + encodeURIComponent(f.name));
      a.textContent = t("studio-file", { name: f.name, kb: (f.bytes / 1024).toFixed(0) });
      li.append(a);
      files.append(li);
    }
    $("pictures").hidden = !printed;
    pictureLink();
    if (e.desk) { $("desk-link").href = e.desk; $("desk-link").hidden = false; }
    if (e.join) $("phones-help").textContent = t("studio-phones-at", { join: e.join });
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
    if (res.ok) {
      $("preview").innerHTML = await res.text();
      // The picture's name in the page's language (the engine names it in English).
      const svg = $("preview").querySelector("svg");
      const page = Number($("page").value || 1);
      if (svg) svg.setAttribute("aria-label", t("studio-preview-label", { page, pages: Math.max(page, event ? event.pages : 1) }));
      return;
    }
    let body = {};
    try { body = await res.json(); } catch (_) {}
    $("preview").textContent = t("studio-no-preview", { why: body.error || res.status });
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
    else if (r.status === 409 && !r.body.field) { $("event-error").textContent = refused(r); const e = await reload(); if (e) fill(e); }
    else showProblems([{ field: r.body.field || "event", message: refused(r) }]);
  }
  for (const el of document.querySelectorAll("#design input, #design select")) {
    if (el.id === "template-file" || el.id === "logo-file" || el.id === "font-file") continue;
    el.addEventListener("input", changed);
  }
  $("page").addEventListener("change", preview);

  $("template-file").addEventListener("change", async () => {
    const file = $("template-file").files[0];
    if (!file) return;
    if (file.size > 64 * 1024) { showProblems([{ field: "look", message: t("studio-template-big") }]); return; }
    const r = await studio.api("POST", base + "/template", await file.text(), "text/plain");
    if (r.ok) { fill(r.body); show(r.body); preview(); }
    else showProblems([{ field: "look", message: refused(r) }]);
  });

  // An uploaded file (the logo, the font): its size checked here, then read by the studio,
  // which may take a moment for a large photo or font: said, and no second one meanwhile.
  function uploads(field, limit, big, reading, type) {
    const input = $(field + "-file");
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      if (file.size > limit) { showProblems([{ field, message: t(big) }]); return; }
      input.disabled = true;
      input.setAttribute("aria-busy", "true");
      $(field + "-error").textContent = t(reading);
      const r = await studio.api("POST", base + "/" + field, file, type(file));
      input.disabled = false;
      input.removeAttribute("aria-busy");
      $(field + "-error").textContent = "";
      if (r.ok) { event = r.body; fill(r.body); show(r.body); preview(); }
      else showProblems([{ field, message: refused(r) }]);
      input.value = "";
    });
  }
  uploads("logo", 20 * 1024 * 1024, "studio-image-big", "studio-reading-image", (f) => f.type || "application/octet-stream");
  uploads("font", 64 * 1024 * 1024, "studio-font-big", "studio-reading-font", () => "application/octet-stream");
  $("font-remove").addEventListener("click", async () => {
    const r = await studio.api("DELETE", base + "/font");
    if (r.ok) { event = r.body; fill(r.body); show(r.body); preview(); }
  });
  $("logo-remove").addEventListener("click", async () => {
    const r = await studio.api("DELETE", base + "/logo");
    if (r.ok) { event = r.body; fill(r.body); show(r.body); preview(); $("logo-file").value = ""; }
  });

  function showJob(j) {
    const p = $("progress");
    p.max = Math.max(1, j.total);
    p.value = j.done;
    const m = $("job-message");
    m.className = "message";
    // housie's own summary is English: an English page shows it after the word.
    const english = housie.language === "en";
    const with_ = (id, detail) => t(id) + (english && detail ? ": " + detail : "");
    if (j.state === "running") m.textContent = t(j.task === "verify" ? "studio-verifying" : "studio-generating", { done: j.done, total: j.total });
    else if (j.state === "done" && j.task === "verify") {
      m.textContent = j.problems.length ? t("studio-not-valid") + ": " + j.problems.join("; ") : with_("studio-valid", j.summary);
      m.className = j.problems.length ? "message bad" : "message good";
    } else if (j.state === "done") { m.textContent = with_("studio-done", j.summary); m.className = "message good"; }
    else if (j.state === "stopped") m.textContent = t("studio-stopped");
    else if (j.state === "failed") { m.textContent = t("studio-failed") + ": " + j.error; m.className = "message bad"; }
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
    if (!r.ok) { $("job-message").textContent = refused(r); $("job-message").className = "message bad"; if (r.body.field) showProblems([{ field: r.body.field, message: refused(r) }]); return; }
    showJob(r.body);
    $("stop").hidden = false;
    $("generate").disabled = $("verify").disabled = $("night").disabled = true;
    follow();
  }
  $("generate").addEventListener("click", () => {
    // A run already made may be at the print shop: new numbers are asked for, never assumed.
    if (event && event.run_code) {
      const ok = confirm(t("studio-generate-confirm", { code: event.run_code }));
      if (!ok) return;
      start("generate", { replace: true });
    } else start("generate");
  });
  $("verify").addEventListener("click", () => start("verify", {}));
  $("stop").addEventListener("click", () => studio.api("DELETE", base + "/job"));

  $("phones").addEventListener("change", async () => {
    const r = await studio.api("POST", base + "/phones", { join: $("phones").checked });
    $("phones-error").textContent = r.ok ? "" : refused(r);
    reload();
  });
  $("night").addEventListener("click", async () => {
    const r = await studio.api("POST", base + "/night");
    if (!r.ok) { $("night-message").textContent = refused(r); $("night-message").className = "message bad"; return; }
    $("desk-link").href = r.body.desk;
    $("desk-link").hidden = false;
    $("night-message").textContent = r.body.join ? t("studio-desk-open-phones", { join: r.body.join }) : t("studio-desk-open");
    window.open(r.body.desk, "_blank", "noopener");
    reload();
  });
  async function duplicate() {
    const r = await studio.api("POST", base + "/duplicate");
    if (r.ok) location.href = studio.href("/event", { id: r.body.id });
    else $("night-message").textContent = refused(r);
  }
  $("duplicate").addEventListener("click", duplicate);
  $("duplicate-frozen").addEventListener("click", duplicate);
  $("top-up").addEventListener("click", async () => {
    const n = Number($("more").value);
    const body = event && event.design.booklets ? { booklets: n } : { books: n };
    const r = await studio.api("POST", base + "/top-up", body);
    if (r.ok) location.href = studio.href("/event", { id: r.body.id });
    else { $("night-message").textContent = refused(r); $("night-message").className = "message bad"; }
  });

  $("archive").addEventListener("click", async () => {
    if (!confirm(t("studio-archive-confirm"))) return;
    const r = await studio.api("POST", base + "/archive");
    if (r.ok) location.href = studio.href("/");
    else { $("night-message").textContent = refused(r); $("night-message").className = "message bad"; }
  });

  async function reload() {
    const r = await studio.api("GET", base);
    if (!r.ok) { $("event-error").textContent = refused(r); return; }
    show(r.body);
    return r.body;
  }
  // The page's words first (?lang=hi, or the language chosen before on this screen).
  housie.useLanguage("studio").then(async () => {
    housie.languagePicker($("language"), "studio");
    await studio.drawForm({ books: ["more"] });
    return reload();
  }).then((e) => {
    if (!e) return;
    fill(e);
    preview();
    if (e.job && e.job.state === "running") follow();
  });
})();

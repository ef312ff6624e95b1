// housie in a browser tab: the studio's pages over the engine in a Web Worker, the events kept
// in this browser's IndexedDB. No request leaves this page's own site (its
// Content-Security-Policy forbids it), and the seed is drawn and kept on this machine.
import { openDb, sha256, keepNight, allNights } from "./db.js";

const $ = (id) => document.getElementById(id);

// ---- The engine, in two workers: one answers the form (checks, previews) at once; the other
// draws and verifies runs, and Stop ends it.
function worker() {
  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let next = 0;
  w.onmessage = (ev) => {
    const { id, progress, stage, ok, result, error } = ev.data;
    const job = waiting.get(id);
    if (!job) return;
    if (progress) { if (job.onProgress) job.onProgress(progress[0], progress[1]); return; }
    if (stage) { if (job.onStage) job.onStage(stage); return; }
    waiting.delete(id);
    if (ok) job.resolve(result); else job.reject(error);
  };
  w.onerror = (ev) => { for (const job of waiting.values()) job.reject({ field: "event", message: ev.message || "the engine stopped" }); waiting.clear(); };
  return {
    ask(op, args, onProgress, onStage) {
      const id = ++next;
      return new Promise((resolve, reject) => { waiting.set(id, { resolve, reject, onProgress, onStage }); w.postMessage({ id, op, args }); });
    },
    stop() { w.terminate(); for (const job of waiting.values()) job.reject({ field: "event", message: "stopped", stopped: true }); waiting.clear(); },
  };
}
const designer = worker();
let jobs = worker();

// ---- Words, from the engine's catalogues (the night's pages read the same ones).
let words = {};
// The message in this page's language, as words.js says it (null when there is none).
function t(id, args) {
  return housieWords.say(words[id], args, document.documentElement.lang || "en") ?? null;
}
function say(id, args, english) {
  // The design form asks say(id, english).
  if (english === undefined && typeof args === "string") return t(id) || args;
  return t(id, args) || english;
}
// An engine's refusal in the page's words when it is a catalogue message, else its own.
const told = (e) => (e.said && t(e.said.id, e.said.args)) || e.message;
function translate() {
  for (const e of document.querySelectorAll("[data-t]")) { const w = t(e.dataset.t); if (w) e.textContent = w; }
  for (const e of document.querySelectorAll("[data-t-aria-label]")) { const w = t(e.dataset.tAriaLabel); if (w) e.setAttribute("aria-label", w); }
}
async function useLanguage() {
  const languages = await designer.ask("languages");
  let kept = null;
  try { kept = localStorage.getItem("housie.lang.site"); } catch (_) { /* not kept */ }
  const have = languages.map((l) => l.lang);
  const browser = (navigator.languages || []).map((l) => l.slice(0, 2).toLowerCase());
  const lang = [kept, ...browser, "en"].find((l) => l && have.includes(l)) || "en";
  const select = $("lang");
  select.replaceChildren(...languages.map((l) => { const o = document.createElement("option"); o.value = l.lang; o.lang = l.lang; o.textContent = l.name; return o; }));
  select.value = lang;
  select.onchange = () => { try { localStorage.setItem("housie.lang.site", select.value); } catch (_) { /* not kept */ } location.reload(); };
  words = (await designer.ask("catalogue", { lang })).messages;
  document.documentElement.lang = lang;
  form.schema(await designer.ask("schema"), (id) => t(id), { title: ["new-title"], books: ["more"] });
  translate();
}

// ---- The events, in this browser's IndexedDB. Each event has a version, raised by every save:
// a tab saves or deletes an event only if it is still the version the tab read (one
// transaction reads and writes), so a tab left open on an old copy never overwrites a newer
// event or deletes its run; it is told, and shown the event as it now is. Every save tells
// the other tabs (BroadcastChannel), which show the change at once.
const store = (() => {
  const db = openDb;
  // `work(objectStore, transaction)` in one transaction: resolves with what it returns once
  // the transaction is committed; rejects with why it was not (a full quota aborts it).
  async function tx(mode, work) {
    const d = await db();
    return new Promise((resolve, reject) => {
      let t;
      try { t = d.transaction("events", mode); } catch (e) { reject(e); return; }
      let out;
      t.oncomplete = () => resolve(out && "result" in out && out instanceof IDBRequest ? out.result : out);
      t.onabort = () => reject(t.error || out);
      try { out = work(t.objectStore("events"), t); } catch (e) { reject(e); try { t.abort(); } catch (_) { /* done */ } }
    });
  }
  // Writes (or with `remove`, deletes) `e` if the stored one is the version `e` was read at.
  function guarded(e, remove) {
    return tx("readwrite", (s, t) => {
      const stale = { stale: true };
      const read = s.get(e.id);
      read.onsuccess = () => {
        const now = read.result;
        if ((now ? now.version || 0 : 0) !== (e.version || 0) || (!now && e.version)) { t.abort(); return; }
        if (remove) s.delete(e.id); else s.put({ ...e, version: (e.version || 0) + 1 });
      };
      return stale;
    }).then(() => {
      const version = remove ? null : (e.version || 0) + 1;
      if (!remove) e.version = version;
      channel.postMessage({ id: e.id, version });
      return e;
    }, (why) => { throw why && why.stale ? why : { storage: true, name: why && why.name, message: why && why.message }; });
  }
  return {
    all: () => tx("readonly", (s) => s.getAll()),
    get: (id) => tx("readonly", (s) => s.get(id)),
    save: (e) => guarded(e, false),
    remove: (e) => guarded(e, true),
  };
})();
const channel = "BroadcastChannel" in self ? new BroadcastChannel("housie-events") : { postMessage() {}, set onmessage(_) {} };

// What a failed save says: another tab's change, or the browser's storage refusing.
function storageMessage(why) {
  if (why && why.stale) return say("site-stale", null, "Another tab changed this event: it is shown here as that tab left it.");
  if (why && why.name === "QuotaExceededError") return say("site-no-room", null, "This browser has no room left for housie's events, so nothing was changed: download your runs' zips and delete the events you no longer need.");
  return say("site-not-stored", { why: (why && (why.name || why.message)) || "?" }, `This browser could not store the event (${(why && (why.name || why.message)) || "?"}), so nothing was changed.`);
}

// The event shown, read again as it is stored (another tab changed it, or a save was refused).
async function reload(notice) {
  const now = current && (await store.get(current.id));
  if (!now) { location.hash = ""; route(); return; }
  current = now;
  fill();
  showRun();
  refresh();
  $("notice").textContent = notice || "";
}
channel.onmessage = (ev) => {
  listEvents();
  if (current && ev.data && ev.data.id === current.id && ev.data.version !== current.version && !running) {
    reload(say("site-stale", null, "Another tab changed this event: it is shown here as that tab left it."));
  }
};

// Asks the browser to keep this site's storage when it runs short of room (it may refuse:
// then the page says to keep each run's zip).
async function keepStorage() {
  if (!navigator.storage || !navigator.storage.persist) return;
  try {
    const kept = (await navigator.storage.persisted()) || (await navigator.storage.persist());
    $("not-kept").hidden = kept;
  } catch (_) { $("not-kept").hidden = false; }
}

async function listEvents() {
  const events = (await store.all()).sort((a, b) => b.created.localeCompare(a.created));
  const ul = $("events");
  ul.replaceChildren(...events.map((e) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#event=" + encodeURIComponent(e.id);
    a.textContent = e.design.title;
    const state = document.createElement("span");
    state.className = "hint";
    state.textContent = " · " + (e.run ? say("site-state-printed", null, "printed") : say("site-state-designed", null, "designed"));
    li.append(a, state);
    return li;
  }));
  $("empty").hidden = events.length > 0;
  listNights();
}

// The nights this browser keeps, each a link to its desk (which goes on where it was left).
async function listNights() {
  let nights = [];
  try { nights = await allNights(); } catch (_) { /* none kept */ }
  nights.sort((a, b) => String(b.kept).localeCompare(String(a.kept)));
  $("nights").replaceChildren(...nights.map((n) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "desk.html#night=" + n.key;
    a.target = "housie-desk-" + n.key.slice(0, 16);
    a.textContent = n.title;
    const when = document.createElement("span");
    when.className = "hint";
    when.textContent = " · " + String(n.kept).slice(0, 10);
    li.append(a, when);
    return li;
  }));
  $("nights-box").hidden = nights.length === 0;
}

$("new-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const title = $("new-title").value.trim();
  $("new-title-error").textContent = "";
  if (!title) { $("new-title-error").textContent = say("site-give-title", null, "Give the event a title."); $("new-title").focus(); return; }
  // Its id and its design from the engine, as the studio makes them: the title in any script.
  const taken = (await store.all()).map((e) => e.id);
  const id = await designer.ask("eventId", { title, taken });
  const lang = document.documentElement.lang === "en" ? "" : document.documentElement.lang;
  const design = await designer.ask("newDesign", { title, lang });
  try {
    await store.save({ id, design, logo: null, created: new Date().toISOString(), run: null, version: 0 });
  } catch (why) { $("new-title-error").textContent = storageMessage(why); return; }
  keepStorage();
  $("new-title").value = "";
  location.hash = "#event=" + encodeURIComponent(id);
});

// ---- One event: its design saved at each change, checked and previewed by the engine.
let current = null;
let asked = 0;

// The files an event gave the page (its logo, its font), by name.
function filesOf(event) {
  const files = {};
  for (const f of [event.logo, event.font]) if (f) files[f.name] = f.bytes;
  return files;
}

function request() {
  return { ...current.design, files: filesOf(current) };
}

// The design form is the studio's (design-form.js, loaded before this module).
const form = housieDesignForm; // a classic script's global
form.forDoor("page");
const showProblems = (problems) => form.showProblems(problems, t);
const fill = () => { $("event-name").textContent = current.design.title; form.fill(current.design, say); };

async function refresh() {
  const mine = ++asked;
  const req = request();
  let checked;
  try { checked = await designer.ask("check", { request: req }); } catch (e) { checked = { problems: [e], warnings: [], pages: 0 }; }
  if (mine !== asked) return;
  showProblems(checked.problems);
  form.showDecided(checked.decided, say);
  const w = $("warnings");
  w.replaceChildren(...checked.warnings.map((warning) => { const li = document.createElement("li"); li.textContent = told(warning); return li; }));
  w.hidden = checked.warnings.length === 0;
  const pages = Math.max(1, Math.min(checked.pages, 99));
  const sel = $("page");
  if (sel.options.length !== pages) {
    const keep = Math.min(Number(sel.value) || 1, pages);
    sel.replaceChildren(...Array.from({ length: pages }, (_, i) => { const o = document.createElement("option"); o.value = o.textContent = i + 1; return o; }));
    sel.value = keep;
  }
  $("generate").disabled = checked.problems.length > 0 || running;
  if (checked.problems.length > 0) return;
  try {
    const svg = await designer.ask("preview", { request: req, page: Number(sel.value) || 1 });
    if (mine === asked) {
      $("preview").innerHTML = svg;
      // For scripts/bench-figures: how long after the page began the first preview showed.
      if (!performance.getEntriesByName("housie-first-preview").length) performance.mark("housie-first-preview");
    }
  } catch (e) {
    if (mine === asked) $("preview").textContent = told(e);
  }
}

let saveTimer = null;
function changed() {
  current.design = form.read(current.design);
  form.kindChanged(say);
  $("event-name").textContent = current.design.title;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => save(), 120);
}

// Saves the event shown, then checks and previews it; a refused save shows the event as it is
// stored and says why.
async function save() {
  clearTimeout(saveTimer);
  try {
    await store.save(current);
  } catch (why) {
    if (why && why.stale) await reload(storageMessage(why)); else $("notice").textContent = storageMessage(why);
    return false;
  }
  $("notice").textContent = "";
  refresh();
  return true;
}
for (const el of document.querySelectorAll("#design input, #design select")) {
  if (el.id !== "logo-file" && el.id !== "font-file") el.addEventListener("input", changed);
}
$("page").addEventListener("change", refresh);

$("logo-file").addEventListener("change", async () => {
  const file = $("logo-file").files[0];
  if (!file) return;
  $("logo-error").textContent = "";
  // The engine's own limit (its schema), said before a huge file is read into the tab.
  const max = form.maxBytes("logo");
  if (file.size > max) { $("logo-error").textContent = say("site-logo-too-large", { mb: max >> 20 }, `A logo is at most ${max >> 20} MB.`); return; }
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const name = await designer.ask("logoFile", { bytes });
    const logo = await designer.ask("placedLogo", { request: { ...current.design, files: { [name]: bytes } }, name });
    current.logo = { name, bytes };
    current.design.logo = logo;
    fill();
    await save();
  } catch (e) {
    $("logo-error").textContent = told(e);
    $("logo-file").value = "";
  }
});
$("font-file").addEventListener("change", async () => {
  const file = $("font-file").files[0];
  if (!file) return;
  $("font-error").textContent = "";
  const max = form.maxBytes("font");
  if (file.size > max) { $("font-error").textContent = say("site-font-too-large", { mb: max >> 20 }, `A font file is at most ${max >> 20} MB.`); return; }
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const name = await designer.ask("fontFile", { bytes });
    current.font = { name, bytes };
    current.design.font = name;
    fill();
    await save();
  } catch (e) {
    $("font-error").textContent = told(e);
  }
  $("font-file").value = "";
});
$("font-remove").addEventListener("click", async () => {
  current.font = null;
  current.design.font = null;
  fill();
  await save();
});
$("logo-remove").addEventListener("click", async () => {
  current.logo = null;
  current.design.logo = null;
  $("logo-file").value = "";
  fill();
  await save();
});

// ---- Making the run.
let running = false;
function download(bytes, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([bytes], { type }));
  a.download = name;
  return a;
}
const kinds = { pdf: "application/pdf", csv: "text/csv", json: "application/json", zip: "application/zip", png: "image/png" };
const kindOf = (name) => kinds[name.split(".").pop()] || "application/octet-stream";

// The run's downloads: the event's stored run, or `shown`, one made but not stored.
function showRun(shown) {
  const run = shown || current.run;
  const ul = $("downloads");
  ul.replaceChildren();
  $("pictures").hidden = !run || !current.design.booklets;
  $("folder-row").hidden = !run || !window.showDirectoryPicker;
  $("desk-row").hidden = !run;
  if (!run) return;
  const li = document.createElement("li");
  const a = download(run.zip, run.folder + ".zip", kinds.zip);
  a.id = "zip-link";
  a.textContent = say("site-download-zip", { name: run.folder + ".zip" }, `Everything in one zip: ${run.folder}.zip`) + ` (${kb(run.zip.size)})`;
  li.append(a);
  ul.append(li);
  for (const [i, name] of run.names.entries()) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = `${name} (${kb(run.sizes[i])})`;
    b.onclick = async () => { const bytes = await jobs.ask("file", { zip: new Uint8Array(await run.zip.arrayBuffer()), name }); download(bytes, name, kindOf(name)).click(); };
    li.append(b);
    // What the file is for, as the engine says: the print shop's, or the organiser's alone.
    const role = run.roles && run.roles[i] && t(run.roles[i]);
    if (role) { const span = document.createElement("span"); span.className = "hint"; span.textContent = " — " + role; li.append(span); }
    ul.append(li);
  }
}
const kb = (n) => (n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + " MB" : Math.max(1, Math.round(n / 1024)) + " KB");

function showProgress(bar, message, verb) {
  return (done, total) => {
    bar.max = Math.max(1, total);
    bar.value = done;
    message.textContent = say("site-page-of", { verb, done, total }, `${verb}: page ${done} of ${total}`);
  };
}

$("generate").addEventListener("click", async () => {
  // As the event is stored now: another tab may have made a run of it since this one looked.
  const stored = await store.get(current.id);
  if (!stored || stored.version !== current.version) { await reload(storageMessage({ stale: true })); return; }
  if (stored.run && !confirm(say("site-confirm-again", null, "Make the print file again? The new file has new numbers: throw away any copies of the old one."))) return;
  keepStorage();
  running = true;
  $("generate").disabled = true;
  $("stop").hidden = false;
  const message = $("job-message");
  message.className = "message";
  try {
    const packing = () => { message.textContent = say("site-packing", null, "Packing the files into one zip…"); };
    const r = await jobs.ask("generate", { request: request(), folder: current.id }, showProgress($("progress"), message, say("site-making", null, "Making")), packing);
    const run = { folder: r.folder, names: r.names, sizes: r.sizes, zip: new Blob([r.zip], { type: kinds.zip }), made: new Date().toISOString() };
    const before = current.run;
    current.run = run;
    let kept = true;
    try { await store.save(current); } catch (why) {
      // The run stays on screen to download; the browser keeps the event as it was.
      kept = false;
      current.run = before;
      message.textContent = why && why.stale
        ? say("site-stale-run", null, "Another tab changed this event while the print file was being made: download this run now, as this browser did not keep it.")
        : say("site-no-room-run", null, "This browser has no room left to keep this run: download its zip now.");
      message.className = "message bad";
      showRun(run);
    }
    if (kept) {
      message.textContent = say("site-done", { books: current.design.books || current.design.booklets }, "Done: the files are ready to download.");
      message.className = "message good";
      showRun();
    }
    listEvents();
  } catch (e) {
    message.textContent = e.stopped ? say("site-stopped", null, "Stopped: nothing was made.") : told(e);
    message.className = e.stopped ? "message" : "message bad";
    if (!e.stopped) showProblems([e]);
  } finally {
    running = false;
    $("stop").hidden = true;
    refresh();
  }
});
$("stop").addEventListener("click", () => { jobs.stop(); jobs = worker(); });

$("save-folder").addEventListener("click", async () => {
  let dir;
  try { dir = await window.showDirectoryPicker({ mode: "readwrite" }); } catch (_) { return; }
  const zip = new Uint8Array(await current.run.zip.arrayBuffer());
  // Everything the zip holds (the logo too, where run.json names it, so `housie verify` finds
  // it), the zip taken apart once.
  const files = await jobs.ask("files", { zip });
  for (const [name, bytes] of Object.entries(files)) {
    const handle = await dir.getFileHandle(name, { create: true });
    const w = await handle.createWritable();
    await w.write(bytes);
    await w.close();
  }
  $("job-message").textContent = say("site-saved", { name: dir.name }, `Saved into ${dir.name}.`);
});

$("picture").addEventListener("click", async () => {
  const unit = Number($("picture-unit").value);
  try {
    const png = await jobs.ask("picture", { files: new Uint8Array(await current.run.zip.arrayBuffer()), unit });
    download(png, `${current.id}-booklet-${String(unit).padStart(6, "0")}.png`, kinds.png).click();
  } catch (e) { $("job-message").textContent = e.message; $("job-message").className = "message bad"; }
});

$("delete").addEventListener("click", async () => {
  if (!confirm(say("site-confirm-delete", null, "Delete this event from this browser? Its files are gone unless you downloaded them."))) return;
  try { await store.remove(current); } catch (why) { await reload(storageMessage(why)); return; }
  location.hash = "";
});

// ---- The night: a run's caller's desk in a tab of its own (desk.html), its night kept in this
// browser under the key of its run.json; opened again, it goes on where it was.
async function openDesk(title, files) {
  const bytes = files instanceof Blob ? new Uint8Array(await files.arrayBuffer()) : files;
  const runJson = await jobs.ask("file", { zip: bytes, name: "run.json" });
  const key = await sha256(runJson);
  try {
    await keepNight({ key, title, files: bytes, kept: new Date().toISOString() });
  } catch (why) { return storageMessage(why); }
  listNights();
  const url = "desk.html#night=" + key;
  if (!window.open(url, "housie-desk-" + key.slice(0, 16))) location.assign(url);
  return "";
}
$("open-desk").addEventListener("click", async () => {
  $("job-message").textContent = await openDesk(current.design.title, current.run.zip);
});
$("open-dropped-desk").addEventListener("click", async () => {
  $("verify-error").textContent = await openDesk(dropped.folder, dropped.files).catch((e) => e.message);
});

async function route() {
  const id = decodeURIComponent((location.hash.match(/^#event=(.+)$/) || [])[1] || "");
  current = id ? await store.get(id) : null;
  $("design-panel").hidden = !current;
  await listEvents();
  if (!current) return;
  $("job-message").textContent = "";
  $("notice").textContent = "";
  $("progress").value = 0;
  fill();
  showRun();
  refresh();
  $("design-heading").scrollIntoView();
}
window.addEventListener("hashchange", route);

// ---- A dropped run: verified, and topped up.
let dropped = null;
async function verifyDropped(files, folder) {
  dropped = { files, folder };
  $("dropped-desk-row").hidden = true;
  $("verify-error").textContent = "";
  $("verify-problems").replaceChildren();
  $("top-up").hidden = true;
  const message = $("verify-message");
  message.className = "message";
  try {
    const report = await jobs.ask("verify", { files }, showProgress($("verify-progress"), message, say("site-verifying", null, "Verifying")));
    const summary = (report.summary_said && t(report.summary_said.id, report.summary_said.args)) || report.summary;
    message.textContent = (report.ok ? say("site-valid", null, "Valid") : say("site-not-valid", null, "NOT VALID")) + ": " + summary;
    message.className = report.ok ? "message good" : "message bad";
    $("verify-problems").replaceChildren(...report.problems.map((p) => { const li = document.createElement("li"); li.textContent = told(p); return li; }));
    $("top-up").hidden = !report.ok;
    $("dropped-desk-row").hidden = !report.ok;
  } catch (e) {
    message.textContent = "";
    $("verify-error").textContent = e.stopped ? "" : e.message;
  }
}
$("verify-zip").addEventListener("change", async () => {
  const file = $("verify-zip").files[0];
  if (file) verifyDropped(new Uint8Array(await file.arrayBuffer()), file.name.replace(/\.zip$/i, ""));
});
// A zip dragged onto the box is taken as if chosen.
const drop = $("drop");
drop.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (ev) => {
  ev.preventDefault();
  drop.classList.remove("over");
  const file = ev.dataTransfer.files[0];
  if (file) verifyDropped(new Uint8Array(await file.arrayBuffer()), file.name.replace(/\.zip$/i, ""));
});
$("verify-folder").addEventListener("change", async () => {
  const list = [...$("verify-folder").files];
  if (!list.length) return;
  const files = {};
  for (const f of list) {
    const parts = (f.webkitRelativePath || f.name).split("/");
    if (parts.length <= 2) files[parts[parts.length - 1]] = new Uint8Array(await f.arrayBuffer());
  }
  verifyDropped(files, (list[0].webkitRelativePath || "run").split("/")[0]);
});

$("top-up-make").addEventListener("click", async () => {
  $("more-error").textContent = "";
  const more = Number($("more").value);
  const ul = $("top-up-downloads");
  try {
    // How many more; the rest (its look, its logo, its games) the engine takes from the run.
    const record = JSON.parse(new TextDecoder().decode(await jobs.ask("file", { zip: dropped.files, name: "run.json" })));
    const count = record.settings.games ? { booklets: more } : { books: more };
    const r = await jobs.ask("topUp", { files: dropped.files, more: count, from: dropped.folder }, showProgress($("verify-progress"), $("verify-message"), say("site-making", null, "Making")));
    const li = document.createElement("li");
    const a = download(r.zip, r.folder + ".zip", kinds.zip);
    a.textContent = say("site-download-zip", { name: r.folder + ".zip" }, `Everything in one zip: ${r.folder}.zip`);
    li.append(a);
    ul.replaceChildren(li);
  } catch (e) { $("more-error").textContent = e.message; }
});

// ---- Start: the engine's looks and words, the events, and the service worker that keeps
// every file of this site for when there is no network.
async function start() {
  try {
    $("version").textContent = "housie " + (await designer.ask("version"));
    performance.mark("housie-ready");
    await useLanguage();
    await route();
  } catch (e) {
    $("no-engine").hidden = false;
    $("no-engine").textContent = "housie could not start in this browser: " + (e.message || e);
  }
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => { /* works online */ });
}
start();

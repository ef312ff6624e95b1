// The design form, one for the studio's event page and the page in a browser tab (site/):
// the same fields under the same ids, read into the engine's design, filled from it, and a
// problem shown beside the field it belongs to. No framework, no build step.
"use strict";

const housieDesignForm = (() => {
  const $ = (id) => document.getElementById(id);
  // Each design field's element (its error is the element's id and "-error").
  const where = {
    title: "title", subtitle: "subtitle", prizes: "prizes", look: "look", player_url: "player-url",
    books: "count", booklets: "count", games: "games", order: "games", bleed_mm: "bleed", logo: "logo", font: "font", lines: "lines",
    currency: "currency", paper: "look", lang: "paper-lang",
  };
  const errors = [...new Set(Object.values(where)), "event"];

  // The form's design; `before`, the design it edits, gives the uploaded files: its logo (the
  // logo's height and place are the form's) and its font.
  function read(before) {
    const logo = before && before.logo;
    const booklets = $("kind").value === "booklets";
    const count = Number($("count").value);
    return {
      title: $("title").value,
      subtitle: $("subtitle").value,
      look: $("look").value,
      player_url: $("player-url").value.trim(),
      paper: $("paper").value,
      books: booklets ? null : count,
      booklets: booklets ? count : null,
      games: booklets ? Number($("games").value) : null,
      order: $("order").value,
      // Left empty, the bleed is the plan's to decide (the look's colour says).
      bleed_mm: $("bleed").value === "" ? null : Number($("bleed").value),
      crop_marks: $("crop").checked,
      prizes: $("prizes").value,
      lines: $("lines").value,
      // The language of the paper's own words ("" is English), and the night's money.
      lang: $("paper-lang").value,
      currency: $("currency").value,
      // A logo's height or place left empty is where it first fits, as the plan decides.
      logo: logo ? {
        file: logo.file,
        height_mm: $("logo-height").value === "" ? null : Number($("logo-height").value),
        position: $("logo-position").value || null,
      } : null,
      font: (before && before.font) || null,
    };
  }

  // The form showing design `d`; `say(id, english)` words the count's label.
  function fill(d, say) {
    $("title").value = d.title;
    $("subtitle").value = d.subtitle || "";
    $("look").value = d.look;
    $("player-url").value = d.player_url || "";
    $("paper").value = d.paper;
    $("kind").value = d.booklets ? "booklets" : "books";
    $("count").value = d.booklets || d.books || 1;
    $("games").value = d.games || drawn.offered.games || "";
    $("order").value = d.order;
    $("bleed").value = d.bleed_mm ?? "";
    $("crop").checked = d.crop_marks;
    $("prizes").value = d.prizes;
    $("lines").value = d.lines || "unique";
    $("paper-lang").value = d.lang || "";
    $("currency").value = d.currency || "";
    $("logo-settings").hidden = !d.logo;
    if (d.logo) { $("logo-height").value = d.logo.height_mm ?? ""; $("logo-position").value = d.logo.position || ""; }
    $("font-settings").hidden = !d.font;
    $("font-name").textContent = d.font || "";
    kindChanged(say);
  }

  // Booklets ask for games, books for lines; the QR codes' address is asked of the looks that
  // print them (or may).
  function kindChanged(say) {
    const booklets = $("kind").value === "booklets";
    $("games-row").hidden = !booklets;
    $("lines-row").hidden = booklets;
    const word = say || ((_, english) => english);
    $("count-label").textContent = booklets ? word("studio-how-many-booklets", "How many booklets") : word("studio-how-many-books", "How many books");
    $("player-url-row").hidden = !drawn.qr.has($("look").value) && !$("player-url").value;
  }

  // What the plan decided of what the design leaves unsaid, shown where it would be said: the
  // bleed and the logo's height as the fields' placeholders, its place in the first choice
  // ("Where it fits: header, middle"). `say(id, args, english)` words it.
  function showDecided(decided, say) {
    const d = decided || {};
    $("bleed").placeholder = d.bleed_mm == null ? "" : String(d.bleed_mm);
    $("logo-height").placeholder = d.logo_height_mm == null ? "" : String(Math.round(d.logo_height_mm * 10) / 10);
    const fits = $("logo-position").querySelector("option[value='']");
    const place = d.logo_position && $("logo-position").querySelector(`option[value='${d.logo_position}']`);
    if (fits) {
      const where = place ? place.textContent : "";
      fits.textContent = where ? say("form-logo-fits-at", { place: where }, `Where it fits: ${where}`) : say("form-logo-fits", null, "Where it fits");
    }
  }

  // Each problem ({field, message, said}) beside its field, in the page's words where the
  // catalogue has them (`say(id, args)` gives them, or nothing); the others cleared.
  function showProblems(problems, say) {
    for (const f of errors) if ($(f + "-error")) $(f + "-error").textContent = "";
    for (const p of problems || []) {
      const el = $((where[p.field] || "event") + "-error") || $("event-error");
      const message = (p.said && say && say(p.said.id, p.said.args)) || p.message;
      el.textContent = el.textContent ? el.textContent + " " + message : message;
    }
  }

  // Number fields holding what is not a number (a browser reads "abc" as empty, which would
  // save as 0): each a problem beside its field, and nothing saved until it is mended.
  function unreadable() {
    const fields = [["bleed", "bleed_mm", "give the bleed in millimetres, a number like 3"],
      ["count", "books", "give a number"], ["games", "games", "give a number"]];
    return fields.filter(([id]) => $(id) && $(id).validity && $(id).validity.badInput)
      .map(([, field, message]) => ({ field, message }));
  }

  // The element each field of the engine's schema (`field` and `part`) is drawn in.
  const drawnIn = {
    title: "title", subtitle: "subtitle", look: "look", player_url: "player-url", paper: "paper",
    books: "count", booklets: "count", lines: "lines", games: "games", order: "order", prizes: "prizes",
    lang: "paper-lang", currency: "currency", bleed_mm: "bleed", crop_marks: "crop", logo: "logo-file",
    "logo.height_mm": "logo-height", "logo.position": "logo-position", font: "font-file",
  };
  // What the schema said, for what the form decides as it is used: which looks ask the
  // player page's address, and each upload's largest size.
  let drawn = { qr: new Set(["own"]), maxBytes: {}, offered: {} };

  // The form drawn from the engine's schema (`housie.schema()`, `GET /api/schema`): each
  // choice list, each bound, each upload's limit. `word(id)` gives a catalogue message in the
  // page's language; `also` names the door's other elements that take a field's bounds (a
  // new event's title, a top-up's count: `{title: ["new-title"]}`). Nothing of the design's
  // rules is written in the HTML or here.
  function schema(s, word, also = {}) {
    const qr = new Set();
    const offered = {};
    for (const f of s.fields) {
      if (f.offered != null) offered[f.field] = f.offered;
      const key = f.part ? `${f.field}.${f.part}` : f.field;
      for (const other of also[key] || []) if ($(other)) bound($(other), f);
      const el = drawnIn[key] && $(drawnIn[key]);
      if (!el) continue;
      if (f.kind === "choice") {
        el.replaceChildren(...f.choices.map((c) => {
          const o = document.createElement("option");
          o.value = c.value;
          if (c.literal) { o.textContent = c.label; if (f.field === "lang") o.lang = c.value || "en"; }
          else { o.dataset.t = c.label; o.textContent = word(c.label) || c.label; }
          if (f.field === "look" && c.qr !== false) qr.add(c.value);
          return o;
        }));
      } else if (f.kind === "number" || f.kind === "text") {
        bound(el, f);
      } else if (f.kind === "file") {
        drawn.maxBytes[f.field] = f.max;
      }
    }
    drawn = { ...drawn, qr, offered };
  }

  // A number's bounds or a text's length, as field `f` of the schema has them.
  function bound(el, f) {
    if (f.kind === "text" && f.max != null) el.maxLength = f.max;
    if (f.offered != null && el.value === "") el.value = String(f.offered);
    if (f.kind === "number") for (const k of ["min", "max", "step"]) if (f[k] != null) el[k] = String(f[k]);
  }

  // The largest file the engine takes for `field` (`logo`, `font`), once the schema is drawn.
  const maxBytes = (field) => drawn.maxBytes[field];

  // The form as door `door` (`studio`, `page`) has it: what another door alone has is removed,
  // and no field is described by what is gone.
  function forDoor(door) {
    for (const e of document.querySelectorAll("#design [data-door]")) if (e.dataset.door !== door) e.remove();
    for (const e of document.querySelectorAll("#design [aria-describedby]")) {
      const ids = e.getAttribute("aria-describedby").split(/\s+/).filter((id) => document.getElementById(id));
      e.setAttribute("aria-describedby", ids.join(" "));
    }
  }

  return { read, fill, kindChanged, showDecided, showProblems, unreadable, schema, maxBytes, forDoor };
})();

// housie's night pages: the shared pieces. No framework, no build step.
"use strict";

const housie = (() => {
  // The transport: `housie serve` over HTTP (api.js), or a night held in the page itself
  // (the site's night-api.js); the pages above it are the same.
  const { api, token, follow, boardAddress } = housieApi("housie serve");

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

  // ---- Words. A page's words come from its language's catalogue (GET /api/messages/{lang},
  // from src/web/messages/*.ftl): the language asked for with ?lang= (remembered for this
  // screen), else the one chosen before on this screen, else the first of the browser's own
  // languages housie has, else English. Elements carrying data-t (text), data-t-aria-label,
  // data-t-alt, data-t-title, data-t-content or data-t-placeholder (attributes) are filled
  // from it.
  let words = {};
  let language = "en";
  let languages = [];

  async function useLanguage(screen, only) {
    const key = "housie.lang." + screen;
    const asked = new URLSearchParams(location.search).get("lang");
    let kept = null;
    try { kept = localStorage.getItem(key); } catch (_) { /* nothing kept */ }
    const r = await api("GET", "/api/languages");
    languages = r.ok ? r.body : [{ lang: "en", name: "English" }];
    const have = languages.map((l) => l.lang);
    const browser = (navigator.languages || []).map((l) => l.slice(0, 2).toLowerCase());
    language = [only, asked, kept, ...browser, "en"].find((l) => l && have.includes(l)) || "en";
    if (!only && asked === language) {
      try { localStorage.setItem(key, language); } catch (_) { /* nothing kept */ }
    }
    const m = await api("GET", "/api/messages/" + language);
    words = m.ok ? m.body.messages : {};
    document.documentElement.lang = m.ok ? language : "en";
    translate(document);
  }

  // A language picker: `select` lists housie's languages and changes this screen's.
  function languagePicker(select, screen) {
    select.replaceChildren(...languages.map((l) => el("option", { value: l.lang, lang: l.lang }, l.name)));
    select.value = language;
    select.addEventListener("change", () => {
      try { localStorage.setItem("housie.lang." + screen, select.value); } catch (_) { /* nothing kept */ }
      const u = new URL(location.href);
      u.searchParams.set("lang", select.value);
      location.replace(u.toString());
    });
  }

  // Message `id` with its `{$name}`s filled from `args` (words.js chooses a selector's
  // variant); the id itself when the catalogue has no such message.
  function t(id, args) {
    return housieWords.say(words[id], args, language) ?? id;
  }

  function translate(root) {
    for (const e of root.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
    const attrs = [["aria-label", "tAriaLabel"], ["alt", "tAlt"], ["title", "tTitle"], ["content", "tContent"], ["placeholder", "tPlaceholder"]];
    for (const [attr, key] of attrs) {
      for (const e of root.querySelectorAll(`[data-t-${attr}]`)) e.setAttribute(attr, t(e.dataset[key]));
    }
  }

  // housie's refusal in the page's language: the catalogue's message when housie named one
  // (`said`), with a prize it names in the page's words too; else its own sentence (which an
  // English page always shows: the record's words).
  function refusal(body, status) {
    const said = body && body.said;
    if (said && language !== "en" && words[said.id] !== undefined) {
      const args = Object.assign({}, said.args);
      if (args.prize !== undefined) args.prize = prize(args.prize);
      return t(said.id, args);
    }
    return (body && body.error) || t("desk-refused", { status });
  }

  // "a", "a and b", "a, b and c", with the language's "and".
  function and(items) {
    if (items.length < 2) return items.join("");
    return items.slice(0, -1).join(", ") + " " + t("and") + " " + items[items.length - 1];
  }

  // A name as a message id's tail: "Early Five!" → "early-five".
  function slug(name) {
    return String(name).trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }

  // What a shipped prize needs, in the page's language; `fallback` is housie's English.
  function needs(name, fallback) {
    const id = "needs-" + slug(name);
    return words[id] !== undefined ? words[id] : fallback;
  }

  // A shipped prize set's (`set-`) or call-name list's (`list-`) name in the page's language.
  function named(kind, name) {
    return words[kind + "-" + name] !== undefined ? words[kind + "-" + name] : name;
  }
  const setName = (name) => named("set", name);

  // A prize by its name in the prize set, in the page's language where the catalogue has it.
  // Its id as Catalogue::prize makes it: lower case, runs of other characters one hyphen.
  function prize(name) {
    const id = "prize-" + slug(name);
    return words[id] !== undefined ? words[id] : name;
  }

  // A place (1st, 2nd …): the prize sets allow ten.
  function placeName(n) {
    return words["place-" + n] !== undefined ? words["place-" + n] : ordinal(n);
  }

  // "12 calls", "1 call": Fluent's plural.
  function calls(n) {
    return t("calls", { count: n });
  }

  // A number as called: "B 12" on 75-ball, where the night sends the board's rows under
  // B I N G O (`run.heads`), "12" otherwise. The letters are the run's, never decided here.
  function callName(n, heads) {
    const row = (heads || []).find((h) => n >= h.from && n <= h.to);
    return row ? `${row.head} ${n}` : String(n);
  }

  // A ticket's table from the night's grid: on a 75-ball face (`face` in the view) B I N G O
  // over its columns and the free centre, always marked, with the face number printed there.
  // `cell(n)` gives a number's class and label: { hit, label }.
  function ticketTable(attrs, caption, grid, face, cell) {
    const table = el("table", attrs, el("caption", { class: "sr-only" }, caption));
    if (face && face.heads) table.append(el("tr", { class: "heads" }, ...face.heads.map((h) => el("th", { scope: "col" }, h))));
    grid.forEach((row, r) => {
      const tr = el("tr");
      row.forEach((n, c) => {
        if (face && face.free && face.free[0] === r && face.free[1] === c) {
          tr.append(el("td", { class: "free hit", "aria-label": t("free-cell", { face: face.face }) }, "★ " + face.face));
          return;
        }
        const shown = n === null ? null : cell(n);
        const a = { class: shown === null ? "blank" : shown.hit ? "hit" : "" };
        if (shown && shown.label) a["aria-label"] = shown.label;
        tr.append(el("td", a, shown === null ? "" : String(shown.n)));
      });
      table.append(tr);
    });
    return table;
  }

  // The game's name, and the colour of its page in a run of booklets.
  function gameName(g) {
    if (!g) return t("waiting-first-game");
    return g.colour ? t("game-page", { name: g.name, colour: g.colour }) : g.name;
  }

  // What a game plays now: "Playing for one line", or every open prize of a Tambola set.
  function playing(g) {
    if (!g) return "";
    if (g.ended) return t("game-over");
    if (g.prize) return t("playing-for", { prizes: prize(g.prize) });
    return g.open.length ? t("playing-for", { prizes: g.open.map(prize).join(" · ") }) : t("all-prizes-won");
  }

  // Every place won so far, "top line (2nd): 000123-4-0", into `list`; `label` is shown only
  // when there is one. Each serial is a span of its own that never breaks across lines.
  function showWinners(g, list, label) {
    const wins = [];
    for (const p of g ? g.prize_list : []) {
      for (const place of p.won) {
        const who = place.winners.length ? place.winners.join(", ") : t("won");
        const name = prize(p.prize);
        const text = p.places > 1
          ? t("won-place", { prize: name, place: placeName(place.place), who })
          : t("won-by", { prize: name, who });
        wins.push(el("li", {}, ...unbroken(text, place.winners)));
      }
    }
    list.replaceChildren(...wins);
    label.hidden = wins.length === 0;
  }

  // `text` as nodes, each of `serials` in it a span of class "serial" (kept on one line).
  function unbroken(text, serials) {
    const nodes = [];
    let rest = text;
    for (const serial of serials) {
      const at = rest.indexOf(serial);
      if (at < 0) continue;
      nodes.push(rest.slice(0, at), el("span", { class: "serial" }, serial));
      rest = rest.slice(at + serial.length);
    }
    nodes.push(rest);
    return nodes.filter((n) => n !== "");
  }

  // Tells screen readers each new call through the live region `region` (not the one on show
  // when the page opens).
  function announcer(region) {
    let last = null;
    return (g, heads) => {
      if (!g || !g.last || `${g.id}:${g.count}` === last) return;
      if (last !== null) region.textContent = t("number-called", { number: callName(g.last, heads) });
      last = `${g.id}:${g.count}`;
    };
  }

  // A page's state: connected to housie or not, on its link marker.
  function showLink(link, up) {
    link.classList.toggle("down", !up);
    link.setAttribute("aria-label", t(up ? "connected" : "not-connected"));
  }

  return {
    token, api, follow, boardAddress, el, utc, ordinal, playing, showWinners, announcer, showLink,
    useLanguage, languagePicker, t, translate, prize, place: placeName, calls, callName, ticketTable, unbroken, gameName, refusal, and, needs, setName, named,
    get language() { return language; },
    get languages() { return languages; },
  };
})();

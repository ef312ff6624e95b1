// The caller's voice: each new call spoken by the browser's speech synthesis, the number alone
// or with its call name from a list housie serves (uk, tambola, hindi, tambola-hindi, or the caller's own). Settings
// (on/off, list, voice, rate) are remembered per browser and per page (desk or board). Every
// utterance is also kept in window.housieSpoken, which the tests read.
"use strict";

const voice = (() => {
  const spoken = [];
  window.housieSpoken = spoken;
  let lists = [];
  const ready = housie.api("GET", "/api/call-names").then((r) => { lists = (r.ok && r.body.lists) || []; });

  function settings(page) {
    // A Hindi page calls in Hindi unless its caller chose another list.
    const defaults = { on: page === "board", list: document.documentElement.lang === "hi" ? "hindi" : "uk", voice: "", rate: 1 };
    try {
      return Object.assign(defaults, JSON.parse(localStorage.getItem("housie.voice." + page) || "{}"));
    } catch (_) {
      return defaults;
    }
  }

  function save(page, s) {
    localStorage.setItem("housie.voice." + page, JSON.stringify(s));
  }

  function available() {
    return "speechSynthesis" in window ? speechSynthesis.getVoices() : [];
  }

  // What is said for number n: "Two little ducks, 22", or "22"; on 75-ball (the run's `heads`)
  // its letter and number, "B 12", as callers there say it (the lists are 90-ball sayings).
  function words(n, s, heads) {
    if (heads && heads.length) return housie.callName(n, heads);
    const list = lists.find((l) => l.name === s.list);
    return list ? `${list.names[n - 1]}, ${n}` : String(n);
  }

  function say(n, s, heads) {
    const text = words(n, s, heads);
    spoken.push(text);
    if (!("speechSynthesis" in window)) return text;
    const u = new SpeechSynthesisUtterance(text);
    // In the page's language (hi-IN on a Hindi page), by the voice chosen or one of that language.
    const lang = document.documentElement.lang || "en";
    u.lang = lang === "hi" ? "hi-IN" : lang;
    // English keeps the system's voice unless one is chosen; another language needs its own.
    const chosen = available().find((v) => v.name === s.voice)
      || (lang === "en" ? undefined : available().find((v) => v.lang.startsWith(lang)));
    if (chosen) u.voice = chosen;
    u.rate = Math.min(2, Math.max(0.5, Number(s.rate) || 1));
    speechSynthesis.speak(u);
    return text;
  }

  // A settings panel: on/off, list, voice and rate, saved as they change.
  function panel(page, root, onChange) {
    const s = settings(page);
    const on = housie.el("input", { type: "checkbox", id: `voice-on-${page}` });
    on.checked = s.on;
    const t = housie.t;
    const list = housie.el("select", { id: `voice-list-${page}` }, housie.el("option", { value: "" }, t("voice-number-alone")));
    const pick = housie.el("select", { id: `voice-name-${page}` }, housie.el("option", { value: "" }, t("voice-system")));
    const rate = housie.el("input", { type: "range", min: "0.5", max: "2", step: "0.1", id: `voice-rate-${page}` });
    rate.value = s.rate;
    const note = housie.el("p", { class: "voice-note", id: `voice-note-${page}`, role: "status" });
    const refresh = () => {
      const voices = available();
      const lang = document.documentElement.lang || "en";
      note.textContent = !("speechSynthesis" in window)
        ? t("voice-cannot")
        : voices.length === 0
          ? t("voice-none")
          : lang !== "en" && !voices.some((v) => v.lang.startsWith(lang))
            ? t("voice-no-language")
            : "";
      pick.replaceChildren(housie.el("option", { value: "" }, t("voice-system")));
      for (const v of voices) pick.append(housie.el("option", { value: v.name }, `${v.name} (${v.lang})`));
      pick.value = s.voice;
    };
    ready.then(() => {
      for (const l of lists) list.append(housie.el("option", { value: l.name }, t("voice-list", { name: housie.named("list", l.name) })));
      list.value = s.list;
    });
    refresh();
    if ("speechSynthesis" in window) speechSynthesis.onvoiceschanged = refresh;
    const changed = () => {
      Object.assign(s, { on: on.checked, list: list.value, voice: pick.value, rate: Number(rate.value) });
      save(page, s);
      if (onChange) onChange(s);
    };
    for (const input of [on, list, pick, rate]) input.addEventListener("change", changed);
    root.replaceChildren(
      housie.el("label", {}, on, " " + t("voice-speak")),
      housie.el("label", {}, t("voice-say") + " ", list),
      housie.el("label", {}, t("voice-voice") + " ", pick),
      housie.el("label", {}, t("voice-rate") + " ", rate),
      note,
    );
    return s;
  }

  // Speaks a game's new calls: not the ones already there when the page opened.
  function follower(page) {
    let seen = null;
    return (game, heads) => {
      const key = game ? `${game.id}:${game.count}` : null;
      const s = settings(page);
      if (seen !== null && game && game.last && key !== seen && game.count > 0) {
        const [id, count] = seen.split(":").map(Number);
        if (id === game.id && game.count === count + 1 && s.on) say(game.last, s, heads);
      }
      seen = key;
    };
  }

  return { settings, save, say, panel, follower, words, ready };
})();

// housie's words in a page: a catalogue message (as the engine serves it: text with `{$name}`s,
// or a selector's variants) said with its arguments. One function for every page — the desk,
// the board, the player's page, the studio and the page in a browser tab — so a selector is
// chosen the one way Fluent chooses it. No framework, no build step.
"use strict";

const housieWords = (() => {
  // `message` with `args` in language `lang`; `undefined` when there is no message. A selector
  // takes the variant its value names (a number, or a word such as `header`), else a number's
  // plural category in the language (Intl.PluralRules, CLDR's rules), else its default.
  function say(message, args, lang) {
    if (message === undefined) return undefined;
    let text = message;
    if (typeof text === "object") {
      const value = args && args[text.select];
      const n = Number(value);
      const plural = value !== undefined && value !== "" && Number.isFinite(n);
      const category = plural ? new Intl.PluralRules(lang || "en").select(n) : undefined;
      text = text.variants[String(value)] ?? text.variants[category] ?? text.variants[text.default];
    }
    return text.replace(/\{\$(\w+)\}/g, (_, k) => (args && args[k] !== undefined ? String(args[k]) : ""));
  }
  return { say };
})();

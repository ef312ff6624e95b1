// housie's engine as a JavaScript module: the same Rust engine as `housie generate` and
// `housie verify`, compiled to WebAssembly. It runs in a browser (a page or a Web Worker) and
// in Node alike; nothing it is given leaves the machine. docs/browser.md documents it.
//
//   import init, { generate, verify } from "./housie.js";
//   await init();                       // or init(bytes), init(url)
//   const run = generate({ title: "Spring Fair", books: 50, seed: "…" }, (done, total) => …);
//   run.files["books.pdf"]              // Uint8Array
//   verify(run.files)                   // { ok: true, problems: [], notes: [], summary: "…" }

import start, * as engine from "./pkg/housie_wasm.js";

let ready = null;

// Loads the engine: `wasm` is the .wasm's bytes (ArrayBuffer, Uint8Array), a Response, or its
// URL (default: beside this file). Safe to call more than once.
export default function init(wasm) {
  if (!ready) {
    const source = wasm === undefined ? new URL("./pkg/housie_wasm_bg.wasm", import.meta.url) : wasm;
    ready = start({ module_or_path: source }).then(() => undefined);
  }
  return ready;
}

// A problem the engine threw: `{field, message}` (the field of the event it belongs beside),
// and `said` ({id, args}) when it is a catalogue message a page can say in its own language.
export class HousieError extends Error {
  constructor(field, message, said) {
    super(message);
    this.name = "HousieError";
    this.field = field;
    if (said) this.said = said;
  }
}

function call(f) {
  try {
    return f();
  } catch (e) {
    let p = null;
    try { p = JSON.parse(e && e.message !== undefined ? e.message : String(e)); } catch (_) { /* not ours */ }
    if (p && typeof p.message === "string") throw new HousieError(p.field || "event", p.message, p.said);
    throw e;
  }
}

// The engine's world: `files` ({"logo.png": Uint8Array, "template.toml": …}).
function world(files) {
  const w = new engine.World();
  for (const [name, bytes] of Object.entries(files || {})) w.add(name, toBytes(bytes));
  return w;
}

function toBytes(b) {
  if (b instanceof Uint8Array) return b;
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  if (typeof b === "string") return new TextEncoder().encode(b);
  throw new HousieError("event", "a file is given as bytes (a Uint8Array)");
}

// The event without its files (the engine reads them from its world).
function design(request) {
  const { files: _f, ...rest } = request || {};
  return JSON.stringify(rest);
}

// housie's version, as run.json records it.
export function version() {
  return engine.version();
}

// SHA-256 of what the engine's C libraries (Little CMS, libdeflate) give for fixed inputs:
// `{colours, deflate}`, the same natively and here.
export function selfCheck() {
  return JSON.parse(engine.self_check());
}

// The design form as data: each field's kind, bounds and choices (the looks, papers, prize
// sets, languages, currencies), and a new event's design. The page's form is drawn from it.
export function schema() {
  return JSON.parse(engine.schema());
}

// The languages housie's words come in: `[{lang, name}]`, English first.
export function languages() {
  return JSON.parse(engine.languages());
}

// Message `id` in language `lang` with `args` (`{name: text or whole number}`), said by the
// engine's own Fluent: e.g. a refusal's `said` (`say("hi", e.said.id, e.said.args)`).
export function say(lang, id, args = {}) {
  return call(() => engine.say(lang, id, JSON.stringify(args)));
}

// The catalogue of `lang`: `{lang, name, messages: {id: text}}`.
export function catalogue(lang) {
  return JSON.parse(engine.catalogue(lang));
}

// The event's problems (`[{field, message}]`), warnings and pages, as the studio shows them.
export function check(request) {
  return JSON.parse(call(() => engine.check(design(request), world(request.files))));
}

// Page `page` (from 1) of the event as SVG with sample numbers: the print's own page.
export function preview(request, page = 1) {
  return call(() => engine.preview(design(request), page, world(request.files)));
}

// The name a logo is kept under (`logo.png`, `logo.jpg`) once it is checked as `--logo`
// checks it; and the event's logo settings once it is among `request.files`.
export function logoFile(bytes) {
  return call(() => engine.logo_file(toBytes(bytes)));
}

// The name a font is kept under (its PostScript name, `.ttf`, `.otf` or `.ttc`) once it is
// checked as `--font` checks a file; the design names it as `font`, with it among `files`.
export function fontFile(bytes) {
  return call(() => engine.font_file(toBytes(bytes)));
}

export function placedLogo(request, name) {
  return JSON.parse(call(() => engine.placed_logo(design(request), name)));
}

// The event's run: `request` is the studio's event JSON (title, look, books or booklets and
// games, paper, …) with an optional `seed` (any text, as `housie generate --seed` takes it;
// without one the browser's crypto draws 256 bits nobody can guess), `files` (a logo, a font) and
// `date` (seconds since 1970; default now). `onProgress(done, total)` is told after each page.
// Returns `{ files: {"books.pdf": Uint8Array, "manifest.csv": …, "run.json": …}, run }`, where
// `run` offers `proof()`, `picture(unit)`, `zip(folder)`, `code()`, and the files' `names()`,
// `sizes()` and `roles()`.
export function generate(request, onProgress) {
  const entropy = crypto.getRandomValues(new Uint8Array(32));
  const now = Math.floor(Date.now() / 1000);
  return result(call(() => engine.generate(design(request), entropy, now, world(request.files), onProgress)));
}

// `files` holds each file's bytes, copied out of the engine when first read (listing a run needs
// only `run.names()` and `run.sizes()`).
function result(run) {
  const files = {};
  for (const name of run.names()) {
    let bytes;
    Object.defineProperty(files, name, { enumerable: true, get: () => (bytes ??= run.file(name)) });
  }
  return {
    files,
    run: {
      proof: () => call(() => run.proof()),
      picture: (unit) => call(() => run.picture(unit)),
      zip: (folder) => call(() => run.zip(folder)),
      code: () => run.code(),
      names: () => run.names(),
      sizes: () => [...run.sizes()],
      roles: () => run.roles(),
    },
  };
}

// A dropped run: a zip's bytes, or its files by name (`{"run.json": Uint8Array, …}`).
export function open(dropped, folder = "run") {
  if (dropped instanceof Uint8Array || dropped instanceof ArrayBuffer) {
    return call(() => engine.DroppedRun.from_zip(toBytes(dropped)));
  }
  const run = new engine.DroppedRun(folder);
  for (const [name, bytes] of Object.entries(dropped)) call(() => run.add(name, toBytes(bytes)));
  return run;
}

// Verifies a run as `housie verify` does: `files` as `open` takes them. Returns `{ ok,
// problems, notes, summary }`; `onProgress(done, total)` is told the pages regenerated.
export function verify(files, onProgress) {
  const run = open(files);
  return JSON.parse(call(() => run.verify(onProgress)));
}

// Booklet `unit` of a dropped run as a PNG picture.
export function picture(files, unit) {
  return call(() => open(files).picture(unit));
}

// More books after a dropped run (`more.books` or `more.booklets` say how many), looking as
// that run looks (the engine decides, as `housie generate --after` does), as `generate`
// returns them; their run.json names the dropped run's folder as `../FOLDER` (`folder`, or the
// zip's folder): keep the new run's folder beside it.
export function topUp(files, more, onProgress, folder = "run") {
  const dropped = open(files, folder);
  const entropy = crypto.getRandomValues(new Uint8Array(32));
  const now = Math.floor(Date.now() / 1000);
  const run = call(() => dropped.top_up(JSON.stringify(more || {}), entropy, now, onProgress));
  return { folder: dropped.folder(), ...result(run) };
}

// The id of a new event called `title` (its letters in any script, as the studio names its
// folder), the first not among `taken`; and its design, every field housie's default, its
// paper in `lang` ("" for English).
export function eventId(title, taken = []) {
  return call(() => engine.event_id(title, JSON.stringify(taken)));
}

export function newDesign(title, lang = "") {
  return JSON.parse(engine.new_design(title, lang));
}

// A refusal of the night: `kind` (`invalid`, `not_found`, `conflict`, `busy`), the caller's
// sentence, `said` to say it in the page's language, and for a mistyped serial the run's
// serials one slip away.
export class NightRefusal extends Error {
  constructor(p) {
    super(p.message);
    this.name = "NightRefusal";
    this.kind = p.kind;
    this.suggestions = p.suggestions || [];
    if (p.said) this.said = p.said;
  }
}

function refused(f) {
  try {
    return f();
  } catch (e) {
    let p = null;
    try { p = JSON.parse(e && e.message !== undefined ? e.message : String(e)); } catch (_) { /* not ours */ }
    if (p && typeof p.kind === "string") throw new NightRefusal(p);
    if (p && typeof p.message === "string") throw new HousieError(p.field || "run", p.message, p.said);
    throw e;
  }
}

// The night of a run, played in the page on the rules of `housie serve`: `files` as `open`
// takes them, `log` the bytes of its `night.jsonl` to carry it on (or none for a new night).
// Every change goes through `handle(command)` (docs/browser.md lists the commands); the rest
// are its shorthands, acting on the night's last game unless told another.
export function openNight(files, log) {
  const run = open(files);
  const night = call(() => run.open_night(log === undefined || log === null ? undefined : toBytes(log)));
  const handle = (command) => {
    const entropy = command.command === "start_game" ? crypto.getRandomValues(new Uint8Array(32)) : undefined;
    return JSON.parse(refused(() => night.handle(JSON.stringify(command), entropy)));
  };
  const state = (caller = true) => JSON.parse(night.state(caller));
  const record = () => JSON.parse(night.record());
  const last = () => {
    const games = state().games || [];
    return games.length ? games[games.length - 1].id : 0;
  };
  return {
    handle,
    // A request of the desk's pages, answered as `housie serve` answers it: `{status, body}`
    // or `{status, text}` (desk-api.js in the engine routes it). Every change is given fresh
    // entropy, which only a new game uses (its draw's secret seed).
    request: (method, path, body) => {
      const entropy = method === "GET" ? undefined : crypto.getRandomValues(new Uint8Array(32));
      return JSON.parse(night.request(method, path, body, entropy));
    },
    state,
    record,
    // What opening the run noticed (tickets that differ from the seed's, rows missing), as
    // `housie serve` says it at start.
    warnings: () => JSON.parse(night.warnings()),
    log: () => night.log(),
    version: () => night.version(),
    startGame: ({ name, prizes, books, game, bogey } = {}) =>
      handle({ command: "start_game", name: name || `Game ${last() + 1}`, prizes, books: books || "", game, bogey: !!bogey }),
    call: (number, game = last()) => handle({ command: "call", game, number }),
    draw: (game = last()) => handle({ command: "draw", game }),
    undo: (game = last()) => handle({ command: "undo", game }),
    end: (game = last()) => handle({ command: "end", game }),
    win: (serial, game = last()) => handle({ command: "win", game, serial }),
    // The claim as `housie night --json` records it: `verdict` is `stands`, `missed`,
    // `incomplete`, `refused`, `unknown` or `malformed`, with `stands`, `message`, …
    claim: (serial, game = last()) => {
      try {
        handle({ command: "claim", game, serial });
      } catch (e) {
        if (!(e instanceof NightRefusal) || (e.kind !== "invalid" && e.kind !== "not_found")) throw e;
      }
      const g = record().games.find((x) => x.id === game);
      return g.claims[g.claims.length - 1];
    },
    sell: (sale) => handle({ command: "sell", ...sale }),
    pay: (payout, game = last()) => handle({ command: "pay", game, ...payout }),
    cashup: () => record().money || null,
  };
}

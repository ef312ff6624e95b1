// Runs housie's page engine in Node through the site's own module (site/housie.js, as
// scripts/build-site lays it out in SITE), for tests/it/wasm.rs:
//
//   node wasm_run.mjs SITE generate CASES OUT   each case {name, design, seed, date, files}:
//                                               its files into OUT/name/, its zip as OUT/name.zip,
//                                               and the engine's self-check as OUT/self_check.json
//   node wasm_run.mjs SITE verify CASES OUT     each case {name, dir | zip}: verify()'s answer, or
//                                               the problem thrown, into OUT/verify.json
//   node wasm_run.mjs SITE refuse CASES OUT     each case {name, request, files}: generate()'s
//                                               problem (or "made") into OUT/refuse.json
//   node wasm_run.mjs SITE top-up CASE OUT      {dir, request}: the top-up of the run in dir
//                                               (its folder's name kept), its files into OUT/
//   node wasm_run.mjs SITE night CASE OUT       {dir, steps, reopen_after, log?}: the run's night
//                                               played in the page, step by step (each a command,
//                                               {claim}, or {request: [method, path, body?]} as
//                                               the desk's pages send it), reopened from its own log after step
//                                               `reopen_after`; each answer or refusal into
//                                               OUT/night.json, the log into OUT/night.jsonl
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";

const [site, op, input, out] = process.argv.slice(2);
const housie = await import(join(site, "housie.js"));
await housie.default(readFileSync(join(site, "pkg/housie_wasm_bg.wasm")));
mkdirSync(out, { recursive: true });
const cases = JSON.parse(readFileSync(input, "utf8"));
const files = (map) => Object.fromEntries(Object.entries(map || {}).map(([n, p]) => [n, readFileSync(p)]));
const folder = (dir) => Object.fromEntries(readdirSync(dir).filter((n) => statSync(join(dir, n)).isFile()).map((n) => [n, readFileSync(join(dir, n))]));
const refused = (e) => ({ thrown: { field: e.field || null, message: e.message, said: e.said || null, housie: e instanceof housie.HousieError } });

if (op === "generate") {
  for (const c of cases) {
    const run = housie.generate({ ...c.design, seed: c.seed, date: c.date, files: files(c.files) });
    mkdirSync(join(out, c.name), { recursive: true });
    for (const [name, bytes] of Object.entries(run.files)) writeFileSync(join(out, c.name, name), bytes);
    writeFileSync(join(out, c.name + ".zip"), run.run.zip(c.name));
  }
  writeFileSync(join(out, "self_check.json"), JSON.stringify(housie.selfCheck()));
} else if (op === "verify") {
  const answers = {};
  for (const c of cases) {
    try {
      answers[c.name] = housie.verify(c.zip ? readFileSync(c.zip) : folder(c.dir));
    } catch (e) { answers[c.name] = refused(e); }
  }
  // The engine's memory through every case, in bytes: WebAssembly's memory only grows, so its
  // size now is its peak (the process's own peak also holds V8 compiling the engine, which
  // varies with the machine's load).
  const pkg = await import(join(site, "pkg/housie_wasm.js"));
  answers.engine_peak = (await pkg.default()).memory.buffer.byteLength;
  answers.process_peak = process.resourceUsage().maxRSS * 1024;
  writeFileSync(join(out, "verify.json"), JSON.stringify(answers, null, 1));
} else if (op === "refuse") {
  const answers = {};
  for (const c of cases) {
    try {
      housie.generate({ ...c.request, files: files(c.files) });
      answers[c.name] = "made";
    } catch (e) {
      answers[c.name] = refused(e);
      // The refusal as a Hindi page says it, through the engine's own Fluent.
      if (e.said) answers[c.name].hindi = housie.say("hi", e.said.id, e.said.args);
    }
  }
  writeFileSync(join(out, "refuse.json"), JSON.stringify(answers, null, 1));
} else if (op === "top-up") {
  const r = housie.topUp(folder(cases.dir), cases.request, undefined, basename(cases.dir));
  for (const [name, bytes] of Object.entries(r.files)) writeFileSync(join(out, name), bytes);
} else if (op === "night") {
  const run = folder(cases.dir);
  const answers = { steps: [] };
  if (cases.log) {
    // A log that is not this run's night as housie wrote it is refused on opening.
    try { housie.openNight(run, readFileSync(cases.log)); answers.opened = "opened"; } catch (e) { answers.opened = refused(e); }
    writeFileSync(join(out, "night.json"), JSON.stringify(answers, null, 1));
  } else {
    let night = housie.openNight(run);
    cases.steps.forEach((step, i) => {
      try {
        if (step.request) answers.steps.push(night.request(...step.request));
        else answers.steps.push(step.claim !== undefined ? night.claim(step.claim) : night.handle(step));
      } catch (e) {
        answers.steps.push({ refused: { kind: e.kind || null, message: e.message, said: e.said || null } });
      }
      // The tab closed and opened again: the night from its log alone.
      if (i === cases.reopen_after) night = housie.openNight(run, night.log());
    });
    answers.record = night.record();
    answers.state = night.state(true);
    answers.board = night.state(false);
    answers.warnings = night.warnings();
    writeFileSync(join(out, "night.json"), JSON.stringify(answers, null, 1));
    writeFileSync(join(out, "night.jsonl"), night.log());
  }
}

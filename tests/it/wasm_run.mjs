// Runs housie's engine as a page would, in Node: loads the WebAssembly build (scripts/build-wasm)
// from PKG, makes each run of CASES (a JSON list of {name, design, seed, date, files}) and
// writes its files into OUT/name/, and the engine's self-check into OUT/self_check.json.
//
//   node wasm_run.mjs PKG CASES OUT
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const [pkg, cases, out] = process.argv.slice(2);
const housie = await import(join(pkg, "housie_wasm.js"));
await housie.default({ module_or_path: readFileSync(join(pkg, "housie_wasm_bg.wasm")) });
for (const c of JSON.parse(readFileSync(cases, "utf8"))) {
  const world = new housie.World();
  for (const [name, path] of Object.entries(c.files)) world.add(name, readFileSync(path));
  const run = housie.generate(JSON.stringify(c.design), c.seed, undefined, c.date, world);
  mkdirSync(join(out, c.name), { recursive: true });
  for (const name of run.names()) writeFileSync(join(out, c.name, name), run.file(name));
}
writeFileSync(join(out, "self_check.json"), housie.self_check());

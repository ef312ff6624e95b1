// housie's engine off the page's thread: the page asks, the engine answers here, so a large
// run never freezes the tab; Stop ends the worker (and the run with it), writing nothing.
import init, * as housie from "./housie.js";

const ready = init();

const ops = {
  check: (a) => housie.check(a.request),
  preview: (a) => housie.preview(a.request, a.page),
  logoFile: (a) => housie.logoFile(a.bytes),
  fontFile: (a) => housie.fontFile(a.bytes),
  placedLogo: (a) => housie.placedLogo(a.request, a.name),
  // The run, its zip's folder named by the event and the run's code (`spring-fair-4821-0937`).
  generate: (a, progress, stage) => {
    const r = housie.generate(a.request, progress);
    stage("zip");
    const folder = `${a.folder}-${r.run.code()}`;
    // What each file is for, as the engine says (which goes to the print shop, which stays private).
    return { names: r.run.names(), sizes: r.run.sizes(), roles: r.run.roles(), folder, zip: r.run.zip(folder) };
  },
  file: (a) => housie.open(a.zip).file(a.name),
  files: (a) => { const run = housie.open(a.zip); return Object.fromEntries(run.names().map((n) => [n, run.file(n)])); },
  verify: (a, progress) => housie.verify(a.files, progress),
  picture: (a) => housie.picture(a.files, a.unit),
  topUp: (a, progress) => {
    const r = housie.topUp(a.files, a.more, progress, a.from);
    const folder = `${a.from}-more-${r.run.code()}`;
    return { folder, zip: r.run.zip(folder) };
  },
  eventId: (a) => housie.eventId(a.title, a.taken),
  newDesign: (a) => housie.newDesign(a.title, a.lang),
  schema: () => housie.schema(),
  languages: () => housie.languages(),
  catalogue: (a) => housie.catalogue(a.lang),
  version: () => housie.version(),
};

self.onmessage = async (ev) => {
  const { id, op, args } = ev.data;
  try {
    await ready;
    let last = 0;
    const progress = (done, total) => {
      const now = Date.now();
      if (now - last > 50 || done === total) { last = now; self.postMessage({ id, progress: [done, total] }); }
    };
    const stage = (name) => self.postMessage({ id, stage: name });
    const result = ops[op](args || {}, progress, stage);
    const transfer = result instanceof Uint8Array ? [result.buffer] : result && result.zip ? [result.zip.buffer] : [];
    self.postMessage({ id, ok: true, result }, transfer);
  } catch (e) {
    self.postMessage({ id, ok: false, error: { field: e.field || "event", message: e.message || String(e), said: e.said } });
  }
};

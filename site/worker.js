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
  generate: (a, progress, stage) => {
    const r = housie.generate(a.request, progress);
    const names = Object.keys(r.files);
    stage("zip");
    return { names, sizes: names.map((n) => r.files[n].length), zip: r.run.zip(a.folder) };
  },
  file: (a) => housie.open(a.zip).file(a.name),
  files: (a) => { const run = housie.open(a.zip); return Object.fromEntries(run.names().map((n) => [n, run.file(n)])); },
  verify: (a, progress) => housie.verify(a.files, progress),
  picture: (a) => housie.picture(a.files, a.unit),
  topUp: (a, progress) => {
    const r = housie.topUp(a.files, a.request, progress, a.from);
    return { folder: r.folder, zip: r.run.zip(a.folder) };
  },
  looks: () => housie.looks(),
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

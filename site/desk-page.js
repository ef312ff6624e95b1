// The caller's desk in the site: opens the night named in the address (`#night=KEY`) from this
// browser's IndexedDB and hands it to the desk's transport (night-api.js). One tab is a
// night's desk at a time (a Web Lock held while the tab lives), so two tabs never append to one
// log; the log is kept after every change, so a closed or crashed tab reopens where it was.
import init, * as engine from "./housie.js";
import { nightOf, logOf, keepLog } from "./db.js";

const desk = window.housieDesk;
const key = housieNightKey(); // night-api.js

// Holds the night's lock while this tab lives; false when another tab holds it.
function lock() {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request("housie-night-" + key, { ifAvailable: true }, (held) => {
      resolve(!!held);
      return held ? new Promise(() => {}) : undefined;
    });
  });
}

async function start() {
  try {
    await init();
  } catch (e) {
    desk.engine({ languages: () => [{ lang: "en", name: "English" }], catalogue: () => ({ lang: "en", messages: {} }) });
    desk.failed("page-desk-no-engine", { why: String((e && e.message) || e) });
    return;
  }
  desk.engine(engine);
  if (!key) { desk.failed("page-desk-no-night"); return; }
  if (!(await lock())) { desk.failed("page-desk-taken"); return; }
  let run, log;
  try {
    [run, log] = await Promise.all([nightOf(key), logOf(key)]);
  } catch (e) {
    desk.failed("page-desk-unreadable", { why: (e && (e.name || e.message)) || "?" });
    return;
  }
  if (!run) { desk.failed("page-desk-no-night"); return; }
  let night;
  try {
    night = engine.openNight(run.files, log ? log.log : undefined);
  } catch (e) {
    desk.failed("page-desk-refused", { why: e.message || String(e) });
    return;
  }
  // The night is worth keeping: ask the browser not to clear it when short of room.
  try {
    desk.notPersisted = !(navigator.storage && ((await navigator.storage.persisted()) || (await navigator.storage.persist())));
  } catch (_) { desk.notPersisted = true; }
  desk.opened(night, (bytes) => keepLog(key, bytes));
}
start();

// housie's storage in this browser: one IndexedDB database, "housie". Its stores:
//   events  the events the page designs and prints (app.js), by id;
//   nights  each night's run, as the desk plays it (its zip or files, the event's title), by
//           its key (the SHA-256 of its run.json), written once when its desk is first opened;
//   logs    each night's log (night.jsonl's bytes), by the same key, written after every change.
// Every page opens it here, so each opens the same version with the same stores.
const VERSION = 2;

let opened = null;
export function openDb() {
  opened = opened || new Promise((resolve, reject) => {
    const r = indexedDB.open("housie", VERSION);
    r.onupgradeneeded = () => {
      const db = r.result;
      for (const name of ["events", "nights", "logs"]) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: name === "events" ? "id" : "key" });
      }
    };
    r.onsuccess = () => {
      // Another tab opening a newer version closes this connection rather than wait on it.
      r.result.onversionchange = () => r.result.close();
      resolve(r.result);
    };
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error("another housie tab holds an older copy of this site open: close it"));
  });
  return opened;
}

// `work(store)` in one transaction on `name`: resolves with its request's result once the
// transaction is committed; rejects with why it was not (a full quota aborts it).
export async function inStore(name, mode, work) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    let t;
    try { t = db.transaction(name, mode); } catch (e) { reject(e); return; }
    let out;
    t.oncomplete = () => resolve(out instanceof IDBRequest ? out.result : out);
    t.onabort = () => reject(t.error || new Error("not stored"));
    try { out = work(t.objectStore(name)); } catch (e) { reject(e); try { t.abort(); } catch (_) { /* done */ } }
  });
}

// The SHA-256 of `bytes` in hex: a night's key is its run.json's.
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A night's run kept for its desk, unless kept already (its log is never touched here).
export async function keepNight(night) {
  const have = await inStore("nights", "readonly", (s) => s.getKey(night.key));
  if (have === undefined) await inStore("nights", "readwrite", (s) => s.put(night));
}

// Every night kept in this browser: its key, title and when it was first kept (not its files).
export function allNights() {
  return inStore("nights", "readonly", (s) => {
    const found = [];
    const cursor = s.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      found.push({ key: c.value.key, title: c.value.title, kept: c.value.kept });
      c.continue();
    };
    return found;
  });
}

export const nightOf = (key) => inStore("nights", "readonly", (s) => s.get(key));
export const logOf = (key) => inStore("logs", "readonly", (s) => s.get(key));
export const keepLog = (key, bytes) => inStore("logs", "readwrite", (s) => s.put({ key, log: bytes, saved: new Date().toISOString() }));

// Actions taken while offline wait here (IndexedDB, so a reload keeps them) and
// are sent once the connection is back. Each carries its own event id, and the
// server stores an id once, so a resend after a lost answer never counts twice.
import { http } from '../api.js';

const DB = 'scorekeeper';
const STORE = 'outbox';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'body.id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx(mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const result = fn(t.objectStore(STORE));
    t.oncomplete = () => resolve(result.result ?? result);
    t.onerror = () => reject(t.error);
  });
}

export const outbox = {
  add: (item) => tx('readwrite', (s) => s.put({ ...item, queuedAt: Date.now() })),
  remove: (id) => tx('readwrite', (s) => s.delete(id)),
  all: () => tx('readonly', (s) => s.getAll()),
};

let flushing = null;

// Send what is waiting, oldest first. Refused actions (4xx) are dropped and
// reported; a network failure stops the flush until the next chance.
export function flush(onResult) {
  if (flushing) return flushing;
  flushing = (async () => {
    const items = (await outbox.all()).sort((a, b) => a.queuedAt - b.queuedAt);
    for (const item of items) {
      try {
        const reply = await http.post(item.path, item.body);
        await outbox.remove(item.body.id);
        onResult?.(item, reply, null);
      } catch (err) {
        if (err.offline) break;
        await outbox.remove(item.body.id);
        onResult?.(item, null, err);
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

// What keeps a table usable without a connection, in the app's own IndexedDB database:
// the actions waiting to be sent (the outbox) and the last state of each table this phone
// joined (saved tables), so a reload offline still shows the table. Version 2 added the tables.
// One module, not three: the table screen waits for every file it imports, one round trip each.
import { http } from '../api.js';
import { database } from './idb.js';

const appDb = database('scorekeeper', 2, { outbox: 'body.id', tables: 'code' });

// Actions taken while offline wait here (a reload keeps them) and are sent once the connection
// is back. Each carries its own event id, and the server stores an id once, so a resend after a
// lost answer never counts twice.
const items = appDb.store('outbox');

export const outbox = {
  add: (item) => items.put({ ...item, queuedAt: Date.now() }),
  remove: (id) => items.delete(id),
  all: () => items.getAll(),
};

let flushing = null;

// Send what is waiting, oldest first, and what was queued meanwhile after it (each action once a flush).
// Refused actions (4xx) are dropped and reported; a network failure stops the flush until the next chance.
export function flush(onResult) {
  if (flushing) return flushing;
  flushing = (async () => {
    const sent = new Set();
    for (;;) {
      const waiting = (await outbox.all()).filter((i) => !sent.has(i.body.id)).sort((a, b) => a.queuedAt - b.queuedAt);
      if (!waiting.length) return;
      for (const item of waiting) {
        sent.add(item.body.id);
        try {
          const reply = await http.post(item.path, item.body);
          await outbox.remove(item.body.id);
          onResult?.(item, reply, null);
        } catch (err) {
          if (err.offline) return;
          await outbox.remove(item.body.id);
          onResult?.(item, null, err);
        }
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

// The last state of each table this phone joined; only the newest few are kept.
const KEEP = 12;
const tables = appDb.store('tables');

export const savedTables = {
  get: (code) => tables.get(code).then((saved) => saved?.view || null),
  save: (view) => tables.put({ code: view.code, view, savedAt: Date.now() }),
  async prune() {
    const all = (await tables.getAll()).sort((a, b) => b.savedAt - a.savedAt);
    await Promise.all(all.slice(KEEP).map((t) => tables.delete(t.code)));
  },
};

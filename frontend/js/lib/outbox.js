// Actions taken while offline wait here (IndexedDB, so a reload keeps them) and
// are sent once the connection is back. Each carries its own event id, and the
// server stores an id once, so a resend after a lost answer never counts twice.
import { http } from '../api.js';
import { appDb } from './app-db.js';

const items = appDb.store('outbox');

export const outbox = {
  add: (item) => items.put({ ...item, queuedAt: Date.now() }),
  remove: (id) => items.delete(id),
  all: () => items.getAll(),
};

let flushing = null;

// Send what is waiting, oldest first. Refused actions (4xx) are dropped and
// reported; a network failure stops the flush until the next chance.
export function flush(onResult) {
  if (flushing) return flushing;
  flushing = (async () => {
    const waiting = (await outbox.all()).sort((a, b) => a.queuedAt - b.queuedAt);
    for (const item of waiting) {
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

// The last state of each table this phone joined, kept so a reload without a connection
// still shows it (marked offline). Only the newest few are kept.
import { appDb } from './app-db.js';

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

// A tiny observable store. State that should survive a reload (your name,
// recent tables) is kept in localStorage under one key.

import { lang } from './lib/language.js';

const KEY = 'scorekeeper';

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

const saved = load();
const state = {
  online: navigator.onLine,
  // remembered so the home screen works offline; its names and summaries are in the language it
  // was asked in, so a phone that has switched language since starts without it
  catalogue: (saved.catalogueLang || 'en') === lang ? saved.catalogue || null : null,
  me: saved.me || '',
  recentTables: saved.recentTables || [],
  players: saved.players || [], // names seen at this phone's tables, newest first: offered on the next table
  lastSeats: saved.lastSeats || [], // the seats of the last table played here, in order
};
const listeners = new Set();
// What is kept across reloads; the rest (online, a table's silence, late asks) is this page's alone, and
// setting it writes nothing.
const KEPT = ['me', 'recentTables', 'catalogue', 'players', 'lastSeats'];

export const store = {
  get: () => state,
  set(patch) {
    Object.assign(state, patch);
    if (KEPT.some((key) => key in patch)) {
      try {
        const kept = Object.fromEntries(KEPT.map((key) => [key, state[key]]));
        localStorage.setItem(KEY, JSON.stringify({ ...kept, catalogueLang: lang }));
      } catch {
        /* private mode: keep it in memory only */
      }
    }
    listeners.forEach((fn) => fn(state));
  },
  subscribe(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

const MAX_NAMES = 40;

/** Remember the names at a table (newest first), to offer them on the next one. */
export function rememberPlayers(seats) {
  const names = seats.map((n) => String(n).trim()).filter(Boolean);
  if (!names.length) return;
  const keys = new Set(names.map((n) => n.toLowerCase()));
  const players = [...names, ...state.players.filter((n) => !keys.has(n.toLowerCase()))].slice(0, MAX_NAMES);
  if (players.join('\n') !== state.players.join('\n') || names.join('\n') !== state.lastSeats.join('\n')) {
    store.set({ players, lastSeats: names });
  }
}

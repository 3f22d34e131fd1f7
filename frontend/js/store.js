// A tiny observable store. State that should survive a reload (your name,
// recent tables) is kept in localStorage under one key.

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
  catalogue: saved.catalogue || null, // remembered so the home screen works offline
  me: saved.me || '',
  recentTables: saved.recentTables || [],
};
const listeners = new Set();

export const store = {
  get: () => state,
  set(patch) {
    Object.assign(state, patch);
    try {
      localStorage.setItem(KEY, JSON.stringify({ me: state.me, recentTables: state.recentTables, catalogue: state.catalogue }));
    } catch {
      /* private mode: keep it in memory only */
    }
    listeners.forEach((fn) => fn(state));
  },
  subscribe(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

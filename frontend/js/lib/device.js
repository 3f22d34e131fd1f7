// This phone's id at every table: made once, kept in the phone's storage. It tells the server
// which phone holds which seat (scorekeeper/reducer.py, claims); it is not a secret and proves
// nothing, so it needs no secure context. Private mode without storage: one id per page load.
import { uuid4 } from './uuid.js';

const KEY = 'device-id';
let id = null;

export function deviceId() {
  if (id) return id;
  try {
    id = localStorage.getItem(KEY);
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id || '')) {
      id = uuid4();
      localStorage.setItem(KEY, id);
    }
  } catch {
    id ||= uuid4();
  }
  return id;
}

/** The seat `device` holds in `view`, or null. */
export function seatOf(view, device = deviceId()) {
  const i = (view?.claims || []).findIndex((c) => c?.device === device);
  return i >= 0 ? i : null;
}

// GETs a screen will make, started while its modules are still arriving (main.js names them per
// route): the screen's own first ask takes the answer (api.js's `early`) instead of asking again,
// so the screen waits for the slower of the two, not for one after the other. Each navigation
// replaces them; unread ones are dropped. Needs only the language, not its words: the asks start
// before the language's catalog has arrived. main.js imports it (it is small), so that a table's asks go out
// first of all, before the screen's own modules are asked for.
import { inLanguage } from './language.js';

let started = new Map(); // path → the promise of its Response

/** Start these GETs now (asked as api.js asks); returns their responses' promises, to peek at with clone(). */
export function askAhead(...paths) {
  const headers = inLanguage({ Accept: 'application/json' });
  started = new Map(paths.map((path) => [path, fetch(path, { headers })]));
  started.forEach((response) => response.catch(() => {})); // a failure reaches whoever asks, not the console
  return [...started.values()];
}

/** The response started ahead for this path, once; else undefined. */
export function takeAhead(path) {
  const response = started.get(path);
  started.delete(path);
  return response;
}

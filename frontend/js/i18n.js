// The phone app's words: one catalog per language (js/i18n/<lang>.json), only the active one
// loaded, and the league screens' own words beside it (js/i18n/league/<lang>.json), loaded with the
// first league screen (main.js): a table never shows them, and its first load is the one that counts.
// t('key', {name}) looks a text up and fills in {name}; an entry that is an object
// ({one, other}) is a plural, chosen by Intl.PluralRules from params.count. Numbers in params
// are written the language's way (Intl.NumberFormat).
//
// The language is lib/language.js's choice.
// Keys are written out in full at each call, t('timer.start'), never built from pieces, so
// tests/test_i18n_catalogs.py can find every key in use and every catalog entry no one uses.

import { lang } from './lib/language.js';

async function loadCatalog(language, folder = '') {
  const response = await fetch(`/js/i18n/${folder}${language}.json`);
  if (!response.ok) throw new Error(`catalog ${folder}${language}: ${response.status}`);
  return response.json();
}

// The catalog is asked for as soon as this module runs, and the code that reads it (lib/translate.js) comes
// beside it rather than before: imported statically, it had to arrive before the catalog could be asked for.
// Offline before the service worker kept the catalog, or a broken file: the keys themselves show, which is
// ugly but never hides a control.
const [catalog, { translator }] = await Promise.all([loadCatalog(lang).catch(() => ({})), import('./lib/translate.js')]);

const { translate, numbers } = translator(catalog, lang);

let leagueWords = null;

/** Adds the league screens' words to the catalog (once; a failure is tried again by the next league screen).
 * main.js has them in before a league screen's module runs. */
export function loadLeagueWords() {
  leagueWords ??= loadCatalog(lang, 'league/').then((words) => {
    Object.assign(catalog, words);
  }, () => {
    leagueWords = null; // offline before the service worker kept them: the keys show, as for the catalog
  });
  return leagueWords;
}

export function number(value, options) {
  return options ? new Intl.NumberFormat(lang, options).format(value) : numbers.format(value);
}

export const t = translate;

export function date(value, options = { dateStyle: 'medium' }) {
  return new Intl.DateTimeFormat(lang, options).format(value instanceof Date ? value : new Date(value));
}

// "3 minutes ago" / "vor 3 Minuten" from a time in ms.
export function ago(ms, now = Date.now()) {
  const seconds = Math.round((ms - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const steps = [[60, 'second'], [60, 'minute'], [24, 'hour'], [Infinity, 'day']];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return rtf.format(value, unit);
    value = Math.round(value / size);
  }
  return rtf.format(value, 'day');
}

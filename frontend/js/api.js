// The only module that talks to the server. Every call resolves to parsed JSON
// or throws an ApiError carrying the server's {code, status, message, errors}.
// Every request asks for the phone's chosen language (Accept-Language), so the server's
// messages read as the rest of the screen; /api/* is never cached by the service worker,
// so an answer in one language cannot be served to a phone that has switched to another.
import { t } from './i18n.js';
import { inLanguage, lang } from './lib/language.js';
import { store } from './store.js';

export class ApiError extends Error {
  constructor({ code = 'network', status = 0, message = null, errors = null, table = null, player = null } = {}) {
    super(message ?? t('api.offline'));
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.table = table; // a 409 carries the table as it is now
    this.player = player; // a rename's 409 names the player who has that name
  }
  // No answer, or the server's database not answering (a 503 it asks to retry): either way the action is
  // kept and sent again (lib/offline.js), its id making sure it counts once.
  get offline() {
    return this.status === 0 || RETRIED.has(this.code);
  }
}

// A 503 database_unavailable or table_busy is asked again after its Retry-After (at most RETRY_MAX_S), up to
// RETRIES times: the server connects afresh by then (a database restart, a lost connection), or the appends
// ahead of this one at the same table are done.
const RETRIED = new Set(['database_unavailable', 'table_busy']);
const RETRIES = 2;
const RETRY_MAX_S = 5;
const pause = (seconds) => new Promise((done) => setTimeout(done, Math.min(RETRY_MAX_S, Math.max(0.2, seconds)) * 1000));

// An answer this late: the network may be up but carry nothing to the server (the host's laptop asleep, a guest wifi
// without a route to it), and a request then hangs for minutes rather than fails. Whoever waits on one says so, or
// goes on without it: a table's first answer gives way to its saved view, an action's to the outbox (session.js).
export const LATE_MS = 3000;
export const LATE = Symbol('late');

/** `promise`, or LATE once LATE_MS have passed without it settling. */
export function unlessLate(promise) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, LATE_MS, LATE);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// How many asks are unanswered after LATE_MS, kept in the store (`lateAsks`): the top bar says the phone is
// waiting for the server (main.js) on every screen, whichever of its asks hangs (a league's standings, a
// word's meanings), and stops saying it once the last of them is answered or fails.
let lateAsks = 0;
function watched(asked) {
  unlessLate(asked).then((answer) => {
    if (answer !== LATE) return;
    store.set({ lateAsks: ++lateAsks });
    const settled = () => store.set({ lateAsks: --lateAsks });
    asked.then(settled, settled);
  }, () => {}); // failed in time: the caller hears of it
  return asked;
}

function request(method, path, body, options) {
  return watched(answer(method, path, body, options));
}

// `early`: the response to this very request, started ahead (lib/ahead.js), to read instead of asking.
async function answer(method, path, body, { headers = {}, signal, early } = {}) {
  const init = { method, headers: inLanguage({ Accept: 'application/json', ...headers }), signal };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await (attempt === 0 && early ? early : fetch(path, init));
    } catch (err) {
      if (err.name === 'AbortError') throw err;
      throw new ApiError();
    }
    if (response.status === 204) return null; // done, nothing to say (a removal)
    const type = response.headers.get('Content-Type') || '';
    const data = type.includes('json') ? await response.json() : await response.text();
    if (response.ok) return data;
    const error = new ApiError(typeof data === 'object' ? data : { status: response.status, message: String(data) });
    if (!RETRIED.has(error.code) || attempt >= RETRIES) throw error;
    await pause(Number(response.headers.get('Retry-After')) || 1);
  }
}

const table = (code) => `/api/tables/${encodeURIComponent(code)}`;
const leaguePath = (id) => `/api/leagues/${encodeURIComponent(id)}`;
const bearer = (token) => ({ headers: { Authorization: `Bearer ${token}` } });
// ?a=1&b=2 from an object, leaving out empty values.
const query = (params = {}) => {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const text = q.toString();
  return text ? `?${text}` : '';
};

export const api = {
  health: () => request('GET', '/api/health'),
  time: () => request('GET', '/api/time'),
  // Both may be given the answer main.js asked for ahead (lib/ahead.js's takeAhead of the path).
  gamesPath: '/api/games',
  games: (early) => request('GET', api.gamesPath, undefined, { early }),
  score: (game, sheet) => request('POST', `/api/games/${encodeURIComponent(game)}/score`, sheet),
  // With a league token the table plays inside that league (body.league is its id).
  createTable: (body, { token } = {}) => request('POST', '/api/tables', body, token ? bearer(token) : undefined),
  tablePath: table,
  table: (code, early) => request('GET', table(code), undefined, { early }),
  // Play again: the next table (same seats and options), made once however many phones ask. At a league table
  // it stays in the league only with the league's member link (token); without one it is a casual table.
  again: (code, { token } = {}) => request('POST', `${table(code)}/again`, undefined, token ? bearer(token) : undefined),
  eventsPath: (code) => `${table(code)}/events`,
  timerPath: (code) => `${table(code)}/timer`,
  qrUrl: (code) => `${table(code)}/qr.svg`,
  tableStandings: (code) => request('GET', `${table(code)}/standings`),
  // A QR code (SVG text) of a link into this app; POSTed so links with tokens stay out of URLs and logs.
  qr: (url) => request('POST', '/api/qr', { url }),
  // Server-Sent Events; the browser reconnects by itself and sends Last-Event-ID.
  // EventSource cannot send Accept-Language: the language travels in the address.
  // `after`: the seq the phone shows, for a stream opened afresh (a new EventSource sends no Last-Event-ID).
  stream: (code, after) => new EventSource(`${table(code)}/stream${query({ lang, after })}`),
  // The word judge (Bresk!).
  lexicons: () => request('GET', '/api/lexicons'),
  challenge: (lexicon, words, reveal = false) =>
    request('POST', `/api/lexicons/${encodeURIComponent(lexicon)}/challenge`, { words, reveal }),
  // What the words mean (WordNet, in English), asked only after a ruling: never in the verdict's way.
  meaningsPath: (lexicon) => `/api/lexicons/${encodeURIComponent(lexicon)}/meanings`,
  // At a table, judged as the table judges (its league's added words too).
  meanings: (lexicon, words, table) => request('GET', `${api.meaningsPath(lexicon)}${query({ words: words.join(','), table })}`),
  wordsPath: (lexicon) => `/api/lexicons/${encodeURIComponent(lexicon)}/words.compact`, // front-coded (wordpack.js)
  // Reading a photographed Bresk! card (games/bresk-scan.js): whether the server can, and the grid it reads.
  scanStatus: () => request('GET', '/api/games/bresk/scan'),
  scan: (photo) => upload('/api/games/bresk/scan', 'photo', photo, 'card.jpg'),
};

// A file sent as a form's file input sends it (multipart); the answer as request() gives it.
async function upload(path, field, blob, filename) {
  const form = new FormData();
  form.append(field, blob, filename);
  let response;
  try {
    response = await fetch(path, { method: 'POST', body: form, headers: inLanguage({ Accept: 'application/json' }) });
  } catch {
    throw new ApiError();
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError({ status: response.status, message: data.message || t('api.upload_failed'), code: data.code });
  return data;
}

// A file sent as it is (a saved BoardGameGeek plays file: XML); the answer as request() gives it.
async function sendFile(path, text, type) {
  let response;
  try {
    response = await fetch(path, { method: 'POST', body: text, headers: inLanguage({ Accept: 'application/json', 'Content-Type': type }) });
  } catch {
    throw new ApiError();
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError({ status: response.status, message: data.message || t('api.upload_failed'), code: data.code, errors: data.errors });
  return data;
}

// Leagues: every call but create sends the league's capability token (admin, member or viewer).
export const leagues = {
  create: (name) => request('POST', '/api/leagues', { name }),
  get: (id, token) => request('GET', leaguePath(id), undefined, bearer(token)),
  players: (id, token) => request('GET', `${leaguePath(id)}/players`, undefined, bearer(token)),
  addPlayer: (id, token, name) => request('POST', `${leaguePath(id)}/players`, { name }, bearer(token)),
  // A name another player has: 409 player_exists naming them, unless merge makes the two one player.
  renamePlayer: (id, token, name, newName, { merge = false } = {}) =>
    request('PATCH', `${leaguePath(id)}/players/${encodeURIComponent(name)}`, { name: newName, merge }, bearer(token)),
  removePlayer: (id, token, name) => request('DELETE', `${leaguePath(id)}/players/${encodeURIComponent(name)}`, undefined, bearer(token)),
  results: (id, token, params) => request('GET', `${leaguePath(id)}/results${query(params)}`, undefined, bearer(token)),
  record: (id, token, body) => request('POST', `${leaguePath(id)}/results`, body, bearer(token)),
  standings: (id, token, params) => request('GET', `${leaguePath(id)}/standings${query(params)}`, undefined, bearer(token)),
  disputes: (id, token, params) => request('GET', `${leaguePath(id)}/disputes${query(params)}`, undefined, bearer(token)),
  leaderboards: (id, token, params) => request('GET', `${leaguePath(id)}/leaderboards${query(params)}`, undefined, bearer(token)),
  recap: (id, token, params) => request('GET', `${leaguePath(id)}/recap${query(params)}`, undefined, bearer(token)),
  headToHead: (id, token, params) => request('GET', `${leaguePath(id)}/head-to-head${query(params)}`, undefined, bearer(token)),
  player: (id, token, name, params) =>
    request('GET', `${leaguePath(id)}/players/${encodeURIComponent(name)}${query(params)}`, undefined, bearer(token)),
  rotate: (id, token, role) => request('POST', `${leaguePath(id)}/tokens/rotate`, { role }, bearer(token)),
  // Admin: the member and viewer tokens now in use (null where the league has none kept), to share again.
  sharedTokens: (id, token) => request('GET', `${leaguePath(id)}/tokens`, undefined, bearer(token)),
  seasons: {
    add: (id, token, body) => request('POST', `${leaguePath(id)}/seasons`, body, bearer(token)),
    change: (id, token, seasonId, body) => request('PATCH', `${leaguePath(id)}/seasons/${seasonId}`, body, bearer(token)),
    remove: (id, token, seasonId) => request('DELETE', `${leaguePath(id)}/seasons/${seasonId}`, undefined, bearer(token)),
  },
  // PUT replaces the house rules; PATCH changes only the games and fields sent.
  setRules: (id, token, rules, { merge = false } = {}) =>
    request(merge ? 'PATCH' : 'PUT', `${leaguePath(id)}/rules`, rules, bearer(token)),
  result: (id, token, resultId) => request('GET', `${leaguePath(id)}/results/${encodeURIComponent(resultId)}`, undefined, bearer(token)),
  correct: (id, token, resultId, body) =>
    request('PUT', `${leaguePath(id)}/results/${encodeURIComponent(resultId)}`, body, bearer(token)),
  deleteResult: (id, token, resultId) =>
    request('DELETE', `${leaguePath(id)}/results/${encodeURIComponent(resultId)}`, undefined, bearer(token)),
  importLeague: (data) => request('POST', '/api/leagues/import', data),
  importBgStats: (data) => request('POST', '/api/leagues/import/bgstats', data),
  importBgg: (xml) => sendFile('/api/leagues/import/bgg', xml, 'application/xml'),
  // Another app's file into this league (admin): what it would add (writes nothing), then adding it.
  previewImport: (id, token, body) => request('POST', `${leaguePath(id)}/import/preview`, body, bearer(token)),
  confirmImport: (id, token, body) => request('POST', `${leaguePath(id)}/import/confirm`, body, bearer(token)),
  // The export needs the token header, so it is fetched here and handed back as a Blob to save, with
  // the name the server gives it (the league's name and the day, any letters kept).
  download: async (id, token, format) => {
    let response;
    try {
      const path = { csv: 'export.csv', bgstats: 'export/bgstats' }[format] || 'export';
      response = await fetch(`${leaguePath(id)}/${path}`,
        { headers: inLanguage(bearer(token).headers) });
    } catch {
      throw new ApiError();
    }
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new ApiError({ status: response.status, message: data.message || t('api.export_failed'), code: data.code });
    }
    const named = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('Content-Disposition') || '');
    return { blob: await response.blob(), filename: named ? decodeURIComponent(named[1]) : `league.${format}` };
  },
};

// Raw access for modules that add their own resource (tables, lexicons, leagues).
export const http = {
  get: (path, options) => request('GET', path, undefined, options),
  post: (path, body, options) => request('POST', path, body, options),
  text: async (path) => {
    let response;
    try {
      response = await fetch(path, { headers: inLanguage() });
    } catch {
      throw new ApiError();
    }
    if (!response.ok) throw new ApiError({ status: response.status, message: t('api.could_not_load', { path }) });
    return response.text();
  },
};

// The games' catalogue (GET /api/games: each game's name, options and variants, and what its panel may read),
// with one policy for every screen: the copy this phone keeps (store.js, in the phone's language) answers at
// once, and the server is asked once per page load, its answer kept in its place (a server upgraded since
// may have added a game or an option). Without a copy the server's answer is waited for; offline without
// one, the ask fails (`err.offline`), and the next ask tries again. Here, not in a module of its own: every
// screen but the judge needs it, and a module more on a guest's first load of a table cost a round trip.
let catalogueAsk = null; // this page load's ask of the server

/** The server's catalogue, asked for once per page load and kept; `early`: the answer main.js asked for ahead. */
export function latestCatalogue(early) {
  if (!catalogueAsk) {
    catalogueAsk = api.games(early).then((loaded) => {
      store.set({ catalogue: loaded });
      return loaded;
    });
    catalogueAsk.catch(() => { catalogueAsk = null; }); // not answered (offline): asked again next time
  }
  return catalogueAsk;
}

/** The catalogue: the copy this phone keeps, at once, if it has one (the server's replaces it behind it);
 *  else the server's. */
export function getCatalogue(early) {
  const latest = latestCatalogue(early);
  const kept = store.get().catalogue;
  if (!kept) return latest;
  latest.catch(() => {}); // the kept copy stands
  return Promise.resolve(kept);
}

/** A game's name as the kept catalogue says it; its id while none is kept. */
export const gameName = (id) => store.get().catalogue?.games.find((g) => g.id === id)?.name || id;

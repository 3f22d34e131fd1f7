// The offline word judge: the server's whole word list (GET /api/lexicons/{id}/words.txt),
// downloaded once, kept in IndexedDB (works on plain http:// too, unlike Cache Storage)
// and revalidated with its ETag. Words are normalised exactly as the server does
// (scorekeeper/lexicon/normalize.py): NFKD, drop combining marks, trim, upper case.
// The list holds valid words only, so it cannot tell a proper noun from any other
// non-word: offline, both are `not_a_word`.
import { api, http } from '../api.js';

const DB = 'scorekeeper-lexicon';
const STORE = 'lists';
const REVALIDATE_MS = 6 * 60 * 60 * 1000; // ask the server for a newer list at most every 6 hours

export const REASON_TEXT = {
  valid: 'valid',
  too_short: 'too short (one letter)',
  not_letters: 'not letters',
  hyphen_or_apostrophe: 'has a hyphen or apostrophe',
  proper_noun: 'a proper noun',
  not_a_word: 'not a word',
};

const JOINERS = "'\u2019\u02bc\u2018\\-\u2010\u2011";
const LETTERS_OR_JOINERS = new RegExp(`^[A-Z${JOINERS}]+$`);

function fold(text) {
  // Python's unicodedata.combining(ch) != 0 is, in practice, the non-spacing marks.
  return text.normalize('NFKD').replace(/\p{Mn}/gu, '');
}

/** The lookup form of a word: ' café ' → 'CAFE'. */
export function normalize(word) {
  const trimmed = String(word).trim();
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(trimmed)) return trimmed.toUpperCase();
  return fold(fold(trimmed).toUpperCase());
}

/** One square's letter: 'é' → 'E', '#' or ' ' → '#', anything else → null. */
export function cellLetter(ch) {
  if (ch === '#' || ch === ' ' || ch === '●' || ch === '\u00a0') return '#';
  const folded = normalize(ch);
  return /^[A-Z]$/.test(folded) ? folded : null;
}

// --- storage --------------------------------------------------------------------------------

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function idb(mode, fn) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = fn(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  } finally {
    db.close();
  }
}

const readStored = (id) => idb('readonly', (s) => s.get(id)).catch(() => undefined);
const writeStored = (record) => idb('readwrite', (s) => s.put(record));

// --- the list -------------------------------------------------------------------------------

export class OfflineLexicon {
  constructor(record) {
    this.id = record.id;
    this.name = record.name;
    this.etag = record.etag;
    this.savedAt = record.savedAt;
    this.checkedAt = record.checkedAt || record.savedAt;
    this.transferBytes = record.transferBytes;
    this.words = new Set(record.text.split('\n').filter(Boolean));
  }

  get size() {
    return this.words.size;
  }

  /** {word, normalized, valid, reason} — the same reasons as the server, minus proper_noun. */
  check(word) {
    const normalized = normalize(word);
    return { word, normalized, valid: this.reason(normalized) === 'valid', reason: this.reason(normalized), lexicon: this.id };
  }

  reason(normalized) {
    if (this.words.has(normalized)) return normalized.length < 2 ? 'too_short' : 'valid';
    if (!/^[A-Z]+$/.test(normalized)) {
      return LETTERS_OR_JOINERS.test(normalized) && /[A-Z]/.test(normalized) ? 'hyphen_or_apostrophe' : 'not_letters';
    }
    if (normalized.length < 2) return 'too_short';
    return 'not_a_word';
  }

  /** A challenge judged offline: {valid, lexicon, words, verdicts, offline: true}. */
  challenge(words) {
    const verdicts = words.map((w) => this.check(w));
    return { valid: verdicts.every((v) => v.valid), lexicon: this.id, words: verdicts.length, verdicts, offline: true };
  }
}

const loaded = new Map(); // id → OfflineLexicon
const loading = new Map(); // id → Promise<OfflineLexicon|null>
const listeners = new Set();

/** Listen to download progress: fn({id, state: 'checking'|'downloading'|'ready'|'error', ...}). */
export function onLexiconProgress(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function report(detail) {
  listeners.forEach((fn) => fn(detail));
}

/** The list if it is already in memory (no waiting). */
export function lexiconNow(id = 'en') {
  return loaded.get(id) || null;
}

/**
 * The offline list: from memory, else from IndexedDB (then revalidated in the
 * background now and then), else downloaded. Resolves to null when there is no
 * stored list and the download fails (offline on a first visit).
 */
export function getLexicon(id = 'en', { name } = {}) {
  if (loaded.has(id)) return Promise.resolve(loaded.get(id));
  if (!loading.has(id)) {
    const promise = load(id, name).finally(() => loading.delete(id));
    loading.set(id, promise);
  }
  return loading.get(id);
}

async function load(id, name) {
  report({ id, state: 'checking' });
  const stored = await readStored(id);
  if (stored?.text) {
    const lexicon = new OfflineLexicon(stored);
    loaded.set(id, lexicon);
    report({ id, state: 'ready', lexicon });
    if (navigator.onLine && Date.now() - lexicon.checkedAt > REVALIDATE_MS) {
      download(id, name || stored.name, stored).catch(() => {}); // a newer list replaces this one quietly
    }
    return lexicon;
  }
  try {
    return await download(id, name);
  } catch (err) {
    report({ id, state: 'error', message: err.message });
    return null;
  }
}

async function download(id, name, stored) {
  let wordCount = 0;
  if (!stored) {
    // The name (and word count, for the progress bar) come from the list of lists.
    const info = await http.get('/api/lexicons').then((r) => r.lexicons.find((l) => l.id === id)).catch(() => null);
    name = name || info?.name || id;
    wordCount = info?.word_count || 0;
  }
  const headers = stored?.etag ? { 'If-None-Match': stored.etag } : {};
  let response;
  try {
    response = await fetch(api.wordsPath(id), { headers, cache: 'no-store' });
  } catch {
    throw new Error('No connection: the word list could not be downloaded.');
  }
  if (response.status === 304 && stored) {
    const record = { ...stored, checkedAt: Date.now() };
    await writeStored(record).catch(() => {});
    return loaded.get(id);
  }
  if (!response.ok) throw new Error(`The word list could not be downloaded (HTTP ${response.status}).`);
  // Content-Length is the size on the wire (gzip); the body arrives decoded.
  const transferBytes = Number(response.headers.get('Content-Length')) || 0;
  let text = '';
  if (response.body && !stored) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      const chunk = decoder.decode(value, { stream: true });
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines += 1;
      text += chunk;
      report({
        id, state: 'downloading', received, transferBytes,
        fraction: wordCount ? Math.min(1, lines / wordCount) : null,
      });
    }
    text += decoder.decode();
  } else {
    text = await response.text();
  }
  const record = {
    id, name, text, transferBytes: transferBytes || stored?.transferBytes || 0,
    etag: response.headers.get('ETag') || '', savedAt: Date.now(), checkedAt: Date.now(),
  };
  await writeStored(record).catch(() => {}); // private mode: keep it for this visit only
  const lexicon = new OfflineLexicon(record);
  loaded.set(id, lexicon);
  report({ id, state: 'ready', lexicon });
  return lexicon;
}

/** 'about 210 KB' */
export function kilobytes(bytes) {
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`;
}

// The offline word judge: the server's whole word list (GET /api/lexicons/{id}/words.compact,
// front-coded: about 160 KB for the everyday list, 310 KB for the word-game list),
// downloaded once, kept in IndexedDB (works on plain http:// too, unlike Cache Storage)
// and revalidated with its ETag. Words are normalised exactly as the server does
// (scorekeeper/lexicon/normalize.py): NFKD, drop combining marks, trim, upper case.
// The list holds valid words only, so it cannot tell a proper noun or an abbreviation
// from any other non-word: offline, those are `not_a_word`.
//
// Reading, downloading and packing the list happen in a module worker
// (workers/lexicon-worker.js, with lib/lexicon-store.js), so the page never stalls on
// it; the page gets the packed list (lib/wordpack.js) and checks words synchronously (lib/wordlookup.js).
import { api, http } from '../api.js';
import { hasWord, packSize } from './wordlookup.js';
import { t } from '../i18n.js';

const REVALIDATE_MS = 6 * 60 * 60 * 1000; // ask the server for a newer list at most every 6 hours

// The one vocabulary (scorekeeper/services/judge.py says the same).
export const REASON_TEXT = {
  valid: t('reason.valid'),
  not_a_word: t('reason.not_a_word'),
  proper_noun: t('reason.proper_noun'),
  abbreviation: t('reason.abbreviation'),
  contraction: t('reason.contraction'),
  too_short: t('reason.too_short'),
  not_letters: t('reason.not_letters'),
  banned_by_league: t('reason.banned_by_league'),
  added_by_league: t('reason.added_by_league'),
};

export const LIST_NAMES = { en: t('list.en'), 'en-wordgame': t('list.en_wordgame') };
export const LIST_TITLES = { en: t('list.en_title'), 'en-wordgame': t('list.en_wordgame_title') };
export const listName = (id) => LIST_NAMES[id] || id;

/** The verdict in words, naming the list: 'not in the everyday list; valid in the word-game list'. */
export function verdictMessage(reason, list, alsoValidIn = []) {
  if (reason === 'valid') return t('verdict.valid_in', { list });
  if (reason === 'added_by_league') return t('verdict.added_to', { list });
  if (reason === 'banned_by_league') return t('verdict.banned');
  if (reason === 'too_short') return t('verdict.too_short');
  if (reason === 'not_letters') return t('verdict.not_letters');
  const why = reason === 'not_a_word' ? '' : t('verdict.why', { reason: REASON_TEXT[reason] || reason });
  const also = alsoValidIn.map((name) => t('verdict.also_valid_in', { list: name })).join('');
  return t('verdict.not_in', { list, why, also });
}

const APOSTROPHES = "'\u2019\u02bc\u2018";
const LETTERS_AND_APOSTROPHES = new RegExp(`^[A-Z${APOSTROPHES}]+$`);

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

// --- the list -------------------------------------------------------------------------------

export class OfflineLexicon {
  /** meta: {id, name, etag, savedAt, checkedAt, transferBytes}; pack: {bytes, starts} (wordpack.js). */
  constructor(meta, pack) {
    this.id = meta.id;
    this.name = meta.name;
    this.etag = meta.etag;
    this.savedAt = meta.savedAt;
    this.checkedAt = meta.checkedAt || meta.savedAt;
    this.transferBytes = meta.transferBytes;
    this.pack = { bytes: pack.bytes, starts: pack.starts };
  }

  get size() {
    return packSize(this.pack);
  }

  /** Whether the list holds this word, given in its lookup form (normalize()). */
  has(normalized) {
    return hasWord(this.pack, normalized);
  }

  /**
   * {word, normalized, valid, reason, lexicon, list, message, also_valid_in}: the server's verdict,
   * less what only the server knows (proper nouns, abbreviations, contractions without their
   * apostrophe are plain `not_a_word` here). Another list on this phone says if it takes the word.
   */
  check(word) {
    const normalized = normalize(word);
    const reason = this.reason(normalized);
    const valid = reason === 'valid';
    const others = valid || reason === 'too_short' || reason === 'not_letters' ? []
      : [...loaded.values()].filter((other) => other.id !== this.id && other.reason(normalized) === 'valid');
    const list = listName(this.id);
    return {
      word, normalized, valid, reason, lexicon: this.id, list,
      message: verdictMessage(reason, list, others.map((o) => listName(o.id))),
      also_valid_in: others.map((o) => o.id),
    };
  }

  reason(normalized) {
    if (this.has(normalized)) return normalized.length < 2 ? 'too_short' : 'valid';
    if (!/^[A-Z]+$/.test(normalized)) {
      return LETTERS_AND_APOSTROPHES.test(normalized) && /[A-Z]/.test(normalized) ? 'contraction' : 'not_letters';
    }
    if (normalized.length < 2) return 'too_short';
    return 'not_a_word';
  }

  /** A challenge judged offline: {valid, lexicon, words, verdicts, offline: true}. */
  challenge(words) {
    const verdicts = words.map((w) => this.check(w));
    return { valid: verdicts.every((v) => v.valid), lexicon: this.id, list: listName(this.id), words: verdicts.length, verdicts, offline: true };
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

let lists = null;

/** GET /api/lexicons, once per visit (again after a failure): {lexicons: [{id, name, word_count, …}]}. */
export function lexiconList() {
  if (!lists) {
    lists = http.get('/api/lexicons').catch((err) => {
      lists = null;
      throw err;
    });
  }
  return lists;
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

function load(id, name) {
  report({ id, state: 'checking' });
  const job = { id, name, wordsUrl: new URL(api.wordsPath(id), location.href).href, revalidateMs: REVALIDATE_MS, online: navigator.onLine };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value) => {
      if (!settled) resolve(value);
      settled = true;
    };
    start(job, (message, control) => {
      if (message.state === 'need-info') {
        lexiconList()
          .then((r) => r.lexicons.find((l) => l.id === id))
          .catch(() => null)
          .then((info) => control.info(info ? { name: info.name, wordCount: info.word_count || 0 } : null));
      } else if (message.state === 'ready') {
        const lexicon = new OfflineLexicon(message.meta, message);
        loaded.set(id, lexicon); // also when a newer list arrives later: it replaces this one
        report({ id, state: 'ready', lexicon });
        settle(lexicon);
      } else if (message.state === 'error') {
        const { status } = message;
        const words = status === 0 ? t('lexicon.download_offline')
          : status ? t('lexicon.download_failed', { status }) : t('lexicon.load_failed');
        report({ ...message, message: words });
        settle(null);
      } else if (message.state === 'downloading') {
        report(message);
      } else if (message.state === 'idle') {
        settle(loaded.get(id) || null);
      }
    });
  });
}

// --- where the loading runs ---------------------------------------------------------------

let worker = null; // the module worker while jobs run; false once it has failed to start
const jobs = new Map(); // id → {job, handle, control}: the jobs still running

function start(job, handle) {
  const entry = { job, handle, control: null };
  jobs.set(job.id, entry);
  if (worker !== false && typeof Worker === 'function') {
    try {
      worker ||= spawn();
      const w = worker;
      entry.control = { info: (info) => w.postMessage({ type: 'info', id: job.id, info }) };
      w.postMessage({ type: 'load', job });
      return;
    } catch {
      worker = false;
    }
  }
  onPage(entry);
}

function spawn() {
  const w = new Worker(new URL('../workers/lexicon-worker.js', import.meta.url), { type: 'module', name: 'lexicon' });
  w.addEventListener('message', ({ data }) => {
    const entry = jobs.get(data.id);
    if (entry) finish(entry, data);
  });
  // The worker could not start (no module workers here, or its script failed to load):
  // the jobs still running start again on the page.
  w.addEventListener('error', (event) => {
    event.preventDefault();
    w.terminate();
    if (worker === w) worker = false;
    [...jobs.values()].forEach((entry) => onPage(entry));
  });
  return w;
}

function finish(entry, message) {
  if (message.state === 'idle') {
    jobs.delete(entry.job.id);
    if (!jobs.size && worker) {
      worker.terminate(); // started again when another list is wanted
      worker = null;
    }
  }
  entry.handle(message, entry.control);
}

function onPage(entry) {
  const { id } = entry.job;
  import('./lexicon-store.js')
    .then(({ runJob }) => {
      entry.control = runJob(entry.job, (message) => {
        if (message.state === 'idle') jobs.delete(id);
        entry.handle(message, entry.control);
      });
    })
    .catch(() => {
      jobs.delete(id);
      entry.handle({ id, state: 'error', message: t('lexicon.load_failed') }, null);
      entry.handle({ id, state: 'idle' }, null);
    });
}

/** 'about 210 KB' */
export function kilobytes(bytes) {
  return t('lexicon.kilobytes', { kb: Math.max(1, Math.round(bytes / 1024)) });
}

// Loading one word list for the offline judge: from IndexedDB, else downloaded (then
// saved there), revalidated with its ETag now and then, and packed for lookups
// (wordpack.js). All the heavy work of the judge's list happens here, so it runs in
// workers/lexicon-worker.js, off the page's main thread; lexicon.js runs it on the
// page only where module workers are missing.
//
// runJob(job, emit) reports with emit(message, transfer):
//   {id, state: 'need-info'}          no list saved yet: answer with control.info({name, wordCount} | null)
//   {id, state: 'downloading', received, transferBytes, fraction}
//   {id, state: 'ready', meta, bytes, starts}   (again later if a newer list replaces it)
//   {id, state: 'error', message}     no saved list, and the download failed
//   {id, state: 'idle'}               the job is over (background revalidation included)
// The stored record keeps its original shape {id, name, text, etag, savedAt, checkedAt, transferBytes}.
import { database } from './idb.js';
import { compactEntries, decodeCompact, packWords } from './wordpack.js';

const DB = 'scorekeeper-lexicon';
const STORE = 'lists';
const INFO_WAIT_MS = 15000; // the list's name and size come from the page; never wait for ever
const PROGRESS_EVERY_MS = 100;

const lists = database(DB, 1, { [STORE]: 'id' }).store(STORE);

const readStored = (id) => lists.get(id).catch(() => undefined);
const writeStored = (record) => lists.put(record);

function ready(record, words, emit) {
  const { bytes, starts } = packWords(words);
  const { id, name, etag, savedAt, checkedAt, transferBytes } = record;
  emit({ id, state: 'ready', meta: { id, name, etag, savedAt, checkedAt: checkedAt || savedAt, transferBytes }, bytes, starts },
    [bytes.buffer, starts.buffer]);
}

export function runJob(job, emit) {
  let answer;
  const info = new Promise((resolve) => {
    answer = resolve;
    setTimeout(() => resolve(null), INFO_WAIT_MS);
  });
  run(job, emit, info)
    .catch(() => {})
    .finally(() => emit({ id: job.id, state: 'idle' }));
  return { info: (data) => answer(data) };
}

async function run({ id, name, wordsUrl, revalidateMs, online = true }, emit, info) {
  const stored = await readStored(id);
  if (stored?.text) {
    ready(stored, stored.text, emit);
    if (online && Date.now() - (stored.checkedAt || stored.savedAt) > revalidateMs) {
      await download({ id, name: name || stored.name, wordsUrl }, emit, stored).catch(() => {}); // a newer list replaces this one quietly
    }
    return;
  }
  emit({ id, state: 'need-info' });
  try {
    await download({ id, name, wordsUrl, info }, emit);
  } catch (err) {
    // The worker has no catalog: it says what went wrong (status 0: no connection; none: the list itself is broken) and the page words it.
    emit({ id, state: 'error', message: err.message, status: err.status ?? null });
  }
}

/** The list's response: fresh, or 304 when the stored copy (its ETag) is still current. */
async function fetchList(wordsUrl, stored) {
  const headers = stored?.etag ? { 'If-None-Match': stored.etag } : {};
  try {
    return await fetch(wordsUrl, { headers, cache: 'no-store' });
  } catch {
    throw Object.assign(new Error('No connection: the word list could not be downloaded.'), { status: 0 });
  }
}

/** The body in chunks, saying how far it has got (in words, against `wordCount()`) as it arrives. */
async function readWithProgress(response, { compact, wordCount, progress }) {
  const chunks = [];
  let received = 0;
  const reader = response.body.getReader();
  let lines = 0;
  let shown = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (compact) {
      lines += compactEntries(value, last);
      last = value[value.length - 1] ?? last;
    } else {
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines += 1;
    }
    if (Date.now() - shown >= PROGRESS_EVERY_MS) {
      shown = Date.now();
      progress(received, wordCount() ? Math.min(1, lines / wordCount()) : null);
    }
  }
  return { chunks, received };
}

async function download({ id, name, wordsUrl, info }, emit, stored) {
  const compact = new URL(wordsUrl).pathname.endsWith('.compact');
  let wordCount = 0;
  info?.then((i) => (wordCount = i?.wordCount || 0));
  const response = await fetchList(wordsUrl, stored);
  if (response.status === 304 && stored) {
    await writeStored({ ...stored, checkedAt: Date.now() }).catch(() => {});
    return;
  }
  if (!response.ok) {
    throw Object.assign(new Error(`The word list could not be downloaded (HTTP ${response.status}).`), { status: response.status });
  }
  // Content-Length is the size on the wire (gzip); the body arrives decoded.
  const transferBytes = Number(response.headers.get('Content-Length')) || 0;
  let chunks = [];
  let received = 0;
  if (response.body && !stored) {
    ({ chunks, received } = await readWithProgress(response, {
      compact, wordCount: () => wordCount,
      progress: (bytes, fraction) => emit({ id, state: 'downloading', received: bytes, transferBytes, fraction }),
    }));
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
    received = chunks[0].length;
  }
  let body = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  if (compact) body = decodeCompact(body); // saved and packed as the plain list, one word a line
  const details = stored ? null : await info;
  const record = {
    id, name: name || details?.name || stored?.name || id, text: new TextDecoder().decode(body),
    transferBytes: transferBytes || stored?.transferBytes || 0,
    etag: response.headers.get('ETag') || '', savedAt: Date.now(), checkedAt: Date.now(),
  };
  await writeStored(record).catch(() => {}); // private mode: keep it for this visit only
  ready(record, body, emit);
}

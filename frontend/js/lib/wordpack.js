// A word list packed for lookups: the words' bytes (UTF-8) one after another in one
// Uint8Array, in byte order, and where each word starts in a Uint32Array (one entry
// more than there are words: the end of the last). A lookup is a binary search, about
// 17 steps for 80,000 words, with no Set of 80,000 strings to build on the page; the
// two arrays move from a worker to the page without being copied.
//
// No DOM here: the module runs in workers/lexicon-worker.js (and on the page only when no worker
// can start). Looking words up in a pack is lib/wordlookup.js, the page's part: kept apart so the
// page and the worker never fetch the same module twice.

const encoder = new TextEncoder();

// <0, 0 or >0 as a[aStart, aEnd) sorts before, equal to or after b[bStart, bEnd), byte by byte.
function compare(a, aStart, aEnd, b, bStart, bEnd) {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < n; k += 1) {
    const d = a[aStart + k] - b[bStart + k];
    if (d) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}

const isMarker = (b) => (b >= 48 && b <= 57) || (b >= 97 && b <= 122); // 0-9 a-z
const markerValue = (b) => (b <= 57 ? b - 48 : b - 87);

/**
 * A front-coded list (GET /api/lexicons/{id}/words.compact; scorekeeper/lexicon/compact.py)
 * as the plain list, one word a line, in UTF-8 bytes: each word is how many letters to
 * drop from the end of the word before it (markers 0-9 a-z, summed), then its new
 * upper-case letters: '0CAT0S2VE' is 'CAT\nCATS\nCAVE\n'.
 */
export function decodeCompact(text) {
  const src = typeof text === 'string' ? encoder.encode(text) : text;
  let out = new Uint8Array(src.length * 4 + 64);
  let word = new Uint8Array(64);
  let length = 0;
  let at = 0;
  for (let i = 0; i < src.length;) {
    let drop = 0;
    while (i < src.length && isMarker(src[i])) drop += markerValue(src[i++]);
    length = Math.max(0, length - drop);
    while (i < src.length && !isMarker(src[i])) {
      if (length === word.length) {
        const bigger = new Uint8Array(word.length * 2);
        bigger.set(word);
        word = bigger;
      }
      word[length++] = src[i++];
    }
    if (at + length + 1 > out.length) {
      const bigger = new Uint8Array((out.length + length + 1) * 2);
      bigger.set(out.subarray(0, at));
      out = bigger;
    }
    out.set(word.subarray(0, length), at);
    at += length;
    out[at++] = 10;
  }
  return out.slice(0, at);
}

/** How many words a front-coded chunk starts (`previous`: the byte before it, or 0). */
export function compactEntries(chunk, previous = 0) {
  let count = 0;
  let before = previous;
  for (const b of chunk) {
    if (isMarker(b) && !isMarker(before)) count += 1;
    before = b;
  }
  return count;
}

/**
 * {bytes, starts} from a list, one word a line (text or its UTF-8 bytes; '\n' or
 * '\r\n'; blank lines skipped). The server sends it sorted; a list that is not is
 * sorted here (and stripped of repeats), so lookups never depend on it.
 */
export function packWords(text) {
  const src = typeof text === 'string' ? encoder.encode(text) : text;
  let lines = 1;
  for (let i = src.indexOf(10); i !== -1; i = src.indexOf(10, i + 1)) lines += 1;
  const starts = new Uint32Array(lines + 1);
  const bytes = new Uint8Array(src.length);
  let count = 0;
  let at = 0;
  for (let from = 0; from < src.length;) {
    let end = src.indexOf(10, from);
    if (end === -1) end = src.length;
    const stop = end > from && src[end - 1] === 13 ? end - 1 : end;
    if (stop > from) {
      starts[count] = at;
      bytes.set(src.subarray(from, stop), at);
      at += stop - from;
      count += 1;
    }
    from = end + 1;
  }
  starts[count] = at;
  const pack = { bytes: bytes.slice(0, at), starts: starts.slice(0, count + 1) };
  return inOrder(pack) ? pack : sorted(pack);
}

function inOrder({ bytes, starts }) {
  for (let i = 2; i < starts.length; i += 1) {
    if (compare(bytes, starts[i - 2], starts[i - 1], bytes, starts[i - 1], starts[i]) >= 0) return false;
  }
  return true;
}

function sorted({ bytes, starts }) {
  const order = Array.from({ length: starts.length - 1 }, (_, i) => i);
  order.sort((a, b) => compare(bytes, starts[a], starts[a + 1], bytes, starts[b], starts[b + 1]));
  const outBytes = new Uint8Array(bytes.length);
  const outStarts = new Uint32Array(starts.length);
  let count = 0;
  let at = 0;
  for (const i of order) {
    const s = starts[i];
    const e = starts[i + 1];
    if (count && compare(outBytes, outStarts[count - 1], at, bytes, s, e) === 0) continue; // a repeat
    outStarts[count] = at;
    outBytes.set(bytes.subarray(s, e), at);
    at += e - s;
    count += 1;
  }
  outStarts[count] = at;
  return { bytes: outBytes.slice(0, at), starts: outStarts.slice(0, count + 1) };
}

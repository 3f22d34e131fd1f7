// Looking a word up in a packed word list (lib/wordpack.js makes the pack, in a worker): a
// binary search over the words' bytes. The page's part only; `compare` is the same byte
// order wordpack.js sorts by (a copy: a module both imported would be fetched twice, once by
// the page and once by the worker).

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

/** How many words a pack holds. */
export const packSize = (pack) => pack.starts.length - 1;

/** Whether the pack holds exactly this word (already in the list's form: normalised, upper case). */
export function hasWord({ bytes, starts }, word) {
  const key = encoder.encode(word);
  let lo = 0;
  let hi = starts.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(bytes, starts[mid], starts[mid + 1], key, 0, key.length);
    if (c === 0) return true;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

// Bresk!: "Scan my card". The phone's camera takes the paper card, the photo is made smaller
// here (at most 2,000 px a side, JPEG 0.85: about 1 MB instead of 5–10), the server reads the
// 8×8 grid (POST /api/games/bresk/scan; it keeps no photo), and the player checks it: each
// doubtful (highlighted) square is shown beside the server's picture of that square from the
// photo, and must be looked at — "Right" or a correction typed — before "Looks right" is
// enabled; any other square can be corrected by typing too. "Looks right" hands the grid to the
// caller, which hands it in as if typed. While the photo is read, a progress bar and the seconds
// so far say that something is happening (the first scan after a start loads the model: ~10 s).
//
// The squares the player corrected are known here (`corrected`); nothing is sent or kept. A
// later opt-in could send those squares' crops to improve the reader.
import { api } from '../api.js';
import { t } from '../i18n.js';
import { h, scrollToView, useStylesheet } from '../lib/dom.js';
import { cellLetter } from '../lib/lexicon.js';

const SIZE = 8;
const SPACE = '#';
const UNREAD = '?';
const DOT = '●';
const MAX_SIDE = 2000; // px; the server says the same in GET /api/games/bresk/scan
const QUALITY = 0.85;
const SLOW_AFTER = 4; // s: from then on the progress line says why (the first scan after a start loads the model)

// Every sentence the scan shows, in one place (the words themselves are in the catalogs).
const TEXT = {
  button: t('scan.button'),
  again: t('scan.again'),
  cancel: t('scan.cancel'),
  confirm: t('scan.confirm'),
  confirmNoHandIn: t('scan.confirm_no_hand_in'),
  privacy: t('scan.privacy'),
  reading: t('scan.reading'),
  preparing: t('scan.preparing'),
  readingFor: (seconds) => (seconds >= SLOW_AFTER ? t('scan.reading_slow', { seconds }) : t('scan.reading_for', { seconds })),
  checkHelp: t('scan.check_help'),
  checked: (done, count) => t('scan.checked', { done, count }),
  allChecked: t('scan.all_checked'),
  checkFirst: (left) => t('scan.check_first', { count: left }),
  reads: (r, c, v) => {
    const where = { row: r + 1, column: c + 1 };
    if (v === SPACE) return t('scan.reads_space', where);
    return v === UNREAD ? t('scan.reads_empty', where) : t('scan.reads', { ...where, letter: v });
  },
  right: t('scan.right'),
  change: t('scan.change'),
  crop: (r, c) => t('scan.crop', { row: r + 1, column: c + 1 }),
  title: t('scan.title'),
  help: (flagged) => (flagged ? t('scan.check_help') : t('scan.help_clear')),
  empty: (n) => t('scan.empty', { count: n }),
  offline: t('scan.offline'),
  photoFailed: t('scan.photo_failed'),
  thumbnail: t('scan.thumbnail'),
  square: (r, c, flagged, looked) => {
    const where = { row: r + 1, column: c + 1 };
    if (looked) return t('scan.square_checked', where);
    return flagged ? t('scan.square_flagged', where) : t('scan.square', where);
  },
};

const display = (v) => (v === SPACE ? DOT : v === UNREAD ? '' : v);

let reviews = 0; // reviews shown on this page, for their elements' ids
let availability = null; // whether the server scans, asked once per page however many scan buttons there are

/** Resolves true when this server reads scorecards (GET /api/games/bresk/scan), false otherwise. */
export function scanAvailable() {
  availability ??= api.scanStatus().then((s) => Boolean(s.available), () => {
    availability = null; // offline now: ask again next time
    return false;
  });
  return availability;
}

/** A confirmed card as the score sheet and the hand-in take it: 8 rows of 8, '#' for a space or an empty square. */
export const cardRows = (values) =>
  Array.from({ length: SIZE }, (_, r) => values.slice(r * SIZE, r * SIZE + SIZE).map((v) => v || SPACE).join(''));

/** The photo made smaller on the phone: a JPEG of at most MAX_SIDE px a side. */
export async function downscale(file, maxSide = MAX_SIDE) {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', QUALITY));
}

/**
 * The scan button and its review panel. `onConfirm(values, corrected)` gets 64 squares
 * ('' for empty, '#' for a space, A–Z) and the indices the player changed; `canHandIn()` says
 * whether "Looks right" also hands in (the caller decides). Hidden when the server cannot scan.
 * `label` names the button (a score sheet has one per player); `privacy: false` leaves out the
 * line that says the photo is not kept, for a caller that says it once for several buttons.
 */
export function mountScan({ onConfirm, canHandIn = () => true, label = TEXT.button, privacy: sayPrivacy = true }) {
  useStylesheet('/css/games/bresk-scan.css');
  const scan = { ...scanElements(label, sayPrivacy), onConfirm, canHandIn, thumbUrl: null, busy: false };

  scanAvailable().then((available) => { scan.root.hidden = !available; });

  scan.button.addEventListener('click', () => { if (!scan.busy) scan.input.click(); });
  scan.input.addEventListener('change', () => readPhoto(scan));

  return {
    element: scan.root,
    destroy() {
      if (scan.thumbUrl) URL.revokeObjectURL(scan.thumbUrl);
    },
  };
}

/** The scan's own elements: the button, the hidden file input, the progress line, the status and the review. */
function scanElements(label, sayPrivacy) {
  const input = h('input.bresk-scan-file', { type: 'file', accept: 'image/*', capture: 'environment', hidden: true, tabindex: -1 });
  const button = h('button.bresk-scan-button', { type: 'button' }, h('span', { 'aria-hidden': 'true' }, '📷 '), label);
  const status = h('p.meta.bresk-scan-status', { 'aria-live': 'polite' });
  // While the photo is made smaller, sent and read: a bar that moves and the seconds so far, so a
  // first scan's ten seconds look like work, not a frozen screen. role=status: a screen reader hears it.
  const progressText = h('span.bresk-scan-progress-text');
  const progress = h('div.bresk-scan-progress', { role: 'status', hidden: true },
    h('progress.bresk-scan-progress-bar', { 'aria-label': TEXT.reading }), progressText);
  const privacy = sayPrivacy ? h('p.meta.bresk-scan-privacy', TEXT.privacy) : null;
  const review = h('div.bresk-scan-review', { hidden: true });
  const root = h('div.bresk-scan', { hidden: true }, h('div.row', button), input, privacy, progress, status, review);
  return { input, button, status, progressText, progress, review, root };
}

/** Reads the photo just taken: made smaller, sent to the server, and its answer shown for checking (or why not). */
async function readPhoto(scan) {
  const file = scan.input.files?.[0];
  scan.input.value = '';
  if (!file) return;
  startReading(scan);
  let ticker = null;
  try {
    let photo;
    try {
      photo = await downscale(file);
    } catch {
      scan.status.textContent = TEXT.photoFailed;
      return;
    }
    ticker = tickReading(scan.progressText);
    const answer = await api.scan(photo);
    showReview(scan, answer, photo);
  } catch (err) {
    scan.status.textContent = err.offline ? TEXT.offline : err.message;
  } finally {
    clearInterval(ticker);
    stopReading(scan);
  }
}

/** The reading status switched on: button disabled, earlier status and review hidden, "preparing" shown. */
function startReading(scan) {
  scan.busy = true;
  scan.button.disabled = true;
  scan.status.textContent = '';
  scan.review.hidden = true;
  scan.progressText.textContent = TEXT.preparing;
  scan.progress.hidden = false;
  scan.root.setAttribute('aria-busy', 'true');
}

/** The seconds so far, said every second while the server reads; returns the interval to clear. */
function tickReading(progressText) {
  const started = Date.now();
  progressText.textContent = TEXT.reading;
  return setInterval(() => {
    progressText.textContent = TEXT.readingFor(Math.floor((Date.now() - started) / 1000));
  }, 1000);
}

/** The reading status switched off again, whatever the outcome. */
function stopReading(scan) {
  scan.progress.hidden = true;
  scan.progressText.textContent = '';
  scan.root.removeAttribute('aria-busy');
  scan.busy = false;
  scan.button.disabled = false;
}

/** The review of a card just read: the grid beside the photo, the check of its doubtful squares, the way out. */
function showReview(scan, answer, photo) {
  if (scan.thumbUrl) URL.revokeObjectURL(scan.thumbUrl);
  scan.thumbUrl = URL.createObjectURL(photo); // this phone's copy, for the player to compare; never stored
  const rv = cardRead(answer);
  const grid = reviewGrid(rv);
  const check = checkPanel(rv);
  const actions = reviewActions(scan, rv);
  const empties = rv.values.filter((v) => v === UNREAD).length;
  scan.review.replaceChildren(
    h('h3.bresk-scan-title', TEXT.title),
    h('p.meta.bresk-scan-help', TEXT.help(rv.order.length)),
    empties ? h('p.meta.bresk-scan-empty', TEXT.empty(empties)) : null,
    rv.checkedLine,
    check,
    h('div.bresk-scan-compare', grid, h('img.bresk-scan-thumb', { src: scan.thumbUrl, alt: TEXT.thumbnail })),
    actions,
    rv.why);
  showCheck(rv, nextUnchecked(rv));
  paintProgress(rv);
  scan.review.hidden = false;
  scrollToView(scan.review, 'start');
}

/** A review's state from the server's answer: the squares as read and as corrected, and the doubtful ones. */
function cardRead(answer) {
  const values = answer.grid.join('').split('');
  const order = answer.flagged.map(([r, c]) => r * SIZE + c); // the doubtful squares, row by row
  return {
    values,
    read: values.slice(),
    order,
    flagged: new Set(order),
    crops: new Map(order.map((i, k) => [i, answer.crops?.[k]])),
    looked: new Set(), // doubtful squares the player confirmed or corrected
    corrected: new Set(),
    current: null, // the doubtful square the check panel shows
  };
}

/** The 8×8 grid of squares as read, each one typed over to correct it. */
function reviewGrid(rv) {
  const grid = h('div.bresk-scan-grid', { role: 'group', 'aria-label': TEXT.title });
  rv.cells = rv.values.map((v, i) => {
    const r = Math.floor(i / SIZE);
    const c = i % SIZE;
    const cell = h('input.bresk-scan-cell', {
      type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
      value: display(v), 'aria-label': TEXT.square(r, c, rv.flagged.has(i), false), dataset: { i: String(i) },
      class: `bresk-scan-cell${rv.flagged.has(i) ? ' flagged' : ''}${v === SPACE ? ' space' : ''}`,
    });
    grid.append(cell);
    return cell;
  });
  grid.addEventListener('focusin', (e) => {
    e.target.select?.();
    const i = Number(e.target.dataset?.i);
    if (rv.flagged.has(i)) showCheck(rv, i);
  });
  grid.addEventListener('input', (e) => typeInCell(rv, e.target));
  return grid;
}

/** A letter typed into a square: kept as the correction, a doubtful square counted as looked at, focus moved on. */
function typeInCell(rv, cell) {
  const { values, read, corrected, cells } = rv;
  const i = Number(cell.dataset.i);
  const typed = [...(cell.value || '')].pop();
  const letter = typed ? cellLetter(typed) : null;
  if (letter) values[i] = letter;
  else if (!cell.value) values[i] = UNREAD;
  cell.value = display(values[i]);
  cell.classList.toggle('space', values[i] === SPACE);
  if (values[i] !== read[i]) corrected.add(i);
  else corrected.delete(i);
  cell.classList.toggle('corrected', corrected.has(i));
  if (rv.flagged.has(i) && (letter || !cell.value)) {
    look(rv, i); // a correction typed is a look taken
    if (rv.current === i) rv.reads.textContent = TEXT.reads(Math.floor(i / SIZE), i % SIZE, values[i]);
    if (letter) {
      const next = nextUnchecked(rv, i);
      if (next !== null) cells[next].focus();
      else { showCheck(rv, null); rv.confirm.focus(); }
    }
    return;
  }
  if (letter && i < SIZE * SIZE - 1) cells[i + 1].focus();
}

/** The check: one doubtful square at a time, its picture from the photo beside what was read, Right or Change. */
function checkPanel(rv) {
  rv.crop = h('img.bresk-scan-crop', { alt: '', width: 72, height: 72 });
  rv.reads = h('p.bresk-scan-reads');
  const right = h('button.primary.bresk-scan-right', { type: 'button' }, TEXT.right);
  const change = h('button.bresk-scan-change', { type: 'button' }, TEXT.change);
  rv.checkedLine = h('p.meta.bresk-scan-checked', { 'aria-live': 'polite' });
  rv.check = h('div.bresk-scan-check', rv.crop, h('div.bresk-scan-check-what', rv.reads, h('div.row', right, change)));
  right.addEventListener('click', () => {
    if (rv.current === null) return;
    look(rv, rv.current);
    const next = nextUnchecked(rv, rv.current);
    showCheck(rv, next);
    (next === null ? rv.confirm : right).focus();
  });
  change.addEventListener('click', () => { if (rv.current !== null) rv.cells[rv.current].focus(); });
  return rv.check;
}

/** "Looks right" (enabled once every doubtful square is looked at, with the reason while not), "Again", "Cancel". */
function reviewActions(scan, rv) {
  const { review, input, onConfirm, canHandIn } = scan;
  const whyId = `bresk-scan-why-${++reviews}`; // a score sheet has one scan per player
  rv.confirm = h('button.primary.bresk-scan-confirm', { type: 'button', 'aria-describedby': whyId },
    canHandIn() ? TEXT.confirm : TEXT.confirmNoHandIn);
  rv.why = h('p.meta.bresk-scan-why', { id: whyId });
  const again = h('button.bresk-scan-again', { type: 'button' }, TEXT.again);
  const cancel = h('button.bresk-scan-cancel', { type: 'button' }, TEXT.cancel);
  rv.confirm.addEventListener('click', () => {
    if (rv.looked.size < rv.order.length) return; // every doubtful square looked at first
    review.hidden = true;
    review.replaceChildren();
    onConfirm(rv.values.map((v) => (v === UNREAD ? '' : v)), [...rv.corrected]);
  });
  again.addEventListener('click', () => input.click());
  cancel.addEventListener('click', () => { review.hidden = true; review.replaceChildren(); });
  return h('div.row.bresk-scan-actions', rv.confirm, again, cancel);
}

/** The next doubtful square not yet looked at after `from`, wrapping round; null when all are. */
const nextUnchecked = (rv, from = -1) =>
  rv.order.find((i) => i > from && !rv.looked.has(i)) ?? rv.order.find((i) => !rv.looked.has(i)) ?? null;

/** The check panel turned to doubtful square `i` (null hides it), that square marked as the current one. */
function showCheck(rv, i) {
  rv.current = i;
  rv.check.hidden = i === null;
  for (const cell of rv.cells) cell.classList.remove('current');
  if (i === null) return;
  const r = Math.floor(i / SIZE);
  const c = i % SIZE;
  rv.cells[i].classList.add('current');
  const src = rv.crops.get(i);
  if (src) rv.crop.src = src;
  rv.crop.hidden = !src;
  rv.crop.alt = TEXT.crop(r, c);
  rv.reads.textContent = TEXT.reads(r, c, rv.values[i]);
}

/** The progress line ("2 of 5 checked") and whether "Looks right" may be pressed yet, and why not. */
function paintProgress(rv) {
  const left = rv.order.length - rv.looked.size;
  rv.checkedLine.textContent = rv.order.length ? (left ? TEXT.checked(rv.looked.size, rv.order.length) : TEXT.allChecked) : '';
  rv.confirm.disabled = left > 0;
  rv.why.textContent = left ? TEXT.checkFirst(left) : '';
  rv.why.hidden = !left;
}

/** Doubtful square `i` counted as looked at (a square not in doubt is ignored). */
function look(rv, i) {
  if (!rv.flagged.has(i)) return;
  rv.looked.add(i);
  rv.cells[i].classList.add('checked');
  rv.cells[i].setAttribute('aria-label', TEXT.square(Math.floor(i / SIZE), i % SIZE, true, true));
  paintProgress(rv);
}

// Bresk!: "Scan my card". The phone's camera takes the paper card, the photo is made smaller
// here (at most 2,000 px a side, JPEG 0.85: about 1 MB instead of 5–10), the server reads the
// 8×8 grid (POST /api/games/bresk/scan; it keeps no photo), and the player checks it over a
// thumbnail: doubtful squares are highlighted, any square can be corrected by typing, and
// "Looks right" hands it to the caller, which hands it in as if typed.
//
// The squares the player corrected are known here (`corrected`); nothing is sent or kept. A
// later opt-in could send those squares' crops to improve the reader.
import { api } from '../api.js';
import { t } from '../i18n.js';
import { h, useStylesheet } from '../lib/dom.js';
import { cellLetter } from '../lib/lexicon.js';

const SIZE = 8;
const SPACE = '#';
const UNREAD = '?';
const DOT = '●';
const MAX_SIDE = 2000; // px; the server says the same in GET /api/games/bresk/scan
const QUALITY = 0.85;

// Every sentence the scan shows, in one place (the words themselves are in the catalogs).
const TEXT = {
  button: t('scan.button'),
  again: t('scan.again'),
  cancel: t('scan.cancel'),
  confirm: t('scan.confirm'),
  confirmNoHandIn: t('scan.confirm_no_hand_in'),
  privacy: t('scan.privacy'),
  reading: t('scan.reading'),
  title: t('scan.title'),
  help: (flagged) => (flagged ? t('scan.help_flagged', { count: flagged }) : t('scan.help_clear')),
  empty: (n) => t('scan.empty', { count: n }),
  offline: t('scan.offline'),
  photoFailed: t('scan.photo_failed'),
  thumbnail: t('scan.thumbnail'),
  square: (r, c, flagged) => (flagged ? t('scan.square_flagged', { row: r + 1, column: c + 1 }) : t('scan.square', { row: r + 1, column: c + 1 })),
};

const display = (v) => (v === SPACE ? DOT : v === UNREAD ? '' : v);

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

/** The squares as read, each one a field the player may correct; `corrected` collects the changed ones. */
function reviewGrid(values, read, flagged, corrected) {
  const grid = h('div.bresk-scan-grid', { role: 'group', 'aria-label': TEXT.title });
  const cells = values.map((v, i) => {
    const r = Math.floor(i / SIZE);
    const c = i % SIZE;
    const cell = h('input.bresk-scan-cell', {
      type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
      value: display(v), 'aria-label': TEXT.square(r, c, flagged.has(i)), dataset: { i: String(i) },
      class: `bresk-scan-cell${flagged.has(i) ? ' flagged' : ''}${v === SPACE ? ' space' : ''}`,
    });
    grid.append(cell);
    return cell;
  });
  grid.addEventListener('focusin', (e) => e.target.select?.());
  grid.addEventListener('input', (e) => {
    const cell = e.target;
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
    if (letter && i < SIZE * SIZE - 1) cells[i + 1].focus();
  });
  return grid;
}

/** The review of a scan: the photo beside the squares read, and "Looks right", "Scan again", "Cancel".
 *  The photo's object URL, for the caller to let go of later. */
function showReview({ review, input, onConfirm, canHandIn, thumbUrl: previous }, answer, photo) {
  if (previous) URL.revokeObjectURL(previous);
  const thumbUrl = URL.createObjectURL(photo); // this phone's copy, for the player to compare; never stored
  const values = answer.grid.join('').split('');
  const read = values.slice();
  const flagged = new Set(answer.flagged.map(([r, c]) => r * SIZE + c));
  const corrected = new Set();
  const grid = reviewGrid(values, read, flagged, corrected);
  const empties = values.filter((v) => v === UNREAD).length;
  const confirm = h('button.primary.bresk-scan-confirm', { type: 'button' }, canHandIn() ? TEXT.confirm : TEXT.confirmNoHandIn);
  const again = h('button.bresk-scan-again', { type: 'button' }, TEXT.again);
  const cancel = h('button.bresk-scan-cancel', { type: 'button' }, TEXT.cancel);
  confirm.addEventListener('click', () => {
    review.hidden = true;
    review.replaceChildren();
    onConfirm(values.map((v) => (v === UNREAD ? '' : v)), [...corrected]);
  });
  again.addEventListener('click', () => input.click());
  cancel.addEventListener('click', () => { review.hidden = true; review.replaceChildren(); });
  review.replaceChildren(
    h('h3.bresk-scan-title', TEXT.title),
    h('p.meta.bresk-scan-help', TEXT.help(flagged.size - empties)),
    empties ? h('p.meta.bresk-scan-empty', TEXT.empty(empties)) : null,
    h('div.bresk-scan-compare', h('img.bresk-scan-thumb', { src: thumbUrl, alt: TEXT.thumbnail }), grid),
    h('div.row.bresk-scan-actions', confirm, again, cancel));
  review.hidden = false;
  review.scrollIntoView({ block: 'start', behavior: 'smooth' });
  return thumbUrl;
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
  const input = h('input.bresk-scan-file', { type: 'file', accept: 'image/*', capture: 'environment', hidden: true, tabindex: -1 });
  const button = h('button.bresk-scan-button', { type: 'button' }, h('span', { 'aria-hidden': 'true' }, '📷 '), label);
  const status = h('p.meta.bresk-scan-status', { 'aria-live': 'polite' });
  const privacy = sayPrivacy ? h('p.meta.bresk-scan-privacy', TEXT.privacy) : null;
  const review = h('div.bresk-scan-review', { hidden: true });
  const root = h('div.bresk-scan', { hidden: true }, h('div.row', button), input, privacy, status, review);

  const thumb = { url: null }; // this phone's copy of the photo, shown beside the squares read
  let busy = false;

  scanAvailable().then((available) => { root.hidden = !available; });

  button.addEventListener('click', () => { if (!busy) input.click(); });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    busy = true;
    button.disabled = true;
    status.textContent = TEXT.reading;
    review.hidden = true;
    try {
      let photo;
      try {
        photo = await downscale(file);
      } catch {
        status.textContent = TEXT.photoFailed;
        return;
      }
      const answer = await api.scan(photo);
      status.textContent = '';
      thumb.url = showReview({ review, input, onConfirm, canHandIn, thumbUrl: thumb.url }, answer, photo);
    } catch (err) {
      status.textContent = err.offline ? TEXT.offline : err.message;
    } finally {
      busy = false;
      button.disabled = false;
    }
  });

  return {
    element: root,
    destroy() {
      if (thumb.url) URL.revokeObjectURL(thumb.url);
    },
  };
}

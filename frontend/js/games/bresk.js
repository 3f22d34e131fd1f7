// Bresk!: the server rolls the dice; every phone shows what the roll asks of
// everyone, and each player fills their own 8×8 grid on their own phone. A letter
// (or space) the alphabet die forced stays on every phone until it is in that
// phone's grid. With the table's live_word_marking option (off by default: the
// rulebook keeps the dictionary for disputes at scoring) the words light up as
// they are typed and the row and column totals show in the grey margins. "Hand in my grid" sends it; when all have, everyone sees the final
// table and can open any player's grid to see why each word scored or not.
import { h, stat, useStylesheet } from '../lib/dom.js';
import { rovingGrid } from '../lib/roving.js';
import { t } from '../i18n.js';
import { LIST_NAMES, REASON_TEXT, cellLetter, getLexicon, lexiconNow, listName, onLexiconProgress } from '../lib/lexicon.js';
import { seatsPart } from '../components/seats.js';
import { scoreCells } from './bresk-score.js';
import { nameDice } from '../components/dice.js';

export const stylesheet = '/css/games/bresk.css';
// The scan, the judge and the meanings load when first shown, not with this module: the big screen loads it for its board
// (screen() below) and needs neither, and its first load must stay small (tests/browser/test_first_load.py).
const scanKit = () => import('./bresk-scan.js');
// A paper card read from a photo, for a league result typed in afterwards (views/league-record.js).
export const cardScan = scanKit;
// The Bresk die (a table's may show one face twice: bresk-0-twice, …) and the alphabet die.
nameDice((die) => (die === 'alphabet' ? t('dice.alphabet') : die === 'bresk' || die.startsWith('bresk-') ? t('dice.bresk') : null));

export { scoreCells };

export const usesTimer = false; // Bresk! has no timer
export const ownSeats = true; // "I am …" sits with the grid it hands in (seatCard)

const SIZE = 8;
const SQUARES = SIZE * SIZE;
const SPACE = '#';
const DOT = '●';

// The table's Bresk die (games/bresk.py bresk_die): which face it shows twice.
const breskDie = (options) => {
  const twice = options?.bresk_die_twice ?? 'BRESK';
  return twice === 'BRESK' ? 'bresk' : `bresk-${twice}-twice`;
};

export function rolls(view) {
  const state = view.state;
  if (state.finished) return [];
  if (state.alphabet_pending) return [{ label: t('bresk.roll_alphabet'), dice: ['alphabet'], primary: true }];
  if (state.placements >= SQUARES) return [];
  return [{ label: t('bresk.roll_bresk'), dice: [breskDie(state.options)], primary: true }];
}

const counts = (items) => items.reduce((m, x) => m.set(x, (m.get(x) || 0) + 1), new Map());

/** The forced letters and spaces (letters_rolled) not yet written in `cells`, in the order rolled. */
export function stillToUse(lettersRolled, cells) {
  const written = counts(cells.filter(Boolean));
  const out = [];
  for (const x of lettersRolled) {
    if (written.get(x)) written.set(x, written.get(x) - 1);
    else out.push(x);
  }
  return out;
}

/** Why the server would refuse this grid (games/bresk.py check_rolled), or ''; empty squares are spaces. */
export function rolledProblem(state, cells) {
  const grid = cells.map((v) => v || SPACE);
  const missing = stillToUse(state.letters_rolled, grid);
  const letter = missing.find((x) => x !== SPACE);
  if (letter) return t('bresk.write_letter', { letter });
  if (missing.length) return t('bresk.leave_space', { dot: DOT });
  if (state.options.hand_in_early && state.turn === 1) return '';
  const forcedSpaces = state.letters_rolled.filter((x) => x === SPACE).length;
  const letters = grid.filter((v) => v !== SPACE).length;
  const allowed = state.placements - forcedSpaces;
  if (letters > allowed) return t('bresk.too_many_letters', { squares: state.placements, letters });
  return '';
}

/** What the current roll asks of everyone: {big, small}. */
export function instruction(state) {
  const roller = state.seats[state.roller];
  const req = state.requires || {};
  if (state.finished) return { big: t('scorepad.game_over'), small: t('bresk.all_handed_in') };
  switch (req.kind) {
    case 'roll_bresk':
      return { big: t('bresk.roll_bresk'), small: t('bresk.rolls_first', { name: roller }) };
    case 'roll_alphabet':
      return { big: 'BRESK!', small: t('bresk.rolls_alphabet_then', { name: roller }) };
    case 'choose':
      return { big: t('bresk.write_n', { count: req.count }), small: t('bresk.choose_own') };
    case 'letter':
      return { big: t('bresk.everyone_writes', { letter: req.letter }), small: t('bresk.alphabet_decided') };
    case 'space':
      return { big: t('bresk.everyone_space', { dot: DOT }), small: t('bresk.alphabet_blank') };
    default:
      if (state.last_roll && state.last_roll.bresk === 0) return { big: t('bresk.zero'), small: t('bresk.nobody_writes') };
      return { big: t('bresk.nothing_to_write'), small: '' };
  }
}

// --- scoring as the server does it (games/bresk.py score_grid), for the live view ----------

const cellsOf = (c) => Array.from({ length: c.length }, (_, k) =>
  c.direction === 'row' ? c.index * SIZE + c.start + k : (c.start + k) * SIZE + c.index);

export function whyText(c) {
  const reason = c.valid ? REASON_TEXT.valid : REASON_TEXT[c.reason] || c.reason;
  return t('bresk.why', { word: c.text, reason, count: c.points });
}

const display = (v) => (v === SPACE ? DOT : v || '');
const gridToCells = (rows) => rows.join('').split('').map((ch) => (ch === SPACE ? SPACE : ch));

/** A grid of squares with the grey margins; `cells` are inputs (entry) or buttons (results). One tab stop:
 *  the arrows move inside (an entry's inputs answer them in gridKey, with Enter, Backspace and the rest). */
function gridShell(makeCell, { arrows = true } = {}) {
  const cells = [];
  const rowTotals = [];
  const columnTotals = [];
  const grid = h('div.bresk-grid', { role: 'group' });
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const cell = makeCell(r, c, r * SIZE + c);
      cells.push(cell);
      grid.append(cell);
    }
    const total = h('span.margin.row-total', { title: t('bresk.row_total', { n: r + 1 }) }, '0');
    rowTotals.push(total);
    grid.append(total);
  }
  for (let c = 0; c < SIZE; c++) {
    const total = h('span.margin.column-total', { title: t('bresk.column_total', { n: c + 1 }) }, '0');
    columnTotals.push(total);
    grid.append(total);
  }
  const grand = h('span.margin.grand-total', { title: t('bresk.rows_and_columns') }, '0');
  grid.append(grand);
  rovingGrid(grid, '.cell', () => SIZE, { arrows });
  return { grid, cells, rowTotals, columnTotals, grand };
}

function paint(shell, values, scored, totals = true) {
  shell.cells.forEach((cell, i) => {
    cell.classList.remove('across-valid', 'across-bad', 'down-valid', 'down-bad', 'space');
    if (values[i] === SPACE) cell.classList.add('space');
  });
  for (const cand of scored.candidates) {
    if (cand.length < 2 || cand.reason == null) continue;
    const cls = `${cand.direction === 'row' ? 'across' : 'down'}-${cand.valid ? 'valid' : 'bad'}`;
    cellsOf(cand).forEach((i) => shell.cells[i].classList.add(cls));
  }
  // Totals tell which words count: without marking the margins stay empty until the scoring.
  scored.rowTotals.forEach((sum, r) => (shell.rowTotals[r].textContent = totals ? String(sum) : ''));
  scored.columnTotals.forEach((sum, c) => (shell.columnTotals[c].textContent = totals ? String(sum) : ''));
  shell.grand.textContent = totals ? String(scored.base) : '';
}

// --- the panel: a card per part, each { el, update(view) … }, sharing this phone's pad ----------

function loadDraft(draftKey) {
  try {
    const saved = JSON.parse(localStorage.getItem(draftKey));
    if (Array.isArray(saved) && saved.length === SQUARES) return saved.map((v) => (typeof v === 'string' ? v : ''));
  } catch {
    /* a broken draft: start afresh */
  }
  return Array(SQUARES).fill('');
}

/** This phone's side of the table: the seat whose grid it enters (the one it holds at the server, or one
 *  it hands in for: `pad.seats.actingFor`), its draft grid (kept across reloads), what it has handed in,
 *  and the word marking the table chose. `pad.view` is the table as last shown. */
function myPad(session) {
  const code = session.code;
  const draftKey = `bresk-grid:${code}`;
  const pad = {
    view: session.view,
    values: loadDraft(draftKey),
    seats: null, // the seat picker (seatCard)
    lexiconId: () => session.view?.options?.lexicon || 'en',
    mySeat() {
      const acting = pad.seats?.actingFor;
      return acting ?? session.mySeat;
    },
    // Handing in for a player whose seat another phone holds (confirmed by choosing "Hand in for …").
    forAnother() {
      const seat = pad.mySeat();
      return seat !== null && seat !== session.mySeat && Boolean(pad.view?.claims?.[seat]);
    },
    handedIn() {
      const seat = pad.mySeat();
      return seat !== null && pad.view?.state.hand_ins?.[seat] ? pad.view.state.hand_ins[seat] : null;
    },
    // What my grid shows: what I handed in, else my draft.
    shownValues() {
      const done = pad.handedIn();
      return done ? gridToCells(done) : pad.values;
    },
    saveDraft() {
      try {
        localStorage.setItem(draftKey, JSON.stringify(pad.values));
      } catch {
        /* storage full or private mode: the grid lives on screen only */
      }
    },
    // Marking words mid-game consults the dictionary: only when the table chose it.
    marking: () => Boolean(pad.view?.options?.live_word_marking),
    judge(word) {
      const lex = pad.marking() ? lexiconNow(pad.lexiconId()) : null;
      return lex ? lex.reason(word) : null;
    },
  };
  return pad;
}

/** What the roll asks, big; `forced` is where the letters still to use show. */
function askCard() {
  const askBig = h('p.bresk-ask-big');
  const askSmall = h('p.bresk-ask-small');
  const next = h('p.bresk-next');
  const left = h('p.bresk-left');
  const lettersRolled = h('p.bresk-letters');
  const forced = h('p.bresk-forced', { hidden: true });
  const el = h('section.card.bresk-ask', { 'aria-live': 'polite' }, askBig, askSmall, forced, left, next, lettersRolled);
  function update(view) {
    const state = view.state;
    const { big, small } = instruction(state);
    askBig.textContent = big;
    askSmall.textContent = small;
    el.dataset.kind = state.finished ? 'over' : state.requires?.kind || '';
    // The stylesheet puts the grid first while writing and handing in (bresk.css).
    const writing = ['choose', 'letter', 'space'].includes(state.requires?.kind);
    el.dataset.phase = state.finished ? 'over' : state.placements >= SQUARES ? 'hand-in' : writing ? 'writing' : 'rolling';
    left.textContent = t('bresk.squares_left', { left: state.placements_left, all: SQUARES });
    left.hidden = state.finished;
    left.dataset.left = String(state.placements_left);
    next.textContent = whoRollsNext(state);
    lettersRolled.textContent = state.letters_rolled.length
      ? t('bresk.letters_rolled', { letters: state.letters_rolled.map(display).join(' ') }) : '';
  }
  return { el, forced, update };
}

function whoRollsNext(state) {
  const roller = state.seats[state.roller];
  if (state.finished) return '';
  if (state.alphabet_pending) return t('bresk.rolls_alphabet', { name: roller });
  if (state.placements >= SQUARES) {
    // The roll that placed the last squares still asks for its letters: they come before the hand-in.
    return ['choose', 'letter', 'space'].includes(state.requires?.kind) ? t('bresk.last_roll') : t('bresk.all_placed');
  }
  return state.requires?.kind === 'roll_bresk' ? '' : t('bresk.next_rolls', { name: roller });
}

// The letters and spaces the alphabet die forced that are not in my grid yet, on every phone.
function renderForced(forced, pad) {
  const view = pad.view;
  if (!view) return;
  const left = view.state.finished || pad.handedIn() ? [] : stillToUse(view.state.letters_rolled, pad.shownValues());
  forced.hidden = !left.length;
  forced.replaceChildren(...(left.length ? [h('span.bresk-forced-label', t('bresk.still_to_use')),
    h('span.bresk-forced-letters', left.map((x) => h('b', display(x))))] : []));
}

/** Who I am: one button per seat, held at the server (components/seats.js), each with a ✓ once handed in;
 *  `onPick` after this phone's seat changed. */
function seatCard(pad, session, onPick) {
  const part = seatsPart(session, {
    label: t('bresk.i_am_dots'), groupLabel: t('bresk.i_am'), cardClass: 'bresk-who', buttonClass: 'bresk-seat',
    badge: (view, i) => (view.state.hand_ins?.[i] ? h('span.bresk-done', ' ✓') : null),
    forChoice: (name) => t('bresk.hand_in_for', { name }),
    onChange: onPick,
  });
  pad.seats = part;
  return { el: part.card, banner: part.banner, update: part.update };
}

function focusCell(shell, i) {
  const cell = shell.cells[Math.max(0, Math.min(SQUARES - 1, i))];
  cell.focus();
  cell.select();
}

// The keys a grid of letters answers: arrows, Backspace and Delete, Enter (next row), Home and End.
function gridKey(e, i, { set, valueAt, focus }) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  if (e.key in moves) {
    e.preventDefault();
    const j = i + moves[e.key];
    if (j >= 0 && j < SQUARES) focus(j);
  } else if (e.key === 'Backspace') {
    e.preventDefault();
    if (valueAt(i)) set(i, '');
    else if (i > 0) {
      set(i - 1, '');
      focus(i - 1);
    }
  } else if (e.key === 'Delete') {
    e.preventDefault();
    set(i, '');
  } else if (e.key === 'Enter') {
    e.preventDefault();
    focus(Math.min(SQUARES - 1, (Math.floor(i / SIZE) + 1) * SIZE));
  } else if (e.key === 'Home') {
    e.preventDefault();
    focus(Math.floor(i / SIZE) * SIZE);
  } else if (e.key === 'End') {
    e.preventDefault();
    focus(Math.floor(i / SIZE) * SIZE + SIZE - 1);
  }
}

/** Typing into the grid: a letter fills a square and moves on, anything else is put back.
 *  `valueAt(i)`: the draft's square; `shownAt(i)`: what the square shows. */
function listenToGrid(shell, { set, valueAt, shownAt }) {
  const focus = (i) => focusCell(shell, i);
  const index = (el) => Number(el.dataset.i);
  const typed = (cell, letter) => {
    const i = index(cell);
    if (letter) {
      set(i, letter);
      if (i < SQUARES - 1) focus(i + 1);
    } else cell.value = display(shownAt(i));
  };
  shell.grid.addEventListener('focusin', (e) => {
    if (e.target.matches('input.cell')) e.target.select();
  });
  shell.grid.addEventListener('input', (e) => {
    const cell = e.target;
    if (!cell.matches('input.cell') || e.isComposing) return;
    if (e.inputType && e.inputType.startsWith('delete')) {
      set(index(cell), '');
      return;
    }
    const last = [...(e.data ?? cell.value)].pop();
    typed(cell, last ? cellLetter(last) : null);
  });
  shell.grid.addEventListener('compositionend', (e) => {
    if (!e.target.matches('input.cell')) return;
    typed(e.target, e.data ? cellLetter([...e.data].pop()) : null);
  });
  shell.grid.addEventListener('keydown', (e) => {
    if (e.target.matches('input.cell')) gridKey(e, index(e.target), { set, valueAt, focus });
  });
}

/** Why my grid cannot be handed in now, or ''. */
function handInBlocker(state, seat, done, values) {
  if (state.finished) return t('bresk.all_handed_in');
  if (seat === null) return t('bresk.pick_who');
  if (done) return t('bresk.waiting_for', { names: state.seats.filter((_, i) => !state.hand_ins[i]).join(', ') });
  if (state.placements < SQUARES && !state.options.hand_in_early) {
    return t('bresk.hand_in_when_placed', { all: SQUARES, left: SQUARES - state.placements });
  }
  return rolledProblem(state, values);
}

/** The grid as the server takes it: eight rows, empty squares as spaces. */
const gridRows = (values) => Array.from({ length: SIZE }, (_, r) =>
  values.slice(r * SIZE, r * SIZE + SIZE).map((v) => v || SPACE).join(''));

/** The entry card's elements: my grid of inputs, its notes, Hand in and Clear. */
function entryParts() {
  const ui = {
    el: h('section.card.bresk-entry', { 'aria-label': t('bresk.my_grid') }),
    title: h('h2.bresk-entry-title', t('bresk.my_grid')),
    markingHelp: h('p.meta.bresk-marking'),
    wordNote: h('p.meta.bresk-word-note'),
    countNote: h('p.meta.bresk-count', { 'aria-live': 'polite' }),
    mine: gridShell((r, c, i) => h('input.cell', {
      type: 'text', inputmode: 'text', autocomplete: 'off', autocorrect: 'off', autocapitalize: 'characters',
      spellcheck: false, enterkeyhint: 'next', 'aria-label': t('bresk.cell', { row: r + 1, column: c + 1 }), dataset: { i: String(i) },
    }), { arrows: false }),
    handIn: h('button.primary.bresk-hand-in', { type: 'button' }, t('bresk.hand_in')),
    handInWhy: h('p.meta.bresk-hand-in-why', { 'aria-live': 'polite' }),
    clear: h('button.bresk-clear', { type: 'button' }, t('bresk.clear')),
  };
  ui.el.append(ui.title, h('p.meta', t('bresk.entry_help')), ui.markingHelp, ui.mine.grid, ui.countNote, ui.wordNote,
    h('div.row.bresk-hand-in-row', ui.handIn, ui.clear), ui.handInWhy);
  return ui;
}

/** My grid's letters, marked as the table chose, and the letters still to use. */
function paintEntry(ui, pad, forced) {
  const shown = pad.shownValues();
  shown.forEach((v, i) => {
    const text = display(v);
    if (ui.mine.cells[i].value !== text) ui.mine.cells[i].value = text;
  });
  paint(ui.mine, shown, scoreCells(shown, pad.judge), pad.marking());
  renderForced(forced, pad);
}

/** Whether I may hand in now and why not, what the dice allowed against what I wrote, and the grid
 *  locked once handed in. */
function showHandIn(ui, pad) {
  const view = pad.view;
  if (!view) return;
  const state = view.state;
  const seat = pad.mySeat();
  const done = pad.handedIn();
  const why = handInBlocker(state, seat, done, pad.values);
  ui.handIn.disabled = Boolean(why);
  ui.clear.disabled = Boolean(done) || state.finished;
  const empty = SQUARES - pad.values.filter(Boolean).length;
  ui.handInWhy.textContent = why || (empty ? t('bresk.empty_as_spaces', { count: empty }) : t('bresk.ready'));
  ui.mine.cells.forEach((c) => (c.readOnly = Boolean(done) || state.finished));
  ui.el.classList.toggle('handed-in', Boolean(done));
  ui.title.textContent = done ? t('bresk.my_grid_done') : seat !== null ? t('bresk.my_grid_of', { name: state.seats[seat] }) : t('bresk.my_grid');
  ui.handIn.textContent = pad.forAnother() ? t('bresk.hand_in_for', { name: state.seats[seat] }) : t('bresk.hand_in');
  // What the dice allow, as the hand-in will check it: letters against the squares rolled.
  const rolled = !(state.options.hand_in_early && state.turn === 1);
  const letters = pad.values.filter((v) => v && v !== SPACE).length;
  ui.countNote.textContent = rolled && !done && !state.finished
    ? `${t('bresk.dice_gave', { count: state.placements })} ${t('bresk.you_wrote', { count: letters })}` : '';
  ui.markingHelp.textContent = pad.marking() ? t('bresk.marking_on') : t('bresk.marking_off');
}

async function handInGrid(ui, pad, session) {
  const seat = pad.mySeat();
  if (seat === null || pad.handedIn()) return;
  const data = { seat, grid: gridRows(pad.values) };
  const send = (onBehalf) => session.act('hand_in', data, { onBehalf, handles: onBehalf ? [] : ['seat_on_another_phone'] });
  ui.handIn.disabled = true;
  try {
    let reply;
    try {
      reply = await send(pad.forAnother()); // "Hand in for Ben" is itself the confirmation
    } catch (err) {
      // Ben's seat went to another phone since this one showed it: ask before handing in for him.
      if (err.code !== 'seat_on_another_phone' || !window.confirm(t('seats.confirm_hand_in_for', { name: pad.view.seats[seat] }))) throw err;
      reply = await send(true);
    }
    if (!reply) ui.handInWhy.textContent = t('bresk.hand_in_later');
  } catch {
    ui.handIn.disabled = false; // the table shows why it was refused
  }
}

/** My grid: typed (or scanned from the paper card), marked as I go if the table chose it, handed in. */
function entryCard(pad, session, forced) {
  const ui = entryParts();
  const paintMine = () => paintEntry(ui, pad, forced);
  const updateHandIn = () => showHandIn(ui, pad);
  const edited = () => {
    pad.saveDraft();
    paintMine();
    updateHandIn();
  };
  function set(i, v) {
    if (pad.handedIn()) return;
    pad.values[i] = v;
    edited();
  }
  listenToGrid(ui.mine, { set, valueAt: (i) => pad.values[i], shownAt: (i) => pad.shownValues()[i] });
  ui.clear.addEventListener('click', () => {
    if (pad.handedIn() || !pad.values.some(Boolean)) return;
    if (!window.confirm(t('bresk.confirm_clear'))) return;
    pad.values = Array(SQUARES).fill('');
    edited();
  });
  ui.handIn.addEventListener('click', () => handInGrid(ui, pad, session));
  // Scan my card: the paper card read from a photo, checked, then handed in as if typed.
  const scanner = lazyScanner({
    canHandIn: () => pad.mySeat() !== null && !pad.handedIn(),
    onConfirm: (scanned) => {
      if (pad.handedIn()) return;
      pad.values = scanned;
      edited();
      if (!ui.handIn.disabled) ui.handIn.click();
    },
  });
  ui.el.insertBefore(scanner.element, ui.mine.grid);
  return { el: ui.el, wordNote: ui.wordNote, scanner, paint: paintMine, updateHandIn };
}

/** "Scan my card" as mountScan (bresk-scan.js) makes it, its module loaded now: until it is in, a slot takes its
 * place (and the classes the grid sets on it). */
function lazyScanner(options) {
  const slot = h('div');
  let scanner = null;
  let gone = false;
  scanKit().then(({ mountScan }) => {
    if (gone) return;
    scanner = mountScan(options);
    scanner.element.classList.add(...slot.classList);
    slot.replaceWith(scanner.element);
  });
  return {
    get element() { return scanner ? scanner.element : slot; },
    destroy() {
      gone = true;
      scanner?.destroy();
    },
  };
}

/** Word challenges: the log of words challenged at this table, and the button to challenge one. */
function challengeCard(session, lexiconId) {
  const button = h('button.bresk-challenge', { type: 'button' }, t('bresk.challenge_word'));
  const log = h('ol.bresk-challenges', { 'aria-label': t('bresk.challenges') });
  const el = h('section.card.bresk-challenge-card', h('h2', t('bresk.word_challenges')),
    h('p.meta', t('bresk.challenge_help')),
    button, log);
  let dialog = null;
  let opening = false; // the judge's module on its way: a second tap opens no second dialog
  button.addEventListener('click', async () => {
    if (opening) return;
    opening = true;
    dialog?.remove();
    try {
      dialog = await challengeDialog(session, () => (dialog = null));
    } finally {
      opening = false;
    }
  });
  function update(view) {
    const list = view.challenges || [];
    log.replaceChildren(...list.slice().reverse().map((c) => {
      const byName = c.by != null ? view.seats[c.by] ?? t('table.seat_n', { n: c.by + 1 }) : t('bresk.someone');
      const said = { list: LIST_NAMES[c.lexicon || lexiconId()] || c.list || listName(lexiconId()), name: byName };
      return h('li', { class: c.valid ? 'good' : 'bad', dataset: { seq: String(c.seq) } },
        h('span.challenge-mark', c.valid ? '✓' : '✗'), ' ',
        h('strong', c.words.join(', ').toUpperCase()),
        ` — ${(c.valid ? t('bresk.challenge_valid', said) : t('bresk.challenge_not_valid', said))}`);
    }));
    if (!list.length) log.append(h('li.muted', t('bresk.no_challenges')));
  }
  return { el, update, close: () => dialog?.close() };
}

async function challengeDialog(session, onClosed) {
  const { mountJudge } = await import('../components/judge.js');
  const dialog = h('dialog.judge-dialog', { 'aria-label': t('bresk.challenge_word') });
  const close = h('button', { type: 'button', onclick: () => dialog.close() }, t('table.close'));
  dialog.append(h('h2', t('bresk.challenge_word')));
  const judgeView = mountJudge(dialog, { session, autofocus: true });
  dialog.append(h('div.row', close));
  document.body.append(dialog);
  const onChange = (e) => judgeView.update(e.detail);
  session.addEventListener('change', onChange);
  dialog.addEventListener('close', () => {
    session.removeEventListener('change', onChange);
    judgeView.destroy();
    dialog.remove();
    onClosed();
  });
  dialog.showModal();
  return dialog;
}

/** The end: everyone's points, each player's grid a tap away. Drawn once per change of the table. */
function finalCard(lexiconId) {
  const el = h('section.card.bresk-final', { hidden: true, 'aria-label': t('bresk.final_scores') });
  let shownFor = null;
  function update(view) {
    const result = view.result;
    if (!view.state.finished || !result.finished) {
      el.hidden = true;
      shownFor = null;
      return;
    }
    if (shownFor === view.seq) return;
    shownFor = view.seq;
    el.hidden = false;
    el.replaceChildren(...finalScores(result, lexiconId(), view.code));
  }
  return { el, update };
}

function finalScores(result, lexiconId, code) {
  const winners = result.winners;
  const headline = winners.length === 1 ? t('bresk.winner', { name: winners[0] }) : t('bresk.tie', { names: winners.join(` ${t('ws.and')} `) });
  const detail = h('div.bresk-player-detail');
  const rows = result.players.map((p, i) => h('tr', { class: winners.includes(p.name) ? 'winner' : '' },
    h('th', { scope: 'row' }, h('button.bresk-player', { type: 'button', onclick: () => showPlayer(p, detail, i, result.lexicon || lexiconId, code) }, p.name)),
    h('td', String(p.row_totals.reduce((a, b) => a + b, 0))),
    h('td', String(p.column_totals.reduce((a, b) => a + b, 0))),
    h('td', p.bonuses.longest_word ? `+${p.bonuses.longest_word}` : '–'),
    h('td', p.bonuses.most_words ? `+${p.bonuses.most_words}` : '–'),
    h('td.bresk-total', String(p.total))));
  return [
    h('h2', t('bresk.final_scores')),
    h('p.bresk-winners', headline),
    h('table.bresk-results',
      h('thead', h('tr', h('th', { scope: 'col' }, t('bresk.player')), h('th', { scope: 'col' }, t('bresk.rows')),
        h('th', { scope: 'col', title: t('bresk.columns') }, t('bresk.cols')),
        h('th', { scope: 'col', title: t('bresk.longest_bonus') }, t('bresk.longest')),
        h('th', { scope: 'col', title: t('bresk.most_words_bonus') }, t('bresk.most_words')),
        h('th', { scope: 'col' }, t('mnb.total')))),
      h('tbody', rows)),
    h('p.meta', t('bresk.final_note', { list: listName(result.lexicon || lexiconId), longest: result.longest_word_length, most: result.most_valid_words })),
    detail];
}

/** "What does it mean?" for the words picked in a player's grid: the valid ones, asked only when tapped,
 *  judged as table `code` judges them. */
function meaningsFor(lexiconId, code) {
  const button = h('button.bresk-mean', { type: 'button', hidden: true }, t('meaning.ask'));
  const region = h('div.bresk-meanings', { 'aria-live': 'polite', hidden: true });
  let picked = [];
  button.addEventListener('click', async () => {
    const words = picked;
    region.hidden = false;
    const { fillMeanings } = await import('../lib/meanings.js'); // asked for after a ruling, never before
    fillMeanings(region, lexiconId, words, () => picked === words, code);
  });
  return {
    els: [button, region],
    pick(cands) {
      picked = [...new Set(cands.filter((c) => c.valid).map((c) => c.text))];
      button.hidden = !picked.length;
      region.hidden = true;
      region.replaceChildren();
    },
  };
}

/** One player's grid in `slot`: tap a square or a word to see why it scored or not. */
function showPlayer(player, slot, i, lexiconId, code) {
  const shell = gridShell((r, c, k) => h('button.cell', { type: 'button', 'aria-label': t('bresk.cell', { row: r + 1, column: c + 1 }), dataset: { i: String(k) } }));
  const values = gridToCells(player.grid);
  values.forEach((v, k) => (shell.cells[k].textContent = display(v)));
  const scored = { candidates: player.candidates, rowTotals: player.row_totals, columnTotals: player.column_totals, base: player.base };
  paint(shell, values, scored);
  const why = h('p.bresk-why', { 'aria-live': 'polite' }, t('bresk.tap_word'));
  const words = player.candidates.filter((c) => c.length >= 2);
  const meaning = meaningsFor(lexiconId, code);
  const highlight = (cands) => {
    meaning.pick(cands);
    shell.cells.forEach((c) => c.classList.remove('picked'));
    cands.forEach((c) => cellsOf(c).forEach((k) => shell.cells[k].classList.add('picked')));
    why.replaceChildren(...cands.map((c) => h('span', { class: c.valid ? 'good' : 'bad' }, whyText(c))));
    if (!cands.length) why.textContent = t('bresk.no_word_here');
  };
  shell.cells.forEach((cell, k) => cell.addEventListener('click', () =>
    highlight(words.filter((c) => cellsOf(c).includes(k)))));
  const list = h('ul.bresk-words', words.map((c) => h('li',
    h('button.bresk-word', { type: 'button', class: c.valid ? 'bresk-word good' : 'bresk-word bad', onclick: () => highlight([c]) },
      c.text, h('span.bresk-word-points', c.valid ? ` +${c.points}` : ' 0')))));
  const bonus = [];
  if (player.bonuses.longest_word) bonus.push(t('bresk.bonus_longest', { n: player.bonuses.longest_word }));
  if (player.bonuses.most_words) bonus.push(t('bresk.bonus_most', { n: player.bonuses.most_words }));
  slot.replaceChildren(
    h('h3', t('bresk.player_points', { name: player.name, count: player.total })),
    h('p.meta', t('bresk.player_detail', { base: player.base, count: player.valid_words, bonus: bonus.length ? `, ${bonus.join(', ')}` : '' })),
    shell.grid, why, ...meaning.els,
    words.length ? list : h('p.muted', t('bresk.no_words')));
  slot.dataset.seat = String(i);
}

export function mount(root, session) {
  useStylesheet(stylesheet);
  const pad = myPad(session);
  const ask = askCard();
  const entry = entryCard(pad, session, ask.forced);
  const who = seatCard(pad, session, () => {
    entry.paint();
    entry.updateHandIn();
  });
  const final = finalCard(pad.lexiconId);
  const challenges = challengeCard(session, pad.lexiconId);
  root.append(who.banner, ask.el, who.el, entry.el, final.el, challenges.el);

  // The word list for live checking.
  const offProgress = onLexiconProgress((d) => {
    if (d.id !== pad.lexiconId()) return;
    if (d.state === 'ready') entry.wordNote.textContent = '';
    else if (d.state === 'downloading') entry.wordNote.textContent = t('bresk.loading_list');
    else if (d.state === 'error') entry.wordNote.textContent = t('bresk.list_later');
    entry.paint();
  });
  getLexicon(pad.lexiconId()).then(() => entry.paint());

  function update(view) {
    pad.view = view;
    ask.update(view);
    who.update(view);
    entry.paint();
    entry.updateHandIn();
    challenges.update(view);
    final.update(view);
    entry.el.hidden = view.state.finished;
    entry.scanner.element.classList.toggle('handed-in', Boolean(pad.handedIn()));
    // The paper card is photographed to hand it in: until then the grid to write in comes first.
    const handInTime = view.state.placements >= SQUARES || view.state.options.hand_in_early;
    entry.scanner.element.classList.toggle('not-yet', !handInTime);
  }
  if (pad.view) update(pad.view);

  return {
    update,
    destroy() {
      offProgress();
      entry.scanner.destroy();
      challenges.close();
    },
  };
}

/** The big screen's part (views/screen.js): who rolls, what the roll asks of everyone, the letter everyone
 *  must still write, and the letters rolled so far as the scorecard's right side keeps them. */
export function screen(view) {
  const s = view.state;
  if (s.finished) return {};
  const { big, small } = instruction(s);
  const req = s.requires || {};
  const must = req.kind === 'letter' ? req.letter : req.kind === 'space' ? DOT : null;
  return {
    turn: s.seats[s.roller],
    doing: small ? `${big} · ${small}` : big,
    board: [
      must ? stat(t('screen.everyone_writes'), must, '.sb-huge') : null,
      stat(t('screen.letters_rolled'), s.letters_rolled.length
        ? h('ol.sb-chips.sb-letters', s.letters_rolled.map((x) => h('li.sb-chip', display(x)))) : '–', '.sb-wide'),
      stat(t('screen.squares'), t('bresk.squares_left', { left: s.placements_left, all: SQUARES })),
    ],
  };
}

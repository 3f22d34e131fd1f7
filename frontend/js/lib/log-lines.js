// The table's log in words: one line per event, as a person at the table would say it
// ("Ben took the red circle block, 7 of 12 spaces"). The one home for these lines: the log
// and the list of actions waiting to be sent both use it. Each game has its own lines; the
// timer, dice, undo and play-again lines are shared. Pure: no DOM, so node tests it
// (tests/test_log_lines.py).
//
// `view` is the table as this phone sees it now (seats, options, pattern); an event's own data
// says what happened. Where an event names no player (a roll), the line names none.
import { SHAPE_NAMES, judge, seatOfColour } from '../games/block-buster-rules.js';

const MINUS = '\u2212';
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const signedPoints = (n) => (n < 0 ? `${MINUS}${-n}` : `+${n}`);

/** 40 → "40 seconds", 90 → "1 minute 30", 120 → "2 minutes". */
export function duration(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s < 60) return plural(s, 'second');
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} minute${m === 1 ? '' : 's'} ${s % 60}` : plural(m, 'minute');
}

// --- lines every game shares ---------------------------------------------------------------

const TIMER = {
  set: (d) => `Timer set to ${duration(d.seconds)}`,
  start: () => 'Timer started',
  pause: () => 'Timer paused',
  resume: () => 'Timer resumed',
  add: (d) => `Timer: ${duration(d.seconds)} added`,
  reset: () => 'Timer reset',
};

const face = (r) => (r.face === '#' ? 'a space' : String(r.face));

const COMMON = {
  roll: (d) => `Rolled ${(d.results || []).map(face).join(', ')}`,
  timer: (d) => (TIMER[d.action] || (() => `Timer: ${d.action}`))(d),
  undo: (d) => `Undid #${d.undid ?? d.seq}`,
  redo: (d) => `Redid #${d.redid ?? d.seq}`,
  next_table: (d) => `Play again: table ${d.code}`,
  challenge: (d) => `Challenged ${(d.words || []).join(', ') || 'a word'}: ${d.verdict?.valid ? 'valid' : 'not valid'}`,
};

// --- per game ----------------------------------------------------------------------------------

function blockPlace(state, index) {
  const columns = state?.rules?.columns;
  if (!columns) return '';
  return ` (row ${Math.floor(index / columns) + 1}, column ${(index % columns) + 1})`;
}

function pointBlock(d, { state, seat }) {
  const shape = SHAPE_NAMES[state?.rules?.pattern?.[d.index]] || 'point';
  const where = blockPlace(state, d.index);
  const holder = (colour) => seat(seatOfColour(state)[colour]);
  if (!d.counts) {
    return d.owner ? `${holder(d.owner)} took the ${shape} block${where}` : `Nobody took the ${shape} block${where}`;
  }
  const verdict = judge(d.counts, state);
  if (!verdict.owner) {
    const why = verdict.tie ? verdict.why.replace(/: nobody$/, '') : 'nobody around it';
    return `Nobody took the ${shape} block, ${why}${where}`;
  }
  // Taken once no placement can change it, or once everyone has passed; until then it is a lead.
  const verb = verdict.clinched || state.all_passed ? 'took the' : 'leads at the';
  return `${holder(verdict.owner)} ${verb} ${shape} block, ${d.counts[verdict.owner]} of 12 spaces${where}`;
}

const BLOCK_BUSTER = {
  skip: (d, { seat }) => `${seat(d.seat)} skipped ${plural(d.spaces, 'space')}: ${d.spaces} × ${MINUS}2`,
  pass: (d, { seat }) => `${seat(d.seat)} passed`,
  point_block: pointBlock,
  leftover: (d, { seat }) => `${seat(d.seat)} left ${plural(d.squares, 'square')} over${d.squares ? ` (${MINUS}${d.squares})` : ''}`,
  finish: () => 'Game finished',
};

const MNB_CARD = {
  standard: (d) => `a ${d.points}-point card`,
  'red-hand': (d) => `a red hand card (${plural(d.points, 'point')})`,
  'extreme-4': (d) => `an Extreme 4 card${d.points ? ` (${plural(d.points, 'point')})` : ''}`,
  'extreme-5': (d) => `an Extreme 5 card${d.points ? ` (${plural(d.points, 'point')})` : ''}`,
  'left-arrow': () => 'the 4 ← card (2 points each for the builder and the left neighbour)',
};

const builderOf = (d, { seat }) => (Number.isInteger(d.builder) ? seat(d.builder) : 'The builder');
const mnbSeconds = (view, setting) => view?.state?.options?.[`seconds_${setting}`];

const MAKE_N_BREAK = {
  roll: (d, { view }) => {
    const r = (d.results || []).find((x) => x.die === 'make-n-break');
    if (!r) return COMMON.roll(d);
    const seconds = mnbSeconds(view, r.face);
    return `Rolled ${r.face}${seconds ? `: ${duration(seconds)}` : ''}`;
  },
  die: (d, ctx) => {
    const seconds = mnbSeconds(ctx.view, d.face);
    return `${builderOf(d, ctx)} rolled a real die: ${d.face}${seconds ? `, ${duration(seconds)}` : ''}`;
  },
  card: (d, ctx) => {
    if (d.kind === 'ten') return `${builderOf(d, ctx)} set a "10" card aside for a bonus build`;
    const card = (MNB_CARD[d.kind] || (() => `a ${d.kind} card`))(d);
    return `${builderOf(d, ctx)} ${d.completed === false ? 'did not complete' : 'completed'} ${card}`;
  },
  bonus: (d, ctx) => `${builderOf(d, ctx)} ${d.completed ? 'completed the bonus build (+5)' : 'missed the bonus build'}`,
  end_turn: (d, ctx) => `${builderOf(d, ctx)}'s turn ended`,
};

const WUERFELSPIEL = {
  roll: (d) => {
    const r = (d.results || []).find((x) => x.die === 'stopper');
    return r ? `Stopper die: ${r.face || 'blank'}` : COMMON.roll(d);
  },
  stopper: (d) => `Stopper die typed in: ${d.face || 'blank'}`,
  card: (d, ctx) => {
    const card = d.kind === 'standard' ? `a ${plural(d.points, 'point')} card` : `a ${d.kind.replace('-', ' ')} card`;
    return `${builderOf(d, ctx)} completed ${card}`;
  },
  end_turn: (d, ctx) => `${builderOf(d, ctx)}'s turn ended`,
};

const BRESK = {
  roll: (d) => (d.results || []).map((r) => `${r.die === 'alphabet' ? 'Alphabet die' : 'Bresk die'}: ${face(r)}`).join(', ') || 'Rolled',
  hand_in: (d, { seat }) => `${seat(d.seat)} handed in a grid`,
};

const SCOREPAD = {
  points: (d, { seat }) => `${seat(d.seat)} ${signedPoints(d.points)}`,
  next_round: () => 'Next round',
  finish: () => 'Game finished',
};

const GAMES = { 'block-buster': BLOCK_BUSTER, 'make-n-break': MAKE_N_BREAK, wuerfelspiel: WUERFELSPIEL, bresk: BRESK, scorepad: SCOREPAD };

/** One event of the table `view` in words. */
export function describe(event, view) {
  const seats = view?.seats || [];
  const ctx = { view, state: view?.state, seat: (i) => seats[i] ?? `Seat ${Number(i) + 1}` };
  const line = GAMES[view?.game]?.[event.type] || COMMON[event.type];
  const data = event.data || {};
  if (!line) return event.type.replace(/[_-]/g, ' ');
  try {
    return line(data, ctx);
  } catch {
    return event.type.replace(/[_-]/g, ' '); // an event of an older shape: its name rather than nothing
  }
}

// The table's log in words: one line per event, as a person at the table would say it
// ("Ben took the red circle block, 7 of 12 spaces"). The one home for these lines: the log
// and the list of actions waiting to be sent both use it. Each game has its own lines; the
// timer, dice, undo and play-again lines are shared. Pure: no DOM, and the words come from the
// `t` it is given (i18n.js's on the phone, the English catalog in node: tests/test_log_lines.py).
//
// `view` is the table as this phone sees it now (seats, options, pattern); an event's own data
// says what happened. Where an event names no player (a roll), the line names none.
import { judge, seatOfColour } from '../games/block-buster-rules.js';

const MINUS = '\u2212';
const signedPoints = (n) => (n < 0 ? `${MINUS}${-n}` : `+${n}`);

/** 40 → "40 seconds", 90 → "1 minute 30", 120 → "2 minutes". */
export function duration(seconds, t) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s < 60) return t('log.seconds', { count: s });
  const m = Math.floor(s / 60);
  return s % 60 ? t('log.minutes_seconds', { count: m, s: s % 60 }) : t('log.minutes', { count: m });
}

// Every line of every game, in the words of `t`. Built per call: cheap, and it keeps the module
// free of a language of its own.

/** The lines every game shares: dice, the timer, undo and redo, play again, word challenges. */
function commonLines(t) {
  const TIMER = {
    set: (d) => t('log.timer_set', { duration: duration(d.seconds, t) }),
    start: () => t('log.timer_started'),
    pause: () => t('log.timer_paused'),
    resume: () => t('log.timer_resumed'),
    add: (d) => t('log.timer_added', { duration: duration(d.seconds, t) }),
    reset: () => t('log.timer_reset'),
  };

  const face = (r) => (r.face === '#' ? t('log.a_space') : String(r.face));

  const COMMON = {
    roll: (d) => t('log.rolled', { faces: (d.results || []).map(face).join(', ') }),
    timer: (d) => (TIMER[d.action] || (() => t('log.timer_other', { action: d.action })))(d),
    undo: (d) => t('log.undid', { seq: `#${d.undid ?? d.seq}` }),
    redo: (d) => t('log.redid', { seq: `#${d.redid ?? d.seq}` }),
    next_table: (d) => t('log.next_table', { code: d.code }),
    claim_seat: (d, { seat }) => (d.took_over ? t('log.seat_taken_over', { name: seat(d.seat) })
      : t('log.seat_claimed', { name: seat(d.seat) })),
    release_seat: (d, { seat }) => t('log.seat_released', { name: seat(d.seat) }),
    challenge: (d) => t('log.challenged', { words: (d.words || []).join(', ') || t('log.a_word'),
      verdict: d.verdict?.valid ? t('log.valid') : t('log.not_valid') }),
  };
  return { COMMON, face };
}

// --- Block Buster ----------------------------------------------------------------------------

function blockBusterLines(t) {
  const SHAPES = {
    'red-circle': t('bb.red_circle'), 'red-star': t('bb.red_star'), 'green-spiral': t('bb.green_spiral'),
    'blue-wave': t('bb.blue_wave'), 'yellow-moon': t('bb.yellow_moon'),
  };

  function blockPlace(state, index) {
    const columns = state?.rules?.columns;
    if (!columns) return '';
    return ` (${t('bb.row_column', { row: Math.floor(index / columns) + 1, column: (index % columns) + 1 })})`;
  }

  function pointBlock(d, { state, seat }) {
    const shape = SHAPES[state?.rules?.pattern?.[d.index]] || t('log.bb_point');
    const where = blockPlace(state, d.index);
    const holder = (colour) => seat(seatOfColour(state)[colour]);
    if (!d.counts) {
      return d.owner ? t('log.bb_took', { name: holder(d.owner), shape, where }) : t('log.bb_nobody_took', { shape, where });
    }
    const verdict = judge(d.counts, state);
    if (!verdict.owner) {
      const tie = verdict.tie && verdict.why.match(/^tie ([^:\s]+)/);
      const why = tie ? t('log.bb_tie', { score: tie[1] }) : t('log.bb_nobody_around');
      return t('log.bb_nobody_took_why', { shape, why, where });
    }
    // Taken once no placement can change it, or once everyone has passed; until then it is a lead.
    const params = { name: holder(verdict.owner), shape, n: d.counts[verdict.owner], where };
    return verdict.clinched || state.all_passed ? t('log.bb_took_counted', params) : t('log.bb_leads_counted', params);
  }

  return {
    skip: (d, { seat }) => t('log.bb_skipped', { name: seat(d.seat), count: d.spaces, minus: MINUS }),
    pass: (d, { seat }) => t('log.passed', { name: seat(d.seat) }),
    point_block: pointBlock,
    leftover: (d, { seat }) => t('log.bb_leftover', { name: seat(d.seat), count: d.squares,
      penalty: d.squares ? ` (${MINUS}${d.squares})` : '' }),
    finish: () => t('log.game_finished'),
  };
}

// --- Make 'N' Break and the Würfelspiel ------------------------------------------------------

const builderOf = (t, d, { seat }) => (Number.isInteger(d.builder) ? seat(d.builder) : t('log.the_builder'));
const turnEnded = (t) => (d, ctx) => t('log.turn_ended', { name: builderOf(t, d, ctx) });

function makeNBreakLines(t, COMMON) {
  const MNB_CARD = {
    standard: (d) => t('log.mnb_standard', { points: d.points }),
    'red-hand': (d) => t('log.mnb_red_hand', { count: d.points }),
    'extreme-4': (d) => (d.points ? t('log.mnb_extreme_4_points', { count: d.points }) : t('log.mnb_extreme_4')),
    'extreme-5': (d) => (d.points ? t('log.mnb_extreme_5_points', { count: d.points }) : t('log.mnb_extreme_5')),
    'left-arrow': () => t('log.mnb_left_arrow'),
  };

  const mnbSeconds = (view, setting) => view?.state?.options?.[`seconds_${setting}`];

  return {
    roll: (d, { view }) => {
      const r = (d.results || []).find((x) => x.die === 'make-n-break');
      if (!r) return COMMON.roll(d);
      const seconds = mnbSeconds(view, r.face);
      return seconds ? t('log.mnb_rolled_time', { face: r.face, duration: duration(seconds, t) }) : t('log.mnb_rolled', { face: r.face });
    },
    die: (d, ctx) => {
      const seconds = mnbSeconds(ctx.view, d.face);
      const name = builderOf(t, d, ctx);
      return seconds ? t('log.mnb_die_time', { name, face: d.face, duration: duration(seconds, t) }) : t('log.mnb_die', { name, face: d.face });
    },
    card: (d, ctx) => {
      const name = builderOf(t, d, ctx);
      if (d.kind === 'ten') return t('log.mnb_ten', { name });
      const card = (MNB_CARD[d.kind] || (() => t('log.some_card', { kind: d.kind })))(d);
      return d.completed === false ? t('log.card_missed', { name, card }) : t('log.card_done', { name, card });
    },
    bonus: (d, ctx) => (d.completed ? t('log.bonus_done', { name: builderOf(t, d, ctx) }) : t('log.bonus_missed', { name: builderOf(t, d, ctx) })),
    end_turn: turnEnded(t),
  };
}

function wuerfelspielLines(t, COMMON) {
  const WS_CARD = { 'red-3': () => t('log.ws_red_3'), 'red-4': () => t('log.ws_red_4') };

  return {
    roll: (d) => {
      const r = (d.results || []).find((x) => x.die === 'stopper');
      return r ? t('log.stopper_rolled', { face: r.face || t('log.blank') }) : COMMON.roll(d);
    },
    stopper: (d) => t('log.stopper_typed', { face: d.face || t('log.blank') }),
    card: (d, ctx) => {
      const card = d.kind === 'standard' ? t('log.ws_points_card', { count: d.points })
        : (WS_CARD[d.kind] || (() => t('log.some_card', { kind: d.kind.replace('-', ' ') })))();
      return t('log.card_done', { name: builderOf(t, d, ctx), card });
    },
    end_turn: turnEnded(t),
  };
}

// --- Bresk! and the score pad ----------------------------------------------------------------

function breskLines(t, face) {
  return {
    roll: (d) => (d.results || []).map((r) => (r.die === 'alphabet' ? t('log.alphabet_die', { face: face(r) })
      : t('log.bresk_die', { face: face(r) }))).join(', ') || t('log.rolled_nothing'),
    hand_in: (d, { seat }) => t('log.handed_in', { name: seat(d.seat) }),
  };
}

function scorepadLines(t) {
  return {
    points: (d, { seat }) => `${seat(d.seat)} ${signedPoints(d.points)}`,
    next_round: () => t('log.next_round'),
    finish: () => t('log.game_finished'),
  };
}

function linesIn(t) {
  const { COMMON, face } = commonLines(t);
  return {
    COMMON,
    GAMES: {
      'block-buster': blockBusterLines(t), 'make-n-break': makeNBreakLines(t, COMMON), wuerfelspiel: wuerfelspielLines(t, COMMON),
      bresk: breskLines(t, face), scorepad: scorepadLines(t),
    },
  };
}

/** One event of the table `view` in words, through the translator `t`. */
export function describe(event, view, t) {
  const { COMMON, GAMES } = linesIn(t);
  const seats = view?.seats || [];
  const ctx = { view, state: view?.state, seat: (i) => seats[i] ?? t('log.seat_n', { n: Number(i) + 1 }) };
  const line = GAMES[view?.game]?.[event.type] || COMMON[event.type];
  const data = event.data || {};
  if (!line) return event.type.replace(/[_-]/g, ' ');
  try {
    return line(data, ctx);
  } catch {
    return event.type.replace(/[_-]/g, ' '); // an event of an older shape: its name rather than nothing
  }
}

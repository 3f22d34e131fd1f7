// The table's log in words: one line per event, as a person at the table would say it
// ("Ben took the red circle block, 7 of 12 spaces"). The one home for these lines: the log
// and the list of actions waiting to be sent both use it. Each game's own lines are its phone module's
// (games/<id>-log.js, handed in by the table screen); the timer, dice, undo and play-again lines are shared. Pure: no DOM, and the words come from the
// `t` it is given (i18n.js's on the phone, the English catalog in node: tests/test_log_lines.py).
//
// `view` is the table as this phone sees it now (seats, options, pattern); an event's own data
// says what happened. Where an event names no player (a roll), the line names none.
export const MINUS = '\u2212';
export const signedPoints = (n) => (n < 0 ? `${MINUS}${-n}` : `+${n}`);

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
  return { COMMON, face, duration: (seconds) => duration(seconds, t), MINUS, signedPoints };
}

function linesIn(t, gameLines) {
  const common = commonLines(t);
  return { COMMON: common.COMMON, GAME: gameLines ? gameLines(t, common) : {} };
}

/** One event of the table `view` in words, through the translator `t`; `gameLines` is the game's own
 *  (its phone module's `logLines(t, common)`: games/<id>-log.js), the shared lines stand in for the rest. */
export function describe(event, view, t, gameLines) {
  const { COMMON, GAME } = linesIn(t, gameLines);
  const seats = view?.seats || [];
  const ctx = { view, state: view?.state, seat: (i) => seats[i] ?? t('log.seat_n', { n: Number(i) + 1 }) };
  const line = GAME[event.type] || COMMON[event.type];
  const data = event.data || {};
  if (!line) return event.type.replace(/[_-]/g, ' ');
  try {
    return line(data, ctx);
  } catch {
    return event.type.replace(/[_-]/g, ' '); // an event of an older shape: its name rather than nothing
  }
}

// Make 'N' Break Extreme: a turn screen one hand can work while the other builds.
// Who builds (huge), who runs the timer, who is the left neighbour; the roll; big
// card buttons with Undo and End turn within thumb reach; the "10" bonus build;
// after each turn the points and the chips to take; the score table by round.
import { nameDice } from '../components/dice.js';
import { remainingMs } from '../components/timer.js';
import { h, stat, tapGuard, useStylesheet } from '../lib/dom.js';
import { t } from '../i18n.js';

export const usesTimer = true;

// The Würfelspiel's panel uses this stylesheet too.
export const STYLESHEET = '/css/games/make-n-break.css';
export const stylesheet = STYLESHEET;
nameDice((die) => (die === 'make-n-break' ? t('dice.die') : null));

// The shared timer's presets: the seconds of the three timer settings.
export const timerPresets = (view) => {
  const o = view?.state?.options || {};
  return [o.seconds_1 ?? 30, o.seconds_2 ?? 40, o.seconds_3 ?? 50];
};

// No `rolls` export: the table's shared dice card is left out, so the turn panel holds the one
// roll control (the app's roll or a real die typed in) and shows the turn's die, whichever it
// was, on every phone.

// "2 × 10 + 3 × 1" for {tens: 2, ones: 3}; "nothing" for none.
export function chipText(c) {
  const parts = [];
  if (c?.tens) parts.push(`${c.tens} × 10`);
  if (c?.ones) parts.push(`${c.ones} × 1`);
  return parts.join(' + ') || t('mnb.nothing');
}

// Chips as small coins: ⑩ ⑩ ① … compacted to "2×⑩ 3×①".
function chipBadges(c) {
  const coin = (value, n) => (n ? h(`span.mnb-coin.v${value}`, { title: `${n} × ${value}` }, n > 1 ? `${n}×` : '', h('b', String(value))) : null);
  const coins = [coin(10, c?.tens), coin(1, c?.ones)].filter(Boolean);
  return coins.length ? h('span.mnb-coins', coins) : h('span.muted', '–');
}

const KIND_LABEL = {
  standard: (c) => t('mnb.standard_n', { n: c.points }),
  'red-hand': (c) => t('mnb.red_hand_n', { n: c.points }),
  'extreme-4': (c) => t('mnb.extreme_n', { n: c.points ?? 4 }),
  'extreme-5': (c) => t('mnb.extreme_n', { n: c.points ?? 5 }),
  'left-arrow': () => t('mnb.left_arrow'),
  ten: () => t('mnb.ten_set_aside'),
};

const joined = (names) => (names.length < 2 ? names.join('')
  : t('mnb.and', { first: names.slice(0, -1).join(', '), last: names.at(-1) }));

// --- the turn's cards, each { el, update(state) }; `seat(i)` names a seat, `act` sends a turn event ---

/** Who builds (huge), who runs the timer, who is the left neighbour; a tie's sudden death. */
function whoCard(seat) {
  const stageLine = h('p.mnb-stage');
  const builderName = h('p.mnb-builder', { 'aria-live': 'polite' });
  const roles = h('ul.mnb-roles');
  const notice = h('p.mnb-notice', { role: 'status', hidden: true });
  const el = h('section.card.mnb-who', { 'aria-label': t('mnb.whose_turn') }, stageLine, h('p.mnb-builds-label', t('mnb.builds_now')), builderName, roles, notice);
  function update(s) {
    const turn = s.turn;
    el.hidden = s.finished;
    if (!s.finished) {
      stageLine.textContent = s.stage === 'sudden-death'
        ? t('mnb.sudden_death_turn', { round: turn?.round ?? '', turn: turn?.number ?? '' })
        : t('mnb.round_turn', { round: s.round, rounds: s.options.rounds, turn: turn?.number ?? '' });
      builderName.textContent = seat(s.builder);
      roles.replaceChildren(
        h('li', h('span.mnb-role', t('mnb.timer_role')), h('strong', seat(s.timer_runner))),
        h('li', h('span.mnb-role', t('mnb.left_neighbour')), h('strong', seat(s.left_neighbour))));
    }
    if (s.stage === 'sudden-death' && !s.finished) {
      notice.hidden = false;
      notice.textContent = t('mnb.tied', { names: joined((s.sudden_death?.contenders || []).map(seat)) });
    } else {
      notice.hidden = true;
    }
  }
  return { el, update };
}

/** The roll: the app's die, or a real die's face typed in. */
function rollCard(session, act) {
  const physical = h('div.mnb-faces', [1, 2, 3].map((face) =>
    h('button.mnb-face', { onclick: () => act('die', { face }), 'aria-label': t('mnb.rolled_n', { n: face }) }, String(face))));
  return h('section.card.mnb-roll', { 'aria-label': t('mnb.roll') },
    h('h2', t('mnb.set_timer')),
    h('p.muted', t('mnb.die_sets_timer')),
    h('button.primary.mnb-roll-app', { onclick: () => session.act('roll', { dice: ['make-n-break'] }).catch(() => {}) }, t('mnb.roll_die')),
    h('p.muted.mnb-or', t('mnb.or_real_die')),
    physical);
}

/** A big button per card the builder can complete: standard, red hand, Extreme (or its printed points),
 *  "4 ←" (captioned with who built it) and "10" set aside. */
function cardButtons(act) {
  let guard = null; // a double tap counts one card (lib/dom.js tapGuard)
  const cardBtn = (label, data, cls = '', aria) => h(`button.mnb-cardbtn${cls}`, { onclick: () => guard(() => act('card', data)), 'aria-label': aria }, label);
  // These two are named by what they show, caption included ("4 ← Ben built it", "10 set
  // aside"): the space keeps the big label and its caption apart in the name.
  const leftCaption = h('span.mnb-small');
  const leftArrow = cardBtn(['4 ←', ' ', leftCaption], { kind: 'left-arrow', completed: true }, '.left');
  const tenBtn = cardBtn(['10', ' ', h('span.mnb-small', t('mnb.set_aside'))], { kind: 'ten' }, '.ten');
  const grid = h('div.mnb-cards',
    h('div.mnb-group', h('p.mnb-group-title', t('mnb.standard')),
      h('div.mnb-row3', [1, 2, 3].map((p) => cardBtn(String(p), { kind: 'standard', points: p }, '.standard', t('mnb.standard_n', { n: p }))))),
    h('div.mnb-group', h('p.mnb-group-title', t('mnb.red_hand_title')),
      h('div.mnb-row3', [1, 2, 3].map((p) => cardBtn(String(p), { kind: 'red-hand', points: p }, '.red', t('mnb.red_hand_n', { n: p }))))),
    h('div.mnb-group.mnb-extreme-card', h('p.mnb-group-title', t('mnb.extreme')),
      h('div.mnb-row4',
        cardBtn('4', { kind: 'extreme-4' }, '.extreme', t('mnb.extreme_n', { n: 4 })),
        cardBtn('5', { kind: 'extreme-5' }, '.extreme', t('mnb.extreme_n', { n: 5 })),
        leftArrow, tenBtn)),
    // extreme_points "printed": the points read on the card, 1 to 5 (the 4/5 kind no longer matters).
    h('div.mnb-group.mnb-extreme-printed', { hidden: true }, h('p.mnb-group-title', t('mnb.extreme_printed')),
      h('div.mnb-row5', [1, 2, 3, 4, 5].map((p) =>
        cardBtn(String(p), { kind: p === 5 ? 'extreme-5' : 'extreme-4', points: p }, '.extreme', t('mnb.extreme_points', { count: p }))))));
  guard = tapGuard(grid);
  return { grid, guard, leftCaption, leftArrow, tenBtn };
}

/** The build: the timer, the card buttons, this turn's points and cards, Undo and End turn. */
function buildCard(act, undo, seat) {
  const buildInfo = h('p.mnb-build-info');
  // The shared timer at a glance, for the builder who has scrolled down to the cards.
  const clock = h('span.mnb-clock', { 'aria-hidden': 'true' });
  const turnPoints = h('p.mnb-turn-points', { 'aria-live': 'polite' });
  const played = h('ul.mnb-played', { 'aria-label': t('mnb.cards_this_turn') });
  const cards = cardButtons(act);
  const endTurn = h('button.primary.mnb-end', t('mnb.end_turn'));
  const endGuard = tapGuard(endTurn); // a double tap would end the next builder's turn too
  endTurn.addEventListener('click', () => endGuard(() => act('end_turn')));
  const el = h('section.card.mnb-build', { 'aria-label': t('mnb.completed_cards') },
    h('div.mnb-build-head', buildInfo, clock),
    h('p.muted.mnb-hint', t('mnb.tap_each_card')),
    cards.grid, turnPoints, played,
    h('div.mnb-thumbbar', h('button.mnb-undo', { onclick: () => {
      cards.guard.reset();
      undo();
    } }, t('table.undo')), endTurn));
  function update(s) {
    const turn = s.turn;
    el.hidden = s.phase !== 'build';
    if (s.phase !== 'build' || !turn) return;
    const o = s.options;
    buildInfo.replaceChildren(
      turn.die ? h('span.mnb-pill', t('mnb.die_n', { n: turn.die })) : h('span.mnb-pill', t('mnb.timer_n', { n: turn.build_setting })),
      h('span', t('mnb.timer_on', { s: turn.timer_seconds, name: seat(s.timer_runner) })));
    cards.leftCaption.textContent = t('mnb.built_it', { name: seat(s.left_neighbour) });
    cards.tenBtn.disabled = o.variant === 'no-dice' || turn.tens_set_aside >= 2;
    // The box has one "4 ←" card: once it has come up this turn it cannot come again.
    cards.leftArrow.disabled = turn.cards.some((c) => c.kind === 'left-arrow');
    const printed = o.extreme_points === 'printed';
    cards.grid.querySelector('.mnb-extreme-printed').hidden = !printed;
    cards.grid.querySelectorAll('.mnb-extreme-card button.extreme').forEach((b) => (b.hidden = printed));
    const mine = turn.points[s.builder];
    const extra = turn.points.map((p, i) => (i !== s.builder && p ? `${seat(i)} +${p}` : null)).filter(Boolean);
    turnPoints.textContent = t('mnb.this_turn', { name: seat(s.builder), points: `+${mine}` }) + (extra.length ? ` · ${extra.join(' · ')}` : '') +
      (turn.tens_set_aside ? ` · ${t('mnb.tens_waiting', { n: turn.tens_set_aside })}` : '');
    played.replaceChildren(...turn.cards.map((c) =>
      h(`li.mnb-chip.${c.kind}`, (KIND_LABEL[c.kind] || (() => c.kind))(c), c.completed === false ? ` ${t('mnb.missed_paren')}` : '')));
  }
  return { el, clock, endTurn, update };
}

/** The "10" bonus build: done or not, with the timer. */
function bonusCard(act, undo, seat) {
  const bonusInfo = h('p.mnb-bonus-info');
  const clock = h('span.mnb-clock', { 'aria-hidden': 'true' });
  const el = h('section.card.mnb-bonus', { 'aria-label': t('mnb.bonus_build') },
    h('div.mnb-build-head', h('h2', t('mnb.bonus_title')), clock), bonusInfo,
    h('div.mnb-bonus-buttons',
      h('button.primary.mnb-bonus-done', { onclick: () => guard(() => act('bonus', { completed: true })) }, t('mnb.bonus_done')),
      h('button.mnb-bonus-miss', { onclick: () => guard(() => act('bonus', { completed: false })) }, t('mnb.not_completed'))),
    h('div.mnb-thumbbar', h('button.mnb-undo', { onclick: undo }, t('table.undo'))));
  const guard = tapGuard(el); // one bonus build per tap, however quick the finger
  function update(s) {
    el.hidden = s.phase !== 'bonus';
    if (s.phase === 'bonus' && s.turn) {
      bonusInfo.textContent = t('mnb.bonus_info', { name: seat(s.builder), s: s.turn.timer_seconds, runner: seat(s.timer_runner) }) +
        (s.turn.bonus_owed > 1 ? ` ${t('mnb.bonus_to_go', { count: s.turn.bonus_owed })}` : '');
    }
  }
  return { el, clock, update };
}

/** Game over: the winners, and everyone's points and chips. */
function overCard(seat) {
  const overTitle = h('p.mnb-winner');
  const overChips = h('ul.mnb-chips-list');
  const el = h('section.card.mnb-over', { 'aria-label': t('scorepad.game_over') }, h('h2', t('scorepad.game_over')), overTitle, overChips);
  function update(s, seats) {
    el.hidden = !s.finished;
    if (!s.finished) return;
    const names = s.winners.map(seat);
    overTitle.textContent = t('mnb.wins', { names: joined(names), count: names.length });
    overChips.replaceChildren(...seats.map((name, i) =>
      h(`li${s.winners.includes(i) ? '.winner' : ''}`, h('span.name', name), h('span.pts', t('mnb.points', { count: s.totals[i] })), h('span.chips', chipBadges(s.chips[i])))));
  }
  return { el, update };
}

/** After a turn: each one's points and the chips to take, and the bonus builds. */
function lastTurnCard(seat) {
  const lastTitle = h('h2');
  const lastList = h('ul.mnb-last-list');
  const el = h('section.card.mnb-last', { 'aria-label': t('mnb.last_turn'), hidden: true }, lastTitle, lastList);
  function update(s) {
    const last = s.last_turn;
    el.hidden = !last;
    if (!last) return;
    lastTitle.textContent = t('mnb.turn_built', { n: last.number, name: seat(last.builder) });
    const rows = [];
    last.points.forEach((p, i) => {
      if (i === last.builder || p) {
        rows.push(h('li', h('span.name', seat(i)), h('span.pts', `+${p}`),
          h('span.take', p ? [`${t('mnb.takes', { name: seat(i), chips: chipText(last.chips_to_take[i]) })} `, chipBadges(last.chips_to_take[i])] : t('mnb.nothing_to_take'))));
      }
    });
    if (last.bonus_builds?.length) {
      rows.push(h('li.muted', t('mnb.bonus_list', { builds: last.bonus_builds.map((b) => (b ? t('mnb.completed_5') : t('mnb.missed'))).join(', ') })));
    }
    lastList.replaceChildren(...rows);
  }
  return { el, update };
}

/** The score table: rows = rounds, columns = players, then totals and chips. */
function scoreTableCard() {
  const table = h('table.mnb-table');
  const el = h('section.card.mnb-score', { 'aria-label': t('mnb.score_table') }, h('h2', t('mnb.score_table')), h('div.mnb-table-wrap', table));
  function update(s, seats) {
    const head = h('thead', h('tr', h('th', ''), seats.map((name, i) => h(`th${s.builder === i ? '.now' : ''}`, name))));
    const body = h('tbody', s.score_table.map((row) => h('tr', h('th', row.label), row.points.map((p) => h('td', String(p))))));
    const totals = h('tfoot',
      h('tr', h('th', t('mnb.total')), s.totals.map((total) => h('td', String(total)))),
      h('tr.chips', h('th', t('mnb.chips')), s.chips.map((c) => h('td', chipBadges(c)))));
    table.replaceChildren(head, body, totals);
    el.hidden = !s.score_table.length;
  }
  return { el, update };
}

/** The shared timer in the build and bonus cards; End turn turns red when time is up. */
function showClock(view, build, bonus) {
  const timer = view?.timer;
  const phase = view?.state?.phase;
  const el = phase === 'bonus' ? bonus.clock : build.clock;
  if (!timer || (phase !== 'build' && phase !== 'bonus')) {
    build.el.classList.toggle('building', false); // remove() would write the class again even when absent
    return;
  }
  const left = remainingMs(timer);
  const state = timer.state === 'running' && left === 0 ? 'expired' : timer.state;
  // The builder builds: the card buttons come first (make-n-break.css).
  build.el.classList.toggle('building', phase === 'build' && (state === 'running' || state === 'expired'));
  const s = Math.ceil(left / 1000);
  const text = state === 'expired' ? t('timer.expired') : state === 'running' ? t('mnb.secs_left', { s })
    : state === 'paused' ? t('mnb.paused_secs', { s }) : t('timer.seconds', { s });
  // Four times a second: write only what changed, so an unchanged clock costs no layout.
  if (el.dataset.state !== state) el.dataset.state = state;
  if (el.textContent !== text) el.textContent = text;
  build.endTurn.classList.toggle('time-up', phase === 'build' && state === 'expired');
}

export function mount(root, session) {
  useStylesheet(STYLESHEET);
  const seat = (i) => session.view?.seats?.[i] ?? t('mnb.seat_n', { n: i + 1 });
  const builderSeat = () => session.view?.state?.builder;
  // Every turn event says whose turn the phone thought it was, so a stale phone is refused.
  const act = (type, data = {}) => session.act(type, { ...data, builder: builderSeat() }).catch(() => {});
  const undo = () => session.undo().catch(() => {});

  const who = whoCard(seat);
  const roll = rollCard(session, act);
  const build = buildCard(act, undo, seat);
  const bonus = bonusCard(act, undo, seat);
  const over = overCard(seat);
  const lastTurn = lastTurnCard(seat);
  const scores = scoreTableCard();
  root.append(who.el, roll, build.el, bonus.el, over.el, lastTurn.el, scores.el);

  const tick = () => showClock(session.view, build, bonus);
  const ticker = setInterval(tick, 250);

  function update(view) {
    const s = view.state;
    who.update(s);
    roll.hidden = s.phase !== 'roll';
    build.update(s);
    bonus.update(s);
    over.update(s, view.seats);
    lastTurn.update(s);
    scores.update(s, view.seats);
    tick();
  }

  return { update, destroy: () => clearInterval(ticker) };
}

/** The big screen's part (views/screen.js): who builds, the round and turn, who runs the timer, the die,
 *  this turn's cards and the "10" bonus builds still owed, the shared timer named as a bonus build's. */
export function screen(view) {
  const s = view.state;
  if (s.finished) return {};
  const seat = (i) => view.seats[i] ?? t('mnb.seat_n', { n: i + 1 });
  const turn = s.turn || {};
  const cards = (turn.cards || []).map((c) => h('li.sb-chip', (KIND_LABEL[c.kind] || (() => c.kind))(c)));
  return {
    turn: seat(s.builder),
    timer: s.phase === 'bonus' ? t('mnb.bonus_timer', { name: seat(s.builder) }) : '', // the countdown is the "10"'s
    doing: s.stage === 'sudden-death'
      ? t('mnb.sudden_death_turn', { round: turn.round ?? '', turn: turn.number ?? '' })
      : t('mnb.round_turn', { round: s.round, rounds: s.options.rounds, turn: turn.number ?? '' }),
    board: [
      stat(t('mnb.timer_role'), seat(s.timer_runner)),
      stat(t('dice.die'), turn.die ?? '–'),
      turn.bonus_owed ? stat(t('mnb.bonus_build'), t('mnb.bonus_to_go', { count: turn.bonus_owed })) : null, // in the row above the cards: on screen
      stat(t('mnb.cards_this_turn'), cards.length ? h('ul.sb-chips', cards) : '–', '.sb-wide'),
    ],
  };
}

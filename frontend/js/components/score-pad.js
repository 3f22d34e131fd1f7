// The plain score pad: add or take away points per player, rounds if the table counts them. The score pad
// game's panel (games/scorepad.js), and the one a game without a panel of its own gets (views/table.js).
import { h, renew } from '../lib/dom.js';
import { t } from '../i18n.js';

export const timerPresets = () => [30, 60, 120];
export const rolls = () => [{ label: t('scorepad.roll'), dice: ['d6'] }];

export function mount(root, session) {
  const amount = h('input#points', { type: 'number', inputmode: 'numeric', value: '1', 'aria-label': t('scorepad.points_aria') });
  const seatButtons = h('div.seat-buttons');
  const round = h('p.meta');
  const next = h('button', { onclick: () => session.act('next_round').catch(() => {}) }, t('scorepad.next_round'));
  const finish = h('button', { onclick: () => session.act('finish').catch(() => {}) }, t('scorepad.finish'));
  root.append(h('section.card.pad',
    h('label', { for: 'points' }, t('scorepad.points')),
    h('div.row', h('button', { onclick: () => (amount.value = String(-Math.abs(Number(amount.value) || 1))) }, '−'), amount,
      h('button', { onclick: () => (amount.value = String(Math.abs(Number(amount.value) || 1))) }, '+')),
    h('p.muted', t('scorepad.tap_player')),
    seatButtons, round, h('div.row', next, finish)));

  return {
    update(view) {
      const n = () => Number(amount.value) || 0;
      // Kept while they read the same: a tap on one is not lost to another phone's points arriving.
      renew(seatButtons, view.seats.map((name, seat) =>
        h('button.seat', { onclick: () => n() && session.act('points', { seat, points: n() }).catch(() => {}), disabled: view.state.finished }, name)));
      const rounds = view.state.options.rounds;
      round.textContent = view.state.finished ? t('scorepad.game_over')
        : rounds ? t('scorepad.round_of', { round: view.state.round, rounds }) : t('scorepad.round', { round: view.state.round });
      next.disabled = finish.disabled = view.state.finished;
    },
  };
}

/** The big screen's part (views/screen.js): the round; the scoreboard is the screen's own. */
export function screen(view) {
  const rounds = view.state.options.rounds;
  if (view.state.finished) return {};
  return { doing: rounds ? t('scorepad.round_of', { round: view.state.round, rounds }) : t('scorepad.round', { round: view.state.round }) };
}

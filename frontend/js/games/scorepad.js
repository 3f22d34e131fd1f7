// Score pad: add or take away points per player, rounds if the table counts them.
import { h } from '../lib/dom.js';

export const timerPresets = () => [30, 60, 120];
export const rolls = () => [{ label: 'Roll a die', dice: ['d6'] }];

export function mount(root, session) {
  const amount = h('input#points', { type: 'number', inputmode: 'numeric', value: '1', 'aria-label': 'points' });
  const seatButtons = h('div.seat-buttons');
  const round = h('p.meta');
  const next = h('button', { onclick: () => session.act('next_round').catch(() => {}) }, 'Next round');
  const finish = h('button', { onclick: () => session.act('finish').catch(() => {}) }, 'Finish game');
  root.append(h('section.card',
    h('label', { for: 'points' }, 'Points'),
    h('div.row', h('button', { onclick: () => (amount.value = String(-Math.abs(Number(amount.value) || 1))) }, '−'), amount,
      h('button', { onclick: () => (amount.value = String(Math.abs(Number(amount.value) || 1))) }, '+')),
    h('p.muted', 'Tap a player to give them these points.'),
    seatButtons, round, h('div.row', next, finish)));

  return {
    update(view) {
      const n = () => Number(amount.value) || 0;
      seatButtons.replaceChildren(...view.seats.map((name, seat) =>
        h('button.seat', { onclick: () => n() && session.act('points', { seat, points: n() }).catch(() => {}), disabled: view.state.finished }, name)));
      const rounds = view.state.options.rounds;
      round.textContent = view.state.finished ? 'Game over' : rounds ? `Round ${view.state.round} of ${rounds}` : `Round ${view.state.round}`;
      next.disabled = finish.disabled = view.state.finished;
    },
  };
}

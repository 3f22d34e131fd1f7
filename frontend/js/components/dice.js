// The last roll, as every phone at the table shows it, and the roll buttons.
import { h } from '../lib/dom.js';

const LABEL = { '#': 'blank', 0: 'blank', BRESK: 'BRESK' };
const NAMES = { 'make-n-break': 'Die', stopper: 'Stopper die', bresk: 'Bresk die', alphabet: 'Alphabet die', d6: 'Die' };

function face(result) {
  const text = LABEL[result.face] ?? String(result.face);
  // A table's Bresk die may show another face twice (bresk-0-twice, …): still the Bresk die.
  const name = NAMES[result.die] || (result.die.startsWith('bresk-') ? NAMES.bresk : result.die);
  return h('div.die', { dataset: { die: result.die, face: String(result.face) }, title: name },
    h('span', text === 'blank' ? '' : text));
}

export function mountDice(root, session, rolls) {
  const faces = h('div.dice-faces', { 'aria-live': 'polite', 'aria-label': 'last roll' });
  const buttons = h('div.dice-buttons');
  const card = h('section.card.dice', { 'aria-label': 'Dice' }, faces, buttons);
  root.append(card);
  let shown = null;

  function update(view) {
    const dice = view.dice;
    if (dice && dice.seq !== shown) {
      const fresh = shown !== null;
      shown = dice.seq;
      faces.replaceChildren(...dice.results.map(face));
      if (fresh) {
        faces.classList.remove('rolled');
        void faces.offsetWidth; // restart the animation
        faces.classList.add('rolled');
      }
    } else if (!dice) {
      shown = null;
      faces.replaceChildren(h('p.muted', 'No roll yet'));
    }
    buttons.replaceChildren(...rolls(view).map(({ label, dice: names, primary }) =>
      h(primary ? 'button.primary' : 'button', { onclick: () => session.act('roll', { dice: names }).catch(() => {}) }, label)));
  }

  return { update };
}

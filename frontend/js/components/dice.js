// The last roll, as every phone at the table shows it, and the roll buttons.
import { h } from '../lib/dom.js';
import { t } from '../i18n.js';

const LABEL = { '#': 'blank', 0: 'blank', BRESK: 'BRESK' };
const NAMES = () => ({ 'make-n-break': t('dice.die'), stopper: t('dice.stopper'), bresk: t('dice.bresk'), alphabet: t('dice.alphabet'), d6: t('dice.die') });

export function face(result) {
  const text = LABEL[result.face] ?? String(result.face);
  // A table's Bresk die may show another face twice (bresk-0-twice, …): still the Bresk die.
  const names = NAMES();
  const name = names[result.die] || (result.die.startsWith('bresk-') ? names.bresk : result.die);
  // A picture with a name a screen reader says ("Stopper die: blank"): a blank face has no text to read.
  const said = text === 'blank' ? t('log.blank') : text;
  return h('div.die', { dataset: { die: result.die, face: String(result.face) }, title: name, role: 'img', 'aria-label': `${name}: ${said}` },
    h('span', text === 'blank' ? '' : text));
}

/** Shows a new roll in `faces`, shaken as it lands (not on a table's first view); the seq now shown. */
export function showRoll(faces, dice, shown) {
  if (dice.seq === shown) return shown;
  faces.replaceChildren(...dice.results.map(face));
  if (shown !== null) {
    faces.classList.remove('rolled');
    void faces.offsetWidth; // restart the animation
    faces.classList.add('rolled');
  }
  return dice.seq;
}

export function mountDice(root, session, rolls) {
  const faces = h('div.dice-faces', { 'aria-live': 'polite', 'aria-label': t('dice.last_roll') });
  const buttons = h('div.dice-buttons');
  const card = h('section.card.dice', { 'aria-label': t('dice.title') }, faces, buttons);
  root.append(card);
  let shown = null;

  function update(view) {
    const dice = view.dice;
    if (dice) {
      shown = showRoll(faces, dice, shown);
    } else {
      shown = null;
      faces.replaceChildren(h('p.muted', t('dice.no_roll')));
    }
    buttons.replaceChildren(...rolls(view).map(({ label, dice: names, primary }) =>
      h(primary ? 'button.primary' : 'button', { onclick: () => session.act('roll', { dice: names }).catch(() => {}) }, label)));
  }

  return { update };
}

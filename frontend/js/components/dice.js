// The last roll, as every phone at the table shows it, and the roll buttons.
import { h, renew } from '../lib/dom.js';
import { t } from '../i18n.js';

const LABEL = { '#': 'blank', 0: 'blank', BRESK: 'BRESK' };

// Each game's phone module names its own dice as it loads (nameDice(die => name or null)); the plain six-sided
// die is everybody's, and a die nobody named is shown by its id.
const namers = [(die) => (die === 'd6' ? t('dice.die') : null)];
export function nameDice(namer) {
  namers.push(namer);
}
const dieName = (die) => namers.reduce((found, namer) => found || namer(die), null) || die;

export function face(result) {
  const text = LABEL[result.face] ?? String(result.face);
  const name = dieName(result.die);
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
    // Kept while they read the same (another phone's change arriving must not lift a finger off one); a button's
    // label names its dice, so a kept one rolls what it says.
    renew(buttons, rolls(view).map(({ label, dice: names, primary }) =>
      h(primary ? 'button.primary' : 'button', { onclick: () => session.act('roll', { dice: names }).catch(() => {}) }, label)));
  }

  return { update };
}

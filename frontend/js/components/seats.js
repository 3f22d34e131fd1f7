// Which seat this phone plays, as the server knows it (a claim_seat event, scorekeeper/reducer.py):
// one button per seat, each saying whether a phone plays it; a seat another phone holds is taken
// over only when asked ("Ben is on another phone — take over?"), and the phone that loses its seat
// is told so and chooses again. The phone holding the seat whose turn it is says "Your turn" (and
// vibrates where the phone allows). Every game's table has one; a panel may place its card itself.
import { t } from '../i18n.js';
import { seatOf } from '../lib/device.js';
import { h, renew } from '../lib/dom.js';

/** "Ben is on another phone — take over?": resolves 'take-over', 'for' (the extra choice) or null. */
function askTakeOver(name, extra) {
  const title = h('h2#seat-dialog-title', t('seats.take_over_q', { name }));
  const dialog = h('dialog.seat-dialog', { 'aria-labelledby': 'seat-dialog-title' }, title,
    h('p.meta', t('seats.take_over_help', { name })));
  return new Promise((resolve) => {
    let answer = null;
    const choose = (value) => () => {
      answer = value;
      dialog.close();
    };
    dialog.append(h('div.row',
      h('button.primary', { type: 'button', onclick: choose('take-over') }, t('seats.take_over')),
      extra ? h('button', { type: 'button', onclick: choose('for') }, extra(name)) : null,
      h('button', { type: 'button', onclick: choose(null) }, t('seats.cancel'))));
    document.body.append(dialog);
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    dialog.showModal();
  });
}

/** One seat's button: its name, whether a phone plays it, and what the game adds (a ✓ handed in). */
function seatButton(view, i, { mine, actingFor, buttonClass, badge, onTap }) {
  const held = view.claims?.[i];
  const here = i === mine;
  const status = here ? t('seats.this_phone') : held ? t('seats.on_a_phone') : '';
  const pressed = here || i === actingFor;
  return h('button', {
    type: 'button', class: `seat-pick ${buttonClass}${pressed ? ' chosen' : ''}`, 'aria-pressed': String(pressed),
    dataset: { held: here ? 'here' : held ? 'elsewhere' : 'free' }, onclick: () => onTap(i),
  }, h('span.seat-name', view.seats[i], badge?.(view, i) || null),
  // Its own line, heard as "Ben · on a phone": a button that grew as a claim arrived moved the others under
  // the fingers tapping them.
  status ? h('span.seat-status', h('span.seat-sep', ' · '), status) : null);
}

/** The "Your turn" line at the top of the table: shown on the phone holding the seat whose turn it is, or
 *  whatever else the game's panel says that seat does now (`turnNote`: the Würfelspiel's stopper). */
function turnBanner(turnNote) {
  const el = h('p.your-turn', { role: 'status', hidden: true });
  let wasMine = false;
  return {
    el,
    update(view, mine) {
      const text = mine === null ? '' : view.turn_seat === mine ? t('seats.your_turn', { name: view.seats[mine] })
        : turnNote?.(view, mine) || '';
      const now = Boolean(text);
      el.hidden = !now;
      el.textContent = text;
      // Only once the page has been tapped: before that the browser refuses (and says so in the console),
      // e.g. right after a reload.
      if (now && !wasMine && navigator.userActivation?.hasBeenActive !== false) {
        try {
          navigator.vibrate?.(200); // ignored where the phone does not vibrate
        } catch {
          /* some browsers throw instead */
        }
      }
      wasMine = now;
    },
  };
}

/**
 * The seats part: `card` (the buttons and notes) and `banner` ("Your turn"), and `update(view)`.
 * `options`: `label` over the buttons (`groupLabel` for a screen reader), `cardClass` and `buttonClass` for a panel's own look, `badge(view, i)`,
 * `forChoice(name)` an extra answer in the take-over question (act for that player without taking the
 * seat), `turnNote(view, seat)` what else that seat does now, and `onChange()` after this phone's seat or the
 * seat it acts for changed.
 */
export function seatsPart(session, options = {}) {
  const { label = t('seats.who_here'), groupLabel = label, cardClass = 'seats-card', buttonClass = '', badge, forChoice, turnNote, onChange } = options;
  const buttons = h('div.seat-picks', { role: 'group', 'aria-label': groupLabel });
  const note = h('p.seat-note', { role: 'status' });
  const card = h(`section.card.${cardClass}`, h('p.seat-label', label), buttons, note);
  const banner = turnBanner(turnNote);
  const part = { card, banner: banner.el, actingFor: null, update };
  let held = null; // the seat this phone held at the last update
  let asking = false;

  const changed = () => {
    update(session.view);
    onChange?.();
  };
  async function claim(i, takeOver) {
    note.textContent = '';
    try {
      await session.claim(i, takeOver);
    } catch (err) {
      if (err.code === 'seat_taken') await onTap(i); // taken a moment ago by another phone: ask now
    }
    changed();
  }
  async function onTap(i) {
    const view = session.view;
    const holder = view.claims?.[i];
    part.actingFor = null;
    if (i === seatOf(view)) return changed();
    if (!holder) return claim(i, false);
    if (asking) return undefined;
    asking = true;
    const answer = await askTakeOver(view.seats[i], forChoice).finally(() => (asking = false));
    if (answer === 'take-over') return claim(i, true);
    if (answer === 'for') part.actingFor = i;
    return changed();
  }
  function update(view) {
    if (!view) return;
    const mine = seatOf(view);
    if (held !== null && mine === null && view.claims?.[held]) {
      note.textContent = t('seats.taken_over', { name: view.seats[held] }); // another phone took it
    } else if (mine !== null) note.textContent = '';
    held = mine;
    if (part.actingFor !== null && (part.actingFor >= view.seats.length || part.actingFor === mine)) part.actingFor = null;
    // A button that reads the same stays: at the start everyone taps a seat while the others' claims arrive.
    renew(buttons, view.seats.map((_, i) =>
      seatButton(view, i, { mine, actingFor: part.actingFor, buttonClass, badge, onTap })));
    banner.update(view, mine);
  }
  return part;
}

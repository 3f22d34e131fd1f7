// Block Buster at the table: the point blocks in their pattern, the penalty-token ledger with
// the common supply, leftovers after a pass, a compact live score and the immediate-win banner.
//
// The end of the game is entered by tapping: "End the game" (everyone passes), then each open
// point block — tap who holds it, or Nobody — the sheet moving on to the next block by itself;
// spaces are counted only where the majority is in doubt ("Count the spaces"). Then each
// player's leftover squares on a number keypad, and the final scores to confirm together.
//
// Everything shown comes from the table view (state.rules has the pattern for the variant and
// player count); the catalogue entry is only used for names when it has them. The server's
// verdict (games/block_buster.py) is the one kept: the phone sends what the table says and
// shows the reply; block-buster-rules.js only previews a majority while spaces are counted.
//
// The panel is built from small pieces, each a function returning { el, render(view) } (cards)
// or { dialog, open(…), close(), refresh(view) } (sheets), sharing one context `ctx`.
import { h, renew, scrollToView, stat, useStylesheet } from '../lib/dom.js';
import { rovingGrid } from '../lib/roving.js';
import { t } from '../i18n.js';
import { SHAPE_NAMES, SPACES, coloursInPlay, judge, seatOfColour } from './block-buster-rules.js';

export const stylesheet = '/css/games/block-buster.css'; // the board's drawings, the big screen's too

export { judge };
export const usesTimer = false;
// The live score card (each player's colours, sets and penalties) is the table's scoreboard: the
// table's own list of the same totals is not shown beside it.
export const ownScores = true;

const SVG = 'http://www.w3.org/2000/svg';
const MINUS = '\u2212';

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : '0');
const minus = (n) => (n < 0 ? `${MINUS}${-n}` : String(n));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const joined = (names) => (names.length < 2 ? names.join('') : t('bb.joined', { names: names.slice(0, -1).join(', '), last: names.at(-1) }));
// What the phone shows: the shapes' and colours' names in the phone's language (SHAPE_NAMES stays
// English: it reads the server's set lines).
const SHAPE_LABELS = () => ({
  'red-circle': t('bb.red_circle'), 'red-star': t('bb.red_star'), 'green-spiral': t('bb.green_spiral'),
  'blue-wave': t('bb.blue_wave'), 'yellow-moon': t('bb.yellow_moon'),
});
const COLOUR_NAMES = () => ({ red: t('bb.red'), blue: t('bb.blue'), green: t('bb.green'), yellow: t('bb.yellow') });
const colourName = (c) => COLOUR_NAMES()[c] || c;

// --- shapes as inline SVG -------------------------------------------------------------

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

function starPoints(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function spiralPath() {
  const pts = [];
  for (let t = 0; t <= 2.8 * Math.PI * 2; t += 0.2) {
    const r = 3 + 2.05 * t;
    pts.push(`${(50 + r * Math.cos(t)).toFixed(1)},${(50 + r * Math.sin(t)).toFixed(1)}`);
  }
  return `M${pts.join(' L')}`;
}

const DRAW = {
  'red-circle': () => [svg('circle', { cx: 50, cy: 50, r: 33, class: 'bb-fill-red' })],
  'red-star': () => [svg('polygon', { points: starPoints(50, 53, 40, 17), class: 'bb-fill-red', 'stroke-linejoin': 'round' })],
  'green-spiral': () => [svg('path', { d: spiralPath(), class: 'bb-stroke-green', fill: 'none', 'stroke-width': 8, 'stroke-linecap': 'round' })],
  'blue-wave': () => [0, 1, 2].map((i) => svg('path', {
    d: `M12 ${32 + i * 18} q 9.5 -12 19 0 t 19 0 t 19 0 t 19 0`,
    class: 'bb-stroke-blue', fill: 'none', 'stroke-width': 8, 'stroke-linecap': 'round',
  })),
  'yellow-moon': () => [svg('path', { d: 'M62 14 A37 37 0 1 0 62 86 A29 29 0 1 1 62 14 Z', class: 'bb-fill-yellow' })],
};

function shapeIcon(shape, label) {
  const el = svg('svg', { viewBox: '0 0 100 100', class: 'bb-shape', 'data-shape': shape, 'aria-hidden': label ? 'false' : 'true' },
    ...(DRAW[shape] || (() => []))());
  if (label) {
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', label);
  }
  return el;
}

// --- tokens ---------------------------------------------------------------------------

function token(value, ghost = false) {
  const cubes = value === '-2' ? 2 : 1;
  return h(`span.bb-token${ghost ? '.ghost' : ''}`, { dataset: { value } }, Array.from({ length: cubes }, () => h('i')));
}

function tokenRow(counts) {
  const out = [];
  for (const v of ['-2', '-1']) for (let i = 0; i < (counts[v] || 0); i++) out.push(token(v));
  return out;
}

// --- names and places -------------------------------------------------------------------

function shapeOf(name) {
  return Object.keys(SHAPE_NAMES).find((id) => SHAPE_NAMES[id] === name) || null;
}

function shapeName(shape, game) {
  // The phone's own words for the box's five shapes first, so they read as the rest of the screen.
  return SHAPE_LABELS()[shape] || game?.shapes?.find((s) => s.id === shape)?.name || shape;
}

function shapePlural(shape, n, game) {
  const name = shapeName(shape, game);
  return t('bb.shapes', { count: n, name });
}

// The majority's reason in the phone's words. block-buster-rules.js keeps the server's English
// (the parity test holds it to the Python); this says the same from the same counts.
function whyText(counts, state) {
  const verdict = judge(counts, state);
  const entries = Object.entries(counts);
  const top = Math.max(0, ...entries.map(([, n]) => n));
  if (top === 0) return t('bb.nobody_yet');
  if (verdict.tie) {
    const tied = entries.filter(([, n]) => n === top).map(([c]) => c);
    const score = tied.map(() => top).join('–');
    if (!verdict.owner) return t('bb.tie_nobody', { score });
    const seatOf = seatOfColour(state);
    const seat = seatOf[verdict.owner];
    if (tied.every((c) => seatOf[c] === seat)) return t('bb.tie_same_player', { score, owner: colourName(verdict.owner), name: state.players[seat].name });
    return t('bb.tie_later', { score, owner: colourName(verdict.owner) });
  }
  const owner = verdict.owner;
  const others = entries.filter(([c, n]) => c !== owner && n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  return others.length ? t('bb.vs', { owner: colourName(owner), top, other: colourName(others[0][0]), second: others[0][1] })
    : t('bb.nobody_else', { owner: colourName(owner), top });
}

function place(state, index) {
  const columns = state.rules.columns;
  return { row: Math.floor(index / columns) + 1, column: (index % columns) + 1 };
}

function swatches(colours) {
  return h('span.bb-swatches', colours.map((c) => h('span.bb-swatch', { dataset: { colour: c }, title: colourName(c) })));
}

// --- what is left to enter at the end, in the order the table enters it ------------------

/** Who has not passed, which point blocks are open, whose leftovers are unsaid. */
export function whatIsMissing(state) {
  return {
    waiting: state.players.filter((p) => !p.passed).map((p) => p.name),
    open: state.point_blocks.map((entry, i) => (entry ? null : i)).filter((i) => i !== null),
    unsaid: state.players.map((p, seat) => (p.leftover_squares === null ? seat : null)).filter((s) => s !== null),
  };
}

/** Once everyone has passed: the next open point block after `after` (board order, wrapping),
 *  else the first player whose leftovers are unsaid, else the summary. Null while play goes on. */
export function nextStep(state, after = -1) {
  if (state.finished || !state.players.every((p) => p.passed)) return null;
  const n = state.point_blocks.length;
  for (let k = 1; k < n + (after < 0 ? 1 : 0); k++) {
    const i = (after + k + n) % n;
    if (!state.point_blocks[i]) return { block: i };
  }
  const seat = state.players.findIndex((p) => p.leftover_squares === null);
  return seat >= 0 ? { seat } : { summary: true };
}

// --- sheets (bottom sheets over the table) -------------------------------------------------

function sheet(kind) {
  const dialog = h(`dialog.bb-sheet.${kind}`, { 'aria-labelledby': `${kind}-title` });
  document.body.append(dialog);
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close(); // a tap on the backdrop
  });
  return dialog;
}

function sheetHead(kind, title, meta, onClose, icon = null) {
  return h('div.bb-editor-head',
    icon ? h('span.bb-head-shape', icon) : null,
    h('div.bb-head-text', h(`h2#${kind}-title`, title), meta ? h('p.meta', meta) : null),
    h('button.icon', { type: 'button', 'aria-label': t('bb.close'), onclick: onClose }, '×'));
}

const overNote = () => h('p.meta', t('bb.over_undo'));

function holderButton(state, label, detail, pressed, colour, onclick) {
  return h('li', h('button.bb-holder', {
    type: 'button', 'aria-pressed': String(pressed), disabled: state.finished,
    dataset: colour ? { colour } : {}, onclick,
  }, colour ? h('span.bb-swatch', { dataset: { colour } }) : h('span.bb-swatch.bb-none'),
  h('span.bb-holder-text', h('b', label), detail ? h('small', detail) : null)));
}

/** The picker's sheet for block `index`: a button per colour in play and one for nobody, the counts
 *  entered, the tie rule and a way to count the spaces. */
function pickerContent(ctx, index, { choose, close, error }) {
  const state = ctx.view.state;
  const shape = state.rules.pattern[index];
  const { row, column } = place(state, index);
  const entry = state.point_blocks[index];
  const judged = (ctx.view.result.point_blocks || state.point_block_owners || [])[index] || {};
  const current = entry ? judged.owner ?? null : undefined;
  const entered = state.point_blocks.filter(Boolean).length;
  const tieNobody = state.options.tie_takes_nobody !== false;
  const counted = entry?.counts ? h('p.meta.bb-counted', t('bb.counted', { why: whyText(entry.counts, state) })) : null;
  return [
    sheetHead('bb-picker', cap(shapeName(shape, ctx.game)),
      t('bb.place_entered', { row, column, n: entered, all: state.point_blocks.length }), close, shapeIcon(shape)),
    h('p.bb-ask', t('bb.who_holds')),
    h('ul.bb-holders',
      coloursInPlay(state).map(({ colour, name }) =>
        holderButton(state, name, state.rules.colours_per_player > 1 ? colourName(colour) : null, current === colour, colour, () => choose(colour))),
      holderButton(state, t('bb.holder_nobody'), tieNobody ? t('bb.tie_or_none') : t('bb.none_around'), current === null, null, () => choose(null))),
    counted,
    h('p.meta.bb-tie-rule', tieNobody ? t('bb.tie_rule_nobody') : t('bb.tie_rule_later')),
    h('button.wide.bb-count-spaces', { type: 'button', disabled: state.finished, onclick: () => ctx.sheets.counter.open(index) },
      tieNobody ? t('bb.count_not_sure') : t('bb.count_tie')),
    state.finished ? overNote() : null,
    h('p.error', { role: 'alert', hidden: !error }, error),
  ].filter(Boolean);
}

/** Tap a point block, tap who holds it. Once everyone has passed it moves on by itself. */
function ownerPicker(ctx) {
  const dialog = sheet('bb-picker');
  let index = null;
  let error = '';

  // `again`: the same block with what the table now says (renew keeps what is unchanged under a finger).
  function draw(again = false) {
    const content = pickerContent(ctx, index, { choose, close: () => dialog.close(), error });
    if (again) renew(dialog, content);
    else dialog.replaceChildren(...content);
  }

  async function choose(owner) {
    const at = index;
    let reply;
    try {
      reply = await ctx.act('point_block', { index: at, owner });
    } catch (err) {
      error = err.message;
      if (index === at && dialog.open) draw(true);
      return;
    }
    if (index !== at || !dialog.open) return;
    if (reply === null) dialog.close(); // queued while offline: nothing to move on from yet
    else ctx.goOn(at);
  }

  return {
    dialog,
    open(i) {
      index = i;
      error = '';
      draw();
      if (!dialog.open) dialog.showModal();
    },
    close: () => dialog.open && dialog.close(),
    refresh: () => dialog.open && draw(true),
  };
}

const RING = [0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4]; // the ring's cells clockwise from the top left

/** The block with its 12 spaces around it, filled colour by colour as counted. */
function ring(state, shape, counts) {
  const fill = coloursInPlay(state).flatMap(({ colour }) => Array.from({ length: counts[colour] }, () => colour));
  const cells = Array.from({ length: 16 }, () => null);
  RING.forEach((cell, i) => (cells[cell] = h('span.bb-space', fill[i] ? { dataset: { colour: fill[i] } } : {})));
  return h('div.bb-ring', { 'aria-hidden': 'true' }, cells[0], cells[1], cells[2], cells[3], cells[4],
    h('span.bb-ring-centre', shapeIcon(shape)), cells[7], cells[8], cells[11], cells[12], cells[13], cells[14], cells[15]);
}

/** − n + for one colour; `set(value)` when tapped. */
function stepper(state, { colour, name }, n, total, set) {
  const over = state.finished;
  return h('li.bb-stepper', { dataset: { colour } },
    h('span.bb-stepper-label', h('span.bb-swatch', { dataset: { colour } }), h('span', h('b', cap(colourName(colour))), h('small', name))),
    h('button.bb-step', { type: 'button', 'aria-label': t('bb.fewer', { colour: colourName(colour) }), disabled: over || n <= 0, onclick: () => set(n - 1) }, MINUS),
    h('output.bb-count', { 'aria-label': t('bb.colour_spaces', { colour: colourName(colour) }), 'aria-live': 'polite' }, String(n)),
    h('button.bb-step', { type: 'button', 'aria-label': t('bb.more', { colour: colourName(colour) }), disabled: over || total >= SPACES, onclick: () => set(n + 1) }, '+'));
}

/** Who holds the block with these counts, and whether nothing left to place can change it. */
function ownerLine(state, counts) {
  const verdict = judge(counts, state);
  const holder = verdict.owner ? state.players[seatOfColour(state)[verdict.owner]].name : null;
  const why = whyText(counts, state);
  const text = !verdict.owner ? cap(why)
    : `${verdict.clinched ? t('bb.takes_it', { holder, colour: colourName(verdict.owner) }) : t('bb.leads', { holder, colour: colourName(verdict.owner) })} — ${why}`;
  return h('p.bb-owner', { dataset: { owner: verdict.owner || '', clinched: String(verdict.clinched) }, 'aria-live': 'polite' },
    verdict.owner ? h('span.bb-swatch', { dataset: { colour: verdict.owner } }) : null,
    h('span.bb-owner-text', text), verdict.clinched ? h('span.bb-lock', t('bb.clinched')) : null);
}

/** The 12 spaces around one point block, colour by colour, with the owner previewed live. */
function spaceCounter(ctx) {
  const dialog = sheet('bb-editor');
  let index = null;
  let counts = {};
  let error = '';
  const setter = (colour) => (value) => {
    counts[colour] = value;
    error = '';
    draw();
  };

  function draw() {
    const state = ctx.view.state;
    const shape = state.rules.pattern[index];
    const { row, column } = place(state, index);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    dialog.replaceChildren(...[
      sheetHead('bb-editor', cap(shapeName(shape, ctx.game)), t('bb.row_column_cap', { row, column }), () => dialog.close()),
      ring(state, shape, counts),
      h('p.bb-sum', { dataset: { full: String(total >= SPACES) } }, t('bb.of_spaces', { total, all: SPACES })),
      h('ul.bb-steppers', coloursInPlay(state).map((c) => stepper(state, c, counts[c.colour], total, setter(c.colour)))),
      ownerLine(state, counts),
      state.finished ? overNote() : null,
      h('p.error.bb-editor-error', { role: 'alert', hidden: !error }, error),
      h('div.row.bb-editor-actions', h('button', { type: 'button', onclick: () => dialog.close() }, t('bb.cancel')),
        h('button.primary.bb-save', { type: 'button', disabled: state.finished, onclick: save }, t('bb.save'))),
    ].filter(Boolean));
  }

  async function save() {
    const at = index;
    let reply;
    try {
      reply = await ctx.act('point_block', { index: at, counts: { ...counts } });
    } catch (err) {
      error = err.message;
      if (index === at && dialog.open) draw();
      return;
    }
    if (index !== at) return;
    dialog.close();
    if (reply !== null) ctx.goOn(at);
  }

  return {
    dialog,
    open(i) {
      const state = ctx.view.state;
      const entry = state.point_blocks[i];
      index = i;
      counts = Object.fromEntries(coloursInPlay(state).map(({ colour }) => [colour, entry?.counts?.[colour] ?? 0]));
      error = '';
      ctx.sheets.picker.close();
      draw();
      if (!dialog.open) dialog.showModal();
    },
    close: () => dialog.open && dialog.close(),
    refresh: () => dialog.open && draw(),
  };
}

const mostSquares = (state) => state.rules.blocks_per_player * state.options.max_squares_per_block;

/** 1–9, ⌫ and 0; a digit that would go past what a player can have left is off. */
function keypadKeys(state, digits, press) {
  const fits = (d) => Number((digits === '0' ? '' : digits) + d) <= mostSquares(state);
  const digit = (d) => h('button.bb-key', { type: 'button', disabled: !fits(d), onclick: () => press(d) }, d);
  return h('div.bb-keys', ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(digit),
    h('button.bb-key', { type: 'button', 'aria-label': t('bb.delete_digit'), disabled: !digits, onclick: () => press('back') }, '⌫'),
    digit('0'));
}

/** A player's leftover squares on a number keypad, then on to the next player. */
function leftoverKeypad(ctx) {
  const dialog = sheet('bb-keypad');
  let seat = null;
  let digits = '';
  let error = '';

  function press(key) {
    digits = key === 'back' ? digits.slice(0, -1) : (digits === '0' ? '' : digits) + key;
    error = '';
    draw(true);
  }

  // `again`: the same player with what the table now says (renew keeps what is unchanged under a finger).
  function draw(again = false) {
    const state = ctx.view.state;
    const player = state.players[seat];
    const after = state.players.findIndex((p, s) => s !== seat && p.leftover_squares === null);
    const content = [
      sheetHead('bb-keypad', t('bb.keypad_title', { name: player.name }),
        t('bb.keypad_help', { name: player.name, minus: MINUS }), () => dialog.close(), swatches(player.colours)),
      h('output.bb-keypad-value', { 'aria-live': 'polite', 'aria-label': t('bb.keypad_value', { name: player.name }) }, digits || '–'),
      keypadKeys(state, digits, press),
      h('p.error', { role: 'alert', hidden: !error }, error),
      h('button.primary.wide.bb-keypad-save', { type: 'button', disabled: digits === '' || state.finished, onclick: save },
        after >= 0 ? t('bb.save_next', { name: state.players[after].name }) : t('bb.save'))];
    if (again) renew(dialog, content);
    else dialog.replaceChildren(...content);
  }

  async function save() {
    const at = seat;
    let reply;
    try {
      reply = await ctx.act('leftover', { seat: at, squares: Number(digits) });
    } catch (err) {
      error = err.message;
      if (seat === at && dialog.open) draw(true);
      return;
    }
    if (seat !== at || !dialog.open) return;
    if (reply === null) dialog.close();
    else ctx.goOn(ctx.view.state.point_blocks.length - 1);
  }

  return {
    dialog,
    open(s) {
      seat = s;
      const saved = ctx.view.state.players[s].leftover_squares;
      digits = saved === null ? '' : String(saved);
      error = '';
      draw();
      if (!dialog.open) dialog.showModal();
    },
    close: () => dialog.open && dialog.close(),
    refresh: () => dialog.open && draw(true),
  };
}

/** The final scores, big, to check together before finishing. */
function finishSummary(ctx) {
  const dialog = sheet('bb-summary');

  function draw() {
    const { state, result } = ctx.view;
    const winners = new Set(result.winners);
    const teams = result.teams || [];
    const ranked = result.players.map((p, seat) => ({ p, seat })).sort((a, b) => b.p.total - a.p.total);
    const error = h('p.error', { role: 'alert', hidden: true });
    const finish = h('button.primary.bb-summary-finish', { type: 'button' }, t('bb.finish_verdict', { verdict: winnerText(result) }));
    finish.addEventListener('click', () => {
      finish.disabled = true;
      ctx.act('finish').then(() => dialog.close()).catch((err) => {
        error.textContent = err.message;
        error.hidden = false;
        finish.disabled = false;
      });
    });
    dialog.replaceChildren(...[
      h('h2#bb-summary-title', t('bb.finish_q')),
      h('p.meta', t('bb.check_together')),
      h('ol.bb-summary-list', ranked.map(({ p, seat }) => h('li.bb-summary-player', {
        class: winners.has(p.name) ? 'bb-summary-player winner' : 'bb-summary-player', dataset: { seat: String(seat) },
      }, h('div.bb-score-head', swatches(p.colours || state.players[seat].colours), h('span.bb-player-name', p.name),
        h('span.bb-total', minus(p.total))),
      h('ul.bb-lines', p.lines.length ? p.lines.map((l) => h('li.bb-line', h('span.bb-line-label', l.label), h('span.bb-pts', signed(l.points))))
        : h('li.bb-line.meta', t('bb.no_points')))))),
      teams.length ? h('ul.bb-teams', teams.map((team) => h('li.bb-team', h('span', t('bb.team_line', { team: team.team, name: team.name })), h('b.bb-total', minus(team.total))))) : null,
      error,
      h('div.bb-summary-actions', h('button', { type: 'button', onclick: () => dialog.close() }, t('bb.not_yet')), finish),
    ].filter(Boolean));
  }

  return {
    dialog,
    open() {
      draw();
      if (!dialog.open) dialog.showModal();
    },
    close: () => dialog.open && dialog.close(),
    refresh() {
      if (!dialog.open) return;
      if (ctx.view.state.finished) dialog.close();
      else draw();
    },
  };
}

/** "Ann wins", "Ann and Ben share the win", "Ann & Cat win" (couples win as a team). */
function winnerText(result) {
  const winners = new Set(result.winners);
  const teams = (result.teams || []).filter((team) => team.members.every((m) => winners.has(m)));
  const names = teams.length ? teams.map((team) => team.name) : result.winners;
  if (names.length > 1) return t('bb.share_win', { names: joined(names) });
  return teams.length ? t('bb.team_wins', { name: names[0] }) : t('bb.wins', { name: names[0] });
}

// --- cards on the table screen -------------------------------------------------------------

/** Everyone still playing passes (the game is over), then on to entering the blocks; a refusal is said in `error`. */
async function endGame(ctx, error) {
  error.hidden = true;
  try {
    for (const [seat, p] of ctx.view.state.players.entries()) {
      if (!p.passed && (await ctx.act('pass', { seat })) === null) return; // offline: queued
    }
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  ctx.goOn(-1);
}

/** What to do next, in words, and the button that does it: [text, label, primary, onclick]. */
function nextThing(ctx, state, { waiting, open, unsaid }, confirm) {
  if (waiting.length) {
    return [t('bb.playing', { names: joined(waiting), count: waiting.length }), t('bb.end_game'), false, confirm];
  }
  if (open.length) {
    return [t('bb.enter_open', { count: open.length }), t('bb.enter_blocks'), true, () => ctx.sheets.picker.open(open[0])];
  }
  if (unsaid.length) {
    const names = unsaid.map((s) => state.players[s].name);
    return [t('bb.enter_leftovers', { names: joined(names), count: names.length }), t('bb.enter_leftover_btn'), true,
      () => ctx.sheets.keypad.open(unsaid[0])];
  }
  return [t('bb.all_entered'), null, false, null];
}

// "End the game?" asked or taken back moves the card (block-buster.css: the question comes before the board), on a
// small phone hundreds of pixels away from the finger that tapped: it is brought into view, and the focus goes to
// `button` in it (the keyboard's and the screen reader's place follows the eye).
function bringIntoView(card, button) {
  scrollToView(card);
  button.focus({ preventScroll: true });
}

/** The one thing to do now: end the game, enter the blocks, the leftovers, or finish. */
function nowCard(ctx) {
  const text = h('p.bb-now-text');
  const step = h('button.bb-step-action', { type: 'button' });
  const finish = h('button.bb-finish', { type: 'button', onclick: () => ctx.sheets.summary.open() }, t('bb.finish'));
  const cancel = h('button.bb-not-yet', { type: 'button', hidden: true, onclick: () => {
    confirming = false;
    render(ctx.view);
    bringIntoView(el, step);
  } }, t('bb.not_yet'));
  const error = h('p.error', { role: 'alert', hidden: true });
  const el = h('section.card.bb-now', { 'aria-label': t('bb.what_now') }, text, h('div.bb-now-actions', cancel, step, finish), error);
  let confirming = false;

  function show(label, primary, onclick) {
    step.hidden = !label;
    step.textContent = label || '';
    step.classList.toggle('primary', primary);
    step.onclick = onclick;
  }

  function render({ state }) {
    el.hidden = state.finished;
    const missing = whatIsMissing(state);
    const { waiting, open, unsaid } = missing;
    const ready = !waiting.length && !open.length && !unsaid.length;
    el.dataset.phase = state.finished ? 'over' : waiting.length ? 'playing' : ready ? 'ready' : 'entering';
    // Playing on, but someone has passed: the game is ending, and "End the game" is what comes next.
    el.dataset.ending = String(Boolean(waiting.length) && waiting.length < state.players.length);
    finish.hidden = Boolean(waiting.length);
    // As the server's finish (games/block_buster.py): nothing is assumed, not even a 0.
    finish.disabled = !ready;
    finish.classList.toggle('primary', ready);
    confirming &&= waiting.length > 0;
    cancel.hidden = !confirming;
    el.dataset.confirming = String(confirming);
    if (confirming) {
      text.textContent = t('bb.confirm_end', { names: joined(waiting), count: waiting.length });
      show(t('bb.yes_end'), true, () => {
        confirming = false;
        endGame(ctx, error);
      });
      return;
    }
    // The focus on the answer that plays on: a second Enter does not end the game.
    const [said, label, primary, onclick] = nextThing(ctx, state, missing, () => {
      confirming = true;
      render(ctx.view);
      bringIntoView(el, cancel);
    });
    text.textContent = said;
    show(label, primary, onclick);
  }

  return { el, render };
}

function bannerCard(ctx) {
  const el = h('div.bb-banner', { role: 'status', hidden: true });
  function render({ state, result }) {
    const win = result.immediate_win || state.immediate_win;
    if (win) {
      const text = win.sets.map((s) => t('bb.wins_at_once', { name: s.name, shapes: shapePlural(s.shape, s.count, ctx.game) })).join('; ');
      el.replaceChildren(h('span.bb-banner-shape', shapeIcon(win.sets[0].shape)), h('span', { dataset: { kind: 'immediate' } }, text));
      el.dataset.kind = 'immediate';
    } else if (state.finished) {
      el.replaceChildren(h('span', t('bb.game_over_banner', { text: winnerText(result) })));
      el.dataset.kind = 'final';
    }
    el.hidden = !win && !state.finished;
  }
  return { el, render };
}

function boardCard(ctx) {
  const grid = h('div.bb-board');
  const caption = h('p.meta.bb-board-caption');
  const progress = h('span.bb-progress');
  const el = h('section.card.bb-board-card', { 'aria-label': t('bb.point_blocks') }, h('div.bb-head', h('h2', t('bb.point_blocks')), progress), grid, caption);
  const roving = rovingGrid(grid, 'button.bb-tile', () => Number(grid.dataset.columns) || 4);

  function tile(state, judged, shape, index, tabIndex) {
    const b = judged[index] || {};
    const entry = state.point_blocks[index];
    let status = 'empty';
    if (b.entered) {
      if (b.owner) status = b.clinched ? 'clinched' : b.decided ? 'decided' : 'leading';
      else status = /^tie/.test(b.why || '') ? 'tie' : 'nobody';
    }
    const caption = !b.entered ? '' : b.owner ? b.holder : status === 'tie' ? t('bb.tie') : t('bb.nobody');
    const counts = entry?.counts ? Object.entries(entry.counts).filter(([, n]) => n > 0) : [];
    const { row, column } = place(state, index);
    const held = b.owner ? `${b.holder} (${colourName(b.owner)})${b.clinched ? `, ${t('bb.clinched')}` : b.decided ? '' : `, ${t('bb.leading')}`}`
      : entry?.counts ? whyText(entry.counts, state) : t('bb.nobody');
    const label = t('bb.tile_label', { row, column, shape: shapeName(shape, ctx.game) }) + (b.entered ? ` — ${held}` : `, ${t('bb.not_entered')}`);
    return h('button.bb-tile', {
      type: 'button', 'aria-label': label, dataset: { index: String(index), state: status, owner: b.owner || '' },
      tabIndex, onclick: () => ctx.sheets.picker.open(index),
    },
    shapeIcon(shape),
    b.clinched ? h('span.bb-lock-badge', { title: t('bb.clinched') }, '✓') : null,
    h('span.bb-caption', caption || '\u00a0'),
    counts.length ? h('span.bb-pips', counts.map(([c, n]) => h('span.bb-pip', { dataset: { colour: c } }, String(n)))) : null);
  }

  function render({ state, result }) {
    const judged = result.point_blocks || state.point_block_owners || [];
    grid.dataset.columns = String(state.rules.columns);
    // A block that looks the same stays the button it was: a finger on it when another phone's entry arrives
    // still opens its sheet.
    roving.redraw((tabIndexOf) => renew(grid, state.rules.pattern.map((shape, index) =>
      tile(state, judged, shape, index, tabIndexOf(index)))));
    progress.textContent = t('bb.entered', { n: state.point_blocks.filter(Boolean).length, all: state.point_blocks.length });
    caption.textContent = state.finished
      ? t('bb.final_board')
      : t('bb.board_help');
  }
  return { el, render };
}

function supplyView(state) {
  const start = { '-2': 8, '-1': 8 };
  const left = state.supply;
  return [
    h('p.bb-supply-title', h('b', t('bb.supply')), h('span.meta', ` ${t('bb.supply_left', { two: left['-2'], one: left['-1'], minus: MINUS })}`)),
    ...['-2', '-1'].map((v) => h('div.bb-supply-row', { dataset: { value: v }, role: 'group', 'aria-label': t('bb.tokens_left', { n: left[v], all: start[v], token: `${MINUS}${v.slice(1)}` }) },
      Array.from({ length: start[v] }, (_, i) => token(v, i >= left[v])))),
  ];
}

/** A passed player's leftover squares, with Enter or Change (which opens the keypad). */
function leftoverRow(ctx, state, seat, p) {
  const saved = p.leftover_squares;
  return h('div.bb-leftover',
    h('span.bb-leftover-label', t('bb.leftover')),
    h('output.bb-count', { dataset: { saved: String(saved !== null) } }, saved === null ? '–' : String(saved)),
    state.finished ? null : h(`button${saved === null ? '.primary' : ''}`, {
      type: 'button', 'aria-label': saved === null ? t('bb.enter_leftover_of', { name: p.name }) : t('bb.change_leftover_of', { name: p.name }),
      onclick: () => ctx.sheets.keypad.open(seat),
    }, saved === null ? t('bb.enter') : t('bb.change')));
}

/** "Skipped 2 or more": how many spaces (2 or more), then take the −2 token or cancel. */
function skipChooser(ctx, ledger, seat) {
  const n = ledger.skipDraft[seat];
  const set = (v) => { ledger.skipDraft[seat] = v; ctx.refresh(); };
  const take = async () => {
    if (await ledger.act(seat, 'skip', { seat, spaces: n })) {
      delete ledger.skipDraft[seat];
      ctx.refresh();
    }
  };
  return h('div.bb-skip-chooser',
    h('span', t('bb.skipped')),
    h('button.bb-step', { type: 'button', 'aria-label': t('bb.fewer_spaces'), disabled: n <= 2, onclick: () => set(n - 1) }, MINUS),
    h('output.bb-count', String(n)),
    h('button.bb-step', { type: 'button', 'aria-label': t('bb.more_spaces'), onclick: () => set(n + 1) }, '+'),
    h('span', t('bb.spaces')),
    h('button.primary', { type: 'button', onclick: take }, t('bb.take', { n, token: `${MINUS}2` })),
    h('button', { type: 'button', onclick: () => { delete ledger.skipDraft[seat]; ctx.refresh(); } }, t('bb.cancel')));
}

/** While a player plays: skipped one space, skipped more, or pass. */
function playActions(ctx, ledger, seat) {
  if (ledger.skipDraft[seat]) return skipChooser(ctx, ledger, seat);
  return h('div.bb-actions',
    h('button', { type: 'button', onclick: () => ledger.act(seat, 'skip', { seat, spaces: 1 }) }, t('bb.skipped_1')),
    h('button', { type: 'button', onclick: () => { ledger.skipDraft[seat] = 2; delete ledger.notes[seat]; ctx.refresh(); } }, t('bb.skipped_2')),
    h('button.bb-pass', { type: 'button', onclick: () => ledger.act(seat, 'pass', { seat }) }, t('bb.pass')));
}

/** Penalty tokens: skips and passes while playing, then each player's leftover squares. */
function ledgerCard(ctx) {
  const supply = h('div.bb-supply');
  const list = h('ol.bb-ledger');
  const el = h('section.card.bb-ledger-card', { 'aria-label': t('bb.penalty_tokens') }, h('div.bb-head', h('h2', t('bb.penalty_tokens'))), supply, list);
  const ledger = {
    skipDraft: {}, // seat → spaces being chosen in "Skipped 2 or more"
    notes: {}, // seat → the server's refusal for that player's last action
    async act(seat, type, data) {
      delete ledger.notes[seat];
      try {
        await ctx.act(type, data);
        return true;
      } catch (err) {
        ledger.notes[seat] = err.message;
        ctx.refresh();
        return false;
      }
    },
  };

  function playerRow(state, p, seat) {
    const tokens = tokenRow(p.tokens);
    const note = ledger.notes[seat];
    return h('li.bb-player', { dataset: { seat: String(seat), passed: String(p.passed) } },
      h('div.bb-player-head',
        swatches(p.colours),
        h('span.bb-player-name', p.name, p.team ? h('small', ` ${t('bb.team_n', { team: p.team })}`) : null),
        p.passed ? h('span.bb-badge', t('bb.passed')) : null,
        h('span.bb-penalty', { dataset: { penalty: String(p.penalty) }, 'aria-label': t('bb.penalty', { name: p.name, n: p.penalty }) }, minus(p.penalty))),
      h('div.bb-held', tokens.length ? tokens : h('span.meta', t('bb.no_tokens')),
        p.skipped_spaces ? h('span.meta', ` · ${t('bb.skipped_n', { count: p.skipped_spaces })}`) : null),
      !p.passed && !state.finished ? playActions(ctx, ledger, seat) : null,
      p.passed ? leftoverRow(ctx, state, seat, p) : null,
      note ? h('p.error.bb-note', { role: 'alert' }, note) : null);
  }

  function render({ state }) {
    supply.replaceChildren(...supplyView(state));
    list.replaceChildren(...state.players.map((p, seat) => playerRow(state, p, seat)));
  }
  return { el, render };
}

function scoreLine(l) {
  // A set line ("2 × green spiral", in the phone's language) says its shape and count: they are drawn in front.
  // (A table scored before lines said them has only the English words to read them from.)
  const set = l.shape ? null : l.label.match(/^(\d+) × ([a-z ]+?)(?: \(|$)/);
  const shape = l.shape && SHAPE_NAMES[l.shape] ? l.shape : set && shapeOf(set[2]);
  const count = l.shape ? l.count : set && Number(set[1]);
  return h('li.bb-line',
    h('span.bb-line-label', shape ? h('span.bb-mini-shapes', Array.from({ length: count }, () => shapeIcon(shape))) : null, l.label),
    h('span.bb-pts', signed(l.points)));
}

function scoreCard() {
  const list = h('ol.bb-scores');
  const teamList = h('ul.bb-teams');
  const note = h('p.meta.bb-score-note');
  const title = h('h2', t('bb.live_score'));
  const el = h('section.card.bb-score-card', { 'aria-label': t('bb.live_score') }, h('div.bb-head', title), list, teamList, note);

  function render({ state, result }) {
    const winners = new Set(result.winners);
    list.replaceChildren(...result.players.map((p, seat) => h('li.bb-score', {
      dataset: { seat: String(seat) }, class: result.finished && winners.has(p.name) ? 'bb-score winner' : 'bb-score',
    },
    h('div.bb-score-head', swatches(p.colours || state.players[seat].colours), h('span.bb-player-name', p.name),
      h('span.bb-total', { dataset: { total: String(p.total) } }, minus(p.total))),
    h('ul.bb-lines', p.lines.map(scoreLine), p.lines.length ? null : h('li.bb-line.meta', t('bb.no_points_yet'))))));
    teamList.replaceChildren(...(result.teams || []).map((team) =>
      h('li.bb-team', h('span', t('bb.team_line', { team: team.team, name: team.name })), h('b.bb-total', { dataset: { total: String(team.total) } }, minus(team.total)))));
    note.textContent = state.finished ? result.reason || t('bb.game_over') : '';
    note.classList.toggle('bb-final', state.finished);
    // After the game it is the table's one scoreboard: no longer "live".
    title.textContent = state.finished ? t('bb.final_score') : t('bb.live_score');
    el.setAttribute('aria-label', title.textContent);
  }
  return { el, render };
}

// --- the panel --------------------------------------------------------------------------

export function mount(root, session, game) {
  useStylesheet(stylesheet);
  const ctx = {
    game,
    view: null,
    sheets: {},
    act: (type, data) => session.act(type, data),
    refresh: () => ctx.view && render(ctx.view),
    // After a block or a leftover is entered: on to the next thing to enter, or close.
    goOn(after) {
      const next = ctx.view && nextStep(ctx.view.state, after);
      const { picker, counter, keypad, summary } = ctx.sheets;
      if (next?.block === undefined) picker.close();
      if (next?.seat === undefined) keypad.close();
      counter.close();
      if (!next) return;
      if (next.block !== undefined) picker.open(next.block);
      else if (next.seat !== undefined) keypad.open(next.seat);
      else summary.open();
    },
  };
  Object.assign(ctx.sheets, { picker: ownerPicker(ctx), counter: spaceCounter(ctx), keypad: leftoverKeypad(ctx), summary: finishSummary(ctx) });
  const cards = [bannerCard(ctx), boardCard(ctx), nowCard(ctx), ledgerCard(ctx), scoreCard(ctx)];
  root.append(h('div.bb', cards.map((c) => c.el)));

  function render(v) {
    ctx.view = v;
    cards.forEach((c) => c.render(v));
    Object.values(ctx.sheets).forEach((s) => s.refresh(v));
  }

  return {
    update(v) {
      if (v.game && v.game !== 'block-buster') return;
      render(v);
    },
    destroy() {
      Object.values(ctx.sheets).forEach((s) => s.dialog.remove());
    },
  };
}

/** The big screen's part (views/screen.js): the board's point blocks, each with who holds it, every
 *  player's penalty, and the penalty supply. */
export function screen(view) {
  const s = view.state;
  const labels = SHAPE_LABELS();
  const tiles = s.point_block_owners.map((b) => {
    const holder = b.seat === null ? null : s.players[b.seat]?.name;
    return h('li.sb-cell', { dataset: { held: holder ? '1' : '' } }, shapeIcon(b.shape),
      h('span.sb-cell-name', labels[b.shape] || b.shape), h('strong', b.entered ? (holder || t('bb.nobody')) : '–'));
  });
  const grid = h('ol.sb-grid.bb', tiles); // .bb: the panel's shape colours
  grid.style.setProperty('--cols', String(s.rules.columns)); // through the CSSOM: the CSP forbids style attributes
  return {
    board: [
      stat(t('bb.point_blocks'), grid, '.sb-wide'),
      stat(t('bb.penalty_tokens'), h('ul.sb-chips', s.players.map((p) => h('li.sb-chip', t('bb.penalty', { name: p.name, n: p.penalty }))))),
      stat(t('bb.supply'), t('bb.supply_left', { two: s.supply['-2'], one: s.supply['-1'], minus: '−' })),
    ],
  };
}

// Block Buster at the table: the point blocks in their pattern (tap one to count the
// 12 spaces around it), the penalty-token ledger with the common supply, leftovers
// after a pass, a compact live score, the immediate-win banner and "Finish the game",
// which waits until every point block is entered and every leftover said (0 included),
// then shows the final scores for the table to check together before it finishes.
//
// Everything shown comes from the table view (state.rules has the pattern for the
// variant and player count); the catalogue entry is only used for names when it has
// them. Point-block counts are sent once, on Save: the owner is previewed live in the
// editor while counting, and the server's verdict (or refusal) replaces it on reply.
import { h } from '../lib/dom.js';
import { t } from '../i18n.js';

export const usesTimer = false;

const SVG = 'http://www.w3.org/2000/svg';
const SPACES = 12;
const SHAPE_NAMES = {
  'red-circle': 'red circle',
  'red-star': 'red star',
  'green-spiral': 'green spiral',
  'blue-wave': 'blue wave',
  'yellow-moon': 'yellow moon',
};
const MINUS = '\u2212';
// What the phone shows: the shapes' and colours' names in the phone's language (SHAPE_NAMES above
// stays English: it reads the server's set lines).
const SHAPE_LABELS = () => ({
  'red-circle': t('bb.red_circle'), 'red-star': t('bb.red_star'), 'green-spiral': t('bb.green_spiral'),
  'blue-wave': t('bb.blue_wave'), 'yellow-moon': t('bb.yellow_moon'),
});
const COLOUR_NAMES = () => ({ red: t('bb.red'), blue: t('bb.blue'), green: t('bb.green'), yellow: t('bb.yellow') });
const colourName = (c) => COLOUR_NAMES()[c] || c;

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : '0');
const minus = (n) => (n < 0 ? `${MINUS}${-n}` : String(n));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The panel's own stylesheet, added once (CSP allows same-origin stylesheets only).
function loadStyles() {
  if (document.getElementById('bb-styles')) return;
  document.head.append(h('link#bb-styles', { rel: 'stylesheet', href: '/css/games/block-buster.css' }));
}

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

// --- pure helpers ---------------------------------------------------------------------

// The same majority rule as the server, to show the owner while counts are entered.
export function judge(counts, state) {
  const entries = Object.entries(counts);
  const top = Math.max(0, ...entries.map(([, n]) => n));
  if (top === 0) return { owner: null, why: t('bb.nobody_yet'), clinched: false, tie: false };
  const tied = entries.filter(([, n]) => n === top).map(([c]) => c);
  const free = SPACES - entries.reduce((s, [, n]) => s + n, 0);
  if (tied.length === 1) {
    const owner = tied[0];
    const others = entries.filter(([c, n]) => c !== owner && n > 0).sort((a, b) => b[1] - a[1]);
    const second = others.length ? others[0][1] : 0;
    const why = others.length ? t('bb.vs', { owner: colourName(owner), top, other: colourName(others[0][0]), second })
      : t('bb.nobody_else', { owner: colourName(owner), top });
    return { owner, why, clinched: top - second > free, tie: false };
  }
  const score = tied.map(() => top).join('–');
  if (state.options.tie_takes_nobody !== false) return { owner: null, why: t('bb.tie_nobody', { score }), clinched: false, tie: true };
  const seatOf = seatOfColour(state);
  const latest = Math.max(...tied.map((c) => seatOf[c]));
  const owner = state.players[latest].colours.find((c) => tied.includes(c));
  return { owner, why: t('bb.tie_later', { score, owner: colourName(owner) }), clinched: false, tie: true };
}

function seatOfColour(state) {
  const out = {};
  state.players.forEach((p, seat) => p.colours.forEach((c) => (out[c] = seat)));
  return out;
}

function coloursInPlay(state) {
  return state.players.flatMap((p, seat) => p.colours.map((colour) => ({ colour, seat, name: p.name })));
}

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

/** "row 1, column 2" of every point block nobody has entered yet. */
function unenteredBlocks(state) {
  const columns = state.rules.columns;
  return state.point_blocks.map((entry, i) => (entry ? null : t('bb.row_column', { row: Math.floor(i / columns) + 1, column: (i % columns) + 1 }))).filter(Boolean);
}

function swatches(colours) {
  return h('span.bb-swatches', colours.map((c) => h('span.bb-swatch', { dataset: { colour: c }, title: colourName(c) })));
}

// --- the panel --------------------------------------------------------------------------

export function mount(root, session, game) {
  loadStyles();
  let view = null;
  const skipDraft = {}; // seat → spaces being chosen in "Skipped 2…"
  const leftoverDraft = {}; // seat → squares on the stepper, until saved
  const ledgerNotes = {}; // seat → the server's refusal for that player's last action

  const banner = h('div.bb-banner', { role: 'status', hidden: true });
  const boardGrid = h('div.bb-board');
  const boardCaption = h('p.meta.bb-board-caption');
  const board = h('section.card.bb-board-card', { 'aria-label': t('bb.point_blocks') },
    h('div.bb-head', h('h2', t('bb.point_blocks')), h('span.bb-progress')), boardGrid, boardCaption);
  const supply = h('div.bb-supply');
  const ledgerList = h('ol.bb-ledger');
  const ledger = h('section.card.bb-ledger-card', { 'aria-label': t('bb.penalty_tokens') },
    h('div.bb-head', h('h2', t('bb.penalty_tokens'))), supply, ledgerList);
  const scoreList = h('ol.bb-scores');
  const teamList = h('ul.bb-teams');
  const finishButton = h('button.primary.wide.bb-finish', { type: 'button' }, t('bb.finish'));
  const finishNote = h('p.meta.bb-finish-note');
  const finishError = h('p.error', { role: 'alert', hidden: true });
  const scores = h('section.card.bb-score-card', { 'aria-label': t('bb.live_score') },
    h('div.bb-head', h('h2', t('bb.live_score'))), scoreList, teamList, finishNote, finishError, finishButton);
  root.append(h('div.bb', banner, board, ledger, scores));

  const act = (type, data) => session.act(type, data);

  // --- the point-block editor (a bottom sheet) ---
  const editor = {
    index: null,
    counts: {},
    dialog: h('dialog.bb-editor', { 'aria-labelledby': 'bb-editor-title' }),
  };
  document.body.append(editor.dialog);
  editor.dialog.addEventListener('close', () => (editor.index = null));
  editor.dialog.addEventListener('click', (e) => {
    if (e.target === editor.dialog) editor.dialog.close(); // a tap on the backdrop
  });

  function openEditor(index) {
    const state = view.state;
    const entry = state.point_blocks[index];
    editor.index = index;
    editor.counts = Object.fromEntries(coloursInPlay(state).map(({ colour }) => [colour, entry?.counts?.[colour] ?? 0]));
    editor.error = '';
    renderEditor();
    if (!editor.dialog.open) editor.dialog.showModal();
  }

  function renderEditor() {
    const state = view.state;
    const index = editor.index;
    const shape = state.rules.pattern[index];
    const columns = state.rules.columns;
    const row = Math.floor(index / columns) + 1;
    const column = (index % columns) + 1;
    const total = Object.values(editor.counts).reduce((a, b) => a + b, 0);
    const verdict = judge(editor.counts, state);
    const holder = verdict.owner ? state.players[seatOfColour(state)[verdict.owner]].name : null;
    const over = state.finished;

    // The 12 spaces around the block, filled colour by colour clockwise from the top left.
    const ringOrder = [0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4];
    const fill = [];
    for (const { colour } of coloursInPlay(state)) for (let i = 0; i < editor.counts[colour]; i++) fill.push(colour);
    const cells = Array.from({ length: 16 }, () => null);
    ringOrder.forEach((cell, i) => (cells[cell] = h('span.bb-space', fill[i] ? { dataset: { colour: fill[i] } } : {})));
    const ring = h('div.bb-ring', { 'aria-hidden': 'true' });
    ring.replaceChildren(cells[0], cells[1], cells[2], cells[3], cells[4], h('span.bb-ring-centre', shapeIcon(shape)), cells[7],
      cells[8], cells[11], cells[12], cells[13], cells[14], cells[15]);

    const steppers = coloursInPlay(state).map(({ colour, name }) => {
      const n = editor.counts[colour];
      const set = (value) => {
        editor.counts[colour] = value;
        editor.error = '';
        renderEditor();
      };
      return h('li.bb-stepper', { dataset: { colour } },
        h('span.bb-stepper-label', h('span.bb-swatch', { dataset: { colour } }), h('span', h('b', cap(colourName(colour))), h('small', name))),
        h('button.bb-step', { type: 'button', 'aria-label': t('bb.fewer', { colour: colourName(colour) }), disabled: over || n <= 0, onclick: () => set(n - 1) }, MINUS),
        h('output.bb-count', { 'aria-label': t('bb.colour_spaces', { colour: colourName(colour) }), 'aria-live': 'polite' }, String(n)),
        h('button.bb-step', { type: 'button', 'aria-label': t('bb.more', { colour: colourName(colour) }), disabled: over || total >= SPACES || n >= SPACES, onclick: () => set(n + 1) }, '+'));
    });

    let ownerText;
    if (verdict.owner) {
      ownerText = (verdict.clinched ? t('bb.takes_it', { holder, colour: colourName(verdict.owner) })
        : t('bb.leads', { holder, colour: colourName(verdict.owner) })) + ` — ${verdict.why}`;
    }
    else ownerText = cap(verdict.why);
    const save = h('button.primary.bb-save', { type: 'button', disabled: over, onclick: saveEditor }, t('bb.save'));
    editor.dialog.replaceChildren(...[
      h('div.bb-editor-head',
        h('div', h('h2#bb-editor-title', cap(shapeName(shape, game))), h('p.meta', cap(t('bb.row_column', { row, column })))),
        h('button.icon', { type: 'button', 'aria-label': t('table.close'), onclick: () => editor.dialog.close() }, '×')),
      ring,
      h('p.bb-sum', { dataset: { full: String(total >= SPACES) } }, t('bb.of_spaces', { total, all: SPACES })),
      h('ul.bb-steppers', steppers),
      h('p.bb-owner', { dataset: { owner: verdict.owner || '', clinched: String(verdict.clinched) }, 'aria-live': 'polite' },
        verdict.owner ? h('span.bb-swatch', { dataset: { colour: verdict.owner } }) : null,
        h('span.bb-owner-text', ownerText), verdict.clinched ? h('span.bb-lock', t('bb.clinched')) : null),
      over ? h('p.meta', t('bb.over_undo')) : null,
      h('p.error.bb-editor-error', { role: 'alert', hidden: !editor.error }, editor.error || ''),
      h('div.row.bb-editor-actions', h('button', { type: 'button', onclick: () => editor.dialog.close() }, t('resultpage.cancel')), save),
    ].filter(Boolean));
  }

  async function saveEditor() {
    const index = editor.index;
    try {
      await act('point_block', { index, counts: { ...editor.counts } });
      if (editor.index === index) editor.dialog.close();
    } catch (err) {
      editor.error = err.message;
      if (editor.index === index) renderEditor();
    }
  }

  // --- ledger actions ---
  async function ledgerAct(seat, type, data) {
    delete ledgerNotes[seat];
    try {
      await act(type, data);
      return true;
    } catch (err) {
      ledgerNotes[seat] = err.message;
      if (view) render(view);
      return false;
    }
  }

  // --- rendering ---
  function renderBoard(state, result) {
    const columns = state.rules.columns;
    const blocks = result.point_blocks || state.point_block_owners || [];
    boardGrid.dataset.columns = String(columns);
    boardGrid.replaceChildren(...state.rules.pattern.map((shape, index) => {
      const b = blocks[index] || {};
      const entry = state.point_blocks[index];
      let status = 'empty';
      let caption = '';
      if (b.entered) {
        if (b.owner) status = b.clinched ? 'clinched' : b.decided ? 'decided' : 'leading';
        else status = /^tie/.test(b.why || '') ? 'tie' : 'nobody';
        caption = b.owner ? b.holder : status === 'tie' ? t('bb.tie') : t('bb.nobody');
      }
      const counts = entry?.counts ? Object.entries(entry.counts).filter(([, n]) => n > 0) : [];
      const row = Math.floor(index / columns) + 1;
      const column = (index % columns) + 1;
      const held = b.owner ? `${b.holder} (${colourName(b.owner)})${b.clinched ? `, ${t('bb.clinched')}` : b.decided ? '' : `, ${t('bb.leading')}`}` : b.why;
      const label = `${cap(t('bb.row_column', { row, column }))}: ${shapeName(shape, game)}` +
        (b.entered ? ` — ${held}` : `, ${t('bb.not_entered')}`);
      return h('button.bb-tile', {
        type: 'button', 'aria-label': label, dataset: { index: String(index), state: status, owner: b.owner || '' },
        onclick: () => openEditor(index),
      },
      shapeIcon(shape),
      b.clinched ? h('span.bb-lock-badge', { title: t('bb.clinched') }, '✓') : null,
      h('span.bb-caption', caption || '\u00a0'),
      counts.length ? h('span.bb-pips', counts.map(([c, n]) => h('span.bb-pip', { dataset: { colour: c } }, String(n)))) : null);
    }));
    const entered = state.point_blocks.filter(Boolean).length;
    board.querySelector('.bb-progress').textContent = t('bb.entered', { n: entered, all: state.point_blocks.length });
    boardCaption.textContent = state.finished
      ? t('bb.final_board')
      : t('bb.board_help');
  }

  function renderSupply(state) {
    const start = { '-2': 8, '-1': 8 };
    const left = state.supply;
    supply.replaceChildren(
      h('p.bb-supply-title', h('b', t('bb.supply')), h('span.meta', ` ${t('bb.supply_left', { two: left['-2'], one: left['-1'], minus: MINUS })}`)),
      ...['-2', '-1'].map((v) => h('div.bb-supply-row', { dataset: { value: v }, role: 'group', 'aria-label': t('bb.tokens_left', { n: left[v], all: start[v], token: `${MINUS}${v.slice(1)}` }) },
        Array.from({ length: start[v] }, (_, i) => token(v, i >= left[v])))));
  }

  function renderLedger(state) {
    const over = state.finished;
    const maxSquares = state.rules.blocks_per_player * state.options.max_squares_per_block;
    ledgerList.replaceChildren(...state.players.map((p, seat) => {
      const tokens = tokenRow(p.tokens);
      const actions = [];
      if (!p.passed && !over) {
        if (skipDraft[seat]) {
          const n = skipDraft[seat];
          actions.push(h('div.bb-skip-chooser',
            h('span', t('bb.skipped')),
            h('button.bb-step', { type: 'button', 'aria-label': t('bb.fewer_spaces'), disabled: n <= 2, onclick: () => { skipDraft[seat] = n - 1; render(view); } }, MINUS),
            h('output.bb-count', String(n)),
            h('button.bb-step', { type: 'button', 'aria-label': t('bb.more_spaces'), onclick: () => { skipDraft[seat] = n + 1; render(view); } }, '+'),
            h('span', t('bb.spaces')),
            h('button.primary', { type: 'button', onclick: async () => { if (await ledgerAct(seat, 'skip', { seat, spaces: n })) { delete skipDraft[seat]; render(view); } } },
              t('bb.take', { n, token: `${MINUS}2` })),
            h('button', { type: 'button', onclick: () => { delete skipDraft[seat]; render(view); } }, t('resultpage.cancel'))));
        } else {
          actions.push(h('div.bb-actions',
            h('button', { type: 'button', onclick: () => ledgerAct(seat, 'skip', { seat, spaces: 1 }) }, t('bb.skipped_1')),
            h('button', { type: 'button', onclick: () => { skipDraft[seat] = 2; delete ledgerNotes[seat]; render(view); } }, t('bb.skipped_2')),
            h('button.bb-pass', { type: 'button', onclick: () => ledgerAct(seat, 'pass', { seat }) }, t('bb.pass'))));
        }
      }
      if (p.passed) {
        const saved = p.leftover_squares;
        const n = leftoverDraft[seat] ?? saved ?? 0;
        const dirty = saved === null || n !== saved;
        const setN = (v) => { leftoverDraft[seat] = v; render(view); };
        actions.push(h('div.bb-leftover',
          h('span.bb-leftover-label', t('bb.leftover')),
          h('button.bb-step', { type: 'button', 'aria-label': t('bb.fewer_leftover'), disabled: over || n <= 0, onclick: () => setN(n - 1) }, MINUS),
          h('output.bb-count', String(n)),
          h('button.bb-step', { type: 'button', 'aria-label': t('bb.more_leftover'), disabled: over || n >= maxSquares, onclick: () => setN(n + 1) }, '+'),
          over ? null : h(`button${dirty ? '.primary' : ''}`, {
            type: 'button', disabled: !dirty,
            onclick: async () => { if (await ledgerAct(seat, 'leftover', { seat, squares: n })) { delete leftoverDraft[seat]; render(view); } },
          }, dirty ? t('bb.save') : t('bb.saved'))));
      }
      return h('li.bb-player', { dataset: { seat: String(seat), passed: String(p.passed) } },
        h('div.bb-player-head',
          swatches(p.colours),
          h('span.bb-player-name', p.name, p.team ? h('small', ` ${t('result.team', { team: p.team })}`) : null),
          p.passed ? h('span.bb-badge', t('bb.passed')) : null,
          h('span.bb-penalty', { dataset: { penalty: String(p.penalty) }, 'aria-label': t('bb.penalty', { name: p.name, n: p.penalty }) }, minus(p.penalty))),
        h('div.bb-held', tokens.length ? tokens : h('span.meta', t('bb.no_tokens')),
          p.skipped_spaces ? h('span.meta', ` · ${t('bb.skipped_n', { count: p.skipped_spaces })}`) : null),
        actions,
        ledgerNotes[seat] ? h('p.error.bb-note', { role: 'alert' }, ledgerNotes[seat]) : null);
    }));
  }

  function renderScores(state, result) {
    const winners = new Set(result.winners);
    scoreList.replaceChildren(...result.players.map((p, seat) => {
      return h('li.bb-score', { dataset: { seat: String(seat) }, class: result.finished && winners.has(p.name) ? 'bb-score winner' : 'bb-score' },
        h('div.bb-score-head', swatches(p.colours || state.players[seat].colours), h('span.bb-player-name', p.name),
          h('span.bb-total', { dataset: { total: String(p.total) } }, minus(p.total))),
        h('ul.bb-lines',
          p.lines.map((l) => {
            // "2 × green spiral" (the server's set lines) gets its shapes drawn in front.
            const set = l.label.match(/^(\d+) × ([a-z ]+?)(?: \(|$)/);
            const shape = set && shapeOf(set[2]);
            return h('li.bb-line',
              h('span.bb-line-label', shape ? h('span.bb-mini-shapes', Array.from({ length: Number(set[1]) }, () => shapeIcon(shape))) : null, l.label),
              h('span.bb-pts', signed(l.points)));
          }),
          p.lines.length ? null : h('li.bb-line.meta', t('table.no_points'))));
    }));
    teamList.replaceChildren(...(result.teams || []).map((team) =>
      h('li.bb-team', h('span', t('bb.team_line', { team: team.team, name: team.name })), h('b.bb-total', { dataset: { total: String(team.total) } }, minus(team.total)))));

    const waiting = state.players.filter((p) => !p.passed).map((p) => p.name);
    const open = unenteredBlocks(state);
    const unsaid = state.players.filter((p) => p.leftover_squares === null).map((p) => p.name);
    finishButton.hidden = state.finished;
    // As the server's finish (games/block_buster.py): nothing is assumed, not even a 0.
    finishButton.disabled = waiting.length > 0 || open.length > 0 || unsaid.length > 0;
    if (state.finished) {
      finishNote.textContent = result.reason || t('bb.game_over');
      finishNote.classList.add('bb-final');
    } else {
      finishNote.classList.remove('bb-final');
      finishNote.textContent = waiting.length
        ? t('bb.waiting_pass', { names: waiting.join(', ') })
        : open.length ? t('bb.enter_open', { count: open.length })
          : unsaid.length ? t('bb.save_leftovers', { names: unsaid.join(', ') })
            : t('bb.all_entered');
    }
  }

  function renderBanner(state, result) {
    const win = result.immediate_win || state.immediate_win;
    if (win) {
      const text = win.sets.map((s) => t('bb.wins_at_once', { name: s.name, shapes: shapePlural(s.shape, s.count, game) })).join('; ');
      banner.replaceChildren(h('span.bb-banner-shape', shapeIcon(win.sets[0].shape)), h('span', { dataset: { kind: 'immediate' } }, text));
      banner.dataset.kind = 'immediate';
      banner.hidden = false;
    } else if (state.finished) {
      // Couples win as a team; everyone else by name.
      const winners = new Set(result.winners);
      const teams = (result.teams || []).filter((t) => t.members.every((m) => winners.has(m)));
      const names = teams.length ? teams.map((t) => t.name) : result.winners;
      const text = names.length > 1 ? t('bb.share_win', { names: names.join(` ${t('ws.and')} `) })
        : teams.length ? t('bb.team_wins', { name: names[0] }) : t('bb.wins', { name: names[0] });
      banner.replaceChildren(h('span', t('bb.game_over_banner', { text })));
      banner.dataset.kind = 'final';
      banner.hidden = false;
    } else {
      banner.hidden = true;
    }
  }

  function render(v) {
    view = v;
    const { state, result } = v;
    renderBanner(state, result);
    renderBoard(state, result);
    renderSupply(state);
    renderLedger(state);
    renderScores(state, result);
    if (editor.index !== null && editor.dialog.open) renderEditor();
  }

  // --- the summary to confirm before finishing ---
  const summary = h('dialog.bb-summary', { 'aria-labelledby': 'bb-summary-title' });
  document.body.append(summary);
  summary.addEventListener('click', (e) => {
    if (e.target === summary) summary.close(); // a tap on the backdrop
  });

  function openSummary() {
    const { state, result } = view;
    const winners = new Set(result.winners);
    const teams = result.teams || [];
    const ranked = result.players.map((p, seat) => ({ p, seat })).sort((a, b) => b.p.total - a.p.total);
    const names = teams.length
      ? teams.filter((t) => t.members.every((m) => winners.has(m))).map((t) => t.name) : result.winners;
    const verdict = names.length > 1 ? t('bb.share_win', { names: names.join(` ${t('ws.and')} `) })
      : teams.length ? t('bb.team_wins', { name: names[0] }) : t('bb.wins', { name: names[0] });
    const finish = h('button.primary.bb-summary-finish', { type: 'button' }, t('bb.finish_verdict', { verdict }));
    const error = h('p.error', { role: 'alert', hidden: true });
    finish.addEventListener('click', () => {
      finish.disabled = true;
      act('finish').then(() => summary.close()).catch((err) => {
        error.textContent = err.message;
        error.hidden = false;
        finish.disabled = false;
      });
    });
    summary.replaceChildren(...[
      h('h2#bb-summary-title', t('bb.finish_q')),
      h('p.meta', t('bb.check_together')),
      h('ol.bb-summary-list', ranked.map(({ p, seat }) => h('li.bb-summary-player', { class: winners.has(p.name) ? 'bb-summary-player winner' : 'bb-summary-player', dataset: { seat: String(seat) } },
        h('div.bb-score-head', swatches(p.colours || state.players[seat].colours), h('span.bb-player-name', p.name),
          h('span.bb-total', minus(p.total))),
        h('ul.bb-lines', p.lines.length ? p.lines.map((l) => h('li.bb-line', h('span.bb-line-label', l.label), h('span.bb-pts', signed(l.points))))
          : h('li.bb-line.meta', t('bb.no_points')))))),
      teams.length ? h('ul.bb-teams', teams.map((team) => h('li.bb-team', h('span', t('bb.team_line', { team: team.team, name: team.name })), h('b.bb-total', minus(team.total))))) : null,
      error,
      h('div.bb-summary-actions', h('button', { type: 'button', onclick: () => summary.close() }, t('bb.not_yet')), finish),
    ].filter(Boolean));
    if (!summary.open) summary.showModal();
  }

  finishButton.addEventListener('click', () => {
    finishError.hidden = true;
    openSummary();
  });

  return {
    update(v) {
      if (v.game && v.game !== 'block-buster') return;
      render(v);
    },
    destroy() {
      editor.dialog.remove();
      summary.remove();
    },
  };
}

// The big screen: a table as the whole room sees it on a TV or the laptop's display. Read-only: it
// follows the same session and stream as every phone (session.js), and never acts. The shared timer
// very large, whose turn it is, the dice as they fall, the game's own board (the `screen(view)` its
// module exports, see games/panels.js), the scoreboard, how to join, and at the end a podium.
import { api, gameName, getCatalogue } from '../api.js';
import { showRoll } from '../components/dice.js';
import { chime, chimeDue, format, keepAwake, soundOn, timerNow } from '../components/timer.js';
import { importPanel, panelId, preloadPanel } from '../games/panels.js';
import { t } from '../i18n.js';
import { sync } from '../lib/clock.js';
import { h, stylesheetsReady, useStylesheet } from '../lib/dom.js';
import { navigate } from '../router.js';
import { TableSession } from '../session.js';

/** The shared timer, very large: the digits, the bar, a word for its state; the chime at time-up. */
function bigTimer(session) {
  const digits = h('output.sb-digits', { 'aria-label': t('timer.time_left') }, '0');
  const fill = h('div.sb-fill');
  const status = h('p.sb-timer-status', { role: 'status' });
  const label = h('p.sb-timer-label', { hidden: true });
  const el = h('section.sb-timer', { 'aria-label': t('timer.title'), hidden: true }, label, digits, h('div.sb-bar', fill), status);
  let frame = 0;
  let lastChimed = null;
  let shownDigits = null;
  function draw() {
    const timer = session.view?.timer;
    if (!timer) return;
    const now = timerNow(timer);
    const { left, last, fill: part } = now;
    // Server not heard (session.js): the last state known, never a time-up.
    const unsure = session.unheard;
    const state = unsure && now.state === 'expired' ? timer.state : now.state;
    el.classList.toggle('unsure', unsure);
    const text = format(left);
    if (text !== shownDigits) digits.textContent = shownDigits = text;
    digits.dataset.remainingMs = String(Math.round(left));
    el.dataset.state = state;
    el.classList.toggle('last-seconds', last);
    fill.style.transform = `scaleX(${part})`;
    const words = { idle: timer.duration_ms ? t('timer.ready') : t('timer.set_a_time'), running: t('timer.running'),
      paused: t('timer.paused'), expired: t('timer.expired') }[state];
    status.textContent = unsure ? t('timer.unsure', { state: words }) : words;
    if (state === 'expired' && lastChimed !== timer.version) {
      if (chimeDue(timer, state, lastChimed)) chime(); // the screen is the room's loudspeaker
      lastChimed = timer.version;
    }
    frame = state === 'running' && !(unsure && left === 0) ? requestAnimationFrame(draw) : 0;
  }
  return {
    el,
    show(on, what) {
      el.hidden = !on;
      label.textContent = what || ''; // what it counts, when the game says (a "10" bonus build)
      label.hidden = !what;
    },
    update() {
      cancelAnimationFrame(frame);
      draw();
    },
    destroy: () => cancelAnimationFrame(frame),
  };
}

/** The last roll, large; it shakes as it falls (the phones' animation). */
function bigDice() {
  const faces = h('div.dice-faces.sb-dice', { 'aria-label': t('dice.last_roll') });
  const el = h('section.sb-dice-card', { hidden: true }, faces);
  let shown = null;
  return {
    el,
    update(view) {
      el.hidden = !view.dice;
      if (view.dice) shown = showRoll(faces, view.dice, shown);
    },
  };
}

/** The scores, highest in the game's own order; the leaders marked. */
function scoreList(result) {
  const winners = new Set(result.winners);
  return h('ol.sb-scores', result.players.map((p) =>
    h('li', { class: winners.has(p.name) ? 'leader' : '' }, h('span.name', p.name), h('span.total', String(p.total)))));
}

/** The end: the podium (places as the game decides them), then every player's score line by line. */
function finale(result) {
  const places = result.places || result.players.map((p, i) => i + 1);
  const ranked = result.players.map((p, i) => ({ ...p, place: places[i] })).sort((a, b) => a.place - b.place);
  const steps = ranked.filter((p) => p.place <= 3).map((p) =>
    h('li.sb-step', { dataset: { place: String(p.place) } }, h('span.name', p.name), h('span.total', String(p.total)),
      h('span.sb-place', t('screen.place', { place: p.place }))));
  return h('section.sb-finale', { 'aria-label': t('screen.final_scores') },
    h('h2', t('screen.final_scores')),
    h('ol.sb-podium', steps),
    h('div.sb-explained', ranked.map((p) => h('section.sb-player',
      h('h3', h('span', p.name), h('span', String(p.total))),
      h('ul', p.lines.map((l) => h('li', h('span', l.label), h('span', (l.points > 0 ? '+' : '') + l.points))))))),
    result.reason ? h('p.sb-reason', result.reason) : null);
}

/** The movement a game made in the league, one player a line: "=2 Ben ↑1", "4 Dan · first game". */
function movementLine(row) {
  const before = row.rank_before;
  const move = before === null ? t('screen.first_game') : before > row.rank ? t('screen.up', { n: before - row.rank })
    : before < row.rank ? t('screen.down', { n: row.rank - before }) : t('screen.same');
  const mark = before === null ? 'new' : before > row.rank ? 'up' : before < row.rank ? 'down' : 'same';
  return h('li', { dataset: { move: mark } }, h('span.sb-rank', `${row.tied ? '=' : ''}${row.rank}`),
    h('span.name', row.player), h('span.sb-move', move));
}

/** In a league: the table's players in its standings after this game, and how the game moved them. The
 * league's result is posted just after the game ends, so a first "not yet" (posted: false) is asked again. */
async function leagueStandings(code, slot) {
  for (let attempt = 0; attempt < 4; attempt++) {
    let answer;
    try {
      answer = await api.tableStandings(code);
    } catch {
      return; // not a league's table after all, or the server is out of reach: the finale stands alone
    }
    if (answer.posted) {
      const { league, rows } = answer;
      slot.replaceChildren(h('h3', t('screen.league_after', { league })), h('ol.sb-league', rows.map(movementLine)));
      slot.hidden = false;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The end, drawn in `end` as the table changes: the finale, and at a league table the standings it left
 * (asked for once, when the game is first seen over). */
function endPart(end, code) {
  let shownOver = false;
  return (view) => {
    const over = Boolean(view.result.finished);
    if (over === shownOver) {
      if (over) end.firstChild.replaceWith(finale(view.result));
      return;
    }
    shownOver = over;
    const league = h('section.sb-league-card', { hidden: true, 'aria-label': t('screen.league') });
    end.replaceChildren(...(over ? [finale(view.result), league] : []));
    if (over && view.league) leagueStandings(code, league);
  };
}

/** How to join: the QR code and the code, big, until every seat is on a phone. Then it gives the room its
 * space back; a key press or a tap shows it again for a latecomer (and the next one hides it). */
function joinCard(code) {
  const link = h('p.sb-join-link');
  const card = h('section.sb-join', { 'aria-label': t('table.join_this') },
    h('img.sb-qr', { src: api.qrUrl(code), alt: t('table.qr_alt', { code }), width: 220, height: 220 }),
    h('div', h('p.sb-join-title', t('screen.join')), link), h('p.sb-code', code));
  const hint = h('p.sb-join-hint', t('screen.join_toggle'));
  let seated = false; // every seat held by a phone
  let shown = null; // what a key or tap chose since, or null: follow the seats
  function draw() {
    const on = shown ?? !seated;
    card.hidden = !on;
    hint.hidden = on;
  }
  return {
    els: [card, hint],
    update(view) {
      // The table's code ends the link: kept whole on its line, as the room reads it off the wall.
      const at = view.join_url.lastIndexOf('/') + 1;
      link.replaceChildren(view.join_url.slice(0, at), h('span.sb-join-code', view.join_url.slice(at)));
      const now = Boolean(view.claims?.length) && view.claims.every(Boolean);
      if (now !== seated) shown = null; // a seat taken or let go: the seats decide again
      seated = now;
      draw();
    },
    toggle() {
      shown = card.hidden;
      draw();
    },
  };
}

// The game's module, for its name for the game's board; a game without one (or a module that failed
// to load) shows the common parts only.
async function gameModule(gameId) {
  preloadPanel(gameId); // with its stylesheet: the board borrows the game's drawings (Block Buster's shapes)
  try {
    return panelId(gameId) ? await importPanel(panelId(gameId)) : {};
  } catch {
    return {};
  }
}

/** The game's name once the catalogue is in (kept on this phone, or asked for); its id without one. */
const nameOnceKnown = (gameId) => getCatalogue().catch(() => null).then(() => gameName(gameId));

/** The head: the game's name, the code, the sound switch and whether the screen is live. */
function headPart(session) {
  const title = h('h1.sb-title', t('table.table'));
  const live = h('span.live.sb-live', { role: 'status' }, t('table.connecting'));
  // A browser plays sound only after a click or key on the page: until then the screen asks for one,
  // or time-up would be silent in the room. The click itself unlocks it (components/timer.js).
  const sound = h('button.sb-sound', { type: 'button', onclick: () => (sound.hidden = true) }, t('screen.sound_on'));
  sound.hidden = soundOn();
  return {
    el: h('header.sb-head', title, h('span.sb-head-code', session.code), sound, live),
    setTitle: (text) => (title.textContent = text),
    showLive() {
      live.textContent = session.unheard ? t('table.not_connected') : session.connected ? t('table.live')
        : session.wasConnected ? t('table.reconnecting') : t('table.connecting');
      live.dataset.state = session.connected ? 'live' : 'waiting';
    },
  };
}

/** What is happening now: whose turn, what they are doing, the timer, the dice and the game's board. */
function nowPart(session) {
  const turn = h('p.sb-turn', { 'aria-live': 'polite' });
  const doing = h('p.sb-doing');
  const board = h('div.sb-board');
  const timer = bigTimer(session);
  const dice = bigDice();
  return {
    // The dice beside the timer: one under the other, they left a turn's cards below the screen's edge.
    el: h('section.sb-now', { 'aria-label': t('screen.now') }, turn, doing, h('div.sb-clock', timer.el, dice.el), board),
    update(view, module) {
      const own = module.screen?.(view) || {};
      turn.textContent = own.turn ? t('screen.turn', { name: own.turn }) : '';
      turn.hidden = !own.turn;
      doing.textContent = own.doing || '';
      doing.hidden = !own.doing;
      board.replaceChildren(...[own.board].flat().filter(Boolean));
      timer.show(module.usesTimer !== false, own.timer);
      timer.update();
      dice.update(view);
    },
    destroy: () => timer.destroy(),
  };
}

// Opens the table, then the game's module, name and stylesheets; shown whole once they are in.
async function openScreen(session, screen, head, stillTrying) {
  try {
    await session.start();
  } catch (err) {
    screen.replaceChildren(h('h1', t('table.not_found')), h('p.card.error', err.message),
      h('p', h('a.button', { href: '#/screen' }, t('screen.pick_title'))));
    screen.classList.remove('loading');
    return null;
  } finally {
    stillTrying.remove();
  }
  const view = session.view;
  const [module, name] = await Promise.all([gameModule(view.game), nameOnceKnown(view.game), stylesheetsReady()]);
  head.setTitle(name);
  screen.dataset.game = view.game;
  return module;
}

export function mount(root, { code }) {
  useStylesheet('/css/screen.css');
  document.body.classList.add('big-screen'); // the phones' top bar gives way to the room's screen
  const session = new TableSession(code);
  const head = headPart(session);
  const now = nowPart(session);
  const scores = h('section.sb-scoreboard', { 'aria-label': t('table.scores') });
  const join = joinCard(session.code);
  const end = h('div.sb-end');
  const screen = h('div.sb-screen.loading', head.el,
    h('div.sb-main', now.el, h('aside.sb-side', scores, ...join.els)), end);
  // The screen shows whole once the table is in; meanwhile a first answer that is late (session.js 'slow') is said.
  const stillTrying = h('p.card.sb-still-trying', { role: 'status', hidden: true }, t('table.still_trying'));
  session.addEventListener('slow', () => (stillTrying.hidden = false));
  root.append(screen, stillTrying);
  let module = null; // the game's, once it is in: changes before it wait for it

  const drawEnd = endPart(end, session.code);
  let sawNoNext = false; // shown before the table was played again: the screen follows to the new table
  function update(view) {
    if (view.next_code && sawNoNext) {
      navigate(`#/table/${view.next_code}/screen`);
      return;
    }
    sawNoNext ||= !view.next_code;
    now.update(view, module);
    scores.replaceChildren(h('h2', t('table.scores')), scoreList(view.result));
    screen.classList.toggle('finished', Boolean(view.result.finished));
    drawEnd(view);
    join.update(view);
    screen.dataset.seq = String(view.seq);
  }
  session.addEventListener('connection', () => {
    head.showLive();
    if (module && session.view) now.update(session.view, module); // the timer greys or comes back
  });
  session.addEventListener('change', (e) => module && update(e.detail));
  openScreen(session, screen, head, stillTrying).then((loaded) => {
    if (!loaded || session.stopped) return;
    module = loaded;
    update(session.view);
    screen.classList.remove('loading');
    session.follow();
    head.showLive();
    sync(4);
    keepAwake(true);
  });
  const stopListening = listen(screen, join);
  return {
    destroy() {
      session.stop();
      now.destroy();
      stopListening();
      document.body.classList.remove('big-screen');
      keepAwake(false);
    },
  };
}

/** The page's own listeners: the wake lock taken again on return (the browser lets it go while the page is
 * hidden), and any key or tap showing or hiding how to join (not a key meant for the browser or a control). */
function listen(screen, join) {
  const onVisible = () => document.visibilityState === 'visible' && keepAwake(true);
  const onKey = (e) => !e.ctrlKey && !e.metaKey && !e.altKey && !e.target.closest?.('button, a, input') && join.toggle();
  const onTap = (e) => !e.target.closest('button, a, input') && join.toggle();
  document.addEventListener('visibilitychange', onVisible);
  document.addEventListener('keydown', onKey);
  screen.addEventListener('click', onTap);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    document.removeEventListener('keydown', onKey);
  };
}

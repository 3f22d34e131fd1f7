// A table as every phone at it sees it: the code to join, the live score (each
// total explained line by line), the shared timer, the dice and the game's panel.
import { api, leagues } from '../api.js';
import { mountDice } from '../components/dice.js';
import { mountTimer } from '../components/timer.js';
import { h } from '../lib/dom.js';
// Named here, not only three imports down (session → outbox → app-db → idb), so the browser fetches
// them with this view instead of one round trip after another: the table shows sooner.
import '../lib/app-db.js';
import '../lib/idb.js';
import '../lib/saved-tables.js';
import { uuid4 } from '../lib/uuid.js';
import { navigate } from '../router.js';
import { TableSession } from '../session.js';
import { rememberPlayers, store } from '../store.js';

const PANELS = {
  scorepad: () => import('../games/scorepad.js'),
  bresk: () => import('../games/bresk.js'),
  'block-buster': () => import('../games/block-buster.js'),
  'make-n-break': () => import('../games/make-n-break.js'),
  wuerfelspiel: () => import('../games/wuerfelspiel.js'),
};

function shareSheet(code, joinUrl) {
  // The server's join link: never localhost when the page was opened on the laptop running the app.
  const url = joinUrl || `${location.origin}/#/table/${code}`;
  const dialog = h('dialog.share', { 'aria-label': 'Invite players' },
    h('h2', 'Join this table'),
    h('img.qr', { src: api.qrUrl(code), alt: `QR code for table ${code}`, width: 240, height: 240 }),
    h('p.code-big', code),
    h('p.meta.join-link', url),
    h('p.muted', 'Scan with a phone camera, or open scorekeeper and type the code.'),
    h('div.row',
      navigator.share ? h('button.primary', { onclick: () => navigator.share({ title: 'Join my table', url }).catch(() => {}) }, 'Share link') : null,
      navigator.clipboard ? h('button', { onclick: (e) => navigator.clipboard.writeText(url).then(() => (e.target.textContent = 'Copied')) }, 'Copy link') : null,
      h('button', { onclick: () => dialog.close() }, 'Close')));
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
}

function scoreboard(result) {
  const winners = new Set(result.winners);
  return h('ol.scoreboard', result.players.map((p) =>
    h('li', { class: winners.has(p.name) ? 'leader' : '' },
      h('details',
        h('summary', h('span.name', p.name), h('span.total', String(p.total))),
        p.lines.length ? h('ul.lines', p.lines.map((l) => h('li', h('span', l.label), h('span', (l.points > 0 ? '+' : '') + l.points)))) : h('p.muted', 'No points yet')))));
}

// An action waiting in the outbox, as the event it will become.
function queuedEvent(item) {
  return item.path.endsWith('/timer') ? { type: 'timer', data: item.body } : { type: item.body.type, data: item.body.data };
}

function describe(event, seats) {
  const d = event.data || {};
  const seat = (i) => seats[i] ?? `seat ${i + 1}`;
  switch (event.type) {
    case 'roll': return `Rolled ${d.results.map((r) => (r.face === '#' || (r.die === 'stopper' && r.face === 0) ? 'blank' : r.face)).join(', ')}`;
    case 'timer': return `Timer: ${d.action}${d.seconds ? ` ${d.seconds} s` : ''}`;
    case 'undo': return `Undid #${d.undid}`;
    case 'redo': return `Redid #${d.redid}`;
    case 'points': return `${seat(d.seat)} ${d.points >= 0 ? '+' : ''}${d.points}`;
    case 'die': return `Die typed in: ${d.face}`;
    case 'stopper': return `Stopper die: ${d.face || 'blank'}`;
    case 'card': return `Card: ${d.kind}${d.points ? ` (${d.points})` : ''}${d.completed === false ? ', not completed' : ''}`;
    case 'bonus': return d.completed ? 'Bonus build done' : 'Bonus build missed';
    case 'skip': return `${seat(d.seat)} skipped ${d.spaces} space${d.spaces === 1 ? '' : 's'}`;
    case 'pass': return `${seat(d.seat)} passed`;
    case 'leftover': return `${seat(d.seat)}: ${d.squares} squares left over`;
    case 'hand_in': return `${seat(d.seat)} handed in a grid`;
    case 'next_table': return `Play again: table ${d.code}`;
    case 'challenge': return `Challenge: ${d.verdict?.valid ? 'valid' : 'not valid'}`;
    default: return event.type.replace(/[_-]/g, ' ');
  }
}

// The game's controls are a separate module; if the network drops before it arrives,
// say so and try again when the phone is back online (or when asked), instead of a blank panel.
async function loadPanel(gameId, panel, onTrouble) {
  const load = PANELS[gameId] || PANELS.scorepad;
  for (;;) {
    try {
      return await load();
    } catch {
      const retry = h('button', 'Try again');
      panel.replaceChildren(h('p.card.error', { role: 'alert' }, 'The controls for this game did not load. Check the connection.'), retry);
      onTrouble();
      await new Promise((resolve) => {
        retry.onclick = resolve;
        window.addEventListener('online', resolve, { once: true });
      });
      panel.replaceChildren();
    }
  }
}

// Each panel's stylesheet, fetched alongside the panel's module rather than after it.
const PANEL_CSS = { bresk: 'bresk', 'block-buster': 'block-buster', 'make-n-break': 'make-n-break', wuerfelspiel: 'make-n-break' };

function preloadPanelCss(gameId) {
  const href = PANEL_CSS[gameId] && `/css/games/${PANEL_CSS[gameId]}.css`;
  if (href && !document.querySelector(`link[href="${href}"]`)) document.head.append(h('link', { rel: 'preload', as: 'style', href }));
}

// A casual table's finished game, sent to a league this phone may record in (one tap per league).
// league-common is loaded only then: the table itself never waits for it.
async function offerLeagues(view, row) {
  row.dataset.shown = '1';
  const { knownLeagues, RANK } = await import('./league-common.js');
  const mine = knownLeagues().filter((l) => RANK[l.role] >= RANK.member).slice(0, 3);
  const status = h('p.meta', { role: 'status' });
  row.replaceChildren(...mine.map((league) => {
    const button = h('button.record-league', { type: 'button' }, `Record in ${league.name || 'a league'}`);
    button.addEventListener('click', async () => {
      button.disabled = true;
      // The same id for a second tap on this phone: the league stores it once.
      const key = `scorekeeper.recorded.${view.code}.${league.id}`;
      const id = sessionStorage.getItem(key) || uuid4();
      sessionStorage.setItem(key, id);
      const d = new Date();
      const playedOn = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const players = view.result.players.map((p) => ({ name: p.name, score: p.total, ...(p.team ? { team: String(p.team) } : {}) }));
      try {
        // The table's players join the league first, as they do when a table is started in it.
        const known = new Set((await leagues.players(league.id, league.token)).players.map((p) => p.name.toLowerCase()));
        for (const p of players) if (!known.has(p.name.toLowerCase())) await leagues.addPlayer(league.id, league.token, p.name);
        const result = await leagues.record(league.id, league.token, { id, game: view.game, played_on: playedOn, players });
        status.replaceChildren(`Recorded in ${league.name}. `,
          h('a', { href: `#/league/${encodeURIComponent(league.id)}/result/${encodeURIComponent(result.id)}` }, 'See the result'));
      } catch (err) {
        status.textContent = err.message;
        button.disabled = false;
      }
    });
    return button;
  }), ...(mine.length ? [status] : []));
}

// The game panels add their own stylesheet; laid out before it arrives, the page would shift.
function stylesheetsLoaded(waitMs = 3000) {
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  return Promise.all(pending.map((link) => new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, waitMs);
  })));
}

export function mount(root, { code }) {
  const session = new TableSession(code);
  const title = h('h1.table-title', 'Table');
  const live = h('span.live', { role: 'status' }, 'Connecting…');
  const scores = h('section.card.scores', { 'aria-label': 'Scores' });
  const panel = h('section.panel');
  const log = h('ol.log', { 'aria-label': 'What happened' });
  const undo = h('button', { onclick: () => session.undo().catch(() => {}) }, 'Undo');
  const redo = h('button', { onclick: () => session.redo().catch(() => {}) }, 'Redo');
  const toast = h('p.toast', { role: 'alert', hidden: true });
  // Actions taken without a connection, listed where the game's controls are until they are sent,
  // so nobody taps a card again because it did not show.
  const pendingList = h('ol.pending-list');
  const pending = h('section.card.pending', { 'aria-label': 'Not sent yet', hidden: true },
    h('h2', 'This turn, not sent yet'), pendingList,
    h('p.meta', 'They go out by themselves when the connection is back.'));
  const head = h('header.table-head',
    h('div', title, h('button.code', { onclick: () => shareSheet(session.code, session.view?.join_url), title: 'Invite players: show the code and QR code' },
      h('span', session.code), h('span.invite', 'Invite'))),
    live);
  const timerSlot = h('div.timer-slot');
  const diceSlot = h('div.dice-slot');
  // Undo and the log wait for the game's panel: shown before it, they would jump down when it arrives.
  const after = h('div.after-panel', { hidden: true }, h('div.row.undo', undo, redo), h('h2', 'Log'), log);
  // First screen first: the stylesheet orders these (and the panel's own cards) so that whose
  // turn it is, the timer and the one action that matters now come before scores, log and settings.
  // After the game: play again with the same seats and options; every phone here follows.
  const againButton = h('button.primary.wide.play-again', { type: 'button' }, 'Play again');
  const againNote = h('p.meta', 'Same players and options, on a new table. Every phone at this table follows.');
  const leagueRow = h('div.record-in-league');
  const afterGame = h('section.card.after-game', { 'aria-label': 'After the game', hidden: true }, againButton, againNote, leagueRow);
  // Shown whole once the game's panel and its stylesheet are in: revealed piece by piece, the
  // scores would jump down as the turn and the timer arrive above them.
  const screen = h('div.table-screen.loading', head, pending, timerSlot, diceSlot, panel, afterGame, scores, after);
  root.append(screen, toast);

  const parts = [];
  let game = null;
  let toastTimer = 0;
  const entries = [];

  session.addEventListener('problem', (e) => {
    toast.textContent = e.detail.message;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (toast.hidden = true), 5000);
  });
  const showLive = () => {
    if (session.stale) {
      live.textContent = session.pending ? `Offline · ${session.pending} waiting to send` : 'Offline · last state seen';
      live.dataset.state = 'offline';
    } else {
      live.textContent = session.pending ? `${session.pending} waiting to send` : session.connected ? 'Live' : 'Reconnecting…';
      live.dataset.state = session.connected && !session.pending ? 'live' : 'waiting';
    }
    pending.hidden = !session.pending;
    pendingList.replaceChildren(...session.queued.map((item) => h('li', describe(queuedEvent(item), session.view?.seats || []))));
  };
  session.addEventListener('connection', showLive);
  session.addEventListener('pending', showLive);
  session.addEventListener('events', (e) => {
    entries.unshift(...e.detail.slice().reverse());
    entries.length = Math.min(entries.length, 30);
    log.replaceChildren(...entries.map((ev) => h('li', h('span.seq', `#${ev.seq}`), describe(ev, session.view.seats))));
  });
  let sawNoNext = false; // this phone was here before the table was played again: it follows at once
  const follow = (next) => {
    if (!location.hash.toUpperCase().startsWith(`#/TABLE/${next}`)) navigate(`#/table/${next}`);
  };
  againButton.addEventListener('click', async () => {
    againButton.disabled = true;
    try {
      follow((await api.again(session.code)).code);
    } catch (err) {
      againNote.textContent = err.message;
      againButton.disabled = false;
    }
  });
  const showAfterGame = (view) => {
    const next = view.next_code;
    if (next && sawNoNext && !session.stale) {
      follow(next);
      return;
    }
    sawNoNext ||= !next;
    if (view.result.finished && !view.league && !leagueRow.dataset.shown) offerLeagues(view, leagueRow);
    screen.classList.toggle('finished', Boolean(view.result.finished));
    afterGame.hidden = !view.result.finished && !next;
    againButton.hidden = Boolean(next);
    if (next) {
      againNote.replaceChildren('This table was played again: ', h('a', { href: `#/table/${next}` }, `open table ${next}`), '.');
    }
  };
  session.addEventListener('change', (e) => {
    const view = e.detail;
    showAfterGame(view);
    scores.replaceChildren(scoreboard(view.result), h('p.meta', view.result.reason || ''));
    undo.disabled = !view.can_undo;
    redo.disabled = !view.can_redo;
    parts.forEach((p) => p.update?.(view));
  });

  (async () => {
    try {
      await session.start();
    } catch (err) {
      if (err.offline) {
        // Never opened on this phone, and no connection: it opens by itself once the network is back.
        root.replaceChildren(h('h1', `Table ${session.code}`),
          h('p.card.error', 'No connection, and this phone has not opened this table before. It opens by itself when the connection is back.'),
          h('a.button', { href: '#/' }, 'Back home'));
        const retry = () => location.hash.toUpperCase().startsWith(`#/TABLE/${session.code}`) && navigate(location.hash);
        window.addEventListener('online', retry, { once: true });
        return;
      }
      root.replaceChildren(h('h1', 'Table not found'), h('p.card.error', err.message), h('a.button', { href: '#/' }, 'Back home'));
      return;
    }
    const view = session.view;
    preloadPanelCss(view.game);
    let catalogue = store.get().catalogue;
    if (!catalogue) {
      catalogue = await api.games().catch(() => null);
      if (catalogue) store.set({ catalogue });
    }
    game = catalogue?.games.find((g) => g.id === view.game);
    screen.dataset.game = view.game;
    title.textContent = game?.name || view.game;
    const recent = [{ code: view.code, game: view.game, at: Date.now() }, ...store.get().recentTables.filter((t) => t.code !== view.code)].slice(0, 8);
    store.set({ recentTables: recent });
    rememberPlayers(view.seats);
    const reveal = () => screen.classList.remove('loading');
    const module = await loadPanel(view.game, panel, reveal);
    if (module.usesTimer !== false) parts.push(mountTimer(timerSlot, session, { presets: module.timerPresets?.(view) }));
    if (module.rolls) parts.push(mountDice(diceSlot, session, module.rolls));
    parts.push(module.mount(panel, session, game));
    parts.forEach((p) => p.update?.(view));
    await stylesheetsLoaded();
    after.hidden = false;
    reveal();
    showLive();
  })();

  return {
    destroy() {
      session.stop();
      parts.forEach((p) => p.destroy?.());
    },
  };
}

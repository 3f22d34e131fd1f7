// A table as every phone at it sees it: the code to join, the live score (each
// total explained line by line), the shared timer, the dice and the game's panel.
import { api, leagues } from '../api.js';
import { mountDice } from '../components/dice.js';
import { mountTimer } from '../components/timer.js';
import { t } from '../i18n.js';
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
  const dialog = h('dialog.share', { 'aria-label': t('table.invite_players') },
    h('h2', t('table.join_this')),
    h('img.qr', { src: api.qrUrl(code), alt: t('table.qr_alt', { code }), width: 240, height: 240 }),
    h('p.code-big', code),
    h('p.meta.join-link', url),
    h('p.muted', t('table.scan_help')),
    h('div.row',
      navigator.share ? h('button.primary', { onclick: () => navigator.share({ title: t('table.share_title'), url }).catch(() => {}) }, t('table.share_link')) : null,
      navigator.clipboard ? h('button', { onclick: (e) => navigator.clipboard.writeText(url).then(() => (e.target.textContent = t('table.copied'))) }, t('table.copy_link')) : null,
      h('button', { onclick: () => dialog.close() }, t('table.close'))));
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
        p.lines.length ? h('ul.lines', p.lines.map((l) => h('li', h('span', l.label), h('span', (l.points > 0 ? '+' : '') + l.points)))) : h('p.muted', t('table.no_points'))))));
}

// An action waiting in the outbox, as the event it will become.
function queuedEvent(item) {
  return item.path.endsWith('/timer') ? { type: 'timer', data: item.body } : { type: item.body.type, data: item.body.data };
}

// The log's words for the timer's commands and the cards' kinds (the event keeps the ids).
const TIMER_ACTIONS = () => ({ set: t('log.timer_set'), start: t('log.timer_start'), pause: t('log.timer_pause'),
  resume: t('log.timer_resume'), add: t('log.timer_add'), reset: t('log.timer_reset') });
const CARD_KINDS = () => ({ standard: t('log.card_standard'), 'red-hand': t('log.card_red_hand'), 'extreme-4': t('log.card_extreme_4'),
  'extreme-5': t('log.card_extreme_5'), 'left-arrow': t('log.card_left_arrow'), ten: t('log.card_ten'), 'red-3': t('log.card_red_3'),
  'red-4': t('log.card_red_4'), immediate: t('log.card_immediate') });

function describe(event, seats) {
  const d = event.data || {};
  const seat = (i) => seats[i] ?? t('table.seat_n', { n: i + 1 });
  const name = seat(d.seat);
  switch (event.type) {
    case 'roll': return t('log.rolled', { faces: d.results.map((r) => (r.face === '#' || (r.die === 'stopper' && r.face === 0) ? t('log.blank') : r.face)).join(', ') });
    case 'timer': return t('log.timer', { action: TIMER_ACTIONS()[d.action] || d.action, seconds: d.seconds ? ` ${t('timer.seconds', { s: d.seconds })}` : '' });
    case 'undo': return t('log.undid', { seq: `#${d.undid}` });
    case 'redo': return t('log.redid', { seq: `#${d.redid}` });
    case 'points': return `${name} ${d.points >= 0 ? '+' : ''}${d.points}`;
    case 'die': return t('log.die', { face: d.face });
    case 'stopper': return t('log.stopper', { face: d.face || t('log.blank') });
    case 'card': return t('log.card', { kind: CARD_KINDS()[d.kind] || d.kind, points: d.points ? ` (${d.points})` : '',
      missed: d.completed === false ? t('log.not_completed') : '' });
    case 'bonus': return d.completed ? t('log.bonus_done') : t('log.bonus_missed');
    case 'skip': return t('log.skipped', { name, count: d.spaces });
    case 'pass': return t('log.passed', { name });
    case 'leftover': return t('log.leftover', { name, count: d.squares });
    case 'hand_in': return t('log.handed_in', { name });
    case 'next_table': return t('log.next_table', { code: d.code });
    case 'challenge': return t('log.challenge', { verdict: d.verdict?.valid ? t('reason.valid') : t('log.not_valid') });
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
      const retry = h('button', t('table.try_again'));
      panel.replaceChildren(h('p.card.error', { role: 'alert' }, t('table.panel_failed')), retry);
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
    const button = h('button.record-league', { type: 'button' }, league.name ? t('table.record_in', { league: league.name }) : t('table.record_in_a_league'));
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
        status.replaceChildren(t('table.recorded_in', { league: league.name }), ' ',
          h('a', { href: `#/league/${encodeURIComponent(league.id)}/result/${encodeURIComponent(result.id)}` }, t('table.see_result')));
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
  const title = h('h1.table-title', t('table.table'));
  const live = h('span.live', { role: 'status' }, t('table.connecting'));
  const scores = h('section.card.scores', { 'aria-label': t('table.scores') });
  const panel = h('section.panel');
  const log = h('ol.log', { 'aria-label': t('table.what_happened') });
  const undo = h('button', { onclick: () => session.undo().catch(() => {}) }, t('table.undo'));
  const redo = h('button', { onclick: () => session.redo().catch(() => {}) }, t('table.redo'));
  const toast = h('p.toast', { role: 'alert', hidden: true });
  // Actions taken without a connection, listed where the game's controls are until they are sent,
  // so nobody taps a card again because it did not show.
  const pendingList = h('ol.pending-list');
  const pending = h('section.card.pending', { 'aria-label': t('table.not_sent'), hidden: true },
    h('h2', t('table.not_sent_title')), pendingList,
    h('p.meta', t('table.not_sent_help')));
  const head = h('header.table-head',
    h('div', title, h('button.code', { onclick: () => shareSheet(session.code, session.view?.join_url), title: t('table.invite_title') },
      h('span', session.code), h('span.invite', t('table.invite')))),
    live);
  const timerSlot = h('div.timer-slot');
  const diceSlot = h('div.dice-slot');
  // Undo and the log wait for the game's panel: shown before it, they would jump down when it arrives.
  const after = h('div.after-panel', { hidden: true }, h('div.row.undo', undo, redo), h('h2', t('table.log')), log);
  // First screen first: the stylesheet orders these (and the panel's own cards) so that whose
  // turn it is, the timer and the one action that matters now come before scores, log and settings.
  // After the game: play again with the same seats and options; every phone here follows.
  const againButton = h('button.primary.wide.play-again', { type: 'button' }, t('table.play_again'));
  const againNote = h('p.meta', t('table.play_again_help'));
  const leagueRow = h('div.record-in-league');
  const afterGame = h('section.card.after-game', { 'aria-label': t('table.after_game'), hidden: true }, againButton, againNote, leagueRow);
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
      live.textContent = session.pending ? t('table.offline_waiting', { count: session.pending }) : t('table.offline_last');
      live.dataset.state = 'offline';
    } else {
      live.textContent = session.pending ? t('table.waiting', { count: session.pending }) : session.connected ? t('table.live') : t('table.reconnecting');
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
      againNote.replaceChildren(t('table.played_again'), ' ', h('a', { href: `#/table/${next}` }, t('table.open_table', { code: next })), '.');
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
        root.replaceChildren(h('h1', t('table.table_code', { code: session.code })),
          h('p.card.error', t('table.never_opened')),
          h('a.button', { href: '#/' }, t('table.back_home')));
        const retry = () => location.hash.toUpperCase().startsWith(`#/TABLE/${session.code}`) && navigate(location.hash);
        window.addEventListener('online', retry, { once: true });
        return;
      }
      root.replaceChildren(h('h1', t('table.not_found')), h('p.card.error', err.message), h('a.button', { href: '#/' }, t('table.back_home')));
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

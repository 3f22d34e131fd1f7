// A table as every phone at it sees it: the code to join, the live score (each
// total explained line by line), the shared timer, the dice and the game's panel.
import { api, getCatalogue, http, leagues } from '../api.js';
import { mountDice } from '../components/dice.js';
import { mountTimer } from '../components/timer.js';
import { importLogLines, importPanel, panelId, preloadPanel } from '../games/panels.js';
import { t } from '../i18n.js';
import { takeAhead } from '../lib/ahead.js';
import { sync } from '../lib/clock.js';
import { h, stylesheetsReady } from '../lib/dom.js';
import { keepInEyeOrder } from '../lib/eye-order.js';
// Named here, not only imports down (session → offline → idb, session → uuid), so the browser fetches
// them with this view instead of one round trip after another: the table shows sooner (session → device too).
import '../lib/device.js';
import '../lib/idb.js';
import '../lib/offline.js';
import '../lib/uuid.js';
import { navigate } from '../router.js';
import { TableSession } from '../session.js';
import { seatsPart } from '../components/seats.js';
import { rememberPlayers, store } from '../store.js';

function shareSheet(code, joinUrl) {
  // The server's join link: never localhost when the page was opened on the laptop running the app.
  const url = joinUrl || `${location.origin}/#/table/${code}`;
  const dialog = h('dialog.share', { 'aria-label': t('table.invite_players') },
    h('h2', t('table.join_this')),
    h('img.qr', { src: api.qrUrl(code), alt: t('table.qr_alt', { code }), width: 240, height: 240 }),
    h('p.code-big', code),
    h('p.meta.join-link', url),
    h('p.muted', t('table.scan_help')),
    // The room's view of this table (views/screen.js): here, or at this address on the TV's or laptop's browser.
    h('p.big-screen-link', h('a', { href: `#/table/${code}/screen`, onclick: () => dialog.close() }, t('table.big_screen'))),
    h('p.meta', t('table.big_screen_help'), ' ', h('span.screen-link', `${url}/screen`)),
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

// The log's words (lib/log-lines.js, with the game's own lines, games/<id>-log.js) are loaded once the
// table is on screen: the log and the list of unsent actions wait for them, the first screen does not.
let describe = null;
const logLines = (gameId) => Promise.all([import('../lib/log-lines.js'), importLogLines(gameId)])
  .then(([m, gameLines]) => (describe = (event, view, t) => m.describe(event, view, t, gameLines)));

// An action waiting in the outbox, as the event it will become.
function queuedEvent(item) {
  return item.path.endsWith('/timer') ? { type: 'timer', data: item.body } : { type: item.body.type, data: item.body.data };
}

// The game's controls are a separate module; if the network drops before it arrives,
// say so and try again when the phone is back online (or when asked), instead of a blank panel.
const plainPad = () => import('../components/score-pad.js');

async function loadPanel(gameId, panel, onTrouble) {
  const id = panelId(gameId);
  let load = id ? () => importPanel(id) : plainPad;
  for (;;) {
    try {
      return await load();
    } catch {
      if (load !== plainPad && await panelMissing(id)) {
        load = plainPad; // a game with no panel of its own gets the plain score pad
        continue;
      }
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

// The server answered and has no panel for this game (not: the network dropped).
async function panelMissing(gameId) {
  try {
    return (await fetch(new URL(`../games/${gameId}.js`, import.meta.url), { method: 'HEAD' })).status === 404;
  } catch {
    return false;
  }
}

/**
 * The id a casual table's game has in a league, the same on every phone: two players tapping "Record in …"
 * record it once (a random id per phone recorded it twice). A UUID (version 8) from four 32-bit FNV-1a style
 * hashes of the table's code and the league's id, mixed: no crypto.subtle, which only a secure context has.
 */
function casualResultId(code, leagueId) {
  const text = `scorekeeper:casual:${code}:${leagueId}`;
  const hashes = [0x811c9dc5, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35];
  const primes = [0x01000193, 0x5bd1e995, 0x27d4eb2d, 0x165667b1];
  for (let i = 0; i < text.length; i++) {
    for (let j = 0; j < 4; j++) hashes[j] = Math.imul(hashes[j] ^ text.charCodeAt(i), primes[j]) ^ (hashes[(j + 1) % 4] >>> 15);
  }
  const mixed = hashes.map((x, j) => { // murmur3's finaliser, the four words mixed into each other
    let m = x ^ Math.imul(hashes[(j + 1) % 4], 0x9e3779b1);
    m = Math.imul(m ^ (m >>> 16), 0x85ebca6b);
    m = Math.imul(m ^ (m >>> 13), 0xc2b2ae35);
    return (m ^ (m >>> 16)) >>> 0;
  });
  const hex = mixed.map((x) => x.toString(16).padStart(8, '0')).join('');
  const variant = (8 | (parseInt(hex[16], 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
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
      const id = casualResultId(view.code, league.id); // a second tap, or another phone: stored once
      const d = new Date();
      const playedOn = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      // With the places the game decided (an immediate win, sudden death, lowest total first): scores alone
      // would be ranked by the league, highest first.
      const places = view.result.places || [];
      const players = view.result.players.map((p, i) => ({
        name: p.name, score: p.total, ...(places[i] ? { place: places[i] } : {}), ...(p.team ? { team: String(p.team) } : {}),
      }));
      try {
        // The table's players join the league first, as they do when a table is started in it.
        const known = new Set((await leagues.players(league.id, league.token)).players.map((p) => p.name.toLowerCase()));
        for (const p of players) {
          if (known.has(p.name.toLowerCase())) continue;
          // 409: another phone recording this game added them a moment ago.
          await leagues.addPlayer(league.id, league.token, p.name).catch((err) => { if (err.status !== 409) throw err; });
        }
        // 409 duplicate_id: recorded before with other data. Another phone (on another day by its clock) with
        // the same scores: it is recorded. Other scores (the game was changed after an undo): say so.
        await leagues.record(league.id, league.token, { id, game: view.game, played_on: playedOn, players })
          .catch(async (err) => {
            if (err.code !== 'duplicate_id') throw err;
            const kept = (await leagues.result(league.id, league.token, id)).players;
            const same = kept.length === players.length && kept.every((p, i) =>
              p.name.toLowerCase() === players[i].name.toLowerCase() && p.score === players[i].score);
            if (!same) throw err;
          });
        status.replaceChildren(t('table.recorded_in', { league: league.name }), ' ',
          h('a', { href: `#/league/${encodeURIComponent(league.id)}/result/${encodeURIComponent(id)}` }, t('table.see_result')));
      } catch (err) {
        status.textContent = err.message;
        button.disabled = false;
      }
    });
    return button;
  }), ...(mine.length ? [status] : []));
}

// --- the pieces of the table screen, each { el, … } -------------------------------------------

/** The game's name, the code to invite with, and whether this phone is live, offline or sending. */
function tableHead(session) {
  const title = h('h1.table-title', t('table.table'));
  const live = h('span.live', { role: 'status' }, t('table.connecting'));
  const el = h('header.table-head',
    h('div', title, h('button.code', { onclick: () => shareSheet(session.code, session.view?.join_url), title: t('table.invite_title') },
      h('span', session.code), h('span.invite', t('table.invite')))),
    live);
  function showLive() {
    if (session.unheard) {
      // The stream went silent (session.js): said in words, whatever navigator.onLine believes.
      live.textContent = session.pending ? t('table.not_connected_waiting', { count: session.pending }) : t('table.not_connected');
      live.dataset.state = 'offline';
    } else if (session.stale) {
      live.textContent = session.pending ? t('table.offline_waiting', { count: session.pending }) : t('table.offline_last');
      live.dataset.state = 'offline';
    } else {
      const link = session.connected ? t('table.live') : session.wasConnected ? t('table.reconnecting') : t('table.connecting');
      live.textContent = session.pending ? t('table.waiting', { count: session.pending }) : link;
      live.dataset.state = session.connected && !session.pending ? 'live' : 'waiting';
    }
  }
  return { el, showLive, setTitle: (text) => (title.textContent = text) };
}

/** Actions taken without a connection, listed where the game's controls are until they are sent,
 *  so nobody taps a card again because it did not show. */
function pendingCard(session) {
  const list = h('ol.pending-list');
  const el = h('section.card.pending', { 'aria-label': t('table.not_sent'), hidden: true },
    h('h2', t('table.not_sent_title')), list,
    h('p.meta', t('table.not_sent_help')));
  function show() {
    el.hidden = !session.pending;
    list.replaceChildren(...(describe ? session.queued.map((item) => h('li', describe(queuedEvent(item), session.view, t))) : []));
  }
  return { el, show };
}

/** Undo, redo and the last 30 events in words. Hidden until the game's panel is in: shown
 *  before it, they would jump down when it arrives. */
function logPart(session) {
  const log = h('ol.log', { 'aria-label': t('table.what_happened') });
  const undo = h('button', { onclick: () => session.undo().catch(() => {}) }, t('table.undo'));
  const redo = h('button', { onclick: () => session.redo().catch(() => {}) }, t('table.redo'));
  const el = h('div.after-panel', { hidden: true }, h('div.row.undo', undo, redo), h('h2', t('table.log')), log);
  const entries = [];
  const draw = () => describe && log.replaceChildren(...entries.map((ev) => h('li', h('span.seq', `#${ev.seq}`), describe(ev, session.view, t))));
  return {
    el,
    add(events) {
      entries.unshift(...events.slice().reverse());
      entries.length = Math.min(entries.length, 30);
      draw();
    },
    update(view) {
      undo.disabled = !view.can_undo;
      redo.disabled = !view.can_redo;
      draw(); // the lines name players and blocks from the table as it is now
    },
  };
}

/** This phone's member (or admin) link of the table's league, if it has one: Play again sends it, so the
 *  next table stays in the league (the join code alone makes a casual one). */
async function memberLink(view) {
  if (!view?.league) return undefined;
  const { findLeague, RANK } = await import('./league-common.js');
  const league = findLeague(view.league);
  return league && RANK[league.role] >= RANK.member ? league.token : undefined;
}

/** After the game: play again with the same seats and options (every phone here follows), or
 *  record a casual game in a league. */

/** "Send to BG Stats": a link that opens BG Stats with the finished game filled in (lib/bgstats.js builds
 *  it here, on the phone). The game was over at its last event: that ends the duration. */
function bgStatsPart(session, catalogue) {
  const link = h('a.button.wide.send-bgstats', { href: '#', target: '_blank', rel: 'noopener', 'aria-describedby': 'bgstats-help' },
    t('bgstats.send'));
  const el = h('div.send-to-bgstats', { hidden: true }, link, h('p#bgstats-help.meta', t('bgstats.send_help')));
  let endMs = null; // none known (offline, opened long after): the play goes without a duration
  let bgstats = null;
  let latest = null;
  let asked = false;
  const seen = (events) => {
    for (const ev of events) {
      if (ev.at_ms && ev.type !== 'next_table' && ev.type !== 'timer') endMs = Math.max(endMs ?? 0, ev.at_ms);
    }
  };
  session.addEventListener('events', (e) => {
    seen(e.detail);
    if (latest) update(latest).catch(() => {});
  });
  // A phone that opens the table after the game has none of its events: the last few say when it ended.
  const lastEvents = (view) => http.get(`${api.eventsPath(view.code)}?after=${Math.max(0, view.seq - 5)}`)
    .then((answer) => seen(answer.events), () => {});
  async function update(view) {
    latest = view;
    el.hidden = !view.result.finished;
    if (!view.result.finished) return;
    if (!endMs && !asked) {
      asked = true;
      await lastEvents(view);
    }
    bgstats ||= await import('../lib/bgstats.js');
    // The game's name as the box says it: the catalogue may still be on its way (a phone's first visit).
    const game = await gameEntry(catalogue, latest.game);
    if (!latest.result.finished) return;
    const options = { gameName: game?.name || latest.game, t, endMs, firstSeatStarts: game?.first_seat_starts };
    link.href = bgstats.pushLink(bgstats.playFromTable(latest, options));
  }
  return { el, update };
}

/** After the game: play again with the same seats and options (every phone here follows), record a
 *  casual game in a league, or send it to BG Stats. */
function afterGameCard(session, screen, catalogue) {
  const again = h('button.primary.wide.play-again', { type: 'button' }, t('table.play_again'));
  const note = h('p.meta', t('table.play_again_help'));
  const leagueRow = h('div.record-in-league');
  const toBgStats = bgStatsPart(session, catalogue);
  const el = h('section.card.after-game', { 'aria-label': t('table.after_game'), hidden: true }, again, note, leagueRow, toBgStats.el);
  let sawNoNext = false; // this phone was here before the table was played again: it follows at once
  const follow = (next) => {
    if (!location.hash.toUpperCase().startsWith(`#/TABLE/${next}`)) navigate(`#/table/${next}`);
  };
  again.addEventListener('click', async () => {
    again.disabled = true;
    try {
      follow((await api.again(session.code, { token: await memberLink(session.view) })).code);
    } catch (err) {
      note.textContent = err.message;
      again.disabled = false;
    }
  });
  function update(view) {
    const next = view.next_code;
    if (next && sawNoNext && !session.stale) {
      follow(next);
      return;
    }
    sawNoNext ||= !next;
    if (view.result.finished && !view.league && !leagueRow.dataset.shown) offerLeagues(view, leagueRow);
    toBgStats.update(view).catch(() => {}); // offline before the module was kept: no link, nothing else waits
    screen.classList.toggle('finished', Boolean(view.result.finished));
    el.hidden = !view.result.finished && !next;
    again.hidden = Boolean(next);
    if (next) note.replaceChildren(t('table.played_again'), ' ', h('a', { href: `#/table/${next}` }, t('table.open_table', { code: next })), '.');
  }
  return { el, update };
}

function toastPart() {
  const el = h('p.toast', { role: 'alert', hidden: true });
  let timer = 0;
  return {
    el,
    show(message) {
      el.textContent = message;
      el.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(() => (el.hidden = true), 5000);
    },
  };
}

// The table could not be opened: never opened on this phone and no connection (it opens by
// itself once the network is back), or not found.
function showOpenFailure(root, session, err) {
  if (err.offline) {
    root.replaceChildren(h('h1', t('table.table_code', { code: session.code })),
      h('p.card.error', t('table.never_opened')),
      h('a.button', { href: '#/' }, t('table.back_home')));
    const retry = () => location.hash.toUpperCase().startsWith(`#/TABLE/${session.code}`) && navigate(location.hash);
    window.addEventListener('online', retry, { once: true });
    return;
  }
  root.replaceChildren(h('h1', t('table.not_found')), h('p.card.error', err.message), h('a.button', { href: '#/' }, t('table.back_home')));
}

// The games' catalogue (the game's name for the title, and what a panel may read), asked for
// alongside the table's state (main.js): asked for after it, it came in with the panel and held the screen.
const loadCatalogue = () => getCatalogue(takeAhead(api.gamesPath)).catch(() => null);

async function gameEntry(catalogue, gameId) {
  return (await catalogue)?.games.find((g) => g.id === gameId);
}

function rememberTable(view) {
  const recent = [{ code: view.code, game: view.game, at: Date.now() }, ...store.get().recentTables.filter((r) => r.code !== view.code)].slice(0, 8);
  store.set({ recentTables: recent });
  rememberPlayers(view.seats);
}

// Runs fn a moment after the frame now being drawn. At that frame everything the screen waits for
// is in, so what starts after it competes with nothing the players see; the moment (a tenth of a
// second) lets the frame reach the screen first, as measuring tools count every request that ends
// before the largest paint as one the screen waited for (Lighthouse's slow phone: a round trip each).
const afterPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 100));

// Opens the table: its state, then the game's panel with the timer and dice it wants; the screen is
// shown whole once they and their stylesheets are in.
async function openTable(root, session, catalogue, { screen, head, stillTrying, panel, scores, afterGame, timerSlot, diceSlot, log, parts, showLive }) {
  try {
    await session.start();
  } catch (err) {
    showOpenFailure(root, session, err);
    return;
  }
  stillTrying.remove();
  const view = session.view;
  preloadPanel(view.game);
  // What the first screen does not wait for starts once it is painted: started before, it competes
  // with what the screen waits for. The stream's first message is the table as it is then.
  const reveal = () => {
    screen.classList.remove('loading');
    afterPaint(() => {
      session.follow();
      logLines(view.game).then(() => {
        log.update(session.view);
        showLive();
      }, () => {}); // offline before the service worker kept it: the log stays empty, nothing else waits
    });
  };
  const [game, module] = await Promise.all([gameEntry(catalogue, view.game), loadPanel(view.game, panel, reveal)]);
  screen.dataset.game = view.game;
  head.setTitle(game?.name || view.game);
  rememberTable(view);
  scores.hidden = Boolean(module.ownScores); // the panel shows the scores its own, richer way
  if (module.usesTimer !== false) parts.push(mountTimer(timerSlot, session, { presets: module.timerPresets?.(view) }));
  if (module.rolls) parts.push(mountDice(diceSlot, session, module.rolls));
  // Which seat this phone plays, for games with turns ("Your turn"); a panel that needs it for its own acts
  // (Bresk!'s hand-in) places it itself. A score pad's or Block Buster's table has none: no turns to follow.
  const seats = !module.ownSeats && game?.turns ? seatsPart(session, { turnNote: module.turnNote }) : null;
  if (seats) parts.push(seats);
  parts.push(module.mount(panel, session, game));
  // The table's own cards go in among the panel's, which are kept in the document in the order they are shown
  // (lib/eye-order.js): once the game is over, Play again and the result come first, and so does Tab.
  panel.append(...(seats ? [seats.banner, seats.card] : []), afterGame, scores);
  // Focus follows the eye: the timer and the dice go in among the panel's cards, which are kept in the
  // document in the order the stylesheets show them (the roll above the timer, Bresk!'s grid above the
  // dice while everyone writes), so Tab reaches them in that order.
  panel.prepend(...[module.usesTimer !== false && timerSlot, module.rolls && diceSlot].filter(Boolean));
  parts.forEach((p) => p.update?.(view));
  // The game panels add their own stylesheet; laid out before it arrives, the page would shift.
  await stylesheetsReady();
  // The panel's mount and the first layout as two tasks, not one: as one, they were the longest task before the
  // table's first paint, the one that held its Lighthouse score behind HTTP/2 (docs/PERFORMANCE.md).
  await new Promise((resume) => setTimeout(resume, 0));
  // Sorted once the game's own stylesheet is in, which may place its cards differently: sorting reads every
  // card's style, and read before, it is worked out twice before the first paint.
  const inEyeOrder = keepInEyeOrder(panel);
  parts.push(inEyeOrder);
  inEyeOrder.update();
  log.el.hidden = false;
  reveal();
  showLive();
  // The shared timer's clock, refined once the table is on screen (its first estimate came with the table).
  afterPaint(() => sync(4));
}

export function mount(root, { code }) {
  const session = new TableSession(code);
  const head = tableHead(session);
  const pending = pendingCard(session);
  const log = logPart(session);
  const toast = toastPart();
  const scores = h('section.card.scores', { 'aria-label': t('table.scores') });
  const panel = h('section.panel');
  const timerSlot = h('div.timer-slot');
  const diceSlot = h('div.dice-slot');
  // First screen first: the stylesheet orders these (and the panel's own cards) so that whose
  // turn it is, the timer and the one action that matters now come before scores, log and settings.
  // Shown whole once the game's panel and its stylesheet are in: revealed piece by piece, the
  // scores would jump down as the turn and the timer arrive above them.
  // Said under the head while the server has not answered a table never opened here (session.js 'slow').
  const stillTrying = h('p.card.still-trying', { role: 'status', hidden: true }, t('table.still_trying'));
  const screen = h('div.table-screen.loading', head.el, stillTrying, pending.el, timerSlot, diceSlot, panel);
  const catalogue = loadCatalogue();
  const afterGame = afterGameCard(session, screen, catalogue);
  screen.append(afterGame.el, scores, log.el);
  root.append(screen, toast.el);
  const parts = [];

  const showLive = () => {
    head.showLive();
    pending.show();
    if (store.get().unheard !== session.unheard) store.set({ unheard: session.unheard }); // the top bar says it too
  };
  session.addEventListener('slow', () => (stillTrying.hidden = false));
  session.addEventListener('problem', (e) => toast.show(e.detail.message));
  session.addEventListener('connection', showLive);
  session.addEventListener('pending', showLive);
  session.addEventListener('events', (e) => log.add(e.detail));
  session.addEventListener('change', (e) => {
    const view = e.detail;
    afterGame.update(view);
    scores.replaceChildren(scoreboard(view.result), h('p.meta', view.result.reason || ''));
    log.update(view);
    parts.forEach((p) => p.update?.(view));
    screen.dataset.seq = String(view.seq); // what this phone shows, as the big screen says it (tests wait on it)
  });

  const seen = store.get().recentTables.find((r) => r.code === session.code);
  if (seen) preloadPanel(seen.game);
  openTable(root, session, catalogue, { screen, head, stillTrying, panel, scores, afterGame: afterGame.el, timerSlot, diceSlot, log, parts, showLive });

  return {
    destroy() {
      session.stop();
      if (store.get().unheard) store.set({ unheard: false }); // another screen has no table to hear from
      parts.forEach((p) => p.destroy?.());
    },
  };
}

// #/league/:id — a league's home: standings (sortable, filtered by game and season), per-game
// leaderboards, recent results (each opens its own page), and — by role — record / start a
// table, settings, share links, export.
// Opened with a viewer link it is a read-only board for a club's screen: large type,
// no edit buttons, refreshed every 30 s.
import { gameName, getCatalogue, leagues } from '../api.js';
import { date, number as formatNumber, t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { navigate } from '../router.js';
import {
  RANK, ROLE_NAMES, adoptLink, dropToken, ensureCss, fill, findLeague, forget, formatDate, learnSharedLinks, resultGameName,
  linkRow, number, playerHref, qrButton, rankText, remember, rename, replaceLink, saveBlob, shareUrl, skillCell,
} from './league-common.js';

const REFRESH_MS = 30_000;

// The server's order is the default: wins (shared ones count), then win rate, then games played; rows level
// on all three share a rank ("=1") and come by name. Sorting by a column keeps that order among equal values
// and the rank column stays the standings' rank. The skill estimate is a column and a sort of its own.
const COLUMNS = [
  {
    key: 'wins', label: t('standings.wins'), title: t('standings.wins_title'), value: (r) => r.wins,
    show: (r) => [String(r.wins), r.shared_wins ? h('span.shared', ` ${t('standings.shared', { n: r.shared_wins })}`) : null],
  },
  {
    key: 'win_rate', label: t('standings.win_pct'), title: t('standings.win_rate'), value: (r) => r.win_rate,
    show: (r) => formatNumber(r.win_rate, { style: 'percent', maximumFractionDigits: 0 }),
  },
  { key: 'played', label: t('standings.games'), title: t('standings.games_played'), value: (r) => r.played, show: (r) => String(r.played) },
  {
    // Only for one game (the server gives none over all games: their points do not compare).
    key: 'average', label: t('standings.avg'), title: t('standings.average'), value: (r) => r.average_score ?? -Infinity,
    show: (r) => number(r.average_score, Math.abs(r.average_score) >= 10 ? 0 : 1), oneGame: true,
  },
  { key: 'rating', label: t('standings.skill'), title: t('standings.skill_title'), value: (r) => r.rating, show: skillCell },
];

function standingsTable(rows, { sort, oneGame }, onSort, hrefFor) {
  const columns = COLUMNS.filter((c) => oneGame || !c.oneGame);
  const order = rows.map((r, i) => [r, i]);
  const column = columns.find((c) => c.key === sort.key) || columns[0];
  const sign = sort.dir === 'asc' ? 1 : -1;
  order.sort(([a, i], [b, j]) => sign * (column.value(a) - column.value(b)) || i - j);
  return h('table.standings',
    h('caption.visually-hidden', t('standings.caption')),
    h('thead', h('tr',
      h('th.rank-col', { scope: 'col', title: t('standings.rank_title') }, h('span', { 'aria-hidden': 'true' }, '#'),
        h('span.visually-hidden', t('standings.rank_title'))),
      h('th.player-col', { scope: 'col' }, t('bresk.player')),
      columns.map((c) => h('th', {
        scope: 'col', 'aria-sort': c.key === sort.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none',
        class: c.key === sort.key ? 'sorted' : null,
      }, h('button.sort', {
        type: 'button', dataset: { sort: c.key }, title: c.title || c.label,
        'aria-label': c.key === sort.key && sort.dir === 'desc' ? t('standings.sort_lowest', { column: c.title || c.label })
          : t('standings.sort_highest', { column: c.title || c.label }),
        onclick: () => onSort(c.key),
      }, c.label, h('span.arrow', { 'aria-hidden': 'true' }, c.key === sort.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''))),
      ))),
    h('tbody', order.map(([r]) => h('tr', { class: r.rank === 1 ? 'leader' : null, dataset: { player: r.player, rank: r.rank } },
      // The star under the rank, not beside the name: a German header row leaves a name little room at 360 px.
      h('td.rank', rankText(r),
        r.rank === 1 ? h('span.crown', { role: 'img', 'aria-label': t('standings.leader_aria'), title: t('standings.leader') }, '★') : null),
      h('th.player-col', { scope: 'row' }, h('a', { href: hrefFor(r.player) }, r.player)),
      columns.map((c) => h(`td.${c.key}`, c.show(r)))))));
}

/** A recent result as a card; the whole card opens the result's page (its date and game are the link). */
function resultItem(result, leagueId) {
  const players = [...result.players].sort((a, b) => a.place - b.place);
  const href = `#/league/${encodeURIComponent(leagueId)}/result/${encodeURIComponent(result.id)}`;
  return h('li.result', { dataset: { result: result.id } },
    h('div.result-head',
      h('a.result-link', { href }, h('span.result-date', formatDate(result.played_on)), ' ', h('span.result-game', resultGameName(result))),
      result.table_code ? h('span.meta.result-table', t('result.table', { code: result.table_code })) : null,
      result.version > 1 ? h('span.meta.result-corrected', t('result.corrected')) : null,
      h('span.chevron', { 'aria-hidden': 'true' }, '›')),
    h('ol.result-players', players.map((p) => h('li', { class: p.place === 1 ? 'won' : null },
      h('span.place', { 'aria-label': t('result.place', { n: p.place }) }, p.place === 1 ? '★' : String(p.place)),
      h('span.pname', p.name, p.team ? h('span.meta', ` · ${t('result.team', { team: p.team })}`) : null),
      h('span.pscore', p.score === null || p.score === undefined ? '' : String(p.score))))));
}

/** Who holds the best score: everyone who reached it, by name (and when it was first reached). */
function bestWho(best) {
  const when = formatDate(best.played_on, { short: true });
  const holders = best.players?.length ? best.players : [best.player];
  return holders.length > 1 ? t('board.best_shared', { names: holders.join(', '), date: when }) : `${holders[0]} · ${when}`;
}

/** One game's leaderboard: best score (who, when; it opens that result), average score, most wins. */
function leaderboardCard(board, leagueId) {
  const best = board.best_score;
  const leaders = board.most_wins;
  const wins = leaders[0]?.wins;
  return h('li.card.board-card', { dataset: { game: board.game } },
    h('h3', gameName(board.game), h('span.meta.board-count', t('board.games', { count: board.results }))),
    h('dl.board-stats',
      h('div.board-best', h('dt', t('board.best')), h('dd', best
        ? h('a', { href: `#/league/${encodeURIComponent(leagueId)}/result/${encodeURIComponent(best.result_id)}` },
          h('strong.board-value', String(best.score)), ' ', h('span.board-who', bestWho(best)))
        : h('span.muted', t('board.places_only')))),
      h('div.board-average', h('dt', t('standings.average')), h('dd', board.average_score === null ? h('span.muted', '–')
        : h('strong.board-value', number(board.average_score)))),
      h('div.board-wins', h('dt', leaders.length > 1 ? t('board.most_wins_shared') : t('board.most_wins')), h('dd', leaders.length
        ? [h('span.board-who', leaders.map((l) => l.player).join(', ')), ' ',
          h('span.board-count', leaders.length > 1 ? t('board.wins_each', { count: wins }) : t('board.wins', { count: wins }))]
        : h('span.muted', '–')))));
}

/** The buttons a member or admin sees: record a result, start a table, and for the admin the settings. */
function fillActions(actions, entry, id, startTable) {
  if (RANK[entry.role] >= RANK.member) {
    fill(actions, // fill() leaves out the member's missing Settings button; replaceChildren would print "null"
      h('a#record-result.button.primary', { href: '#' }, t('league.record_result')),
      h('button#start-table', { type: 'button', onclick: startTable }, t('league.start_table')),
      entry.role === 'admin'
        ? h('a#league-settings.button', { href: `#/league/${encodeURIComponent(id)}/admin` },
          h('span', { 'aria-hidden': 'true' }, '⚙'), t('league.settings'))
        : null);
  } else actions.replaceChildren();
}

/** The links this phone may pass on, each with its QR code; for the admin, buttons to replace the
 *  member's and viewer's. `onReplaced(entry)` after a link was replaced. */
function shareCard(id, onReplaced) {
  const el = h('div.share-links');
  const say = (message) => (el.querySelector('.share-status').textContent = message);
  const rotate = async (role) => {
    try {
      const updatedEntry = await replaceLink(id, role);
      if (!updatedEntry) return;
      onReplaced(updatedEntry);
      render(updatedEntry);
      el.querySelector('details').open = true;
      say(role === 'member' ? t('league.member_link_made') : t('league.viewer_link_made'));
      el.querySelector(`.link-${role} input`)?.focus();
    } catch (err) {
      say(err.message);
    }
  };
  function render(entry) {
    const roles = ['admin', 'member', 'viewer'].filter((r) => RANK[r] <= RANK[entry.role]);
    // Beside Copy and Share: a QR code (when this phone has the link) and, for the admin, Replace.
    const extra = (role) => {
      const buttons = document.createDocumentFragment();
      if (shareUrl(entry, role)) buttons.append(qrButton(id, role, say));
      if (entry.role === 'admin' && role !== 'admin') {
        buttons.append(h('button.replace', { type: 'button', onclick: () => rotate(role) }, entry.tokens?.[role] ? t('league.replace_link') : role === 'member' ? t('league.new_member_link') : t('league.new_viewer_link')));
      }
      return buttons;
    };
    const open = el.querySelector('details')?.open ?? false; // drawn again for links learned: left as it was
    el.replaceChildren(
      h('details.card.share-league', { open },
        h('summary', roles.length > 1 ? t('league.share') : t('league.share_read_only')),
        entry.role === 'admin' ? h('p.warning', h('strong', t('league.admin_safe_colon')), ' ', t('league.give_member_link')) : null,
        h('p.status.share-status', { role: 'status' }),
        roles.map((role) => linkRow(entry, role, { extra: extra(role) }))));
  }
  return { el, render };
}

/** Export (JSON for the admin, CSV for all) and forgetting the league on this phone. */
function toolsCard(id, status) {
  const el = h('div.league-tools');
  function render(entry) {
    const download = (format) => async (e) => {
      const button = e.currentTarget;
      button.disabled = true;
      try {
        const { blob, filename } = await leagues.download(id, findLeague(id).token, format);
        saveBlob(blob, filename);
      } catch (err) {
        status.textContent = err.message;
      } finally {
        button.disabled = false;
      }
    };
    el.replaceChildren(
      h('h2', t('league.export')),
      h('div.row',
        entry.role === 'admin' ? h('button#export-json', { type: 'button', onclick: download('json') }, t('league.download_json')) : null,
        h('button#export-csv', { type: 'button', onclick: download('csv') }, t('league.download_csv')),
        h('button#export-bgstats', { type: 'button', onclick: download('bgstats') }, t('league.download_bgstats'))),
      h('p.meta', entry.role === 'admin' ? t('league.export_admin_help') : t('league.export_help')),
      h('button#forget.link-button', {
        type: 'button',
        onclick: () => {
          if (!window.confirm(t('league.confirm_forget'))) return;
          forget(id);
          navigate('#/leagues');
        },
      }, t('league.forget')));
  }
  return { el, render };
}

/** The game and season filters, filled from the league and the games; `onChange` after a pick. */
function filterRow(filters, onChange) {
  const gameSelect = h('select#filter-game', { 'aria-label': t('new.game') }, h('option', { value: '' }, t('standings.all_games')));
  const seasonSelect = h('select#filter-season', { 'aria-label': t('standings.season') });
  gameSelect.addEventListener('change', () => {
    filters.game = gameSelect.value;
    onChange();
  });
  seasonSelect.addEventListener('change', () => {
    filters.season = seasonSelect.value;
    onChange();
  });
  function update(league, catalogue) {
    fill(gameSelect, h('option', { value: '' }, t('standings.all_games')),
      catalogue.games.map((g) => h('option', { value: g.id, selected: g.id === filters.game }, g.name)));
    seasonSelect.replaceChildren(...league.seasons.map((s) => h('option', {
      value: s.default ? '' : String(s.id), selected: s.default ? !filters.season : String(s.id) === filters.season,
    }, s.default ? t('season.all_time') : `${s.name}${s.starts_on ? ` (${formatDate(s.starts_on, { short: true })} – ${formatDate(s.ends_on, { short: true })})` : ''}`)));
    seasonSelect.disabled = league.seasons.length < 2;
  }
  return { el: h('div.filters.row', gameSelect, seasonSelect), update };
}

/** The standings, sortable by any column (a second tap turns the order round), and how skill is estimated. */
function standingsPart(id, filters) {
  const el = h('div.standings-wrap', { 'aria-busy': 'true' }, h('p.muted', t('standings.loading')));
  let sort = { key: 'wins', dir: 'desc' };
  let rows = [];
  let ratingNote = '';
  function draw() {
    const entry = findLeague(id);
    if (!rows.length) {
      el.replaceChildren(h('p.muted.empty', RANK[entry?.role] >= RANK.member
        ? t('standings.none_yet_member') : t('standings.none_yet')));
      return;
    }
    const q = { game: filters.game, season: filters.season };
    if (!filters.game && sort.key === 'average') sort = { key: 'wins', dir: 'desc' }; // no averages over all games
    el.replaceChildren(standingsTable(rows, { sort, oneGame: Boolean(filters.game) }, (key) => {
      sort = { key, dir: sort.key === key && sort.dir === 'desc' ? 'asc' : 'desc' };
      draw();
      el.querySelector(`button[data-sort="${key}"]`)?.focus();
    }, (name) => playerHref(id, name, q)),
    h('p.meta.order-note', h('strong', t('standings.order_colon')), ' ', t('standings.order_note')),
    filters.game ? null : h('p.meta.average-note', t('standings.average_note')),
    h('p.meta.rating-note', h('strong', t('standings.skill_colon')), ' ', ratingNote));
  }
  function show(table) {
    rows = table.rows;
    ratingNote = `${table.rating_label}. ${table.rating_explanation}`;
    draw();
    el.removeAttribute('aria-busy');
  }
  return { el, show };
}

/** Everything the league's home shows at once, asked for together. */
async function fetchBoard(id, token, query) {
  const [league, table, results, leaders, catalogue] = await Promise.all([
    leagues.get(id, token),
    leagues.standings(id, token, query),
    leagues.results(id, token, { ...query, limit: 20 }),
    leagues.leaderboards(id, token, query),
    getCatalogue(),
  ]);
  return { league, table, results, leaders, catalogue };
}

/** The pieces of the league's home, each an element or { el, … }. */
function boardParts(id, filters, load) {
  const parts = {
    id,
    status: h('p.status', { role: 'status', 'aria-live': 'polite' }),
    title: h('h1.league-title'),
    roleBadge: h('span.role'),
    meta: h('p.meta.league-meta'),
    actions: h('div.league-actions'),
    filters: filterRow(filters, load),
    standings: standingsPart(id, filters),
    updated: h('p.meta.updated'),
    recapLink: h('a#recap-link.button', { href: `#/league/${encodeURIComponent(id)}/recap` }, t('recap.link')),
    recent: h('ul.results', { 'aria-busy': 'true' }),
    boards: h('section.leaderboards', { 'aria-labelledby': 'boards-title', hidden: true },
      h('h2#boards-title', t('board.title')), h('ul.boards')),
  };
  parts.tools = toolsCard(id, parts.status);
  return parts;
}

function layOut(page, parts) {
  page.append(
    h('header.league-head', parts.title, h('div.row', parts.roleBadge, parts.meta)),
    parts.status,
    parts.actions,
    parts.filters.el,
    h('section.card.standings-card', { 'aria-labelledby': 'standings-title' },
      h('div.standings-head', h('h2#standings-title', t('standings.title')), parts.recapLink), parts.standings.el, parts.updated),
    parts.boards,
    h('p.league-links', h('a#open-disputes.button', { href: `#/league/${encodeURIComponent(parts.id)}/disputes` }, t('disputes.open'))),
    h('h2', t('league.recent')),
    parts.recent,
    parts.share.el,
    parts.tools.el,
  );
}

/** What was fetched, shown: standings, leaderboards, recent results and when it was read. */
function showBoard(parts, id, { league, table, results, leaders, catalogue }) {
  parts.filters.update(league, catalogue);
  parts.meta.textContent = t('home.players', { count: league.players });
  parts.standings.show(table);
  const season = parts.filters.el.querySelector('#filter-season').value;
  parts.recapLink.href = `#/league/${encodeURIComponent(id)}/recap${season ? `?season=${encodeURIComponent(season)}` : ''}`;
  parts.recent.replaceChildren(...(results.results.length ? results.results.map((r) => resultItem(r, id)) : [h('li.muted', t('league.nothing_recorded'))]));
  parts.boards.hidden = !leaders.games.length;
  fill(parts.boards.querySelector('.boards'), leaders.games.map((b) => leaderboardCard(b, id)));
  parts.recent.removeAttribute('aria-busy');
  parts.updated.textContent = t('league.updated', { time: date(new Date(), { hour: '2-digit', minute: '2-digit' }) }) +
    (findLeague(id).role === 'viewer' ? ` · ${t('league.refreshes')}` : '');
}

/** A link opened (?t=…) is kept on this phone first; a league just made says so. Returns a problem to
 *  show on its own, or null. */
async function adoptOpenedLink(id, params, page, status, alive) {
  if (params.query.t) {
    page.append(h('p.muted', t('league.opening_link')));
    const problem = await adoptLink(id, params.query);
    if (!alive()) return null;
    page.replaceChildren();
    if (problem && !findLeague(id)) return problem;
    if (problem) status.textContent = problem;
  }
  if (params.query.saved) {
    status.textContent = t('league.saved');
    history.replaceState(history.state, '', `${location.pathname}${location.search}#/league/${encodeURIComponent(id)}`);
  }
  return null;
}

/** The page for this phone's role: the title and badge, and (rebuilt only when the role or the links
 *  change, so a refresh never closes what is open) the actions, share links and tools. */
function showRole(board, entry) {
  const { parts, id, filters } = board;
  const viewer = entry.role === 'viewer';
  board.page.classList.toggle('board', viewer);
  parts.title.textContent = entry.name || t('league.league');
  parts.roleBadge.className = `role role-${entry.role}`;
  parts.roleBadge.textContent = viewer ? t('league.viewer_read_only') : ROLE_NAMES[entry.role];
  const key = `${entry.role} ${JSON.stringify(entry.tokens || {})}`;
  if (key !== board.shown) {
    board.shown = key;
    fillActions(parts.actions, entry, id, board.startTable);
    parts.share.render(entry);
    parts.tools.render(entry);
  }
  const record = parts.actions.querySelector('#record-result');
  if (record) record.href = `#/league/${encodeURIComponent(id)}/record${filters.game ? `?game=${encodeURIComponent(filters.game)}` : ''}`;
}

function showFailure(page, message, entry) {
  page.replaceChildren(h('h1', entry?.name || t('league.league')), h('p.card.error', { role: 'alert' }, message),
    h('p', h('a.button', { href: '#/leagues' }, t('league.yours'))));
}

/** Reads the league again and shows it; a link that stopped working falls back to another this phone has. */
async function loadBoard(board) {
  const { id, filters, parts } = board;
  const entry = findLeague(id);
  if (!entry) return;
  board.asking = true;
  try {
    // An admin phone learns the member and viewer links with every refresh: another admin phone may have
    // replaced one, and this one would otherwise hand out a dead link until it opened settings.
    const learned = entry.role === 'admin' ? learnSharedLinks(id, entry.token).catch(() => {}) : null;
    const fetched = await fetchBoard(id, entry.token, { game: filters.game, season: filters.season });
    await learned;
    if (!board.alive) return;
    const { league, results } = fetched;
    rename(id, league.name);
    if (league.role !== entry.role) remember({ id, name: league.name, role: league.role, token: entry.token });
    showRole(board, findLeague(id));
    board.lastGame = results.results[0]?.game || board.lastGame;
    showBoard(parts, id, fetched);
  } catch (err) {
    if (!board.alive) return;
    if (err.status === 401) {
      const next = dropToken(id, entry.token);
      if (next) return await loadBoard(board); // awaited: this ask is not over until that one is
      showFailure(board.page, t('league.link_gone'), entry);
    } else if (err.offline) {
      parts.updated.textContent = t('league.offline_last');
      const standings = parts.standings.el;
      if (standings.hasAttribute('aria-busy')) standings.replaceChildren(h('p.muted.empty', t('league.offline_standings')));
    } else {
      parts.status.textContent = err.message;
    }
  } finally {
    board.asking = false;
  }
}

export function mount(root, params) {
  ensureCss();
  const id = params.id;
  const page = h('div.league-page.league-home');
  root.append(page);
  let timer = 0;
  const filters = { game: params.query.game || '', season: params.query.season || '' };
  // The page's state: `shown` is the role and links the actions and share links were built for.
  const board = { id, page, filters, alive: true, shown: '', lastGame: '', asking: false };
  const load = () => loadBoard(board);
  // A refresh waits for the last one's answer: a server that does not answer is not asked again and again.
  const refresh = () => document.visibilityState === 'visible' && !board.asking && findLeague(id) && load();
  board.parts = boardParts(id, filters, load);
  board.parts.share = shareCard(id, (entry) => (board.shown = `${entry.role} ${JSON.stringify(entry.tokens || {})}`));
  board.startTable = async () => {
    const game = filters.game || board.lastGame || (await getCatalogue()).games[0].id;
    navigate(`#/new/${encodeURIComponent(game)}?league=${encodeURIComponent(id)}`);
  };

  const start = async () => {
    const problem = await adoptOpenedLink(id, params, page, board.parts.status, () => board.alive);
    if (!board.alive) return;
    const entry = findLeague(id);
    if (problem || !entry) {
      showFailure(page, problem || t('league.no_link'));
      return;
    }
    layOut(page, board.parts);
    showRole(board, entry);
    await load();
    if (board.alive) timer = setInterval(refresh, REFRESH_MS);
  };
  document.addEventListener('visibilitychange', refresh);
  start();

  return {
    destroy() {
      board.alive = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    },
  };
}

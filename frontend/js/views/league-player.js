// #/league/:id/player/:name — one player: their numbers (rank, skill, averages per game), rivals,
// rating over time, scores over time, head to head against anyone else in the league, and every result.
import { gameName, getCatalogue, leagues } from '../api.js';
import { number as formatNumber, t } from '../i18n.js';
import { lineChart } from '../lib/chart.js';
import { h } from '../lib/dom.js';
import { ensureCss, fill, findLeague, formatDate, resultGameName, number, rankText, skillCell } from './league-common.js';

const ordinal = (n) => t('player.ordinal', { count: n, ordinal: true });
const percent = (fraction) => formatNumber(fraction, { style: 'percent', maximumFractionDigits: 0 });

function stat(label, value, note = null) {
  return h('div.stat', h('span.stat-value', value), h('span.stat-label', label), note ? h('span.stat-note', note) : null);
}

function stats(standing) {
  if (!standing) return h('p.muted', t('player.no_games'));
  const streak = standing.current_streak;
  return h('div.stats',
    stat(t('player.rank'), rankText(standing), standing.tied ? t('player.rank_shared') : null),
    stat(t('player.skill'), skillCell(standing), standing.rating_provisional ? t('player.first_guess') : null),
    stat(t('player.played'), String(standing.played)),
    stat(t('standings.wins'), String(standing.wins), standing.shared_wins ? t('player.shared', { n: standing.shared_wins }) : null),
    stat(t('standings.win_rate'), percent(standing.win_rate)),
    stat(t('player.streak'), streak > 0 ? t('player.streak_won', { count: streak }) : streak < 0 ? t('player.streak_not_won', { count: -streak }) : '–',
      t('player.streak_best', { n: standing.longest_win_streak })));
}

/** The average score per game: points of different games do not compare, so there is no average of all. */
function averagesCard(averages) {
  return h('section#averages.card', { 'aria-labelledby': 'averages-title' },
    h('h2#averages-title', t('player.averages')),
    h('dl.averages', averages.map((a) => h('div', h('dt', gameName(a.game)),
      h('dd', h('strong', number(a.average_score)), ' ', h('span.meta', t('player.of_games', { count: a.scored })))))));
}

/** One side of the rivals: the player(s) at the top, with how often of how many games together. */
function rivalLine(label, rivals, none) {
  return h('div.rival', h('dt', label), h('dd', rivals.length
    ? rivals.map((r, i) => [i ? h('br') : null, h('strong', r.player), ' ', h('span.meta', t('player.times_of', { count: r.games, times: r.times }))])
    : h('span.muted', none)));
}

/** Rivals: who finished ahead of this player most often, and whom they finished ahead of most. */
function rivalsCard(rivals, name) {
  return h('section#rivals.card', { 'aria-labelledby': 'rivals-title' },
    h('h2#rivals-title', t('player.rivals')),
    h('dl.rivals',
      rivalLine(t('player.beaten_most_by', { name }), rivals.beaten_most_by, t('player.nobody_ahead', { name })),
      rivalLine(t('player.beats_most', { name }), rivals.beats_most, t('player.nobody_behind', { name }))),
    h('p.meta', t('player.rivals_help')));
}

function ratingChart(page) {
  // The rating starts at 0 (OpenSkill's cautious estimate of a newcomer) before the first game.
  const points = page.rating_history;
  const labels = [t('player.start'), ...points.map((p) => formatDate(p.date, { short: true }))];
  const values = [0, ...points.map((p) => p.rating)];
  const last = points[points.length - 1];
  return lineChart({
    labels, series: [{ name: t('standings.skill_title'), values }], yTitle: t('player.y_skill'), xTitle: t('player.x_day'),
    description: t('player.rating_description', { name: page.player, count: points.length, last: number(last?.rating ?? 0) }),
  });
}

function scoresChart(page) {
  const points = page.scores;
  const gameIds = [...new Set(points.map((p) => p.game))];
  // Several games on one day: "1 Dec · 2" is that evening's second game, so the axis tells them apart.
  const perDay = points.reduce((n, p) => n.set(p.date, (n.get(p.date) || 0) + 1), new Map());
  const labels = points.map((p) => (perDay.get(p.date) > 1 || p.of_day > 1
    ? t('player.game_of_day', { date: formatDate(p.date, { short: true }), n: p.of_day }) : formatDate(p.date, { short: true })));
  const series = gameIds.map((g) => ({ name: gameName(g), values: points.map((p) => (p.game === g ? p.score : null)) }));
  const best = Math.max(...points.map((p) => p.score));
  return lineChart({
    labels, series, yTitle: t('player.y_score'), xTitle: t('player.x_game'),
    description: t('player.scores_description', { name: page.player, count: points.length, best }),
  });
}

function resultRow(r, me, leagueId) {
  const others = r.players.filter((p) => p !== me);
  const href = `#/league/${encodeURIComponent(leagueId)}/result/${encodeURIComponent(r.id)}`;
  return h(r.won ? 'li.result.won' : 'li.result',
    h('div.result-head',
      h('a.result-link', { href }, h('span.result-date', formatDate(r.played_on)), ' ', h('span.result-game', resultGameName(r))),
      h('span.chevron', { 'aria-hidden': 'true' }, '›')),
    h('p.result-line',
      h('strong', r.won ? t('player.won') : t('player.place_of', { place: ordinal(r.place), n: r.players.length })),
      r.score === null || r.score === undefined ? null : ` · ${t('player.points', { count: r.score })}`,
      r.team ? ` · ${t('result.team', { team: r.team })}` : null),
    h('p.meta', t('player.with', { names: others.join(', ') })));
}

/** How often each was ahead of the other, as a bar and in numbers, and per game when there are several. */
function headToHead(r) {
  const share = (n) => percent(n / r.games);
  const bar = h('div.h2h-bar', { role: 'img', 'aria-label': t('player.h2h_bar', { a: r.a, an: r.a_ahead, b: r.b, bn: r.b_ahead, ties: r.ties, mates: r.teammates }) });
  for (const [cls, n] of [['a', r.a_ahead], ['tie', r.ties + r.teammates], ['b', r.b_ahead]]) {
    const part = h(`span.${cls}`);
    part.style.flexGrow = String(n);
    if (n) bar.append(part);
  }
  return [
    h('p.h2h-total', t('player.together', { count: r.games })),
    h('p.h2h-leader', r.leader ? t('player.h2h_leads', { name: r.leader }) : t('player.h2h_level')),
    bar,
    h('dl.h2h-counts',
      h('div.a', h('dt', t('player.ahead', { name: r.a })), h('dd', `${r.a_ahead} (${share(r.a_ahead)})`)),
      h('div.b', h('dt', t('player.ahead', { name: r.b })), h('dd', `${r.b_ahead} (${share(r.b_ahead)})`)),
      r.ties ? h('div', h('dt', t('player.tied')), h('dd', String(r.ties))) : null,
      r.teammates ? h('div', h('dt', t('player.same_team')), h('dd', String(r.teammates))) : null),
    r.by_game.length > 1 ? h('ul.h2h-games', r.by_game.map((g) =>
      h('li', h('span', gameName(g.game)), h('span', `${g.a_ahead} – ${g.b_ahead}${g.ties ? ` ${t('player.n_tied', { n: g.ties })}` : ''}`)))) : null,
  ];
}

/** Head to head: pick another player to see who was ahead when the two played together. */
function versusCard(league, name, filters) {
  const opponent = h('select#opponent', { 'aria-describedby': 'h2h-help' });
  const h2h = h('div.h2h', { 'aria-live': 'polite' });
  const el = h('section.card.versus', { 'aria-labelledby': 'versus-title' },
    h('h2#versus-title', t('player.head_to_head')),
    h('label', { for: 'opponent' }, t('player.against', { name })), opponent,
    h('p#h2h-help.meta', t('player.h2h_help')), h2h);
  opponent.addEventListener('change', async () => {
    const other = opponent.value;
    if (!other) {
      h2h.replaceChildren();
      return;
    }
    h2h.replaceChildren(h('p.muted', t('player.counting')));
    try {
      const r = await leagues.headToHead(league.id, league.token, { a: name, b: other, game: filters.game, season: filters.season });
      if (!r.games) h2h.replaceChildren(h('p.muted', t('player.never_together', { a: r.a, b: r.b })));
      else fill(h2h, ...headToHead(r));
    } catch (err) {
      h2h.replaceChildren(h('p.error', err.message));
    }
  });
  const choices = (player, players) => {
    const others = players.map((p) => p.name).filter((n) => n.toLowerCase() !== player.toLowerCase());
    fill(opponent, h('option', { value: '' }, others.length ? t('player.choose') : t('player.nobody_else')),
      others.map((n) => h('option', { value: n }, n)));
  };
  return { el, choices };
}

/** The player's page, filled: what it counts, the standing, the charts, the results. */
function showPlayer(parts, data, filters, leagueId) {
  parts.title.textContent = data.player;
  const scope = [filters.game ? gameName(filters.game) : t('standings.all_games'), filters.season ? t('player.this_season') : t('player.all_time')];
  parts.scope.textContent = scope.join(' · ');
  parts.summary.replaceChildren(stats(data.standing));
  if (data.averages.length) parts.summary.append(averagesCard(data.averages));
  if (data.standing) parts.summary.append(rivalsCard(data.rivals, data.player));
  parts.summary.removeAttribute('aria-busy');
  if (data.rating_history.length) parts.rating.append(ratingChart(data));
  else parts.rating.append(h('p.muted', t('player.no_rated')));
  if (data.scores.length) {
    parts.scores.append(scoresChart(data));
    parts.scores.hidden = false;
  }
  parts.results.replaceChildren(...(data.results.length ? data.results.map((r) => resultRow(r, data.player, leagueId))
    : [h('li.muted', t('standings.none_yet'))]));
}

export function mount(root, params) {
  ensureCss();
  const { id, name } = params;
  const filters = { game: params.query.game || '', season: params.query.season || '' };
  const entry = findLeague(id);
  const back = `#/league/${encodeURIComponent(id)}`;
  const page = h('div.league-page.league-player');
  root.append(page);
  if (!entry) {
    page.append(h('h1', name), h('p.card.error', { role: 'alert' }, t('player.no_link')),
      h('a.button', { href: '#/leagues' }, t('league.yours')));
    return;
  }
  const parts = {
    title: h('h1.player-title', name),
    scope: h('p.meta.scope'),
    summary: h('div.summary', { 'aria-busy': 'true' }, h('p.muted', t('player.loading'))),
    rating: h('section#rating-chart.card.chart-card', { 'aria-labelledby': 'rating-title' }, h('h2#rating-title', t('player.skill_over_time'))),
    scores: h('section#scores-chart.card.chart-card', { 'aria-labelledby': 'scores-title', hidden: true }, h('h2#scores-title', t('table.scores'))),
    results: h('ul.results'),
  };
  const versus = versusCard({ id, token: entry.token }, name, filters);
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), parts.title, parts.scope, parts.summary,
    parts.rating, parts.scores, versus.el, h('h2', t('player.results')), parts.results);

  Promise.all([leagues.player(id, entry.token, name, filters), leagues.players(id, entry.token), getCatalogue()])
    .then(([data, { players }]) => {
      showPlayer(parts, data, filters, id);
      versus.choices(data.player, players);
    })
    .catch((err) => {
      parts.summary.replaceChildren(h('p.card.error', { role: 'alert' }, err.message));
      parts.summary.removeAttribute('aria-busy');
    });
}

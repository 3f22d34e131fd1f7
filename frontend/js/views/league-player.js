// #/league/:id/player/:name — one player: their numbers, rating over time, scores over
// time, head to head against anyone else in the league, and every result.
import { leagues } from '../api.js';
import { lineChart } from '../lib/chart.js';
import { h } from '../lib/dom.js';
import { ensureCss, fill, findLeague, formatDate, gameName, games, number } from './league-common.js';

function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th'}`;
}

function stat(label, value, note = null) {
  return h('div.stat', h('span.stat-value', value), h('span.stat-label', label), note ? h('span.stat-note', note) : null);
}

function stats(standing) {
  if (!standing) return h('p.muted', 'No games in this selection yet.');
  const streak = standing.current_streak;
  return h('div.stats',
    stat('Skill estimate', number(standing.rating)),
    stat('Played', String(standing.played)),
    stat('Wins', String(standing.wins), standing.shared_wins ? `${standing.shared_wins} shared` : null),
    stat('Win rate', `${Math.round(standing.win_rate * 100)}%`),
    stat('Average', number(standing.average_score)),
    stat('Streak', streak > 0 ? `${streak} won` : streak < 0 ? `${-streak} not won` : '–', `best ${standing.longest_win_streak}`));
}

function ratingChart(page) {
  // The rating starts at 0 (OpenSkill's cautious estimate of a newcomer) before the first game.
  const points = page.rating_history;
  const labels = ['Start', ...points.map((p) => formatDate(p.date, { short: true }))];
  const values = [0, ...points.map((p) => p.rating)];
  const last = points[points.length - 1];
  return lineChart({
    labels, series: [{ name: 'Skill estimate', values }], yTitle: 'skill estimate', xTitle: 'day played',
    description: `${page.player}’s skill estimate over ${points.length} ${points.length === 1 ? 'day' : 'days'}: from 0 to ${number(last?.rating ?? 0)}.`,
  });
}

function scoresChart(page) {
  const points = page.scores;
  const gameIds = [...new Set(points.map((p) => p.game))];
  const labels = points.map((p) => formatDate(p.date, { short: true }));
  const series = gameIds.map((g) => ({ name: gameName(g), values: points.map((p) => (p.game === g ? p.score : null)) }));
  const best = Math.max(...points.map((p) => p.score));
  return lineChart({
    labels, series, yTitle: 'score', xTitle: 'game',
    description: `${page.player}’s scores in ${points.length} ${points.length === 1 ? 'game' : 'games'}; best ${best}.`,
  });
}

function resultRow(r, me, leagueId) {
  const others = r.players.filter((p) => p !== me);
  const href = `#/league/${encodeURIComponent(leagueId)}/result/${encodeURIComponent(r.id)}`;
  return h(r.won ? 'li.result.won' : 'li.result',
    h('div.result-head',
      h('a.result-link', { href }, h('span.result-date', formatDate(r.played_on)), ' ', h('span.result-game', gameName(r.game))),
      h('span.chevron', { 'aria-hidden': 'true' }, '›')),
    h('p.result-line',
      h('strong', r.won ? '★ Won' : `${ordinal(r.place)} of ${r.players.length}`),
      r.score === null || r.score === undefined ? null : ` · ${r.score} points`,
      r.team ? ` · team ${r.team}` : null),
    h('p.meta', 'With ', others.join(', ')));
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
    page.append(h('h1', name), h('p.card.error', { role: 'alert' }, 'This phone has no link for this league.'),
      h('a.button', { href: '#/leagues' }, 'Your leagues'));
    return;
  }
  const title = h('h1.player-title', name);
  const scope = h('p.meta.scope');
  const summary = h('div.summary', { 'aria-busy': 'true' }, h('p.muted', 'Loading…'));
  const rating = h('section#rating-chart.card.chart-card', { 'aria-labelledby': 'rating-title' }, h('h2#rating-title', 'Skill estimate over time'));
  const scores = h('section#scores-chart.card.chart-card', { 'aria-labelledby': 'scores-title', hidden: true }, h('h2#scores-title', 'Scores'));
  const opponent = h('select#opponent', { 'aria-describedby': 'h2h-help' });
  const h2h = h('div.h2h', { 'aria-live': 'polite' });
  const versus = h('section.card.versus', { 'aria-labelledby': 'versus-title' },
    h('h2#versus-title', 'Head to head'),
    h('label', { for: 'opponent' }, `${name} against`), opponent,
    h('p#h2h-help.meta', 'Games you both played, and who finished ahead how often.'), h2h);
  const results = h('ul.results');
  page.append(h('a.back', { href: back }, `← ${entry.name || 'League'}`), title, scope, summary, rating, scores, versus,
    h('h2', 'Results'), results);

  const showVersus = async () => {
    const other = opponent.value;
    if (!other) {
      h2h.replaceChildren();
      return;
    }
    h2h.replaceChildren(h('p.muted', 'Counting…'));
    try {
      const r = await leagues.headToHead(id, entry.token, { a: name, b: other, game: filters.game, season: filters.season });
      if (!r.games) {
        h2h.replaceChildren(h('p.muted', `${r.a} and ${r.b} have not played a game together yet.`));
        return;
      }
      const share = (n) => `${Math.round((n / r.games) * 100)}%`;
      const bar = h('div.h2h-bar', { role: 'img', 'aria-label': `${r.a} ahead ${r.a_ahead}, ${r.b} ahead ${r.b_ahead}, tied ${r.ties}, teammates ${r.teammates}` });
      for (const [cls, n] of [['a', r.a_ahead], ['tie', r.ties + r.teammates], ['b', r.b_ahead]]) {
        const part = h(`span.${cls}`);
        part.style.flexGrow = String(n);
        if (n) bar.append(part);
      }
      fill(h2h,
        h('p.h2h-total', `${r.games} ${r.games === 1 ? 'game' : 'games'} together`),
        bar,
        h('dl.h2h-counts',
          h('div.a', h('dt', `${r.a} ahead`), h('dd', `${r.a_ahead} (${share(r.a_ahead)})`)),
          h('div.b', h('dt', `${r.b} ahead`), h('dd', `${r.b_ahead} (${share(r.b_ahead)})`)),
          r.ties ? h('div', h('dt', 'Tied'), h('dd', String(r.ties))) : null,
          r.teammates ? h('div', h('dt', 'Same team'), h('dd', String(r.teammates))) : null),
        r.by_game.length > 1 ? h('ul.h2h-games', r.by_game.map((g) =>
          h('li', h('span', gameName(g.game)), h('span', `${g.a_ahead} – ${g.b_ahead}${g.ties ? ` (${g.ties} tied)` : ''}`)))) : null);
    } catch (err) {
      h2h.replaceChildren(h('p.error', err.message));
    }
  };
  opponent.addEventListener('change', showVersus);

  Promise.all([leagues.player(id, entry.token, name, filters), leagues.players(id, entry.token), games()])
    .then(([data, { players }]) => {
      title.textContent = data.player;
      const parts = [filters.game ? gameName(filters.game) : 'All games', filters.season ? 'this season' : 'all time'];
      scope.textContent = parts.join(' · ');
      summary.replaceChildren(stats(data.standing));
      summary.removeAttribute('aria-busy');
      if (data.rating_history.length) rating.append(ratingChart(data));
      else rating.append(h('p.muted', 'No rated games yet.'));
      if (data.scores.length) {
        scores.append(scoresChart(data));
        scores.hidden = false;
      }
      const others = players.map((p) => p.name).filter((n) => n.toLowerCase() !== data.player.toLowerCase());
      fill(opponent, h('option', { value: '' }, others.length ? 'Choose a player' : 'Nobody else yet'),
        others.map((n) => h('option', { value: n }, n)));
      results.replaceChildren(...(data.results.length ? data.results.map((r) => resultRow(r, data.player, id))
        : [h('li.muted', 'No results yet.')]));
    })
    .catch((err) => {
      summary.replaceChildren(h('p.card.error', { role: 'alert' }, err.message));
      summary.removeAttribute('aria-busy');
    });
}

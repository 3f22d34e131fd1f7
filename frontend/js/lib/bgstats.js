// A finished game as a play for BG Stats, the app many groups keep their log in: the push link
// (https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>) opens BG Stats on the phone
// with the play filled in, to check and save. Built here on the phone: the server makes no call and
// needs no account. Pure: no DOM; the words come from the `t` it is given (i18n.js's on the phone, a
// catalog in node: tests/test_bgstats_link.py).
//
// Places are the game's own (a table's `result.places`, a league result's `place`): an immediate win,
// sudden death or a golf-style pad decide them, so they are never ranked again here by points. Ties
// share a rank, and every player on rank 1 is a winner; partners in a team share their team's rank.

export const PUSH_URL = 'https://app.bgstatsapp.com/createPlay.html';

const two = (n) => String(n).padStart(2, '0');
const MINUS = '\u2212';
const signed = (n) => (n < 0 ? `${MINUS}${-n}` : `+${n}`);

/** A moment as BG Stats writes a play's date: "YYYY-MM-DD HH:MM:SS", in this phone's time. */
export function playDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The link that opens BG Stats with `play` to save. */
export function pushLink(play) {
  return `${PUSH_URL}?data=${encodeURIComponent(JSON.stringify(play))}`;
}

/** One player as BG Stats takes them: rank and winner from the place, a team as a string. */
function player({ name, score, place, team, start }) {
  const out = { name, sourcePlayerId: name };
  if (score !== null && score !== undefined) out.score = score;
  if (place) Object.assign(out, { rank: place, winner: place === 1 });
  else out.winner = false;
  if (start) out.startPlayer = true;
  if (team) out.team = String(team);
  return out;
}

// No bggId: we know none for certain. No sourceGameId for a result that stands in for another game (an
// imported play of Catan): BG Stats would match every such game to the one game that id names.
function game(id, name, { highestWins = true, noPoints = false } = {}) {
  return { name, highestWins, noPoints, ...(id ? { sourceGameId: id } : {}) };
}

/** The score explained, one line a line: the reason the game was won, then each player's total and lines. */
function summary(result, t, code) {
  const out = [];
  if (result.reason) out.push(result.reason);
  for (const p of result.players) {
    out.push(t('bgstats.player_total', { name: p.name, total: p.total }));
    if (!p.lines?.length) out.push(`  ${t('bgstats.no_points')}`);
    for (const line of p.lines || []) out.push(`  ${line.label}: ${signed(line.points)}`);
  }
  if (code) out.push(t('bgstats.from_table', { code }));
  return out.join('\n');
}

/**
 * A finished table (the view every phone has) as a play. `gameName`: the game's name as the box says it;
 * `endMs`: when the game was over (its last event), for the duration; unknown, the play has none.
 * `firstSeatStarts`: the game's catalogue entry says every table's turn order begins with seat 0 (a score
 * pad keeps no turns: nobody is named as starting there).
 */
export function playFromTable(view, { gameName, t, endMs, firstSeatStarts = false }) {
  const result = view.result;
  const places = result.places || [];
  const winners = new Set(result.winners || []);
  const starts = Boolean(firstSeatStarts);
  const players = result.players.map((p, i) => player({
    name: p.name, score: p.total, team: p.team, start: starts && i === 0,
    // No place from the game (an older server): its winners first, nobody else ranked.
    place: places[i] || (winners.has(p.name) ? 1 : null),
  }));
  const lowest = Boolean(result.lowest_wins ?? view.options?.lowest_wins);
  const play = {
    playDate: playDate(view.created_at_ms),
    game: game(view.game, gameName, { highestWins: !lowest }),
    players,
    comments: summary(result, t, view.code),
  };
  if (endMs) play.durationMin = Math.max(1, Math.round((Math.max(endMs, view.created_at_ms) - view.created_at_ms) / 60000));
  if (players.some((p) => p.team)) play.usesTeams = true;
  return play;
}

/**
 * A league result as a play: its day (at the time it was recorded, when that was the same day), each
 * player's score, place and team. `highestWins` false for a golf-style score pad (the league's house rule
 * or the sheet's own). No duration: a league keeps none.
 */
export function playFromResult(result, { gameName, highestWins = true, t, leagueName }) {
  const created = result.created_at_ms ? playDate(result.created_at_ms) : '';
  const scored = result.players.some((p) => p.score !== null && p.score !== undefined);
  const players = result.players.map((p) => player({ name: p.name, score: p.score, place: p.place, team: p.team }));
  const play = {
    playDate: created.startsWith(result.played_on) ? created : `${result.played_on} 00:00:00`,
    game: game(result.game_name ? null : result.game, gameName, { highestWins, noPoints: !scored }),
    players,
    comments: leagueName ? t('bgstats.from_league', { league: leagueName }) : '',
  };
  if (players.some((p) => p.team)) play.usesTeams = true;
  return play;
}

/** Whether a league result of `gameId` is ranked lowest first: the sheet's own setting, else the league's rule. */
export function highestWins(result, rules) {
  const lowest = result.sheet?.lowest_wins ?? rules?.[result.game]?.lowest_wins;
  return !lowest;
}

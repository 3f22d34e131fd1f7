// #/league/:id/result/:result — one result: the game, the day, everyone's score, place and
// team, where it came from, and every earlier version (a correction keeps the version it
// replaces). Anyone with a link can read it; the admin can correct it here.
import { gameName, getCatalogue, leagues } from '../api.js';
import { date as formatLocal, t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { RANK, ensureCss, fill, findLeague, formatDate, resultGameName, playerHref, today } from './league-common.js';
import { TEAM_HELP, bodyPlayers, checkEntries, pickedTeam, shareTeamPlace, teamGame, teamPicker } from './league-record.js';

const ordinal = (n) => t('player.ordinal', { count: n, ordinal: true });

const hasScore = (p) => p.score !== null && p.score !== undefined;
const byPlace = (players) => [...players].sort((a, b) => a.place - b.place);

function when(ms) {
  return formatLocal(new Date(ms), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** Everyone in a version of the result, best first; the winners marked by a star and a word. */
function playersTable(version, leagueId) {
  const teams = version.players.some((p) => p.team);
  const scores = version.players.some(hasScore);
  return h('table.result-table',
    h('caption.visually-hidden', t('resultpage.caption')),
    h('thead', h('tr',
      h('th.place-col', { scope: 'col' }, t('resultpage.place')),
      h('th.name-col', { scope: 'col' }, t('bresk.player')),
      teams ? h('th.team-col', { scope: 'col' }, t('resultpage.team')) : null,
      scores ? h('th.score-col', { scope: 'col' }, t('resultpage.score')) : null)),
    h('tbody', byPlace(version.players).map((p) => h('tr', { class: p.place === 1 ? 'won' : null, dataset: { player: p.name } },
      h('td.place-col', p.place === 1 ? [h('span.star', { 'aria-hidden': 'true' }, '★ '), '1st'] : ordinal(p.place)),
      h('th.name-col', { scope: 'row' }, h('a', { href: playerHref(leagueId, p.name) }, p.name),
        p.place === 1 ? h('span.winner', t('resultpage.winner')) : null),
      teams ? h('td.team-col', p.team ? t('result.team_cap', { team: p.team }) : '–') : null,
      scores ? h('td.score-col', hasScore(p) ? String(p.score) : '–') : null))));
}

/** "Team A 28 · Team B 24": partners' scores are added up (as the server ranks them). */
function teamTotals(players) {
  const totals = {};
  for (const p of players) if (p.team && hasScore(p)) totals[p.team] = (totals[p.team] || 0) + p.score;
  const parts = Object.entries(totals).map(([team, total]) => `${t('result.team_cap', { team })} ${total}`);
  return parts.length ? h('p.meta.team-totals', t('resultpage.team_totals'), ' ', parts.join(' · ')) : null;
}

function origin(result) {
  if (result.table_code) return t('resultpage.from_table', { code: result.table_code });
  return result.sheet ? t('resultpage.from_sheet') : t('resultpage.typed');
}

const shown = (key, value) => (value === null || value === undefined ? t('resultpage.none') : key === 'place' ? ordinal(value) : String(value));
const FIELD = () => ({ score: t('record.score'), place: t('record.place'), team: t('resultpage.team_lower') });

/** What a correction changed, in words: "Ann’s score: 12 → 15". */
function changes(before, after) {
  const out = [];
  if (before.game !== after.game) out.push(t('resultpage.game_change', { from: gameName(before.game), to: gameName(after.game) }));
  if (before.played_on !== after.played_on) out.push(t('resultpage.day_change', { from: formatDate(before.played_on), to: formatDate(after.played_on) }));
  const now = new Map(after.players.map((p) => [p.name, p]));
  for (const p of before.players) {
    const q = now.get(p.name);
    if (!q) {
      out.push(t('resultpage.taken_out', { name: p.name }));
      continue;
    }
    for (const key of ['score', 'place', 'team']) {
      if ((p[key] ?? null) !== (q[key] ?? null)) out.push(t('resultpage.field_change', { name: p.name, field: FIELD()[key], from: shown(key, p[key]), to: shown(key, q[key]) }));
    }
  }
  for (const q of after.players) if (!before.players.some((p) => p.name === q.name)) out.push(t('resultpage.added', { name: q.name }));
  return out.length ? out : [t('resultpage.nothing_visible')];
}

/** Earlier versions, newest first: when each was made and replaced, what it was, what changed. */
function historyList(result, leagueId) {
  const versions = result.history || [];
  if (!versions.length) return h('p.muted.no-history', t('resultpage.never_corrected'));
  const made = (i) => (i === 0 ? result.created_at_ms : versions[i - 1].replaced_at_ms);
  return h('ol.history', [...versions.entries()].reverse().map(([i, v]) => {
    const next = versions[i + 1] || result;
    const what = next === result && result.deleted_at_ms ? [t('resultpage.deleted_change')] : changes(v, next);
    return h('li.card.version', { dataset: { version: v.version } },
      h('h3', t('resultpage.version', { n: v.version })),
      h('p.meta.version-when', t('resultpage.version_when', { made: when(made(i)), replaced: when(v.replaced_at_ms) })),
      h('p.version-what', gameName(v.game), ' · ', formatDate(v.played_on)),
      playersTable(v, leagueId),
      h('p.changes-title', t('resultpage.changed_in', { n: next.version })),
      h('ul.changes', what.map((c) => h('li', c))));
  }));
}

// --- the admin's correction -------------------------------------------------------------------

/** Who played, one row each: a league player, the value for the chosen way of ending, a team when the
 *  game has teams, and Take out; below them Add a player. `onChange` after a row was added, taken out or
 *  given another player. */
function fixRows(result, leaguePlayers, mode, onChange) {
  const list = h('ul.fix-list');
  const rows = [];
  let made = 0;
  // Who played: each row picks a league player; typed results can add and take out players.
  const whoPicker = (li, name) => {
    const select = h('select.fix-who', { 'aria-label': t('bresk.player'), id: `fix-who-${made}` },
      leaguePlayers.map((n) => h('option', { value: n, selected: n === name }, n)));
    select.addEventListener('change', () => {
      li.dataset.name = select.value;
      onChange();
    });
    return select;
  };
  const addRow = (p) => {
    const i = made++;
    const input = h('input.rec-value', {
      id: `fix-value-${i}`, type: 'number', inputmode: 'numeric', step: 1, 'aria-describedby': `fix-error-${i}`,
    });
    // dataset.team keeps the team while the chosen game shows no picker, so switching back loses nothing.
    const li = h('li.fix-player', { dataset: { name: p.name, team: p.team || '' } });
    const out = h('button.take-out', { type: 'button', 'aria-label': t('resultpage.take_out_name', { name: p.name }) }, t('resultpage.take_out'));
    out.addEventListener('click', () => {
      rows.splice(rows.indexOf(li), 1);
      li.remove();
      onChange();
    });
    li.append(whoPicker(li, p.name), input, out, h('p.field-error', { id: `fix-error-${i}`, role: 'alert', hidden: true }));
    input.addEventListener('input', () => mode() === 'place' && shareTeamPlace(li, rows));
    rows.push(li);
    list.append(li);
    return li;
  };
  result.players.forEach((p) => addRow(p));
  const addPlayer = h('button#fix-add-player', { type: 'button' }, t('resultpage.add_player'));
  addPlayer.addEventListener('click', () => {
    const taken = new Set(rows.map((li) => li.dataset.name));
    const name = leaguePlayers.find((n) => !taken.has(n));
    if (!name) return;
    const li = addRow({ name, score: null, place: null, team: null });
    li.querySelector('input.rec-value').value = '';
    onChange();
    li.querySelector('select.fix-who').focus();
  });
  return { list, rows, addPlayer };
}

/** How the game ended: the sheet kept (when there is one), scores, or places. */
function modeChoice(result) {
  const byScore = h('input#fix-mode-score', { type: 'radio', name: 'fix-mode', value: 'score' });
  const byPlaces = h('input#fix-mode-place', { type: 'radio', name: 'fix-mode', value: 'place' });
  // A result scored from a sheet keeps its sheet (scored again, with whoever played) unless scores or
  // places are typed instead.
  const bySheet = result.sheet ? h('input#fix-mode-sheet', { type: 'radio', name: 'fix-mode', value: 'sheet' }) : null;
  // The sheet when there is one; scores when everyone has one (places then follow from them); else places.
  (bySheet || (result.players.every(hasScore) ? byScore : byPlaces)).checked = true;
  const el = h('fieldset.mode', h('legend', t('record.how_end')),
    h('div.segmented', bySheet, bySheet ? h('label', { for: 'fix-mode-sheet' }, t('resultpage.sheet')) : null,
      byScore, h('label', { for: 'fix-mode-score' }, t('table.scores')), byPlaces, h('label', { for: 'fix-mode-place' }, t('record.places'))));
  return {
    el,
    mode: () => (bySheet?.checked ? 'sheet' : byPlaces.checked ? 'place' : 'score'),
    onChange: (f) => [byScore, byPlaces, bySheet].forEach((radio) => radio?.addEventListener('change', f)),
  };
}

/** Redraws the rows for the chosen way of ending and game: the values the result has for it, or what
 *  was typed before switching; a team picker when the game has teams. */
function fixRefresher({ result, catalogue, leaguePlayers, rows, mode, gameSelect, addPlayer, help }) {
  const typed = { sheet: [], score: result.players.map((p) => (hasScore(p) ? String(p.score) : '')), place: result.players.map((p) => String(p.place)) };
  let shownMode = null;
  return function refresh() {
    const key = mode();
    if (shownMode && shownMode !== key) typed[shownMode] = rows.map((li) => li.querySelector('input.rec-value').value);
    const sheet = key === 'sheet';
    const teams = !sheet && (teamGame(catalogue, gameSelect.value) || result.players.some((p) => p.team));
    addPlayer.hidden = sheet || rows.length >= leaguePlayers.length;
    rows.forEach((li, i) => {
      const input = li.querySelector('input.rec-value');
      input.hidden = sheet;
      li.querySelector('button.take-out').hidden = sheet || rows.length <= 2;
      li.querySelector('button.take-out').setAttribute('aria-label', t('resultpage.take_out_name', { name: li.dataset.name }));
      if (shownMode !== key) input.value = typed[key]?.[i] ?? '';
      input.placeholder = FIELD()[key] || key;
      input.setAttribute('aria-label', `${li.dataset.name} ${FIELD()[key] || key}`);
      if (key === 'place') Object.assign(input, { min: '1', max: String(rows.length) });
      else ['min', 'max'].forEach((a) => input.removeAttribute(a));
      const picker = li.querySelector('.team-pick');
      if (picker) li.dataset.team = pickedTeam(li) || '';
      if (teams && !picker) input.after(teamPicker(li.dataset.name, li.dataset.team));
      if (!teams && picker) picker.remove();
    });
    shownMode = key;
    help.textContent = sheet
      ? t('resultpage.sheet_help')
      : `${key === 'place' ? t('resultpage.place_help') : t('resultpage.score_help')}${teams ? ` ${TEAM_HELP}` : ''}`;
  };
}

/** Each message next to the field it is about: 'played_on', 'game', 'players.2.score', …; the rest in `formError`. */
function fixErrors(form, { date, gameSelect, rows, mode, formError }) {
  const fieldFor = (key) => {
    if (key === 'played_on') return [date, form.querySelector('#fix-date-error')];
    if (key === 'game') return [gameSelect, form.querySelector('#fix-game-error')];
    const row = rows[Number(key.match(/^(?:sheet\.)?players\.(\d+)/)?.[1])];
    const field = key.endsWith('.name') || mode() === 'sheet' ? row?.querySelector('select.fix-who') : row?.querySelector('input.rec-value');
    return row ? [field, row.querySelector('.field-error')] : [null, formError];
  };
  return {
    fieldFor,
    clear() {
      for (const p of form.querySelectorAll('.field-error, .form-error')) {
        p.hidden = true;
        p.textContent = '';
      }
      for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    },
    show(errors) {
      let first = null;
      for (const [key, message] of errors) {
        const [field, box] = fieldFor(key);
        box.textContent = box.textContent ? `${box.textContent} ${message}` : message;
        box.hidden = false;
        field?.setAttribute('aria-invalid', 'true');
        first ||= field;
      }
      first?.focus();
    },
  };
}

/** The corrected players as the server takes them, or the errors that stop it: [[field, message]…]. */
function readCorrection(form, rows, key, day, result) {
  const teams = Boolean(form.querySelector('.team-pick'));
  const entries = rows.map((li) => ({
    name: li.dataset.name, value: li.querySelector('input.rec-value').value, team: teams ? pickedTeam(li) : null,
  }));
  if (!day) return { errors: [['played_on', t('record.give_day')]] };
  if (day > today()) return { errors: [['played_on', t('record.future')]] };
  const twice = entries.findIndex((e, i) => entries.findIndex((f) => f.name === e.name) !== i);
  if (twice >= 0) return { errors: [[`players.${twice}.name`, t('resultpage.twice', { name: entries[twice].name })]] };
  const problem = key === 'sheet' ? null : checkEntries(entries, key);
  if (problem) return { errors: [[`players.${problem.index}.${key}`, problem.message]] };
  // The sheet kept: only who played (in the sheet's order); the server scores the sheet again.
  if (key === 'sheet') return { players: entries.map((e) => ({ name: e.name })) };
  return { players: keepOtherHalf(result, entries, bodyPlayers(entries, key), key) };
}

/** Scores (or places) as they were, for the same players and teams: the other half goes along as it was,
 *  so correcting the day keeps the places the game decided (an immediate win, sudden death) and the scores. */
function keepOtherHalf(result, entries, players, key) {
  const before = new Map(result.players.map((p) => [p.name, p]));
  const other = key === 'score' ? 'place' : 'score';
  const unchanged = entries.length === before.size && entries.every((e, i) => {
    const was = before.get(e.name);
    return was && was[key] === players[i][key] && (was.team || null) === (e.team || null);
  });
  if (unchanged) {
    for (const p of players) {
      const kept = before.get(p.name)[other];
      if (kept !== null && kept !== undefined) p[other] = kept;
    }
  }
  return players;
}

/** The admin's correction: a closed button first, then a form like the record form. `ctx`: the league
 *  (id, token, resultId), the games and the league's players, `corrected(result)` after a save and
 *  `cancel()` to put the form back as it was. */
function correctionForm(result, ctx) {
  const open = h('button#correct-open.wide', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'correct-form' },
    t('resultpage.correct'));
  const gameSelect = h('select#fix-game', { 'aria-describedby': 'fix-game-error' },
    ctx.catalogue.games.map((g) => h('option', { value: g.id, selected: g.id === result.game }, g.name)));
  const date = h('input#fix-date', { type: 'date', value: result.played_on, max: today(), 'aria-describedby': 'fix-date-error' });
  const choice = modeChoice(result);
  const { mode } = choice;
  const { list, rows, addPlayer } = fixRows(result, ctx.leaguePlayers, mode, () => refresh());
  const help = h('p.meta.rec-help');
  const formError = h('p.error.form-error', { role: 'alert', hidden: true });
  const save = h('button#save-correction.primary', { type: 'submit' }, t('resultpage.save'));
  const cancel = h('button#cancel-correction', { type: 'button' }, t('resultpage.cancel'));
  const form = h('form#correct-form.card.stack.record-form.correct-form', { novalidate: true, hidden: true, 'aria-labelledby': 'correct-title' },
    h('h2#correct-title', t('resultpage.correct')),
    h('p.meta', t('resultpage.kept')),
    h('label', { for: 'fix-game' }, t('new.game')), gameSelect, h('p#fix-game-error.field-error', { role: 'alert', hidden: true }),
    h('label', { for: 'fix-date' }, t('record.played_on')), date, h('p#fix-date-error.field-error', { role: 'alert', hidden: true }),
    choice.el,
    h('fieldset.fix-players', h('legend', t('resultpage.who_played')), help, list, addPlayer),
    formError,
    h('div.row.form-buttons', save, cancel));

  const refresh = fixRefresher({ ...ctx, result, rows, mode, gameSelect, addPlayer, help });
  refresh();
  choice.onChange(refresh);
  gameSelect.addEventListener('change', refresh);
  const errors = fixErrors(form, { date, gameSelect, rows, mode, formError });

  open.addEventListener('click', () => {
    form.hidden = false;
    open.hidden = true;
    open.setAttribute('aria-expanded', 'true');
    date.focus();
  });
  cancel.addEventListener('click', ctx.cancel);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    errors.clear();
    const read = readCorrection(form, rows, mode(), date.value, result);
    if (read.errors) return errors.show(read.errors);
    save.disabled = true;
    try {
      ctx.corrected(await leagues.correct(ctx.id, ctx.token, ctx.resultId,
        { game: gameSelect.value, played_on: date.value, players: read.players }));
    } catch (err) {
      // The server names each field at fault; the form keeps everything typed.
      const named = Object.entries(err.errors || {}).map(([k, messages]) => [k, [messages].flat().join(' ')]);
      const placed = named.filter(([k]) => errors.fieldFor(k)[0]);
      errors.show(placed.length ? placed : [['', err.message]]);
    } finally {
      save.disabled = false;
    }
  });
  return [open, form];
}

// --- the admin's deletion ---------------------------------------------------------------------

/** Delete this result, asked first in place: "Delete the result" or "Keep it". `ctx.deleted(result)` after. */
function deletion(ctx) {
  const open = h('button#delete-open.wide', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'delete-ask' },
    t('resultpage.delete'));
  const yes = h('button#confirm-delete.danger', { type: 'button' }, t('resultpage.delete_yes'));
  const no = h('button#keep-result', { type: 'button' }, t('resultpage.keep'));
  const error = h('p.error', { role: 'alert', hidden: true });
  const ask = h('div#delete-ask.card.confirm', { role: 'group', 'aria-labelledby': 'delete-question', hidden: true },
    h('p#delete-question', h('strong', t('resultpage.delete_question'))), h('p.meta', t('resultpage.delete_help')),
    h('div.row.form-buttons', yes, no), error);
  const toggle = (asking) => {
    ask.hidden = !asking;
    open.setAttribute('aria-expanded', String(asking));
    (asking ? no : open).focus();
  };
  open.addEventListener('click', () => toggle(ask.hidden));
  no.addEventListener('click', () => toggle(false));
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    error.hidden = true;
    try {
      ctx.deleted(await leagues.deleteResult(ctx.id, ctx.token, ctx.resultId));
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      yes.disabled = false;
    }
  });
  return [open, ask];
}

// --- the page ---------------------------------------------------------------------------------

/** The result as it is now: what, when, from where, everyone's place, and the earlier versions. */
function showResult(parts, result, id) {
  parts.title.textContent = resultGameName(result);
  if (result.deleted_at_ms) return showDeleted(parts, result, id);
  fill(parts.facts,
    h('span', t('resultpage.played', { day: formatDate(result.played_on) })), ' · ',
    h('span.result-origin', origin(result)), ' · ',
    h('span', result.version > 1 ? t('resultpage.corrected_when', { when: when(result.updated_at_ms), n: result.version })
      : t('resultpage.recorded_when', { when: when(result.created_at_ms) })));
  fill(parts.current, h('h2#result-now-title', result.version > 1 ? t('resultpage.now_version', { n: result.version }) : t('resultpage.the_result')),
    playersTable(result, id), teamTotals(result.players));
  parts.current.removeAttribute('aria-busy');
  fill(parts.history, h('h2#history-title', t('resultpage.corrections')), historyList(result, id));
}

/** "Send to BG Stats" for the result as it is now: a link built on this phone (lib/bgstats.js), ranked
 *  as the league ranks it, with the league's house rule for a golf-style score pad. */
async function bgStatsLink(slot, result, { rules, leagueName }) {
  if (result.deleted_at_ms) return fill(slot);
  const bgstats = await import('../lib/bgstats.js');
  const play = bgstats.playFromResult(result, {
    gameName: resultGameName(result), highestWins: bgstats.highestWins(result, rules), t, leagueName,
  });
  fill(slot, h('a.button.wide.send-bgstats', { href: bgstats.pushLink(play), target: '_blank', rel: 'noopener',
    'aria-describedby': 'bgstats-help' }, t('bgstats.send')), h('p#bgstats-help.meta', t('bgstats.send_help')));
}

/** A deleted result: when it went; what it was is its last version under Corrections. */
function showDeleted(parts, result, id) {
  fill(parts.facts, h('span', t('resultpage.played', { day: formatDate(result.played_on) })), ' · ',
    h('span.result-deleted', t('resultpage.deleted_when', { when: when(result.deleted_at_ms) })));
  fill(parts.current, h('h2#result-now-title', t('resultpage.deleted_title')), h('p', t('resultpage.deleted_help')));
  parts.current.removeAttribute('aria-busy');
  fill(parts.history, h('h2#history-title', t('resultpage.corrections')), historyList(result, id));
}

/** The page's parts that the result fills in: its title, facts, the result now and its history. */
function resultParts() {
  return {
    title: h('h1.result-title', t('resultpage.result')),
    facts: h('p.meta.result-facts'),
    current: h('section.card.result-now', { 'aria-labelledby': 'result-now-title', 'aria-busy': 'true' },
      h('p.muted', t('resultpage.loading'))),
    history: h('section.result-history', { 'aria-labelledby': 'history-title' }),
  };
}

export function mount(root, params) {
  ensureCss();
  const { id } = params;
  const resultId = params.result;
  const entry = findLeague(id);
  const back = `#/league/${encodeURIComponent(id)}`;
  const page = h('div.league-page.league-result');
  root.append(page);
  if (!entry) {
    page.append(h('h1', t('resultpage.result')), h('p.card.error', { role: 'alert' }, t('player.no_link')),
      h('a.button', { href: '#/leagues' }, t('league.yours')));
    return;
  }
  const admin = RANK[entry.role] >= RANK.admin;
  const parts = resultParts();
  const status = h('p.status', { role: 'status', 'aria-live': 'polite' });
  const correction = h('div.correction');
  const toBgStats = h('div.send-to-bgstats');
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), parts.title, parts.facts, status,
    parts.current, toBgStats, correction, parts.history);

  const ctx = { id, token: entry.token, resultId, catalogue: null, leaguePlayers: [], rules: {}, leagueName: entry.name };
  const said = (result, words) => {
    show(result);
    status.textContent = words;
    status.scrollIntoView({ block: 'nearest' });
  };
  const deleted = (result) => said(result, t('resultpage.deleted_status'));
  const showCorrection = (result) => fill(correction, ...correctionForm(result, {
    ...ctx,
    corrected: (corrected) => said(corrected, t('resultpage.corrected_status', { n: corrected.version })),
    cancel() {
      showCorrection(result); // back to the result as it is, form closed
      correction.querySelector('#correct-open').focus();
    },
  }), ...deletion({ ...ctx, deleted }));
  const show = (result) => {
    showResult(parts, result, id);
    bgStatsLink(toBgStats, result, ctx).catch(() => fill(toBgStats)); // offline before the module was kept
    if (admin && !result.deleted_at_ms) showCorrection(result);
    else fill(correction);
  };

  // The league's house rules: whether its score pad is ranked lowest first (for BG Stats); without them, highest.
  const league = leagues.get(id, entry.token).catch(() => null);
  Promise.all([leagues.result(id, entry.token, resultId), getCatalogue(), admin ? leagues.players(id, entry.token) : null, league])
    .then(([result, loaded, known, about]) => {
      ctx.catalogue = loaded;
      ctx.rules = about?.rules || {};
      ctx.leagueName = about?.name || entry.name;
      ctx.leaguePlayers = (known?.players || []).map((p) => p.name);
      show(result);
    })
    .catch((err) => {
      fill(parts.current, h('p.error', { role: 'alert' }, err.status === 404 ? t('resultpage.no_such') : err.message));
      parts.current.removeAttribute('aria-busy');
    });
}

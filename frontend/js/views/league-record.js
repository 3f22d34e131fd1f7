// #/league/:id/record — type in a game played without a table: the game, the day,
// who played and each one's score (or place), and for a game played in teams (Block
// Buster's couple game) who partnered whom. New players can be added on the spot.
// The team picker and the checks below are shared with the correction form (league-result.js).
// For Bresk!, each player's paper card can be scanned instead of typing a score ("Scan my card",
// games/bresk-scan.js): the result is then saved as a score sheet and the server scores and judges it.
import { cardRows, mountScan, scanAvailable } from '../games/bresk-scan.js';
import { leagues } from '../api.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { navigate } from '../router.js';
import { uuid4 } from '../lib/uuid.js';
import { RANK, ensureCss, findLeague, games, today } from './league-common.js';

export const TEAMS = ['A', 'B'];

/** Whether a game can be played in teams: one of its variants says so (Block Buster's couple game). */
export const teamGame = (catalogue, gameId) =>
  Boolean(catalogue?.games.find((g) => g.id === gameId)?.variants?.some((v) => v.teams));

export const TEAM_HELP = t('record.team_help');

let pickers = 0; // radio groups need page-unique names

/** A player's team as big radio buttons: no team, Team A, Team B. */
export function teamPicker(name, team = null) {
  const group = `team-${++pickers}`;
  const options = [['', t('record.no_team')], ...TEAMS.map((team) => [team, t('result.team_cap', { team })])];
  return h('fieldset.team-pick', h('legend.visually-hidden', t('record.team_of', { name })),
    h('div.segmented', options.map(([value, label], i) => [
      h('input', { type: 'radio', name: group, id: `${group}-${i}`, value, checked: value === (team || '') }),
      h('label', { for: `${group}-${i}` }, label),
    ])));
}

/** The team chosen in a player's row (null: none, or no picker). */
export const pickedTeam = (row) => row.querySelector('.team-pick input:checked')?.value || null;

/**
 * In places mode partners share their team's place: typing one partner's place fills in
 * the others'. `rows` are the playing players' rows, `row` the one just typed in.
 */
export function shareTeamPlace(row, rows) {
  const team = pickedTeam(row);
  if (!team) return;
  const value = row.querySelector('input.rec-value').value;
  for (const other of rows) if (other !== row && pickedTeam(other) === team) other.querySelector('input.rec-value').value = value;
}

/**
 * The server's checks on the players (check_result in services/leagues.py), made before
 * sending so a mistake is explained at once. entries: [{name, value (text), team}];
 * key: 'score' or 'place'. Returns null, or {index, message} naming the entry at fault.
 */
export function checkEntries(entries, key) {
  for (const [index, e] of entries.entries()) {
    const value = Number(e.value);
    if (e.value.trim() === '' || !Number.isInteger(value)) {
      return { index, message: key === 'place' ? t('record.give_place', { name: e.name }) : t('record.give_score', { name: e.name }) };
    }
    if (key === 'place' && (value < 1 || value > entries.length)) {
      return { index, message: t('record.place_range', { name: e.name, n: entries.length }) };
    }
  }
  const sides = new Set(entries.map((e, i) => (e.team ? `team ${e.team}` : `solo ${i}`)));
  if (sides.size < 2) return { index: 0, message: t('record.one_side') };
  if (key === 'place') {
    const placeOf = {};
    for (const [index, e] of entries.entries()) {
      if (e.team && (placeOf[e.team] ??= Number(e.value)) !== Number(e.value)) {
        return { index, message: t('record.partners_share', { name: e.name, team: e.team }) };
      }
    }
  }
  return null;
}

/** The request body's players: each one's score or place, and team when there is one. */
export const bodyPlayers = (entries, key) =>
  entries.map((e) => ({ name: e.name, [key]: Number(e.value), ...(e.team ? { team: e.team } : {}) }));

export function mount(root, params) {
  ensureCss();
  const id = params.id;
  const entry = findLeague(id);
  const back = `#/league/${encodeURIComponent(id)}`;
  const page = h('div.league-page.league-record');
  root.append(page);
  if (!entry || RANK[entry.role] < RANK.member) {
    page.append(h('h1', t('league.record_result')), h('p.card.error', { role: 'alert' },
      entry ? t('record.needs_member') : t('player.no_link')),
    h('a.button', { href: entry ? back : '#/leagues' }, t('record.back')));
    return;
  }

  const resultId = uuid4(); // recording twice (a retry) stores it once
  const gameSelect = h('select#rec-game', { required: true });
  const date = h('input#rec-date', { type: 'date', value: today(), max: today(), required: true });
  const byScore = h('input#mode-score', { type: 'radio', name: 'mode', value: 'score', checked: true });
  const byPlace = h('input#mode-place', { type: 'radio', name: 'mode', value: 'place' });
  const list = h('ul.rec-players', { 'aria-busy': 'true' }, h('li.muted', t('record.loading_players')));
  const count = h('p.meta.rec-count', { 'aria-live': 'polite' });
  const newName = h('input#new-player', { maxlength: 40, placeholder: t('record.new_player'), autocomplete: 'off', 'aria-label': t('record.new_player') });
  const addButton = h('button#add-player', { type: 'button' }, t('record.add'));
  const addError = h('p.error', { role: 'alert', hidden: true });
  const error = h('p.error', { role: 'alert', hidden: true });
  const save = h('button#save-result.primary.wide', { type: 'submit' }, t('record.save'));
  const mode = () => (byPlace.checked ? 'place' : 'score');
  let catalogue = null;
  const withTeams = () => teamGame(catalogue, gameSelect.value);
  // Scanned Bresk! cards, by player name: the grid as the score sheet takes it (8 rows of 8).
  const cards = new Map();
  const scanners = new Map(); // name → the row's scan button and review (made when first needed)
  let canScan = false;
  const scanning = () => canScan && gameSelect.value === 'bresk' && mode() === 'score';
  const scanPrivacy = h('p.meta.rec-scan-privacy', { hidden: true }, t('scan.privacy'));

  const form = h('form.card.stack.record-form', { novalidate: true },
    h('label', { for: 'rec-game' }, t('new.game')), gameSelect,
    h('label', { for: 'rec-date' }, t('record.played_on')), date,
    h('fieldset.mode', h('legend', t('record.how_end')),
      h('div.segmented', byScore, h('label', { for: 'mode-score' }, t('table.scores')), byPlace, h('label', { for: 'mode-place' }, t('record.places')))),
    h('div.rec-head', h('span#who.rec-title', t('record.who_played')), count),
    h('p.meta.rec-help'),
    scanPrivacy,
    list,
    h('div.row.add-player', newName, addButton), addError,
    error, save);
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), h('h1', t('league.record_result')), form);
  const help = form.querySelector('.rec-help');

  const rows = () => [...list.querySelectorAll('li.rec-player')];
  const chosen = () => rows().filter((li) => li.querySelector('button.pick').getAttribute('aria-pressed') === 'true');
  const refresh = () => {
    const n = chosen().length;
    const placing = mode() === 'place';
    const teams = withTeams();
    const scan = scanning();
    help.textContent = scan ? t('record.scan_help')
      : `${placing ? t('record.help_places') : t('record.help_scores')}${teams ? ` ${TEAM_HELP}` : ''}`;
    count.textContent = n ? t('record.n_playing', { n }) : '';
    scanPrivacy.hidden = !scan;
    for (const li of rows()) {
      const input = li.querySelector('input.rec-value');
      const on = li.querySelector('button.pick').getAttribute('aria-pressed') === 'true';
      cardArea(li, scan && on);
      // Only a playing player in a team game has a team picker (no hidden choices get sent).
      const picker = li.querySelector('.team-pick');
      if (teams && on && !picker) li.append(teamPicker(li.dataset.name));
      if (!(teams && on) && picker) picker.remove();
      const fromCard = scan && on && cards.has(li.dataset.name);
      input.disabled = !on || fromCard;
      if (fromCard) input.value = '';
      input.placeholder = on && !fromCard ? (placing ? t('record.place') : t('record.score')) : '';
      input.setAttribute('aria-label', `${li.dataset.name} ${placing ? t('record.place') : t('record.score')}`);
      if (placing) {
        input.min = '1';
        input.max = String(Math.max(n, 1));
      } else {
        input.removeAttribute('min');
        input.removeAttribute('max');
      }
    }
  };

  // A playing player's Bresk! card: the scan button, and once confirmed the card as read, scored on saving.
  function cardArea(li, shown) {
    const name = li.dataset.name;
    let area = li.querySelector('.rec-card');
    if (!shown) {
      if (area) area.hidden = true;
      return;
    }
    if (!area) {
      const read = h('div.rec-card-read');
      const scanner = mountScan({
        label: t('scan.button_for', { name }),
        privacy: false,
        canHandIn: () => false,
        onConfirm: (values) => {
          cards.set(name, cardRows(values));
          showCard(read, name);
          refresh();
        },
      });
      scanners.set(name, scanner);
      area = h('div.rec-card', scanner.element, read);
      li.append(area);
    }
    area.hidden = false;
  }

  function showCard(read, name) {
    const rows = cards.get(name);
    if (!rows) {
      read.replaceChildren();
      return;
    }
    const squares = rows.join('').split('').map((v) => h('span.rec-card-square', v === '#' ? '●' : v));
    const drop = h('button.rec-card-drop', { type: 'button' }, t('record.type_instead'));
    drop.addEventListener('click', () => {
      cards.delete(name);
      showCard(read, name);
      refresh();
      list.querySelector(`li.rec-player[data-name="${CSS.escape(name)}"] input.rec-value`)?.focus();
    });
    read.replaceChildren(
      h('div.rec-card-grid', { role: 'img', 'aria-label': `${t('record.card_of', { name })}: ${rows.join(' ')}` }, squares),
      h('p.meta.rec-card-note', t('record.card_scored')),
      drop);
  }

  const playerRow = (name, on = false) => {
    const input = h('input.rec-value', { type: 'number', inputmode: 'numeric', step: 1, disabled: !on });
    const pick = h('button.pick', { type: 'button', 'aria-pressed': String(on) }, h('span.tick', { 'aria-hidden': 'true' }), name);
    pick.addEventListener('click', () => {
      const now = pick.getAttribute('aria-pressed') !== 'true';
      pick.setAttribute('aria-pressed', String(now));
      li.classList.toggle('on', now);
      refresh();
      if (now) input.focus();
    });
    input.addEventListener('input', () => mode() === 'place' && shareTeamPlace(li, chosen()));
    const li = h('li.rec-player', { dataset: { name } }, pick, input);
    li.classList.toggle('on', on);
    return li;
  };

  byScore.addEventListener('change', refresh);
  byPlace.addEventListener('change', refresh);
  gameSelect.addEventListener('change', refresh);

  const addPlayer = async () => {
    addError.hidden = true;
    const name = newName.value.trim().replace(/\s+/g, ' ');
    if (!name) {
      newName.focus();
      return;
    }
    const existing = rows().find((li) => li.dataset.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (existing.querySelector('button.pick').getAttribute('aria-pressed') !== 'true') existing.querySelector('button.pick').click();
      newName.value = '';
      return;
    }
    addButton.disabled = true;
    try {
      const player = await leagues.addPlayer(id, entry.token, name);
      list.querySelector('li.muted')?.remove();
      list.append(playerRow(player.name, true));
      newName.value = '';
      refresh();
      list.lastElementChild.querySelector('input.rec-value').focus();
    } catch (err) {
      addError.textContent = err.message;
      addError.hidden = false;
    } finally {
      addButton.disabled = false;
    }
  };
  addButton.addEventListener('click', addPlayer);
  newName.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addPlayer();
    }
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    const show = (message, focus) => {
      error.textContent = message;
      error.hidden = false;
      focus?.focus();
    };
    const picked = chosen();
    if (picked.length < 2) return show(t('record.two_players'));
    if (!date.value) return show(t('record.give_day'), date);
    if (date.value > today()) return show(t('record.future'), date);
    const scanned = scanning() && picked.some((li) => cards.has(li.dataset.name));
    if (scanned) {
      const unscanned = picked.find((li) => !cards.has(li.dataset.name));
      if (unscanned) return show(t('record.scan_every_card', { name: unscanned.dataset.name }), unscanned.querySelector('.bresk-scan-button'));
      const sheet = { players: picked.map((li) => ({ name: li.dataset.name, grid: cards.get(li.dataset.name) })) };
      save.disabled = true;
      try {
        await leagues.record(id, entry.token, { id: resultId, game: gameSelect.value, played_on: date.value, sheet });
        navigate(`${back}?saved=1`);
      } catch (err) {
        show(err.message);
      } finally {
        save.disabled = false;
      }
      return;
    }
    const key = mode();
    const teams = withTeams();
    const entries = picked.map((li) => ({
      name: li.dataset.name, value: li.querySelector('input.rec-value').value, team: teams ? pickedTeam(li) : null,
    }));
    const problem = checkEntries(entries, key);
    if (problem) return show(problem.message, picked[problem.index].querySelector('input.rec-value'));
    const players = bodyPlayers(entries, key);
    save.disabled = true;
    try {
      await leagues.record(id, entry.token, { id: resultId, game: gameSelect.value, played_on: date.value, players });
      navigate(`${back}?saved=1`);
    } catch (err) {
      // The server names the field: players.2.score → that player's input.
      const field = Object.keys(err.errors || {})[0] || '';
      const match = field.match(/^players\.(\d+)\./);
      show(err.message, match ? picked[Number(match[1])]?.querySelector('input.rec-value') : field === 'played_on' ? date : null);
    } finally {
      save.disabled = false;
    }
  });

  Promise.all([games(), leagues.players(id, entry.token), leagues.results(id, entry.token, { limit: 1 }), scanAvailable()])
    .then(([loaded, { players }, { results }, available]) => {
      catalogue = loaded;
      canScan = available;
      const preferred = params.query.game || results[0]?.game || '';
      gameSelect.replaceChildren(...catalogue.games.map((g) => h('option', { value: g.id, selected: g.id === preferred }, g.name)));
      list.replaceChildren(...players.map((p) => playerRow(p.name)));
      if (!players.length) list.append(h('li.muted', t('record.no_players')));
      list.removeAttribute('aria-busy');
      refresh();
    })
    .catch((err) => show(err.message));

  function show(message) {
    error.textContent = message;
    error.hidden = false;
  }

  return {
    destroy() {
      for (const scanner of scanners.values()) scanner.destroy();
    },
  };
}

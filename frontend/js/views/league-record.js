// #/league/:id/record — type in a game played without a table: the game, the day,
// who played and each one's score (or place), and for a game played in teams (Block
// Buster's couple game) who partnered whom. New players can be added on the spot.
// The team picker and the checks below are shared with the correction form (league-result.js).
// For Bresk!, each player's paper card can be scanned instead of typing a score ("Scan my card",
// games/bresk-scan.js): the result is then saved as a score sheet and the server scores and judges it.
import { getCatalogue, leagues } from '../api.js';
import { importPanel, panelId } from '../games/panels.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { navigate } from '../router.js';
import { uuid4 } from '../lib/uuid.js';
import { RANK, ensureCss, findLeague, today } from './league-common.js';

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

/** The record form's elements: game, day, how the game ended, who played (a row per league player),
 *  a new player, and Save. */
function recordParts() {
  const ui = {
    gameSelect: h('select#rec-game', { required: true }),
    date: h('input#rec-date', { type: 'date', value: today(), max: today(), required: true }),
    byScore: h('input#mode-score', { type: 'radio', name: 'mode', value: 'score', checked: true }),
    byPlace: h('input#mode-place', { type: 'radio', name: 'mode', value: 'place' }),
    list: h('ul.rec-players', { 'aria-busy': 'true' }, h('li.muted', t('record.loading_players'))),
    count: h('p.meta.rec-count', { 'aria-live': 'polite' }),
    help: h('p.meta.rec-help'),
    scanPrivacy: h('p.meta.rec-scan-privacy', { hidden: true }, t('scan.privacy')),
    newName: h('input#new-player', { maxlength: 40, placeholder: t('record.new_player'), autocomplete: 'off', 'aria-label': t('record.new_player') }),
    addButton: h('button#add-player', { type: 'button' }, t('record.add')),
    addError: h('p.error', { role: 'alert', hidden: true }),
    error: h('p.error', { role: 'alert', hidden: true }),
    save: h('button#save-result.primary.wide', { type: 'submit' }, t('record.save')),
  };
  ui.form = h('form.card.stack.record-form', { novalidate: true },
    h('label', { for: 'rec-game' }, t('new.game')), ui.gameSelect,
    h('label', { for: 'rec-date' }, t('record.played_on')), ui.date,
    h('fieldset.mode', h('legend', t('record.how_end')),
      h('div.segmented', ui.byScore, h('label', { for: 'mode-score' }, t('table.scores')), ui.byPlace, h('label', { for: 'mode-place' }, t('record.places')))),
    h('div.rec-head', h('span#who.rec-title', t('record.who_played')), ui.count),
    ui.help,
    ui.scanPrivacy,
    ui.list,
    h('div.row.add-player', ui.newName, ui.addButton), ui.addError,
    ui.error, ui.save);
  ui.mode = () => (ui.byPlace.checked ? 'place' : 'score');
  ui.rows = () => [...ui.list.querySelectorAll('li.rec-player')];
  ui.chosen = () => ui.rows().filter((li) => li.querySelector('button.pick').getAttribute('aria-pressed') === 'true');
  // Scanned cards by player name (the grid as the score sheet takes it: Bresk!'s 8 rows of 8), and each row's
  // scan button and review, made when first needed. `kits`: by game id, the card scan of each game whose
  // phone module has one (its `cardScan`), where the server reads photos.
  ui.scans = { cards: new Map(), scanners: new Map(), kits: new Map() };
  ui.kit = () => ui.scans.kits.get(ui.gameSelect.value);
  ui.scanning = () => Boolean(ui.kit()) && ui.mode() === 'score';
  return ui;
}

/** Each row as the way of ending and the game ask: a score or a place for whoever plays, a team when
 *  the game has teams. */
function refreshRecord(ui, teams, refresh) {
  const n = ui.chosen().length;
  const placing = ui.mode() === 'place';
  const scan = ui.scanning();
  ui.help.textContent = scan ? t('record.scan_help')
    : `${placing ? t('record.help_places') : t('record.help_scores')}${teams ? ` ${TEAM_HELP}` : ''}`;
  ui.count.textContent = n ? t('record.n_playing', { n }) : '';
  ui.scanPrivacy.hidden = !scan;
  for (const li of ui.rows()) {
    const input = li.querySelector('input.rec-value');
    const on = li.querySelector('button.pick').getAttribute('aria-pressed') === 'true';
    cardArea(ui, li, scan && on, refresh);
    // Only a playing player in a team game has a team picker (no hidden choices get sent).
    const picker = li.querySelector('.team-pick');
    if (teams && on && !picker) li.append(teamPicker(li.dataset.name));
    if (!(teams && on) && picker) picker.remove();
    const fromCard = scan && on && ui.scans.cards.has(li.dataset.name);
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
}

/** The card scans of the games whose catalogue entry says they have one, once their phone modules are in. */
function loadCardScans(ui, catalogue, refresh) {
  for (const game of catalogue.games.filter((g) => g.card_scan && panelId(g.id))) {
    importPanel(panelId(game.id))
      .then(async ({ cardScan }) => {
        const kit = cardScan && await cardScan();
        if (kit && await kit.scanAvailable()) ui.scans.kits.set(game.id, kit);
        refresh();
      })
      .catch(() => {}); // no scan button: the score is typed in, as for any game
  }
}

/** A playing player's card (Bresk!'s): the scan button, and once confirmed the card as read, scored on saving. */
function cardArea(ui, li, shown, refresh) {
  const name = li.dataset.name;
  let area = li.querySelector('.rec-card');
  if (!shown) {
    if (area) area.hidden = true;
    return;
  }
  if (!area) {
    const read = h('div.rec-card-read');
    const { mountScan, cardRows } = ui.kit();
    const scanner = mountScan({
      label: t('scan.button_for', { name }),
      privacy: false,
      canHandIn: () => false,
      onConfirm: (values) => {
        ui.scans.cards.set(name, cardRows(values));
        showCard(ui, read, name, refresh);
        refresh();
      },
    });
    ui.scans.scanners.set(name, scanner);
    area = h('div.rec-card', scanner.element, read);
    li.append(area);
  }
  area.hidden = false;
}

/** The confirmed card, small, in the player's row, with "type the score instead". */
function showCard(ui, read, name, refresh) {
  const rows = ui.scans.cards.get(name);
  if (!rows) {
    read.replaceChildren();
    return;
  }
  const squares = rows.join('').split('').map((v) => h('span.rec-card-square', v === '#' ? '●' : v));
  const drop = h('button.rec-card-drop', { type: 'button' }, t('record.type_instead'));
  drop.addEventListener('click', () => {
    ui.scans.cards.delete(name);
    showCard(ui, read, name, refresh);
    refresh();
    ui.list.querySelector(`li.rec-player[data-name="${CSS.escape(name)}"] input.rec-value`)?.focus();
  });
  read.replaceChildren(
    h('div.rec-card-grid', { role: 'img', 'aria-label': `${t('record.card_of', { name })}: ${rows.join(' ')}` }, squares),
    h('p.meta.rec-card-note', t('record.card_scored')),
    drop);
}

/** One league player: tap the name to say they played, then type their score or place. */
function playerRow(ui, name, on, refresh) {
  const input = h('input.rec-value', { type: 'number', inputmode: 'numeric', step: 1, disabled: !on });
  const pick = h('button.pick', { type: 'button', 'aria-pressed': String(on) }, h('span.tick', { 'aria-hidden': 'true' }), name);
  pick.addEventListener('click', () => {
    const now = pick.getAttribute('aria-pressed') !== 'true';
    pick.setAttribute('aria-pressed', String(now));
    li.classList.toggle('on', now);
    refresh();
    if (now) input.focus();
  });
  input.addEventListener('input', () => ui.mode() === 'place' && shareTeamPlace(li, ui.chosen()));
  const li = h('li.rec-player', { dataset: { name } }, pick, input);
  li.classList.toggle('on', on);
  return li;
}

/** A player typed in: one already listed is ticked, a new one joins the league and gets a row. */
async function addTypedPlayer(ui, league, refresh) {
  const { newName, list, addButton, addError } = ui;
  addError.hidden = true;
  const name = newName.value.trim().replace(/\s+/g, ' ');
  if (!name) {
    newName.focus();
    return;
  }
  const existing = ui.rows().find((li) => li.dataset.name.toLowerCase() === name.toLowerCase());
  if (existing) {
    if (existing.querySelector('button.pick').getAttribute('aria-pressed') !== 'true') existing.querySelector('button.pick').click();
    newName.value = '';
    return;
  }
  addButton.disabled = true;
  try {
    const player = await leagues.addPlayer(league.id, league.token, name);
    list.querySelector('li.muted')?.remove();
    list.append(playerRow(ui, player.name, true, refresh));
    newName.value = '';
    refresh();
    list.lastElementChild.querySelector('input.rec-value').focus();
  } catch (err) {
    addError.textContent = err.message;
    addError.hidden = false;
  } finally {
    addButton.disabled = false;
  }
}

/** Checks the form and records the result; says what is wrong next to the field it is about. */
async function saveRecord(ui, league, teams) {
  const { error, date } = ui;
  error.hidden = true;
  const show = (message, focus) => {
    error.textContent = message;
    error.hidden = false;
    focus?.focus();
  };
  const picked = ui.chosen();
  if (picked.length < 2) return show(t('record.two_players'));
  if (!date.value) return show(t('record.give_day'), date);
  if (date.value > today()) return show(t('record.future'), date);
  const { cards } = ui.scans;
  if (ui.scanning() && picked.some((li) => cards.has(li.dataset.name))) {
    const unscanned = picked.find((li) => !cards.has(li.dataset.name));
    if (unscanned) return show(t('record.scan_every_card', { name: unscanned.dataset.name }), unscanned.querySelector('.bresk-scan-button'));
    const sheet = { players: picked.map((li) => ({ name: li.dataset.name, grid: cards.get(li.dataset.name) })) };
    return sendRecord(ui, league, { sheet }, show);
  }
  const key = ui.mode();
  const entries = picked.map((li) => ({
    name: li.dataset.name, value: li.querySelector('input.rec-value').value, team: teams ? pickedTeam(li) : null,
  }));
  const problem = checkEntries(entries, key);
  if (problem) return show(problem.message, picked[problem.index].querySelector('input.rec-value'));
  return sendRecord(ui, league, { players: bodyPlayers(entries, key) }, show, picked);
}

/** Records the result (players with scores or places, or a score sheet); an error goes next to its field. */
async function sendRecord(ui, league, body, show, picked = []) {
  const { date } = ui;
  ui.save.disabled = true;
  try {
    await leagues.record(league.id, league.token, { id: league.resultId, game: ui.gameSelect.value, played_on: date.value, ...body });
    navigate(`${league.back}?saved=1`);
  } catch (err) {
    // The server names the field: players.2.score → that player's input.
    const field = Object.keys(err.errors || {})[0] || '';
    const match = field.match(/^players\.(\d+)\./);
    show(err.message, match ? picked[Number(match[1])]?.querySelector('input.rec-value') : field === 'played_on' ? date : null);
  } finally {
    ui.save.disabled = false;
  }
}

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

  // resultId: recording twice (a retry) stores it once
  const league = { id, token: entry.token, back, resultId: uuid4() };
  const ui = recordParts();
  let catalogue = null;
  const withTeams = () => teamGame(catalogue, ui.gameSelect.value);
  const refresh = () => refreshRecord(ui, withTeams(), refresh);
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), h('h1', t('league.record_result')), ui.form);

  ui.byScore.addEventListener('change', refresh);
  ui.byPlace.addEventListener('change', refresh);
  ui.gameSelect.addEventListener('change', refresh);
  ui.addButton.addEventListener('click', () => addTypedPlayer(ui, league, refresh));
  ui.newName.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addTypedPlayer(ui, league, refresh);
    }
  });
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    saveRecord(ui, league, withTeams());
  });

  Promise.all([getCatalogue(), leagues.players(id, entry.token), leagues.results(id, entry.token, { limit: 1 })])
    .then(([loaded, { players }, { results }]) => {
      catalogue = loaded;
      loadCardScans(ui, catalogue, refresh);
      const preferred = params.query.game || results[0]?.game || '';
      ui.gameSelect.replaceChildren(...catalogue.games.map((g) => h('option', { value: g.id, selected: g.id === preferred }, g.name)));
      ui.list.replaceChildren(...players.map((p) => playerRow(ui, p.name, false, refresh)));
      if (!players.length) ui.list.append(h('li.muted', t('record.no_players')));
      ui.list.removeAttribute('aria-busy');
      refresh();
    })
    .catch((err) => {
      ui.error.textContent = err.message;
      ui.error.hidden = false;
    });

  return {
    destroy() {
      for (const scanner of ui.scans.scanners.values()) scanner.destroy();
    },
  };
}

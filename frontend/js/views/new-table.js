// Start a table: pick the game, name the seats clockwise, choose options.
import { api, getCatalogue, LATE, LATE_MS, leagues, unlessLate } from '../api.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { optionField, readOption } from '../lib/option-fields.js';
import { navigate } from '../router.js';
import { rememberPlayers, store } from '../store.js';
import { RANK, findLeague } from './league-common.js';

/**
 * The options a player chose: where they differ from the game's own (GET /api/games), and every option
 * the league sets as a house rule, as shown: the server starts a league table from its house rules, so
 * an option left out would take the league's value even where the player turned it back to the game's.
 */
function readOptions(form, game, house = {}) {
  const out = {};
  for (const option of game.options) {
    const input = form.querySelector(`#opt-${option.name}`);
    const value = input ? readOption(input, option, { changedOnly: !(option.name in house) }) : undefined;
    if (value !== undefined) out[option.name] = value;
  }
  return out;
}

/** The seats, clockwise: a name each (offered from `#known-players`), and × to take one out. */
function seatList() {
  const seats = h('ol.seats');
  const addSeat = (name = '') => {
    const input = h('input', { value: name, placeholder: t('new.player_n', { n: seats.children.length + 1 }), maxlength: 40, 'aria-label': t('new.player_n_name', { n: seats.children.length + 1 }), autocomplete: 'off', list: 'known-players' });
    const remove = h('button.icon', { type: 'button', 'aria-label': t('new.remove_player'), onclick: () => li.remove() }, '×');
    const li = h('li', input, remove);
    seats.append(li);
    return input;
  };
  return { seats, addSeat };
}

/** Names offered in every seat: the players this phone has seen at its tables, and the league's. */
function playerSuggestions(league) {
  const remembered = store.get().players;
  const suggestions = h('datalist#known-players', remembered.map((name) => h('option', { value: name })));
  if (league) {
    leagues.players(league.id, league.token).then((r) => {
      const known = new Set(remembered.map((n) => n.toLowerCase()));
      suggestions.append(...r.players.filter((p) => !known.has(p.name.toLowerCase())).map((p) => h('option', { value: p.name })));
    }).catch(() => {});
  }
  return suggestions;
}

/** Starts the table with the seats named (the first is this phone's player) and the options chosen: one table however
 *  often the button is pressed while the server is asked, and word when its answer is late. */
async function startTable(form, error, { game, seats, league, house, start, late }) {
  if (start.disabled) return;
  start.disabled = true;
  start.textContent = t('new.starting');
  const lateNote = setTimeout(() => (late.hidden = false), LATE_MS);
  error.hidden = true;
  const names = [...seats.querySelectorAll('input')].map((i) => i.value.trim()).filter(Boolean);
  if (names[0]) store.set({ me: names[0] });
  rememberPlayers(names);
  try {
    const body = { game: game.id, options: readOptions(form, game, house), seats: names.map((name) => ({ name })) };
    const table = await api.createTable(league ? { ...body, league: league.id } : body, { token: league?.token });
    const recent = [{ code: table.code, game: game.id, at: Date.now() }, ...store.get().recentTables.filter((t) => t.code !== table.code)].slice(0, 8);
    store.set({ recentTables: recent });
    navigate(`#/table/${table.code}`);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    clearTimeout(lateNote);
    late.hidden = true;
    start.disabled = false;
    start.textContent = t('new.start');
  }
}

// The league's house rules: each option it sets starts at its value. Without them (offline, or an answer
// late: api.js) the form shows the game's own values and sends only what is changed: the server then starts
// the table from the house rules, as before.
function houseRulesOf(league) {
  if (!league) return Promise.resolve({});
  const rules = leagues.get(league.id, league.token).then((l) => l.rules || {}).catch(() => ({}));
  return unlessLate(rules).then((answer) => (answer === LATE ? {} : answer));
}

/** "+ Add player", off once the game has all its seats, with the reason beside it (and read with it): whichever way
 *  the seats change (added, taken out, the same players again). Returns [button, reason]. */
function addPlayerButton(game, seats, addSeat) {
  const reason = h('p.meta#seats-full', { role: 'status' }, t('new.max_players', { n: game.max_seats }));
  const add = h('button', { type: 'button', 'aria-describedby': 'seats-full', onclick: () => addSeat().focus() }, t('new.add_player'));
  const fit = () => {
    add.disabled = seats.children.length >= game.max_seats;
    reason.hidden = !add.disabled;
  };
  new MutationObserver(fit).observe(seats, { childList: true });
  fit();
  return [add, reason];
}

// The last table's players, in their seats, in one tap (null when too few for the game).
function sameAgainButton(game, seats, addSeat) {
  const last = store.get().lastSeats.slice(0, game.max_seats);
  return last.length >= game.min_seats ? h('button.same-players', {
    type: 'button',
    onclick: () => {
      seats.replaceChildren();
      last.forEach((name) => addSeat(name));
    },
  }, t('new.same_players', { names: last.join(', ') })) : null;
}

export function mount(root, params) {
  const gameId = params.game;
  const form = h('form.card.stack', { novalidate: true });
  const error = h('p.error', { role: 'alert', hidden: true });
  root.append(h('h1', t('new.title')), form);
  // #/new/<game>?league=<id>: play inside a league this phone has a member (or admin) link for.
  const known = params.query.league ? findLeague(params.query.league) : null;
  const league = known && RANK[known.role] >= RANK.member ? known : null;
  const keep = params.query.league ? `?league=${encodeURIComponent(params.query.league)}` : '';
  const suggestions = playerSuggestions(league);

  const houseRules = houseRulesOf(league);

  const render = (cat, rules) => {
    const game = cat.games.find((g) => g.id === gameId) || cat.games[0];
    const house = rules[game.id] || {};
    const { seats, addSeat } = seatList();
    addSeat(store.get().me);
    addSeat();
    if (game.min_seats > 2) for (let i = 2; i < game.min_seats; i++) addSeat();
    const sameAgain = sameAgainButton(game, seats, addSeat);
    const start = h('button.primary.wide', { type: 'submit' }, t('new.start'));
    const late = h('p.meta', { role: 'status', hidden: true }, t('new.still_trying'));
    const gameSelect = h('select', { id: 'game', onchange: (e) => navigate(`#/new/${e.target.value}${keep}`) },
      cat.games.map((g) => h('option', { value: g.id, selected: g.id === game.id }, g.name)));
    form.replaceChildren(
      ...[league ? h('p.meta.in-league', t('new.in_league_before'), h('strong', league.name), t('new.in_league_after')) : null,
        known && !league ? h('p.error', t('new.read_only_league')) : null,
        suggestions].filter(Boolean),
      h('label', { for: 'game' }, t('new.game')), gameSelect,
      h('p.meta', game.summary),
      h('label', t('new.players_clockwise', { min: game.min_seats, max: game.max_seats })),
      ...[sameAgain].filter(Boolean), // replaceChildren would print a null
      seats,
      ...addPlayerButton(game, seats, addSeat),
      ...(game.options.length ? [h('details.options', h('summary', t('new.options')), game.options.map((o) => optionField(o, { id: `opt-${o.name}`, value: house[o.name] }).field))] : []),
      error,
      start,
      late,
    );
    form.onsubmit = (e) => {
      e.preventDefault();
      startTable(form, error, { game, seats, league, house, start, late });
    };
  };

  const draw = () => {
    Promise.all([getCatalogue(), houseRules]).then(([cat, rules]) => render(cat, rules))
      .catch((err) => {
        // The games have never reached this phone: the form needs them once, and draws when the connection is back.
        form.replaceChildren(h('p.error', { role: 'alert' }, err.offline ? t('new.needs_connection') : err.message));
        if (err.offline) window.addEventListener('online', () => form.isConnected && draw(), { once: true });
      });
  };
  draw();
}

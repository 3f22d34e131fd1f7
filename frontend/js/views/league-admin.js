// #/league/:id/admin — league settings, for the admin link only: the house rules that tables
// started in the league begin with, seasons, players, plays brought in from another app's file
// (league-import.js), and the share links with QR codes.
import { getCatalogue, leagues } from '../api.js';
import { t } from '../i18n.js';
import { h, useStylesheet } from '../lib/dom.js';
import { inPlayersWords, optionField, readOption } from '../lib/option-fields.js';
import {
  dropToken, ensureCss, fill, findLeague, formatDate, learnSharedLinks, linkRow, playerHref, qrButton, remember,
  replaceLink, shareUrl,
} from './league-common.js';
import { importSection } from './league-import.js';

/** "cat, dog\nemu" → ['cat', 'dog', 'emu']: words split by spaces, commas or new lines. */
const wordsIn = (text) => text.split(/[\s,;]+/).filter(Boolean);

/** An input's error line, tied to it by aria-describedby, hidden until there is something to say. */
function errorFor(input) {
  const error = h(`p.error.field-error#${input.id}-error`, { role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), error.id].filter(Boolean).join(' '));
  return error;
}

function showFieldError(input, message) {
  const error = document.getElementById(`${input.id}-error`);
  error.textContent = message;
  error.hidden = false;
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

function clearErrors(form) {
  for (const el of form.querySelectorAll('.field-error, .form-error')) el.hidden = true;
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/**
 * One game's house rules (null when a league can set nothing for it): a fieldset, reading its values
 * (only what differs from the game's own), and refilling it with what the server kept. `fields` gains
 * each input under the name the server's refusals use ("make-n-break.rounds").
 */
function houseRules(game, saved, fields) {
  const options = game.options.filter((o) => o.league);
  if (!options.length && !game.word_list_option) return null;
  const drawn = options.map((option) => {
    const { field, input } = optionField(option, { id: `rule-${game.id}-${option.name}`, value: saved[option.name], blankIsDefault: true });
    fields[`${game.id}.${option.name}`] = { input, option };
    return { option, field, input };
  });
  let words = null;
  if (game.word_list_option) {
    const box = (name) => h(`textarea#rule-${game.id}-${name}`, { rows: 2, spellcheck: 'false', autocomplete: 'off', autocapitalize: 'characters', 'aria-describedby': `rule-${game.id}-words-help` });
    words = { extra: box('extra_words'), banned: box('banned_words') };
    fields[`${game.id}.extra_words`] = { input: words.extra, words };
    fields[`${game.id}.banned_words`] = { input: words.banned, words };
  }
  const refill = (kept) => {
    for (const { option, input } of drawn) {
      if (option.type === 'boolean') input.checked = kept[option.name] ?? option.default;
      else if (option.type === 'choice') input.value = String(kept[option.name] ?? option.default);
      else input.value = kept[option.name] === undefined ? '' : String(kept[option.name]);
    }
    if (words) {
      words.extra.value = (kept.extra_words || []).join(', ');
      words.banned.value = (kept.banned_words || []).join(', ');
    }
  };
  refill(saved);
  const read = () => {
    const values = {};
    for (const { option, input } of drawn) {
      const value = readOption(input, option, { changedOnly: option.type !== 'integer' });
      if (Number.isNaN(value)) return { values, invalid: input };
      if (value !== undefined) values[option.name] = value;
    }
    if (words) {
      if (wordsIn(words.extra.value).length) values.extra_words = wordsIn(words.extra.value);
      if (wordsIn(words.banned.value).length) values.banned_words = wordsIn(words.banned.value);
    }
    return { values };
  };
  const fieldset = h('fieldset.rules-game', { dataset: { game: game.id } },
    h('legend', game.name),
    drawn.map(({ field, input }) => [field, errorFor(input)]),
    words ? [
      h(`p.meta#rule-${game.id}-words-help`, t('admin.words_help')),
      h('label', { for: words.extra.id }, t('admin.extra_words')), words.extra, errorFor(words.extra),
      h('label', { for: words.banned.id }, t('admin.banned_words')), words.banned, errorFor(words.banned),
    ] : null);
  return { game: game.id, fieldset, read, refill };
}

/** The server's message without the "field.path: " it starts with when marshmallow refused the body. */
const plainMessage = (err, field) => (field && err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message);

// --- house rules ------------------------------------------------------------------------------

/** Where the server's refusal of the house rules goes: the field it names, said in players' words. */
function showRulesError(err, fields, formError) {
  const key = Object.keys(err.errors || {})[0] || '';
  const field = Object.keys(fields).find((f) => key === f || key.startsWith(`${f}.`));
  if (!field) {
    formError.textContent = err.message;
    formError.hidden = false;
    return;
  }
  const { input, option, words } = fields[field];
  let message = plainMessage(err, key);
  if (words) {
    // A word in a list (bresk.extra_words.3): say which; a word in both lists: say which ones.
    const index = key.slice(field.length + 1);
    const word = index ? wordsIn(input.value)[Number(index)] : null;
    const both = wordsIn(words.extra.value).map((w) => w.toUpperCase())
      .filter((w) => wordsIn(words.banned.value).some((b) => b.toUpperCase() === w));
    if (word) message = `“${word}”: ${message}`;
    else if (both.length) message = `${message} ${t('admin.in_both', { words: [...new Set(both)].join(', ') })}`;
  } else if (option) {
    message = inPlayersWords(message, option);
  }
  showFieldError(input, message);
}

/** The house rules form: every game's rules from GET /api/games (its options a league may set, and,
 *  for a game that judges words, the league's added and banned words). */
function rulesSection(league, card, rules, catalogue) {
  const status = h('p.status.rules-status', { role: 'status' });
  const formError = h('p.error.form-error', { role: 'alert', hidden: true });
  const fields = {}; // each input under the name the server's refusals use
  const ruleSets = catalogue.games.map((game) => houseRules(game, rules[game.id] || {}, fields)).filter(Boolean);
  const save = h('button#save-rules.primary.wide', { type: 'submit' }, t('admin.save_rules'));
  const form = h('form.stack.rules-form', { novalidate: true },
    h('p.meta.rules-intro', t('admin.rules_intro')),
    ruleSets.map((set) => set.fieldset), formError, save, status);
  fill(card, h('h2#rules-title', t('admin.house_rules')), form);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearErrors(form);
    status.textContent = '';
    const body = {};
    for (const set of ruleSets) {
      const section = set.read();
      if (section.invalid) return showFieldError(section.invalid, t('admin.type_number'));
      if (Object.keys(section.values).length) body[set.game] = section.values;
    }
    save.disabled = true;
    try {
      const saved = await leagues.setRules(league.id, league.token(), body);
      for (const set of ruleSets) set.refill(saved[set.game] || {});
      status.textContent = t('admin.saved');
    } catch (err) {
      if (err.status === 401) league.lost();
      else showRulesError(err, fields, formError);
    } finally {
      save.disabled = false;
    }
  });
}

// --- seasons ----------------------------------------------------------------------------------

/** The seasons, each but the default with Change and Delete (asked first, in the row). */
function renderSeasonList(list, seasons, { edit, remove }) {
  const row = (s) => {
    const li = h('li.season', { dataset: { season: String(s.id) } },
      h('span.season-name', s.name),
      s.default ? h('span.badge', t('admin.default')) : null,
      h('span.meta.season-dates', s.default || !s.starts_on ? t('admin.every_result')
        : `${formatDate(s.starts_on)} – ${formatDate(s.ends_on)}`));
    if (s.default) return li;
    const ask = h('div.confirm.season-ask', { role: 'group', hidden: true, 'aria-label': t('admin.delete_season_question', { name: s.name }) },
      h('p', t('admin.delete_season_question', { name: s.name })),
      h('div.row.form-buttons',
        h('button.confirm-delete-season.danger', { type: 'button', onclick: () => remove(s) }, t('admin.delete_season')),
        h('button.keep-season', { type: 'button', onclick: () => { ask.hidden = true; li.querySelector('.season-delete').focus(); } }, t('admin.keep'))));
    li.append(h('div.row.season-buttons',
      h('button.season-edit', { type: 'button', 'aria-label': t('admin.change_season_named', { name: s.name }), onclick: () => edit(s) }, t('admin.change')),
      h('button.season-delete', { type: 'button', 'aria-label': t('admin.delete_season_named', { name: s.name }),
        onclick: () => { ask.hidden = false; ask.querySelector('.keep-season').focus(); } }, t('admin.delete'))), ask);
    return li;
  };
  fill(list, seasons.map(row));
}

/** The season form's parts: it adds a season, or changes the one `edit(season)` gives it (null: adds again). */
function seasonForm() {
  const name = h('input#season-name', { maxlength: 60, autocomplete: 'off', placeholder: t('admin.season_placeholder') });
  const from = h('input#season-from', { type: 'date', name: 'starts_on' });
  const to = h('input#season-to', { type: 'date', name: 'ends_on' });
  const error = h('p.error.form-error', { role: 'alert', hidden: true });
  const status = h('p.status.season-status', { role: 'status' });
  const title = h('h3#new-season-title', t('admin.new_season'));
  const add = h('button#add-season.wide', { type: 'submit' }, t('admin.add_season'));
  const cancel = h('button#cancel-season.wide', { type: 'button', hidden: true }, t('resultpage.cancel'));
  const form = h('form.stack.season-form', { novalidate: true, 'aria-labelledby': 'new-season-title' },
    title,
    h('label', { for: 'season-name' }, t('admin.name')), name,
    h('div.dates',
      h('div', h('label', { for: 'season-from' }, t('admin.from')), from),
      h('div', h('label', { for: 'season-to' }, t('admin.to')), to)),
    error, add, cancel, status);
  const parts = { form, name, from, to, error, status, add, cancel, editing: null };
  parts.edit = (season) => {
    parts.editing = season;
    title.textContent = season ? t('admin.change_season_named', { name: season.name }) : t('admin.new_season');
    add.textContent = season ? t('admin.save_season') : t('admin.add_season');
    cancel.hidden = !season;
    if (season) [name.value, from.value, to.value] = [season.name, season.starts_on, season.ends_on];
    else form.reset();
  };
  return parts;
}

/** The seasons, and a form to add one or change one (Change fills it in). */
function seasonsSection(league, card, seasons) {
  const seasonList = h('ul.admin-list.season-list');
  const parts = seasonForm();
  const { form, name, from, to, error, status, add, cancel } = parts;
  const setEditing = parts.edit;
  fill(card, h('h2#seasons-title', t('admin.seasons')),
    h('p.meta.seasons-intro', t('admin.seasons_intro')),
    seasonList, form);

  const refuseWith = (message, input) => {
    error.textContent = message;
    error.hidden = false;
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }
  };
  const failed = (err) => {
    const key = Object.keys(err.errors || {})[0] || '';
    if (err.status === 401) league.lost();
    else refuseWith(plainMessage(err, key), { name, starts_on: from, ends_on: to }[key]);
  };
  const handlers = {
    edit(season) {
      clearErrors(form);
      setEditing(season);
      name.focus();
    },
    async remove(season) {
      try {
        await leagues.seasons.remove(league.id, league.token(), season.id);
        await redraw();
        if (parts.editing?.id === season.id) setEditing(null);
        status.textContent = t('admin.season_deleted', { name: season.name });
        name.focus();
      } catch (err) {
        failed(err);
      }
    },
  };
  const redraw = async () => renderSeasonList(seasonList, (await leagues.get(league.id, league.token())).seasons, handlers);
  renderSeasonList(seasonList, seasons, handlers);
  cancel.addEventListener('click', () => { setEditing(null); name.focus(); });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearErrors(form);
    status.textContent = '';
    const body = { name: name.value.trim(), starts_on: from.value, ends_on: to.value };
    if (!body.name) return refuseWith(t('admin.season_name'), name);
    if (!body.starts_on) return refuseWith(t('admin.season_start'), from);
    if (!body.ends_on) return refuseWith(t('admin.season_end'), to);
    const { editing } = parts;
    saveSeason({ league, editing, body, add, failed }, async (season) => {
      await redraw();
      status.textContent = editing ? t('admin.season_changed', { name: season.name }) : t('admin.season_added', { name: season.name });
      setEditing(null);
    });
  });
}

/** Adds the season, or changes the one being edited; `done(season)` after. */
async function saveSeason({ league, editing, body, add, failed }, done) {
  add.disabled = true;
  try {
    const season = editing ? await leagues.seasons.change(league.id, league.token(), editing.id, body)
      : await leagues.seasons.add(league.id, league.token(), body);
    await done(season);
  } catch (err) {
    failed(err);
  } finally {
    add.disabled = false;
  }
}

// --- players ----------------------------------------------------------------------------------

/** The league's players, each a link to their page, a form to add one and one to correct one. */
function playersSection(league, card, players) {
  const list = h('ul.player-chips');
  const count = h('p.meta.player-count', { 'aria-live': 'polite' });
  const chip = (playerName) => h('li', h('a.chip', { href: playerHref(league.id, playerName) }, playerName));
  const fix = playerFix(league, () => reload());
  const show = (names) => {
    list.replaceChildren(...names.map(chip));
    count.textContent = names.length ? t('home.players', { count: names.length }) : t('admin.no_players');
    fix.update(names);
  };
  const reload = async () => show((await leagues.players(league.id, league.token())).players.map((p) => p.name));
  const input = h('input#admin-new-player', { maxlength: 40, autocomplete: 'off', placeholder: t('admin.name') });
  const add = h('button#admin-add-player', { type: 'submit' }, t('record.add'));
  const error = h('p.error.form-error', { role: 'alert', hidden: true });
  const status = h('p.status.player-status', { role: 'status' });
  const form = h('form.add-player-form', { novalidate: true },
    h('label', { for: 'admin-new-player' }, t('resultpage.add_player')), h('div.row', input, add), error, status);
  fill(card, h('h2#players-title', t('admin.players')), count, list, form, fix.form);
  show(players.map((p) => p.name));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    status.textContent = '';
    const playerName = input.value.trim().replace(/\s+/g, ' ');
    if (!playerName) return input.focus();
    add.disabled = true;
    try {
      const player = await leagues.addPlayer(league.id, league.token(), playerName);
      await reload();
      input.value = '';
      status.textContent = t('admin.player_added', { name: player.name });
      input.focus();
    } catch (err) {
      if (err.status === 401) {
        league.lost();
        return;
      }
      error.textContent = plainMessage(err, 'name');
      error.hidden = false;
      input.focus();
    } finally {
      add.disabled = false;
    }
  });
}

/** The question asked before a rename merges two players: hidden until the server says the name is taken. */
function mergeQuestion() {
  const question = h('p#merge-question');
  const yes = h('button#confirm-merge.primary', { type: 'button' });
  const no = h('button#cancel-merge', { type: 'button' }, t('resultpage.cancel'));
  const el = h('div.confirm.merge-ask', { role: 'group', 'aria-labelledby': 'merge-question', hidden: true },
    question, h('div.row.form-buttons', yes, no));
  const ask = (from, into) => {
    question.textContent = t('admin.merge_question', { from, into });
    yes.textContent = t('admin.merge', { into });
    el.hidden = false;
    yes.focus();
  };
  return { el, yes, no, ask, close: () => { el.hidden = true; } };
}

/** The parts of the form that corrects a player; `update(names)` refills the choice of players. */
function playerFixForm() {
  const who = h('select#fix-player');
  const to = h('input#rename-to', { maxlength: 40, autocomplete: 'off' });
  const rename = h('button#rename-player', { type: 'submit' }, t('admin.rename'));
  const remove = h('button#remove-player', { type: 'button' }, t('admin.remove_player'));
  const error = h('p.error.form-error#fix-player-error', { role: 'alert', hidden: true });
  const status = h('p.status.fix-status', { role: 'status' });
  const merge = mergeQuestion();
  const form = h('form.stack.fix-player-form', { novalidate: true, 'aria-labelledby': 'fix-player-title' },
    h('h3#fix-player-title', t('admin.fix_player')), h('p.meta', t('admin.fix_player_help')),
    h('label', { for: 'fix-player' }, t('bresk.player')), who,
    h('label', { for: 'rename-to' }, t('admin.new_name')), to,
    h('div.row.form-buttons', rename, remove), merge.el, error, status);
  const update = (names) => {
    const picked = who.value;
    who.replaceChildren(...names.map((n) => h('option', { value: n, selected: n === picked }, n)));
    form.hidden = !names.length;
  };
  return { form, who, to, rename, remove, error, status, merge, update };
}

/** Rename a player (merging into another, asked first, when the name is theirs) or remove one with no results.
 *  `changed()` reloads the list after a change. */
function playerFix(league, changed) {
  const { form, who, to, rename, remove, error, status, merge, update } = playerFixForm();
  const fail = (err, focus) => {
    if (err.status === 401) return league.lost();
    error.textContent = plainMessage(err, 'name');
    error.hidden = false;
    focus.focus();
  };
  const act = async (call, said) => {
    error.hidden = true;
    status.textContent = '';
    const busy = (on) => { for (const b of [rename, remove, merge.yes]) b.disabled = on; };
    busy(true);
    try {
      const done = await call();
      merge.close();
      to.value = '';
      await changed();
      if (done?.name) who.value = done.name;
      status.textContent = said(done);
      who.focus();
    } catch (err) {
      busy(false); // before the focus moves: a disabled button cannot take it
      if (err.code === 'player_exists') merge.ask(who.value, err.player);
      else fail(err, merge.el.hidden ? to : merge.no);
    } finally {
      busy(false);
    }
  };
  const send = (doMerge) => {
    const from = who.value;
    const name = to.value.trim().replace(/\s+/g, ' ');
    return act(() => leagues.renamePlayer(league.id, league.token(), from, name, { merge: doMerge }),
      (done) => (done.merged || doMerge ? t('admin.merged', { from, into: done.name, count: done.merged })
        : t('admin.renamed', { from, to: done.name })));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    merge.close();
    if (!to.value.trim()) return to.focus();
    send(false);
  });
  merge.yes.addEventListener('click', () => send(true));
  merge.no.addEventListener('click', () => { merge.close(); to.focus(); });
  remove.addEventListener('click', () => {
    const name = who.value;
    merge.close();
    act(() => leagues.removePlayer(league.id, league.token(), name), () => t('admin.removed', { name }));
  });
  return { form, update };
}

// --- share links and QR codes -----------------------------------------------------------------

const ROLES = ['admin', 'member', 'viewer'];

/** The three links with their QR codes, and a button to replace each. Returns render(league entry). */
function shareSection(league, card) {
  const id = league.id;
  const shareStatus = h('p.status.share-status', { role: 'status' });
  const rotate = async (role) => {
    try {
      const updated = await replaceLink(id, role);
      if (!updated) return;
      render(updated);
      card.querySelector(`.link-${role} input`)?.focus();
      // A new admin link is shown at once with its QR code: the other phones that run the league need it now.
      // (Opening the QR code clears the status line, so the status is said after it.)
      if (role === 'admin') card.querySelector('.link-admin .show-qr')?.click();
      shareStatus.textContent = role === 'admin' ? t('league.admin_link_made') : role === 'member' ? t('league.member_link_made') : t('league.viewer_link_made');
    } catch (err) {
      if (err.status === 401) league.lost();
      else shareStatus.textContent = err.message;
    }
  };

  const buttonsFor = (current, role) => {
    const buttons = [];
    if (shareUrl(current, role)) {
      buttons.push(qrButton(id, role, (message) => (shareStatus.textContent = message), t('admin.show_qr')));
    }
    if (role === 'admin') {
      buttons.push(h('button.replace#new-admin-link', { type: 'button', onclick: () => rotate(role) }, t('admin.new_admin_link')));
    } else {
      buttons.push(h('button.replace', { type: 'button', onclick: () => rotate(role) },
        current.tokens?.[role] ? t('league.replace_link') : role === 'member' ? t('league.new_member_link') : t('league.new_viewer_link')));
    }
    const group = document.createDocumentFragment(); // linkRow puts these beside Copy and Share
    group.append(...buttons);
    return group;
  };

  // What the card shows, drawn again only when that changes: the league's answers often confirm the links the
  // phone drew it from, and a redraw would take the focus (or a half-made selection) from a link.
  let drawn = null;
  function render(current) {
    const shows = JSON.stringify([current.name, current.role, ROLES.map((role) => [shareUrl(current, role), Boolean(current.tokens?.[role])])]);
    if (shows === drawn) return;
    drawn = shows;
    fill(card, h('h2#share-title', t('admin.links_title')),
      h('p.meta', t('admin.links_help')),
      h('p.warning', h('strong', t('league.admin_safe_colon')), ' ', t('league.give_member_link')),
      shareStatus,
      ROLES.map((role) => linkRow(current, role, { extra: buttonsFor(current, role) })));
  }
  return render;
}

// --- the page ---------------------------------------------------------------------------------

/** Every section, drawn from the league, its players and the games once they are all in. */
function loadSections(league, entry, cards, alive, needsAdmin) {
  const { id } = league;
  // The member and viewer links now in use come from the server: a phone given only the admin link can hand
  // them out without replacing everyone's (null: a league older than that, whose admin makes one once).
  Promise.all([leagues.get(id, entry.token), leagues.players(id, entry.token), getCatalogue(), learnSharedLinks(id, entry.token)])
    .then(([current, { players }, catalogue]) => {
      if (!alive()) return;
      if (current.role !== 'admin') {
        needsAdmin(remember({ id, name: current.name, role: current.role, token: entry.token }).role);
        return;
      }
      rulesSection(league, cards.rulesCard, current.rules || {}, catalogue);
      seasonsSection(league, cards.seasonsCard, current.seasons);
      playersSection(league, cards.playersCard, players);
      // Plays brought in may add players: the players' section is drawn again from the server.
      const redrawPlayers = async () => playersSection(league, cards.playersCard, (await leagues.players(id, league.token())).players);
      importSection(league, cards.importCard, players.map((p) => p.name), () => redrawPlayers().catch(() => {}));
      cards.renderShare(findLeague(id));
    })
    .catch((err) => {
      if (!alive()) return;
      if (err.status === 401) return league.lost();
      cards.loadError.textContent = err.offline ? t('admin.offline') : err.message;
      cards.loadError.hidden = false;
      for (const card of [cards.rulesCard, cards.seasonsCard, cards.playersCard, cards.importCard]) card.hidden = true;
    });
}

const loadingCard = (id, titleId, title) => h(`section.card.admin-section#${id}`, { 'aria-labelledby': titleId },
  h(`h2#${titleId}`, title), h('p.muted', t('player.loading')));

export function mount(root, params) {
  ensureCss();
  useStylesheet('/css/league-admin.css');
  const id = params.id;
  const back = `#/league/${encodeURIComponent(id)}`;
  const page = h('div.league-page.league-admin');
  root.append(page);
  let alive = true;

  const refuse = (message, { href = back, label = t('admin.back') } = {}) => {
    page.replaceChildren(h('h1', t('admin.title')), h('p.card.error.admin-refused', { role: 'alert' }, message),
      h('p', h('a.button', { href }, label)));
  };

  const entry = findLeague(id);
  if (!entry) {
    refuse(t('league.no_link'),
      { href: '#/leagues', label: t('league.yours') });
    return null;
  }
  const needsAdmin = (role) => refuse(role === 'member' ? t('admin.needs_admin_member') : t('admin.needs_admin_viewer'));
  if (entry.role !== 'admin') {
    needsAdmin(entry.role);
    return null;
  }
  // What each section needs of the league: its id, the admin token, and what to do when the token is gone
  // (replaced by an import, or by another admin phone): fall back to what is left.
  const league = {
    id,
    token: () => findLeague(id)?.token,
    lost() {
      const next = dropToken(id, entry.token);
      if (next) needsAdmin(next.role);
      else refuse(t('admin.link_gone'),
        { href: '#/leagues', label: t('league.yours') });
    },
  };

  const loadError = h('p.card.error', { role: 'alert', hidden: true });
  const rulesCard = loadingCard('house-rules', 'rules-title', t('admin.house_rules'));
  const seasonsCard = loadingCard('seasons', 'seasons-title', t('admin.seasons'));
  const playersCard = loadingCard('players', 'players-title', t('admin.players'));
  const importCard = loadingCard('import-plays', 'import-title', t('import.title'));
  const shareCard = h('section.card.admin-section#share', { 'aria-labelledby': 'share-title' });
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), h('h1', t('admin.title')),
    loadError, rulesCard, seasonsCard, playersCard, importCard, shareCard);
  const renderShare = shareSection(league, shareCard);

  loadSections(league, entry, { loadError, rulesCard, seasonsCard, playersCard, importCard, renderShare }, () => alive, needsAdmin);
  renderShare(entry); // the links are on this phone: no need to wait for the server

  return {
    destroy() {
      alive = false;
      document.querySelector('dialog.qr-dialog[open]')?.close();
    },
  };
}

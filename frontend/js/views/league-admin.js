// #/league/:id/admin — league settings, for the admin link only: the house rules that tables
// started in the league begin with, seasons, players, and the share links with QR codes.
import { leagues } from '../api.js';
import { h } from '../lib/dom.js';
import { LIST_TITLES } from '../lib/lexicon.js';
import {
  dropToken, ensureCss, fill, findLeague, formatDate, gameName, games, linkRow, playerHref, qrButton, remember, replaceLink,
  shareUrl,
} from './league-common.js';

const BB = 'block-buster';
const MNB = 'make-n-break';
const PAD = 'scorepad';
// Make 'N' Break house rules: [option name, label]. Limits and defaults come from GET /api/games.
const MNB_TIMES = [['seconds_1', 'Face 1'], ['seconds_2', 'Face 2'], ['seconds_3', 'Face 3']];

function ensureAdminCss() {
  if (!document.querySelector('link[data-league-admin-css]')) {
    document.head.append(h('link', { rel: 'stylesheet', href: '/css/league-admin.css', dataset: { leagueAdminCss: '1' } }));
  }
}

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

/** The server's message without the "field.path: " it starts with when marshmallow refused the body. */
const plainMessage = (err, field) => (field && err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message);

export function mount(root, params) {
  ensureCss();
  ensureAdminCss();
  const id = params.id;
  const back = `#/league/${encodeURIComponent(id)}`;
  const page = h('div.league-page.league-admin');
  root.append(page);
  let alive = true;
  const token = () => findLeague(id)?.token;

  const refuse = (message, { href = back, label = 'Back to the league' } = {}) => {
    page.replaceChildren(h('h1', 'League settings'), h('p.card.error.admin-refused', { role: 'alert' }, message),
      h('p', h('a.button', { href }, label)));
  };

  const entry = findLeague(id);
  if (!entry) {
    refuse('This phone has no link for this league. Open the link someone shared with you (it ends with ?t=…).',
      { href: '#/leagues', label: 'Your leagues' });
    return null;
  }
  const needsAdmin = (role) => refuse(`Changing the league’s settings needs the admin link. This phone has the ${role} link: `
    + 'ask the league’s admin to change them.');
  if (entry.role !== 'admin') {
    needsAdmin(entry.role);
    return null;
  }

  const loadError = h('p.card.error', { role: 'alert', hidden: true });
  const rulesCard = h('section.card.admin-section#house-rules', { 'aria-labelledby': 'rules-title' },
    h('h2#rules-title', 'House rules'), h('p.muted', 'Loading…'));
  const seasonsCard = h('section.card.admin-section#seasons', { 'aria-labelledby': 'seasons-title' },
    h('h2#seasons-title', 'Seasons'), h('p.muted', 'Loading…'));
  const playersCard = h('section.card.admin-section#players', { 'aria-labelledby': 'players-title' },
    h('h2#players-title', 'Players'), h('p.muted', 'Loading…'));
  const shareCard = h('section.card.admin-section#share', { 'aria-labelledby': 'share-title' });
  page.append(h('a.back', { href: back }, `← ${entry.name || 'League'}`), h('h1', 'League settings'),
    loadError, rulesCard, seasonsCard, playersCard, shareCard);

  // --- house rules ------------------------------------------------------------------------------

  const renderRules = (rules, catalogue) => {
    const option = (game, name) => catalogue.games.find((g) => g.id === game)?.options.find((o) => o.name === name) || {};
    const status = h('p.status.rules-status', { role: 'status' });
    const formError = h('p.error.form-error', { role: 'alert', hidden: true });

    const extra = h('textarea#rule-extra', { rows: 2, spellcheck: 'false', autocomplete: 'off', autocapitalize: 'characters', 'aria-describedby': 'words-help' });
    const banned = h('textarea#rule-banned', { rows: 2, spellcheck: 'false', autocomplete: 'off', autocapitalize: 'characters', 'aria-describedby': 'words-help' });
    extra.value = (rules.bresk?.extra_words || []).join(', ');
    banned.value = (rules.bresk?.banned_words || []).join(', ');
    // The word list the league's Bresk! games are judged by: the game's own option, as a house rule.
    const listOption = option('bresk', 'lexicon');
    const wordList = h('select#rule-lexicon', { 'aria-describedby': 'lexicon-help' },
      (listOption.choices || ['en']).map((id) => h('option', { value: id }, LIST_TITLES[id] || id)));
    wordList.value = rules.bresk?.lexicon || listOption.default || 'en';

    const markingDefault = option('bresk', 'live_word_marking').default ?? false;
    const marking = h('input#rule-marking', { type: 'checkbox', checked: rules.bresk?.live_word_marking ?? markingDefault, 'aria-describedby': 'marking-help' });

    const tieOption = option(BB, 'tie_takes_nobody');
    const tieDefault = tieOption.default ?? true;
    const tie = h('input#rule-tie', { type: 'checkbox', checked: rules[BB]?.tie_takes_nobody ?? tieDefault, 'aria-describedby': 'tie-help' });

    const golfOption = option(PAD, 'lowest_wins');
    const golfDefault = golfOption.default ?? false;
    const golf = h('input#rule-lowest-wins', { type: 'checkbox', checked: rules[PAD]?.lowest_wins ?? golfDefault, 'aria-describedby': 'golf-help' });

    const number = (name, label) => {
      const o = option(MNB, name);
      const input = h(`input#rule-${name}`, {
        type: 'number', name, inputmode: 'numeric', step: 1, min: o.minimum, max: o.maximum,
        placeholder: o.default === undefined ? '' : String(o.default), 'aria-describedby': 'mnb-help', dataset: { label },
      });
      if (rules[MNB]?.[name] !== undefined) input.value = String(rules[MNB][name]);
      return input;
    };
    const rounds = number('rounds', 'Rounds');
    const times = MNB_TIMES.map(([name, label]) => number(name, label));
    const range = (name) => {
      const o = option(MNB, name);
      return `${o.minimum}–${o.maximum}, usually ${o.default}`;
    };
    const defaults = MNB_TIMES.map(([name]) => option(MNB, name).default).join(', ');

    // Where the server's refusal goes: the field its error names.
    const fields = {
      'bresk.extra_words': extra, 'bresk.banned_words': banned, 'bresk.lexicon': wordList, 'bresk.live_word_marking': marking,
      [`${BB}.tie_takes_nobody`]: tie, [`${PAD}.lowest_wins`]: golf,
      [`${MNB}.rounds`]: rounds, ...Object.fromEntries(times.map((input) => [`${MNB}.${input.name}`, input])),
    };

    const save = h('button#save-rules.primary.wide', { type: 'submit' }, 'Save house rules');
    const form = h('form.stack.rules-form', { novalidate: true },
      h('p.meta.rules-intro', 'Tables started in this league begin with these rules; tables already being played keep theirs.'),
      h('fieldset.rules-game', { dataset: { game: 'bresk' } },
        h('legend', gameName('bresk')),
        h('label', { for: 'rule-lexicon' }, 'Word list'), wordList,
        h('p.meta#lexicon-help', 'The everyday list, or the word-game list, which also takes the short words word-game players use (QI, ZA, XU…).'),
        errorFor(wordList),
        h('p.meta#words-help', 'Separate words with spaces, commas or new lines. The word judge follows these lists too.'),
        h('label', { for: 'rule-extra' }, 'Extra allowed words'), extra, errorFor(extra),
        h('label', { for: 'rule-banned' }, 'Banned words'), banned, errorFor(banned),
        h('div.option.check', marking, h('div',
          h('label', { for: 'rule-marking' }, 'Mark words green or red while players write'),
          h('p.meta#marking-help', 'Off by default: the rulebook allows a dictionary only during scoring, for a dispute.'))),
        errorFor(marking)),
      h('fieldset.rules-game', { dataset: { game: BB } },
        h('legend', gameName(BB)),
        h('div.option.check', tie, h('div',
          h('label', { for: 'rule-tie' }, 'A tie for a point block takes nobody'),
          h('p.meta.tie-help#tie-help', `Off: the tied colour latest in turn order takes it. The game’s default is ${tieDefault ? 'on' : 'off'}.`))),
        errorFor(tie)),
      h('fieldset.rules-game', { dataset: { game: MNB } },
        h('legend', gameName(MNB)),
        h('p.meta#mnb-help', 'Leave a box empty for the game’s default.'),
        h('div.rounds', h('label', { for: 'rule-rounds' }, 'Rounds'), rounds, h('p.meta.range', range('rounds'))),
        errorFor(rounds),
        h('fieldset.times',
          h('legend', 'Seconds on the timer for each die face'),
          h('div.times-grid', times.map((input) => h('div', h('label', { for: input.id }, input.dataset.label), input))),
          h('p.meta.range', `${option(MNB, 'seconds_1').minimum}–${option(MNB, 'seconds_1').maximum} s each; usually ${defaults} s.`),
          times.map(errorFor))),
      h('fieldset.rules-game', { dataset: { game: PAD } },
        h('legend', gameName(PAD)),
        h('div.option.check', golf, h('div',
          h('label', { for: 'rule-lowest-wins' }, golfOption.description || 'Lowest total wins (golf-style)'),
          h('p.meta#golf-help', 'Typed-in scores and score sheets rank the lowest total first, and new score pad tables start so.'))),
        errorFor(golf)),
      formError, save, status);
    fill(rulesCard, h('h2#rules-title', 'House rules'), form);

    const refill = (saved) => {
      extra.value = (saved.bresk?.extra_words || []).join(', ');
      banned.value = (saved.bresk?.banned_words || []).join(', ');
      wordList.value = saved.bresk?.lexicon || listOption.default || 'en';
      tie.checked = saved[BB]?.tie_takes_nobody ?? tieDefault;
      golf.checked = saved[PAD]?.lowest_wins ?? golfDefault;
      marking.checked = saved.bresk?.live_word_marking ?? markingDefault;
      for (const input of [rounds, ...times]) input.value = saved[MNB]?.[input.name] ?? '';
    };

    const showServerError = (err) => {
      const key = Object.keys(err.errors || {})[0] || '';
      const field = Object.keys(fields).find((f) => key === f || key.startsWith(`${f}.`));
      if (!field) {
        formError.textContent = err.message;
        formError.hidden = false;
        return;
      }
      const input = fields[field];
      let message = plainMessage(err, key);
      if (input.tagName === 'TEXTAREA') {
        // A word in a list (bresk.extra_words.3): say which; a word in both lists: say which ones.
        const index = key.slice(field.length + 1);
        const word = index ? wordsIn(input.value)[Number(index)] : null;
        const both = wordsIn(extra.value).map((w) => w.toUpperCase())
          .filter((w) => wordsIn(banned.value).some((b) => b.toUpperCase() === w));
        if (word) message = `“${word}”: ${message}`;
        else if (both.length) message = `${message} In both: ${[...new Set(both)].join(', ')}.`;
      } else if (input.dataset.label) {
        message = message.replace(new RegExp(`^${input.name}\\b`), input.dataset.label);
      }
      showFieldError(input, message);
    };

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      clearErrors(form);
      status.textContent = '';
      const body = {};
      const bresk = {};
      if (wordsIn(extra.value).length) bresk.extra_words = wordsIn(extra.value);
      if (wordsIn(banned.value).length) bresk.banned_words = wordsIn(banned.value);
      if (wordList.value !== (listOption.default || 'en')) bresk.lexicon = wordList.value;
      if (marking.checked !== markingDefault) bresk.live_word_marking = marking.checked;
      if (Object.keys(bresk).length) body.bresk = bresk;
      // A checkbox cannot be left empty: only a choice other than the game's own is a house rule.
      if (tie.checked !== tieDefault) body[BB] = { tie_takes_nobody: tie.checked };
      if (golf.checked !== golfDefault) body[PAD] = { lowest_wins: golf.checked };
      const mnb = {};
      for (const input of [rounds, ...times]) {
        if (input.validity.badInput) return showFieldError(input, 'Type a number, or leave the box empty for the game’s default.');
        if (input.value.trim() !== '') mnb[input.name] = Number(input.value);
      }
      if (Object.keys(mnb).length) body[MNB] = mnb;
      save.disabled = true;
      try {
        refill(await leagues.setRules(id, token(), body));
        status.textContent = 'Saved — new tables in this league use these rules.';
      } catch (err) {
        if (err.status === 401) lost();
        else showServerError(err);
      } finally {
        save.disabled = false;
      }
    });
  };

  // --- seasons ----------------------------------------------------------------------------------

  const seasonList = h('ul.admin-list.season-list');
  const renderSeasonList = (seasons) => {
    fill(seasonList, seasons.map((s) => h('li.season', { dataset: { season: String(s.id) } },
      h('span.season-name', s.name),
      s.default ? h('span.badge', 'Default') : null,
      h('span.meta.season-dates', s.default || !s.starts_on ? 'Every result, whenever it was played'
        : `${formatDate(s.starts_on)} – ${formatDate(s.ends_on)}`))));
  };

  const renderSeasons = (seasons) => {
    renderSeasonList(seasons);
    const name = h('input#season-name', { maxlength: 60, autocomplete: 'off', placeholder: 'e.g. Spring 2026' });
    const from = h('input#season-from', { type: 'date', name: 'starts_on' });
    const to = h('input#season-to', { type: 'date', name: 'ends_on' });
    const error = h('p.error.form-error', { role: 'alert', hidden: true });
    const status = h('p.status.season-status', { role: 'status' });
    const add = h('button#add-season.wide', { type: 'submit' }, 'Add the season');
    const form = h('form.stack.season-form', { novalidate: true, 'aria-labelledby': 'new-season-title' },
      h('h3#new-season-title', 'New season'),
      h('label', { for: 'season-name' }, 'Name'), name,
      h('div.dates',
        h('div', h('label', { for: 'season-from' }, 'From'), from),
        h('div', h('label', { for: 'season-to' }, 'To (included)'), to)),
      error, add, status);
    fill(seasonsCard, h('h2#seasons-title', 'Seasons'),
      h('p.meta.seasons-intro', 'A season is a date range; the league’s standings can be filtered by it.'),
      seasonList, form);

    const refuseWith = (message, input) => {
      error.textContent = message;
      error.hidden = false;
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    };
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      clearErrors(form);
      status.textContent = '';
      const body = { name: name.value.trim(), starts_on: from.value, ends_on: to.value };
      if (!body.name) return refuseWith('Give the season a name.', name);
      if (!body.starts_on) return refuseWith('Choose the day the season starts.', from);
      if (!body.ends_on) return refuseWith('Choose the day the season ends.', to);
      add.disabled = true;
      try {
        const season = await leagues.seasons.add(id, token(), body);
        renderSeasonList((await leagues.get(id, token())).seasons);
        form.reset();
        status.textContent = `Season “${season.name}” added: choose it in the league’s season filter.`;
      } catch (err) {
        const key = Object.keys(err.errors || {})[0] || '';
        if (err.status === 401) lost();
        else refuseWith(plainMessage(err, key), { name, starts_on: from, ends_on: to }[key]);
      } finally {
        add.disabled = false;
      }
    });
  };

  // --- players ----------------------------------------------------------------------------------

  const renderPlayers = (players) => {
    const list = h('ul.player-chips');
    const count = h('p.meta.player-count', { 'aria-live': 'polite' });
    const chip = (playerName) => h('li', h('a.chip', { href: playerHref(id, playerName) }, playerName));
    const showCount = () => {
      const n = list.children.length;
      count.textContent = n ? `${n} ${n === 1 ? 'player' : 'players'}` : 'No players yet.';
    };
    list.append(...players.map((p) => chip(p.name)));
    showCount();
    const input = h('input#admin-new-player', { maxlength: 40, autocomplete: 'off', placeholder: 'Name' });
    const add = h('button#admin-add-player', { type: 'submit' }, 'Add');
    const error = h('p.error.form-error', { role: 'alert', hidden: true });
    const status = h('p.status.player-status', { role: 'status' });
    const form = h('form.add-player-form', { novalidate: true },
      h('label', { for: 'admin-new-player' }, 'Add a player'), h('div.row', input, add), error, status);
    fill(playersCard, h('h2#players-title', 'Players'), count, list, form);

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.hidden = true;
      status.textContent = '';
      const playerName = input.value.trim().replace(/\s+/g, ' ');
      if (!playerName) return input.focus();
      add.disabled = true;
      try {
        const player = await leagues.addPlayer(id, token(), playerName);
        list.append(chip(player.name));
        showCount();
        input.value = '';
        status.textContent = `${player.name} added.`;
        input.focus();
      } catch (err) {
        if (err.status === 401) {
          lost();
          return;
        }
        error.textContent = plainMessage(err, 'name');
        error.hidden = false;
        input.focus();
      } finally {
        add.disabled = false;
      }
    });
  };

  // --- share links and QR codes -----------------------------------------------------------------

  const shareStatus = h('p.status.share-status', { role: 'status' });
  const rotate = async (role) => {
    try {
      const updated = await replaceLink(id, role);
      if (!updated) return;
      renderShare(updated);
      shareCard.querySelector(`.link-${role} input`)?.focus();
      // A new admin link is shown at once with its QR code: the other phones that run the league need it now.
      // (Opening the QR code clears the status line, so the status is said after it.)
      if (role === 'admin') shareCard.querySelector('.link-admin .show-qr')?.click();
      shareStatus.textContent = `New ${role} link made. The old one no longer works.`;
    } catch (err) {
      if (err.status === 401) lost();
      else shareStatus.textContent = err.message;
    }
  };

  const buttonsFor = (current, role) => {
    const buttons = [];
    if (shareUrl(current, role)) {
      buttons.push(qrButton(id, role, (message) => (shareStatus.textContent = message), 'Show QR code'));
    }
    if (role === 'admin') {
      buttons.push(h('button.replace#new-admin-link', { type: 'button', onclick: () => rotate(role) }, 'New admin link'));
    } else {
      buttons.push(h('button.replace', { type: 'button', onclick: () => rotate(role) },
        current.tokens?.[role] ? 'Replace link' : `Make a new ${role} link`));
    }
    const group = document.createDocumentFragment(); // linkRow puts these beside Copy and Share
    group.append(...buttons);
    return group;
  };

  const renderShare = (current) => {
    fill(shareCard, h('h2#share-title', 'Links and QR codes'),
      h('p.meta', 'Give each person the link for what they may do; another phone can scan its QR code instead.'),
      h('p.warning', h('strong', 'Keep the admin link safe: '), 'give players the member link.'),
      shareStatus,
      ['admin', 'member', 'viewer'].map((role) => linkRow(current, role, { extra: buttonsFor(current, role) })));
  };

  // --- loading ----------------------------------------------------------------------------------

  const lost = () => {
    // The admin token was replaced (an import, or another admin phone): fall back to what is left.
    const next = dropToken(id, entry.token);
    if (next) needsAdmin(next.role);
    else refuse('This admin link does not work any more. Ask whoever runs the league for the new one.',
      { href: '#/leagues', label: 'Your leagues' });
  };

  Promise.all([leagues.get(id, entry.token), leagues.players(id, entry.token), games()])
    .then(([league, { players }, catalogue]) => {
      if (!alive) return;
      if (league.role !== 'admin') {
        needsAdmin(remember({ id, name: league.name, role: league.role, token: entry.token }).role);
        return;
      }
      renderRules(league.rules || {}, catalogue);
      renderSeasons(league.seasons);
      renderPlayers(players);
      renderShare(findLeague(id));
    })
    .catch((err) => {
      if (!alive) return;
      if (err.status === 401) return lost();
      loadError.textContent = err.offline ? 'No connection: the settings load when the phone is back online.' : err.message;
      loadError.hidden = false;
      for (const card of [rulesCard, seasonsCard, playersCard]) card.hidden = true;
    });
  renderShare(entry); // the links are on this phone: no need to wait for the server

  return {
    destroy() {
      alive = false;
      document.querySelector('dialog.qr-dialog[open]')?.close();
    },
  };
}

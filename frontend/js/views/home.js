import { gameName, latestCatalogue } from '../api.js';
import { t } from '../i18n.js';
import { append, h } from '../lib/dom.js';
import { LANGUAGES, lang, setLanguage } from '../lib/language.js';
import { openOnSubmit } from '../lib/table-code.js';
import { store } from '../store.js';

const PLAYERS = (g) => (g.min_seats === g.max_seats
  ? t('home.players', { count: g.max_seats })
  : t('home.players_range', { min: g.min_seats, max: g.max_seats, count: g.max_seats }));

function gameCard(game) {
  return h('li', h('a.card.game', { href: `#/new/${game.id}`, dataset: { game: game.id } },
    h('h3', game.name), h('p', game.summary), h('p.meta', PLAYERS(game))));
}

function joinForm() {
  const input = h('input#join-code', {
    placeholder: 'ABC234', maxlength: 6, autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
    'aria-describedby': 'join-help', inputmode: 'text',
  });
  const help = h('p.meta#join-help', t('home.join_help'));
  const form = h('form.card.join', { novalidate: true },
    h('label', { for: 'join-code' }, t('home.join_title')), h('div.row', input, h('button.primary', { type: 'submit' }, t('home.join'))), help);
  openOnSubmit(form, input, help, (code) => `#/table/${code}`);
  return form;
}

// The language of this phone's screens, switchable here; each name is written in its own language.
function languageChoice() {
  return h('section.language', { 'aria-labelledby': 'language-title' },
    h('h2#language-title', t('home.language')),
    h('div.row', Object.entries(LANGUAGES).map(([code, name]) =>
      h('button', { type: 'button', lang: code, 'aria-pressed': String(code === lang), onclick: () => setLanguage(code) }, name))));
}

export function mount(root) {
  const list = h('ul.games', { 'aria-busy': 'true' }, h('li.muted', t('home.loading_games')));
  const recent = store.get().recentTables;
  const leaguesLink = h('a.button', { href: '#/leagues' }, t('home.leagues'));
  leaguesLink.style.flexBasis = '100%'; // a row of its own under the two main actions
  append(root, [
    h('section.hero',
      h('h1', t('home.title')),
      h('p.lead', t('home.lead')),
      h('div.row.hero-actions', h('a.button.primary', { href: '#/new' }, t('home.start_table')),
        h('a.button', { href: '#/judge' }, t('home.word_judge')), leaguesLink)),
    joinForm(),
    // Above the games, not below: the list grows when it arrives and would push the choice down.
    languageChoice(),
    recent.length ? h('section', h('h2', t('home.recent_tables')), h('ul.recent', recent.map((t) =>
      h('li', h('a.button', { href: `#/table/${t.code}` }, h('span.code-small', t.code), ` ${gameName(t.game)}`))))) : null,
    h('h2', t('home.games')),
    list,
  ]);

  const show = (catalogue) => {
    list.replaceChildren(...catalogue.games.map(gameCard));
    list.removeAttribute('aria-busy');
  };
  const cached = store.get().catalogue;
  if (cached) show(cached);
  const load = () => latestCatalogue()
    .then(show)
    .catch((err) => {
      if (cached) return;
      // Never loaded on this phone (or not in this language): say what waits for the connection, and load then.
      list.replaceChildren(h('li.card.error', err.offline ? t('home.games_need_connection') : err.message));
      if (err.offline) window.addEventListener('online', () => list.isConnected && load(), { once: true });
    });
  load();
}

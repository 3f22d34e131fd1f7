import { api } from '../api.js';
import { append, h } from '../lib/dom.js';
import { navigate } from '../router.js';
import { store } from '../store.js';

const PLAYERS = (g) => (g.min_seats === g.max_seats ? `${g.min_seats}` : `${g.min_seats}–${g.max_seats}`);
const CODE = /^[A-HJKMNP-Z2-9]{6}$/;

function gameCard(game) {
  return h('li', h('a.card.game', { href: `#/new/${game.id}`, dataset: { game: game.id } },
    h('h3', game.name), h('p', game.summary), h("p.meta", `${PLAYERS(game)} players`)));
}

function joinForm() {
  const input = h('input#join-code', {
    placeholder: 'ABC234', maxlength: 6, autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
    'aria-describedby': 'join-help', inputmode: 'text',
  });
  const help = h('p.meta#join-help', 'The 6-character code on the phone that started the table.');
  const form = h('form.card.join', { novalidate: true },
    h('label', { for: 'join-code' }, 'Join a table'), h('div.row', input, h('button.primary', { type: 'submit' }, 'Join')), help);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const code = input.value.trim().toUpperCase();
    if (!CODE.test(code)) {
      help.textContent = 'A table code is 6 letters and digits, like K7M2QX.';
      help.classList.add('error');
      return;
    }
    navigate(`#/table/${code}`);
  });
  return form;
}

export function mount(root) {
  const list = h('ul.games', { 'aria-busy': 'true' }, h('li.muted', 'Loading the games…'));
  const recent = store.get().recentTables;
  const leaguesLink = h('a.button', { href: '#/leagues' }, 'Leagues');
  leaguesLink.style.flexBasis = '100%'; // a row of its own under the two main actions
  append(root, [
    h('section.hero',
      h('h1', 'Keep score at the table'),
      h('p.lead', 'Everyone at the table joins on their own phone. One shared timer and one set of dice show on every phone at once, ' +
        'and the app knows the rules, so it adds up the points and refuses a score that cannot happen.'),
      h('div.row.hero-actions', h('a.button.primary', { href: '#/new' }, 'Start a table'),
        h('a.button', { href: '#/judge' }, 'Word judge'), leaguesLink)),
    joinForm(),
    recent.length ? h('section', h('h2', 'Your recent tables'), h('ul.recent', recent.map((t) =>
      h('li', h('a.button', { href: `#/table/${t.code}` }, h('span.code-small', t.code), ` ${store.get().catalogue?.games.find((g) => g.id === t.game)?.name || t.game}`))))) : null,
    h('h2', 'Games'),
    list,
  ]);

  const show = (catalogue) => {
    list.replaceChildren(...catalogue.games.map(gameCard));
    list.removeAttribute('aria-busy');
  };
  const cached = store.get().catalogue;
  if (cached) show(cached);
  api.games()
    .then((catalogue) => {
      store.set({ catalogue });
      show(catalogue);
    })
    .catch((err) => {
      if (!cached) list.replaceChildren(h('li.card.error', err.message));
    });
}

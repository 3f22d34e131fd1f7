import { api } from '../api.js';
import { h } from '../lib/dom.js';
import { store } from '../store.js';

const PLAYERS = (g) => (g.min_seats === g.max_seats ? `${g.min_seats}` : `${g.min_seats}–${g.max_seats}`);

function gameCard(game) {
  return h(
    'li.card.game',
    { dataset: { game: game.id } },
    h('h3', game.name),
    h('p', game.summary),
    h('p.meta', `${PLAYERS(game)} players`),
  );
}

export function mount(root) {
  const list = h('ul.games', { 'aria-busy': 'true' }, h('li.muted', 'Loading the games…'));
  root.append(
    h(
      'section.hero',
      h('h1', 'Keep score at the table'),
      h(
        'p.lead',
        'Everyone at the table joins on their own phone. One shared timer and one set of dice show on every phone at once, ' +
          'and the app knows the rules, so it adds up the points and refuses a score that cannot happen.',
      ),
    ),
    h('h2', 'Games'),
    list,
  );

  const show = (catalogue) => {
    list.replaceChildren(...catalogue.games.map(gameCard));
    list.removeAttribute('aria-busy');
  };
  const cached = store.get().catalogue;
  if (cached) show(cached);
  api
    .games()
    .then((catalogue) => {
      store.set({ catalogue });
      show(catalogue);
    })
    .catch((err) => {
      if (!cached) list.replaceChildren(h('li.card.error', err.message));
    });
}
